"""Name lookup: an exact id first, then a full name, then a unique prefix or word."""

from __future__ import annotations

import pytest

from fatescreen.commands.errors import AmbiguousName
from fatescreen.commands.names import resolve

ITEMS = [("boss", "Chief", 1), ("x", "Boss", 2), ("x2", "Boss two", 3)]


def test_an_exact_id_wins_over_a_name_that_folds_to_it() -> None:
    assert resolve("boss", ITEMS, "character") == 1
    assert resolve("boss two", ITEMS, "character") == 3
    with pytest.raises(AmbiguousName) as caught:
        resolve("bo", ITEMS, "character")
    assert caught.value.candidates == ("Chief", "Boss", "Boss two")
    assert str(caught.value) == "'bo' could be more than one character: Chief, Boss, Boss two"
