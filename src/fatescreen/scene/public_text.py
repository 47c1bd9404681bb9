"""The players' record in words: a public step of play (:func:`public_step`) as lines."""

from __future__ import annotations

from fatescreen.i18n import tr
from fatescreen.rules.character import Severity
from fatescreen.scene.model import Scene
from fatescreen.scene.public import PublicChange, PublicRoll, public_step


def roll_text(roll: PublicRoll, lang: str) -> str:
    """A roll as the table saw it, in words (the player view's line)."""
    action = tr(lang, f"players.action.{roll.action}")
    if roll.skill:
        action += f" ({roll.skill})"
    values = {
        "actor": roll.actor or tr(lang, "players.someone"),
        "target": roll.target,
        "action": action,
        "dice": " ".join(roll.dice),
        "effort": f"{roll.effort:+d}",
    }
    if roll.opposition is None:  # several defenders, each defending on their own
        return tr(lang, "players.roll_several", **values)
    values["opposition"] = f"{roll.opposition:+d}"
    values["outcome"] = tr(lang, f"outcome.{roll.outcome}")
    return tr(lang, "players.roll_target" if roll.target else "players.roll", **values)


SEVERITIES = frozenset(severity.value for severity in Severity)


def severity_text(severity: str, lang: str) -> str:
    """A public consequence's severity in the table's language; a condition (which takes
    the place of a severity under that rule) keeps its own name."""
    return tr(lang, f"ui.severity.{severity}") if severity in SEVERITIES else severity


def _fact(key: tuple[str, ...], value: str, lang: str) -> str:
    kind, *about = key
    subject = about[0] if about else ""
    detail = about[1] if len(about) > 1 else ""
    if kind == "aspect":
        invokes = tr(lang, "record.invokes", invokes=value) if value else ""
        return tr(
            lang,
            "record.fact.aspect_of" if subject else "record.fact.aspect",
            subject=subject,
            detail=detail,
            value=invokes,
        )
    if kind == "stress":
        detail = tr(lang, f"players.stress.{detail}")
    if kind == "consequence":
        detail = severity_text(detail, lang)
    if kind == "character" and value:
        value = f" ({value})"
    return tr(lang, f"record.fact.{kind}", subject=subject, detail=detail, value=value)


def _change(change: PublicChange, lang: str) -> str:
    kind, *about = change.key
    if change.after is None and kind == "stress":
        detail = tr(lang, f"players.stress.{about[1]}")
        return tr(lang, "record.stress_cleared", subject=about[0], detail=detail)
    if change.after is None:
        return tr(lang, "record.gone", what=_fact(change.key, change.before or "", lang))
    if change.before is None or change.key[0] in ("aspect", "character"):
        return _fact(change.key, change.after, lang)
    return _fact(change.key, f"{change.before} → {change.after}", lang)


def players_lines(before: Scene | None, after: Scene, lang: str) -> tuple[str, ...]:
    """The players' record of one step of play from ``before`` to ``after`` (None: the step
    opened a new scene): the roll the table saw and each public fact that changed; () when
    nothing public changed."""
    step = public_step(before, after, tr(lang, "players.gm"))
    lines = [roll_text(step.roll, lang)] if step.roll is not None else []
    lines += [_change(change, lang) for change in step.changes]
    return tuple(lines)
