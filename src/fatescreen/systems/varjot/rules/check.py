"""The Menneisyyden varjot ability check: a side's ability and dice, the level it reaches,
independent and opposed checks, support chains and the margin (seed 002)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from fatescreen.systems.varjot.rules.dice import (
    MAX_EXTRA_DICE,
    Faces,
    change_net,
    dice_rolled,
    kept,
    net_dice,
    new_dice_needed,
    roll_faces,
)
from fatescreen.systems.varjot.rules.errors import ChainBroken, InvalidFudgeDice, TooManyGmDice
from fatescreen.systems.varjot.rules.sheet import check_rating

FAILURE = 0
"""«Moka»: the level of a failed check."""
TOP_LEVEL = 7
"""«Taivaallinen»: the highest level (a grandmaster's 4 and three ``+``)."""
LEVELS = range(FAILURE, TOP_LEVEL + 1)
"""Every level a check can reach, 0–7."""
GM_PENALTY_MAX = 2
"""The GM imposes one or two penalty dice on a check for hard circumstances."""


def level(rating: int, dice: Iterable[int]) -> int:
    """A check's level: the ability's rating plus the three counted dice, never below 0."""
    return max(FAILURE, rating + sum(dice))


class Source(StrEnum):
    """Where bonus or penalty dice come from; the dashboard shows each source."""

    POOL = "pool"
    """A point spent from a pool: one bonus die."""
    GIFT = "gift"
    """Another player's gift die: one bonus die."""
    GM = "gm"
    """The GM's penalty dice for hard circumstances (one or two)."""
    SUPPORT = "support"
    """A secondary ability's or a helper's level, as bonus dice (a failure: a penalty die)."""
    MARGIN = "margin"
    """The margin of the won simple check that led to an extended conflict."""
    OTHER = "other"
    """Any other source the GM names (a knack, harm, ...)."""


@dataclass(frozen=True)
class ExtraDice:
    """Bonus or penalty dice from one source."""

    source: Source
    count: int
    penalty: bool = False
    detail: str = ""
    """The pool, the giver, the helper or the reason."""


@dataclass(frozen=True)
class Side:
    """One character's part in a check: the ability, its dice, and the dice on the table."""

    character: str
    ability: str
    rating: int
    extras: tuple[ExtraDice, ...] = ()
    faces: Faces | None = None
    """The dice on the table (3 + |net| of them) once rolled; None before the roll."""

    def __post_init__(self) -> None:
        check_rating(self.rating)

    @property
    def bonus(self) -> int:
        """Bonus dice from every source."""
        return sum(e.count for e in self.extras if not e.penalty)

    @property
    def penalty(self) -> int:
        """Penalty dice from every source."""
        return sum(e.count for e in self.extras if e.penalty)

    @property
    def net(self) -> int:
        """Bonus minus penalty dice: they cancel before rolling."""
        return net_dice(self.bonus, self.penalty)

    @property
    def rolled(self) -> bool:
        """True once the dice are on the table."""
        return self.faces is not None

    @property
    def kept(self) -> Faces:
        """The three dice that count (empty before the roll)."""
        return kept(self.faces, self.net) if self.faces is not None else ()

    @property
    def level(self) -> int | None:
        """The level reached, 0–7; None before the roll."""
        return level(self.rating, self.kept) if self.faces is not None else None

    @property
    def gm_penalty(self) -> int:
        """Penalty dice the GM has imposed on this side."""
        return sum(e.count for e in self.extras if e.source is Source.GM)

    def dice_for(self, extra: ExtraDice) -> int:
        """How many fresh dice adding ``extra`` rolls now: none before the roll (they are
        rolled with the others), after it one for each die not cancelled."""
        if self.faces is None:
            return 0
        change = -extra.count if extra.penalty else extra.count
        return new_dice_needed(self.net, self.net + change)

    def add(self, extra: ExtraDice, fresh: Iterable[int] = ()) -> Side:
        """This side with more bonus or penalty dice, before or after the roll.

        Args:
            extra: The dice and their source.
            fresh: After the roll, the faces of the :meth:`dice_for` newly rolled dice.

        Raises:
            TooManyGmDice: The GM would impose more than two penalty dice.
            InvalidFudgeDice: Too many dice, or the fresh faces do not fit.
        """
        if extra.count < 1:
            raise InvalidFudgeDice("add at least one die", code="varjot.check.add")
        if extra.source is Source.GM and self.gm_penalty + extra.count > GM_PENALTY_MAX:
            raise TooManyGmDice(
                "the GM imposes one or two penalty dice on a check, no more",
                code="varjot.check.add_2",
            )
        added = replace(self, extras=(*self.extras, extra))
        if max(added.bonus, added.penalty) > MAX_EXTRA_DICE:
            raise InvalidFudgeDice(
                f"at most {MAX_EXTRA_DICE} bonus or penalty dice",
                code="varjot.check.add_3",
                MAX_EXTRA_DICE=MAX_EXTRA_DICE,
            )
        if self.faces is None:
            if tuple(fresh):
                raise InvalidFudgeDice(
                    "dice added before the roll are rolled with the others",
                    code="varjot.check.add_4",
                )
            return added
        faces = change_net(self.faces, self.net, added.net, fresh)
        return replace(added, faces=faces)

    def roll(self, faces: Faces) -> Side:
        """This side with its dice on the table.

        Raises:
            InvalidFudgeDice: Not 3 + |net| dice.
        """
        if len(faces) != dice_rolled(self.net):
            raise InvalidFudgeDice(
                f"{dice_rolled(self.net)} dice are needed, {len(faces)} given",
                code="varjot.check.roll",
                value=dice_rolled(self.net),
                value_=len(faces),
            )
        return replace(self, faces=tuple(faces))

    def roll_with(self, rng: random.Random) -> Side:
        """This side rolled with ``rng``."""
        return self.roll(roll_faces(rng, dice_rolled(self.net)))


@dataclass(frozen=True)
class Resolution:
    """Who won a check and by how much.

    ``winner`` is the index of the side that won (0 is the side that started the check),
    or None when nobody did: a failed independent check, or a plausible tie.
    """

    levels: tuple[int, ...]
    winner: int | None
    margin: int = 0
    tie: bool = False


def resolve_independent(level_reached: int) -> Resolution:
    """An independent check is won with level 1 or better: «ykkösen tai paremman»."""
    return Resolution((level_reached,), 0 if level_reached > FAILURE else None)


def resolve_opposed(initiator: int, opponent: int, *, tie_plausible: bool = True) -> Resolution:
    """An opposed check: the higher level wins by the difference. A tie: nobody wins if the
    situation can plausibly end undecided, otherwise the side that started it loses.

    Args:
        initiator: The level of the side that started the check.
        opponent: The level of the other side.
        tie_plausible: Whether a tie can be imagined in this situation.
    """
    levels = (initiator, opponent)
    if initiator == opponent:
        return Resolution(levels, None if tie_plausible else 1, 0, tie=True)
    winner = 0 if initiator > opponent else 1
    return Resolution(levels, winner, abs(initiator - opponent))


@dataclass(frozen=True)
class Check:
    """A check in progress: one side (independent) or two (opposed; the first started it)."""

    sides: tuple[Side, ...]

    @property
    def opposed(self) -> bool:
        """True with two sides."""
        return len(self.sides) == 2

    @property
    def rolled(self) -> bool:
        """True once every side has rolled."""
        return all(side.rolled for side in self.sides)

    def with_side(self, index: int, side: Side) -> Check:
        """The check with one side replaced."""
        sides = list(self.sides)
        sides[index] = side
        return Check(tuple(sides))

    def resolve(self, *, tie_plausible: bool = True) -> Resolution:
        """Who won, once rolled.

        Raises:
            InvalidFudgeDice: A side has not rolled yet.
        """
        levels = [side.level for side in self.sides]
        if any(found is None for found in levels):
            raise InvalidFudgeDice("roll the check first", code="varjot.check.resolve")
        reached = [found for found in levels if found is not None]
        if not self.opposed:
            return resolve_independent(reached[0])
        return resolve_opposed(reached[0], reached[1], tie_plausible=tie_plausible)


class OnFailure(StrEnum):
    """What a failed link of a support chain (or a secondary ability) does to the next
    check: the GM and the player decide beforehand."""

    CONTINUE = "continue"
    """The next check goes on without extra dice."""
    PENALTY = "penalty"
    """The next check gets a penalty die."""
    STOP = "stop"
    """The next check cannot be tried."""


def support(
    level_reached: int, who: str, on_failure: OnFailure = OnFailure.CONTINUE
) -> ExtraDice | None:
    """The dice a secondary ability's or a helper's check gives the next check: its level
    as bonus dice; a failure gives nothing, a penalty die, or stops the chain.

    Raises:
        ChainBroken: A failure with :attr:`OnFailure.STOP`.
    """
    if level_reached > FAILURE:
        return ExtraDice(Source.SUPPORT, level_reached, detail=who)
    if on_failure is OnFailure.PENALTY:
        return ExtraDice(Source.SUPPORT, 1, penalty=True, detail=who)
    if on_failure is OnFailure.STOP:
        raise ChainBroken(
            f"{who} failed: the next check cannot be tried", code="varjot.check.support", who=who
        )
    return None


def chain_order(helpers: Iterable[tuple[str, int]]) -> list[tuple[str, int]]:
    """The order of a chain of similar abilities with no obvious order: the most skilled
    roll first (each roll may then give penalty dice to the next)."""
    return sorted(helpers, key=lambda helper: -helper[1])


def margin_dice(resolution: Resolution, side: int) -> int:
    """Bonus dice ``side`` takes into the first round of an extended conflict: the margin
    of the simple check it won, else none."""
    return resolution.margin if resolution.winner == side and len(resolution.levels) == 2 else 0
