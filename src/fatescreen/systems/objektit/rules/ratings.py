"""The +0 ... +6 scale of inherent (LK) and developed (KK) abilities and its words (§12).

The words are the seed's («+0 Ei ollenkaan... +6 Äärimmäisen...»; for developed abilities
«... kyvykäs»); the rules name each step, the catalogs say it in each language.
"""

from __future__ import annotations

from enum import IntEnum

from fatescreen.rules.errors import RuleProblem
from fatescreen.systems.objektit.rules.errors import InvalidRating

RATING_MIN = 0
RATING_MAX = 6


class Rating(IntEnum):
    """One step of the ability scale."""

    NOT_AT_ALL = 0
    NOT_VERY = 1
    SOMEWHAT = 2
    AVERAGELY = 3
    FAIRLY = 4
    VERY = 5
    EXTREMELY = 6


INHERENT = RuleProblem("an inherent ability (LK)", code="objektit.ratings.inherent")
"""An inherent ability, as a message about its rating names it."""
DEVELOPED = RuleProblem("a developed ability (KK)", code="objektit.ratings.developed")
"""A developed ability, as a message about its rating names it."""
ABILITY = RuleProblem("an ability", code="objektit.ratings.ability")
"""Any ability, as a message about its rating names it."""


def rating(value: int, what: str = ABILITY) -> Rating:
    """The step of the scale for ``value``.

    Raises:
        InvalidRating: ``value`` is outside +0 ... +6.
    """
    if not RATING_MIN <= value <= RATING_MAX:
        raise InvalidRating(
            f"{what} is rated +0 to +6, not {value:+d}",
            code="objektit.ratings.rating",
            what=what,
            value=f"{value:+d}",
        )
    return Rating(value)
