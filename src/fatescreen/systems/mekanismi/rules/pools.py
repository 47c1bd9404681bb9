"""Dice pools of Mekanismi: ability, advantages, the other side's disadvantages and helpers (§11).

A pool is a list of parts, each with its number of dice and the reason it is there, so the
dashboard can show where every die comes from. Dice are never taken away from a pool: a
disadvantage gives dice to the other side instead (seed 003: «Noppia ei koskaan vähennetä
noppapooleista haittaavien olosuhteiden mukaan, vaan vastapooli saa lisänoppia»).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from fatescreen.systems.mekanismi.rules.errors import InvalidPool

STATIC_DIFFICULTY = 3
"""Dice the GM rolls for every environmental challenge («Kiinteä vaikeus ... on 3»)."""

ADVANTAGES_RULE_OF_THUMB = 3
"""About this many advantages from gear and circumstances per pool is the seed's rule of thumb
(«Yhteensä kolme etua varusteista ja olosuhteista hyvänä nyrkkisääntönä»)."""


class Advantage(IntEnum):
    """How many dice an advantage adds: a minor advantage one, a major advantage three."""

    MINOR = 1
    MAJOR = 3


class PartKind(StrEnum):
    """Where the dice of one part of a pool come from."""

    ABILITY = "ability"
    """The actor's ability: as many dice as its rating."""
    DIFFICULTY = "difficulty"
    """The static difficulty of an environmental challenge: three dice."""
    ADVANTAGE = "advantage"
    """Gear or circumstances in this side's favour (minor 1 die, major 3)."""
    DISADVANTAGE = "disadvantage"
    """A disadvantage of the other side, given to this side as dice."""
    HELPERS = "helpers"
    """One die per helping actor when a group acts together."""


@dataclass(frozen=True)
class PoolPart:
    """Some dice of a pool and the reason they are in it."""

    kind: PartKind
    dice: int
    reason: str = ""

    def __post_init__(self) -> None:
        if self.dice < 0:
            raise InvalidPool(
                f"a pool cannot hold fewer than 0 dice, got {self.dice}",
                code="mekanismi.pools.values",
                dice=self.dice,
            )


@dataclass(frozen=True)
class Pool:
    """The dice one side rolls, part by part."""

    parts: tuple[PoolPart, ...] = ()

    @property
    def size(self) -> int:
        """How many d6 the pool rolls."""
        return sum(part.dice for part in self.parts)

    @property
    def advantages(self) -> int:
        """How many advantages (gear, circumstances, the other side's disadvantages) it has."""
        return sum(
            1 for part in self.parts if part.kind in (PartKind.ADVANTAGE, PartKind.DISADVANTAGE)
        )

    @property
    def past_rule_of_thumb(self) -> bool:
        """True when the pool has more advantages than the seed's rule of thumb of three."""
        return self.advantages > ADVANTAGES_RULE_OF_THUMB

    def plus(self, kind: PartKind, dice: int, reason: str = "") -> Pool:
        """This pool with one more part.

        Raises:
            InvalidPool: ``dice`` is negative.
        """
        return Pool((*self.parts, PoolPart(kind, dice, reason)))

    def with_advantage(self, advantage: Advantage, reason: str = "") -> Pool:
        """This pool with a minor (+1) or major (+3) advantage of its own side."""
        return self.plus(PartKind.ADVANTAGE, int(advantage), reason)

    def with_helpers(self, helpers: int, reason: str = "") -> Pool:
        """This pool with one die for each of ``helpers`` helping actors.

        Raises:
            InvalidPool: ``helpers`` is negative.
        """
        return self.plus(PartKind.HELPERS, helpers, reason)

    def without_last(self) -> Pool:
        """This pool without its last part (undoing the last added advantage or helpers)."""
        return Pool(self.parts[:-1])


def ability_pool(rating: int, reason: str = "") -> Pool:
    """The pool of an actor's ability: as many dice as its rating.

    Raises:
        InvalidPool: ``rating`` is negative.
    """
    return Pool((PoolPart(PartKind.ABILITY, rating, reason),))


def static_difficulty(reason: str = "") -> Pool:
    """The GM's pool against an environmental challenge: three dice, before circumstances."""
    return Pool((PoolPart(PartKind.DIFFICULTY, STATIC_DIFFICULTY, reason),))


def group_pool(pools: Sequence[Pool], reason: str = "") -> Pool:
    """The pool of a group acting together: the best actor's pool and a die for each helper.

    Only the best actor's ability, gear and circumstances count («vain parhaan toimijan kyvyt,
    varusteet ja olosuhteet»); the best is the one with the largest pool (the first of equals).

    Args:
        pools: Each actor's own pool.
        reason: The reason shown for the helpers' dice.

    Raises:
        InvalidPool: ``pools`` is empty.
    """
    best = pools[best_actor(pools)]
    helpers = len(pools) - 1
    return best.with_helpers(helpers, reason) if helpers else best


def best_actor(pools: Sequence[Pool]) -> int:
    """Which of a group's pools counts: the index of the largest (the first of equals).

    Raises:
        InvalidPool: ``pools`` is empty.
    """
    if not pools:
        raise InvalidPool("a group needs at least one actor", code="mekanismi.pools.best_actor")
    return max(range(len(pools)), key=lambda index: pools[index].size)
