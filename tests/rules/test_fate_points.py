"""Fate points: ledger, refresh, the GM pool, compels, concessions (docs/rules.md §3, §5, §6)."""

from __future__ import annotations

from collections import defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.aspects import GM, Aspect, AspectKind, boost
from fatescreen.rules.errors import IllegalCompel, NotEnoughFatePoints
from fatescreen.rules.fate_points import (
    CompelState,
    Ledger,
    LedgerEntry,
    accept_compel,
    carry_npc_points,
    concession_payout,
    declare_story_detail,
    deliver_held,
    gm_pool_size,
    npc_carried_points,
    offer_compel,
    opening_ledger,
    pay_concession,
    refresh_at_session_start,
    refuse_compel,
    start_scene,
    withdraw_compel,
)

TROUBLE = Aspect("Owes the Mob", AspectKind.TROUBLE)


def test_give_and_spend_are_entries_with_reasons() -> None:
    """§3: every change to fate points is a ledger entry with a reason."""
    ledger = Ledger().give("ana", "accepted a compel", 2).spend("ana", "invoke: Tough")
    assert ledger.balance("ana") == 1
    assert ledger.entries == (
        LedgerEntry("ana", 2, "accepted a compel"),
        LedgerEntry("ana", -1, "invoke: Tough"),
    )


def test_spending_at_zero_is_refused() -> None:
    """§3: a fate point cannot be spent without one."""
    with pytest.raises(NotEnoughFatePoints, match="ana has 0 fate points, cannot pay 1 for invoke"):
        Ledger().spend("ana", "invoke: Tough")
    with pytest.raises(NotEnoughFatePoints, match="the GM pool has 1 fate points, cannot pay 2"):
        opening_ledger({GM: 1}).spend(GM, "stunt", 2)


def test_bad_amounts_and_empty_entries() -> None:
    with pytest.raises(ValueError, match="must be positive"):
        Ledger().give("ana", "nothing", 0)
    with pytest.raises(ValueError, match="must change the fate points"):
        LedgerEntry("ana", 0, "nothing")
    with pytest.raises(ValueError, match="cannot be negative"):
        opening_ledger({"ana": -1})


@pytest.mark.parametrize(
    ("before", "refresh", "after", "new_entries"),
    [(0, 3, 3, 1), (1, 3, 3, 1), (3, 3, 3, 0), (5, 3, 5, 0), (2, 4, 4, 1)],
)
def test_refresh_at_session_start(before: int, refresh: int, after: int, new_entries: int) -> None:
    """§3: at session start FP = max(FP, refresh); an unchanged balance adds no entry."""
    start = opening_ledger({"ana": before})
    ledger = refresh_at_session_start(start, "ana", refresh)
    assert ledger.balance("ana") == after
    assert len(ledger.entries) - len(start.entries) == new_entries


def test_seed_gm_pool_for_dolors_cabra() -> None:
    """§3 seed «Fate-pisteesi»: four PCs and Dolors, who conceded having taken a moderate
    consequence: the GM pool is 4 + 2 = 6."""
    assert concession_payout(consequences_taken=1) == 2
    assert npc_carried_points(conceded=True, consequences_taken=1, hostile_invokes=0) == 2
    assert gm_pool_size(4, [2]) == 6

    after_conflict = carry_npc_points(Ledger(), "dolors", conceded=True, consequences_taken=1)
    assert after_conflict.balance("dolors") == 2
    scene = start_scene(after_conflict, pcs_in_scene=4, present_npcs=["dolors"])
    assert scene.balance(GM) == 6
    assert scene.balance("dolors") == 0


def test_gm_pool_resets_each_scene_and_keeps_late_compel_points() -> None:
    """§3: the pool is set at every scene start (one per PC), plus compel points received at
    the end of the previous scene; absent NPCs keep their carried points."""
    ledger = opening_ledger({GM: 5, "dolors": 2})
    scene = start_scene(ledger, pcs_in_scene=3, present_npcs=[], unspent_compel_points=1)
    assert scene.balance(GM) == 4
    assert scene.balance("dolors") == 2
    assert gm_pool_size(3, [], 1) == 4
    with pytest.raises(ValueError, match="cannot be negative"):
        gm_pool_size(-1)


