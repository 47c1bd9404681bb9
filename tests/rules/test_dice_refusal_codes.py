"""Refused dice carry the rule's code and what was entered, for the GM's language
(docs/rules.md §2; message keys ``rules.CODE``)."""

from __future__ import annotations

import pytest

from fatescreen.rules.dice import face_from_d6, parse_faces
from fatescreen.rules.errors import InvalidDice


@pytest.mark.parametrize(
    ("text", "code"),
    [("+0-", "dice.parse_faces"), ("+0-+ 5", "dice.parse_faces"), ("+0x+", "dice.parse_faces_2")],
)
def test_unreadable_dice_name_their_rule_and_the_text(text: str, code: str) -> None:
    with pytest.raises(InvalidDice) as refused:
        parse_faces(text)
    assert (refused.value.code, refused.value.values) == (code, {"text": text})


def test_a_d6_out_of_range_names_its_rule_and_the_value() -> None:
    with pytest.raises(InvalidDice) as refused:
        face_from_d6(7)
    assert (refused.value.code, refused.value.values) == ("dice.face_from_d6", {"value": 7})
