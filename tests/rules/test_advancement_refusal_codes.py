"""A refused character-building, milestone or breakthrough step, and each problem a check of
a new character finds, carries the rule's code and what it was about, for the GM's language
(docs/rules.md §9; message keys ``rules.CODE``), besides its English message."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fatescreen.rules.advancement import (
    DEFAULT_SKILLS,
    Breakthrough,
    BreakthroughResult,
    BuyStunt,
    Rename,
    ReplaceAverageSkill,
    RewriteAspect,
    RewriteStunt,
    SkillLayout,
    SwapSkills,
    apply_breakthrough,
    apply_milestone,
    check_columns,
    check_milestone_offered,
    raise_skills,
    refresh_after_stunts,
    validate_new_character,
    validate_skills,
)
from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    Recovery,
    Severity,
    Stunt,
)
from fatescreen.rules.errors import InvalidCharacter, Listed, RuleProblem
from fatescreen.rules.ladder import Rung
from tests.refusals import Refusal, assert_refused

NOW = Recovery(session=5, scene=2)
HIGH_CONCEPT = Aspect("Haunted scholar of the old books", AspectKind.HIGH_CONCEPT)
TROUBLE = Aspect("Can't leave a mystery alone", AspectKind.TROUBLE)


def silbestre(**changes: object) -> Character:
    """Silbestre of the seed's breakthrough example (§9): Lore at Average (+1)."""
    fields: dict[str, object] = {
        "name": "Silbestre",
        "kind": CharacterKind.PC,
        "aspects": (HIGH_CONCEPT, TROUBLE),
        "skills": {"Investigate": 4, "Will": 2, "Lore": 1},
        "stunts": (Stunt("Read everything", skill="Lore", bonus=2),),
        "refresh": 3,
    }
    fields.update(changes)
    return Character(**fields)  # type: ignore[arg-type]


def parts(value: object) -> object:
    """A value with the code and values of each problem in it, which ``==`` on the English
    text alone would not compare."""
    if isinstance(value, RuleProblem):
        return (str(value), value.code, {key: parts(item) for key, item in value.values.items()})
    if isinstance(value, Listed):
        return (value.sep, tuple(parts(item) for item in value.items))
    return value


def breakthrough(character: Character, **choices: object) -> object:
    return apply_breakthrough(character, Breakthrough(**choices), when=NOW)  # type: ignore[arg-type]


