"""An uncertain conflict: LK + KK (or the concept's default) + chance - 2d6, compared with 0 (§12).

The chance is any number the GM picks («Luku voi olla vaikka +3,14 jos PJ niin haluaa»), so
values here are exact fractions. Only one side rolls; the other side is in the chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction

from fatescreen.systems.objektit.rules.dice import TwoDice
from fatescreen.systems.objektit.rules.ratings import DEVELOPED, INHERENT, rating

LADDER_STEP = 3
"""The seed's ladders of chances and results go in steps of three, -9 to +9."""


class Step(IntEnum):
    """A named step of the seed's ladders: a chance («mahdollisuus») or a result («seuraus»)."""

    VERY_BAD = -9
    BAD = -6
    FAIRLY_BAD = -3
    AVERAGE = 0
    FAIRLY_GOOD = 3
    GOOD = 6
    EXCELLENT = 9


def step_for(value: Fraction | int) -> Step:
    """The ladder step a value has reached, counting away from 0.

    The seed names only every third number; a value between two steps is named by the step
    nearer to 0 that it has reached (+2 is still average, +3 fairly good, -4 fairly bad), and
    anything beyond ±9 by the last step.
    """
    reached = int(abs(Fraction(value)) // LADDER_STEP) * LADDER_STEP
    capped = min(reached, Step.EXCELLENT)
    return Step(capped if value >= 0 else -capped)


@dataclass(frozen=True)
class Conflict:
    """One object's side of an uncertain conflict, before the dice."""

    inherent: int
    """The inherent ability (LK) used, +0 ... +6."""
    developed: int
    """The fitting developed ability (KK), or the GM's default for the concept, +0 ... +6."""
    chance: Fraction = Fraction(0)
    """The GM's chance: any number, the ladder's -9 ... +9 are examples."""

    def __post_init__(self) -> None:
        rating(self.inherent, INHERENT)
        rating(self.developed, DEVELOPED)
        object.__setattr__(self, "chance", Fraction(self.chance))

    @property
    def base(self) -> Fraction:
        """LK + KK + chance: the number the dice are taken from."""
        return self.inherent + self.developed + self.chance

    def resolve(self, dice: TwoDice) -> ConflictResult:
        """The result of this conflict with ``dice``."""
        return ConflictResult(self.base - dice.total, dice)


@dataclass(frozen=True)
class ConflictResult:
    """A conflict's result: above 0 is good, below 0 bad («suuremmat luvut ovat hyviä»)."""

    value: Fraction
    dice: TwoDice | None = None
    """The dice rolled, or None for a result the GM set (an NPC's initiative from a hat)."""

    @property
    def step(self) -> Step:
        """The result's name on the -9 ... +9 ladder."""
        return step_for(self.value)

    @property
    def good(self) -> bool:
        """True above 0; for an attack, a hit («Positiivinen tulos = osuma»)."""
        return self.value > 0

    @property
    def bad(self) -> bool:
        """True below 0."""
        return self.value < 0
