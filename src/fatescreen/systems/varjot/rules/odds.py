"""Exact odds for Menneisyyden varjot checks, computed with icepool: every level of a
check with any bonus or penalty dice, an opposed check's win, tie and loss, and the odds
that one more die added after the roll improves the result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from fatescreen.systems.varjot.rules.check import level
from fatescreen.systems.varjot.rules.dice import (
    BASE_DICE,
    FACES,
    change_net,
    dice_rolled,
    kept,
    new_dice_needed,
)
from fatescreen.systems.varjot.rules.sheet import check_rating

LevelOdds = Mapping[int, Fraction]
"""The probability of each level 0–7 a check can reach (levels it cannot reach left out)."""


@lru_cache(maxsize=64)
def _kept_sum(net: int) -> tuple[tuple[int, int], ...]:
    """(sum of the three kept dice, ways) over the 3^(3+|net|) equally likely rolls."""
    import icepool  # only needed once odds are asked for: keep it off the start-up path

    pool: Any = icepool.Die(list(FACES)).pool(dice_rolled(net))
    die: Any = (pool.highest(BASE_DICE) if net > 0 else pool.lowest(BASE_DICE)).sum()
    return tuple(zip(die.outcomes(), die.quantities(), strict=True))


def level_odds(rating: int, net: int = 0) -> LevelOdds:
    """The exact chance of each level for an ability rating and net bonus (+) or penalty (-)
    dice.

    Raises:
        InvalidRating: ``rating`` is not 0–4.
    """
    check_rating(rating)
    counts = _kept_sum(net)
    total = sum(ways for _, ways in counts)
    odds: dict[int, Fraction] = {}
    for dice_sum, ways in counts:
        reached = level(rating, (dice_sum,))
        odds[reached] = odds.get(reached, Fraction(0)) + Fraction(ways, total)
    return dict(sorted(odds.items()))


def success_odds(rating: int, net: int = 0) -> Fraction:
    """The chance of winning an independent check (level 1 or better)."""
    return sum((p for found, p in level_odds(rating, net).items() if found > 0), Fraction(0))


@dataclass(frozen=True)
class OpposedOdds:
    """The chances of an opposed check, seen from the side that started it."""

    win: Fraction
    tie: Fraction
    lose: Fraction


def opposed_odds(rating: int, net: int, other_rating: int, other_net: int) -> OpposedOdds:
    """The exact chances that the initiator's level is higher, equal or lower than the
    opponent's (what a tie means is the GM's call: see ``resolve_opposed``)."""
    mine = level_odds(rating, net)
    theirs = level_odds(other_rating, other_net)
    win = tie = lose = Fraction(0)
    for a, p in mine.items():
        for b, q in theirs.items():
            if a > b:
                win += p * q
            elif a == b:
                tie += p * q
            else:
                lose += p * q
    return OpposedOdds(win, tie, lose)


def after_adding(rating: int, faces: Sequence[int], net: int, change: int) -> LevelOdds:
    """The chance of each level after ``change`` more net dice (+ bonus, - penalty) are
    added to a rolled check, with ``faces`` on the table."""
    kept(faces, net)  # the dice on the table must fit the net dice
    odds: dict[int, Fraction] = {}
    fresh_count = new_dice_needed(net, net + change)
    outcomes = _all_faces(fresh_count)
    share = Fraction(1, len(outcomes))
    for fresh in outcomes:
        table = change_net(faces, net, net + change, fresh)
        reached = level(rating, kept(table, net + change))
        odds[reached] = odds.get(reached, Fraction(0)) + share
    return dict(sorted(odds.items()))


def improve_odds(rating: int, faces: Sequence[int], net: int, change: int = 1) -> Fraction:
    """The chance that adding ``change`` net dice after the roll raises the level."""
    now = level(rating, kept(faces, net))
    return sum(
        (p for found, p in after_adding(rating, faces, net, change).items() if found > now),
        Fraction(0),
    )


def _all_faces(count: int) -> list[tuple[int, ...]]:
    rolls: list[tuple[int, ...]] = [()]
    for _ in range(count):
        rolls = [(*roll, face) for roll in rolls for face in FACES]
    return rolls
