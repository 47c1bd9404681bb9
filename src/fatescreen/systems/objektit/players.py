"""The player view of an Objektien luonti scene (its ``player_panes`` part): the objects with
their condition, the conflict being set up and the last result, the initiative order. Shown
from :class:`~fatescreen.systems.objektit.public.PublicObjektit` only."""

from __future__ import annotations

from textual.content import Content

from fatescreen.i18n import tr
from fatescreen.systems.objektit.public import PublicConflict, PublicObjektit
from fatescreen.systems.objektit.record import result_text
from fatescreen.systems.objektit.screen import condition_track
from fatescreen.ui.players.panes import PlayerPane, PlayerPanes
from fatescreen.ui.text import Part, assemble, join_lines


def _public(public: object) -> PublicObjektit:
    assert isinstance(public, PublicObjektit)
    return public


def _who(name: str, lang: str) -> str:
    return name or tr(lang, "players.someone")


def objects_text(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    """Each object: name, player, a player's object's concept, appearance, condition."""
    lines: list[Content] = []
    for shown in _public(public).objects:
        head: list[Part] = [(shown.name, "bold")]
        if shown.player:
            head.append((f" ({shown.player})", "$text-muted"))
        if shown.concept:
            head.append((f"  {shown.concept}", "italic"))
        lines.append(assemble(*head))
        if shown.appearance:
            lines.append(assemble("  ", (shown.appearance, "$text-muted")))
        lines.append(assemble("  ", *condition_track(shown.condition, lang)))
    return join_lines(lines) if lines else assemble((tr(lang, "players.none"), "$text-muted"))


def _conflict(conflict: PublicConflict, lang: str) -> list[Content]:
    lines = [assemble((_who(conflict.name, lang), "bold $accent"))]
    if conflict.is_player:
        developed = conflict.developed or tr(lang, "objektit.default")
        lines.append(assemble("  LK ", conflict.inherent, " · KK ", developed))
    return lines


def conflict_text(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    """The conflict being set up, and the last result on the ladder."""
    scene = _public(public)
    lines: list[Content] = []
    if scene.conflict is None:
        lines.append(assemble((tr(lang, "players.objektit.no_conflict"), "$text-muted")))
    else:
        lines += _conflict(scene.conflict, lang)
    last = scene.last
    if last is not None:
        style = "$success" if last.verdict == "good" else "$warning"
        result = result_text(last, lang)
        lines += [
            Content(""),
            assemble((tr(lang, "players.last"), "bold")),
            assemble("  ", (result, style)),
        ]
    return join_lines(lines)


def initiative_text(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    """This fight's acting order: names on one line act at the same moment."""
    order = _public(public).initiative
    if not order:
        return assemble((tr(lang, "players.objektit.no_initiative"), "$text-muted"))
    lines = []
    for place, names in enumerate(order, start=1):
        together = ("  " + tr(lang, "objektit.ui.together"), "$warning") if len(names) > 1 else ""
        lines.append(assemble((f"{place}. ", "$text-muted"), (", ".join(names), "bold"), together))
    return join_lines(lines)


PLAYERS = PlayerPanes(
    (
        PlayerPane("objektit-objects", "objektit.ui.objects", "left", objects_text),
        PlayerPane("objektit-conflict", "objektit.ui.conflict", "middle", conflict_text),
        PlayerPane("objektit-initiative", "objektit.ui.initiative", "right", initiative_text),
    )
)
"""The system's ``player_panes`` part."""
