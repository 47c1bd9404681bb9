"""The ladder in a language it has no names for: English, as ``ladder_name`` promises."""

from __future__ import annotations

from fatescreen.rules.ladder import describe, ladder_name


def test_an_unknown_language_falls_back_to_english() -> None:
    assert ladder_name(4, "sv") == "Great"
    assert ladder_name(-2, "xx") == "Terrible"
    assert describe(2, "de") == "Fair (+2)"
    assert ladder_name(9, "sv") is None
