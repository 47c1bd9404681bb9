"""The players' record of a Mekanismi scene: what the table saw of each step, said from the
public values only (:mod:`fatescreen.systems.mekanismi.public`), so no line of it can
hold a secret."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fatescreen.commands.systems.base import seen_lines
from fatescreen.i18n import tr
from fatescreen.systems.mekanismi.public import (
    PublicMekanismi,
    PublicMekanismiCharacter,
    PublicMekanismiResult,
    PublicMekanismiSide,
)
from fatescreen.systems.mekanismi.rules.dice import SUCCESS_FACE


def side_names(side: PublicMekanismiSide, lang: str) -> str:
    """Who rolls on a side, as the players know them (the GM's pool without a character is
    the GM's)."""
    if not side.names:
        return tr(lang, "mekanismi.gm")
    return ", ".join(name or tr(lang, "players.someone") for name in side.names)


def verdict_text(last: PublicMekanismiResult, lang: str) -> str:
    """Who won the check rolled last, by how much, at what level."""
    if last.winner is None:
        return tr(lang, "mekanismi.result.tie")
    if last.level is None:
        return tr(lang, "mekanismi.result.tie_ranged", name=side_names(last.opposition, lang))
    winner = last.actor if last.winner == 0 else last.opposition
    return tr(
        lang,
        "mekanismi.result.win",
        name=side_names(winner, lang),
        margin=last.margin,
        level=tr(lang, f"mekanismi.level.{last.level}"),
    )


def _successes(side: PublicMekanismiSide, faces: tuple[int, ...], lang: str) -> str:
    shown = " ".join(f"[{face}]" for face in faces) or "-"
    return f"{side_names(side, lang)} {shown} {sum(1 for f in faces if f == SUCCESS_FACE)}"


def damage_text(character: PublicMekanismiCharacter, lang: str) -> str:
    """The damage a character took, of a PC's health, and whether it is out."""
    if character.health is not None:
        said = tr(lang, "mekanismi.ui.damage_of", taken=character.taken, health=character.health)
    else:
        said = tr(lang, "mekanismi.ui.damage", taken=character.taken)
    return said + (", " + tr(lang, "mekanismi.ui.out") if character.out else "")


def _unnamed(result: PublicMekanismiResult) -> PublicMekanismiResult:
    """A result with no names and no margin left: what stays of it while the GM spends the
    margin or makes a character secret or public."""
    return replace(
        result,
        actor=replace(result.actor, names=()),
        opposition=replace(result.opposition, names=()),
        damage_left=0,
    )


def players_record(before: Any, after: Any, lang: str) -> tuple[str, ...]:
    """What the players saw change from ``before`` to ``after`` (None: a scene opened): the
    check rolled (each side's dice and the verdict), a character come into view, the damage
    a character took."""
    assert isinstance(after, PublicMekanismi)
    assert before is None or isinstance(before, PublicMekanismi)
    lines: list[str] = []
    last, was = after.last, before.last if before is not None else None
    # spending the margin, or a character made secret or public, changes no roll
    if last is not None and (was is None or _unnamed(was) != _unnamed(last)):
        lines += [
            _successes(last.actor, last.actor_faces, lang),
            _successes(last.opposition, last.opposition_faces, lang),
            verdict_text(last, lang),
        ]
    lines += seen_lines(
        before.characters if before is not None else None,
        after.characters,
        lambda was, now: None if was == now else f"{now.name}: {damage_text(now, lang)}",
        lang,
    )
    return tuple(lines)
