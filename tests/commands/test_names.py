"""Name lookup: an exact id first, then a full name, then a unique prefix or word."""

from __future__ import annotations

import pytest

from fatescreen.commands.errors import AmbiguousName, UnknownName
from fatescreen.commands.names import resolve

ITEMS = [("boss", "Chief", 1), ("x", "Boss", 2), ("x2", "Boss two", 3)]


def test_an_exact_id_wins_over_a_name_that_folds_to_it() -> None:
    assert resolve("boss", ITEMS, "character") == 1
    assert resolve("boss two", ITEMS, "character") == 3
    with pytest.raises(AmbiguousName) as caught:
        resolve("bo", ITEMS, "character")
    assert caught.value.candidates == ("Chief", "Boss", "Boss two")
    assert str(caught.value) == "'bo' could be more than one character: Chief, Boss, Boss two"


def test_a_full_name_or_id_in_any_case_wins_over_the_prefixes_it_shares() -> None:
    items = [("b1", "Boss", 1), ("b10", "Boss two", 2)]
    assert resolve("boss", items, "character") == 1
    assert resolve("B1", items, "character") == 1
    assert resolve("b10", items, "character") == 2


def test_a_prefix_of_an_id_finds_what_its_name_does_not_start_with() -> None:
    items = [("cultist-1", "Hooded figure", 1), ("leader", "Masked leader", 2)]
    assert resolve("cult", items, "character") == 1
    assert resolve("leader", items, "character") == 2  # the id first, though a word too
    assert resolve("hood", items, "character") == 1


def test_nothing_typed_could_be_anything() -> None:
    with pytest.raises(AmbiguousName) as caught:
        resolve("  ", ITEMS, "character")
    assert caught.value.candidates == ("Chief", "Boss", "Boss two")


def test_an_unknown_name_lists_fifteen_candidates_at_most() -> None:
    fifteen = [(f"c{n}", f"Crow {n}", n) for n in range(1, 16)]
    with pytest.raises(UnknownName) as caught:
        resolve("owl", fifteen, "character")
    listed = ", ".join(f"Crow {n}" for n in range(1, 16))
    assert str(caught.value) == f"no character 'owl'; known: {listed}"
    assert caught.value.candidates == tuple(f"Crow {n}" for n in range(1, 16))
    with pytest.raises(UnknownName) as caught:
        resolve("owl", [*fifteen, ("c16", "Crow 16", 16)], "character")
    assert str(caught.value) == f"no character 'owl'; known: {listed} …"
    with pytest.raises(UnknownName) as caught:
        resolve("hall", [], "zone")
    assert str(caught.value) == "no zone 'hall'; known: none"


def test_lookup_errors_speak_the_gms_language() -> None:
    with pytest.raises(UnknownName) as caught:
        resolve("hall", [], "zone", "fi")
    assert str(caught.value) == "aluetta 'hall' ei löydy; tunnetut: ei yhtään"
    with pytest.raises(AmbiguousName) as caught:
        resolve("bo", ITEMS, "character", "fi")
    assert str(caught.value) == (
        "'bo' voi tarkoittaa useampaa kuin yhtä hahmoa: Chief, Boss, Boss two"
    )
