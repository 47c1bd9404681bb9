"""Undo and redo: random sequences of scene changes undo back to the original scene and redo
forward to the final one."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.aspects import GM
from fatescreen.scene.history import History, NothingToUndo, Step
from fatescreen.scene.load import load_scene
from fatescreen.scene.model import Scene
from tests.scene.support import MID_CONFLICT, SCENES, move, set_scene_aspect, toggle_box

START = {
    "golden-mask": load_scene(SCENES / "golden-mask.toml").scene,
    "mid-conflict": load_scene(MID_CONFLICT).scene,
}


@dataclass(frozen=True)
class Change:
    """One scene-level change, with numbers reduced modulo what the scene offers."""

    kind: str
    first: int
    second: int
    third: int

    def apply(self, scene: Scene) -> tuple[str, Scene]:
        """The change's label and the scene after it."""
        characters = scene.characters
        if self.kind == "toggle":
            character = characters[self.first % len(characters)]
            tracks = [track for track in character.stress if track.boxes]
            if not tracks:
                return f"Nothing to mark on {character.name}", scene
            track = tracks[self.second % len(tracks)]
            box = self.third % track.boxes + 1
            label = f"Toggle {track.kind.value} box {box} of {character.name}"
            return label, toggle_box(scene, character.id, box, track.kind)
        if self.kind == "pool":
            return f"GM pool to {self.first % 8}", scene.with_changes(gm_pool=self.first % 8)
        if self.kind == "invoke":
            index = self.first % len(scene.aspects)
            owners = [GM, *(c.id for c in characters)]
            owner = owners[self.second % len(owners)]
            aspect = scene.aspects[index].with_free_invokes(owner)
            return f"Free invoke on {aspect.name} for {owner}", set_scene_aspect(
                scene, index, aspect
            )
        character = characters[self.first % len(characters)]
        zone = scene.zones[self.second % len(scene.zones)]
        return f"Move {character.name} to {zone.name}", move(scene, character.id, zone.id)


changes = st.builds(
    Change,
    st.sampled_from(["toggle", "pool", "invoke", "move"]),
    st.integers(0, 1000),
    st.integers(0, 1000),
    st.integers(0, 1000),
)


def _record(start: Scene, sequence: list[Change]) -> tuple[History, list[Scene]]:
    history = History()
    states = [start]
    for change in sequence:
        label, after = change.apply(states[-1])
        history = history.record(Step(label, states[-1], after))
        states.append(after)
    return history, states


@given(st.sampled_from(sorted(START)), st.lists(changes, max_size=40))
def test_undo_all_then_redo_all(start_name: str, sequence: list[Change]) -> None:
    """Undoing every step walks back through each earlier scene to the original; redoing
    every step walks forward again to the final scene; then nothing is left to redo."""
    history, states = _record(START[start_name], sequence)
    current = states[-1]
    for expected in reversed(states[:-1]):
        history, step = history.undo()
        assert step.after == current
        current = step.before
        assert current == expected
    assert current == START[start_name]
    with pytest.raises(NothingToUndo):
        history.undo()
    for expected in states[1:]:
        history, step = history.redo()
        current = step.after
        assert current == expected
    assert current == states[-1]
    with pytest.raises(NothingToUndo):
        history.redo()


@given(st.lists(changes, min_size=2, max_size=10), changes)
def test_a_new_step_after_undo_drops_the_redo(sequence: list[Change], extra: Change) -> None:
    """Recording a step after an undo forgets what was undone: redo has nothing to take."""
    history, _ = _record(START["mid-conflict"], sequence)
    history, step = history.undo()
    label, after = extra.apply(step.before)
    history = history.record(Step(label, step.before, after))
    assert history.undone == ()
    assert history.done[-1].after == after
    with pytest.raises(NothingToUndo):
        history.redo()


def test_history_keeps_only_the_newest_steps() -> None:
    """With a limit of 3 steps, the oldest steps are dropped and cannot be undone."""
    scene = START["golden-mask"]
    history = History(limit=3)
    for pool in range(1, 6):
        history = history.record(Step(f"pool {pool}", scene, replace(scene, gm_pool=pool)))
    assert [step.label for step in history.done] == ["pool 3", "pool 4", "pool 5"]


def test_labels_say_what_changed() -> None:
    """Each step carries the human-readable label it was recorded with."""
    history, _ = _record(START["golden-mask"], [Change("toggle", 0, 0, 1)])
    assert history.done[0].label == "Toggle physical box 2 of Silbestre"
