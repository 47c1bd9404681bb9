"""Invoking aspects: paid, free and hostile invokes, boosts, passing free invokes
(docs/rules.md §3)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.aspects import GM, Aspect, AspectKind, boost
from fatescreen.rules.dice import parse_faces, roll_4df
from fatescreen.rules.errors import IllegalInvoke, NotEnoughFatePoints
from fatescreen.rules.fate_points import deliver_held, opening_ledger
from fatescreen.rules.invokes import (
    Invoke,
    InvokeEffect,
    Payment,
    apply_invokes,
    charge_invokes,
    index_aspects,
    pass_free_invokes,
    validate_invokes,
    without_boosts,
)
from fatescreen.rules.outcomes import Bonus, Effort, Outcome, RollResult, resolve

BURNING = Aspect("Burning Warehouse", AspectKind.SITUATION, free_invokes=("ana", "ana", "bruno"))
TROUBLE = Aspect("Owes the Mob", AspectKind.TROUBLE)
OFF_BALANCE = boost("Off Balance", "ana")
ASPECTS = index_aspects([BURNING, TROUBLE, OFF_BALANCE])


def roll(rating: int = 2, faces: str = "0000", opposition: int = 3) -> RollResult:
    return resolve(Effort(rating, parse_faces(faces)), opposition)


def test_paid_bonus_invoke_adds_two_and_costs_a_point() -> None:
    """§3: a paid invoke gives +2 for a fate point."""
    outcome = apply_invokes(roll(), [Invoke("burning-warehouse", "ana")], ASPECTS)
    assert outcome.result.effort.bonuses == (
        Bonus("invoke: Burning Warehouse", 2, kind="invoke", detail="Burning Warehouse"),
    )
    assert (outcome.result.shifts, outcome.result.outcome) == (1, Outcome.SUCCESS)
    (record,) = outcome.records
    assert (record.fate_point_from, record.free_invoke_from, record.held_for) == ("ana", None, None)
    assert outcome.aspects["burning-warehouse"] == BURNING


def test_two_paid_invokes_of_one_aspect_on_one_roll_are_illegal() -> None:
    """§3: one aspect is invoked with a fate point at most once per roll."""
    invokes = [Invoke("burning-warehouse", "ana"), Invoke("burning-warehouse", "bruno")]
    with pytest.raises(IllegalInvoke, match="already invoked with a fate point on this roll"):
        validate_invokes(invokes, ASPECTS)


def test_free_invokes_of_one_aspect_stack_with_one_paid_invoke() -> None:
    """§3: any number of free invokes of one aspect may be stacked on one roll."""
    invokes = [
        Invoke("burning-warehouse", "ana", Payment.FREE),
        Invoke("burning-warehouse", "ana", Payment.FREE),
        Invoke("burning-warehouse", "bruno", Payment.FREE),
        Invoke("burning-warehouse", "ana", Payment.PAID),
    ]
    outcome = apply_invokes(roll(rating=0, opposition=0), invokes, ASPECTS)
    assert outcome.result.effort.total == 8
    assert outcome.aspects["burning-warehouse"].free_invokes == ()
    used = [record.free_invoke_from for record in outcome.records]
    assert used == ["ana", "ana", "bruno", None]


def test_a_free_invoke_must_be_held_by_the_invoker() -> None:
    """§3: free invokes belong to whoever holds them."""
    with pytest.raises(
        IllegalInvoke, match="bruno holds 1 free invoke on 'Burning Warehouse', not 2"
    ):
        validate_invokes([Invoke("burning-warehouse", "bruno", Payment.FREE)] * 2, ASPECTS)
    with pytest.raises(IllegalInvoke, match="cara holds 0 free invokes"):
        validate_invokes([Invoke("owes-the-mob", "cara", Payment.FREE)], ASPECTS)


def test_unknown_aspect() -> None:
    with pytest.raises(IllegalInvoke, match="no aspect 'moonlight' in play"):
        validate_invokes([Invoke("moonlight", "ana")], ASPECTS)


@pytest.mark.parametrize("payment", [Payment.PAID, Payment.HOSTILE])
def test_a_boost_cannot_be_paid_for(payment: Payment) -> None:
    """§3: a boost is one free invoke; it cannot be invoked with a fate point."""
    with pytest.raises(IllegalInvoke, match="is a boost"):
        validate_invokes([Invoke("off-balance", "ana", payment, aspect_owner="bruno")], ASPECTS)


def test_a_boost_is_gone_once_its_free_invoke_is_used() -> None:
    """§3: a boost gives one free invoke, then vanishes."""
    outcome = apply_invokes(roll(), [Invoke("off-balance", "ana", Payment.FREE)], ASPECTS)
    assert "off-balance" not in outcome.aspects
    assert outcome.records[0].aspect_removed
    assert outcome.result.effort.total == 4
    with pytest.raises(IllegalInvoke, match="bruno holds 0 free invokes on 'Off Balance'"):
        validate_invokes([Invoke("off-balance", "bruno", Payment.FREE)], ASPECTS)


def test_hostile_invoke_point_is_held_for_the_target_until_the_scene_ends() -> None:
    """§3: a hostile invoke's fate point goes to the target, usable only after the scene."""
    invoke = Invoke("owes-the-mob", "ana", Payment.HOSTILE, aspect_owner="bruno")
    outcome = apply_invokes(roll(), [invoke], ASPECTS)
    (record,) = outcome.records
    assert (record.fate_point_from, record.held_for) == ("ana", "bruno")
    ledger = charge_invokes(opening_ledger({"ana": 2, "bruno": 0}), outcome.records)
    assert (ledger.balance("ana"), ledger.balance("bruno"), ledger.held("bruno")) == (1, 0, 1)
    after_scene = deliver_held(ledger)
    assert (after_scene.balance("bruno"), after_scene.held("bruno")) == (1, 0)


