"""Mekanismi's edges the worked examples leave open (seed 003): what a pool part records,
a whole d6 rolled, odds as exact fractions, healing below zero and undoing the last part."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from fatescreen.systems.mekanismi.rules.check import Check, Side, SuccessLevel
from fatescreen.systems.mekanismi.rules.damage import DamageTrack
from fatescreen.systems.mekanismi.rules.dice import parse_pool_roll, roll_pool
from fatescreen.systems.mekanismi.rules.errors import InvalidPoolRoll
from fatescreen.systems.mekanismi.rules.odds import check_odds, margin_odds
from fatescreen.systems.mekanismi.rules.pools import (
    Advantage,
    PartKind,
    Pool,
    PoolPart,
    ability_pool,
    group_pool,
    static_difficulty,
)


def test_a_part_added_without_a_reason_records_none() -> None:
    """The dashboard shows each part of a pool with its reason; one given none shows none."""
    check = Check(ability_pool(2), static_difficulty())
    grown = check.advantage(Side.ACTOR, Advantage.MINOR).disadvantage(Side.ACTOR, Advantage.MAJOR)
    parts = (*grown.actor.parts, *grown.opposition.parts)
    assert [(part.kind, part.dice, part.reason) for part in parts] == [
        (PartKind.ABILITY, 2, ""),
        (PartKind.ADVANTAGE, 1, ""),
        (PartKind.DIFFICULTY, 3, ""),
        (PartKind.DISADVANTAGE, 3, ""),
    ]
    helped = group_pool([ability_pool(3), ability_pool(1)])
    assert helped.parts[-1] == PoolPart(PartKind.HELPERS, 1, "")
    assert Pool().with_helpers(2).parts == (PoolPart(PartKind.HELPERS, 2, ""),)
    assert Pool().with_advantage(Advantage.MAJOR).plus(PartKind.HELPERS, 1).parts == (
        PoolPart(PartKind.ADVANTAGE, 3, ""),
        PoolPart(PartKind.HELPERS, 1, ""),
    )


def test_the_static_difficulty_is_three_dice_with_its_reason() -> None:
    assert static_difficulty("kuilu").parts == (PoolPart(PartKind.DIFFICULTY, 3, "kuilu"),)


def test_undoing_the_last_part_leaves_the_pool_before_it() -> None:
    """«Noppia ei koskaan vähennetä noppapooleista»: a part is only taken away to undo it."""
    pool = ability_pool(2, "Voima").with_advantage(Advantage.MINOR, "tikari")
    assert pool.with_advantage(Advantage.MAJOR, "rengaspaita").without_last() == pool
    assert pool.without_last().without_last() == Pool()


def test_a_rolled_d6_shows_every_face_from_1_to_6() -> None:
    faces = roll_pool(120, random.Random(3)).faces
    assert set(faces) == {1, 2, 3, 4, 5, 6}


def test_entered_faces_are_digits_1_to_6_only() -> None:
    with pytest.raises(InvalidPoolRoll):
        parse_pool_roll("6 X 2", 3)


def test_healing_stops_at_no_damage() -> None:
    assert DamageTrack(2, 5).take(-5) == DamageTrack(0, 5)


def test_odds_are_exact_fractions_even_where_nothing_can_happen() -> None:
    """One die against one: no margin of 2, no amazing win; no dice at all: nobody wins."""
    odds = margin_odds(1, 1)
    assert odds.of_margin(2) == 0 and isinstance(odds.of_margin(2), Fraction)
    amazing = odds.of_level(Side.ACTOR, SuccessLevel.AMAZING)
    assert amazing == 0 and isinstance(amazing, Fraction)
    empty = margin_odds(0, 0).wins(Side.ACTOR)
    assert empty == 0 and isinstance(empty, Fraction)


def test_the_odds_of_a_ranged_check_give_the_target_its_ties() -> None:
    """«nuoli ei osu»: a tie in a ranged attack goes to the target."""
    plain = check_odds(Check(ability_pool(2), ability_pool(2)))
    ranged = check_odds(Check(ability_pool(2), ability_pool(2), ranged=True))
    assert ranged.ranged and not plain.ranged
    assert ranged.wins(Side.OPPOSITION) == plain.wins(Side.OPPOSITION) + plain.tie
