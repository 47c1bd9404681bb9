"""Odds with the opposition left out: a roll against Mediocre (+0) (docs/rules.md §2, §9:
«Jos tehtävä ei ole lainkaan hankala, vaikeustasoksi sopii Välttävä (+0)»)."""

from __future__ import annotations

from fractions import Fraction

from fatescreen.rules.odds import odds
from fatescreen.rules.outcomes import Outcome


def test_the_opposition_defaults_to_mediocre() -> None:
    """With no opposition named, a Fair (+2) roll is against +0: it fails only on -3 or
    -4 (5 of 81 faces: 1 + 4), ties on exactly -2 (10 of 81)."""
    default = odds(2)
    assert default == odds(2, 0)
    assert default.of(Outcome.FAIL) == Fraction(5, 81)
    assert default.of(Outcome.TIE) == Fraction(10, 81)
    assert default.at_least(Outcome.SUCCESS) == Fraction(66, 81)
