"""Damage: a conflict whose chance is the danger and whose dice are the attacker's hit (§12).

«Mahdollisuus = vahingon tyypin vaarallisuus ... Hyökkääjän tulos = 2d6 (eli noppia ei siis
heitetä) ... Tulos lisätään tilaan (jos tulos>0 niin kohteen tila ei muutu)». So the damage
result is the target's LK against damage (usually Kova) + a fitting KK (0 if none) + the danger
- the attacker's hit result, and a negative result is added to the target's condition.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from fatescreen.systems.objektit.rules.condition import condition_after
from fatescreen.systems.objektit.rules.errors import NotAHit
from fatescreen.systems.objektit.rules.ratings import DEVELOPED, INHERENT, rating


@dataclass(frozen=True)
class Damage:
    """One hit's damage to one target."""

    resistance: int
    """The target's inherent ability used against damage (usually Kova), +0 ... +6."""
    developed: int
    """A fitting developed ability of the target, 0 if none, +0 ... +6."""
    danger: Fraction
    """The GM's danger of the damage type, the chance of this conflict (a bullet is worse)."""
    hit: Fraction
    """The attacker's result, which must be a hit (above 0); it stands in for the 2d6."""

    def __post_init__(self) -> None:
        rating(self.resistance, INHERENT)
        rating(self.developed, DEVELOPED)
        object.__setattr__(self, "danger", Fraction(self.danger))
        object.__setattr__(self, "hit", Fraction(self.hit))
        if self.hit <= 0:
            raise NotAHit(
                f"only a positive result hits, not {self.hit}",
                code="objektit.damage.values",
                hit=self.hit,
            )

    @property
    def value(self) -> Fraction:
        """The damage result: resistance + developed + danger - hit."""
        return self.resistance + self.developed + self.danger - self.hit

    def condition_after(self, condition: int) -> int:
        """The target's condition after this damage."""
        return condition_after(condition, self.value)
