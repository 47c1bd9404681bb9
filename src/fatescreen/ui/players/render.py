"""The player view's text of a Fate scene: each part of a public scene as lines of screen
text, and Fate's ``player_panes`` part (:data:`PANES`).

Everything shown comes from a :class:`~fatescreen.scene.public.PublicScene`, which holds
no secret; user text is placed literally.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.content import Content

from fatescreen.i18n import tr
from fatescreen.scene.public import (
    PublicAspect,
    PublicCharacter,
    PublicCountdown,
    PublicRoll,
    PublicScene,
    PublicTrack,
)
from fatescreen.scene.public_text import roll_text, severity_text
from fatescreen.ui.players.panes import PlayerPane, PlayerPanes
from fatescreen.ui.text import PIPS, Part, assemble, join_lines


def _pips(aspect: PublicAspect, lang: str) -> list[Part]:
    parts: list[Part] = []
    for holder, count in aspect.free_invokes:
        pip = PIPS[count - 1] if count <= len(PIPS) else f"({count})"
        who = holder or tr(lang, "players.gm")  # the whole name: the line wraps
        parts += [" ", (pip, "$accent bold"), (who, "$accent")]
    return parts


def aspect_line(aspect: PublicAspect, lang: str, indent: str = "") -> Content:
    """An aspect with its free invokes and, for a boost, the word boost."""
    parts: list[Part] = [
        indent,
        ("◇ ", "$secondary"),
        (aspect.name, "italic" if aspect.boost else ""),
    ]
    if aspect.boost:
        parts.append((f" ({tr(lang, 'players.boost')})", "$accent"))
    return assemble(*parts, *_pips(aspect, lang))


def zones_text(scene: PublicScene, lang: str) -> Content:
    """Each zone: its aspects, who is there and the zones next to it."""
    lines: list[Content] = []
    neighbours: dict[str, list[str]] = {}
    for a, b in scene.links:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    for zone in scene.zones:
        lines.append(assemble((zone.name, "bold $primary")))
        lines += [aspect_line(aspect, lang, "  ") for aspect in zone.aspects]
        who = ", ".join(zone.occupants) or tr(lang, "players.nobody")
        lines.append(assemble("  ", ("☺ ", "$secondary"), who))
        if zone.name in neighbours:
            joined = ", ".join(neighbours[zone.name])
            lines.append(
                assemble(("  ↔ " + tr(lang, "players.adjacent", zones=joined), "$text-muted"))
            )
    return join_lines(lines) if lines else assemble((tr(lang, "players.none"), "$text-muted"))


def aspects_text(scene: PublicScene, lang: str) -> Content:
    """Scene-wide situation aspects and boosts."""
    if not scene.aspects:
        return assemble((tr(lang, "players.none"), "$text-muted"))
    return join_lines(aspect_line(aspect, lang) for aspect in scene.aspects)


def _track(track: PublicTrack, lang: str) -> Content:
    label = tr(lang, f"players.stress.{track.kind}")
    parts: list[Part] = [(f"  {label} ", "$text-muted")]
    if track.boxes is None:
        parts += [(f"[{box}]", "$error bold") for box in track.checked]
    else:
        parts += [
            ("[x]", "$error bold") if box in track.checked else ("[ ]", "$text-muted")
            for box in range(1, track.boxes + 1)
        ]
    return assemble(*parts)


def character_lines(character: PublicCharacter, lang: str) -> list[Content]:
    """A character as the players know it."""
    head: list[Part] = [(character.name, "bold")]
    if character.player:
        head.append((f" ({character.player})", "$text-muted"))
    if character.fate_points is not None:
        head.append((" · " + tr(lang, "players.fp", count=character.fate_points), "$secondary"))
    if character.members is not None:
        head.append((" · " + tr(lang, "players.members", count=character.members), "$text-muted"))
    if character.form:
        head.append((" · " + tr(lang, "players.form", name=character.form), "$warning"))
    for flag in ("taken_out", "conceded"):
        if getattr(character, flag):
            head.append((" · " + tr(lang, f"players.{flag}"), "$error"))
    lines = [assemble(*head)]
    lines += [aspect_line(aspect, lang, "  ") for aspect in character.aspects]
    lines += [_track(track, lang) for track in character.stress]
    lines += [
        assemble(
            "  ",
            (f"{severity_text(consequence.severity, lang)}: ", "$text-muted"),
            (consequence.name, "$warning"),
        )
        for consequence in character.consequences
    ]
    return lines


def characters_text(characters: Iterable[PublicCharacter], lang: str) -> Content:
    """Characters one after another."""
    lines = [line for character in characters for line in character_lines(character, lang)]
    return join_lines(lines) if lines else assemble((tr(lang, "players.none"), "$text-muted"))


def turn_text(scene: PublicScene, lang: str) -> Content:
    """The exchange and the turn order: who is up, who has acted."""
    turn = scene.turn
    if turn is None:
        return assemble((tr(lang, "players.no_conflict"), "$text-muted"))
    lines = [assemble((tr(lang, "players.exchange", number=turn.exchange), "bold"))]
    for entry in turn.entries:
        if entry.up:
            lines.append(assemble(("▶ ", "$accent bold"), (entry.name, "$accent bold")))
        elif entry.acted:
            lines.append(assemble(("✓ ", "$text-muted"), (entry.name, "$text-muted")))
        else:
            lines.append(assemble("  ", entry.name))
    return join_lines(lines)


def _countdown(countdown: PublicCountdown, lang: str) -> list[Content]:
    name = countdown.name or tr(lang, "players.countdown")
    boxes = "[x]" * countdown.checked + "[ ]" * (countdown.boxes - countdown.checked)
    lines = [assemble((name, "bold"), " ", (boxes, "$warning"))]
    if countdown.triggers:
        triggers = "; ".join(countdown.triggers)
        lines.append(
            assemble(("  " + tr(lang, "players.triggers", triggers=triggers), "$text-muted"))
        )
    if countdown.outcome:
        outcome = tr(lang, "players.outcome", outcome=countdown.outcome)
        lines.append(assemble(("  " + outcome, "$text-muted")))
    return lines


def countdowns_text(scene: PublicScene, lang: str) -> Content:
    """The countdowns shown to the players."""
    lines = [line for countdown in scene.countdowns for line in _countdown(countdown, lang)]
    return join_lines(lines) if lines else assemble((tr(lang, "players.none"), "$text-muted"))


def roll_line(roll: PublicRoll, lang: str) -> Content:
    """A roll as the table saw it."""
    return assemble(roll_text(roll, lang))


def rolls_text(rolls: Iterable[PublicRoll], lang: str) -> Content:
    """The last rolls, newest first."""
    lines = [roll_line(roll, lang) for roll in reversed(tuple(rolls))]
    return join_lines(lines) if lines else assemble((tr(lang, "players.none"), "$text-muted"))


def _scene(public: object) -> PublicScene:
    assert isinstance(public, PublicScene)
    return public


def _zones(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    return zones_text(_scene(public), lang)


def _aspects(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    return aspects_text(_scene(public), lang)


def _pcs(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    return characters_text(_scene(public).pcs, lang)


def _npcs(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    return characters_text(_scene(public).npcs, lang)


def _turn(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    return turn_text(_scene(public), lang)


def _countdowns(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    return countdowns_text(_scene(public), lang)


def _rolls(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    return rolls_text((roll for roll in rolls if isinstance(roll, PublicRoll)), lang)


def _gm_pool(public: object, lang: str) -> list[Part]:
    return [(tr(lang, "players.gm_pool", count=_scene(public).gm_pool), "$secondary")]


PANES = PlayerPanes(
    (
        PlayerPane("zones", "players.zones", "left", _zones),
        PlayerPane("aspects", "players.aspects", "left", _aspects),
        PlayerPane("pcs", "players.pcs", "middle", _pcs),
        PlayerPane("turn", "players.turn", "right", _turn),
        PlayerPane("npcs", "players.npcs", "right", _npcs),
        PlayerPane("countdowns", "players.countdowns", "right", _countdowns),
        PlayerPane("rolls", "players.rolls", "right", _rolls),
    ),
    status=_gm_pool,
)
"""Fate's ``player_panes`` part: zones and situation aspects; the PCs; the turn order, the
others, the countdowns and the last rolls."""
