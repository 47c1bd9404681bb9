"""Character creation checks, milestones and breakthroughs (docs/rules.md §9)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from fatescreen.rules.aspects import Aspect, AspectKind, make_id
from fatescreen.rules.character import Character, ConsequenceSlot, Recovery, Severity, Stunt
from fatescreen.rules.errors import InvalidCharacter, Listed, RuleProblem
from fatescreen.rules.fate_points import DEFAULT_REFRESH
from fatescreen.rules.ladder import Rung, describe

DEFAULT_SKILLS: Final = (
    "Academics",
    "Athletics",
    "Burglary",
    "Contacts",
    "Crafts",
    "Deceive",
    "Drive",
    "Empathy",
    "Fight",
    "Investigate",
    "Lore",
    "Notice",
    "Physique",
    "Provoke",
    "Rapport",
    "Resources",
    "Shoot",
    "Stealth",
    "Will",
)
"""The default list of 19 skills, by English name (their Finnish names live in i18n)."""

PEAK_RATING: Final = 4
"""The highest starting skill rating, Great (+4)."""

FREE_STUNTS: Final = 3
"""Stunts a new PC gets without lowering refresh."""

MIN_REFRESH: Final = 1
"""Refresh never drops below this by buying stunts."""

CHARACTER_ASPECTS: Final = 5
"""High concept, trouble, relationship and two free aspects."""

DIAMOND_WIDTHS: Final = (1, 2, 3, 2, 1)
"""The seed's diamond, skills per rating from the peak down: +4, +3, +2, +1, +0."""

_RECOVERABLE_AT_BREAKTHROUGH = (Severity.MODERATE, Severity.SEVERE)
_SHEET_ASPECT_KINDS = (AspectKind.HIGH_CONCEPT, AspectKind.TROUBLE, AspectKind.CHARACTER)


class SkillLayout(StrEnum):
    """How starting skill ratings may be arranged."""

    PYRAMID = "pyramid"
    """1 at the peak, 2 below it, and so on: 1 Great, 2 Good, 3 Fair, 4 Average."""
    DIAMOND = "diamond"
    """1 Great, 2 Good, 3 Fair, 2 Average and 1 Mediocre (suits a nine-skill list)."""
    COLUMNS = "columns"
    """No rating holds more skills than the rating below it."""
    FREE = "free"
    """The pyramid's skill points spent at will, none above the peak."""


def _skills_word(count: int) -> str:
    return f"{count} skill" if count == 1 else f"{count} skills"


def _rating_counts(skills: Mapping[str, int], skill_list: Sequence[str] | None) -> Counter[int]:
    """Skills per rating; Mediocre counts the list's unrated skills only when a list is given."""
    counts = Counter(rating for rating in skills.values() if rating != 0)
    if skill_list is not None:
        counts[0] = len({name for name in (*skill_list, *skills) if skills.get(name, 0) == 0})
    return counts


def pyramid_widths(peak: int = PEAK_RATING) -> dict[int, int]:
    """Skills per rating in a pyramid with the given peak: ``{4: 1, 3: 2, 2: 3, 1: 4}``."""
    return {rating: peak + 1 - rating for rating in range(peak, 0, -1)}


def skill_points(skills: Mapping[str, int]) -> int:
    """The skill points spent on a sheet: the sum of the ratings above Mediocre."""
    return sum(rating for rating in skills.values() if rating > 0)


def check_columns(
    skills: Mapping[str, int], *, skill_list: Sequence[str] | None = DEFAULT_SKILLS
) -> tuple[RuleProblem, ...]:
    """The skill-columns rule: no rating may hold more skills than the rating below it.

    Args:
        skills: Ratings by skill name; unlisted skills are Mediocre (+0).
        skill_list: The campaign's skills, used to count the Mediocre ones; None leaves
            Mediocre out of the check.

    Returns:
        One readable problem per rating that stands on too narrow a base; empty if none.
    """
    counts = _rating_counts(skills, skill_list)
    lowest = 1 if skill_list is not None else 2
    top = max((rating for rating in counts if counts[rating]), default=0)
    problems = []
    for rating in range(top, lowest - 1, -1):
        if counts[rating] > counts[rating - 1]:
            problems.append(
                RuleProblem(
                    f"{describe(rating)} holds {_skills_word(counts[rating])} but"
                    f" {describe(rating - 1)} below it only {counts[rating - 1]}:"
                    " no rating may hold more skills than the rating below it",
                    code="advancement.columns",
                    rating=Rung(rating),
                    count=counts[rating],
                    below=Rung(rating - 1),
                    below_count=counts[rating - 1],
                )
            )
    return tuple(problems)


