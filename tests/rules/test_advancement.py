"""Character creation, milestones and breakthroughs (docs/rules.md §9)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.advancement import (
    DEFAULT_SKILLS,
    Breakthrough,
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
from fatescreen.rules.errors import InvalidCharacter

NOW = Recovery(session=5, scene=2)

# Silbestre as the seed's example describes him: a standard pyramid with Lore at Average (+1)
# and Empathy at Mediocre (+0); the other skills are a choice the seed leaves open.
SILBESTRE_SKILLS = {
    "Investigate": 4,
    "Academics": 3,
    "Athletics": 3,
    "Will": 2,
    "Notice": 2,
    "Rapport": 2,
    "Lore": 1,
    "Fight": 1,
    "Physique": 1,
    "Contacts": 1,
}


def silbestre(**changes: object) -> Character:
    fields: dict[str, object] = {
        "name": "Silbestre",
        "kind": CharacterKind.PC,
        "aspects": (
            Aspect("Haunted scholar of the old books", AspectKind.HIGH_CONCEPT),
            Aspect("Can't leave a mystery alone", AspectKind.TROUBLE),
            Aspect("Owes Rozio his life", AspectKind.CHARACTER),
            Aspect("Never without his notebook", AspectKind.CHARACTER, free_invokes=("gm",)),
            Aspect("Friends in the archive", AspectKind.CHARACTER),
        ),
        "skills": SILBESTRE_SKILLS,
        "stunts": (Stunt("Read everything", skill="Lore", bonus=2),),
        "refresh": 3,
    }
    fields.update(changes)
    return Character(**fields)  # type: ignore[arg-type]


def ladder_counts(character: Character) -> dict[int, int]:
    counts = Counter(rating for rating in character.skills.values() if rating > 0)
    return dict(sorted(counts.items(), reverse=True))


# --- Creation: skill layouts -------------------------------------------------------------


def test_default_skill_list() -> None:
    """§9: nineteen default skills, by English name."""
    assert len(DEFAULT_SKILLS) == 19
    assert len(set(DEFAULT_SKILLS)) == 19
    assert {"Lore", "Empathy", "Fight", "Will", "Physique", "Athletics"} <= set(DEFAULT_SKILLS)


def test_the_pyramid() -> None:
    """§9: 1 Great, 2 Good, 3 Fair, 4 Average, the rest Mediocre."""
    assert validate_skills(SILBESTRE_SKILLS) == ()
    assert validate_skills(SILBESTRE_SKILLS, SkillLayout.COLUMNS) == ()
    assert validate_skills(SILBESTRE_SKILLS, SkillLayout.FREE) == ()


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"Contacts": 0}, "Average (+1) holds 3 skills; the pyramid needs 4"),
        ({"Contacts": 2}, "Fair (+2) holds 4 skills; the pyramid needs 3"),
        ({"Academics": 4}, "Great (+4) holds 2 skills; the pyramid needs 1"),
        ({"Investigate": 5}, "Investigate is Superb (+5), above the starting peak Great (+4)"),
        ({"Juggling": 0}, "Juggling is not on the skill list"),
        ({"Stealth": -1}, "Stealth is Poor (-1); skills start at Mediocre (+0) or better"),
    ],
)
def test_pyramid_problems(changes: dict[str, int], problem: str) -> None:
    """§9: every broken pyramid rule is reported in words a GM can read."""
    assert problem in validate_skills({**SILBESTRE_SKILLS, **changes})


def test_petris_diamond() -> None:
    """§9 «Vaihtoehtoja pyramidille»: the seed's nine-skill list as a diamond:
    one Great, two Good, three Fair, two Average and one Mediocre."""
    petri = ("Aja", "Hiivi", "Huomaa", "Korjaa", "Liiku", "Puhu", "Siedä", "Taistele", "Tiedä")
    skills = {"Taistele": 4, "Aja": 3, "Liiku": 3, "Huomaa": 2, "Puhu": 2, "Tiedä": 2}
    skills |= {"Hiivi": 1, "Korjaa": 1}
    assert validate_skills(skills, SkillLayout.DIAMOND, skill_list=petri) == ()
    # A pyramid needs ten skills above Mediocre: nine skills cannot hold one.
    assert "Average (+1) holds 2 skills; the pyramid needs 4" in validate_skills(
        skills, skill_list=petri
    )
    tipless = skills | {"Siedä": 1}
    assert validate_skills(tipless, SkillLayout.DIAMOND, skill_list=petri) == (
        "Average (+1) holds 3 skills; the diamond needs 2",
        "Mediocre (+0) holds 0 skills; the diamond needs 1",
    )
    # On the default list of 19 a diamond's tip would hold 11 skills.
    default_diamond = {"Fight": 4, "Shoot": 3, "Drive": 3, "Lore": 2, "Will": 2, "Notice": 2}
    default_diamond |= {"Stealth": 1, "Crafts": 1}
    assert validate_skills(default_diamond, SkillLayout.DIAMOND) == (
        "Mediocre (+0) holds 11 skills; the diamond needs 1",
    )
    # Without a list the tip is not counted.
    assert validate_skills(skills, SkillLayout.DIAMOND, skill_list=None) == ()


def test_columns() -> None:
    """§9: in columns no rating holds more skills than the rating below it."""
    even = {"Fight": 4, "Shoot": 4, "Drive": 3, "Lore": 3, "Will": 2, "Notice": 2}
    even |= {"Stealth": 1, "Crafts": 1}
    assert validate_skills(even, SkillLayout.COLUMNS) == ()
    assert validate_skills(even | {"Crafts": 0}, SkillLayout.COLUMNS) == (
        "Fair (+2) holds 2 skills but Average (+1) below it only 1:"
        " no rating may hold more skills than the rating below it",
    )
    gap = {"Fight": 4, "Lore": 2, "Will": 1}
    assert check_columns(gap) == (
        "Great (+4) holds 1 skill but Good (+3) below it only 0:"
        " no rating may hold more skills than the rating below it",
    )


def test_columns_count_mediocre_skills_of_the_list() -> None:
    """§9: Average skills stand on the Mediocre ones of the campaign's list."""
    short_list = ("Fight", "Shoot", "Drive")
    assert check_columns({"Fight": 2, "Shoot": 1}, skill_list=short_list) == ()
    assert check_columns({"Fight": 1, "Shoot": 1}, skill_list=short_list) == (
        "Average (+1) holds 2 skills but Mediocre (+0) below it only 1:"
        " no rating may hold more skills than the rating below it",
    )
    assert check_columns({"Fight": 1, "Shoot": 1}, skill_list=None) == ()


