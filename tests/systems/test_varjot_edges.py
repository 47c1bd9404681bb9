"""Menneisyyden varjot's edges the worked examples leave open (seed 002): a tie's
resolution in full, the most dice allowed, fresh faces that are not Fudge faces, the order
of the kept dice, an empty word; and an Objektit sheet's refusal naming the ability."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from fatescreen.rules.errors import RulesError
from fatescreen.systems.objektit.rules.sheet import ObjectSheet
from fatescreen.systems.varjot.rules.check import (
    Check,
    ExtraDice,
    Resolution,
    Side,
    Source,
    resolve_opposed,
)
from fatescreen.systems.varjot.rules.dice import change_net, kept, looks_like_faces
from fatescreen.systems.varjot.rules.errors import InvalidFudgeDice
from fatescreen.systems.varjot.rules.odds import improve_odds, level_odds, success_odds


def test_a_tie_is_resolved_in_full() -> None:
    """A tie: nobody wins if it can plausibly end undecided, otherwise the side that started
    it loses; either way by a margin of 0."""
    assert resolve_opposed(3, 3) == Resolution((3, 3), None, 0, tie=True)
    assert resolve_opposed(2, 2, tie_plausible=False) == Resolution((2, 2), 1, 0, tie=True)


def test_a_check_passes_on_whether_a_tie_is_plausible() -> None:
    eero = Side("Eero", "Voima", 2).roll((0, 0, 0))
    aino = Side("Aino", "Voima", 2).roll((0, 0, 0))
    check = Check((eero, aino))
    assert check.resolve().winner is None
    assert check.resolve(tie_plausible=True).winner is None
    assert check.resolve(tie_plausible=False).winner == 1


def test_thirty_bonus_dice_are_allowed() -> None:
    side = Side("Eero", "Voima", 2).add(ExtraDice(Source.OTHER, 30))
    assert side.bonus == 30


def test_dice_added_after_the_roll_must_show_fudge_faces() -> None:
    with pytest.raises(InvalidFudgeDice):
        change_net((1, 0, -1), 0, 1, (2,))


def test_without_bonus_or_penalty_dice_all_three_are_kept_lowest_first() -> None:
    assert kept((1, -1, 0), 0) == (-1, 0, 1)
    assert kept((1, -1, 0, 1), 1) == (1, 1, 0)
    assert kept((1, -1, 0, -1), -1) == (-1, -1, 0)


def test_an_empty_word_is_not_dice() -> None:
    assert not looks_like_faces("")
    assert looks_like_faces("+0-")


def test_an_objektit_sheet_names_the_ability_out_of_range() -> None:
    with pytest.raises(RulesError) as caught:
        ObjectSheet("Laiva", inherent=(("Kova", 7),))
    assert caught.value.values["what"] == "Laiva: Kova"


def _brute_success(rating: int, net: int) -> Fraction:
    """Level 1 or better, counted over every equally likely roll of 3 + |net| dice."""
    rolls = list(itertools.product((-1, 0, 1), repeat=3 + abs(net)))
    wins = sum(1 for roll in rolls if rating + sum(kept(roll, net)) >= 1)
    return Fraction(wins, len(rolls))


def test_success_odds_count_every_roll_and_default_to_no_extra_dice() -> None:
    """«ykkösen tai paremman»: an independent check is won at level 1 or better."""
    assert success_odds(0) == success_odds(0, 0) == _brute_success(0, 0) == Fraction(10, 27)
    assert success_odds(0, 2) == _brute_success(0, 2)
    assert success_odds(1, -1) == _brute_success(1, -1)
    assert level_odds(2) == level_odds(2, 0) != level_odds(2, 1)


def test_one_die_added_after_the_roll_improves_the_level_a_third_of_the_time() -> None:
    """On 0 0 0 a bonus die raises the level only if it shows +; two bonus dice unless
    both miss: 1 - (2/3)²."""
    assert improve_odds(2, (0, 0, 0), 0) == Fraction(1, 3)
    assert improve_odds(2, (0, 0, 0), 0, 2) == Fraction(5, 9)
    # + + + at rating 4: level 7, nothing left to gain.
    top = improve_odds(4, (1, 1, 1), 0)
    assert top == 0 and isinstance(top, Fraction)
