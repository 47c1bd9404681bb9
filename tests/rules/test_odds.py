"""Exact odds of a roll (docs/rules.md §1 dice and outcomes, §3 invokes and rerolls)."""

from __future__ import annotations

import time
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.dice import Face
from fatescreen.rules.odds import Odds, dice_counts, odds
from fatescreen.rules.outcomes import Outcome, outcome_for

ALL_ROLLS = [sum(faces) for faces in product(list(Face), repeat=4)]
"""The total of each of the 81 equally likely face combinations, enumerated face by face."""


@cache
def _brute_roller(margin: int, rerolls: int) -> dict[Outcome, Fraction]:
    """Oracle: walk every face combination; reroll fails and ties while rerolls remain."""
    result = {outcome: Fraction(0) for outcome in Outcome}
    weight = Fraction(1, len(ALL_ROLLS))
    for total in ALL_ROLLS:
        shifts = margin + total
        if shifts <= 0 and rerolls > 0:
            for outcome, chance in _brute_roller(margin, rerolls - 1).items():
                result[outcome] += weight * chance
        else:
            result[outcome_for(shifts)] += weight
    return result


def brute_force(margin: int, rerolls: int, opposed: bool) -> Odds:
    """Oracle for :func:`odds`, independent of icepool."""
    if opposed:
        result = {outcome: Fraction(0) for outcome in Outcome}
        for opposing in ALL_ROLLS:
            for outcome, chance in _brute_roller(margin - opposing, rerolls).items():
                result[outcome] += chance / len(ALL_ROLLS)
    else:
        result = _brute_roller(margin, rerolls)
    return Odds(
        result[Outcome.FAIL], result[Outcome.TIE], result[Outcome.SUCCESS], result[Outcome.STYLE]
    )


def test_4df_distribution_from_icepool() -> None:
    """§1: 4dF sums are 1, 4, 10, 16, 19, 16, 10, 4, 1 ways out of 81."""
    counts = dice_counts()
    assert [counts[total] for total in range(-4, 5)] == [1, 4, 10, 16, 19, 16, 10, 4, 1]
    assert counts == Counter(ALL_ROLLS)


@pytest.mark.parametrize(
    ("rating", "opposition", "invokes", "bonus", "expected"),
    [
        # Shifts are exactly the dice: fail = 1+4+10+16, tie = 19, success = 16+10, style = 4+1.
        (2, 2, 0, 0, (31, 19, 26, 5)),
        # Two ahead: fail on -4..-3, tie on -2, success on -1..0, style on +1 and up.
        (4, 2, 0, 0, (5, 10, 35, 31)),
        # One invoke makes a Fair vs Good roll two ahead as well.
        (2, 3, 1, 1, (5, 10, 35, 31)),
        # Four behind: only ++++ ties, nothing succeeds.
        (0, 4, 0, 0, (80, 1, 0, 0)),
        # Seven ahead: the worst roll still succeeds with style.
        (3, 0, 2, 0, (0, 0, 0, 81)),
        # A negative modifier: Mediocre with -1 against Average, two behind.
        (0, 1, 0, -1, (66, 10, 5, 0)),
    ],
)
def test_hand_computed_odds_against_a_difficulty(
    rating: int, opposition: int, invokes: int, bonus: int, expected: tuple[int, ...]
) -> None:
    """§1: outcome odds against a fixed difficulty, counted by hand out of 81."""
    fail, tie, success, style = (Fraction(count, 81) for count in expected)
    assert odds(rating, opposition, invokes=invokes, bonus=bonus) == Odds(fail, tie, success, style)


def test_hand_computed_reroll() -> None:
    """§3: rating 2 vs 2 with one reroll: fails and ties (50 of 81) are rolled again."""
    first = odds(2, 2)
    result = odds(2, 2, rerolls=1)
    rerolled = first.fail + first.tie
    assert rerolled == Fraction(50, 81)
    assert result.success == first.success + rerolled * first.success
    assert result.style == first.style + rerolled * first.style
    assert result.fail == rerolled * first.fail
    assert result.tie == rerolled * first.tie
    assert result.at_least(Outcome.SUCCESS) == Fraction(31, 81) * (1 + Fraction(50, 81))


def test_hand_computed_opposed_roll() -> None:
    """§1: equal ratings both rolling: a tie is the chance both dice show the same sum."""
    result = odds(3, 3, opposed=True)
    same_sum = Fraction(sum(count * count for count in dice_counts().values()), 81 * 81)
    assert result.tie == same_sum
    assert result.fail == (1 - same_sum) / 2
    assert result.success + result.style == result.fail


@pytest.mark.parametrize(
    ("margin", "rerolls", "opposed"),
    [(m, r, o) for m in range(-6, 7, 2) for r in (0, 1, 2) for o in (False, True)],
)
def test_odds_match_brute_force_enumeration(margin: int, rerolls: int, opposed: bool) -> None:
    """§1, §3: icepool agrees with face-by-face enumeration, rerolls and opposing dice too."""
    assert odds(margin, 0, rerolls=rerolls, opposed=opposed) == brute_force(
        margin, rerolls, opposed
    )