def test_free_allocation_spends_the_pyramids_points() -> None:
    """§9: free layout: the pyramid's 20 points, spent at will, none above the peak."""
    spread = {name: 2 for name in DEFAULT_SKILLS[:10]}
    assert validate_skills(spread, SkillLayout.FREE) == ()
    assert validate_skills(spread | {"Will": 1}, SkillLayout.FREE) == (
        "the skills spend 21 skill points; the budget is 20",
    )
    assert validate_skills({"Fight": 5}, SkillLayout.FREE) == (
        "Fight is Superb (+5), above the starting peak Great (+4)",
    )
    assert validate_skills({"Fight": 5}, SkillLayout.FREE, peak=5, points=30) == ()


pyramids = st.permutations(DEFAULT_SKILLS).map(
    lambda names: dict(zip(names, (4, 3, 3, 2, 2, 2, 1, 1, 1, 1), strict=False))
)


@given(skills=pyramids, layout=st.sampled_from(SkillLayout))
def test_every_pyramid_fits_every_layout_but_the_diamond(
    skills: dict[str, int], layout: SkillLayout
) -> None:
    """§9: a pyramid also keeps the columns rule and spends exactly the free budget."""
    problems = validate_skills(skills, layout)
    assert (problems == ()) is (layout is not SkillLayout.DIAMOND)


@given(skills=pyramids, data=st.data())
def test_a_swap_keeps_the_pyramid(skills: dict[str, int], data: st.DataObject) -> None:
    """§9: a milestone's skill swap never breaks the layout."""
    first, second = data.draw(st.permutations(sorted(skills)))[:2]
    changed = apply_milestone(silbestre(skills=skills), SwapSkills(first, second))
    assert validate_skills(changed.skills) == ()
    assert changed.skill(first) == skills[second]
    assert changed.skill(second) == skills[first]


