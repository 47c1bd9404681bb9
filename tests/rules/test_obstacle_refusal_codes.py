"""A refused obstacle or countdown step carries the rule's code and what it was about, for
the GM's language (docs/rules.md §7; message keys ``rules.CODE``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fatescreen.rules.errors import RulesError
from fatescreen.rules.obstacles import (
    Block,
    Countdown,
    Distraction,
    DistractionAnswer,
    Hazard,
    tick,
    untick,
)

WATER = Countdown("Water", 3, checked=1)
REFUSED: list[tuple[Callable[[], object], str, dict[str, object]]] = [
    (lambda: Hazard("Rocks", -1), "hazard.negative_rating", {"name": "Rocks", "value": -1}),
    (
        lambda: Hazard("Rocks", 2, weapon=-2),
        "hazard.negative_weapon",
        {"name": "Rocks", "value": -2},
    ),
    (lambda: Block("Gate", 2, removal=-3), "block.negative_removal", {"name": "Gate", "value": -3}),
    (lambda: Block("Gate", 2, between=("hall", "hall")), "block.between", {"name": "Gate"}),
    (lambda: Distraction("Miners", " "), "distraction.choice", {"name": "Miners"}),
    (
        lambda: Distraction("Miners", "Save them?", difficulty=-1),
        "distraction.negative_difficulty",
        {"name": "Miners", "value": -1},
    ),
    (
        lambda: Distraction(
            "Miners",
            "Save them?",
            (DistractionAnswer("Yes", "late"), DistractionAnswer("yes", "x")),
        ),
        "distraction.answer_twice",
        {"name": "Miners"},
    ),
    (lambda: Countdown("Water", 0), "countdown.boxes", {"name": "Water", "boxes": 0}),
    (
        lambda: Countdown("Water", 3, checked=4),
        "countdown.checked",
        {"name": "Water", "boxes": 3, "checked": 4},
    ),
    (lambda: tick(WATER, 0), "obstacles.tick", {"n": 0}),
    (
        lambda: tick(Countdown("Water", 3, checked=3)),
        "obstacles.tick_2",
        {"countdown_name": "Water"},
    ),
    (lambda: untick(WATER, -1), "obstacles.untick", {"n": -1}),
    (
        lambda: untick(WATER, 2),
        "obstacles.untick_2",
        {"countdown_name": "Water", "checked": 1, "n": 2},
    ),
]
"""A value or step each rule refuses, the rule's code and the values the refusal names."""


@pytest.mark.parametrize(("make", "code", "values"), REFUSED, ids=[code for _, code, _ in REFUSED])
def test_a_refusal_names_its_rule_and_its_values(
    make: Callable[[], object], code: str, values: dict[str, object]
) -> None:
    with pytest.raises(RulesError) as refused:
        make()
    assert (refused.value.code, refused.value.values) == (code, values)
