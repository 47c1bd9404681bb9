"""Domain errors of Objektien luonti: a rating, dice or a hit the rules forbid."""

from __future__ import annotations

from fatescreen.rules.errors import RulesError


class ObjektitError(RulesError):
    """An Objektien luonti rule forbids what was asked; the message says which and why."""


class InvalidRating(ObjektitError):
    """An inherent or developed ability outside +0 ... +6, or a condition above 6."""


class InvalidTwoDice(ObjektitError):
    """Entered dice are not two d6 faces."""


class NotAHit(ObjektitError):
    """Damage was asked for an attack whose result is not positive (not a hit)."""


class UnknownAbility(ObjektitError):
    """An object has no ability by that name."""