def _shape_problems(
    counts: Counter[int], widths: Mapping[int, int], layout: SkillLayout
) -> list[RuleProblem]:
    return [
        RuleProblem(
            f"{describe(rating)} holds {_skills_word(counts[rating])}; the {layout.value}"
            f" needs {wanted}",
            code="advancement.layout_shape",
            rating=Rung(rating),
            count=counts[rating],
            layout=layout,
            wanted=wanted,
        )
        for rating, wanted in widths.items()
        if counts[rating] != wanted
    ]


def validate_skills(
    skills: Mapping[str, int],
    layout: SkillLayout = SkillLayout.PYRAMID,
    *,
    skill_list: Sequence[str] | None = DEFAULT_SKILLS,
    peak: int = PEAK_RATING,
    points: int | None = None,
) -> tuple[RuleProblem, ...]:
    """Check a new character's skills against a layout.

    Args:
        skills: Ratings by skill name; unlisted skills are Mediocre (+0).
        layout: Pyramid (1 Great, 2 Good, 3 Fair, 4 Average), diamond (1 Great, 2 Good,
            3 Fair, 2 Average, 1 Mediocre), columns, or free.
        skill_list: The campaign's skills; None accepts any name and skips the checks that
            need to count Mediocre skills (the diamond's tip, the columns' base).
        peak: The highest starting rating; the pyramid and diamond are built down from it.
        points: A skill-point budget; for the free layout it defaults to the pyramid's
            points (20 with a Great peak).

    Returns:
        Readable problems, empty when the skills are valid.
    """
    problems: list[RuleProblem] = []
    if skill_list is not None:
        known = set(skill_list)
        problems += [
            RuleProblem(
                f"{name} is not on the skill list", code="advancement.check_on_list", name=name
            )
            for name in skills
            if name not in known
        ]
    for name, rating in skills.items():
        if rating < 0:
            problems.append(
                RuleProblem(
                    f"{name} is {describe(rating)}; skills start at {describe(0)} or better",
                    code="advancement.skill_below_start",
                    name=name,
                    rating=Rung(rating),
                    lowest=Rung(0),
                )
            )
        elif rating > peak:
            problems.append(
                RuleProblem(
                    f"{name} is {describe(rating)}, above the starting peak {describe(peak)}",
                    code="advancement.skill_above_peak",
                    name=name,
                    rating=Rung(rating),
                    peak=Rung(peak),
                )
            )
    counts = _rating_counts(skills, skill_list)
    if layout is SkillLayout.PYRAMID:
        problems += _shape_problems(counts, pyramid_widths(peak), layout)
    elif layout is SkillLayout.DIAMOND:
        widths = {peak - row: width for row, width in enumerate(DIAMOND_WIDTHS)}
        lowest = 0 if skill_list is not None else 1
        checked = {rating: width for rating, width in widths.items() if rating >= lowest}
        problems += _shape_problems(counts, checked, layout)
    elif layout is SkillLayout.COLUMNS:
        problems += check_columns(skills, skill_list=skill_list)
    if points is None and layout is SkillLayout.FREE:
        points = sum(rating * width for rating, width in pyramid_widths(peak).items())
    spent = skill_points(skills)
    if points is not None and spent > points:
        problems.append(
            RuleProblem(
                f"the skills spend {spent} skill points; the budget is {points}",
                code="advancement.skill_budget",
                spent=spent,
                points=points,
            )
        )
    return tuple(problems)


