"""The player view of a Mekanismi scene (its ``player_panes`` part): the characters with the
damage they took, the check being built and the last one rolled. Shown from
:class:`~fatescreen.systems.mekanismi.public.PublicMekanismi` only."""

from __future__ import annotations

from textual.content import Content

from fatescreen.i18n import tr
from fatescreen.systems.mekanismi.public import (
    PublicMekanismi,
    PublicMekanismiCharacter,
    PublicMekanismiResult,
    PublicMekanismiSide,
)
from fatescreen.systems.mekanismi.record import side_names, verdict_text
from fatescreen.systems.mekanismi.rules.dice import SUCCESS_FACE
from fatescreen.ui.players.panes import PlayerPane, PlayerPanes
from fatescreen.ui.text import Part, assemble, join_lines


def _public(public: object) -> PublicMekanismi:
    assert isinstance(public, PublicMekanismi)
    return public


def _damage(character: PublicMekanismiCharacter, lang: str) -> list[Part]:
    if character.health is not None:
        shown = min(character.taken, character.health)
        parts: list[Part] = [
            "  ",
            ("■" * shown, "$error"),
            ("□" * (character.health - shown), "$text-muted"),
            " "
            + tr(lang, "mekanismi.ui.damage_of", taken=character.taken, health=character.health),
        ]
    elif character.taken:
        parts = [("  " + tr(lang, "mekanismi.ui.damage", taken=character.taken), "$warning")]
    else:
        parts = []
    if character.out:
        parts.append(("  " + tr(lang, "mekanismi.ui.out"), "bold $error"))
    return parts


def characters_text(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    """Each character: name, player, damage taken (of a PC's health), out."""
    lines = []
    for character in _public(public).characters:
        head: list[Part] = [(character.name, "bold")]
        if character.player:
            head.append((f" ({character.player})", "$text-muted"))
        lines.append(assemble(*head, *_damage(character, lang)))
    if not lines:
        return assemble((tr(lang, "players.none"), "$text-muted"))
    return join_lines(lines)


def _side(side: PublicMekanismiSide, lang: str) -> Content:
    parts: list[Part] = [(side_names(side, lang), "bold $accent")]
    if side.ability:
        parts.append(f" · {side.ability}")
    parts.append((f"  {side.dice}d6", "bold"))
    return assemble(*parts)


def _faces(faces: tuple[int, ...]) -> list[Part]:
    return [
        (f"[{face}]", "bold $success" if face == SUCCESS_FACE else "$text-muted") for face in faces
    ] or [("-", "$text-muted")]


def _result(last: PublicMekanismiResult, lang: str) -> list[Content]:
    lines = []
    for side, faces in ((last.actor, last.actor_faces), (last.opposition, last.opposition_faces)):
        successes = sum(1 for face in faces if face == SUCCESS_FACE)
        lines.append(
            assemble("  ", (f"{side_names(side, lang)} ", "bold"), *_faces(faces), f"  {successes}")
        )
    verdict = verdict_text(last, lang)
    lines.append(assemble("  ", (verdict, "bold $success")))
    if last.damage_left and last.level is not None:
        unspent = tr(lang, "mekanismi.ui.unspent", count=last.damage_left)
        lines.append(assemble("  ", (unspent, "$warning")))
    return lines


def check_text(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    """The check being built, both sides and their dice, and the check rolled last."""
    scene = _public(public)
    lines: list[Content] = []
    if scene.check is None:
        lines.append(assemble((tr(lang, "players.no_check"), "$text-muted")))
    else:
        actor, opposition = scene.check
        versus = assemble(("  " + tr(lang, "players.versus"), "$text-muted"))
        lines += [_side(actor, lang), versus, _side(opposition, lang)]
        if scene.ranged:
            lines.append(assemble((tr(lang, "mekanismi.check.ranged"), "$text-muted")))
    if scene.last is not None:
        lines += [Content(""), assemble((tr(lang, "players.last"), "bold"))]
        lines += _result(scene.last, lang)
    return join_lines(lines)


PLAYERS = PlayerPanes(
    (
        PlayerPane("mekanismi-characters", "mekanismi.ui.characters", "left", characters_text),
        PlayerPane("mekanismi-check", "mekanismi.ui.check", "middle", check_text),
    )
)
"""The system's ``player_panes`` part."""