# --- Creation: refresh and stunts ---------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "stunts", "refresh"),
    [(3, 0, 3), (3, 3, 3), (3, 4, 2), (3, 5, 1), (4, 6, 1), (2, 3, 2)],
)
def test_refresh_after_stunts(base: int, stunts: int, refresh: int) -> None:
    """§9: three free stunts; each further one costs 1 refresh."""
    assert refresh_after_stunts(base, stunts) == refresh


def test_refresh_never_drops_below_one() -> None:
    """§9: a sixth stunt would leave refresh 0."""
    with pytest.raises(InvalidCharacter, match="6 stunts would leave refresh 0"):
        refresh_after_stunts(3, 6)


def test_validate_new_character() -> None:
    """§9: skills, refresh paid for stunts, and at most five aspects."""
    assert validate_new_character(silbestre()) == ()
    four_stunts = tuple(Stunt(f"Stunt {n}") for n in range(4))
    assert validate_new_character(silbestre(stunts=four_stunts, refresh=2)) == ()
    assert validate_new_character(silbestre(stunts=four_stunts)) == (
        "refresh is 3, but 3 with 4 stunts leaves 2",
    )
    crowded = (*silbestre().aspects, Aspect("Second high concept", AspectKind.HIGH_CONCEPT))
    assert validate_new_character(silbestre(aspects=crowded)) == (
        "6 character aspects; a character has 5",
        "2 aspects are marked high_concept; a character has one",
    )
    too_many = tuple(Stunt(f"Stunt {n}") for n in range(7))
    assert validate_new_character(silbestre(stunts=too_many, refresh=1)) == (
        "7 stunts would leave refresh -1: each stunt beyond 3 costs 1 refresh,"
        " and refresh never drops below 1",
    )


# --- Milestones ---------------------------------------------------------------------------


def test_milestone_swap_two_skills() -> None:
    """§9 «Virstanpylväät»: swap the ratings of two skills on the sheet."""
    changed = apply_milestone(silbestre(), SwapSkills("Lore", "Investigate"))
    assert changed.skill("Lore") == 4
    assert changed.skill("Investigate") == 1
    assert silbestre().skill("Lore") == 1
    assert list(changed.skills) == list(SILBESTRE_SKILLS)


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (SwapSkills("Lore", "Empathy"), "has no Empathy on the sheet"),
        (SwapSkills("Lore", "Lore"), "swapping Lore with itself"),
        (ReplaceAverageSkill("Will", "Empathy"), "Will is Fair \\(\\+2\\)"),
        (ReplaceAverageSkill("Empathy", "Stealth"), "Empathy is not on the sheet"),
        (ReplaceAverageSkill("Lore", "Fight"), "Fight is already on the sheet"),
        (ReplaceAverageSkill("Lore", "Juggling"), "Juggling is not on the skill list"),
        (RewriteStunt(1, Stunt("New")), "no stunt number 2 \\(stunts: 1\\)"),
        (RewriteAspect("Haunted scholar of the old books", "X"), "only be rewritten at a break"),
        (RewriteAspect("Tall", "Short"), "no aspect 'Tall'"),
    ],
)
def test_milestone_errors(option: object, message: str) -> None:
    """§9: each milestone option refuses what the rules forbid, saying why."""
    with pytest.raises(InvalidCharacter, match=message):
        apply_milestone(silbestre(), option)  # type: ignore[arg-type]


def test_milestone_replace_an_average_skill() -> None:
    """§9: an Average (+1) skill gives its place to one not on the sheet."""
    changed = apply_milestone(silbestre(), ReplaceAverageSkill("Lore", "Empathy"))
    assert changed.skill("Empathy") == 1
    assert "Lore" not in changed.skills
    assert validate_skills(changed.skills) == ()
    anything = apply_milestone(
        silbestre(), ReplaceAverageSkill("Lore", "Juggling"), skill_list=None
    )
    assert anything.skill("Juggling") == 1


def test_milestone_rewrite_a_stunt() -> None:
    """§9: rewrite one of the stunts."""
    new = Stunt("Knows the archive", skill="Investigate", bonus=2)
    assert apply_milestone(silbestre(), RewriteStunt(0, new)).stunts == (new,)


