"""Obstacles and countdowns: hazards, blocks, distractions, and ticking clocks."""

from __future__ import annotations

from textual.content import Content

from fatescreen.rules.obstacles import Block, Countdown, CountdownVisibility, Distraction, Hazard
from fatescreen.scene.model import Obstacle, Scene
from fatescreen.ui.lines import LinesView
from fatescreen.ui.panes.base import Pane
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble, literal, rating


def _obstacle(scene: Scene, obstacle: Obstacle, view: View) -> list[Content]:
    names = view.ladder_names
    lines: list[Content] = []
    where = f" @ {literal(scene.zone(obstacle.zone).name)}" if obstacle.zone else ""
    if isinstance(obstacle, Hazard):
        lines.append(
            assemble(
                ("⚠ ", "$error"),
                (obstacle.name, "bold"),
                f"  {rating(obstacle.rating, view.lang, names)}",
                (
                    f"  {view.tr('ui.sheet.weapon')} {obstacle.weapon}" if obstacle.weapon else "",
                    "$error",
                ),
                (where, "$text-muted"),
            )
        )
    elif isinstance(obstacle, Block):
        removal = view.tr("ui.removal", value=f"{obstacle.removal_difficulty:+d}")
        lines.append(
            assemble(
                ("▦ ", "$warning"),
                (obstacle.name, "bold"),
                f"  {rating(obstacle.rating, view.lang, names)}",
                (f"  {removal}", "$text-muted"),
                (where, "$text-muted"),
            )
        )
    elif isinstance(obstacle, Distraction):
        difficulty = (
            f"  {rating(obstacle.difficulty, view.lang, names)}"
            if obstacle.difficulty is not None
            else ""
        )
        lines.append(
            assemble(
                ("? ", "$secondary"),
                (obstacle.name, "bold"),
                difficulty,
                (where, "$text-muted"),
            )
        )
        lines.append(assemble("   ", (obstacle.choice, "italic")))
        for answer in obstacle.answers:
            lines.append(
                assemble(
                    ("   • ", "$text-muted"),
                    f"{answer.answer}: ",
                    (answer.consequence, "$text-muted"),
                )
            )
    return lines


def _countdown(countdown: Countdown, view: View) -> list[Content]:
    filled = "[x]" * countdown.checked + "[ ]" * (countdown.boxes - countdown.checked)
    done = countdown.checked >= countdown.boxes
    lines = [
        assemble(
            ("⏱ ", "$accent"),
            (countdown.name, "bold"),
            "  ",
            (filled, "$error bold" if done else "$accent"),
        )
    ]
    details = []
    if countdown.triggers:
        details.append(", ".join(countdown.triggers))
    if countdown.outcome:
        details.append("→ " + countdown.outcome)
    if countdown.visibility is not CountdownVisibility.FULL:
        details.append(view.tr(f"ui.visibility.{countdown.visibility.value}"))
    if details:
        lines.append(assemble(("   " + " · ".join(details), "$text-muted")))
    return lines


class ObstaclesPane(Pane):
    """Hazards, blocks, distractions and countdowns."""

    TITLE_KEY = "ui.obstacles"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.body = LinesView(id="obstacles-body")
        self._key: tuple[object, ...] = ()
        self._items: dict[int, tuple[object, list[Content]]] = {}

    def compose(self):  # type: ignore[no-untyped-def]
        yield self.body

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """Redraw when obstacles or countdowns change: the lines of each obstacle and
        countdown are built again only if it is a different object than last time (or
        the zones or the view changed)."""
        key = (scene.obstacles, scene.countdowns, scene.zones, view)
        if len(key) == len(self._key) and all(a is b for a, b in zip(key, self._key, strict=True)):
            return
        if key[2:] != self._key[2:]:
            self._items = {}
        self._key = key
        items: dict[int, tuple[object, list[Content]]] = {}
        lines: list[Content] = []
        for item in (*scene.obstacles, *scene.countdowns):
            known = self._items.get(id(item))
            if known is None or known[0] is not item:
                built = (
                    _countdown(item, view)
                    if isinstance(item, Countdown)
                    else _obstacle(scene, item, view)
                )
                known = (item, built)
            items[id(item)] = known
            lines += known[1]
        self._items = items
        if not lines:
            lines.append(assemble((view.tr("ui.no_obstacles"), "$text-muted")))
        self.body.set_lines(lines)
