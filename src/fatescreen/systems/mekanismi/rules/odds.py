"""Exact odds of a Mekanismi check: the chance of every margin of successes, through icepool."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from fatescreen.systems.mekanismi.rules.check import Check, Side, SuccessLevel, level_for
from fatescreen.systems.mekanismi.rules.dice import SUCCESS_FACE
from fatescreen.systems.mekanismi.rules.errors import InvalidPool


@dataclass(frozen=True)
class CheckOdds:
    """The exact probability of each margin (actor's successes minus the opposition's)."""

    margins: Mapping[int, Fraction]
    ranged: bool = False

    def of_margin(self, margin: int) -> Fraction:
        """The probability that the actor's successes exceed the opposition's by ``margin``."""
        return self.margins.get(margin, Fraction(0))

    def of_level(self, side: Side, level: SuccessLevel) -> Fraction:
        """The probability that ``side`` wins with exactly ``level`` (4 means 4 or more)."""
        sign = 1 if side is Side.ACTOR else -1
        return sum(
            (
                chance
                for margin, chance in self.margins.items()
                if level_for(sign * margin) is level
            ),
            start=Fraction(0),
        )

    @property
    def tie(self) -> Fraction:
        """The probability of equal successes (nobody wins; a ranged target does)."""
        return self.of_margin(0)

    def wins(self, side: Side) -> Fraction:
        """The probability that ``side`` wins, a ranged target's ties included."""
        sign = 1 if side is Side.ACTOR else -1
        won = sum(
            (chance for margin, chance in self.margins.items() if sign * margin > 0),
            start=Fraction(0),
        )
        return won + self.tie if self.ranged and side is Side.OPPOSITION else won

    @property
    def nobody(self) -> Fraction:
        """The probability that nobody wins (0 in a ranged attack, whose ties the target wins)."""
        return Fraction(0) if self.ranged else self.tie


def check_odds(check: Check) -> CheckOdds:
    """The exact odds of every margin of ``check``."""
    return margin_odds(check.actor.size, check.opposition.size, ranged=check.ranged)


def margin_odds(actor_dice: int, opposition_dice: int, *, ranged: bool = False) -> CheckOdds:
    """The exact odds of every margin when ``actor_dice`` d6 meet ``opposition_dice`` d6.

    Raises:
        InvalidPool: A pool has fewer than 0 dice.
    """
    if actor_dice < 0 or opposition_dice < 0:
        raise InvalidPool(
            f"a pool cannot hold fewer than 0 dice: {actor_dice}, {opposition_dice}",
            code="mekanismi.odds.margin_odds",
            actor_dice=actor_dice,
            opposition_dice=opposition_dice,
        )
    return CheckOdds(_margins(actor_dice, opposition_dice), ranged)


def success_odds(dice: int) -> Mapping[int, Fraction]:
    """The exact chance of each number of successes in a pool of ``dice`` d6.

    Raises:
        InvalidPool: ``dice`` is negative.
    """
    if dice < 0:
        raise InvalidPool(
            f"a pool cannot hold fewer than 0 dice, got {dice}",
            code="mekanismi.odds.success_odds",
            dice=dice,
        )
    return _distribution(_successes(dice))


@lru_cache(maxsize=1024)
def _margins(actor_dice: int, opposition_dice: int) -> Mapping[int, Fraction]:
    return _distribution(_successes(actor_dice) - _successes(opposition_dice))


@lru_cache(maxsize=256)
def _successes(dice: int) -> Any:
    """Sixes among ``dice`` d6, summed in halves: icepool's ``n @ die`` recurses once per
    die, too deep for a large pool."""
    # icepool is imported on first use: importing it would slow down every start.
    import icepool

    if dice == 0:
        return icepool.Die([0])
    if dice == 1:
        return icepool.d6.map(lambda face: 1 if face == SUCCESS_FACE else 0)
    half = dice // 2
    return _successes(half) + _successes(dice - half)


def _distribution(die: Any) -> Mapping[int, Fraction]:
    total = die.denominator()
    return MappingProxyType(
        {
            int(outcome): Fraction(quantity, total)
            for outcome, quantity in zip(die.outcomes(), die.quantities(), strict=True)
        }
    )
