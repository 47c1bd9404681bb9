"""Obstacles and countdowns: hazards, blocks, distractions, and ticking clocks."""

from __future__ import annotations

from textual.content import Content

from fatescreen.rules.obstacles import Block, CountdownVisibility, Distraction, Hazard
from fatescreen.scene.model import Scene
from fatescreen.ui.lines import LinesView
from fatescreen.ui.panes.base import Pane
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble, literal, rating


def obstacle_lines(scene: Scene, view: View) -> list[Content]:
    """One or two lines per obstacle and countdown."""
    names = view.ladder_names
    lines: list[Content] = []
    for obstacle in scene.obstacles:
        where = f" @ {literal(scene.zone(obstacle.zone).name)}" if obstacle.zone else ""
        if isinstance(obstacle, Hazard):
            lines.append(
                assemble(
                    ("⚠ ", "$error"),
                    (obstacle.name, "bold"),
                    f"  {rating(obstacle.rating, view.lang, names)}",
                    (f"  W{obstacle.weapon}" if obstacle.weapon else "", "$error"),
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
    for countdown in scene.countdowns:
        filled = "[x]" * countdown.checked + "[ ]" * (countdown.boxes - countdown.checked)
        done = countdown.checked >= countdown.boxes
        lines.append(
            assemble(
                ("⏱ ", "$accent"),
                (countdown.name, "bold"),
                "  ",
                (filled, "$error bold" if done else "$accent"),
            )
        )
        details = []
        if countdown.triggers:
            details.append(", ".join(countdown.triggers))
        if countdown.outcome:
            details.append("→ " + countdown.outcome)
        if countdown.visibility is not CountdownVisibility.FULL:
            details.append(view.tr(f"ui.visibility.{countdown.visibility.value}"))
        if details:
            lines.append(assemble(("   " + " · ".join(details), "$text-muted")))
    if not lines:
        lines.append(assemble((view.tr("ui.no_obstacles"), "$text-muted")))
    return lines


class ObstaclesPane(Pane):
    """Hazards, blocks, distractions and countdowns."""

    TITLE_KEY = "ui.obstacles"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.body = LinesView(id="obstacles-body")
        self._key: object = None

    def compose(self):  # type: ignore[no-untyped-def]
        yield self.body

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """Redraw when obstacles or countdowns change."""
        key = (scene.obstacles, scene.countdowns, scene.zones, view)
        if key == self._key:
            return
        self._key = key
        self.body.set_lines(obstacle_lines(scene, view))
