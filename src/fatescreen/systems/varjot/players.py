"""The player view of a Menneisyyden varjot scene (its ``player_panes`` part): the characters
with the PCs' pools, the check under way and the last one, the players' gift dice. Shown
from :class:`~fatescreen.systems.varjot.public.PublicVarjot` only."""

from __future__ import annotations

from textual.content import Content

from fatescreen.i18n import tr
from fatescreen.systems.varjot.public import PublicVarjot, PublicVarjotSide
from fatescreen.systems.varjot.record import settled_text, who
from fatescreen.systems.varjot.verbs import faces_text, level_text
from fatescreen.ui.players.panes import PlayerPane, PlayerPanes
from fatescreen.ui.text import Part, assemble, join_lines


def _public(public: object) -> PublicVarjot:
    assert isinstance(public, PublicVarjot)
    return public


def _none(lang: str) -> Content:
    return assemble((tr(lang, "players.none"), "$text-muted"))


def characters_text(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    """Each character: a PC with its player and pools, a GM's character by name."""
    lines: list[Content] = []
    for character in _public(public).characters:
        head: list[Part] = [(character.name, "bold")]
        if character.player:
            head.append((f" ({character.player})", "$text-muted"))
        lines.append(assemble(*head))
        if character.pools:
            pools = " · ".join(f"{p.name} {p.left}/{p.maximum}" for p in character.pools)
            lines.append(assemble("  ", (tr(lang, "varjot.ui.pools") + ": ", "$text-muted"), pools))
    return join_lines(lines) if lines else _none(lang)


def _side(side: PublicVarjotSide, lang: str) -> list[Content]:
    head: list[Part] = [(who(side.character, lang), "bold $accent")]
    if side.ability:
        head.append(f" · {side.ability} {side.rating}")
    lines = [assemble(*head)]
    if side.dice:
        sources = ", ".join(
            tr(lang, f"varjot.source.{dice.source}", detail=dice.detail)
            + (f" {dice.count}" if dice.count > 1 else "")
            for dice in side.dice
        )
        lines.append(assemble("  ", (sources, "$success")))
    if side.level is None:
        lines.append(assemble("  ", (tr(lang, "varjot.ui.waiting"), "$text-muted")))
    else:
        reached = level_text(lang, side.level)
        lines.append(
            assemble(
                "  ",
                (tr(lang, "varjot.ui.kept") + " ", "$text-muted"),
                (faces_text(side.kept), "bold"),
                " = ",
                (reached, "bold $success" if side.level else "bold $error"),
            )
        )
    return lines


def check_text(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    """The check under way, side by side, and the check settled last."""
    scene = _public(public)
    lines: list[Content] = []
    if scene.check is None:
        lines.append(assemble((tr(lang, "players.varjot.no_check"), "$text-muted")))
    else:
        for index, side in enumerate(scene.check):
            if index:
                lines.append(Content(""))
            lines += _side(side, lang)
    if scene.last is not None:
        lines += [
            Content(""),
            assemble((tr(lang, "players.last"), "bold")),
            assemble("  ", settled_text(scene.last, lang)),
        ]
    return join_lines(lines)


def gifts_text(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    """Each player's gift dice: the name and a pip per die."""
    lines = [
        assemble((f"{player} ", "bold"), ("●" * left, "$success"), f" {left}")
        for player, left in _public(public).gifts
    ]
    return join_lines(lines) if lines else _none(lang)


PLAYERS = PlayerPanes(
    (
        PlayerPane("varjot-characters", "varjot.ui.characters", "left", characters_text),
        PlayerPane("varjot-check", "varjot.ui.check", "middle", check_text),
        PlayerPane("varjot-gifts", "varjot.ui.gifts", "right", gifts_text),
    )
)
"""The system's ``player_panes`` part."""
