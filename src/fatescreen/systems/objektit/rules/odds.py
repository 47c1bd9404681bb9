"""Exact odds of a conflict and of a hit's damage, through icepool (§12)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from fatescreen.systems.objektit.rules.condition import condition_after
from fatescreen.systems.objektit.rules.conflict import Step, step_for


@dataclass(frozen=True)
class ConflictOdds:
    """The exact probability of each result of a conflict with a given LK + KK + chance."""

    results: Mapping[Fraction, Fraction]

    @property
    def good(self) -> Fraction:
        """The probability of a result above 0 (a hit, for an attack)."""
        return self._where(lambda value: value > 0)

    @property
    def average(self) -> Fraction:
        """The probability of a result of exactly 0."""
        return self._where(lambda value: value == 0)

    @property
    def bad(self) -> Fraction:
        """The probability of a result below 0."""
        return self._where(lambda value: value < 0)

    def of_step(self, step: Step) -> Fraction:
        """The probability that the result is named ``step`` on the ladder."""
        return self._where(lambda value: step_for(value) is step)

    def _where(self, test: Any) -> Fraction:
        return sum(
            (chance for value, chance in self.results.items() if test(value)), start=Fraction(0)
        )


def conflict_odds(base: Fraction | int) -> ConflictOdds:
    """The odds of every result of ``base`` (LK + KK + chance) - 2d6."""
    base = Fraction(base)
    return ConflictOdds(
        MappingProxyType({base - total: chance for total, chance in two_dice_odds().items()})
    )


def damage_odds(
    attack_base: Fraction | int,
    resistance: int,
    danger: Fraction | int,
    condition: int,
) -> Mapping[int, Fraction]:
    """The odds of each condition the target ends in after one attack, before the attack roll.

    The attack hits when ``attack_base`` - 2d6 is above 0; a hit's damage is ``resistance``
    (the target's LK + a fitting KK) + ``danger`` - the hit's result; a miss changes nothing.

    Args:
        attack_base: The attacker's LK + KK + chance.
        resistance: The target's LK against damage plus a fitting KK.
        danger: The GM's danger of the damage type.
        condition: The target's condition before the attack.

    Returns:
        Each possible condition after the attack and its probability.
    """
    after: dict[int, Fraction] = {}
    for total, chance in two_dice_odds().items():
        hit = Fraction(attack_base) - total
        result = condition if hit <= 0 else condition_after(condition, resistance + danger - hit)
        after[result] = after.get(result, Fraction(0)) + chance
    return MappingProxyType(dict(sorted(after.items(), reverse=True)))


@lru_cache(maxsize=1)
def two_dice_odds() -> Mapping[int, Fraction]:
    """The exact chance of each total of 2d6, 2 to 12."""
    dice = _two_dice()
    total = dice.denominator()
    return MappingProxyType(
        {
            int(outcome): Fraction(quantity, total)
            for outcome, quantity in zip(dice.outcomes(), dice.quantities(), strict=True)
        }
    )


def _two_dice() -> Any:
    # icepool is imported on first use: importing it would slow down every start.
    import icepool

    return 2 @ icepool.d6