@pytest.mark.parametrize(
    ("conceded", "consequences", "hostile", "points"),
    [(False, 0, 0, 0), (True, 0, 0, 1), (False, 2, 0, 2), (True, 2, 1, 4), (False, 0, 3, 3)],
)
def test_npc_carried_points(conceded: bool, consequences: int, hostile: int, points: int) -> None:
    """§3: one per consequence taken, one for a concession, one per hostile invoke."""
    assert (
        npc_carried_points(
            conceded=conceded, consequences_taken=consequences, hostile_invokes=hostile
        )
        == points
    )


def test_hostile_invoke_points_reach_the_gm_pool_through_the_npc() -> None:
    """§3: points held for an NPC are delivered at scene end and join the pool when the NPC
    next appears."""
    ledger = Ledger().hold("dolors", "hostile invoke of Vain by ana")
    assert (ledger.balance("dolors"), ledger.held("dolors")) == (0, 1)
    ledger = deliver_held(ledger)
    assert start_scene(ledger, 4, ["dolors"]).balance(GM) == 5


def test_held_points_cannot_be_spent_before_delivery() -> None:
    """§3: a hostile invoke's point can be used only after the current scene."""
    ledger = Ledger().hold("bruno", "hostile invoke of Owes the Mob by ana", 2)
    with pytest.raises(NotEnoughFatePoints, match="bruno has 0 fate points"):
        ledger.spend("bruno", "invoke: Tough")
    delivered = deliver_held(ledger)
    assert (delivered.balance("bruno"), delivered.held("bruno")) == (2, 0)
    assert deliver_held(delivered) == delivered
    assert deliver_held(ledger, who=["ana"]) == ledger


@pytest.mark.parametrize(("consequences", "payout"), [(0, 1), (1, 2), (3, 4)])
def test_concession_pays_one_plus_one_per_consequence(consequences: int, payout: int) -> None:
    """§6: conceding gives 1 FP + 1 per consequence taken in this conflict."""
    assert concession_payout(consequences) == payout
    assert pay_concession(Ledger(), "ana", consequences).balance("ana") == payout


def test_concession_rejects_negative_counts() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        concession_payout(-1)


def test_gm_compel_accepted_gives_a_point_and_never_costs_the_pool() -> None:
    """§3: accepting gains 1 FP now; the GM's compels cost the GM pool nothing."""
    ledger = opening_ledger({GM: 0, "ana": 0})
    offered = offer_compel(ledger, TROUBLE, "ana")
    assert offered.ledger == ledger
    accepted = accept_compel(offered.ledger, offered.compel)
    assert accepted.compel.state is CompelState.ACCEPTED
    assert (accepted.ledger.balance("ana"), accepted.ledger.balance(GM)) == (1, 0)


def test_refusing_a_compel_costs_a_point_and_is_impossible_at_zero() -> None:
    """§3: refusing pays 1 FP; with no fate points a compel cannot be refused."""
    offered = offer_compel(opening_ledger({"ana": 1}), TROUBLE, "ana")
    refused = refuse_compel(offered.ledger, offered.compel)
    assert (refused.compel.state, refused.ledger.balance("ana")) == (CompelState.REFUSED, 0)
    broke = offer_compel(Ledger(), TROUBLE, "ana")
    with pytest.raises(NotEnoughFatePoints, match="ana has no fate points and cannot refuse"):
        refuse_compel(broke.ledger, broke.compel)


def test_a_player_compelling_pays_from_their_own_points() -> None:
    """§3: a player offering a compel on another character pays one of their own points."""
    ledger = opening_ledger({"ana": 1, "bruno": 0})
    offered = offer_compel(ledger, TROUBLE, "bruno", offered_by="ana")
    assert offered.ledger.balance("ana") == 0
    accepted = accept_compel(offered.ledger, offered.compel)
    assert (accepted.ledger.balance("ana"), accepted.ledger.balance("bruno")) == (0, 1)
    with pytest.raises(NotEnoughFatePoints, match="ana has 0 fate points"):
        offer_compel(offered.ledger, TROUBLE, "bruno", offered_by="ana")


