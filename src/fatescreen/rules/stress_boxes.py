"""Fate Core's valued stress boxes ([1][2][3][4]) as Fate Condensed's one-point boxes.

A sheet kept in another tool may number its stress boxes: Fate Core's box N absorbs up to N
shifts, one box a hit. Fate Condensed's boxes are worth one shift each. These rules decide
how many one-point boxes such a track becomes, and which of them are checked; docs/import.md
states them with a table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

ESCALATING_SIZES = {2: 3, 3: 4, 4: 6}
"""Fate Core's escalating track (by its number of boxes) and the Condensed track of the same
skill rating: [1][2] at Mediocre is 3 boxes, [1][2][3] at Average or Fair 4, [1][2][3][4] at
Good and up 6 (§6 «Rasitus»); each box past the fourth adds one more."""
MAX_BOXES = 100
"""The most boxes a track may have (as in a scene file)."""


class BoxRule(StrEnum):
    """Which rule made a track's one-point boxes."""

    ONE_POINT = "one_point"
    """Every box was worth one shift already: kept as it was."""
    ESCALATING = "escalating"
    """Fate Core's [1][2][3]...: the Condensed track of the same skill rating."""
    SUMMED = "summed"
    """Other values: one box for each shift the track's boxes absorb in all."""
    KEPT = "kept"
    """The scene counts escalating boxes itself (its ``escalating_stress_boxes`` rule): the
    boxes are kept as they were, box N absorbing N shifts."""


@dataclass(frozen=True)
class OnePointTrack:
    """A stress track as fatescreen keeps it: its boxes, the checked ones (numbered from 1)
    and the rule that made it."""

    boxes: int
    checked: frozenset[int]
    rule: BoxRule


def _escalating_size(count: int) -> int:
    if count in ESCALATING_SIZES:
        return ESCALATING_SIZES[count]
    return ESCALATING_SIZES[4] + count - 4


def one_point_track(
    values: tuple[int, ...], checked: tuple[bool, ...], *, escalating_scene: bool = False
) -> OnePointTrack:
    """The one-point track a track of valued boxes becomes.

    Args:
        values: Each box's value, left to right (1 for a box without a number).
        checked: Whether each box is checked (as many as ``values``).
        escalating_scene: The scene uses Fate Core's escalating boxes itself.

    Returns:
        Boxes worth one shift each. A track of ones is kept as it is, checked boxes where
        they were. Fate Core's [1][2]...[N] becomes the Condensed track of the same skill
        rating (:data:`ESCALATING_SIZES`); any other values one box per point. Converted
        tracks check as many boxes from the left as the checked boxes were worth (never more
        than the track holds). In a scene with escalating boxes every track is kept as it is.
    """
    marked = frozenset(number for number, mark in enumerate(checked, start=1) if mark)
    if escalating_scene or all(value == 1 for value in values):
        rule = BoxRule.KEPT if escalating_scene else BoxRule.ONE_POINT
        kept = min(len(values), MAX_BOXES)
        return OnePointTrack(kept, frozenset(box for box in marked if box <= kept), rule)
    worth = sum(value for value, mark in zip(values, checked, strict=True) if mark)
    if values == tuple(range(1, len(values) + 1)):
        boxes, rule = _escalating_size(len(values)), BoxRule.ESCALATING
    else:
        boxes, rule = sum(values), BoxRule.SUMMED
    boxes = min(boxes, MAX_BOXES)
    return OnePointTrack(boxes, frozenset(range(1, min(worth, boxes) + 1)), rule)
