"""Domain errors of Mekanismi: a pool, a roll or a damage split the rules forbid."""

from __future__ import annotations

from fatescreen.rules.errors import RulesError


class MekanismiError(RulesError):
    """A Mekanismi rule forbids what was asked; the message says which and why."""


class InvalidPool(MekanismiError):
    """A pool would have a negative number of dice (dice are never taken away, §11)."""


class InvalidPoolRoll(MekanismiError):
    """Entered dice are not d6 faces, or not as many as the pool has dice."""


class InvalidDamageSplit(MekanismiError):
    """Damage points split among targets add up to more than the margin, or one is below 1."""


class InvalidDamageTrack(MekanismiError):
    """A damage track with points taken below 0 or a health below 1."""


class UnknownAbility(MekanismiError):
    """A character has no ability, or no gear, by that name."""
