"""Skill layouts checked in full: every problem is reported together, the columns rule is
checked on every rating, with or without a skill list (docs/rules.md §9 «Taidot»)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fatescreen.rules.advancement import (
    ReplaceAverageSkill,
    RewriteAspect,
    SkillLayout,
    SwapSkills,
    apply_milestone,
    check_columns,
    check_milestone_offered,
    raise_skills,
    validate_new_character,
    validate_skills,
)
from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import Character
from fatescreen.rules.errors import InvalidCharacter

PYRAMID = {
    "Athletics": 4,
    "Fight": 3,
    "Will": 3,
    "Lore": 2,
    "Notice": 2,
    "Stealth": 2,
    "Burglary": 1,
    "Contacts": 1,
    "Crafts": 1,
    "Deceive": 1,
}
COLUMN = "no rating may hold more skills than the rating below it"


def test_every_problem_is_reported_together() -> None:
    """An unknown skill does not hide the layout's problems, nor they it."""
    pyramid = validate_skills({**PYRAMID, "Knitting": 1})
    assert "Knitting is not on the skill list" in pyramid
    assert "Average (+1) holds 5 skills; the pyramid needs 4" in pyramid
    columns = validate_skills({"Knitting": 2, "Fight": 2, "Will": 1}, SkillLayout.COLUMNS)
    assert columns[0] == "Knitting is not on the skill list"
    assert columns[1:] == (f"Fair (+2) holds 2 skills but Average (+1) below it only 1: {COLUMN}",)


def test_columns_are_checked_on_every_rating() -> None:
    """«no rating may hold more skills than the rating below it», from the top down to
    Average (+1) over Mediocre (+0) with a skill list, down to Fair (+2) over Average
    without one."""
    assert check_columns({"Fight": 3, "Will": 2}, skill_list=["Fight", "Will", "Lore"]) == (
        f"Fair (+2) holds 1 skill but Average (+1) below it only 0: {COLUMN}",
    )
    assert check_columns({"A": 2, "B": 2, "C": 1}, skill_list=None) == (
        f"Fair (+2) holds 2 skills but Average (+1) below it only 1: {COLUMN}",
    )
    assert check_columns({}, skill_list=None) == ()
    assert check_columns({}) == ()
    three = ["Fight", "Will", "Lore"]
    assert validate_skills({"Fight": 1, "Will": 1}, SkillLayout.COLUMNS, skill_list=three) == (
        f"Average (+1) holds 2 skills but Mediocre (+0) below it only 1: {COLUMN}",
    )


def test_a_diamond_without_a_skill_list_still_checks_its_average_row() -> None:
    """The diamond (1 Great, 2 Good, 3 Fair, 2 Average, 1 Mediocre): without a skill list
    only the Mediocre tip goes unchecked."""
    diamond = {"A": 4, "B": 3, "C": 3, "D": 2, "E": 2, "F": 2, "G": 1}
    assert validate_skills(diamond, SkillLayout.DIAMOND, skill_list=None) == (
        "Average (+1) holds 1 skill; the diamond needs 2",
    )


def test_only_the_free_layout_has_a_default_budget() -> None:
    """Columns may spend more than a pyramid's 20 points; the free layout may not unless
    a budget is given."""
    columns = {f"S{i}": 1 for i in range(5)} | {f"T{i}": 2 for i in range(4)}
    columns |= {f"U{i}": 3 for i in range(3)} | {f"V{i}": 4 for i in range(2)}
    assert validate_skills(columns, SkillLayout.COLUMNS, skill_list=None) == ()
    assert validate_skills(columns, SkillLayout.FREE, skill_list=None) == (
        "the skills spend 30 skill points; the budget is 20",
    )