def refresh_after_stunts(base_refresh: int, stunt_count: int) -> int:
    """Refresh left after taking stunts: the first three are free, each extra costs 1.

    Args:
        base_refresh: Refresh before stunts (3 by default).
        stunt_count: How many stunts the character takes.

    Returns:
        The remaining refresh.

    Raises:
        InvalidCharacter: The stunts would drop refresh below 1.
    """
    extra = max(0, stunt_count - FREE_STUNTS)
    refresh = base_refresh - extra
    if refresh < MIN_REFRESH:
        raise InvalidCharacter(
            f"{stunt_count} stunts would leave refresh {refresh}: each stunt beyond"
            f" {FREE_STUNTS} costs 1 refresh, and refresh never drops below {MIN_REFRESH}",
            code="advancement.refresh_after_stunts",
            stunt_count=stunt_count,
            refresh=refresh,
            FREE_STUNTS=FREE_STUNTS,
            MIN_REFRESH=MIN_REFRESH,
        )
    return refresh


def validate_new_character(
    character: Character,
    layout: SkillLayout = SkillLayout.PYRAMID,
    *,
    skill_list: Sequence[str] | None = DEFAULT_SKILLS,
    peak: int = PEAK_RATING,
    points: int | None = None,
    base_refresh: int = DEFAULT_REFRESH,
) -> tuple[RuleProblem, ...]:
    """Check a new PC: skills in the layout, refresh paid for stunts, at most five aspects.

    Aspects may still be missing (they can be filled in during play), but there is at most
    one high concept and one trouble.

    Args:
        character: The new character.
        layout: The skill layout in use.
        skill_list: The campaign's skills (see :func:`validate_skills`).
        peak: The highest starting rating.
        points: A skill-point budget (see :func:`validate_skills`).
        base_refresh: Refresh before stunts.

    Returns:
        Readable problems, empty when the character is valid.
    """
    problems = list(
        validate_skills(character.skills, layout, skill_list=skill_list, peak=peak, points=points)
    )
    try:
        expected = refresh_after_stunts(base_refresh, len(character.stunts))
    except InvalidCharacter as error:
        problems.append(RuleProblem(str(error), code=error.code, **error.values))
    else:
        if character.refresh != expected:
            problems.append(
                RuleProblem(
                    f"refresh is {character.refresh}, but {base_refresh} with"
                    f" {len(character.stunts)} stunts leaves {expected}",
                    code="advancement.refresh_mismatch",
                    refresh=character.refresh,
                    base_refresh=base_refresh,
                    stunts=len(character.stunts),
                    expected=expected,
                )
            )
    sheet_aspects = [a for a in character.aspects if a.kind in _SHEET_ASPECT_KINDS]
    if len(sheet_aspects) > CHARACTER_ASPECTS:
        problems.append(
            RuleProblem(
                f"{len(sheet_aspects)} character aspects; a character has {CHARACTER_ASPECTS}",
                code="advancement.too_many_aspects",
                count=len(sheet_aspects),
                most=CHARACTER_ASPECTS,
            )
        )
    for kind in (AspectKind.HIGH_CONCEPT, AspectKind.TROUBLE):
        count = sum(1 for aspect in sheet_aspects if aspect.kind is kind)
        if count > 1:
            problems.append(
                RuleProblem(
                    f"{count} aspects are marked {kind.value}; a character has one",
                    code="advancement.aspect_kind_twice",
                    count=count,
                    kind=kind,
                )
            )
    return tuple(problems)


@dataclass(frozen=True)
class SwapSkills:
    """Milestone: swap the ratings of two skills on the sheet."""

    first: str
    second: str


@dataclass(frozen=True)
class ReplaceAverageSkill:
    """Milestone: an Average (+1) skill gives its place to a skill not on the sheet."""

    old: str
    new: str


@dataclass(frozen=True)
class RewriteStunt:
    """Milestone: rewrite one stunt; ``index`` counts the character's stunts from 0."""

    index: int
    stunt: Stunt


@dataclass(frozen=True)
class BuyStunt:
    """Milestone: buy a new stunt for 1 refresh (refresh must stay at least 1)."""

    stunt: Stunt


@dataclass(frozen=True)
class RewriteAspect:
    """Milestone: rewrite any character aspect except the high concept."""

    old: str
    """The aspect's current name (or id)."""
    new: str


MilestoneOption = SwapSkills | ReplaceAverageSkill | RewriteStunt | BuyStunt | RewriteAspect
"""The one change a milestone allows."""


@dataclass(frozen=True)
class Rename:
    """A new name for a consequence whose recovery starts at a breakthrough."""

    old: str
    new: str


