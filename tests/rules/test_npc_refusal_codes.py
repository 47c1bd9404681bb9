"""A refused nameless NPC or hit on a group carries the rule's code and what it was about,
for the GM's language (docs/rules.md §7; message keys ``rules.CODE``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from fatescreen.rules.character import StressKind, StressTrack
from fatescreen.rules.errors import RulesError
from fatescreen.rules.npcs import apply_harm_to_group, minor_npc, mook_group, validate_minor

THUG = minor_npc("Thug", stress_boxes=2)
CULTISTS = mook_group("Cultists", 3, stress_boxes=1)
REFUSED: list[tuple[Callable[[], object], str, dict[str, object]]] = [
    (
        lambda: validate_minor(
            replace(THUG, stress=(*THUG.stress, StressTrack(StressKind.MENTAL, 3)))
        ),
        "minor.boxes",
        {"name": "Thug", "most": 3, "boxes": 5},
    ),
    (lambda: mook_group("Cultists", 0), "npcs.mook_group", {"name": "Cultists", "members": 0}),
    (
        lambda: minor_npc("Thug", stress_boxes=4),
        "npcs.build",
        {"name": "Thug", "MAX_MINOR_BOXES": 3, "stress_boxes": 4},
    ),
    (lambda: apply_harm_to_group(THUG, 1), "npcs.apply_harm_to_group", {"group_name": "Thug"}),
    (
        lambda: apply_harm_to_group(replace(CULTISTS, taken_out=True), 1),
        "npcs.apply_harm_to_group_2",
        {"group_name": "Cultists"},
    ),
]
"""A value or hit each rule refuses, the rule's code and the values the refusal names."""


@pytest.mark.parametrize(("make", "code", "values"), REFUSED, ids=[code for _, code, _ in REFUSED])
def test_a_refusal_names_its_rule_and_its_values(
    make: Callable[[], object], code: str, values: dict[str, object]
) -> None:
    with pytest.raises(RulesError) as refused:
        make()
    assert (refused.value.code, refused.value.values) == (code, values)