def test_a_free_invoke_of_an_opponents_aspect_pays_nothing() -> None:
    """§3: free invokes give the target no point."""
    aspect = TROUBLE.with_free_invokes("ana")
    invoke = Invoke("owes-the-mob", "ana", Payment.FREE, aspect_owner="bruno")
    outcome = apply_invokes(roll(), [invoke], {"owes-the-mob": aspect})
    (record,) = outcome.records
    assert (record.fate_point_from, record.held_for) == (None, None)
    ledger = opening_ledger({"ana": 1})
    assert charge_invokes(ledger, outcome.records) == ledger


@pytest.mark.parametrize(
    ("invoke", "message"),
    [
        (Invoke("owes-the-mob", "ana", Payment.HOSTILE), "needs the character it belongs to"),
        (
            Invoke("owes-the-mob", "bruno", Payment.HOSTILE, aspect_owner="bruno"),
            "bruno cannot make a hostile invoke of their own aspect",
        ),
        (
            Invoke("burning-warehouse", "ana", Payment.HOSTILE, aspect_owner="bruno"),
            "is a situation aspect: a hostile invoke targets an opponent's character aspect",
        ),
    ],
)
def test_bad_hostile_invokes(invoke: Invoke, message: str) -> None:
    """§3: a hostile invoke is a paid invoke of an opponent's character aspect."""
    with pytest.raises(IllegalInvoke, match=message):
        validate_invokes([invoke], ASPECTS)


def test_reroll_with_entered_dice_keeps_the_bonuses() -> None:
    """§3: a reroll replaces all four dice; entered faces are used as given."""
    before = resolve(Effort(2, parse_faces("----"), (Bonus("stunt", 2),)), 3)
    invoke = Invoke(
        "owes-the-mob", "ana", effect=InvokeEffect.REROLL, reroll_dice=parse_faces("++00")
    )
    outcome = apply_invokes(before, [invoke], ASPECTS)
    assert outcome.result.effort.dice == parse_faces("++00")
    assert outcome.result.effort.total == 6
    (record,) = outcome.records
    assert (record.dice_before, record.dice_after) == (parse_faces("----"), parse_faces("++00"))


def test_reroll_with_an_injected_random_source() -> None:
    """§3 and the core's rule: rerolls use only the injected random.Random."""
    invoke = Invoke("owes-the-mob", "ana", effect=InvokeEffect.REROLL)
    outcome = apply_invokes(roll(), [invoke], ASPECTS, rng=random.Random(11))
    assert outcome.result.effort.dice == roll_4df(random.Random(11))
    with pytest.raises(IllegalInvoke, match="needs entered dice or a dice roller"):
        apply_invokes(roll(), [invoke], ASPECTS)


def test_oppose_raises_a_fixed_difficulty() -> None:
    """§3: an invoke may add +2 to someone else's opposition."""
    invoke = Invoke("burning-warehouse", "bruno", Payment.FREE, effect=InvokeEffect.OPPOSE)
    outcome = apply_invokes(roll(opposition=2), [invoke], ASPECTS)
    assert (outcome.result.opposition, outcome.result.shifts) == (4, -2)
    assert outcome.records[0].opposition_raised_by == 2