@dataclass(frozen=True)
class Breakthrough:
    """What a player does at a breakthrough.

    Besides an optional milestone option, the player may rewrite the high concept and
    raise skills. Moderate and severe consequences not yet recovering start recovering
    (``recovering_names`` renames them), and those already recovering are cleared unless
    ``clear_recovering`` is False. If the GM offers them, ``extra_refresh`` adds 1 refresh
    (which ``extra_stunt`` may spend at once) and ``extra_skill_point`` a second raise,
    for a different skill.
    """

    milestone: MilestoneOption | None = None
    high_concept: str | None = None
    skill_raises: tuple[str, ...] = ()
    """Each entry raises that skill by one; a skill may appear twice only with banked points."""
    recovering_names: tuple[Rename, ...] = ()
    clear_recovering: bool = True
    extra_refresh: bool = False
    extra_stunt: Stunt | None = None
    extra_skill_point: bool = False


@dataclass(frozen=True)
class BreakthroughResult:
    """The character after a breakthrough and the skill points saved for later."""

    character: Character
    unspent_skill_points: int


def _find_aspect(character: Character, name: str) -> int:
    wanted = make_id(name)
    for index, aspect in enumerate(character.aspects):
        if aspect.name == name or aspect.id == wanted:
            return index
    names = ", ".join(repr(aspect.name) for aspect in character.aspects) or "none"
    raise InvalidCharacter(
        f"{character.name} has no aspect {name!r} (aspects: {names})",
        code="advancement.find_aspect",
        character_name=character.name,
        name=name,
        names=names,
    )


def _replace_aspect(character: Character, index: int, aspect: Aspect) -> Character:
    aspects = list(character.aspects)
    aspects[index] = aspect
    return replace(character, aspects=tuple(aspects))


def _check_on_list(name: str, skill_list: Sequence[str] | None) -> None:
    if skill_list is not None and name not in skill_list:
        raise InvalidCharacter(
            f"{name} is not on the skill list", code="advancement.check_on_list", name=name
        )


def _swap_skills(character: Character, option: SwapSkills) -> Character:
    for name in (option.first, option.second):
        if name not in character.skills:
            raise InvalidCharacter(
                f"{character.name} has no {name} on the sheet; an unlisted skill can only"
                " take the place of an Average (+1) one",
                code="advancement.swap_skills_2",
                character_name=character.name,
                name=name,
            )
    if option.first == option.second:
        raise InvalidCharacter(
            f"swapping {option.first} with itself changes nothing",
            code="advancement.swap_skills",
            first=option.first,
        )
    skills = dict(character.skills)
    skills[option.first], skills[option.second] = skills[option.second], skills[option.first]
    return replace(character, skills=skills)


def _replace_average(
    character: Character, option: ReplaceAverageSkill, skill_list: Sequence[str] | None
) -> Character:
    rating = character.skills.get(option.old)
    if rating != 1:
        if rating is None:
            raise InvalidCharacter(
                "only an Average (+1) skill can give its place to a new one;"
                f" {option.old} is not on the sheet",
                code="advancement.replace_average_absent",
                name=option.old,
            )
        raise InvalidCharacter(
            "only an Average (+1) skill can give its place to a new one;"
            f" {option.old} is {describe(rating)}",
            code="advancement.replace_average_rating",
            name=option.old,
            rating=Rung(rating),
        )
    if character.skills.get(option.new, 0) != 0:
        raised = character.skills[option.new]
        raise InvalidCharacter(
            f"{option.new} is already on the sheet at {describe(raised)};"
            " swap the two skills instead",
            code="advancement.replace_average_taken",
            name=option.new,
            rating=Rung(raised),
        )
    _check_on_list(option.new, skill_list)
    skills = {
        (option.new if name == option.old else name): value
        for name, value in character.skills.items()
        if name != option.new
    }
    return replace(character, skills=skills)


def _rewrite_stunt(character: Character, option: RewriteStunt) -> Character:
    if not 0 <= option.index < len(character.stunts):
        raise InvalidCharacter(
            f"{character.name} has no stunt number {option.index + 1}"
            f" (stunts: {len(character.stunts)})",
            code="advancement.rewrite_stunt",
            character_name=character.name,
            value=option.index + 1,
            value_=len(character.stunts),
        )
    stunts = list(character.stunts)
    stunts[option.index] = option.stunt
    return replace(character, stunts=tuple(stunts))


