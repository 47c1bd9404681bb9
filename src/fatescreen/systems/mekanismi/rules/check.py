"""A Mekanismi check: two pools rolled, successes compared, the margin named (§11)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum, StrEnum

from fatescreen.systems.mekanismi.rules.dice import PoolRoll
from fatescreen.systems.mekanismi.rules.errors import InvalidPoolRoll
from fatescreen.systems.mekanismi.rules.pools import Advantage, PartKind, Pool


class Side(StrEnum):
    """The two sides of a check: the actor and the opposition (a character or the GM)."""

    ACTOR = "actor"
    OPPOSITION = "opposition"

    @property
    def other(self) -> Side:
        """The opposite side."""
        return Side.OPPOSITION if self is Side.ACTOR else Side.ACTOR


class SuccessLevel(IntEnum):
    """How well the winner did, by the margin of successes (lievä ... mieletön onnistuminen)."""

    SLIGHT = 1
    GOOD = 2
    EXCELLENT = 3
    AMAZING = 4


def level_for(margin: int) -> SuccessLevel | None:
    """The level of a win by ``margin`` successes: 1 slight ... 4 or more amazing, else None."""
    if margin <= 0:
        return None
    return SuccessLevel(min(margin, SuccessLevel.AMAZING))


@dataclass(frozen=True)
class Check:
    """Two pools before the dice: the actor's and the opposition's."""

    actor: Pool
    opposition: Pool
    ranged: bool = False
    """True for a ranged attack by the actor: a tie goes to the target («nuoli ei osu»)."""

    def pool(self, side: Side) -> Pool:
        """The pool of ``side``."""
        return self.actor if side is Side.ACTOR else self.opposition

    def with_pool(self, side: Side, pool: Pool) -> Check:
        """This check with ``side``'s pool replaced."""
        return replace(self, actor=pool) if side is Side.ACTOR else replace(self, opposition=pool)

    def advantage(self, side: Side, advantage: Advantage, reason: str = "") -> Check:
        """This check with an advantage for ``side``: its pool gains 1 or 3 dice."""
        return self.with_pool(side, self.pool(side).with_advantage(advantage, reason))

    def disadvantage(self, side: Side, advantage: Advantage, reason: str = "") -> Check:
        """This check with a disadvantage for ``side``: the other side's pool gains the dice.

        Dice are never removed («haavoittunut hahmo ei toimi vähemmillä noppamäärillä, vaan
        vastaheiton noppien määrä vain lisääntyy»).
        """
        other = side.other
        grown = self.pool(other).plus(PartKind.DISADVANTAGE, int(advantage), reason)
        return self.with_pool(other, grown)


@dataclass(frozen=True)
class CheckResult:
    """What a check's dice decided."""

    actor_roll: PoolRoll
    opposition_roll: PoolRoll
    ranged: bool = False

    @property
    def actor_successes(self) -> int:
        """Sixes in the actor's pool."""
        return self.actor_roll.successes

    @property
    def opposition_successes(self) -> int:
        """Sixes in the opposition's pool."""
        return self.opposition_roll.successes

    @property
    def margin(self) -> int:
        """The actor's successes minus the opposition's (negative when the opposition won)."""
        return self.actor_successes - self.opposition_successes

    @property
    def winner(self) -> Side | None:
        """The side with more successes; on a tie nobody, or the target of a ranged attack."""
        if self.margin > 0:
            return Side.ACTOR
        if self.margin < 0 or self.ranged:
            return Side.OPPOSITION
        return None

    @property
    def level(self) -> SuccessLevel | None:
        """The winner's level of success (None on a tie, even one a ranged target wins)."""
        return level_for(abs(self.margin))

    @property
    def damage_points(self) -> int:
        """The points of damage the winner may split among targets: the margin, 0 on a tie."""
        return abs(self.margin)


def resolve(check: Check, actor_roll: PoolRoll, opposition_roll: PoolRoll) -> CheckResult:
    """Compare the successes of both pools.

    Raises:
        InvalidPoolRoll: A roll does not have as many dice as its pool.
    """
    for side, roll in ((Side.ACTOR, actor_roll), (Side.OPPOSITION, opposition_roll)):
        size = check.pool(side).size
        if len(roll.faces) != size:
            raise InvalidPoolRoll(
                f"the {side.value}'s pool has {size} dice, the roll has {len(roll.faces)}",
                code="mekanismi.check.actor_pool"
                if side is Side.ACTOR
                else "mekanismi.check.opposition_pool",
                size=size,
                faces=len(roll.faces),
            )
    return CheckResult(actor_roll, opposition_roll, check.ranged)
