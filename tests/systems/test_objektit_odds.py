"""Exact odds of Objektien luonti conflicts and damage against a count of all 36 rolls (§12)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.systems.objektit.rules.condition import condition_after
from fatescreen.systems.objektit.rules.conflict import Conflict, Step, step_for
from fatescreen.systems.objektit.rules.dice import roll_2d6
from fatescreen.systems.objektit.rules.odds import conflict_odds, damage_odds, two_dice_odds

ALL_ROLLS = [first + second for first, second in product(range(1, 7), repeat=2)]
"""The total of each of the 36 equally likely pairs of faces."""


def brute_results(base: Fraction) -> dict[Fraction, Fraction]:
    """Oracle: every pair of faces, counted."""
    results: dict[Fraction, Fraction] = {}
    for total in ALL_ROLLS:
        results[base - total] = results.get(base - total, Fraction(0)) + Fraction(1, 36)
    return results


def test_two_dice_from_icepool() -> None:
    """2d6: 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 ways out of 36."""
    counts = {total: chance * 36 for total, chance in two_dice_odds().items()}
    assert [counts[total] for total in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]


@pytest.mark.parametrize("base", [Fraction(7), Fraction(0), Fraction(12), Fraction("8.14"), -3])
def test_results_match_a_brute_force_count(base: Fraction) -> None:
    odds = conflict_odds(base)
    brute = brute_results(Fraction(base))
    assert dict(odds.results) == brute
    assert odds.good == sum(p for value, p in brute.items() if value > 0)
    assert odds.bad == sum(p for value, p in brute.items() if value < 0)
    for step in Step:
        assert odds.of_step(step) == sum(p for value, p in brute.items() if step_for(value) is step)


def test_an_average_chance_for_an_average_character() -> None:
    """LK +3, KK +4, chance +0: base 7, good on 2d6 of 6 or less, 15 of 36; exactly 0 on 7."""
    odds = conflict_odds(Conflict(3, 4, Fraction(0)).base)
    assert odds.good == Fraction(15, 36)
    assert odds.average == Fraction(6, 36)
    assert odds.bad == Fraction(15, 36)
    assert odds.of_step(Step.FAIRLY_GOOD) == Fraction(1 + 2 + 3, 36)


def brute_damage(
    attack_base: Fraction, resistance: int, danger: Fraction, condition: int
) -> dict[int, Fraction]:
    """Oracle: for each of the 36 attack rolls, the hit's damage applied by hand."""
    after: dict[int, Fraction] = {}
    for total in ALL_ROLLS:
        hit = attack_base - total
        value = resistance + danger - hit
        new = condition if hit <= 0 or value >= 0 else condition + int(value)
        after[new] = after.get(new, Fraction(0)) + Fraction(1, 36)
    return after


@pytest.mark.parametrize(
    ("attack_base", "resistance", "danger", "condition"),
    [(10, 4, -6, 6), (7, 2, 0, 4), (12, 6, Fraction("-3.5"), 6), (2, 0, -9, 1)],
)
def test_damage_odds_match_a_brute_force_count(
    attack_base: int, resistance: int, danger: Fraction, condition: int
) -> None:
    base, harm = Fraction(attack_base), Fraction(danger)
    assert dict(damage_odds(base, resistance, harm, condition)) == brute_damage(
        base, resistance, harm, condition
    )


@given(
    st.fractions(min_value=-20, max_value=30, max_denominator=100),
    st.integers(0, 12),
    st.integers(-12, 6),
    st.integers(-3, 6),
)
def test_damage_odds_sum_to_one_and_never_heal(
    attack_base: Fraction, resistance: int, danger: int, condition: int
) -> None:
    odds = damage_odds(attack_base, resistance, danger, condition)
    assert sum(odds.values()) == 1
    assert max(odds) <= condition


@given(st.integers(0, 6), st.integers(0, 6), st.integers(-12, 12), st.integers(0, 2**32))
def test_a_rolled_conflict_is_one_of_the_odds(lk: int, kk: int, chance: int, seed: int) -> None:
    conflict = Conflict(lk, kk, Fraction(chance))
    result = conflict.resolve(roll_2d6(random.Random(seed)))
    odds = conflict_odds(conflict.base)
    assert odds.results[result.value] > 0
    assert odds.good + odds.average + odds.bad == 1
    assert condition_after(6, result.value) <= 6