def test_raises_keep_the_columns_and_a_refusal_names_every_raise_and_problem() -> None:
    """§9 «Virstanpylväät»: a skill point raises a skill only while the columns hold; the
    refusal names every raise and every rating left on too narrow a base."""
    rozio = Character("Rozio")
    four = ["A", "B", "C", "D"]
    with pytest.raises(InvalidCharacter) as refused:
        raise_skills(rozio, ["A", "A", "A", "B", "C"], skill_list=four)
    assert str(refused.value) == (
        "raising A to Good (+3), B to Average (+1), C to Average (+1) is not allowed: "
        f"Good (+3) holds 1 skill but Fair (+2) below it only 0: {COLUMN}; "
        f"Average (+1) holds 2 skills but Mediocre (+0) below it only 1: {COLUMN}"
    )
    free = raise_skills(rozio, ["A", "A", "A"], skill_list=four, columns=False)
    assert free.skill("A") == 3


def test_milestone_refusals_name_what_is_wrong() -> None:
    """§9 milestones: swapping two skills needs both on the sheet; a new skill takes an
    Average one's place only if it is not rated yet; a rewritten aspect must exist."""
    rozio = Character("Rozio", skills={"Fight": 1, "Will": 2})
    swap = SwapSkills("Fight", "Lore")
    with pytest.raises(InvalidCharacter) as no_lore:
        apply_milestone(rozio, swap)
    assert str(no_lore.value) == (
        "Rozio has no Lore on the sheet; an unlisted skill can only take the place of an"
        " Average (+1) one"
    )
    with pytest.raises(InvalidCharacter) as rated:
        apply_milestone(rozio, ReplaceAverageSkill("Fight", "Will"))
    assert str(rated.value) == (
        "Will is already on the sheet at Fair (+2); swap the two skills instead"
    )
    with pytest.raises(InvalidCharacter) as no_aspect:
        apply_milestone(rozio, RewriteAspect("Haunted scholar", "Haunted no more"))
    assert str(no_aspect.value) == "Rozio has no aspect 'Haunted scholar' (aspects: none)"
    named = replace(
        rozio,
        aspects=(
            Aspect("Owes Rozio", AspectKind.CHARACTER),
            Aspect("Bold", AspectKind.CHARACTER),
        ),
    )
    with pytest.raises(InvalidCharacter) as listed:
        apply_milestone(named, RewriteAspect("Haunted scholar", "Haunted no more"))
    assert str(listed.value) == (
        "Rozio has no aspect 'Haunted scholar' (aspects: 'Owes Rozio', 'Bold')"
    )


def test_a_new_character_is_checked_with_the_games_layout_list_peak_and_budget() -> None:
    """§9: the table picks the layout, the skill list, the peak and a budget; the new
    character's skills are checked with exactly those."""
    diamond = {"A": 4, "B": 3, "C": 3, "D": 2, "E": 2, "F": 2, "G": 1, "H": 1}
    rozio = Character("Rozio", skills=diamond, refresh=3)
    assert validate_new_character(rozio, SkillLayout.DIAMOND, skill_list=None) == ()
    assert validate_new_character(rozio, skill_list=None) == (
        "Average (+1) holds 2 skills; the pyramid needs 4",
    )
    assert validate_new_character(rozio, SkillLayout.DIAMOND)[0] == "A is not on the skill list"
    legend = Character("Legend", skills={"A": 5}, refresh=3)
    free = SkillLayout.FREE
    assert validate_new_character(legend, free, skill_list=None, peak=5, points=5) == ()
    assert validate_new_character(legend, free, skill_list=None, peak=5, points=4) == (
        "the skills spend 5 skill points; the budget is 4",
    )
    assert validate_skills({"Knitting": 4}, SkillLayout.DIAMOND)[0] == (
        "Knitting is not on the skill list"
    )


def test_a_milestone_is_taken_only_when_one_is_waiting() -> None:
    """§9: «Virstanpylväät tapahtuvat pelikertojen päätteeksi» — one per PC offered one."""
    check_milestone_offered("Rozio", "rozio", {"rozio", "silbestre"})
    with pytest.raises(InvalidCharacter) as none_waiting:
        check_milestone_offered("Rozio", "rozio", {"silbestre"})
    assert str(none_waiting.value) == (
        "Rozio has no milestone waiting: one comes at the end of each session"
    )
