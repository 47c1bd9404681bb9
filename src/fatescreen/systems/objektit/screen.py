"""The Objektien luonti dashboard: the objects' sheets with their condition tracks, the conflict
being set up with the chance ladder and the odds of each result, and the initiative order
(seed 001)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content

from fatescreen.commands.systems.base import percent
from fatescreen.i18n import tr
from fatescreen.systems.objektit.rules.condition import CONDITION_MAX
from fatescreen.systems.objektit.rules.conflict import LADDER_STEP, Step, step_for
from fatescreen.systems.objektit.rules.initiative import initiative_order
from fatescreen.systems.objektit.rules.odds import conflict_odds
from fatescreen.systems.objektit.scene import Entry, ObjektitScene, OpenConflict
from fatescreen.systems.objektit.verbs import (
    Chance,
    condition_text,
    developed_text,
    number_text,
    rating_text,
    result_line,
    step_text,
)
from fatescreen.ui.systems.parts import chance_bar, chunks
from fatescreen.ui.systems.shell import SystemPane, SystemScreen
from fatescreen.ui.text import Part, assemble, join_lines, secret_mark


class ObjectsPane(SystemPane):
    """Every object: concept, inherent and developed abilities, condition track, goals."""

    TITLE_KEY = "objektit.ui.objects"

    def shows(self, value: Any) -> Any:
        """The objects and their kinds."""
        return (value.entries, value.kinds)

    def render_value(self, value: Any, lang: str) -> Content:
        """One block per object."""
        assert isinstance(value, ObjektitScene)
        blocks: list[Content] = []
        for entry in value.entries:
            blocks += _entry(entry, lang)
        return join_lines(blocks)


def _entry(entry: Entry, lang: str) -> list[Content]:
    sheet = entry.sheet
    head: list[Part] = [(sheet.name, "bold $accent")]
    if entry.hidden:  # the players cannot see it: the GM's mark
        head.append((secret_mark(tr(lang, "gm.name")), "$text-muted italic"))
    if entry.player:
        head.append((f"  ({entry.player})", "$text-muted"))
    if sheet.concept:
        head.append((f"  {sheet.concept}", "italic"))
    lines = [assemble(*head)]
    for label, abilities in (("LK", sheet.inherent), ("KK", sheet.developed)):
        for index, chunk in enumerate(chunks([f"{a} {v:+d}" for a, v in abilities])):
            lines.append(assemble((f"  {label if index == 0 else '':<3}", "$text-muted"), chunk))
    lines.append(assemble("  ", *condition_track(sheet.condition, lang)))
    if sheet.main_goal:
        lines.append(assemble("  ", ("» " + sheet.main_goal, "$text-muted")))
    return lines


def condition_track(condition: int, lang: str) -> list[Part]:
    """The track as six boxes, the lost ones marked, and the condition's name."""
    left = max(condition, 0)
    style = "$success" if condition >= 5 else "$warning" if condition >= 3 else "$error"
    return [
        (tr(lang, "objektit.ui.condition") + " ", "$text-muted"),
        ("■" * left, style),
        ("□" * (CONDITION_MAX - left), "$text-muted"),
        (" " + condition_text(lang, condition), f"bold {style}"),
    ]


class ConflictPane(SystemPane):
    """The conflict being set up, the chance on the seed's ladder, the odds of each result,
    and the last result."""

    TITLE_KEY = "objektit.ui.conflict"

    def render_value(self, value: Any, lang: str) -> Content:
        """The conflict, or how to set one up; then the last result."""
        assert isinstance(value, ObjektitScene)
        lines: list[Content] = []
        if value.conflict is None:
            lines.append(assemble((tr(lang, "objektit.ui.no_conflict"), "$text-muted")))
        else:
            lines += _conflict(value.conflict, lang)
        if value.last is not None:
            last = value.last
            line = result_line(lang, last.opened.name, last.opened.conflict.base, last.result)
            lines += [
                Content(""),
                assemble((tr(lang, "objektit.ui.last"), "bold")),
                assemble("  ", (line, "$success" if last.result.good else "$warning")),
            ]
        lines += [Content(""), assemble((tr(lang, "objektit.ui.keys"), "$text-muted"))]
        return join_lines(lines)


