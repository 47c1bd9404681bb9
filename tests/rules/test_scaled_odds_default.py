"""Scaled odds default to an unopposed roll against a difficulty, as ``odds`` does (§8)."""

from __future__ import annotations

from fatescreen.rules.odds import ScaledOdds, odds, scaled_odds


def test_scaled_odds_without_levels_are_the_plain_odds_against_a_difficulty() -> None:
    assert scaled_odds(2, 3) == ScaledOdds(odds(2, 3), None)
    assert scaled_odds(2, 3) != scaled_odds(2, 3, opposed=True)
