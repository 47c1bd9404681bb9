"""The Menneisyyden varjot character sheet: abilities 0–4, pools, and the gift dice each
player holds this session (seed 002)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from fatescreen.systems.varjot.rules.errors import InvalidRating, NoGiftDice, NoPoolPoints, OwnGift

UNSKILLED = 0
"""«taitamaton»: any ability typical of the character's culture, if not on the sheet."""
CAPABLE = 1
"""«kyvykäs»: the first skilled rating; a capable character succeeds more often than not."""
GRANDMASTER = 4
"""«suurmestari»: the highest rating."""
RATINGS = range(UNSKILLED, GRANDMASTER + 1)
"""Every ability rating, 0–4."""
MAX_POOL = 100
"""The largest pool a sheet may hold (a sanity limit, not a rule)."""


def check_rating(rating: int) -> int:
    """``rating`` if it is an ability rating (0–4).

    Raises:
        InvalidRating: It is not.
    """
    if rating not in RATINGS:
        raise InvalidRating(
            f"an ability is rated 0 to 4, not {rating}",
            code="varjot.sheet.check_rating",
            rating=rating,
        )
    return rating


@dataclass(frozen=True)
class Ability:
    """One ability on a sheet and its rating, 0 (unskilled) to 4 (grandmaster)."""

    name: str
    rating: int

    def __post_init__(self) -> None:
        check_rating(self.rating)


@dataclass(frozen=True)
class Pool:
    """A pool of points (e.g. «Ruumis»): spend one for a bonus die on a related check."""

    name: str
    maximum: int
    left: int

    def spend(self) -> Pool:
        """The pool with one point spent.

        Raises:
            NoPoolPoints: No points are left.
        """
        if self.left <= 0:
            raise NoPoolPoints(
                f"the pool {self.name} has no points left",
                code="varjot.sheet.spend",
                self_name=self.name,
            )
        return replace(self, left=self.left - 1)


@dataclass(frozen=True)
class Character:
    """A character of Menneisyyden varjot: a PC has a player, a GM character has none."""

    name: str
    abilities: tuple[Ability, ...] = ()
    pools: tuple[Pool, ...] = ()
    player: str | None = None

    def rating(self, ability: str) -> int:
        """The rating of an ability; one not on the sheet is unskilled (0), as every
        character knows the abilities typical of their culture at that level."""
        for known in self.abilities:
            if known.name.casefold() == ability.casefold():
                return known.rating
        return UNSKILLED

    def pool(self, name: str) -> Pool:
        """A pool by name.

        Raises:
            NoPoolPoints: The character has no such pool.
        """
        for pool in self.pools:
            if pool.name.casefold() == name.casefold():
                return pool
        raise NoPoolPoints(
            f"{self.name} has no pool {name}",
            code="varjot.sheet.pool",
            self_name=self.name,
            name=name,
        )

    def spend(self, pool_name: str) -> Character:
        """The character with one point spent from a pool (for one bonus die).

        Raises:
            NoPoolPoints: No such pool, or it is empty.
        """
        spent = self.pool(pool_name).spend()
        return replace(self, pools=tuple(spent if p.name == spent.name else p for p in self.pools))


@dataclass(frozen=True)
class GiftDice:
    """The gift dice each player, the GM included, holds this session."""

    left: tuple[tuple[str, int], ...]

    @classmethod
    def new_session(cls, players: Sequence[str]) -> GiftDice:
        """At the start of each session every player, the GM too, gets as many gift dice as
        there are players around the table (the GM counted among them)."""
        return cls(tuple((player, len(players)) for player in players))

    @property
    def by_player(self) -> Mapping[str, int]:
        """Dice left per player."""
        return dict(self.left)

    def give(self, giver: str, receiver: str | None) -> GiftDice:
        """``giver`` gives one gift die as a bonus die to the check of ``receiver``'s
        character (None: a character of no player, i.e. the GM's).

        Raises:
            OwnGift: The giver would give it to their own check.
            NoGiftDice: The giver has none left (or is not at the table).
        """
        if giver == receiver:
            raise OwnGift(
                f"{giver} cannot give a gift die to their own check",
                code="varjot.sheet.give",
                giver=giver,
            )
        count = self.by_player.get(giver)
        if count is None:
            raise NoGiftDice(
                f"{giver} is not a player at this table", code="varjot.sheet.give_2", giver=giver
            )
        if count <= 0:
            raise NoGiftDice(
                f"{giver} has no gift dice left this session",
                code="varjot.sheet.give_3",
                giver=giver,
            )
        return GiftDice(tuple((p, n - 1 if p == giver else n) for p, n in self.left))
