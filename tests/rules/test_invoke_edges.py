"""Invokes at their edges (docs/rules.md §3): what each invoke records, rerolls and oppositions
that keep the rest of the roll, the ledger's reasons, and the messages of refusals."""

from __future__ import annotations

import pytest

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.errors import IllegalInvoke
from fatescreen.rules.fate_points import opening_ledger
from fatescreen.rules.invokes import (
    Invoke,
    InvokeEffect,
    Payment,
    apply_invokes,
    charge_invokes,
    index_aspects,
    pass_free_invokes,
    validate_invokes,
)
from fatescreen.rules.outcomes import Bonus, Effort, resolve

FOG = Aspect("Fog", free_invokes=("ana",))
GRUDGE = Aspect("Grudge", AspectKind.TROUBLE)
ASPECTS = index_aspects([FOG, GRUDGE])
ACTIVE = resolve(Effort(2, parse_faces("0000")), Effort(1, parse_faces("+000")))
"""Ana's Fair (+2) against an active Fair (+2) defense."""


def test_aspects_are_indexed_by_id() -> None:
    assert dict(ASPECTS) == {"fog": FOG, "grudge": GRUDGE}


def test_two_paid_invokes_of_one_aspect_say_why() -> None:
    paid = Invoke("grudge", "ana", Payment.PAID)
    with pytest.raises(IllegalInvoke) as refused:
        validate_invokes([paid, paid], ASPECTS)
    assert str(refused.value) == (
        "'Grudge' is already invoked with a fate point on this roll: "
        "one paid invoke per aspect per roll (free invokes may stack)"
    )


def test_a_bonus_invoke_records_its_aspect_and_bonus() -> None:
    outcome = apply_invokes(ACTIVE, [Invoke("fog", "ana", Payment.FREE)], ASPECTS)
    (record,) = outcome.records
    assert record.aspect_name == "Fog"
    assert record.bonus == Bonus("invoke: Fog", 2, kind="invoke", detail="Fog")
    assert outcome.result.opposing_effort == ACTIVE.opposing_effort
    assert outcome.result.opposition == 2


def test_a_reroll_keeps_the_active_opposition() -> None:
    invoke = Invoke(
        "fog", "ana", Payment.FREE, effect=InvokeEffect.REROLL, reroll_dice=parse_faces("++++")
    )
    outcome = apply_invokes(ACTIVE, [invoke], ASPECTS)
    assert (outcome.result.opposition, outcome.result.opposing_effort) == (
        2,
        ACTIVE.opposing_effort,
    )
    assert outcome.result.shifts == 4


def test_an_oppose_invoke_records_its_bonus() -> None:
    invoke = Invoke("fog", "ana", Payment.FREE, effect=InvokeEffect.OPPOSE)
    (record,) = apply_invokes(ACTIVE, [invoke], ASPECTS).records
    assert record.bonus == Bonus("invoke: Fog", 2, kind="invoke", detail="Fog")
    assert record.opposition_raised_by == 2


def test_the_ledger_says_which_invoke_cost_a_point() -> None:
    paid = Invoke("fog", "ana", Payment.PAID)
    hostile = Invoke("grudge", "ana", Payment.HOSTILE, aspect_owner="bruno")
    free = Invoke("fog", "ana", Payment.FREE)
    outcome = apply_invokes(ACTIVE, [free, paid, hostile], ASPECTS)
    opening = opening_ledger({"ana": 3, "bruno": 0})
    ledger = charge_invokes(opening, outcome.records)
    added = ledger.entries[len(opening.entries) :]
    reasons = [(entry.who, entry.delta, entry.reason) for entry in added]
    assert reasons == [
        ("ana", -1, "invoke: Fog"),
        ("ana", -1, "hostile invoke: Grudge"),
        ("bruno", 1, "hostile invoke of Grudge by ana"),
    ]


def test_passing_more_free_invokes_than_held_says_how_many() -> None:
    with pytest.raises(IllegalInvoke) as one:
        pass_free_invokes(FOG, "ana", "bruno", 2)
    assert str(one.value).startswith("ana holds 1 free invoke on 'Fog', ")
    with pytest.raises(IllegalInvoke) as none:
        pass_free_invokes(FOG, "bruno", "ana")
    assert str(none.value).startswith("bruno holds 0 free invokes on 'Fog', ")
