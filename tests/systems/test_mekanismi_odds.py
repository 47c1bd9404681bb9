"""Exact odds of Mekanismi checks against a face-by-face count (docs/rules.md §11)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.systems.mekanismi.rules.check import Check, Side, SuccessLevel, resolve
from fatescreen.systems.mekanismi.rules.dice import PoolRoll, parse_pool_roll, roll_pool
from fatescreen.systems.mekanismi.rules.errors import InvalidPool, InvalidPoolRoll
from fatescreen.systems.mekanismi.rules.odds import check_odds, margin_odds, success_odds
from fatescreen.systems.mekanismi.rules.pools import ability_pool, static_difficulty


def brute_margins(actor_dice: int, opposition_dice: int) -> dict[int, Fraction]:
    """Oracle: walk every combination of faces of both pools and count the sixes."""
    counts: Counter[int] = Counter()
    for faces in product(range(1, 7), repeat=actor_dice + opposition_dice):
        actor = sum(1 for face in faces[:actor_dice] if face == 6)
        opposition = sum(1 for face in faces[actor_dice:] if face == 6)
        counts[actor - opposition] += 1
    total = 6 ** (actor_dice + opposition_dice)
    return {margin: Fraction(count, total) for margin, count in counts.items()}


@pytest.mark.parametrize(
    ("actor_dice", "opposition_dice"),
    [(0, 0), (1, 0), (0, 3), (1, 1), (2, 3), (3, 3), (4, 2), (5, 1)],
)
def test_margins_match_a_brute_force_count(actor_dice: int, opposition_dice: int) -> None:
    assert dict(margin_odds(actor_dice, opposition_dice).margins) == brute_margins(
        actor_dice, opposition_dice
    )


def test_a_climb_of_three_dice_against_the_wall() -> None:
    """3 dice against the static 3: a tie in sum C(3,k)^2 5^(6-2k) = 21476 of 6^6 rolls."""
    odds = check_odds(Check(ability_pool(3), static_difficulty()))
    brute = brute_margins(3, 3)
    assert odds.tie == brute[0] == Fraction(21476, 46656)
    assert odds.of_level(Side.ACTOR, SuccessLevel.SLIGHT) == brute[1]
    assert odds.of_level(Side.ACTOR, SuccessLevel.EXCELLENT) == brute[3] == Fraction(125, 46656)
    assert odds.of_level(Side.ACTOR, SuccessLevel.AMAZING) == 0
    assert odds.wins(Side.ACTOR) == odds.wins(Side.OPPOSITION)
    assert odds.nobody == odds.tie


def test_amazing_counts_every_margin_of_four_or_more() -> None:
    odds = margin_odds(5, 1)
    brute = brute_margins(5, 1)
    assert odds.of_level(Side.ACTOR, SuccessLevel.AMAZING) == brute[4] + brute[5]
    assert odds.of_level(Side.OPPOSITION, SuccessLevel.SLIGHT) == brute[-1]


def test_a_ranged_tie_goes_to_the_target() -> None:
    plain = margin_odds(2, 2)
    ranged = margin_odds(2, 2, ranged=True)
    assert ranged.nobody == 0
    assert ranged.wins(Side.OPPOSITION) == plain.wins(Side.OPPOSITION) + plain.tie
    assert ranged.wins(Side.ACTOR) == plain.wins(Side.ACTOR)


def test_a_large_pool_is_summed_without_deep_recursion() -> None:
    """icepool's ``n @ die`` recurses once per die; the pools are summed in halves."""
    odds = margin_odds(200, 200)
    assert odds.wins(Side.ACTOR) == odds.wins(Side.OPPOSITION)
    assert dict(success_odds(3)) == {
        k: Fraction(count, 216) for k, count in {0: 125, 1: 75, 2: 15, 3: 1}.items()
    }


def test_successes_of_one_pool() -> None:
    assert dict(success_odds(2)) == {0: Fraction(25, 36), 1: Fraction(10, 36), 2: Fraction(1, 36)}
    assert dict(success_odds(0)) == {0: 1}
    with pytest.raises(InvalidPool):
        success_odds(-1)
    with pytest.raises(InvalidPool):
        margin_odds(-1, 2)


@given(st.integers(0, 16), st.integers(0, 16))
def test_margins_sum_to_one_and_mirror(actor_dice: int, opposition_dice: int) -> None:
    odds = margin_odds(actor_dice, opposition_dice)
    mirrored = margin_odds(opposition_dice, actor_dice)
    assert sum(odds.margins.values()) == 1
    assert all(mirrored.of_margin(-margin) == p for margin, p in odds.margins.items())
    assert odds.wins(Side.ACTOR) + odds.wins(Side.OPPOSITION) + odds.nobody == 1


@given(st.integers(0, 16), st.integers(0, 16))
def test_one_more_die_never_hurts(actor_dice: int, opposition_dice: int) -> None:
    before = margin_odds(actor_dice, opposition_dice).wins(Side.ACTOR)
    assert margin_odds(actor_dice + 1, opposition_dice).wins(Side.ACTOR) > before


@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 2**32))
def test_rolled_checks_resolve_within_the_odds(actor: int, opposition: int, seed: int) -> None:
    check = Check(ability_pool(actor), ability_pool(opposition))
    rng = random.Random(seed)
    result = resolve(check, roll_pool(actor, rng), roll_pool(opposition, rng))
    assert check_odds(check).of_margin(result.margin) > 0
    assert result.damage_points == abs(result.margin)


def test_entered_dice_are_read_and_checked() -> None:
    assert parse_pool_roll("6,2 3", 3) == PoolRoll((6, 2, 3), entered=True)
    assert parse_pool_roll("", 0).faces == ()
    with pytest.raises(InvalidPoolRoll, match="1 to 6"):
        parse_pool_roll("6 7", 2)
    with pytest.raises(InvalidPoolRoll, match="has 3 dice, 2 faces"):
        parse_pool_roll("6 2", 3)
    with pytest.raises(InvalidPoolRoll):
        PoolRoll((0,))
    with pytest.raises(InvalidPoolRoll, match="actor's pool has 2 dice"):
        resolve(Check(ability_pool(2), ability_pool(1)), PoolRoll((6,)), PoolRoll((1,)))
