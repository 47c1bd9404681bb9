"""Fate dice at their edges (docs/rules.md §1: four dice, each -, 0 or +): rolled faces are
independent and cover all three values, d6 values outside 1-6 and letters are refused,
and a roll prints as the GM writes it."""

from __future__ import annotations

import random

import pytest

from fatescreen.rules.dice import Face, face_from_d6, looks_like_faces, parse_faces, roll_4df
from fatescreen.rules.errors import InvalidDice


@pytest.mark.parametrize("value", [0, 7, -1])
def test_a_d6_shows_one_to_six(value: int) -> None:
    with pytest.raises(InvalidDice, match=f"^a d6 shows 1 to 6, not {value}$"):
        face_from_d6(value)


def test_rolled_dice_are_four_independent_faces_of_three_values() -> None:
    rng = random.Random(7)
    rolls = [roll_4df(rng).faces for _ in range(200)]
    for position in range(4):
        assert {faces[position] for faces in rolls} == {Face.MINUS, Face.BLANK, Face.PLUS}
    for left in range(3):
        assert any(faces[left] != faces[left + 1] for faces in rolls)
    assert all(len(faces) == 4 for faces in rolls)


def test_letters_are_not_dice() -> None:
    for text in ("XXXX", "12x4", "+0-x"):
        with pytest.raises(InvalidDice):
            parse_faces(text)
        assert not looks_like_faces(text)
    assert looks_like_faces("+0-+") and looks_like_faces("1 3 5 6")


def test_a_roll_prints_its_faces() -> None:
    assert str(parse_faces("+0-+")) == "[+ 0 - +]"
    assert str(parse_faces("1356")) == "[- 0 + +]"
