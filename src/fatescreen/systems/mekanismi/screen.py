"""The Mekanismi dashboard: the characters' abilities, gear and damage; the check being built
with both pools part by part and the odds of every margin; the last roll (seed 003)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content

from fatescreen.commands.systems.base import percent
from fatescreen.i18n import tr
from fatescreen.systems.mekanismi.rules.check import CheckResult, Side, SuccessLevel
from fatescreen.systems.mekanismi.rules.dice import SUCCESS_FACE, PoolRoll
from fatescreen.systems.mekanismi.rules.odds import CheckOdds, check_odds
from fatescreen.systems.mekanismi.rules.pools import Pool
from fatescreen.systems.mekanismi.scene import MekanismiScene, Member, OpenCheck
from fatescreen.systems.mekanismi.verbs import level_text, part_text, side_name
from fatescreen.ui.systems.parts import chance_bar, chunks
from fatescreen.ui.systems.shell import SystemPane, SystemScreen
from fatescreen.ui.text import Part, assemble, join_lines, secret_mark


class CharactersPane(SystemPane):
    """Every character: player, abilities in dice, gear and its advantage, damage taken."""

    TITLE_KEY = "mekanismi.ui.characters"

    def shows(self, value: Any) -> Any:
        """The characters with their sheets."""
        return value.members

    def render_value(self, value: Any, lang: str) -> Content:
        """One block per character."""
        assert isinstance(value, MekanismiScene)
        blocks: list[Content] = []
        for member in value.members:
            blocks += _member(member, lang)
        return join_lines(blocks)


def _member(member: Member, lang: str) -> list[Content]:
    """Name, player and damage track on one line; abilities two to a line; gear on one."""
    sheet = member.sheet
    owner = member.player or tr(lang, "mekanismi.gm")
    mark = secret_mark(tr(lang, "gm.name")) if member.hidden else ""  # the players cannot see it
    head: list[Part] = [
        (sheet.name, "bold $accent"),
        (mark, "$text-muted italic"),
        (f"  ({owner})  ", "$text-muted"),
    ]
    track = sheet.damage
    if track.taken or track.health is not None:
        head += _track(track.taken, track.health, lang)
    lines = [assemble(*head)]
    for chunk in chunks([f"{ability} {dice}" for ability, dice in sheet.abilities], 2):
        lines.append(assemble("  ", chunk))
    gear: list[Part] = []
    for item, advantage in sheet.gear:
        gear += [("  " + "+" * int(advantage), "$success"), f" {item}"]
    if gear:
        lines.append(assemble(*gear))
    return lines


def _track(taken: int, health: int | None, lang: str) -> list[Part]:
    if health is None:
        return [(tr(lang, "mekanismi.ui.damage", taken=taken), "$warning")]
    shown = min(taken, health)
    parts: list[Part] = [
        ("■" * shown, "$error"),
        ("□" * (health - shown), "$text-muted"),
        " " + tr(lang, "mekanismi.ui.damage_of", taken=taken, health=health),
    ]
    if taken >= health:
        parts.append(("  " + tr(lang, "mekanismi.ui.out"), "bold $error"))
    return parts


class CheckPane(SystemPane):
    """The check being built (both pools and the odds of every margin) and the last roll."""

    TITLE_KEY = "mekanismi.ui.check"

    def render_value(self, value: Any, lang: str) -> Content:
        """The check, or how to start one; then the last result."""
        assert isinstance(value, MekanismiScene)
        lines: list[Content] = []
        if value.check is None:
            lines.append(assemble((tr(lang, "mekanismi.ui.no_check"), "$text-muted")))
        else:
            lines += _open_check(value.check, lang)
        if value.last is not None:
            opened, result = value.last.opened, value.last.result
            lines += [Content(""), assemble((tr(lang, "mekanismi.ui.last"), "bold"))]
            lines += _result(opened, result, lang)
            if value.last.damage_left and result.level is not None:
                unspent = tr(lang, "mekanismi.ui.unspent", count=value.last.damage_left)
                lines.append(assemble("  ", (unspent, "$warning")))
        lines += [Content(""), assemble((tr(lang, "mekanismi.ui.keys"), "$text-muted"))]
        return join_lines(lines)


def _open_check(opened: OpenCheck, lang: str) -> list[Content]:
    check = opened.check
    lines: list[Content] = []
    for side in Side:
        pool = check.pool(side)
        lines.append(
            assemble(
                (side_name(lang, opened.side(side)), "bold $accent"),
                (f"  {pool.size}d6", "bold"),
            )
        )
        lines.append(assemble("  ", *_parts(pool, lang)))
        if pool.past_rule_of_thumb:
            name = side_name(lang, opened.side(side))
            lines.append(assemble("  ", (tr(lang, "mekanismi.check.thumb", name=name), "$warning")))
    if check.ranged:
        lines.append(assemble((tr(lang, "mekanismi.check.ranged"), "$text-muted")))
    lines += [Content(""), assemble((tr(lang, "mekanismi.ui.odds"), "bold"))]
    lines += _odds(check_odds(check), opened, lang)
    return lines


def _parts(pool: Pool, lang: str) -> list[Part]:
    parts: list[Part] = []
    for index, part in enumerate(pool.parts):
        if index:
            parts.append((" + ", "$text-muted"))
        parts.append(part_text(lang, part))
    return parts or ["0"]


def _odds(odds: CheckOdds, opened: OpenCheck, lang: str) -> list[Content]:
    lines: list[Content] = []
    for side, style in ((Side.ACTOR, "$success"), (Side.OPPOSITION, "$error")):
        chance = odds.wins(side)
        name = side_name(lang, opened.side(side))
        lines.append(assemble((f"{name[:14]:<14} ", "bold"), *chance_bar(chance, style)))
        levels = " · ".join(
            f"{level_text(lang, level)} {percent(odds.of_level(side, level))}"
            for level in SuccessLevel
            if odds.of_level(side, level)
        )
        if levels:
            lines.append(assemble("  ", (levels, "$text-muted")))
    key = "mekanismi.odds.tie_ranged" if odds.ranged else "mekanismi.odds.tie"
    lines.append(assemble((tr(lang, key, chance=percent(odds.tie)), "$text-muted")))
    return lines


def _result(opened: OpenCheck, result: CheckResult, lang: str) -> list[Content]:
    lines = []
    for side, roll in ((Side.ACTOR, result.actor_roll), (Side.OPPOSITION, result.opposition_roll)):
        name = side_name(lang, opened.side(side))
        lines.append(
            assemble(
                (f"  {name[:14]:<14} ", "bold"),
                *_faces(roll),
                (f"  {roll.successes}", "bold"),
            )
        )
    if result.winner is None:
        verdict = tr(lang, "mekanismi.result.tie")
    elif result.level is None:
        target = side_name(lang, opened.opposition)
        verdict = tr(lang, "mekanismi.result.tie_ranged", name=target)
    else:
        winner = side_name(lang, opened.side(result.winner))
        verdict = tr(
            lang,
            "mekanismi.result.win",
            name=winner,
            margin=result.damage_points,
            level=level_text(lang, result.level),
        )
    lines.append(assemble("  ", (verdict, "bold $success")))
    return lines


def _faces(roll: PoolRoll) -> list[Part]:
    parts: list[Part] = []
    for face in roll.faces:
        parts.append((f"[{face}]", "bold $success" if face == SUCCESS_FACE else "$text-muted"))
    return parts or [("-", "$text-muted")]


class MekanismiScreen(SystemScreen):
    """The Mekanismi dashboard."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "prefill('check ')", "Check", id="mekanismi.check", priority=True),
        Binding("a", "prefill('advantage ')", "Advantage", id="mekanismi.advantage", priority=True),
        Binding(
            "d",
            "prefill('disadvantage ')",
            "Disadvantage",
            id="mekanismi.disadvantage",
            show=False,
            priority=True,
        ),
        Binding("g", "prefill('gear ')", "Gear", id="mekanismi.gear", priority=True),
        Binding(
            "h", "prefill('helpers ')", "Helpers", id="mekanismi.helpers", show=False, priority=True
        ),
        Binding("r", "command('roll')", "Roll", id="mekanismi.roll"),
        Binding("m", "prefill('damage ')", "Damage", id="mekanismi.damage", priority=True),
        Binding("o", "command('odds')", "Odds", id="mekanismi.odds", show=False),
        Binding("x", "command('drop')", "Drop", id="mekanismi.drop", show=False),
    ]

    def compose_panes(self) -> ComposeResult:
        """Characters and the check."""
        characters = CharactersPane(id="mekanismi-characters")
        characters.add_class("narrow")
        check = CheckPane(id="mekanismi-check")
        check.add_class("wide")
        yield characters
        yield check

    def status(self, value: Any, lang: str) -> Content:
        """Title, and the check under way."""
        assert isinstance(value, MekanismiScene)
        parts: list[Part] = [("fatescreen · Mekanismi: ", "$text-muted"), (value.title, "bold")]
        if value.check is not None:
            opened = value.check
            parts.append(
                (
                    "  ·  "
                    + tr(
                        lang,
                        "mekanismi.check.start",
                        name=side_name(lang, opened.actor),
                        other=side_name(lang, opened.opposition),
                    )
                    + f"  {opened.check.actor.size}d6 vs {opened.check.opposition.size}d6",
                    "$text-muted",
                )
            )
        return assemble(*parts)


SCREEN = MekanismiScreen
