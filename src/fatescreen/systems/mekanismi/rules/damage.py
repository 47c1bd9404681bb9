"""Damage in Mekanismi: a won margin split among targets as points, and a character's total (§11).

The seed spends the margin as damage points («voi hän aiheuttaa yhdelle heistä kolme pistettä
vahinkoa tai kolmelle yhden pisteen») but is silent on how much damage a character can take.
The simplest reading: a character counts the points taken; the scene may give a character
``health``, the points that take it out (a minion may have 1), and without it nobody is out
until the GM says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from fatescreen.systems.mekanismi.rules.errors import InvalidDamageSplit, InvalidDamageTrack


def split_damage(points: int, shares: Sequence[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """Split ``points`` of damage among targets.

    Each named target takes at least one point; together they take at most ``points`` (the
    winner may leave points unspent, and a target named twice takes both shares).

    Args:
        points: The margin of the won check.
        shares: (target, points) pairs in the order given.

    Returns:
        The shares, one per target in first-named order, with repeated targets added up.

    Raises:
        InvalidDamageSplit: A share is below 1, or the shares add up to more than ``points``.
    """
    totals: dict[str, int] = {}
    for target, share in shares:
        if share < 1:
            raise InvalidDamageSplit(
                f"{target} must take at least 1 point, not {share}",
                code="mekanismi.damage.split_damage_2",
                target=target,
                share=share,
            )
        totals[target] = totals.get(target, 0) + share
    spent = sum(totals.values())
    if spent > points:
        raise InvalidDamageSplit(
            f"the margin gives {points} points of damage, not {spent}",
            code="mekanismi.damage.split_damage",
            points=points,
            spent=spent,
        )
    return tuple(totals.items())


@dataclass(frozen=True)
class DamageTrack:
    """The damage points a character has taken, and optionally how many take it out."""

    taken: int = 0
    health: int | None = None
    """The points that take the character out (GM's choice; None: no limit is kept)."""

    def __post_init__(self) -> None:
        if self.taken < 0:
            raise InvalidDamageTrack(
                f"damage taken cannot be below 0, got {self.taken}",
                code="mekanismi.damage.values",
                taken=self.taken,
            )
        if self.health is not None and self.health < 1:
            raise InvalidDamageTrack(
                f"health must be at least 1, got {self.health}",
                code="mekanismi.damage.values_2",
                health=self.health,
            )

    @property
    def out(self) -> bool:
        """True when the points taken reach the character's health."""
        return self.health is not None and self.taken >= self.health

    @property
    def left(self) -> int | None:
        """Points the character can still take before it is out (None without health)."""
        return None if self.health is None else max(self.health - self.taken, 0)

    def take(self, points: int) -> DamageTrack:
        """The track after taking ``points`` more damage (a negative number heals)."""
        return DamageTrack(max(self.taken + points, 0), self.health)


class MarginTarget(Enum):
    """Whom a won margin may hurt (see :func:`margin_target`)."""

    BEATEN = "beaten"
    """On the beaten side, or anyone but the winners against a side without sheets."""
    WINNER = "winner"
    """On the winning side: the margin is theirs."""
    OUTSIDE = "outside"
    """Not in the check, while the beaten side has characters of its own."""


def margin_target(name: str, winners: Sequence[str], beaten: Sequence[str]) -> MarginTarget:
    """Whether the margin may hurt ``name``: only the beaten side («yhdelle heistä»: one of
    the opponents in the check). When the beaten side is the static difficulty or the
    environment (no characters), anyone but the winners (the GM's call)."""
    if name in winners:
        return MarginTarget.WINNER
    if beaten and name not in beaten:
        return MarginTarget.OUTSIDE
    return MarginTarget.BEATEN
