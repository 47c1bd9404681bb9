"""A refused contest or challenge step carries the rule's code and what it was about, for
the GM's language (docs/rules.md §5; message keys ``rules.CODE``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fatescreen.rules.contests import (
    Challenge,
    ChallengeTask,
    Contest,
    ContestSide,
    FastContestAction,
    contest_exchange,
    direct_contest_shifts,
    plan_fast_exchange,
    record_task,
)
from fatescreen.rules.errors import RulesError
from fatescreen.rules.outcomes import Outcome

CHASE = Contest("Chase", (ContestSide("Pursuers"), ContestSide("Mirel")))
GANG = ContestSide("Pursuers", ("ana", "bo"))
SWIM = ChallengeTask("Swim", "Athletics", 2)
FLOOD = Challenge("Flood", (SWIM, ChallengeTask("Climb", "Physique", 1, Outcome.SUCCESS)))
ROLL = FastContestAction.ROLL

REFUSED: list[tuple[Callable[[], object], str, dict[str, object]]] = [
    (
        lambda: ContestSide("Mirel", (), -1),
        "contest.side_victories",
        {"side": "Mirel", "victories": -1},
    ),
    (
        lambda: Contest("Chase", CHASE.sides, 9),
        "contest.needed",
        {"name": "Chase", "low": 3, "high": 5, "needed": 9},
    ),
    (lambda: Contest("Chase", CHASE.sides[:1]), "contest.two_sides", {"name": "Chase"}),
    (lambda: Contest("Chase", CHASE.sides[:1] * 2), "contest.side_twice", {"name": "Chase"}),
    (lambda: Contest("Chase", CHASE.sides, exchange=0), "exchange.from_one", {"exchange": 0}),
    (
        lambda: Contest("Chase", CHASE.sides, winner="Nobody"),
        "contest.winner",
        {"name": "Chase", "winner": "Nobody"},
    ),
    (
        lambda: CHASE.side("Guards"),
        "contests.side",
        {"name": "Guards", "self_name": "Chase", "value": "Pursuers, Mirel"},
    ),
    (lambda: direct_contest_shifts({"Mirel": 3}), "contests.direct_contest_shifts", {}),
    (
        lambda: contest_exchange(Contest("Chase", CHASE.sides, winner="Mirel"), {"Mirel": 1}),
        "contests.contest_exchange",
        {"contest_name": "Chase", "winner": "Mirel"},
    ),
    (
        lambda: contest_exchange(CHASE, {"Mirel": 1, "Pursuers": 0}, ("Mirel",)),
        "contests.contest_exchange_2",
        {"value": "Mirel"},
    ),
    (
        lambda: contest_exchange(CHASE, {"Mirel": 1}),
        "contests.contest_exchange_3",
        {"value": "Pursuers"},
    ),
    (
        lambda: plan_fast_exchange(GANG, {"cy": ROLL, "dee": ROLL}),
        "contests.plan_fast_exchange",
        {"value": "cy, dee", "side_name": "Pursuers"},
    ),
    (
        lambda: plan_fast_exchange(GANG, {"ana": ROLL, "bo": ROLL}),
        "contests.plan_fast_exchange_2",
        {"side_name": "Pursuers", "value": "ana, bo"},
    ),
    (
        lambda: FLOOD.task("Dive"),
        "contests.task",
        {"name": "Dive", "self_name": "Flood", "listed": "Swim, Climb"},
    ),
    (
        lambda: record_task(Challenge("Flood", (SWIM,), done=True), "Swim", Outcome.SUCCESS),
        "contests.record_task",
        {"challenge_name": "Flood"},
    ),
    (
        lambda: record_task(FLOOD, "Climb", Outcome.FAIL),
        "contests.task_rolled",
        {"name": "Climb", "outcome": Outcome.SUCCESS},
    ),
    (
        lambda: record_task(FLOOD, "Swim", Outcome.SUCCESS, cost="wet"),
        "contests.record_task_3",
        {"task_name": "Swim"},
    ),
    (
        lambda: ChallengeTask("Swim", "Athletics", 2, Outcome.SUCCESS, cost="soaked"),
        "challenge.cost",
        {"name": "Swim"},
    ),
    (lambda: Challenge("Flood", (SWIM, SWIM)), "challenge.task_twice", {"name": "Flood"}),
]
"""A value or step each rule refuses, the rule's code and the values the refusal names."""


@pytest.mark.parametrize(("make", "code", "values"), REFUSED, ids=[code for _, code, _ in REFUSED])
def test_a_refusal_names_its_rule_and_its_values(
    make: Callable[[], object], code: str, values: dict[str, object]
) -> None:
    with pytest.raises(RulesError) as refused:
        make()
    assert (refused.value.code, refused.value.values) == (code, values)
