"""Fate Core's valued stress boxes as Fate Condensed's one-point boxes (docs/import.md): a
table of hand-worked tracks, and properties that hold for any track."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.stress_boxes import MAX_BOXES, BoxRule, one_point_track

CASES = [
    # values, checked, boxes, checked boxes, rule
    ((1, 1, 1), (False, True, False), 3, {2}, BoxRule.ONE_POINT),
    ((1, 2), (False, False), 3, set(), BoxRule.ESCALATING),
    ((1, 2), (True, True), 3, {1, 2, 3}, BoxRule.ESCALATING),
    ((1, 2, 3), (False, True, False), 4, {1, 2}, BoxRule.ESCALATING),
    ((1, 2, 3), (False, False, True), 4, {1, 2, 3}, BoxRule.ESCALATING),
    ((1, 2, 3, 4), (True, False, True, False), 6, {1, 2, 3, 4}, BoxRule.ESCALATING),
    ((1, 2, 3, 4), (False, False, False, True), 6, {1, 2, 3, 4}, BoxRule.ESCALATING),
    ((1, 2, 3, 4, 5), (False,) * 5, 7, set(), BoxRule.ESCALATING),
    ((1, 2, 3, 4, 5, 6), (False,) * 5 + (True,), 8, {1, 2, 3, 4, 5, 6}, BoxRule.ESCALATING),
    ((2, 2), (True, False), 4, {1, 2}, BoxRule.SUMMED),
    ((1, 3), (False, True), 4, {1, 2, 3}, BoxRule.SUMMED),
    ((3,), (True,), 3, {1, 2, 3}, BoxRule.SUMMED),
    ((), (), 0, set(), BoxRule.ONE_POINT),
]


@pytest.mark.parametrize(("values", "checked", "boxes", "marked", "rule"), CASES)
def test_a_track_as_one_point_boxes(
    values: tuple[int, ...], checked: tuple[bool, ...], boxes: int, marked: set[int], rule: BoxRule
) -> None:
    track = one_point_track(values, checked)
    assert (track.boxes, set(track.checked), track.rule) == (boxes, marked, rule)


def test_a_scene_of_escalating_boxes_keeps_every_track() -> None:
    track = one_point_track((1, 2, 3), (False, True, False), escalating_scene=True)
    assert (track.boxes, set(track.checked), track.rule) == (3, {2}, BoxRule.KEPT)


TRACKS = st.lists(
    st.tuples(st.integers(min_value=1, max_value=12), st.booleans()), max_size=30
).map(lambda boxes: (tuple(v for v, _ in boxes), tuple(c for _, c in boxes)))


@given(TRACKS, st.booleans())
def test_checked_boxes_are_on_the_track(
    track: tuple[tuple[int, ...], tuple[bool, ...]], escalating: bool
) -> None:
    values, checked = track
    made = one_point_track(values, checked, escalating_scene=escalating)
    assert 0 <= made.boxes <= MAX_BOXES
    assert all(1 <= box <= made.boxes for box in made.checked)


@given(TRACKS)
def test_a_converted_track_absorbs_no_less_than_its_checked_boxes_were_worth(
    track: tuple[tuple[int, ...], tuple[bool, ...]],
) -> None:
    values, checked = track
    made = one_point_track(values, checked)
    worth = sum(v for v, c in zip(values, checked, strict=True) if c)
    if made.rule is BoxRule.ONE_POINT:
        assert made.checked == frozenset(i + 1 for i, c in enumerate(checked) if c)
    else:
        assert len(made.checked) == min(worth, made.boxes)
        assert made.checked == frozenset(range(1, len(made.checked) + 1))
    # never fewer boxes than the sheet's track had
    assert made.boxes >= min(len(values), MAX_BOXES)
