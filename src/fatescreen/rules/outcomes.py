"""Effort, shifts and the four outcomes of a roll (docs/rules.md §1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from fatescreen.rules.dice import DiceRoll

STYLE_SHIFTS = 3
"""Shifts at or above which a success is a success with style."""


class Outcome(StrEnum):
    """The four outcomes: fail, tie, success, success with style."""

    FAIL = "fail"
    TIE = "tie"
    SUCCESS = "success"
    STYLE = "style"

    @property
    def succeeded(self) -> bool:
        """True for success and success with style."""
        return self in (Outcome.SUCCESS, Outcome.STYLE)


def outcome_for(shifts: int) -> Outcome:
    """The outcome of a roll that generated ``shifts`` (effort minus opposition)."""
    if shifts < 0:
        return Outcome.FAIL
    if shifts == 0:
        return Outcome.TIE
    if shifts < STYLE_SHIFTS:
        return Outcome.SUCCESS
    return Outcome.STYLE


@dataclass(frozen=True)
class Bonus:
    """A labelled modifier to an effort: an invoke, a stunt, teamwork, scale..."""

    label: str
    value: int
    kind: str = ""
    """What gave the bonus (``invoke``...), for a display to word it in its own language."""
    detail: str = ""
    """The thing behind it, e.g. the aspect invoked."""


@dataclass(frozen=True)
class Effort:
    """A rating plus dice plus bonuses: what one side brings to a roll."""

    rating: int
    dice: DiceRoll
    bonuses: tuple[Bonus, ...] = field(default=())

    @property
    def total(self) -> int:
        """Rating + dice + every bonus."""
        return self.rating + self.dice.total + sum(bonus.value for bonus in self.bonuses)

    def with_bonus(self, bonus: Bonus) -> Effort:
        """A copy of this effort with one more bonus."""
        return Effort(self.rating, self.dice, (*self.bonuses, bonus))

    def without(self, *kinds: str) -> Effort:
        """A copy of this effort without the bonuses of the given kinds."""
        kept = tuple(bonus for bonus in self.bonuses if bonus.kind not in kinds)
        return Effort(self.rating, self.dice, kept)

    def with_dice(self, dice: DiceRoll) -> Effort:
        """A copy of this effort with the dice replaced (a reroll)."""
        return Effort(self.rating, dice, self.bonuses)


@dataclass(frozen=True)
class RollResult:
    """An effort against an opposition, with the shifts and outcome it gives."""

    effort: Effort
    opposition: int
    """The fixed difficulty, or the total of the opposing effort."""
    opposing_effort: Effort | None = None
    """The defender's effort when the opposition is active, else None."""

    @property
    def shifts(self) -> int:
        """Effort minus opposition."""
        return self.effort.total - self.opposition

    @property
    def outcome(self) -> Outcome:
        """The outcome the shifts give."""
        return outcome_for(self.shifts)


def resolve(effort: Effort, opposition: int | Effort) -> RollResult:
    """Compare an effort with a fixed difficulty or an opposing effort."""
    if isinstance(opposition, Effort):
        return RollResult(effort, opposition.total, opposition)
    return RollResult(effort, opposition)