def test_invokes_bonus_and_opposition_combine_into_one_margin() -> None:
    """§1, §3: effort = rating + dice + 2 per invoke + bonuses, minus the opposition."""
    assert odds(1, 4, invokes=2, bonus=-1, rerolls=1, opposed=True) == brute_force(
        1 + 4 - 1 - 4, 1, True
    )
    assert odds(1, 4, invokes=2, bonus=-1) != odds(1, 4, invokes=1, bonus=-1)


def test_outcome_views() -> None:
    """§1: per-outcome probability, outcome-or-better and percentages."""
    result = odds(2, 2)
    assert result.of(Outcome.TIE) == Fraction(19, 81)
    assert result.at_least(Outcome.FAIL) == 1
    assert result.at_least(Outcome.STYLE) == Fraction(5, 81)
    percentages = result.as_percentages()
    assert list(percentages) == [Outcome.FAIL, Outcome.TIE, Outcome.SUCCESS, Outcome.STYLE]
    assert percentages[Outcome.FAIL] == pytest.approx(100 * 31 / 81)
    assert sum(percentages.values()) == pytest.approx(100)


@pytest.mark.parametrize(("invokes", "rerolls"), [(-1, 0), (0, -1)])
def test_negative_counts_are_rejected(invokes: int, rerolls: int) -> None:
    """§3: a roll cannot take a negative number of invokes or rerolls."""
    with pytest.raises(ValueError, match="cannot be negative"):
        odds(2, 2, invokes=invokes, rerolls=rerolls)


@given(
    rating=st.integers(-6, 10),
    opposition=st.integers(-6, 10),
    invokes=st.integers(0, 4),
    rerolls=st.integers(0, 3),
    bonus=st.integers(-3, 3),
    opposed=st.booleans(),
)
def test_probabilities_sum_to_one(
    rating: int, opposition: int, invokes: int, rerolls: int, bonus: int, opposed: bool
) -> None:
    """§1: the four outcomes are exhaustive: each in [0, 1], exactly 1 together."""
    result = odds(
        rating, opposition, invokes=invokes, rerolls=rerolls, bonus=bonus, opposed=opposed
    )
    parts = [result.fail, result.tie, result.success, result.style]
    assert all(0 <= part <= 1 for part in parts)
    assert sum(parts) == 1


@given(
    margin=st.integers(-8, 8),
    rerolls=st.integers(0, 2),
    opposed=st.booleans(),
)
def test_more_help_never_lowers_the_chance_of_success(
    margin: int, rerolls: int, opposed: bool
) -> None:
    """§3: one more invoke or one more reroll never makes success less likely."""
    base = odds(margin, 0, rerolls=rerolls, opposed=opposed).at_least(Outcome.SUCCESS)
    invoked = odds(margin, 0, invokes=1, rerolls=rerolls, opposed=opposed)
    rerolled = odds(margin, 0, rerolls=rerolls + 1, opposed=opposed)
    assert invoked.at_least(Outcome.SUCCESS) >= base
    assert rerolled.at_least(Outcome.SUCCESS) >= base


@pytest.mark.alone  # timed: run apart from the parallel workers
def test_odds_are_fast_enough_for_a_live_readout() -> None:
    """§1: a cold call (3 invokes and a reroll, opposed) and a cached one are quick.

    The target is 5 ms; the bound is generous so a slow CI machine cannot fail it.
    """
    start = time.perf_counter()
    cold = odds(37, 4, invokes=3, rerolls=1, opposed=True)
    cold_seconds = time.perf_counter() - start
    start = time.perf_counter()
    warm = odds(37, 4, invokes=3, rerolls=1, opposed=True)
    warm_seconds = time.perf_counter() - start
    assert warm == cold
    assert cold_seconds < 0.05
    assert warm_seconds < 0.05


@pytest.mark.parametrize(("margin", "opposed"), [(m, o) for m in (-2, 0, 1) for o in (False, True)])
def test_result_bonus_counts_only_on_a_roll_that_succeeds(margin: int, opposed: bool) -> None:
    """§8 «Skaala»: «+2 per taso lopulliseen tulokseen jos heitto ensin onnistuu»: face by
    face, a success (1 or 2 shifts) becomes one with style; fails and ties stay."""
    counts = dict.fromkeys(Outcome, Fraction(0))
    for opposing in ALL_ROLLS if opposed else [0]:
        for total in ALL_ROLLS:
            shifts = margin + total - opposing
            shifts += 2 if shifts > 0 else 0
            counts[outcome_for(shifts)] += Fraction(1, 81 * (81 if opposed else 1))
    expected = Odds(
        counts[Outcome.FAIL], counts[Outcome.TIE], counts[Outcome.SUCCESS], counts[Outcome.STYLE]
    )
    assert odds(margin, 0, opposed=opposed, result_bonus=2) == expected
    plain = odds(margin, 0, opposed=opposed)
    assert expected.success == 0 and expected.style == plain.success + plain.style