def test_milestone_buy_a_stunt() -> None:
    """§9: a new stunt costs 1 refresh, and refresh must stay at least 1."""
    new = Stunt("Lucky")
    bought = apply_milestone(silbestre(), BuyStunt(new))
    assert bought.refresh == 2
    assert bought.stunts[-1] == new
    with pytest.raises(InvalidCharacter, match="refresh 1; a new stunt costs 1 refresh"):
        apply_milestone(silbestre(refresh=1), BuyStunt(new))


def test_milestone_rewrite_an_aspect() -> None:
    """§9: any aspect but the high concept; free invokes stay with the aspect."""
    changed = apply_milestone(
        silbestre(), RewriteAspect("never-without-his-notebook", "Lost the notebook")
    )
    assert changed.aspects[3].name == "Lost the notebook"
    assert changed.aspects[3].free_invokes == ("gm",)
    trouble = apply_milestone(silbestre(), RewriteAspect("Can't leave a mystery alone", "Nosy"))
    assert trouble.aspects[1] == Aspect("Nosy", AspectKind.TROUBLE)


# --- Breakthroughs ------------------------------------------------------------------------


def test_silbestre_cannot_raise_lore_alone() -> None:
    """§9 «Taitotasojen kasvattaminen»: raising Lore from Average to Fair would leave four
    Fair skills on three Average ones, which breaks the columns rule."""
    with pytest.raises(
        InvalidCharacter,
        match=r"raising Lore to Fair \(\+2\) is not allowed: Fair \(\+2\) holds 4 skills but"
        r" Average \(\+1\) below it only 3",
    ):
        apply_breakthrough(
            silbestre(), Breakthrough(skill_raises=("Lore",)), when=NOW, banked_skill_points=1
        )


def test_silbestre_raises_lore_with_empathy_under_it() -> None:
    """§9 «Taitotasojen kasvattaminen»: with a point saved from an earlier breakthrough he
    also raises Empathy from Mediocre to Average: one Great, two Good, four Fair, four
    Average."""
    result = apply_breakthrough(
        silbestre(),
        Breakthrough(skill_raises=("Lore", "Empathy")),
        when=NOW,
        banked_skill_points=1,
    )
    assert ladder_counts(result.character) == {4: 1, 3: 2, 2: 4, 1: 4}
    assert result.character.skill("Lore") == 2
    assert result.character.skill("Empathy") == 1
    assert result.unspent_skill_points == 0


def test_silbestre_needs_the_saved_point() -> None:
    """§9: without a saved point (or the GM's second raise) one breakthrough raises one skill."""
    with pytest.raises(InvalidCharacter, match=r"the breakthrough gives 1 .* and 0 are saved"):
        apply_breakthrough(silbestre(), Breakthrough(skill_raises=("Lore", "Empathy")), when=NOW)
    offered = apply_breakthrough(
        silbestre(),
        Breakthrough(skill_raises=("Lore", "Empathy"), extra_skill_point=True),
        when=NOW,
    )
    assert ladder_counts(offered.character) == {4: 1, 3: 2, 2: 4, 1: 4}


def test_raising_a_mediocre_skill_alone_is_fine_and_points_can_be_saved() -> None:
    """§9: Mediocre to Average always has a base; an unspent point is saved for later."""
    result = apply_breakthrough(
        silbestre(), Breakthrough(skill_raises=("Empathy",)), when=NOW, banked_skill_points=1
    )
    assert ladder_counts(result.character) == {4: 1, 3: 2, 2: 3, 1: 5}
    assert result.unspent_skill_points == 1
    saved = apply_breakthrough(silbestre(), Breakthrough(), when=NOW)
    assert saved.unspent_skill_points == 1
    assert saved.character == silbestre()


def test_the_breakthroughs_own_points_raise_different_skills() -> None:
    """§9: the GM's extra raise is for a second skill; saved points may go anywhere."""
    twice = Breakthrough(skill_raises=("Empathy", "Empathy"), extra_skill_point=True)
    with pytest.raises(InvalidCharacter, match="each for a different skill"):
        apply_breakthrough(silbestre(), twice, when=NOW)
    result = apply_breakthrough(silbestre(), twice, when=NOW, banked_skill_points=1, columns=False)
    assert result.character.skill("Empathy") == 2
    assert result.unspent_skill_points == 1


