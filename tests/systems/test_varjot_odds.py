"""Menneisyyden varjot odds: icepool's exact counts against brute-force enumeration."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.systems.varjot.rules.check import level
from fatescreen.systems.varjot.rules.dice import FACES, dice_rolled, kept
from fatescreen.systems.varjot.rules.odds import (
    after_adding,
    improve_odds,
    level_odds,
    opposed_odds,
)


def brute_levels(rating: int, net: int) -> dict[int, Fraction]:
    """Every roll of 3 + |net| Fudge dice, counted."""
    rolls = list(product(FACES, repeat=dice_rolled(net)))
    counts: dict[int, Fraction] = {}
    for faces in rolls:
        reached = level(rating, kept(faces, net))
        counts[reached] = counts.get(reached, Fraction(0)) + Fraction(1, len(rolls))
    return dict(sorted(counts.items()))


@pytest.mark.parametrize(
    ("rating", "net"), [(0, 0), (1, 0), (3, 0), (4, 0), (2, 1), (3, 2), (0, -1), (2, -2), (4, -3)]
)
def test_levels_match_brute_force(rating: int, net: int) -> None:
    assert level_odds(rating, net) == brute_levels(rating, net)


@pytest.mark.parametrize(("a", "an", "b", "bn"), [(3, 1, 2, -1), (2, 0, 2, 0), (0, 2, 4, 0)])
def test_opposed_odds_match_brute_force(a: int, an: int, b: int, bn: int) -> None:
    mine, theirs = brute_levels(a, an), brute_levels(b, bn)
    win = sum((p * q for x, p in mine.items() for y, q in theirs.items() if x > y), Fraction(0))
    tie = sum((p * q for x, p in mine.items() for y, q in theirs.items() if x == y), Fraction(0))
    odds = opposed_odds(a, an, b, bn)
    assert (odds.win, odds.tie) == (win, tie)
    assert odds.win + odds.tie + odds.lose == 1


def test_a_known_case_by_hand() -> None:
    """Two equal plain abilities tie when the dice sums tie: sum over s of (n_s/27)^2 with
    3dF counts 1, 3, 6, 7, 6, 3, 1 — except that totals below zero all count as 0."""
    odds = opposed_odds(0, 0, 0, 0)
    # rating 0: level 0 for sums -3..0 (17 of 27), then 6, 3, 1
    assert odds.tie == Fraction(17 * 17 + 6 * 6 + 3 * 3 + 1, 27 * 27)


@pytest.mark.parametrize(
    ("rating", "net", "change"), [(2, 0, 1), (3, 1, 1), (1, -2, 1), (2, 1, -2)]
)
def test_adding_dice_after_the_roll_is_as_if_rolled_with_them(
    rating: int, net: int, change: int
) -> None:
    """Averaged over every first roll, adding dice after it gives exactly the odds of rolling
    with those dice from the start (the cancelling rule takes no die by its face)."""
    rolls = list(product(FACES, repeat=dice_rolled(net)))
    total: dict[int, Fraction] = {}
    for faces in rolls:
        for found, p in after_adding(rating, faces, net, change).items():
            total[found] = total.get(found, Fraction(0)) + p / len(rolls)
    assert dict(sorted(total.items())) == level_odds(rating, net + change)


@given(
    rating=st.integers(0, 4),
    faces=st.lists(st.sampled_from(FACES), min_size=3, max_size=6),
)
def test_a_bonus_die_never_lowers_the_level(rating: int, faces: list[int]) -> None:
    net = len(faces) - 3
    now = level(rating, kept(faces, net))
    assert min(after_adding(rating, faces, net, 1)) >= now
    assert 0 <= improve_odds(rating, faces, net) <= 1
