"""Measuring time by shifts: a rough amount of a unit, moved a step per shift (docs/rules.md §8)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Amount(StrEnum):
    """The rough amounts, shortest first: half, about one, a few, several."""

    HALF = "half"
    ABOUT_ONE = "about_one"
    A_FEW = "a_few"
    SEVERAL = "several"


class TimeUnit(StrEnum):
    """Units of time, shortest first.

    The seed names no fixed list; its examples use minutes, hours and days.
    """

    SECOND = "second"
    MINUTE = "minute"
    HOUR = "hour"
    DAY = "day"
    WEEK = "week"
    MONTH = "month"
    YEAR = "year"
    DECADE = "decade"
    CENTURY = "century"


_AMOUNTS = tuple(Amount)
_UNITS = tuple(TimeUnit)


@dataclass(frozen=True)
class TimeSpan:
    """A rough duration such as "a few hours": an amount of a unit."""

    amount: Amount
    unit: TimeUnit

    @property
    def step(self) -> int:
        """The span's place on the scale of steps, 0 for half a second and up by one per step."""
        return _UNITS.index(self.unit) * len(_AMOUNTS) + _AMOUNTS.index(self.amount)

    @classmethod
    def from_step(cls, step: int) -> TimeSpan:
        """The span at a place on the scale of steps, held within the shortest and longest.

        Args:
            step: 0 for half a second, one more for each step slower.
        """
        last = len(_UNITS) * len(_AMOUNTS) - 1
        unit_index, amount_index = divmod(min(max(step, 0), last), len(_AMOUNTS))
        return cls(_AMOUNTS[amount_index], _UNITS[unit_index])


def shift_time(span: TimeSpan, shifts: int) -> TimeSpan:
    """How long a task takes after the roll's shifts move it from the base duration.

    Each shift moves one step along half -> about one -> a few -> several, then on to
    half of the next unit; faster from "half" goes to "several" of the unit below.
    A positive margin (a success) makes the task faster, a negative one slower.
    Beyond half a second or several centuries the span stays at that end.

    Args:
        span: The base duration of a plain success.
        shifts: Effort minus difficulty or opposition.

    Returns:
        The duration after the shift.
    """
    return TimeSpan.from_step(span.step - shifts)
