"""Domain errors of Menneisyyden varjot: what a rule of seed 002 forbids."""

from __future__ import annotations

from fatescreen.rules.errors import RulesError


class VarjotError(RulesError):
    """A rule of Menneisyyden varjot forbids what was asked."""


class InvalidFudgeDice(VarjotError):
    """Entered faces are not Fudge dice (``+``, ``0``, ``-``) or not as many as needed."""


class InvalidRating(VarjotError):
    """An ability rating outside 0–4."""


class NoPoolPoints(VarjotError):
    """A pool point was to be spent but the pool is empty."""


class NoGiftDice(VarjotError):
    """A player has no gift dice left this session."""


class OwnGift(VarjotError):
    """A gift die goes to another player's check, never the giver's own."""


class TooManyGmDice(VarjotError):
    """The GM imposes one or two penalty dice on a check, no more."""


class ChainBroken(VarjotError):
    """A failed link of a support chain stops the chain (the GM's ruling)."""
