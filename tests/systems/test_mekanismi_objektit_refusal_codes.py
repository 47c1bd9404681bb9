"""A refusal of the Mekanismi and Objektit rules carries the rule's code and what it was
about, for the GM's language (message keys ``rules.CODE``), and its English message."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from fatescreen.rules.errors import RuleProblem
from fatescreen.systems.mekanismi.rules.check import Check, resolve
from fatescreen.systems.mekanismi.rules.damage import DamageTrack, split_damage
from fatescreen.systems.mekanismi.rules.dice import PoolRoll, parse_pool_roll
from fatescreen.systems.mekanismi.rules.odds import margin_odds, success_odds
from fatescreen.systems.mekanismi.rules.pools import PartKind, PoolPart, ability_pool, best_actor
from fatescreen.systems.mekanismi.rules.sheet import Character
from fatescreen.systems.objektit.rules.condition import condition_level
from fatescreen.systems.objektit.rules.damage import Damage
from fatescreen.systems.objektit.rules.dice import TwoDice, parse_2d6
from fatescreen.systems.objektit.rules.ratings import DEVELOPED, INHERENT, rating
from fatescreen.systems.objektit.rules.sheet import ObjectSheet
from tests.refusals import Refusal, assert_refused, refusal_ids

CHECK = Check(ability_pool(2), ability_pool(3))
AINO = Character("Aino", (("Voima", 2),), (("Tikari", 1),))  # type: ignore[arg-type]
SHIP = ObjectSheet("Laiva", inherent=(("Kova", 3),), developed=(("Miehistö", 2),))


def said(value: object) -> object:
    """A catalog phrase as (English, code, values); anything else as it is."""
    if isinstance(value, RuleProblem):
        return (str(value), value.code, value.values)
    return value


REFUSED: list[Refusal] = [
    (
        lambda: resolve(CHECK, PoolRoll((6,)), PoolRoll((1, 2, 3))),
        "mekanismi.check.actor_pool",
        {"size": 2, "faces": 1},
        "the actor's pool has 2 dice, the roll has 1",
    ),
    (
        lambda: resolve(CHECK, PoolRoll((6, 6)), PoolRoll((1, 2, 3, 4))),
        "mekanismi.check.opposition_pool",
        {"size": 3, "faces": 4},
        "the opposition's pool has 3 dice, the roll has 4",
    ),
    (
        lambda: split_damage(3, (("orc", 1), ("troll", 0))),
        "mekanismi.damage.split_damage_2",
        {"target": "troll", "share": 0},
        "troll must take at least 1 point, not 0",
    ),
    (
        lambda: split_damage(2, (("orc", 1), ("orc", 2))),
        "mekanismi.damage.split_damage",
        {"points": 2, "spent": 3},
        "the margin gives 2 points of damage, not 3",
    ),
    (
        lambda: DamageTrack(-1),
        "mekanismi.damage.values",
        {"taken": -1},
        "damage taken cannot be below 0, got -1",
    ),
    (
        lambda: DamageTrack(0, 0),
        "mekanismi.damage.values_2",
        {"health": 0},
        "health must be at least 1, got 0",
    ),
    (
        lambda: PoolRoll((6, 7)),
        "mekanismi.dice.values",
        {"value": 7},
        "a d6 shows 1 to 6, not 7",
    ),
    (
        lambda: parse_pool_roll("6 x", 2),
        "mekanismi.dice.parse_pool_roll",
        {"text": "6 x"},
        "expected d6 faces 1 to 6 (e.g. 6 2 3), got '6 x'",
    ),
    (
        lambda: parse_pool_roll("6, 2", 3),
        "mekanismi.dice.parse_pool_roll_2",
        {"size": 3, "value": 2},
        "the pool has 3 dice, 2 faces were given",
    ),
    (
        lambda: margin_odds(2, -1),
        "mekanismi.odds.margin_odds",
        {"actor_dice": 2, "opposition_dice": -1},
        "a pool cannot hold fewer than 0 dice: 2, -1",
    ),
    (
        lambda: margin_odds(-2, 1),
        "mekanismi.odds.margin_odds",
        {"actor_dice": -2, "opposition_dice": 1},
        "a pool cannot hold fewer than 0 dice: -2, 1",
    ),
    (
        lambda: success_odds(-1),
        "mekanismi.odds.success_odds",
        {"dice": -1},
        "a pool cannot hold fewer than 0 dice, got -1",
    ),
    (
        lambda: PoolPart(PartKind.ABILITY, -1),
        "mekanismi.pools.values",
        {"dice": -1},
        "a pool cannot hold fewer than 0 dice, got -1",
    ),
    (
        lambda: best_actor(()),
        "mekanismi.pools.best_actor",
        {},
        "a group needs at least one actor",
    ),
    (
        lambda: Character("Aino", (("Voima", -1),)),
        "mekanismi.sheet.values",
        {"self_name": "Aino", "ability": "Voima", "rating": -1},
        "Aino: Voima cannot be below 0 dice, got -1",
    ),
    (
        lambda: AINO.ability("Taika"),
        "mekanismi.sheet.no_ability",
        {"owner": "Aino", "name": "Taika"},
        "Aino has no ability 'Taika'",
    ),
    (
        lambda: AINO.gear_advantage("Miekka"),
        "mekanismi.sheet.no_gear",
        {"owner": "Aino", "name": "Miekka"},
        "Aino has no gear 'Miekka'",
    ),
    (
        lambda: condition_level(7),
        "objektit.condition.condition_level",
        {"CONDITION_MAX": 6, "condition": 7},
        "a condition is at most 6, not 7",
    ),
    (
        lambda: Damage(3, 0, Fraction(1), Fraction(0)),
        "objektit.damage.values",
        {"hit": Fraction(0)},
        "only a positive result hits, not 0",
    ),
    (
        lambda: TwoDice(0, 6),
        "objektit.dice.values",
        {"face": 0},
        "a d6 shows 1 to 6, not 0",
    ),
    (
        lambda: TwoDice(6, 7),
        "objektit.dice.values",
        {"face": 7},
        "a d6 shows 1 to 6, not 7",
    ),
    (
        lambda: parse_2d6("3 5 1"),
        "objektit.dice.parse_2d6",
        {"text": "3 5 1"},
        "expected two d6 faces 1 to 6 (e.g. 3 5), got '3 5 1'",
    ),
    (
        lambda: rating(7, INHERENT),
        "objektit.ratings.rating",
        {"what": ("an inherent ability (LK)", "objektit.ratings.inherent", {}), "value": "+7"},
        "an inherent ability (LK) is rated +0 to +6, not +7",
    ),
    (
        lambda: rating(-1, DEVELOPED),
        "objektit.ratings.rating",
        {"what": ("a developed ability (KK)", "objektit.ratings.developed", {}), "value": "-1"},
        "a developed ability (KK) is rated +0 to +6, not -1",
    ),
    (
        lambda: rating(9),
        "objektit.ratings.rating",
        {"what": ("an ability", "objektit.ratings.ability", {}), "value": "+9"},
        "an ability is rated +0 to +6, not +9",
    ),
    (
        lambda: ObjectSheet("Laiva", default_developed=8),
        "objektit.ratings.rating",
        {
            "what": ("Laiva: the concept's default", "objektit.ratings.default", {"name": "Laiva"}),
            "value": "+8",
        },
        "Laiva: the concept's default is rated +0 to +6, not +8",
    ),
    (
        lambda: ObjectSheet("Laiva", condition=7),
        "objektit.sheet.values",
        {"self_name": "Laiva", "CONDITION_MAX": 6, "condition": 7},
        "Laiva: a condition is at most 6, not 7",
    ),
    (
        lambda: SHIP.developed_rating(None),
        "objektit.sheet.developed_rating",
        {"self_name": "Laiva"},
        "Laiva has no default for a missing developed ability",
    ),
    (
        lambda: SHIP.inherent_rating("Nopeus"),
        "objektit.sheet.no_inherent",
        {"owner": "Laiva", "name": "Nopeus"},
        "Laiva has no inherent ability 'Nopeus'",
    ),
    (
        lambda: SHIP.developed_rating("Tykit"),
        "objektit.sheet.no_developed",
        {"owner": "Laiva", "name": "Tykit"},
        "Laiva has no developed ability 'Tykit'",
    ),
]


@pytest.mark.parametrize(
    ("refused", "code", "values", "message"),
    REFUSED,
    ids=refusal_ids(REFUSED),
)
def test_a_refusal_names_its_rule_and_what_it_was_about(
    refused: Callable[[], object], code: str, values: dict[str, object], message: str
) -> None:
    assert_refused(refused, code, values, message, said=said)
