"""The table's smaller steps: a new aspect, success at a cost and the scene's end (each one
dialog), and the quick picks for moving, stress boxes and countdowns."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fatescreen.commands.flow import next_scene_pool, scene_end
from fatescreen.commands.requests import AddAspect, Cost, EndScene, Move, Stress, Tick
from fatescreen.rules.aspects import GM
from fatescreen.rules.character import Character
from fatescreen.rules.obstacles import Block, crossing_difficulty
from fatescreen.rules.odds import odds, overcome_chance
from fatescreen.scene.model import Scene
from fatescreen.ui.dialogs import ChoiceDialog, ConfirmDialog, TextDialog
from fatescreen.ui.state import View
from fatescreen.ui.table import Table, apply_chosen
from fatescreen.ui.text import assemble, literal

Picks = list[tuple[str, str]]
"""A quick pick's choices: ``(command line, label)``."""


class StepFlow:
    """The one-dialog steps: add an aspect, succeed at a cost, end the scene."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def add_aspect(self, creator: str | None) -> None:
        """A new situation aspect whose free invoke goes to ``creator`` (else the GM)."""
        table = self.table
        character = table.scene.character_index.get(creator or "")
        owner = character.id if character is not None else GM
        who = character.name if character is not None else table.tr("ui.gm")

        def line(texts: Sequence[str]) -> AddAspect:
            return AddAspect(texts[0], free=1, owner=owner)

        table.push_screen(
            TextDialog(
                table.view_state,
                table.tr("ui.aspect_title_for", name=who),
                [(table.tr("ui.aspect_name"), "")],
                line,
            ).naming(who),
            apply_chosen(table),
        )

    def go_to(self, point_at: Callable[[str], None]) -> None:
        """Every name of the turn order and the map, each with the key that goes to it
        (see :func:`fatescreen.commands.pointing.name_keys`); the key, or Enter on the
        highlighted one, points at it."""
        from fatescreen.commands.pointing import go_to_names, name_keys

        table = self.table
        names = go_to_names(table.scene)
        keys = name_keys(names)
        listed = [(pid, name) for pid, name in names if pid in keys]
        more = len(names) - len(listed)
        note = table.tr("ui.go_to_more", count=more) if more else ""

        def chosen(pid: str | None) -> None:
            if pid:
                point_at(pid)

        table.push_screen(
            ChoiceDialog(
                table.view_state,
                table.tr("ui.go_to_title"),
                [
                    (pid, assemble((f"{keys[pid]} ", "bold $accent"), literal(name)))
                    for pid, name in listed
                ],
                note=note,
                keys=[(keys[pid], name, pid) for pid, name in listed],
                list_keys=False,
            ),
            chosen,
        )

    def cost(self) -> None:
        """Success at a cost on the failed (or tied) roll just made: name the cost."""
        table = self.table
        pending = table.scene.pending_roll
        if pending is None or pending.result.outcome.succeeded:
            table.notify(table.tr("ui.no_failed_roll"), severity="warning", markup=False)
            return

        def line(texts: Sequence[str]) -> Cost:
            return Cost(texts[0])

        table.push_screen(
            TextDialog(
                table.view_state, table.tr("ui.cost_title"), [(table.tr("ui.cost_text"), "")], line
            ),
            apply_chosen(table),
        )

    def end_scene(self) -> None:
        """Show what ending the scene will do; Enter applies it."""
        table = self.table
        scene = table.scene
        _, delivered, cleared, boosts = scene_end(scene)
        pool = next_scene_pool(scene)
        names = {c.id: c.name for c in scene.characters}
        points = ", ".join(f"{names.get(w, w)} +{n}" for w, n in delivered.items())
        lines = [
            table.tr("ui.end_stress", names=", ".join(names[c] for c in cleared) or "—"),
            table.tr("ui.end_boosts", count=boosts),
            table.tr("ui.end_points", points=points or "—"),
            table.tr("ui.end_pool", before=scene.gm_pool, after=pool),
            table.tr("ui.end_turn"),
        ]
        table.push_screen(
            ConfirmDialog(
                table.view_state,
                table.tr("ui.end_title"),
                "\n".join(lines),
                EndScene(),
            ),
            apply_chosen(table),
        )


def tick_picks(scene: Scene) -> Picks:
    """The countdowns still running, each with its boxes checked."""
    return [
        (Tick(c.id).command(), f"{c.name} {c.checked}/{c.boxes}")
        for c in scene.countdowns
        if c.checked < c.boxes
    ]


def stress_picks(view: View, character: Character) -> Picks:
    """Each stress box of a character, checked or not."""
    return [
        (
            Stress(character.id, track.kind.value, box).command(),
            f"{view.tr(f'ui.stress.{track.kind.value}')} {box}"
            + (" ☒" if box in track.checked else " ☐"),
        )
        for track in character.stress
        for box in range(1, track.boxes + 1)
    ]


def move_picks(scene: Scene, view: View, character: Character) -> Picks:
    """The zones a character can move to (adjacent ones, or any while unplaced), each
    behind a barrier or block with what it takes and the odds of crossing."""
    zones = scene.adjacent(character.zone) if character.zone else tuple(z.id for z in scene.zones)
    return [
        (
            Move(character.id, zone_id).command(),
            scene.zone(zone_id).name + crossing(scene, view, character, zone_id),
        )
        for zone_id in zones
    ]


def crossing(scene: Scene, view: View, character: Character, zone_id: str) -> str:
    """`` (barrier +2: Athletics +3, 81% across)`` for a zone behind a barrier or block,
    else nothing: the skill is the one ``move`` rolls by default (the scene's physical
    defense), the chance the rules' for an overcome (a tie crosses at a minor cost). The
    roll itself is logged with its dice; $ turns a failure into success at a cost."""
    link = scene.link_between(character.zone, zone_id) if character.zone else None
    if link is None:
        return ""
    block = scene.obstacle_index.get(link.block or "")
    difficulty = crossing_difficulty(link.barrier, block if isinstance(block, Block) else None)
    if difficulty is None:
        return ""
    skill = scene.rules.roles.physical_defense
    rating = character.skill(skill)
    across = float(overcome_chance(odds(rating, difficulty)) * 100)
    return " " + view.tr(
        "ui.move_odds",
        difficulty=f"{difficulty:+d}",
        skill=skill,
        rating=f"{rating:+d}",
        chance=f"{across:.0f}%",
    )


__all__ = ["StepFlow", "move_picks", "stress_picks", "tick_picks"]
