"""Sides of the table for invokes: who is an ally, whose free invokes an invoker may use,
who pays, what has been paid for, and aspects keyed by id (docs/rules.md §3)."""

from __future__ import annotations

import pytest

from fatescreen.rules.aspects import GM, Aspect, AspectKind
from fatescreen.rules.invokes import (
    already_paid,
    free_invoke_holders,
    index_aspects,
    invoke_payer,
    same_side,
)

PCS = ("silbestre", "rozio")


def test_pcs_are_one_side_npcs_hazards_and_the_gm_the_other() -> None:
    """§3: the PCs on one side of the table, NPCs, hazards and the GM on the other."""
    assert same_side("silbestre", "rozio", PCS)
    assert same_side("ghoul", GM, PCS)
    assert not same_side("silbestre", "ghoul", PCS)
    assert not same_side(GM, "rozio", PCS)


def test_an_invoker_uses_their_own_free_invoke_first_then_an_allys() -> None:
    """§2 «Luo etu»: «Voit antaa myös liittolaistesi hyödyntää sinun ilmaisia käyttöjäsi»:
    the invoker's own first, then allies' (each once); an opponent's are not offered."""
    distracted = Aspect(
        "Distracted",
        AspectKind.SITUATION,
        free_invokes=("rozio", "ghoul", "silbestre", "rozio"),
    )
    assert free_invoke_holders(distracted, "silbestre", PCS) == ("silbestre", "rozio")
    assert free_invoke_holders(distracted, "ghoul", PCS) == ("ghoul",)
    assert free_invoke_holders(distracted, GM, PCS) == ("ghoul",)
    none_own = Aspect("Distracted", AspectKind.SITUATION, free_invokes=("rozio",))
    assert free_invoke_holders(none_own, "silbestre", PCS) == ("rozio",)
    assert free_invoke_holders(none_own, "ghoul", PCS) == ()


def test_a_pc_pays_from_their_own_points_anyone_else_from_the_gm_pool() -> None:
    """§3: a PC spends their own fate point; an NPC's invoke comes from the GM's pool."""
    assert invoke_payer("silbestre", PCS) == "silbestre"
    assert invoke_payer("ghoul", PCS) == GM


def test_paid_invokes_are_counted_per_side_and_aspect() -> None:
    """§3: one paid invoke per aspect per roll; the defender's roll is its own."""
    paid = [("", "distracted")]
    assert already_paid(paid, "", "distracted")
    assert not already_paid(paid, "ghoul", "distracted")
    assert not already_paid(paid, "", "on-fire")
    assert not already_paid([], "", "distracted")


def test_aspects_are_keyed_by_id_and_an_id_twice_is_refused() -> None:
    on_fire = Aspect("On fire", AspectKind.SITUATION)
    dark = Aspect("Pitch dark", AspectKind.SITUATION)
    indexed = index_aspects([on_fire, dark])
    assert dict(indexed) == {on_fire.id: on_fire, dark.id: dark}
    with pytest.raises(ValueError, match="two aspects have the id"):
        index_aspects([on_fire, Aspect("On Fire", AspectKind.CHARACTER)])