REFUSED: list[Refusal] = [
    (
        lambda: apply_milestone(silbestre(), RewriteAspect("Lost at sea", "Found")),
        "advancement.find_aspect",
        {
            "character_name": "Silbestre",
            "name": "Lost at sea",
            "names": "'Haunted scholar of the old books', \"Can't leave a mystery alone\"",
        },
        "Silbestre has no aspect 'Lost at sea' (aspects: 'Haunted scholar of the old books',"
        ' "Can\'t leave a mystery alone")',
    ),
    (
        lambda: apply_milestone(silbestre(aspects=()), RewriteAspect("Lost", "Found")),
        "advancement.find_aspect",
        {"character_name": "Silbestre", "name": "Lost", "names": "none"},
        "Silbestre has no aspect 'Lost' (aspects: none)",
    ),
    (
        lambda: raise_skills(silbestre(), ["Sorcery"]),
        "advancement.check_on_list",
        {"name": "Sorcery"},
        "Sorcery is not on the skill list",
    ),
    (
        lambda: apply_milestone(silbestre(), SwapSkills("Lore", "Stealth")),
        "advancement.swap_skills_2",
        {"character_name": "Silbestre", "name": "Stealth"},
        "Silbestre has no Stealth on the sheet; an unlisted skill can only take the place of"
        " an Average (+1) one",
    ),
    (
        lambda: apply_milestone(silbestre(), SwapSkills("Lore", "Lore")),
        "advancement.swap_skills",
        {"first": "Lore"},
        "swapping Lore with itself changes nothing",
    ),
    (
        lambda: apply_milestone(silbestre(), ReplaceAverageSkill("Stealth", "Drive")),
        "advancement.replace_average_absent",
        {"name": "Stealth"},
        "only an Average (+1) skill can give its place to a new one; Stealth is not on the sheet",
    ),
    (
        lambda: apply_milestone(silbestre(), ReplaceAverageSkill("Will", "Drive")),
        "advancement.replace_average_rating",
        {"name": "Will", "rating": Rung(2)},
        "only an Average (+1) skill can give its place to a new one; Will is Fair (+2)",
    ),
    (
        lambda: apply_milestone(silbestre(), ReplaceAverageSkill("Lore", "Will")),
        "advancement.replace_average_taken",
        {"name": "Will", "rating": Rung(2)},
        "Will is already on the sheet at Fair (+2); swap the two skills instead",
    ),
    (
        lambda: apply_milestone(silbestre(), RewriteStunt(1, Stunt("Quick study"))),
        "advancement.rewrite_stunt",
        {"character_name": "Silbestre", "value": 2, "value_": 1},
        "Silbestre has no stunt number 2 (stunts: 1)",
    ),
    (
        lambda: apply_milestone(silbestre(refresh=1), BuyStunt(Stunt("Quick study"))),
        "advancement.buy_stunt",
        {"character_name": "Silbestre", "refresh": 1, "MIN_REFRESH": 1},
        "Silbestre has refresh 1; a new stunt costs 1 refresh and refresh never drops below 1",
    ),
    (
        lambda: apply_milestone(silbestre(), RewriteAspect(HIGH_CONCEPT.name, "Archivist")),
        "advancement.rewrite_aspect",
        {"aspect_name": HIGH_CONCEPT.name},
        "'Haunted scholar of the old books' is the high concept; it can only be rewritten at a"
        " breakthrough",
    ),
    (
        lambda: check_milestone_offered("Silbestre", "silbestre", ("rozio",)),
        "advancement.check_milestone_offered",
        {"name": "Silbestre"},
        "Silbestre has no milestone waiting: one comes at the end of each session",
    ),
    (
        lambda: refresh_after_stunts(3, 6),
        "advancement.refresh_after_stunts",
        {"stunt_count": 6, "refresh": 0, "FREE_STUNTS": 3, "MIN_REFRESH": 1},
        "6 stunts would leave refresh 0: each stunt beyond 3 costs 1 refresh, and refresh"
        " never drops below 1",
    ),
    (
        lambda: breakthrough(silbestre(), skill_raises=("Lore", "Lore")),
        "advancement.available_skill_points",
        {"value": 2, "own": 1, "banked": 0},
        "2 skill raises need more points: the breakthrough gives 1 (each for a different"
        " skill) and 0 are saved",
    ),
    (
        lambda: breakthrough(
            silbestre(), recovering_names=(Rename("Ghost", "x"), Rename("Fog", "y"))
        ),
        "advancement.recover_consequences",
        {"unknown": "'Ghost', 'Fog'"},
        "'Ghost', 'Fog': not a moderate or severe consequence that starts recovering now",
    ),
    (
        lambda: apply_breakthrough(silbestre(), Breakthrough(), when=NOW, banked_skill_points=-1),
        "advancement.apply_breakthrough",
        {"banked_skill_points": -1},
        "saved skill points cannot be negative (-1)",
    ),
    (
        lambda: breakthrough(silbestre(), extra_stunt=Stunt("Quick study")),
        "advancement.apply_breakthrough_2",
        {},
        "a stunt bought at once with the breakthrough's refresh point needs that point"
        " (the GM must offer +1 refresh)",
    ),
]


