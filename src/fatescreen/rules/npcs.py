"""Minor NPCs and mook groups: small stress tracks, no consequences, harm spilling over."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import NamedTuple

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    Scale,
    StressKind,
    StressTrack,
    Stunt,
)
from fatescreen.rules.conflict import teamwork_bonus
from fatescreen.rules.errors import IllegalAbsorption, InvalidCharacter

MAX_MINOR_BOXES = 3
"""A minor NPC has 0 to 3 stress boxes (§7)."""


def _aspects(aspects: Sequence[Aspect | str]) -> tuple[Aspect, ...]:
    return tuple(
        aspect if isinstance(aspect, Aspect) else Aspect(aspect, AspectKind.CHARACTER)
        for aspect in aspects
    )


def validate_minor(character: Character) -> None:
    """Check the minor-NPC limit: 0-3 stress boxes (§7 «Vähäisemmät PJH:t»: «anna hänelle
    nollasta kolmeen rastitusruutua»). Consequence slots are allowed: the seed only says
    «Usein vähäisemmällä PJH:lla ei ole tilaa jäljille» (often, not always).

    Applies to minor NPCs and to each member of a mook group.

    Raises:
        InvalidCharacter: Too many boxes.
    """
    boxes = sum(track.boxes for track in character.stress)
    if boxes > MAX_MINOR_BOXES:
        raise InvalidCharacter(
            f"{character.name}: a minor NPC has 0 to {MAX_MINOR_BOXES} stress boxes, not {boxes}",
            code="minor.boxes",
            name=character.name,
            most=MAX_MINOR_BOXES,
            boxes=boxes,
        )


def minor_npc(
    name: str,
    *,
    aspects: Sequence[Aspect | str] = (),
    skills: Mapping[str, int] | None = None,
    stunts: Sequence[Stunt] = (),
    stress_boxes: int = 0,
    id: str = "",
    zone: str | None = None,
    weapon: int = 0,
    armor: int = 0,
    scale: Scale = Scale.MUNDANE,
) -> Character:
    """A minor NPC: a few aspects and skills, 0-3 stress boxes, no consequences (§7).

    The boxes form one combined track that takes physical and mental hits alike.

    Args:
        name: The NPC's name (the id is derived from it unless given).
        aspects: Aspects as text (character aspects) or ready aspects.
        skills: One or two skills, free-form names allowed.
        stunts: Perhaps one stunt.
        stress_boxes: 0 to 3.
        id: An explicit id.
        zone: The zone id where the NPC stands.
        weapon: Weapon rating (§8).
        armor: Armor rating (§8).
        scale: The NPC's scale (§8).

    Raises:
        InvalidCharacter: The stress boxes are outside 0-3.
    """
    return _build(
        name,
        CharacterKind.MINOR,
        1,
        aspects,
        skills,
        stunts,
        stress_boxes,
        id,
        zone,
        weapon,
        armor,
        scale,
    )


def validate_members(name: str, members: int) -> None:
    """Check that a mook group still standing has at least one member (§7).

    Raises:
        InvalidCharacter: No members.
    """
    if members < 1:
        raise InvalidCharacter(
            f"{name}: a group needs at least one member, not {members}",
            code="npcs.mook_group",
            name=name,
            members=members,
        )


def mook_group(
    name: str,
    members: int,
    *,
    aspects: Sequence[Aspect | str] = (),
    skills: Mapping[str, int] | None = None,
    stunts: Sequence[Stunt] = (),
    stress_boxes: int = 0,
    id: str = "",
    zone: str | None = None,
    weapon: int = 0,
    armor: int = 0,
    scale: Scale = Scale.MUNDANE,
) -> Character:
    """A group of identical minor NPCs with one stat line, acting once in the turn order.

    The stress track is the front member's; the others are unharmed.

    Args:
        name: The group's name.
        members: How many members stand, at least 1.
        aspects: Aspects as text (character aspects) or ready aspects.
        skills: The members' skills.
        stunts: The members' stunts.
        stress_boxes: Each member's boxes, 0 to 3.
        id: An explicit id.
        zone: The zone id where the group stands.
        weapon: Weapon rating (§8).
        armor: Armor rating (§8).
        scale: The group's scale (§8).

    Raises:
        InvalidCharacter: No members, or stress boxes outside 0-3.
    """
    validate_members(name, members)
    return _build(
        name,
        CharacterKind.MOOKS,
        members,
        aspects,
        skills,
        stunts,
        stress_boxes,
        id,
        zone,
        weapon,
        armor,
        scale,
    )


def _build(
    name: str,
    kind: CharacterKind,
    members: int,
    aspects: Sequence[Aspect | str],
    skills: Mapping[str, int] | None,
    stunts: Sequence[Stunt],
    stress_boxes: int,
    id: str,
    zone: str | None,
    weapon: int,
    armor: int,
    scale: Scale,
) -> Character:
    if not 0 <= stress_boxes <= MAX_MINOR_BOXES:
        raise InvalidCharacter(
            f"{name}: a minor NPC has 0 to {MAX_MINOR_BOXES} stress boxes, not {stress_boxes}",
            code="npcs.build",
            name=name,
            MAX_MINOR_BOXES=MAX_MINOR_BOXES,
            stress_boxes=stress_boxes,
        )
    return Character(
        name=name,
        kind=kind,
        id=id,
        aspects=_aspects(aspects),
        skills=dict(skills or {}),
        stunts=tuple(stunts),
        stress=(StressTrack(StressKind.COMBINED, stress_boxes),),
        zone=zone,
        weapon=weapon,
        armor=armor,
        scale=scale,
        members=members,
    )


def _front_track(group: Character) -> StressTrack:
    return group.stress[0] if group.stress else StressTrack(StressKind.COMBINED, 0)


class GroupHarm(NamedTuple):
    """A mook group after a hit, and how many of its members the hit took out."""

    group: Character
    members_taken_out: int


def apply_harm_to_group(group: Character, shifts: int) -> GroupHarm:
    """Harm a mook group, spilling over member by member.

    The front member checks boxes if the hit fits in its empty boxes. Otherwise it is
    taken out, which uses its empty boxes plus one shift, and the rest of the hit goes
    on to the next member, whose track is fresh. So members with no boxes fall one per
    shift, and with 2 boxes each a 7-shift hit on a fresh group takes out two members
    (3 shifts each) and checks one box of the third. The group is taken out when its
    last member is.

    Args:
        group: A mook group that still stands.
        shifts: The hit, 0 or more.

    Returns:
        The group after the hit and the number of members taken out.

    Raises:
        IllegalAbsorption: Not a mook group, or the group is already taken out.
        ValueError: ``shifts`` is negative.
    """
    if group.kind is not CharacterKind.MOOKS:
        raise IllegalAbsorption(
            f"{group.name} is not a mook group",
            code="npcs.apply_harm_to_group",
            group_name=group.name,
        )
    if group.taken_out or group.members < 1:
        raise IllegalAbsorption(
            f"{group.name} is already taken out",
            code="npcs.apply_harm_to_group_2",
            group_name=group.name,
        )
    if shifts < 0:
        raise ValueError(f"a hit cannot be negative ({shifts} shifts)")
    track = _front_track(group)
    remaining, members = shifts, group.members
    while remaining > 0 and members > 0:
        if remaining <= track.free:
            track = track.check(remaining)
            remaining = 0
        else:
            remaining -= track.free + 1
            members -= 1
            track = track.cleared()
    harmed = replace(group, members=members, taken_out=members == 0)
    if group.stress:
        harmed = harmed.with_track(track)
    return GroupHarm(harmed, group.members - members)


def shifts_to_take_out_group(group: Character) -> int:
    """The smallest hit that takes out every standing member of a mook group."""
    if group.taken_out or group.members < 1:
        return 0
    track = _front_track(group)
    return track.free + 1 + (group.members - 1) * (track.boxes + 1)


def largest_group_hit(group: Character) -> int:
    """The largest hit a mook group can still take with someone standing (§7): one shift
    less than takes out every standing member."""
    return max(shifts_to_take_out_group(group) - 1, 0)


def group_teamwork_bonus(group: Character, skill: str) -> int:
    """The teamwork bonus a mook group adds to its one roll (§4).

    +1 for each other standing member with at least Average (+1) in the skill, never
    more than the skill's rating.
    """
    if group.taken_out:
        return 0
    rating = group.skill(skill)
    return teamwork_bonus(rating, [rating] * (group.members - 1))