def _buy_stunt(character: Character, stunt: Stunt) -> Character:
    if character.refresh - 1 < MIN_REFRESH:
        raise InvalidCharacter(
            f"{character.name} has refresh {character.refresh}; a new stunt costs 1 refresh"
            f" and refresh never drops below {MIN_REFRESH}",
            code="advancement.buy_stunt",
            character_name=character.name,
            refresh=character.refresh,
            MIN_REFRESH=MIN_REFRESH,
        )
    return replace(character, stunts=(*character.stunts, stunt), refresh=character.refresh - 1)


def _rewrite_aspect(character: Character, option: RewriteAspect) -> Character:
    index = _find_aspect(character, option.old)
    aspect = character.aspects[index]
    if aspect.kind is AspectKind.HIGH_CONCEPT:
        raise InvalidCharacter(
            f"{aspect.name!r} is the high concept; it can only be rewritten at a breakthrough",
            code="advancement.rewrite_aspect",
            aspect_name=aspect.name,
        )
    return _replace_aspect(character, index, aspect.renamed(option.new))


def check_milestone_offered(name: str, pc_id: str, offered: Collection[str]) -> None:
    """«Virstanpylväät tapahtuvat pelikertojen päätteeksi»: one per PC at the end of a session
    (§9); a PC who
    was not offered one, or who already took it, takes none.

    Raises:
        InvalidCharacter: ``pc_id`` has no milestone waiting.
    """
    if pc_id not in offered:
        raise InvalidCharacter(
            f"{name} has no milestone waiting: one comes at the end of each session",
            code="advancement.check_milestone_offered",
            name=name,
        )


def apply_milestone(
    character: Character,
    option: MilestoneOption,
    *,
    skill_list: Sequence[str] | None = DEFAULT_SKILLS,
) -> Character:
    """Apply the one change a milestone allows.

    Args:
        character: The character reaching the milestone.
        option: Swap two skills (or an Average skill for an unlisted one), rewrite a stunt,
            buy a stunt for 1 refresh, or rewrite an aspect other than the high concept.
        skill_list: The campaign's skills; a skill brought onto the sheet must be on it
            (None accepts any name).

    Returns:
        The changed character.

    Raises:
        InvalidCharacter: The option breaks a rule; the message says which.
    """
    match option:
        case SwapSkills():
            return _swap_skills(character, option)
        case ReplaceAverageSkill():
            return _replace_average(character, option, skill_list)
        case RewriteStunt():
            return _rewrite_stunt(character, option)
        case BuyStunt():
            return _buy_stunt(character, option.stunt)
        case RewriteAspect():
            return _rewrite_aspect(character, option)


def raise_skills(
    character: Character,
    raises: Sequence[str],
    *,
    skill_list: Sequence[str] | None = DEFAULT_SKILLS,
    columns: bool = True,
) -> Character:
    """Raise skills by one per entry, all at once, keeping the skill-columns rule.

    The rule is checked on the result, so a raise that needs another to support it (the
    seed's Silbestre raising Lore and Empathy together) is legal when both are made.

    Args:
        character: The character whose skills rise.
        raises: Skill names, one per +1 (a name may repeat).
        skill_list: The campaign's skills; raised skills must be on it and its unrated
            skills count as Mediocre (None: any name, Mediocre not counted).
        columns: False to skip the columns rule (e.g. for a diamond or free layout).

    Returns:
        The character with the raised skills.

    Raises:
        InvalidCharacter: A skill is not on the list, or the result breaks the columns rule.
    """
    skills = dict(character.skills)
    for name in raises:
        _check_on_list(name, skill_list)
        skills[name] = skills.get(name, 0) + 1
    if columns:
        problems = check_columns(skills, skill_list=skill_list)
        if problems:
            raised = Listed(
                tuple(
                    RuleProblem(
                        f"{name} to {describe(skills[name])}",
                        code="advancement.raised_to",
                        name=name,
                        rating=Rung(skills[name]),
                    )
                    for name in dict.fromkeys(raises)
                )
            )
            broken = Listed(problems, "; ")
            raise InvalidCharacter(
                f"raising {raised} is not allowed: {broken}",
                code="advancement.raise_skills",
                raised=raised,
                problems=broken,
            )
    return replace(character, skills=skills)


