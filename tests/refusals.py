"""The check shared by the refusal-code tests: a refused call raises the rules' error
with its code, its values and its English message."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fatescreen.rules.errors import RulesError

Refusal = tuple[Callable[[], object], str, dict[str, object], str]
"""A call the rules refuse, the refusal's code, its values and its English message."""


def assert_refused(
    refused: Callable[[], object],
    code: str,
    values: dict[str, object],
    message: str,
    *,
    error: type[RulesError] = RulesError,
    said: Callable[[object], object] = lambda value: value,
) -> None:
    """``refused()`` raises ``error`` naming ``code``, ``values`` (each read through
    ``said``) and ``message``."""
    with pytest.raises(error) as caught:
        refused()
    got = {key: said(value) for key, value in caught.value.values.items()}
    assert (caught.value.code, got, str(caught.value)) == (code, values, message)


def refusal_ids(rows: list[Refusal]) -> list[str]:
    """Test ids: each row's code and place (a code may be refused more than one way)."""
    return [f"{row[1]}-{index}" for index, row in enumerate(rows)]
