"""Domain errors raised by the rules core when a rule forbids an operation."""

from __future__ import annotations


class RulesError(Exception):
    """A rule of the game forbids what was asked; the message says which and why."""


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
