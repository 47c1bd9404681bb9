"""A refused turn, teamwork or split carries the rule's code and what it was about, for the
GM's language (docs/rules.md §4, §8; message keys ``rules.CODE``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fatescreen.rules.conflict import (
    TurnOrder,
    add_participant,
    hand_to,
    next_exchange,
    pick_roller,
    split_attack,
    split_effort,
    start,
    teamwork,
)
from fatescreen.rules.errors import RulesError

WAITING = TurnOrder(2, ("ana", "bo"))
BEGUN = TurnOrder(2, ("ana", "bo", "cy"), ("ana",), "ana")
DONE = TurnOrder(2, ("ana", "bo"), ("ana", "bo"), "bo")

REFUSED: list[tuple[Callable[[], object], str, dict[str, object]]] = [
    (lambda: TurnOrder(0), "exchange.from_one", {"exchange": 0}),
    (lambda: TurnOrder(1, ("bo", "ana", "bo")), "turn.twice_participants", {"names": "bo"}),
    (lambda: TurnOrder(1, ("ana",), ("ana", "ana")), "turn.twice_acted", {"names": "ana"}),
    (lambda: TurnOrder(1, ("ana",), ("bo",), "bo"), "turn.up_out", {"name": "bo"}),
    (lambda: TurnOrder(1, ("ana",), (), "ana"), "turn.up_not_acting", {"name": "ana"}),
    (
        lambda: start(WAITING, "dee"),
        "conflict.must_take_part",
        {"pid": "dee", "value": "ana, bo"},
    ),
    (lambda: start(BEGUN, "bo"), "conflict.start", {"exchange": 2}),
    (lambda: hand_to(WAITING, "bo"), "conflict.hand_to", {"exchange": 2, "value": "ana, bo"}),
    (
        lambda: hand_to(DONE, "ana"),
        "conflict.hand_to_2",
        {"exchange": 2, "picker": "bo", "value": 3},
    ),
    (
        lambda: hand_to(BEGUN, "ana"),
        "conflict.hand_to_3",
        {"next_id": "ana", "exchange": 2, "value": "bo, cy"},
    ),
    (
        lambda: next_exchange(BEGUN, "ana"),
        "conflict.next_exchange",
        {"exchange": 2, "value": "bo, cy"},
    ),
    (lambda: add_participant(WAITING, "bo"), "conflict.add_participant", {"pid": "bo"}),
    (lambda: pick_roller({}), "conflict.pick_roller", {}),
    (
        lambda: teamwork({"ana": 2, "bo": 1}, "cy"),
        "conflict.teamwork",
        {"chosen": "cy", "value": "ana, bo"},
    ),
    (
        lambda: teamwork({"ana": 2, "bo": 1}, "bo"),
        "conflict.teamwork_2",
        {"chosen": "bo", "value": "+1", "value_": "ana", "value__": "+2"},
    ),
    (lambda: split_effort(0, {"ana": 1}), "conflict.split_effort", {"value": "+0"}),
    (lambda: split_effort(3, {}), "conflict.split_effort_2", {}),
    (
        lambda: split_effort(3, {"ana": 3, "bo": 0}),
        "conflict.split_effort_4",
        {"target": "bo", "share": 0},
    ),
    (
        lambda: split_effort(3, {"ana": 1, "bo": 1}),
        "conflict.split_effort_3",
        {"given": 2, "value": "+3"},
    ),
    (
        lambda: split_attack(3, {"ana": 3}, {"ana": 1, "bo": 2}),
        "conflict.split_attack",
        {"value": "bo"},
    ),
    (lambda: split_attack(3, {"ana": 3}, {}), "conflict.defense_for", {"target": "ana"}),
]
"""A step or value each rule refuses, the rule's code and the values the refusal names."""


@pytest.mark.parametrize(("make", "code", "values"), REFUSED, ids=[code for _, code, _ in REFUSED])
def test_a_refusal_names_its_rule_and_its_values(
    make: Callable[[], object], code: str, values: dict[str, object]
) -> None:
    with pytest.raises(RulesError) as refused:
        make()
    assert (refused.value.code, refused.value.values) == (code, values)
