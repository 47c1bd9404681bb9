"""The Menneisyyden varjot dashboard: the characters' abilities and pools, the check under
way with its dice and odds, and the gift dice each player holds (seed 002)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content

from fatescreen.commands.systems.base import percent
from fatescreen.i18n import tr
from fatescreen.systems.varjot.rules.check import Check, Side, Source
from fatescreen.systems.varjot.rules.odds import (
    improve_odds,
    level_odds,
    opposed_odds,
    success_odds,
)
from fatescreen.systems.varjot.rules.sheet import Character
from fatescreen.systems.varjot.scene import VarjotScene
from fatescreen.systems.varjot.verbs import faces_text, level_text
from fatescreen.ui.systems.shell import SystemPane, SystemScreen
from fatescreen.ui.text import assemble, join_lines, secret_mark


def _rating(rating: int, lang: str) -> str:
    key = f"varjot.rating.{rating}"
    word = tr(lang, key)
    return f"{rating}" if word == key else f"{rating} ({word})"


class CharactersPane(SystemPane):
    """Every character: player, abilities with ratings, pools left of their size."""

    TITLE_KEY = "varjot.ui.characters"

    def shows(self, value: Any) -> Any:
        """The sheets, who is hidden and the GM's name."""
        return (value.characters, value.hidden, value.gm)

    def render_value(self, value: Any, lang: str) -> Content:
        """One block per character."""
        assert isinstance(value, VarjotScene)
        blocks: list[Content] = []
        for character in value.characters:
            blocks += self._character(character, value, lang)
        return join_lines(blocks)

    def _character(self, character: Character, value: VarjotScene, lang: str) -> list[Content]:
        owner = character.player or value.gm
        # the players cannot see it: the GM's mark
        mark = secret_mark(tr(lang, "gm.name")) if character.name in value.hidden else ""
        lines = [
            assemble(
                (character.name, "bold $accent"),
                (mark, "$text-muted italic"),
                (f"  ({owner})", "$text-muted"),
            )
        ]
        abilities = " · ".join(f"{a.name} {_rating(a.rating, lang)}" for a in character.abilities)
        lines.append(assemble("  ", abilities))
        if character.pools:
            pools = " · ".join(f"{p.name} {p.left}/{p.maximum}" for p in character.pools)
            lines.append(assemble("  ", (tr(lang, "varjot.ui.pools") + ": ", "$text-muted"), pools))
        return lines


class GiftsPane(SystemPane):
    """The gift dice each player, the GM too, has left this session."""

    TITLE_KEY = "varjot.ui.gifts"

    def render_value(self, value: Any, lang: str) -> Content:
        """One line per player: the name and a pip per die."""
        assert isinstance(value, VarjotScene)
        full = len(value.table)
        lines = []
        for player, left in value.gifts.left:
            pips = "●" * left + "○" * max(0, full - left)
            lines.append(assemble((f"{player:<10} ", "bold"), (pips, "$success"), f" {left}"))
        return join_lines(lines)


