"""Characters by zone, carried from one scene value to the next as a character changes."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from fatescreen.rules.character import Character
from fatescreen.scene.load import load_scene
from fatescreen.scene.memo import ByIdentity
from fatescreen.scene.model import Scene
from tests.scene.support import MID_CONFLICT

SCENE = load_scene(MID_CONFLICT).scene


def grouped(characters: tuple[Character, ...]) -> dict[str | None, tuple[Character, ...]]:
    """Characters by zone, worked out afresh in the scene's order."""
    zones: dict[str | None, list[Character]] = {}
    for character in characters:
        zones.setdefault(character.zone, []).append(character)
    return {zone: tuple(members) for zone, members in zones.items()}


steps = st.lists(
    st.tuples(
        st.integers(0, len(SCENE.characters) - 1),
        st.sampled_from([None, *(zone.id for zone in SCENE.zones)]),
        st.booleans(),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=60, deadline=None)
@given(steps)
def test_moves_and_changes_keep_the_zones_right_and_the_others_as_they_were(
    moves: list[tuple[int, str | None, bool]],
) -> None:
    """After each move (or a change that keeps the zone), the characters of each zone are
    those of a fresh grouping, in the scene's order; the zones the character neither left
    nor entered keep the very tuples they had."""
    scene: Scene = SCENE
    assert scene.characters_by_zone  # worked out once, then carried from value to value
    for index, zone, stays in moves:
        character = scene.characters[index]
        changed = (
            replace(character, fate_points=character.fate_points + 1)
            if stays
            else replace(character, zone=zone)
        )
        before = scene.characters_by_zone
        scene = scene.with_character(changed)
        after = scene.characters_by_zone
        assert after == grouped(scene.characters)
        touched = {character.zone, changed.zone}
        for zone_id, members in before.items():
            if zone_id not in touched:
                assert after[zone_id] is members


def test_a_value_is_known_only_once_worked_out_or_remembered() -> None:
    """``known`` answers without working anything out."""
    lengths = ByIdentity(len)
    worked, remembered, other = (1, 2), (3,), (4,)
    assert lengths.known(worked) is None
    assert lengths(worked) == 2
    assert lengths.known(worked) == 2
    lengths.remember(remembered, 7)
    assert lengths.known(remembered) == 7
    assert lengths.known(other) is None
