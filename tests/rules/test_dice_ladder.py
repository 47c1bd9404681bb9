"""Dice, the ladder and outcomes (docs/rules.md §1)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from fatescreen.rules.dice import DiceRoll, Face, face_from_d6, parse_faces, roll_4df
from fatescreen.rules.errors import InvalidDice
from fatescreen.rules.ladder import describe, ladder_name, parse_rating
from fatescreen.rules.outcomes import Bonus, Effort, Outcome, outcome_for, resolve


@pytest.mark.parametrize(
    ("value", "en", "fi"),
    [
        (8, "Legendary", "Legendaarinen"),
        (7, "Epic", "Eeppinen"),
        (6, "Fantastic", "Fantastinen"),
        (5, "Superb", "Mieletön"),
        (4, "Great", "Mahtava"),
        (3, "Good", "Hyvä"),
        (2, "Fair", "Kohtalainen"),
        (1, "Average", "Keskiverto"),
        (0, "Mediocre", "Välttävä"),
        (-1, "Poor", "Heikko"),
        (-2, "Terrible", "Kamala"),
        (-3, "Catastrophic", "Katastrofaalinen"),
        (-4, "Horrifying", "Kammottava"),
    ],
)
def test_ladder_names_in_both_languages(value: int, en: str, fi: str) -> None:
    """§1: every named rung of the ladder, in English and Finnish."""
    assert ladder_name(value, "en") == en
    assert ladder_name(value, "fi") == fi
    assert parse_rating(en) == value
    assert parse_rating(fi.upper()) == value


def test_ladder_beyond_named_range_prints_numbers() -> None:
    """§1: values beyond +8 / -4 are legal and print as the number."""
    assert describe(10) == "+10"
    assert describe(-6) == "-6"
    assert describe(4) == "Great (+4)"
    assert describe(4, "fi") == "Mahtava (+4)"
    assert describe(0, names=False) == "+0"
    assert describe(-1) == "Poor (-1)"


def test_parse_rating_rejects_words_off_the_ladder() -> None:
    with pytest.raises(ValueError, match="not a rating"):
        parse_rating("Awesome")


def test_entered_faces_and_d6_mapping() -> None:
    """§1: faces + 0 -, and the d6 substitute 1-2 = -, 3-4 = 0, 5-6 = +."""
    assert parse_faces("+0-+").faces == (Face.PLUS, Face.BLANK, Face.MINUS, Face.PLUS)
    assert parse_faces("+ 0 - +").total == 1
    assert parse_faces("1356").faces == (Face.MINUS, Face.BLANK, Face.PLUS, Face.PLUS)
    assert [face_from_d6(v) for v in range(1, 7)] == [
        Face.MINUS,
        Face.MINUS,
        Face.BLANK,
        Face.BLANK,
        Face.PLUS,
        Face.PLUS,
    ]
    assert parse_faces("++++").entered


@pytest.mark.parametrize("text", ["", "+0-", "+0-++", "7123", "ab+-", "+0-x"])
def test_bad_faces_explain_themselves(text: str) -> None:
    with pytest.raises(InvalidDice, match=r"expected 4 dice|dice are"):
        parse_faces(text)


def test_roll_is_reproducible_from_a_seed() -> None:
    """Randomness only through an injected random.Random."""
    first = [roll_4df(random.Random(7)).faces for _ in range(3)]
    second = [roll_4df(random.Random(7)).faces for _ in range(3)]
    assert first == second
    assert all(-4 <= roll_4df(random.Random(seed)).total <= 4 for seed in range(50))


def test_4df_distribution_over_all_faces() -> None:
    """§1: 4dF sums are distributed 1, 4, 10, 16, 19, 16, 10, 4, 1 out of 81."""
    counts = Counter(
        DiceRoll(faces=faces).total
        for faces in product(list(Face), repeat=4)  # type: ignore[arg-type]
    )
    assert [counts[total] for total in range(-4, 5)] == [1, 4, 10, 16, 19, 16, 10, 4, 1]


@pytest.mark.parametrize(
    ("shifts", "outcome"),
    [
        (-3, Outcome.FAIL),
        (-1, Outcome.FAIL),
        (0, Outcome.TIE),
        (1, Outcome.SUCCESS),
        (2, Outcome.SUCCESS),
        (3, Outcome.STYLE),
        (7, Outcome.STYLE),
    ],
)
def test_outcomes_from_shifts(shifts: int, outcome: Outcome) -> None:
    """§1: <0 fail, 0 tie, 1-2 success, >=3 success with style."""
    assert outcome_for(shifts) is outcome


def test_effort_and_shifts() -> None:
    """§1: effort = rating + dice + bonuses; shifts = effort - opposition."""
    effort = Effort(4, parse_faces("00++"), (Bonus("invoke", 2),))
    assert effort.total == 8
    result = resolve(effort, Effort(2, parse_faces("-000")))
    assert result.opposition == 1
    assert result.shifts == 7
    assert resolve(effort, 8).outcome is Outcome.TIE
