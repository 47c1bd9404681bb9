"""Domain errors raised by the rules core when a rule forbids an operation."""

from __future__ import annotations

from dataclasses import dataclass


class RulesError(Exception):
    """A rule of the game forbids what was asked; the message says which and why (in
    English). ``code`` names the rule and ``values`` what it was about, for the layers that
    put it in the GM's language (message key ``rules.CODE``)."""

    def __init__(self, message: str, *, code: str = "", **values: object) -> None:
        super().__init__(message)
        self.code = code
        """The rule broken, e.g. ``countdown.boxes`` (empty: only the English message)."""
        self.values = values
        """The names and numbers the message speaks of."""


class RuleProblem(str):
    """One thing a check of the rules finds wrong, in English (it is a ``str``), with the
    ``code`` and ``values`` of a :class:`RulesError` for the layers that put it in the GM's
    language (message key ``rules.CODE``)."""

    code: str
    values: dict[str, object]

    def __new__(cls, message: str, *, code: str, **values: object) -> RuleProblem:
        problem = super().__new__(cls, message)
        problem.code = code
        problem.values = values
        return problem


@dataclass(frozen=True)
class Listed:
    """Several values a message names together, each worded on its own and joined by
    ``sep`` (``str``: the English words)."""

    items: tuple[object, ...]
    sep: str = ", "

    def __str__(self) -> str:
        return self.sep.join(str(item) for item in self.items)


class InvalidValue(RulesError, ValueError):
    """A value the rules are given breaks them (a countdown without boxes, a side named
    twice): a scene file that holds it is refused with this message."""


class InvalidDice(RulesError):
    """Entered dice faces could not be read as four Fate dice."""


class NotEnoughFatePoints(RulesError):
    """A fate point was to be spent but the payer has none left."""


class IllegalInvoke(RulesError):
    """An invoke breaks the invoking rules (e.g. a second paid invoke of one aspect)."""


class IllegalAbsorption(RulesError):
    """A chosen way to absorb a hit is not one of the legal options."""


class TurnOrderError(RulesError):
    """A turn hand-off breaks the popcorn turn order."""


class InvalidCharacter(RulesError):
    """A character sheet breaks a character-building rule (skill layout, refresh...)."""


class InvalidSplit(RulesError):
    """An effort split among several targets breaks the splitting rules (§8)."""


class InvalidTeamwork(RulesError):
    """A teamwork roll breaks the teamwork rules (the roller is not the most skilled)."""


class ContestError(RulesError):
    """A contest exchange cannot be resolved as asked (unknown side, finished contest...)."""


class ChallengeError(RulesError):
    """A challenge task cannot be recorded as asked (unknown task, already rolled...)."""


class CountdownError(RulesError):
    """A countdown cannot be ticked or unticked as asked."""


class IllegalCompel(RulesError):
    """A compel cannot be offered or resolved as asked (a boost, an already settled compel)."""


class IllegalConcession(RulesError):
    """A concession comes too late (the opponent has rolled) or from someone already out."""


class IllegalRecovery(RulesError):
    """Treatment cannot begin on a consequence (an empty slot, or a permanent extreme one)."""


class NoTrueFormLeft(RulesError):
    """A true form was to be revealed but the big bad has no further form."""


class FormStillStanding(RulesError):
    """A true form was to be revealed while the big bad's current form still stands."""


class IllegalMinionArmor(RulesError):
    """A hit cannot be redirected to that minion (not standing, not the big bad's minion)."""