@pytest.mark.parametrize(
    ("refused", "code", "values", "message"), REFUSED, ids=[row[1] for row in REFUSED]
)
def test_a_refusal_names_its_rule_and_what_it_was_about(
    refused: Callable[[], object], code: str, values: dict[str, object], message: str
) -> None:
    assert_refused(refused, code, values, message, error=InvalidCharacter)


def test_a_raise_against_the_columns_names_each_raise_and_each_broken_column() -> None:
    with pytest.raises(InvalidCharacter) as caught:
        raise_skills(silbestre(), ["Investigate", "Lore"], skill_list=None)
    assert caught.value.code == "advancement.raise_skills"
    assert {key: parts(value) for key, value in caught.value.values.items()} == {
        "raised": (
            ", ",
            (
                (
                    "Investigate to Superb (+5)",
                    "advancement.raised_to",
                    {"name": "Investigate", "rating": Rung(5)},
                ),
                ("Lore to Fair (+2)", "advancement.raised_to", {"name": "Lore", "rating": Rung(2)}),
            ),
        ),
        "problems": (
            "; ",
            (
                (
                    "Superb (+5) holds 1 skill but Great (+4) below it only 0: no rating may"
                    " hold more skills than the rating below it",
                    "advancement.columns",
                    {"rating": Rung(5), "count": 1, "below": Rung(4), "below_count": 0},
                ),
                (
                    "Fair (+2) holds 2 skills but Average (+1) below it only 0: no rating may"
                    " hold more skills than the rating below it",
                    "advancement.columns",
                    {"rating": Rung(2), "count": 2, "below": Rung(1), "below_count": 0},
                ),
            ),
        ),
    }


PROBLEMS: list[tuple[Callable[[], tuple[RuleProblem, ...]], str, dict[str, object], str]] = [
    (
        lambda: validate_skills({"Sorcery": 1}, SkillLayout.FREE),
        "advancement.check_on_list",
        {"name": "Sorcery"},
        "Sorcery is not on the skill list",
    ),
    (
        lambda: validate_skills({"Lore": -1}, SkillLayout.FREE),
        "advancement.skill_below_start",
        {"name": "Lore", "rating": Rung(-1), "lowest": Rung(0)},
        "Lore is Poor (-1); skills start at Mediocre (+0) or better",
    ),
    (
        lambda: validate_skills({"Lore": 5}, SkillLayout.FREE),
        "advancement.skill_above_peak",
        {"name": "Lore", "rating": Rung(5), "peak": Rung(4)},
        "Lore is Superb (+5), above the starting peak Great (+4)",
    ),
    (
        lambda: validate_skills({"Lore": 4}, SkillLayout.FREE, points=3),
        "advancement.skill_budget",
        {"spent": 4, "points": 3},
        "the skills spend 4 skill points; the budget is 3",
    ),
    (
        lambda: validate_skills({"Lore": 4, "Will": 3, "Fight": 3, "Shoot": 2, "Notice": 2}),
        "advancement.layout_shape",
        {"rating": Rung(2), "count": 2, "layout": SkillLayout.PYRAMID, "wanted": 3},
        "Fair (+2) holds 2 skills; the pyramid needs 3",
    ),
    (
        lambda: check_columns(
            {"Lore": 3, "Will": 3, "Fight": 2, "Shoot": 1, "Notice": 1}, skill_list=None
        ),
        "advancement.columns",
        {"rating": Rung(3), "count": 2, "below": Rung(2), "below_count": 1},
        "Good (+3) holds 2 skills but Fair (+2) below it only 1: no rating may hold more"
        " skills than the rating below it",
    ),
    (
        lambda: validate_new_character(silbestre(refresh=2), SkillLayout.FREE),
        "advancement.refresh_mismatch",
        {"refresh": 2, "base_refresh": 3, "stunts": 1, "expected": 3},
        "refresh is 2, but 3 with 1 stunts leaves 3",
    ),
    (
        lambda: validate_new_character(
            silbestre(stunts=(Stunt("a"), Stunt("b"), Stunt("c"), Stunt("d"), Stunt("e"))),
            SkillLayout.FREE,
            base_refresh=2,
        ),
        "advancement.refresh_after_stunts",
        {"stunt_count": 5, "refresh": 0, "FREE_STUNTS": 3, "MIN_REFRESH": 1},
        "5 stunts would leave refresh 0: each stunt beyond 3 costs 1 refresh, and refresh"
        " never drops below 1",
    ),
    (
        lambda: validate_new_character(
            silbestre(
                aspects=(
                    HIGH_CONCEPT,
                    *(Aspect(f"Aspect {n}", AspectKind.CHARACTER) for n in range(5)),
                )
            ),
            SkillLayout.FREE,
        ),
        "advancement.too_many_aspects",
        {"count": 6, "most": 5},
        "6 character aspects; a character has 5",
    ),
    (
        lambda: validate_new_character(
            silbestre(aspects=(TROUBLE, Aspect("Short fuse", AspectKind.TROUBLE))),
            SkillLayout.FREE,
        ),
        "advancement.aspect_kind_twice",
        {"count": 2, "kind": AspectKind.TROUBLE},
        "2 aspects are marked trouble; a character has one",
    ),
]