def test_self_compel_is_free_and_npc_refusals_come_from_the_gm_pool() -> None:
    """§3: compelling your own character costs nothing; the GM refuses for an NPC from the pool."""
    ledger = opening_ledger({"ana": 0, GM: 1, "bruno": 1})
    assert offer_compel(ledger, TROUBLE, "ana", offered_by="ana").ledger == ledger
    offered = offer_compel(ledger, TROUBLE, "dolors", offered_by="bruno", account=GM)
    refused = refuse_compel(offered.ledger, offered.compel)
    assert (refused.ledger.balance(GM), refused.ledger.balance("bruno")) == (0, 0)


def test_withdrawn_compel_costs_no_one() -> None:
    """§3: a compel the table finds unfitting is withdrawn at no cost to anyone."""
    ledger = opening_ledger({"ana": 1})
    offered = offer_compel(ledger, TROUBLE, "bruno", offered_by="ana")
    withdrawn = withdraw_compel(offered.ledger, offered.compel)
    assert withdrawn.compel.state is CompelState.WITHDRAWN
    assert withdrawn.ledger.balance("ana") == 1


def test_a_compel_is_settled_once() -> None:
    offered = offer_compel(Ledger(), TROUBLE, "ana")
    accepted = accept_compel(offered.ledger, offered.compel)
    with pytest.raises(IllegalCompel, match="is already accepted"):
        refuse_compel(accepted.ledger, accepted.compel)


def test_a_boost_cannot_be_compelled() -> None:
    """§3: boosts cannot be compelled."""
    with pytest.raises(IllegalCompel, match="a boost cannot be compelled"):
        offer_compel(Ledger(), boost("Off Balance", "ana"), "ana")


def test_declaring_a_story_detail() -> None:
    """§3: a story detail costs 1 FP unless the aspect clearly covers it."""
    ledger = opening_ledger({"ana": 1})
    assert declare_story_detail(ledger, "ana", "an old friend", covered=True) == ledger
    assert declare_story_detail(ledger, "ana", "an old friend", covered=False).balance("ana") == 0


operation = st.tuples(
    st.sampled_from(["give", "spend", "hold", "deliver", "refresh", "scene"]),
    st.sampled_from(["ana", "bruno", GM]),
    st.integers(1, 4),
)


@given(st.lists(operation, max_size=30))
def test_ledger_balance_is_the_sum_of_entries_and_never_negative(
    operations: list[tuple[str, str, int]],
) -> None:
    """§3 property: a balance equals the sum of its entries and never goes below zero, under
    any sequence of gains, spends, held points, deliveries, refreshes and scene starts."""
    ledger = Ledger()
    expected: dict[str, int] = defaultdict(int)
    held: dict[str, int] = defaultdict(int)
    for name, who, amount in operations:
        try:
            if name == "give":
                ledger = ledger.give(who, "test", amount)
                expected[who] += amount
            elif name == "spend":
                ledger = ledger.spend(who, "test", amount)
                expected[who] -= amount
            elif name == "hold":
                ledger = ledger.hold(who, "test", amount)
                held[who] += amount
            elif name == "deliver":
                ledger = deliver_held(ledger)
                for person, points in held.items():
                    expected[person] += points
                held.clear()
            elif name == "refresh":
                ledger = refresh_at_session_start(ledger, who, amount)
                expected[who] = max(expected[who], amount)
            else:
                ledger = start_scene(ledger, amount, ["bruno"])
                expected[GM] = amount + expected["bruno"]
                expected["bruno"] = 0
        except NotEnoughFatePoints:
            assert name == "spend"
            assert expected[who] < amount
        for person in ("ana", "bruno", GM):
            mine = [e for e in ledger.entries if e.who == person]
            assert ledger.balance(person) == expected[person] >= 0
            assert ledger.held(person) == held[person] >= 0
            assert ledger.balance(person) + ledger.held(person) == sum(e.delta for e in mine)
            running = 0
            for entry in mine:
                running += 0 if entry.held_until_scene_end else entry.delta
                assert running >= 0
