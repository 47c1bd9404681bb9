"""The condition track: 6 good ... 1 incapacitated, below 1 in the GM's power (§12 «Tila»)."""

from __future__ import annotations

from enum import IntEnum
from fractions import Fraction

from fatescreen.systems.objektit.rules.errors import InvalidRating

CONDITION_MAX = 6
"""An object's condition when it is made («Useimmiten tila on objektia luotaessa hyvä»)."""


class ConditionLevel(IntEnum):
    """A named condition; every condition below 1 is in the GM's power."""

    IN_GM_POWER = 0
    INCAPACITATED = 1
    NEAR_THE_END = 2
    COLLAPSING = 3
    HURT = 4
    BRUISED = 5
    GOOD = 6


def condition_level(condition: int) -> ConditionLevel:
    """The name of ``condition``.

    Raises:
        InvalidRating: ``condition`` is above 6.
    """
    if condition > CONDITION_MAX:
        raise InvalidRating(
            f"a condition is at most {CONDITION_MAX}, not {condition}",
            code="objektit.condition.condition_level",
            CONDITION_MAX=CONDITION_MAX,
            condition=condition,
        )
    return ConditionLevel(max(condition, ConditionLevel.IN_GM_POWER))


def condition_after(condition: int, result: Fraction | int) -> int:
    """The condition after a damage ``result`` is added to it.

    A result of 0 or more leaves the condition as it is («jos tulos>0 niin kohteen tila ei
    muutu»). The track moves in whole steps: a chance with a fraction (the seed allows +3,14)
    can give a result such as -2.86, and the part of a step is dropped (-2.86 moves 2 steps).
    """
    if result >= 0:
        return condition
    return condition + int(Fraction(result))