@pytest.mark.parametrize(
    ("check", "code", "values", "message"), PROBLEMS, ids=[row[1] for row in PROBLEMS]
)
def test_a_problem_names_its_rule_and_what_it_was_about(
    check: Callable[[], tuple[RuleProblem, ...]],
    code: str,
    values: dict[str, object],
    message: str,
) -> None:
    found = [(p.code, p.values, str(p)) for p in check()]
    assert (code, values, message) in found
    assert len(found) == 1 or code == "advancement.layout_shape"


def test_breakthrough_choices_use_the_campaigns_skill_list_and_columns_setting() -> None:
    campaign = (*DEFAULT_SKILLS, "Sorcery", "Alchemy")
    result = apply_breakthrough(
        silbestre(),
        Breakthrough(milestone=ReplaceAverageSkill("Lore", "Sorcery"), skill_raises=("Alchemy",)),
        when=NOW,
        skill_list=campaign,
        columns=False,
    )
    assert result.character.skills == {"Investigate": 4, "Will": 2, "Sorcery": 1, "Alchemy": 1}
    # Will to Good (+3) stands on no Fair skill: allowed only with the columns rule off.
    raised = apply_breakthrough(
        silbestre(), Breakthrough(skill_raises=("Will",)), when=NOW, columns=False
    )
    assert raised.character.skills["Will"] == 3
    with pytest.raises(InvalidCharacter, match="no rating may hold more skills"):
        apply_breakthrough(silbestre(), Breakthrough(skill_raises=("Will",)), when=NOW)
    # A skill off the campaign's list is refused, for the milestone and for the raises.
    for choices in (
        Breakthrough(milestone=ReplaceAverageSkill("Lore", "Sorcery")),
        Breakthrough(skill_raises=("Sorcery",)),
    ):
        with pytest.raises(InvalidCharacter, match="Sorcery is not on the skill list"):
            apply_breakthrough(silbestre(), choices, when=NOW, skill_list=DEFAULT_SKILLS[:10])


def test_a_breakthrough_keeps_the_empty_slots_and_starts_the_moderate_recovering() -> None:
    wound = Aspect("Cracked ribs", AspectKind.CONSEQUENCE)
    slots = (
        ConsequenceSlot(Severity.MILD),
        ConsequenceSlot(Severity.MODERATE, aspect=wound),
        ConsequenceSlot(Severity.SEVERE),
    )
    result = breakthrough(silbestre(consequences=slots, skills={"Lore": 1}))
    assert isinstance(result, BreakthroughResult)
    assert result.character.consequences == (
        slots[0],
        ConsequenceSlot(Severity.MODERATE, aspect=wound, recovery=NOW),
        slots[2],
    )
