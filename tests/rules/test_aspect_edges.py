"""Aspects at their edges (docs/rules.md §3): a boost is one free invoke for whoever got it,
free invokes cannot be taken below none, and the errors say why."""

from __future__ import annotations

import pytest

from fatescreen.rules.aspects import Aspect, AspectKind, boost


def test_a_boost_is_one_free_invoke_for_its_owner() -> None:
    """§3: "Boost: one free invoke, then gone"."""
    opening = boost("Opening", "ana")
    assert (opening.name, opening.kind, opening.free_invokes) == (
        "Opening",
        AspectKind.BOOST,
        ("ana",),
    )
    assert opening.is_boost and opening.free_invokes_of("ana") == 1


def test_free_invokes_cannot_be_added_in_negative_numbers() -> None:
    with pytest.raises(ValueError, match=r"^count must not be negative$"):
        Aspect("Fog").with_free_invokes("gm", -1)


def test_spending_a_free_invoke_one_does_not_hold_says_who_and_where() -> None:
    with pytest.raises(ValueError, match=r"^ana holds no free invoke on 'Fog'$"):
        Aspect("Fog", free_invokes=("gm",)).without_free_invoke("ana")