class CheckPane(SystemPane):
    """The check under way: each side's ability, dice by source, the dice on the table,
    the level, and the odds before the roll and of one more die after it."""

    TITLE_KEY = "varjot.ui.check"

    def render_value(self, value: Any, lang: str) -> Content:
        """The check, or how to start one; and the last settled result."""
        assert isinstance(value, VarjotScene)
        lines: list[Content] = []
        check = value.check
        if check is None:
            lines.append(assemble((tr(lang, "varjot.ui.no_check"), "$text-muted")))
        else:
            for side in check.sides:
                lines += self._side(side, lang)
                lines.append(Content(""))
            lines.append(
                self._standing(check, lang) if check.rolled else self._odds(check.sides, lang)
            )
        if value.last is not None:
            last = value.last
            levels = " / ".join(
                f"{side.character} {level_text(lang, side.level or 0)}" for side in last.check.sides
            )
            lines += [
                Content(""),
                assemble((tr(lang, "varjot.ui.last", text=levels), "$text-muted")),
            ]
        lines += [Content(""), assemble((tr(lang, "varjot.ui.keys"), "$text-muted"))]
        return join_lines(lines)

    def _side(self, side: Side, lang: str) -> list[Content]:
        lines = [
            assemble(
                (side.character, "bold $accent"),
                " · ",
                f"{side.ability} {_rating(side.rating, lang)}",
            )
        ]
        lines.append(assemble("  ", self._dice(side, lang)))
        if side.net > 0:
            net = tr(lang, "varjot.net.bonus", count=3 + side.net)
        elif side.net < 0:
            net = tr(lang, "varjot.net.penalty", count=3 - side.net)
        else:
            net = tr(lang, "varjot.net.plain")
        lines.append(assemble("  ", (net, "$text-muted")))
        if side.gm_penalty:
            lines.append(assemble("  ", tr(lang, "varjot.ui.gm_penalty", count=side.gm_penalty)))
        if side.faces is None:
            lines.append(assemble("  ", (tr(lang, "varjot.ui.waiting"), "$text-muted")))
            return lines
        reached = side.level or 0
        dice = " ".join(f"[{face}]" for face in faces_text(side.faces).split())
        lines.append(
            assemble(
                "  ",
                (tr(lang, "varjot.ui.rolled") + " ", "$text-muted"),
                (dice, "bold"),
                (" → " + tr(lang, "varjot.ui.kept") + " ", "$text-muted"),
                faces_text(side.kept),
                f"  {side.rating} {sum(side.kept):+d} = ",
                (level_text(lang, reached), "bold $success" if reached else "bold $error"),
            )
        )
        better = improve_odds(side.rating, side.faces, side.net, 1)
        worse = 1 - _same_or_better(side)
        lines.append(
            assemble(
                "  ",
                (tr(lang, "varjot.ui.improve", chance=percent(better)), "$success"),
                " · ",
                (tr(lang, "varjot.ui.worsen", chance=percent(worse)), "$warning"),
            )
        )
        return lines

    def _dice(self, side: Side, lang: str) -> str:
        parts = []
        for penalty in (False, True):
            extras = [e for e in side.extras if e.penalty is penalty]
            if not extras:
                continue
            count = sum(e.count for e in extras)
            sources = ", ".join(_source(e.source, e.detail, e.count, lang) for e in extras)
            key = "varjot.dice.penalty" if penalty else "varjot.dice.bonus"
            parts.append(f"{tr(lang, key, count=count)} ({sources})")
        return " · ".join(parts) or tr(lang, "varjot.dice.none")

    def _standing(self, check: Check, lang: str) -> Content:
        """Where a rolled check stands before the GM accepts it."""
        levels = [side.level or 0 for side in check.sides]
        if not check.opposed:
            key = "varjot.ui.success_now" if levels[0] > 0 else "varjot.ui.failure_now"
            return assemble((tr(lang, key), "bold"))
        if levels[0] == levels[1]:
            return assemble(
                (tr(lang, "varjot.ui.tied_now", level=level_text(lang, levels[0])), "bold")
            )
        ahead = 0 if levels[0] > levels[1] else 1
        name = check.sides[ahead].character
        text = tr(lang, "varjot.ui.leads_now", name=name, margin=abs(levels[0] - levels[1]))
        return assemble((text, "bold"))

    def _odds(self, sides: tuple[Side, ...], lang: str) -> Content:
        if len(sides) == 2:
            odds = opposed_odds(sides[0].rating, sides[0].net, sides[1].rating, sides[1].net)
            text = tr(
                lang,
                "varjot.odds.opposed",
                win=percent(odds.win),
                tie=percent(odds.tie),
                lose=percent(odds.lose),
            )
            return assemble((text, "bold"))
        side = sides[0]
        levels = " · ".join(
            f"{found} {percent(chance)}"
            for found, chance in level_odds(side.rating, side.net).items()
        )
        chance = percent(success_odds(side.rating, side.net))
        return assemble((tr(lang, "varjot.odds.independent", chance=chance, levels=levels), "bold"))


def _same_or_better(side: Side) -> Any:
    """The chance that one more penalty die leaves the level where it is."""
    from fatescreen.systems.varjot.rules.odds import after_adding

    assert side.faces is not None
    now = side.level or 0
    odds = after_adding(side.rating, side.faces, side.net, -1)
    return sum((p for found, p in odds.items() if found >= now), start=0)


def _source(source: Source, detail: str, count: int, lang: str) -> str:
    text = tr(lang, f"varjot.source.{source.value}", detail=detail)
    return f"{text} {count}" if count > 1 else text


class VarjotScreen(SystemScreen):
    """The Menneisyyden varjot dashboard."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "prefill('check ')", "Check", id="varjot.check", priority=True),
        # priority: on a check of two sides they start a line (see the shell's check_action)
        Binding("b", "extra_die(False)", "Bonus die", id="varjot.bonus", priority=True),
        Binding("p", "extra_die(True)", "Penalty die", id="varjot.penalty", priority=True),
        Binding("v", "prefill('pool ')", "Pool", id="varjot.pool", priority=True),
        Binding("g", "prefill('gift ')", "Gift die", id="varjot.gift", priority=True),
        Binding("r", "command('roll')", "Roll", id="varjot.roll"),
        Binding("a", "command('accept')", "Accept", id="varjot.accept"),
        Binding("o", "command('odds')", "Odds", id="varjot.odds", show=False),
        Binding(
            "n", "prefill('session')", "New session", id="varjot.session", show=False, priority=True
        ),
    ]

    def compose_panes(self) -> ComposeResult:
        """Characters, the check, the gift dice."""
        yield CharactersPane(id="varjot-characters")
        yield CheckPane(id="varjot-check")
        yield GiftsPane(id="varjot-gifts")

    def status(self, value: Any, lang: str) -> Content:
        """Title and every player's gift dice."""
        assert isinstance(value, VarjotScene)
        gifts = "  ".join(f"{player} {left}" for player, left in value.gifts.left)
        return assemble(
            ("fatescreen · Menneisyyden varjot: ", "$text-muted"),
            (value.title, "bold"),
            ("  ·  " + tr(lang, "varjot.ui.gifts") + ": ", "$text-muted"),
            gifts,
        )

    def action_extra_die(self, penalty: bool) -> None:
        """One more bonus (or GM penalty) die: applied at once on a one-sided check, else
        started on the command line for the GM to name the side."""
        verb = "penalty 1" if penalty else "bonus 1"
        check = self.value.check if isinstance(self.value, VarjotScene) else None
        if check is not None and len(check.sides) == 1:
            self.action_command(verb)
        else:
            self.action_prefill(verb + " on ")


SCREEN = VarjotScreen