def test_oppose_adds_to_an_active_opposition() -> None:
    """§3: against an active defense the +2 lands on the opposing effort."""
    result = resolve(Effort(3, parse_faces("0000")), Effort(1, parse_faces("0000")))
    invoke = Invoke("owes-the-mob", "bruno", effect=InvokeEffect.OPPOSE)
    outcome = apply_invokes(result, [invoke], ASPECTS)
    assert outcome.result.opposition == 3
    assert outcome.result.opposing_effort is not None
    assert outcome.result.opposing_effort.total == 3
    assert outcome.result.outcome is Outcome.TIE


def test_npc_invokes_are_paid_from_the_gm_pool() -> None:
    """§3: the GM pays for NPCs' invokes from the GM pool."""
    invoke = Invoke("owes-the-mob", "thug", Payment.HOSTILE, aspect_owner="ana", payer=GM)
    outcome = apply_invokes(roll(), [invoke], ASPECTS)
    ledger = charge_invokes(opening_ledger({GM: 1, "thug": 3}), outcome.records)
    assert (ledger.balance(GM), ledger.balance("thug"), ledger.held("ana")) == (0, 3, 1)
    with pytest.raises(NotEnoughFatePoints, match="the GM pool has 0 fate points"):
        charge_invokes(ledger, outcome.records)


def test_big_bad_options_can_change_the_invoke_value() -> None:
    """§3/§7: an invoke's +2 can be changed (e.g. +1 against a big bad)."""
    outcome = apply_invokes(roll(), [Invoke("owes-the-mob", "ana", value=1)], ASPECTS)
    assert outcome.result.effort.total == 3


def test_pass_free_invokes_and_hand_over_a_boost() -> None:
    """§3: free invokes and boosts may be passed to an ally."""
    passed = pass_free_invokes(BURNING, "ana", "cara", 2)
    assert Counter(passed.free_invokes) == Counter({"cara": 2, "bruno": 1})
    handed = pass_free_invokes(OFF_BALANCE, "ana", "bruno")
    assert handed.is_boost
    assert handed.free_invokes == ("bruno",)
    with pytest.raises(
        IllegalInvoke, match="ana holds 2 free invokes on 'Burning Warehouse', cannot pass 3"
    ):
        pass_free_invokes(BURNING, "ana", "cara", 3)
    with pytest.raises(ValueError, match="must be positive"):
        pass_free_invokes(BURNING, "ana", "cara", 0)


def test_boosts_do_not_outlast_the_scene() -> None:
    """§3: unused boosts vanish at the end of the scene."""
    assert set(without_boosts(ASPECTS)) == {"burning-warehouse", "owes-the-mob"}


def test_index_aspects_refuses_duplicate_ids() -> None:
    with pytest.raises(ValueError, match="two aspects have the id 'tough'"):
        index_aspects([Aspect("Tough"), Aspect("tough")])


aspect_pool = index_aspects(
    [
        Aspect("Dark Alley", free_invokes=("ana", "bruno", "ana")),
        Aspect("Smoke", free_invokes=("bruno",)),
        Aspect("Grudge", AspectKind.TROUBLE),
        boost("Opening", "ana"),
    ]
)
invoke_strategy = st.builds(
    Invoke,
    aspect_id=st.sampled_from(list(aspect_pool)),
    invoker=st.sampled_from(["ana", "bruno"]),
    payment=st.sampled_from(list(Payment)),
    effect=st.sampled_from([InvokeEffect.BONUS, InvokeEffect.OPPOSE]),
    aspect_owner=st.sampled_from([None, "ana", "bruno"]),
)


# Which sets of invokes validation accepts, over mostly legal sets and with the counts of
# accepted and refused ones asserted: tests/rules/test_invoke_properties.py.


@given(
    st.lists(invoke_strategy, max_size=6),
    st.sampled_from(list(aspect_pool)),
    st.sampled_from([Payment.PAID, Payment.HOSTILE]),
    st.integers(0, 6),
    st.integers(0, 7),
)
def test_two_paid_invokes_of_one_aspect_are_always_refused(
    invokes: list[Invoke], aspect_id: str, payment: Payment, first: int, second: int
) -> None:
    """§3 property: whenever one aspect is paid for twice on a roll, validation refuses."""
    mixed = list(invokes)
    mixed.insert(first, Invoke(aspect_id, "ana", Payment.PAID))
    mixed.insert(second, Invoke(aspect_id, "bruno", payment, aspect_owner="ana"))
    with pytest.raises(IllegalInvoke):
        validate_invokes(mixed, aspect_pool)
