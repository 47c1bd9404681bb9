"""Exact odds of the four outcomes of a roll, computed with icepool (docs/rules.md §1, §3)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from fatescreen.rules.actions import OVERCOME_TABLE
from fatescreen.rules.conflict import scale_result_bonus, scale_roll_bonus
from fatescreen.rules.dice import DICE_COUNT
from fatescreen.rules.outcomes import Outcome, outcome_for

INVOKE_BONUS = 2
"""What one invoke adds to an effort."""

_FATE_DIE_FACES = (-1, 0, 1)


@dataclass(frozen=True)
class Odds:
    """The exact probability of each outcome of one roll; the four always sum to 1."""

    fail: Fraction
    tie: Fraction
    success: Fraction
    style: Fraction

    def of(self, outcome: Outcome) -> Fraction:
        """The probability of exactly ``outcome``."""
        return {
            Outcome.FAIL: self.fail,
            Outcome.TIE: self.tie,
            Outcome.SUCCESS: self.success,
            Outcome.STYLE: self.style,
        }[outcome]

    def at_least(self, outcome: Outcome) -> Fraction:
        """The probability of ``outcome`` or a better one (e.g. success or style)."""
        order = list(Outcome)
        return sum((self.of(better) for better in order[order.index(outcome) :]), start=Fraction(0))

    def as_percentages(self) -> dict[Outcome, float]:
        """Each outcome's probability in percent (0-100), fail first, for display."""
        return {outcome: float(self.of(outcome) * 100) for outcome in Outcome}


def overcome_chance(found: Odds) -> Fraction:
    """The chance an overcome gets what it was after (§2 «Ratkaise»): a success, with style
    or not, or a tie, achieved at a minor cost."""
    return sum(
        (found.of(outcome) for outcome in Outcome if OVERCOME_TABLE[outcome].succeeded),
        start=Fraction(0),
    )


@dataclass(frozen=True)
class ScaledOdds:
    """The odds of a roll across a difference of scale (§8 «Skaala»)."""

    on_roll: Odds
    """With +1 per level to the roll of the side above (the advantage taken by default)."""
    on_result: Odds | None
    """For an actor above, with +2 per level to a success's shifts instead; None when the
    actor is not above."""


def scaled_odds(
    rating: int, opposition: int, *, opposed: bool = False, above: int = 0, below: int = 0
) -> ScaledOdds:
    """The odds of a roll when the actor stands ``above`` levels over the opposition, or
    ``below`` levels under it (one of them 0), with either use of the advantage (§8).

    Raises:
        ValueError: A negative number of levels.
    """
    bonus = scale_roll_bonus(above).value
    opposition += scale_roll_bonus(below).value
    on_roll = odds(rating, opposition, opposed=opposed, bonus=bonus)
    if not above:
        return ScaledOdds(on_roll, None)
    result_bonus = scale_result_bonus(above, Outcome.SUCCESS)
    on_result = odds(rating, opposition, opposed=opposed, result_bonus=result_bonus)
    return ScaledOdds(on_roll, on_result)


def dice_counts() -> dict[int, int]:
    """How many of the 81 ways to roll 4dF give each sum, -4 to +4.

    Returns:
        ``{-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}``, from icepool.
    """
    dice = _fate_dice()
    return dict(zip(dice.outcomes(), dice.quantities(), strict=True))


@lru_cache(maxsize=1)
def _fate_dice() -> Any:
    # icepool is imported on first use: it is only needed once odds are asked for, and
    # importing it would slow down every start of the dashboard.
    import icepool

    return DICE_COUNT @ icepool.Die(list(_FATE_DIE_FACES))


def odds(
    rating: int,
    opposition: int = 0,
    *,
    invokes: int = 0,
    rerolls: int = 0,
    bonus: int = 0,
    opposed: bool = False,
    result_bonus: int = 0,
) -> Odds:
    """The exact chance of fail, tie, success and success with style for one roll.

    Effort is ``rating`` + 4dF + 2 per invoke + ``bonus``; shifts are effort minus the
    opposition. With ``opposed`` the opposition rolls 4dF too (a defender): ``opposition``
    is then the defender's rating plus any fixed bonuses of theirs, and the defender's
    dice are added to it. The defender is assumed not to invoke or reroll.

    Reroll policy: a reroll throws all four of the roller's dice again (an invoke spent for
    a reroll, docs/rules.md §3). The roller wants a success, so while rerolls remain they reroll
    whenever the current result is a fail or a tie, and keep any success; the last roll
    stands, even if worse. In an opposed roll the defender's dice are already showing when
    the roller decides, and they stay as they are. ``invokes`` counts only the +2 invokes;
    rerolls are counted separately.

    Args:
        rating: The roller's skill rating.
        opposition: A fixed difficulty, or with ``opposed`` the defender's rating.
        invokes: Invokes taken for +2 each.
        rerolls: Rerolls the roller may use.
        bonus: Any other fixed modifier (stunts, teamwork, scale...), may be negative.
        opposed: True when the opposition rolls 4dF as well.
        result_bonus: Added to the shifts of a roll that already succeeds (the scale
            advantage on the result, §8): a success may become one with style.

    Returns:
        The exact probability of each outcome.

    Raises:
        ValueError: ``invokes`` or ``rerolls`` is negative.
    """
    if invokes < 0:
        raise ValueError(f"invokes cannot be negative, got {invokes}")
    if rerolls < 0:
        raise ValueError(f"rerolls cannot be negative, got {rerolls}")
    margin = rating + INVOKE_BONUS * invokes + bonus - opposition
    return _odds(margin, rerolls, opposed, result_bonus)


@lru_cache(maxsize=4096)
def _odds(margin: int, rerolls: int, opposed: bool, result_bonus: int = 0) -> Odds:
    """Odds for a roll whose shifts are ``margin`` + 4dF (minus 4dF when opposed)."""
    shifts = (
        _fate_dice().map(lambda opposing: _rerolled(margin - opposing, rerolls))
        if opposed
        else _rerolled(margin, rerolls)
    )
    counts = {outcome: 0 for outcome in Outcome}
    for value, quantity in zip(shifts.outcomes(), shifts.quantities(), strict=True):
        counts[outcome_for(value + result_bonus if value > 0 else value)] += quantity
    total = shifts.denominator()
    return Odds(
        fail=Fraction(counts[Outcome.FAIL], total),
        tie=Fraction(counts[Outcome.TIE], total),
        success=Fraction(counts[Outcome.SUCCESS], total),
        style=Fraction(counts[Outcome.STYLE], total),
    )


@lru_cache(maxsize=4096)
def _rerolled(margin: int, rerolls: int) -> Any:
    """Shifts of ``margin`` + 4dF when fails and ties are rerolled up to ``rerolls`` times."""
    shifts = _fate_dice() + margin
    if rerolls == 0 or shifts.max_outcome() <= 0:
        # Rerolling a roll that cannot succeed changes nothing, and icepool's finite-depth
        # reroll divides by zero when every outcome would be rerolled.
        return shifts
    return shifts.reroll(lambda value: value <= 0, depth=rerolls)
