"""Objektien luonti's edges the worked examples leave open (seed 001), and a Mekanismi
sheet's pool reasons: which rating a refusal names, exact fractions kept, whole dice."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import pytest

from fatescreen.rules.errors import RulesError
from fatescreen.systems.mekanismi.rules.pools import PartKind, PoolPart
from fatescreen.systems.mekanismi.rules.sheet import Character
from fatescreen.systems.objektit.rules.conflict import Conflict
from fatescreen.systems.objektit.rules.damage import Damage
from fatescreen.systems.objektit.rules.dice import parse_2d6, roll_2d6
from fatescreen.systems.objektit.rules.errors import InvalidTwoDice
from fatescreen.systems.objektit.rules.odds import conflict_odds
from fatescreen.systems.objektit.rules.ratings import DEVELOPED, INHERENT


@pytest.mark.parametrize(
    ("make", "what"),
    [
        (lambda: Conflict(7, 2), INHERENT),
        (lambda: Conflict(2, 7), DEVELOPED),
        (lambda: Damage(7, 0, Fraction(0), Fraction(1)), INHERENT),
        (lambda: Damage(3, -1, Fraction(0), Fraction(1)), DEVELOPED),
    ],
)
def test_a_rating_out_of_range_is_named_as_the_ability_it_is(
    make: Callable[[], object], what: str
) -> None:
    """«LK» and «KK» are rated +0 ... +6; the refusal says which of the two is wrong."""
    with pytest.raises(RulesError) as caught:
        make()
    assert caught.value.values["what"] is what


def test_any_number_the_gm_picks_is_kept_as_an_exact_fraction() -> None:
    """«Luku voi olla vaikka +3,14 jos PJ niin haluaa»: a chance, a danger and a hit given
    as plain numbers become exact fractions."""
    conflict = Conflict(2, 1, 3.25)  # type: ignore[arg-type]
    assert isinstance(conflict.chance, Fraction) and conflict.chance == Fraction(13, 4)
    damage = Damage(3, 0, 2.5, 0.5)  # type: ignore[arg-type]
    assert isinstance(damage.danger, Fraction) and damage.danger == Fraction(5, 2)
    assert isinstance(damage.hit, Fraction) and damage.hit == Fraction(1, 2)
    # «Positiivinen tulos = osuma»: any result above 0 hits, a half too.
    assert damage.value == 3 + Fraction(5, 2) - Fraction(1, 2)


def test_both_dice_show_every_face_and_entered_faces_are_digits() -> None:
    rng = random.Random(5)
    rolls = [roll_2d6(rng) for _ in range(200)]
    assert {roll.first for roll in rolls} == {roll.second for roll in rolls} == set(range(1, 7))
    with pytest.raises(InvalidTwoDice):
        parse_2d6("3X")


def test_odds_of_a_result_that_cannot_happen_are_an_exact_zero() -> None:
    """LK + KK + chance 30 - 2d6 is never below 0."""
    bad = conflict_odds(30).bad
    assert bad == 0 and isinstance(bad, Fraction)


def test_a_mekanismi_pool_names_the_ability_and_the_gear_it_comes_from() -> None:
    aino = Character("Aino", (("Voima", 2), ("Taika", 0)), (("Tikari", 1),))  # type: ignore[arg-type]
    assert aino.ability("Taika") == 0
    assert aino.pool("Voima", ["Tikari"]).parts == (
        PoolPart(PartKind.ABILITY, 2, "Aino: Voima"),
        PoolPart(PartKind.ADVANTAGE, 1, "Tikari"),
    )