def _conflict(opened: OpenConflict, lang: str) -> list[Content]:
    conflict = opened.conflict
    lines = [
        assemble((opened.name, "bold $accent")),
        assemble("  LK ", rating_text(lang, opened.inherent, conflict.inherent, developed=False)),
        assemble("  KK ", developed_text(lang, opened)),
        assemble("  ", *_ladder(conflict.chance, lang)),
        assemble(
            "  = ",
            (number_text(lang, conflict.base, signed=False), "bold"),
            " − 2d6",
        ),
        Content(""),
    ]
    odds = conflict_odds(conflict.base)
    lines.append(
        assemble(
            (
                tr(
                    lang,
                    "objektit.odds.line",
                    good=percent(odds.good),
                    average=percent(odds.average),
                    bad=percent(odds.bad),
                ),
                "bold",
            )
        )
    )
    for step in reversed(Step):
        chance = odds.of_step(step)
        if not chance:
            continue
        style = "$success" if step > 0 else "$error" if step < 0 else "$foreground"
        lines.append(assemble(*chance_bar(chance, style), " " + step_text(lang, step)))
    return lines


def _ladder(chance: Fraction, lang: str) -> list[Part]:
    """The chance on the ladder -9 ... +9, the step it reaches highlighted."""
    reached = step_for(chance)
    parts: list[Part] = [(f"{number_text(lang, chance)} ", "bold")]
    for step in Step:
        style = "bold reverse $accent" if step is reached else "$text-muted"
        parts.append((f"{int(step):+d}", style))
        parts.append(" ")
    parts.append((step_text(lang, reached, chance=True), "italic"))
    return parts


class InitiativePane(SystemPane):
    """This fight's acting order; participants on one line act at the same moment."""

    TITLE_KEY = "objektit.ui.initiative"

    def render_value(self, value: Any, lang: str) -> Content:
        """One line per moment, best first."""
        assert isinstance(value, ObjektitScene)
        if not value.initiative:
            return assemble((tr(lang, "objektit.ui.no_initiative"), "$text-muted"))
        lines = []
        for place, group in enumerate(initiative_order(value.initiative), start=1):
            names = ", ".join(entry.name for entry in group)
            result = number_text(lang, group[0].result)
            together = (
                ("  " + tr(lang, "objektit.ui.together"), "$warning") if len(group) > 1 else ""
            )
            lines.append(
                assemble((f"{place}. ", "$text-muted"), (names, "bold"), f"  {result}", together)
            )
        return join_lines(lines)


class ObjektitScreen(SystemScreen):
    """The Objektien luonti dashboard."""

    asked_chance: tuple[Any, Any] | None = None
    """The chance shown when ``+`` or ``-`` was last pressed, and the chance it asked for."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "prefill('check ')", "Conflict", id="objektit.check", priority=True),
        Binding("plus", "chance_step(1)", "Chance +", id="objektit.chance_up"),
        Binding("minus", "chance_step(-1)", "Chance −", id="objektit.chance_down"),
        Binding("r", "command('roll')", "Roll", id="objektit.roll"),
        Binding("m", "prefill('damage ')", "Damage", id="objektit.damage", priority=True),
        Binding(
            "i", "prefill('initiative ')", "Initiative", id="objektit.initiative", priority=True
        ),
        Binding("o", "command('odds')", "Odds", id="objektit.odds", show=False),
        Binding("x", "command('drop')", "Drop", id="objektit.drop", show=False),
    ]

    def compose_panes(self) -> ComposeResult:
        """Objects, the conflict, the initiative order."""
        objects = ObjectsPane(id="objektit-objects")
        objects.add_class("narrow")
        yield objects
        with Vertical(id="objektit-side", classes="narrow"):
            yield ConflictPane(id="objektit-conflict")
            yield InitiativePane(id="objektit-initiative")

    def status(self, value: Any, lang: str) -> Content:
        """Title and every object's condition."""
        assert isinstance(value, ObjektitScene)
        conditions = "  ".join(
            f"{sheet.name} {number_text(lang, Fraction(sheet.condition), signed=False)}"
            for sheet in value.sheets
        )
        return assemble(
            ("fatescreen · Objektien luonti: ", "$text-muted"),
            (value.title, "bold"),
            ("  ·  " + tr(lang, "objektit.ui.condition") + ": ", "$text-muted"),
            conditions,
        )

    def action_chance_step(self, direction: int) -> None:
        """Move the conflict's chance to the next step of the ladder up or down."""
        conflict = self.value.conflict if isinstance(self.value, ObjektitScene) else None
        if conflict is None:
            return
        # keys pressed faster than the scene is shown again step on from the chance the
        # key before asked for, not from the one still shown
        chance = conflict.conflict.chance
        if self.asked_chance is not None and self.asked_chance[0] == chance:
            chance = self.asked_chance[1]
        steps = chance / LADDER_STEP
        whole = math.floor(steps) if direction > 0 else math.ceil(steps)
        target = (whole + direction) * LADDER_STEP
        self.asked_chance = (conflict.conflict.chance, target)
        self.action_command(Chance(target).command())


SCREEN = ObjektitScreen