def test_raise_skills_checks_the_result_as_a_whole() -> None:
    """§9: the columns rule holds after all raises, not after each one."""
    assert raise_skills(silbestre(), ["Empathy", "Lore"]).skill("Lore") == 2
    with pytest.raises(InvalidCharacter, match="Juggling is not on the skill list"):
        raise_skills(silbestre(), ["Juggling"])
    assert raise_skills(silbestre(), ["Lore"], columns=False).skill("Lore") == 2


def _wounded() -> Character:
    return silbestre(
        consequences=(
            ConsequenceSlot(Severity.MILD).filled("Bruised ribs", "cultist"),
            ConsequenceSlot(Severity.MODERATE).filled("Gaping chest wound", "cultist"),
            ConsequenceSlot(Severity.SEVERE).filled("Shattered leg"),
            replace_recovering(ConsequenceSlot(Severity.MILD).filled("Sprained wrist")),
        )
    )


def replace_recovering(slot: ConsequenceSlot) -> ConsequenceSlot:
    return ConsequenceSlot(slot.severity, slot.kind, slot.aspect, Recovery(session=4, scene=1))


def test_breakthrough_starts_recovery_and_clears_the_recovering() -> None:
    """§9 «Läpimurrot»: moderate and severe consequences start recovering (and may be
    renamed); consequences already recovering are cleared; mild ones wait for treatment."""
    result = apply_breakthrough(
        _wounded(),
        Breakthrough(recovering_names=(Rename("Gaping chest wound", "Stitched chest"),)),
        when=NOW,
    )
    mild, moderate, severe, recovered = result.character.consequences
    assert mild == _wounded().consequences[0]
    assert moderate.aspect is not None
    assert moderate.aspect.name == "Stitched chest"
    assert moderate.aspect.free_invokes == ("cultist",)
    assert moderate.recovery == NOW
    assert severe.aspect is not None
    assert severe.aspect.name == "Shattered leg"
    assert severe.recovery == NOW
    assert recovered.free
    kept = apply_breakthrough(_wounded(), Breakthrough(clear_recovering=False), when=NOW)
    assert kept.character.consequences[3] == _wounded().consequences[3]


def test_breakthrough_rename_must_name_a_consequence_starting_recovery() -> None:
    """§9: only consequences whose recovery starts now are rewritten."""
    with pytest.raises(InvalidCharacter, match="'Bruised ribs': not a moderate or severe"):
        apply_breakthrough(
            _wounded(), Breakthrough(recovering_names=(Rename("Bruised ribs", "Ok"),)), when=NOW
        )


def test_breakthrough_rewrites_the_high_concept_and_takes_a_milestone() -> None:
    """§9: a breakthrough allows one milestone option plus rewriting the high concept."""
    result = apply_breakthrough(
        silbestre(),
        Breakthrough(
            milestone=RewriteAspect("Friends in the archive", "Banned from the archive"),
            high_concept="Scholar who finally slept",
            skill_raises=("Empathy",),
        ),
        when=NOW,
    )
    aspects = result.character.aspects
    assert aspects[0] == Aspect("Scholar who finally slept", AspectKind.HIGH_CONCEPT)
    assert aspects[4].name == "Banned from the archive"
    no_concept = silbestre(aspects=silbestre().aspects[1:])
    added = apply_breakthrough(no_concept, Breakthrough(high_concept="Late bloomer"), when=NOW)
    assert added.character.aspects[0] == Aspect("Late bloomer", AspectKind.HIGH_CONCEPT)


def test_breakthrough_extra_refresh_and_stunt() -> None:
    """§9: the GM may offer +1 refresh, which can buy a stunt at once."""
    stunt = Stunt("Second sight")
    richer = apply_breakthrough(silbestre(), Breakthrough(extra_refresh=True), when=NOW)
    assert richer.character.refresh == 4
    bought = apply_breakthrough(
        silbestre(refresh=1), Breakthrough(extra_refresh=True, extra_stunt=stunt), when=NOW
    )
    assert bought.character.refresh == 1
    assert bought.character.stunts[-1] == stunt
    with pytest.raises(InvalidCharacter, match="needs that point"):
        apply_breakthrough(silbestre(), Breakthrough(extra_stunt=stunt), when=NOW)
    with pytest.raises(InvalidCharacter, match="cannot be negative"):
        apply_breakthrough(silbestre(), Breakthrough(), when=NOW, banked_skill_points=-1)
