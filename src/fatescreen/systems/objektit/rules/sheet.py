"""An object's sheet: a character, a ship or an army alike (§12 «Objektien luonti»)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from fatescreen.rules.errors import RuleProblem
from fatescreen.systems.objektit.rules.condition import (
    CONDITION_MAX,
    ConditionLevel,
    condition_level,
)
from fatescreen.systems.objektit.rules.conflict import Conflict
from fatescreen.systems.objektit.rules.damage import Damage
from fatescreen.systems.objektit.rules.errors import InvalidRating, UnknownAbility
from fatescreen.systems.objektit.rules.ratings import Rating, rating


@dataclass(frozen=True)
class ObjectSheet:
    """Concept, inherent (LK) and developed (KK) abilities, condition and goals of one object."""

    name: str
    concept: str = ""
    inherent: tuple[tuple[str, int], ...] = ()
    """Inherent abilities (LK), the same names for every object of a kind, +0 ... +6."""
    developed: tuple[tuple[str, int], ...] = ()
    """Developed abilities (KK): skills, a ship's crew, +0 ... +6."""
    default_developed: int | None = None
    """The GM's value for the concept when no developed ability fits, +0 ... +6."""
    condition: int = CONDITION_MAX
    main_goal: str = ""
    goals: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for ability, value in (*self.inherent, *self.developed):
            rating(value, f"{self.name}: {ability}")
        if self.default_developed is not None:
            rating(
                self.default_developed,
                RuleProblem(
                    f"{self.name}: the concept's default",
                    code="objektit.ratings.default",
                    name=self.name,
                ),
            )
        if self.condition > CONDITION_MAX:
            raise InvalidRating(
                f"{self.name}: a condition is at most {CONDITION_MAX}, not {self.condition}",
                code="objektit.sheet.values",
                self_name=self.name,
                CONDITION_MAX=CONDITION_MAX,
                condition=self.condition,
            )

    @property
    def condition_level(self) -> ConditionLevel:
        """The name of the object's condition."""
        return condition_level(self.condition)

    def inherent_rating(self, name: str) -> Rating:
        """The inherent ability called ``name`` (case-insensitive).

        Raises:
            UnknownAbility: The object has no such inherent ability.
        """
        return Rating(_find(self.name, self.inherent, name, "inherent"))

    def developed_rating(self, name: str | None) -> Rating:
        """The developed ability called ``name``, or the concept's default for ``None``.

        Raises:
            UnknownAbility: No such developed ability, or no default for the concept.
        """
        if name is not None:
            return Rating(_find(self.name, self.developed, name, "developed"))
        if self.default_developed is None:
            raise UnknownAbility(
                f"{self.name} has no default for a missing developed ability",
                code="objektit.sheet.developed_rating",
                self_name=self.name,
            )
        return Rating(self.default_developed)

    def conflict(self, inherent: str, developed: str | None, chance: Fraction) -> Conflict:
        """This object's conflict with the named abilities and the GM's chance."""
        return Conflict(self.inherent_rating(inherent), self.developed_rating(developed), chance)

    def damage(
        self, resistance: str, developed: str | None, danger: Fraction, hit: Fraction
    ) -> Damage:
        """The damage of a hit to this object, resisted with the named abilities.

        ``developed`` None means no developed ability fits (0), not the concept's default.
        """
        extra = 0 if developed is None else self.developed_rating(developed)
        return Damage(self.inherent_rating(resistance), extra, danger, hit)


def _find(owner: str, abilities: tuple[tuple[str, int], ...], name: str, kind: str) -> int:
    for ability, value in abilities:
        if ability.casefold() == name.casefold():
            return value
    raise UnknownAbility(
        f"{owner} has no {kind} ability {name!r}",
        code="objektit.sheet.no_inherent" if kind == "inherent" else "objektit.sheet.no_developed",
        owner=owner,
        name=name,
    )
