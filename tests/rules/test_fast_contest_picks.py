"""One pick per member per exchange of a faster contest (docs/rules.md §8)."""

from __future__ import annotations

import pytest

from fatescreen.rules.contests import (
    ContestSide,
    FastContestAction,
    FastContestPlan,
    fast_exchange_pick,
)
from fatescreen.rules.errors import ContestError

GANG = ContestSide("Pursuers", ("ana", "bo"))
ROLL, TEAMWORK = FastContestAction.ROLL, FastContestAction.TEAMWORK


def test_a_pick_joins_the_sides_plan() -> None:
    """§8: each member picks one action; one of them makes the side's roll."""
    plan = fast_exchange_pick(GANG, {"ana": TEAMWORK}, "bo", ROLL)
    assert plan == FastContestPlan("Pursuers", roller="bo", helpers=("ana",))


def test_a_member_who_picked_picks_nothing_more() -> None:
    """§8: «kukin osallistuja voi valita vain yhden seuraavista toiminnoista»."""
    with pytest.raises(ContestError) as refused:
        fast_exchange_pick(GANG, {"ana": TEAMWORK}, "ana", ROLL)
    assert str(refused.value) == "ana already picked teamwork this exchange of a faster contest"
    assert (refused.value.code, refused.value.values) == (
        "contests.fast_exchange_pick",
        {"member": "ana", "action": TEAMWORK},
    )
