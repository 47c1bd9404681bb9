"""The ladder in a language it has no names for: English, as ``ladder_name`` promises."""

from __future__ import annotations

from fatescreen.rules.ladder import Rung, describe, ladder_name


def test_an_unknown_language_falls_back_to_english() -> None:
    assert ladder_name(4, "sv") == "Great"
    assert ladder_name(-2, "xx") == "Terrible"
    assert describe(2, "de") == "Fair (+2)"
    assert ladder_name(9, "sv") is None


def test_a_rung_a_message_names_reads_as_its_english_words() -> None:
    """A rule's refusal names a rating as a :class:`Rung`; as text it is the ladder's
    English words (the catalogs word it in the GM's language)."""
    assert str(Rung(3)) == "Good (+3)"
    assert str(Rung(-1)) == "Poor (-1)"
