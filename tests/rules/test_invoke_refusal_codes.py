"""A refused invoke carries the rule's code and what it was about, for the GM's language
(docs/rules.md §3; message keys ``rules.CODE``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.errors import IllegalInvoke
from fatescreen.rules.invokes import (
    Invoke,
    InvokeEffect,
    Payment,
    apply_invokes,
    index_aspects,
    pass_free_invokes,
    validate_invokes,
)
from fatescreen.rules.outcomes import Effort, resolve

ASPECTS = index_aspects(
    [
        Aspect("Fog"),
        Aspect("Off Balance", AspectKind.BOOST, ("ana",)),
        Aspect("Quick Temper", AspectKind.TROUBLE),
    ]
)
ROLL = resolve(Effort(2, parse_faces("0000")), 2)
PAID_FOG = Invoke("fog", "ana", Payment.PAID)

REFUSED: dict[str, tuple[Callable[[], object], dict[str, object]]] = {
    "invokes.aspect": (
        lambda: validate_invokes([Invoke("smoke", "ana")], ASPECTS),
        {"aspect_id": "smoke"},
    ),
    "invokes.validate_invokes": (
        lambda: validate_invokes([Invoke("off-balance", "ana", Payment.PAID)], ASPECTS),
        {"aspect_name": "Off Balance"},
    ),
    "invokes.validate_invokes_2": (
        lambda: validate_invokes([PAID_FOG, PAID_FOG], ASPECTS),
        {"aspect_name": "Fog"},
    ),
    "invokes.free_held": (
        lambda: validate_invokes([Invoke("off-balance", "ana", Payment.FREE)] * 2, ASPECTS),
        {"invoker": "ana", "held": 1, "aspect_name": "Off Balance", "used": 2},
    ),
    "invokes.hostile_kind": (
        lambda: validate_invokes(
            [Invoke("fog", "ana", Payment.HOSTILE, aspect_owner="bo")], ASPECTS
        ),
        {"aspect_name": "Fog", "kind": AspectKind.SITUATION},
    ),
    "invokes.free_pass": (
        lambda: pass_free_invokes(ASPECTS["off-balance"], "ana", "bo", 2),
        {"giver": "ana", "held": 1, "aspect_name": "Off Balance", "count": 2},
    ),
    "invokes.check_hostile": (
        lambda: validate_invokes([Invoke("quick-temper", "ana", Payment.HOSTILE)], ASPECTS),
        {"aspect_name": "Quick Temper"},
    ),
    "invokes.check_hostile_2": (
        lambda: validate_invokes(
            [Invoke("quick-temper", "ana", Payment.HOSTILE, aspect_owner="ana")], ASPECTS
        ),
        {"invoker": "ana", "aspect_name": "Quick Temper"},
    ),
    "invokes.new_dice": (
        lambda: apply_invokes(ROLL, [Invoke("fog", "ana", effect=InvokeEffect.REROLL)], ASPECTS),
        {"aspect_name": "Fog"},
    ),
}
"""An invoke each rule refuses, by the rule's code, and the values the refusal names."""


@pytest.mark.parametrize("code", sorted(REFUSED))
def test_a_refused_invoke_names_its_rule_and_its_values(code: str) -> None:
    make, values = REFUSED[code]
    with pytest.raises(IllegalInvoke) as refused:
        make()
    assert (refused.value.code, refused.value.values) == (code, values)