def _available_skill_points(breakthrough: Breakthrough, banked: int) -> int:
    """Check the raises against the points; return the points left over.

    The breakthrough's own points raise different skills; banked points go anywhere.
    """
    own = 1 + int(breakthrough.extra_skill_point)
    raises = breakthrough.skill_raises
    from_own = min(len(set(raises)), own)
    if len(raises) - from_own > banked:
        raise InvalidCharacter(
            f"{len(raises)} skill raises need more points: the breakthrough gives {own}"
            f" (each for a different skill) and {banked} are saved",
            code="advancement.available_skill_points",
            value=len(raises),
            own=own,
            banked=banked,
        )
    return own + banked - len(raises)


def _recover_consequences(
    character: Character, breakthrough: Breakthrough, when: Recovery
) -> Character:
    renames = {make_id(rename.old): rename.new for rename in breakthrough.recovering_names}
    slots: list[ConsequenceSlot] = []
    for slot in character.consequences:
        aspect = slot.aspect
        if aspect is None:
            slots.append(slot)
        elif slot.recovering:
            slots.append(slot.emptied() if breakthrough.clear_recovering else slot)
        elif slot.severity in _RECOVERABLE_AT_BREAKTHROUGH:
            new_name = renames.pop(aspect.id, aspect.name)
            slots.append(replace(slot, aspect=aspect.renamed(new_name), recovery=when))
        else:
            slots.append(slot)
    if renames:
        unknown = ", ".join(
            repr(rename.old)
            for rename in breakthrough.recovering_names
            if make_id(rename.old) in renames
        )
        raise InvalidCharacter(
            f"{unknown}: not a moderate or severe consequence that starts recovering now",
            code="advancement.recover_consequences",
            unknown=unknown,
        )
    return replace(character, consequences=tuple(slots))


def _rewrite_high_concept(character: Character, name: str) -> Character:
    for index, aspect in enumerate(character.aspects):
        if aspect.kind is AspectKind.HIGH_CONCEPT:
            return _replace_aspect(character, index, aspect.renamed(name))
    high_concept = Aspect(name=name, kind=AspectKind.HIGH_CONCEPT)
    return replace(character, aspects=(high_concept, *character.aspects))


def apply_breakthrough(
    character: Character,
    breakthrough: Breakthrough,
    *,
    when: Recovery,
    banked_skill_points: int = 0,
    skill_list: Sequence[str] | None = DEFAULT_SKILLS,
    columns: bool = True,
) -> BreakthroughResult:
    """Apply a breakthrough: a milestone option plus growth (see :class:`Breakthrough`).

    Args:
        character: The character reaching the breakthrough.
        breakthrough: The player's choices.
        when: The session and scene counter now, recorded as the start of recovery.
        banked_skill_points: Skill points saved from earlier breakthroughs.
        skill_list: The campaign's skills (see :func:`raise_skills`).
        columns: False to skip the skill-columns rule.

    Returns:
        The changed character and the skill points left for later.

    Raises:
        InvalidCharacter: A choice breaks a rule; the message says which.
    """
    if banked_skill_points < 0:
        raise InvalidCharacter(
            f"saved skill points cannot be negative ({banked_skill_points})",
            code="advancement.apply_breakthrough",
            banked_skill_points=banked_skill_points,
        )
    if breakthrough.extra_stunt is not None and not breakthrough.extra_refresh:
        raise InvalidCharacter(
            "a stunt bought at once with the breakthrough's refresh point needs that point"
            " (the GM must offer +1 refresh)",
            code="advancement.apply_breakthrough_2",
        )
    unspent = _available_skill_points(breakthrough, banked_skill_points)
    changed = character
    if breakthrough.milestone is not None:
        changed = apply_milestone(changed, breakthrough.milestone, skill_list=skill_list)
    if breakthrough.high_concept is not None:
        changed = _rewrite_high_concept(changed, breakthrough.high_concept)
    changed = _recover_consequences(changed, breakthrough, when)
    if breakthrough.extra_refresh:
        changed = replace(changed, refresh=changed.refresh + 1)
    if breakthrough.extra_stunt is not None:
        changed = _buy_stunt(changed, breakthrough.extra_stunt)
    changed = raise_skills(
        changed, breakthrough.skill_raises, skill_list=skill_list, columns=columns
    )
    return BreakthroughResult(changed, unspent)
