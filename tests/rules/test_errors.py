"""A refusal of the rules without a code carries only its English message (rules/errors.py)."""

from __future__ import annotations

from fatescreen.rules.errors import InvalidValue, RulesError


def test_a_refusal_without_a_code_has_an_empty_code_and_no_values() -> None:
    error = InvalidValue("a countdown needs boxes")
    assert isinstance(error, RulesError)
    assert isinstance(error, ValueError)
    assert (str(error), error.code, error.values) == ("a countdown needs boxes", "", {})
