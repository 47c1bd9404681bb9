"""Harm: stress, consequences and conditions, absorbing hits, taken out, concession, recovery."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import product

from fatescreen.rules.aspects import Aspect, AspectKind, make_id
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    Recovery,
    Severity,
    StressKind,
    StressTrack,
)
from fatescreen.rules.errors import (
    IllegalAbsorption,
    IllegalConcession,
    IllegalRecovery,
    InvalidValue,
    RuleProblem,
)
from fatescreen.rules.fate_points import concession_payout

BASE_BOXES = 3
"""Stress boxes on a track at Mediocre (+0) or less (§6)."""

ONE_TRACK_EXTRA_BOXES = 3
"""Boxes added to a single combined track to balance it (§6 options)."""

MAX_LONGER_TRACK = 2
"""A longer track has one or two more boxes (§6 options)."""

EXTRA_MILD_RATING = 5
"""Superb (+5) and up in Physique or Will gives an extra mild slot of that kind (§6)."""

PHYSICAL_SKILL = "Physique"
MENTAL_SKILL = "Will"


def stress_boxes(rating: int) -> int:
    """Boxes on a stress track for a Physique or Will rating (§6).

    Mediocre (+0) or less: 3; Average (+1) or Fair (+2): 4; Good (+3) and up: 6.
    """
    if rating <= 0:
        return BASE_BOXES
    if rating <= 2:
        return 4
    return 6


ESCALATING_BASE_BOXES = 2
"""Escalating boxes on a track at Mediocre (+0) or less: [1][2]."""


def escalating_boxes(rating: int) -> int:
    """Boxes on an escalating stress track for a Physique or Will rating.

    The seed («Hetkonen, tämä ei ole se miten muistan juttujen toimivan!») names the tracks
    «[1][2] -linja voi ottaa 2–3 stressiä, [1][2][3] = 3–6, [1][2][3][4] = 4–10» but not
    which rating gives which; as Fate Core (Stress, "Physique ... Average (+1) or Fair (+2)
    gives a 3-point box, Good (+3) or Great (+4) a 3-point and a 4-point box"): Mediocre
    (+0) or less [1][2], Average (+1) or Fair (+2) [1][2][3], Good (+3) and up
    [1][2][3][4].
    """
    if rating <= 0:
        return ESCALATING_BASE_BOXES
    if rating <= 2:
        return 3
    return 4


def extra_mild(rating: int) -> bool:
    """True if a Physique or Will rating gives an extra mild consequence slot: Superb (+5)+."""
    return rating >= EXTRA_MILD_RATING


class ConsequenceStyle(StrEnum):
    """How a character takes lasting harm: consequences, or one of the conditions variants (§8)."""

    CONSEQUENCES = "consequences"
    CONDITIONS = "conditions"
    """Six conditions, each usable for any hit, each worth half its severity."""
    SPLIT_CONDITIONS = "split_conditions"
    """Two boxes per condition, physical and mental kept apart, two checks per row."""


class Condition(StrEnum):
    """The conditions of §8 «Tilat» by their official English names (Fate Condensed); shown
    names belong to the catalogs (fi: Loukkaantunut, Peloissaan, Haavoittunut, Järkyttynyt,
    Murjottu, Lannistunut)."""

    HURT = "hurt"
    SCARED = "scared"
    INJURED = "injured"
    SHAKEN = "shaken"
    WOUNDED = "wounded"
    DEMORALIZED = "demoralized"

    @property
    def severity(self) -> Severity:
        """The consequence severity the condition stands for."""
        return _CONDITION_SEVERITY[self]

    @property
    def kind(self) -> StressKind:
        """Physical (hurt, injured, wounded) or mental (scared, shaken, demoralized)."""
        physical = (Condition.HURT, Condition.INJURED, Condition.WOUNDED)
        return StressKind.PHYSICAL if self in physical else StressKind.MENTAL


_CONDITION_SEVERITY = {
    Condition.HURT: Severity.MILD,
    Condition.SCARED: Severity.MILD,
    Condition.INJURED: Severity.MODERATE,
    Condition.SHAKEN: Severity.MODERATE,
    Condition.WOUNDED: Severity.SEVERE,
    Condition.DEMORALIZED: Severity.SEVERE,
}


@dataclass(frozen=True)
class HarmOptions:
    """The optional harm rules in play (§6 options and §8).

    Attributes:
        one_track: One combined stress track instead of physical and mental ones.
        extra_boxes: A longer track: 0, 1 or 2 more boxes on every track.
        style: Consequences, or conditions instead of them (either variant).
        extreme_consequence: Characters get an extreme consequence slot (absorbs 8).
        extreme_replaces_high_concept: The harsher variant: an extreme consequence
            replaces the high concept instead of another aspect.
        physical_skill: The skill that sizes the physical track (custom skill lists).
        mental_skill: The skill that sizes the mental track.
        escalating: Fate Core's escalating boxes: box N absorbs up to N shifts, and a hit
            checks at most one box (seed: «Fate Coren tyylisissä kasvavissa
            rasitusruuduissa sääntö puolestaan on "voit merkata vain yhden ruudun per
            osuma."»).
    """

    one_track: bool = False
    extra_boxes: int = 0
    style: ConsequenceStyle = ConsequenceStyle.CONSEQUENCES
    extreme_consequence: bool = False
    extreme_replaces_high_concept: bool = False
    physical_skill: str = PHYSICAL_SKILL
    mental_skill: str = MENTAL_SKILL
    escalating: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.extra_boxes <= MAX_LONGER_TRACK:
            raise InvalidValue(
                f"a longer stress track has 1 or 2 more boxes, not {self.extra_boxes}",
                code="stress.longer",
                extra=self.extra_boxes,
            )
        if self.escalating and self.one_track:
            raise InvalidValue(
                "escalating stress boxes and one stress track do not combine",
                code="stress.escalating_one_track",
            )


DEFAULT_OPTIONS = HarmOptions()


@dataclass(frozen=True)
class StandardTracks:
    """The stress tracks and consequence slots a PC or major NPC gets from their skills."""

    stress: tuple[StressTrack, ...]
    consequences: tuple[ConsequenceSlot, ...]


def standard_tracks(
    skills: Mapping[str, int], options: HarmOptions = DEFAULT_OPTIONS
) -> StandardTracks:
    """Build the stress tracks and consequence slots for a PC or major NPC (§6, §8).

    Physique sizes the physical track and Will the mental one. With one track, the
    combined track has three extra boxes and is sized by the higher of the two; a Superb+
    Physique or Will still adds its extra mild slot of its own kind. Conditions replace
    mild, moderate and severe slots; an extra mild becomes two more Hurt (Physique) or
    Scared (Will) boxes. The extreme slot comes last.

    Args:
        skills: Skill ratings; a missing Physique or Will counts as Mediocre (+0).
        options: The optional harm rules in play.

    Returns:
        Empty tracks and free slots.
    """
    physique = skills.get(options.physical_skill, 0)
    will = skills.get(options.mental_skill, 0)
    if options.escalating:
        stress: tuple[StressTrack, ...] = (
            StressTrack(StressKind.PHYSICAL, escalating_boxes(physique) + options.extra_boxes),
            StressTrack(StressKind.MENTAL, escalating_boxes(will) + options.extra_boxes),
        )
    elif options.one_track:
        boxes = stress_boxes(max(physique, will)) + ONE_TRACK_EXTRA_BOXES + options.extra_boxes
        stress = (StressTrack(StressKind.COMBINED, boxes),)
    else:
        stress = (
            StressTrack(StressKind.PHYSICAL, stress_boxes(physique) + options.extra_boxes),
            StressTrack(StressKind.MENTAL, stress_boxes(will) + options.extra_boxes),
        )
    extras = tuple(
        kind
        for kind, rating in ((StressKind.PHYSICAL, physique), (StressKind.MENTAL, will))
        if extra_mild(rating)
    )
    if options.style is ConsequenceStyle.CONSEQUENCES:
        slots = _consequence_slots(extras)
    else:
        slots = _condition_slots(extras, split=options.style is ConsequenceStyle.SPLIT_CONDITIONS)
    if options.extreme_consequence:
        slots += (ConsequenceSlot(Severity.EXTREME),)
    return StandardTracks(stress=stress, consequences=slots)


def _consequence_slots(extras: tuple[StressKind, ...]) -> tuple[ConsequenceSlot, ...]:
    return (
        ConsequenceSlot(Severity.MILD),
        ConsequenceSlot(Severity.MODERATE),
        ConsequenceSlot(Severity.SEVERE),
        *(ConsequenceSlot(Severity.MILD, kind=kind) for kind in extras),
    )


def _condition_slots(extras: tuple[StressKind, ...], split: bool) -> tuple[ConsequenceSlot, ...]:
    boxes_each = 2 if split else 1
    slots: list[ConsequenceSlot] = []
    for condition in Condition:
        count = boxes_each + (
            2 if condition.severity is Severity.MILD and condition.kind in extras else 0
        )
        kind = condition.kind if split else None
        slots += [ConsequenceSlot(condition.severity, kind=kind, condition=condition.value)] * count
    return tuple(slots)


@dataclass(frozen=True)
class Absorption:
    """One way to absorb a hit: stress boxes on one track plus consequence slots.

    Attributes:
        stress_kind: The kind of the hit; the boxes go on the matching track (or on a
            combined track).
        boxes: How many empty 1-point boxes to check.
        consequences: Indices into the character's consequence slots, ascending.
        shifts: The size of the hit.
        consequence_shifts: What the chosen slots absorb together.
        box: With escalating boxes, the one box checked (it absorbs up to its number of
            shifts); 0 for none.
    """

    stress_kind: StressKind
    boxes: int
    consequences: tuple[int, ...]
    shifts: int
    consequence_shifts: int = 0
    box: int = 0

    @property
    def total(self) -> int:
        """Shifts the boxes and slots could absorb; above ``shifts`` when over-absorbing."""
        return self.boxes + self.box + self.consequence_shifts

    @property
    def absorbed(self) -> int:
        """Shifts of the hit absorbed: always the whole hit for a legal option."""
        return min(self.shifts, self.total)


def stress_track_for(character: Character, kind: StressKind) -> StressTrack | None:
    """The track that takes a hit of ``kind``: the matching one, else a combined track.

    A hit of the combined kind (e.g. against a minor NPC) falls back to the first track.
    """
    track = character.track(kind) or character.track(StressKind.COMBINED)
    if track is None and kind is StressKind.COMBINED and character.stress:
        return character.stress[0]
    return track


def slot_takes(slot: ConsequenceSlot, kind: StressKind) -> bool:
    """True if a free slot may take a hit of ``kind`` (an unrestricted slot takes any)."""
    return slot.free and (slot.kind is None or slot.kind is kind or kind is StressKind.COMBINED)


def split_row_limit(character: Character, severity: Severity) -> int:
    """How many condition boxes of one severity may be checked in the split variant (§8).

    A row has two boxes per condition (four in all) and allows two checks; every extra
    mild adds two boxes and raises the limit by two.
    """
    row = sum(1 for slot in character.consequences if slot.condition and slot.severity is severity)
    return max(min(row, 2), row - 2)


def _row_room(character: Character, options: HarmOptions) -> dict[Severity, int] | None:
    """Checks still allowed per condition row, or None when rows are unlimited."""
    if options.style is not ConsequenceStyle.SPLIT_CONDITIONS:
        return None
    room: dict[Severity, int] = {}
    for severity in (Severity.MILD, Severity.MODERATE, Severity.SEVERE):
        used = sum(
            1
            for slot in character.consequences
            if slot.condition and slot.severity is severity and not slot.free
        )
        room[severity] = split_row_limit(character, severity) - used
    return room


def _free_matching(character: Character, kind: StressKind) -> list[int]:
    return [i for i, slot in enumerate(character.consequences) if slot_takes(slot, kind)]


def _choices(
    character: Character, kind: StressKind, options: HarmOptions
) -> Iterator[tuple[int, ...]]:
    """Every set of free matching slots allowed by row limits, interchangeable slots once.

    Free slots with the same severity, kind and condition are interchangeable; a set uses
    the lowest-numbered ones of each such group.
    """
    groups: dict[tuple[Severity, StressKind | None, str | None], list[int]] = {}
    for index in _free_matching(character, kind):
        slot = character.consequences[index]
        groups.setdefault((slot.severity, slot.kind, slot.condition), []).append(index)
    keys = list(groups)
    room = _row_room(character, options)
    for counts in product(*(range(len(groups[key]) + 1) for key in keys)):
        if room is not None:
            used: dict[Severity, int] = {}
            for key, count in zip(keys, counts, strict=True):
                if key[2] is not None:
                    used[key[0]] = used.get(key[0], 0) + count
            if any(count > room.get(severity, 0) for severity, count in used.items()):
                continue
        yield tuple(
            sorted(
                index
                for key, count in zip(keys, counts, strict=True)
                for index in groups[key][:count]
            )
        )


def absorption_options(
    character: Character,
    shifts: int,
    kind: StressKind,
    options: HarmOptions = DEFAULT_OPTIONS,
) -> tuple[Absorption, ...]:
    """Every legal way to absorb a hit of ``shifts``, the most likely first (§6).

    An option checks at most the empty boxes of the track matching ``kind`` and uses
    free slots that take that kind, so that boxes plus slots absorb exactly the hit. The
    one exception: a set of slots alone (no boxes) may absorb more than the hit when
    dropping any one of them would leave the hit not absorbed (a mild for a 1-shift
    hit). Slots that are interchangeable (same severity, kind and condition) are offered
    once, using the lowest-numbered. In the split-conditions variant, each row allows
    only its limit of checks.

    Order: fewest slots first, then the fewest shifts in slots (least severe), then
    slots restricted to this kind before general ones, then by slot number.

    Args:
        character: Who takes the hit.
        shifts: The hit; 0 gives the single empty option.
        kind: Physical or mental (combined for a hit on a one-track character).
        options: The optional harm rules in play.

    Returns:
        The options; empty when the character cannot absorb the hit and is taken out.

    Raises:
        ValueError: ``shifts`` is negative.
    """
    if shifts < 0:
        raise ValueError(f"a hit cannot be negative ({shifts} shifts)")
    if character.taken_out:
        return ()
    track = stress_track_for(character, kind)
    free_boxes = track.free if track else 0
    found: list[tuple[tuple[int, int, int, tuple[int, ...]], Absorption]] = []
    for chosen in _choices(character, kind, options):
        values = [character.consequences[i].shifts for i in chosen]
        in_slots = sum(values)
        restricted = sum(1 for i in chosen if character.consequences[i].kind is not None)
        key = (len(chosen), in_slots, -restricted, chosen)
        if options.escalating:
            box = _escalating_box(track, shifts - in_slots, values)
            if box is not None:
                found.append((key, Absorption(kind, 0, chosen, shifts, in_slots, box)))
            continue
        if in_slots <= shifts:
            boxes = shifts - in_slots
            if boxes > free_boxes:
                continue
        elif in_slots - min(values) < shifts:
            boxes = 0
        else:
            continue
        found.append((key, Absorption(kind, boxes, chosen, shifts, in_slots)))
    return tuple(absorption for _, absorption in sorted(found, key=lambda item: item[0]))


def _escalating_box(track: StressTrack | None, left: int, values: list[int]) -> int | None:
    """The escalating box that absorbs what the chosen slots leave (0: none needed), or
    None when no empty box is big enough or the slots over-absorb needlessly."""
    if left <= 0:
        return 0 if not values or left + min(values) > 0 else None
    big_enough = [box for box in (track.empty_boxes() if track else ()) if box >= left]
    return min(big_enough) if big_enough else None


def is_taken_out(
    character: Character, shifts: int, kind: StressKind, options: HarmOptions = DEFAULT_OPTIONS
) -> bool:
    """True if no legal option absorbs the hit, so the character is taken out (§6)."""
    return not absorption_options(character, shifts, kind, options)


def shifts_until_taken_out(
    character: Character, kind: StressKind, options: HarmOptions = DEFAULT_OPTIONS
) -> int:
    """The largest hit of ``kind`` the character can still absorb; one more takes them out.

    Free boxes on the matching track plus every free slot that takes the kind (in the
    split-conditions variant, only as many per row as the row still allows).
    """
    if character.taken_out:
        return 0
    track = stress_track_for(character, kind)
    total = track.free if track else 0
    if options.escalating:
        total = max(track.empty_boxes(), default=0) if track else 0
    room = _row_room(character, options)
    by_row: dict[Severity, list[int]] = {}
    for index in _free_matching(character, kind):
        slot = character.consequences[index]
        if room is not None and slot.condition:
            by_row.setdefault(slot.severity, []).append(slot.shifts)
        else:
            total += slot.shifts
    for severity, values in by_row.items():
        allowed = max(room.get(severity, 0), 0) if room else 0
        total += sum(sorted(values, reverse=True)[:allowed])
    return total


def illegal_reason(
    character: Character, absorption: Absorption, options: HarmOptions = DEFAULT_OPTIONS
) -> RuleProblem | None:
    """Why an absorption is not legal for the character, or None if it is (§6)."""
    name = character.name
    if character.taken_out:
        return RuleProblem(f"{name} is already taken out", code="harm.absorb_taken_out", name=name)
    if absorption.shifts < 0:
        return RuleProblem(
            f"a hit cannot be negative ({absorption.shifts} shifts)",
            code="harm.absorb_negative_hit",
            shifts=absorption.shifts,
        )
    track = stress_track_for(character, absorption.stress_kind)
    free_boxes = track.free if track else 0
    kind = absorption.stress_kind
    if absorption.boxes < 0:
        return RuleProblem(
            "cannot check a negative number of boxes", code="harm.absorb_negative_boxes"
        )
    if options.escalating and absorption.boxes:
        return RuleProblem(
            "escalating boxes are checked one per hit, by number",
            code="harm.absorb_escalating_count",
        )
    if absorption.box and not options.escalating:
        return RuleProblem(
            "only escalating boxes are checked by number", code="harm.absorb_box_number"
        )
    if absorption.box and (track is None or absorption.box not in track.empty_boxes()):
        return RuleProblem(
            f"{name} has no empty {kind.value} box {absorption.box}",
            code="harm.absorb_no_box",
            name=name,
            kind=kind,
            box=absorption.box,
        )
    if absorption.boxes > free_boxes:
        return RuleProblem(
            f"{name} has only {free_boxes} empty box(es) for {kind.value} stress",
            code="harm.absorb_free_boxes",
            name=name,
            free_boxes=free_boxes,
            kind=kind,
        )
    chosen = absorption.consequences
    if len(set(chosen)) != len(chosen):
        return RuleProblem(
            "the same consequence slot is chosen twice", code="harm.absorb_slot_twice"
        )
    for index in chosen:
        if not 0 <= index < len(character.consequences):
            return RuleProblem(
                f"{name} has no consequence slot {index + 1}",
                code="harm.absorb_no_slot",
                name=name,
                slot=index + 1,
            )
        slot = character.consequences[index]
        if not slot.free:
            return RuleProblem(
                f"{name}'s {_slot_label(slot)} slot is already taken",
                code="harm.absorb_slot_taken",
                name=name,
                slot=_slot_word(slot),
            )
        if not slot_takes(slot, absorption.stress_kind):
            return RuleProblem(
                f"{name}'s {_slot_label(slot)} slot takes only {slot.kind} harm",
                code="harm.absorb_slot_kind",
                name=name,
                slot=_slot_word(slot),
                kind=slot.kind,
            )
    room = _row_room(character, options)
    if room is not None:
        for severity, left in room.items():
            wanted = sum(
                1
                for index in chosen
                if character.consequences[index].condition
                and character.consequences[index].severity is severity
            )
            if wanted > left:
                return RuleProblem(
                    f"only {max(left, 0)} more {severity.value} condition box(es) may be checked",
                    code="harm.absorb_condition_room",
                    left=max(left, 0),
                    severity=severity,
                )
    values = [character.consequences[index].shifts for index in chosen]
    if sum(values) != absorption.consequence_shifts:
        return RuleProblem(
            "the absorption's consequence shifts do not match the chosen slots",
            code="harm.absorb_shifts_mismatch",
        )
    total = absorption.boxes + absorption.box + sum(values)
    if total < absorption.shifts:
        return RuleProblem(
            f"absorbs only {total} of {absorption.shifts} shifts",
            code="harm.absorb_too_little",
            total=total,
            shifts=absorption.shifts,
        )
    if absorption.box:
        if sum(values) >= absorption.shifts:
            return RuleProblem(
                f"checks a box the {absorption.shifts}-shift hit does not need",
                code="harm.absorb_box_unneeded",
                shifts=absorption.shifts,
            )
        return None
    if total > absorption.shifts:
        if absorption.boxes:
            return RuleProblem(
                f"checks more boxes than the {absorption.shifts}-shift hit needs",
                code="harm.absorb_boxes_unneeded",
                shifts=absorption.shifts,
            )
        if sum(values) - min(values) >= absorption.shifts:
            return RuleProblem(
                f"takes more consequences than the {absorption.shifts}-shift hit needs",
                code="harm.absorb_consequences_unneeded",
                shifts=absorption.shifts,
            )
    return None


def _slot_label(slot: ConsequenceSlot) -> str:
    return slot.condition or slot.severity.value


def _slot_word(slot: ConsequenceSlot) -> object:
    """A slot as a message names it: its condition's name, or its severity (worded by the
    catalog)."""
    return slot.condition or slot.severity


def apply_absorption(
    character: Character,
    absorption: Absorption,
    texts: Mapping[int, str],
    inflicted_by: str | None,
    *,
    options: HarmOptions = DEFAULT_OPTIONS,
    replaced_aspect: str | None = None,
) -> Character:
    """Absorb a hit as chosen: check the boxes and write the consequences (§6, §8).

    Boxes are checked lowest first. Each new consequence gets its text (a condition
    defaults to its identifier) and a free invoke for whoever inflicted it. An extreme
    consequence replaces one of the character's aspects (not the high concept, or only
    the high concept in the harsher variant); it stays in its slot, which cannot be used
    again, until the next breakthrough turns it into a character aspect.

    Args:
        character: Who takes the hit.
        absorption: One of the legal options (see :func:`absorption_options`).
        texts: The new consequences' texts by slot index.
        inflicted_by: Id of who inflicted the harm, or None for no free invoke.
        options: The optional harm rules in play.
        replaced_aspect: Name or id of the aspect an extreme consequence replaces.

    Returns:
        The character after the hit.

    Raises:
        IllegalAbsorption: The absorption is not legal, a text is missing, or the
            replaced aspect is missing or not allowed.
    """
    reason = illegal_reason(character, absorption, options)
    if reason:
        raise IllegalAbsorption(reason, code=reason.code, **reason.values)
    unused = sorted(set(texts) - set(absorption.consequences))
    if unused:
        raise IllegalAbsorption(
            f"a text was given for slot {unused[0] + 1}, which is not used",
            code="harm.apply_absorption",
            value=unused[0] + 1,
        )
    slots = list(character.consequences)
    for index in absorption.consequences:
        slot = slots[index]
        text = texts.get(index, slot.condition or "").strip()
        if not text:
            raise IllegalAbsorption(
                f"the {slot.severity.value} consequence needs a text",
                code="harm.consequence_text",
                severity=slot.severity,
            )
        slots[index] = slot.filled(text, inflicted_by)
    aspects = character.aspects
    uses_extreme = any(slots[i].severity is Severity.EXTREME for i in absorption.consequences)
    if uses_extreme:
        aspects = _without_replaced(character, replaced_aspect, options)
    elif replaced_aspect is not None:
        raise IllegalAbsorption(
            "only an extreme consequence replaces an aspect", code="harm.apply_absorption_3"
        )
    result = replace(character, consequences=tuple(slots), aspects=aspects)
    track = stress_track_for(character, absorption.stress_kind)
    if track is not None and absorption.boxes:
        result = result.with_track(track.check(absorption.boxes))
    if track is not None and absorption.box:
        result = result.with_track(track.toggle(absorption.box))
    return result


def _without_replaced(
    character: Character, replaced: str | None, options: HarmOptions
) -> tuple[Aspect, ...]:
    high_concept = options.extreme_replaces_high_concept
    if replaced is None:
        if high_concept:
            raise IllegalAbsorption(
                "an extreme consequence replaces the high concept: name it",
                code="harm.extreme_names_high_concept",
            )
        raise IllegalAbsorption(
            "an extreme consequence replaces one of the character's aspects: name it",
            code="harm.extreme_names_aspect",
        )
    wanted = make_id(replaced)
    match = next((a for a in character.aspects if a.id == wanted), None)
    if match is None:
        raise IllegalAbsorption(
            f"{character.name} has no aspect {replaced!r}",
            code="harm.without_replaced_2",
            character_name=character.name,
            replaced=replaced,
        )
    is_high_concept = match.kind is AspectKind.HIGH_CONCEPT
    if high_concept and not is_high_concept:
        raise IllegalAbsorption(
            "in this game an extreme consequence replaces the high concept",
            code="harm.without_replaced_3",
        )
    if not high_concept and is_high_concept:
        raise IllegalAbsorption(
            "an extreme consequence cannot replace the high concept", code="harm.without_replaced_4"
        )
    return tuple(aspect for aspect in character.aspects if aspect is not match)


def absorb_with_stress(
    character: Character, shifts: int, kind: StressKind, options: HarmOptions = DEFAULT_OPTIONS
) -> Character:
    """Harm for someone who takes no consequences: check boxes, or be taken out (§7).

    Minor NPCs, mook members and most minions absorb a hit with stress alone; a hit
    larger than their empty boxes (with escalating boxes: than their biggest empty box)
    takes them out.

    Raises:
        ValueError: ``shifts`` is negative.
    """
    if shifts < 0:
        raise ValueError(f"a hit cannot be negative ({shifts} shifts)")
    if shifts == 0:
        return character
    track = stress_track_for(character, kind)
    if options.escalating:
        box = _escalating_box(track, shifts, [])
        if track is None or not box:
            return take_out(character)
        return character.with_track(track.toggle(box))
    if track is None or shifts > track.free:
        return take_out(character)
    return character.with_track(track.check(shifts))


def take_out(character: Character) -> Character:
    """The character is taken out (a mook group loses all its members)."""
    members = 0 if character.kind is CharacterKind.MOOKS else character.members
    return replace(character, taken_out=True, members=members)


@dataclass(frozen=True)
class Concession:
    """A concession: the conceding character, and the fate points due when the conflict ends."""

    character: Character
    fate_points: int


def concede(character: Character, *, opponent_rolled: bool, consequences_taken: int) -> Concession:
    """Concede the conflict before the opponent rolls (§6).

    The conceder gains 1 fate point plus 1 per consequence taken in this conflict,
    collected when the conflict ends.

    Args:
        character: Who concedes.
        opponent_rolled: True once the opponent's dice of the current action are rolled.
        consequences_taken: Consequences the character took in this conflict.

    Raises:
        IllegalConcession: The opponent has rolled, or the character is already out.
    """
    if opponent_rolled:
        raise IllegalConcession(
            "too late to concede: concede before the opponent rolls", code="harm.concede"
        )
    if character.taken_out:
        raise IllegalConcession(
            f"{character.name} is already taken out",
            code="harm.concede_2",
            character_name=character.name,
        )
    if character.conceded:
        raise IllegalConcession(
            f"{character.name} has already conceded",
            code="harm.concede_3",
            character_name=character.name,
        )
    return Concession(replace(character, conceded=True), concession_payout(consequences_taken))


def consequences_taken_this_scene(character: Character) -> int:
    """Consequences the character took in the current scene's conflict: what a concession
    pays for (§6 «Luovuttaminen»: «yhden lisää jokaisesta jäljestä, jonka hahmosi otti
    käynnissä olevassa kamppailussa») and what an NPC carries into the GM pool (§3)."""
    return sum(1 for slot in character.consequences if slot.aspect and slot.taken_this_scene)


def consequences_settled(character: Character) -> Character:
    """At the end of a scene its consequences stop counting as taken in this scene."""
    if not any(slot.taken_this_scene for slot in character.consequences):
        return character
    return replace(
        character,
        consequences=tuple(
            replace(slot, taken_this_scene=False) for slot in character.consequences
        ),
    )


def clear_stress(character: Character) -> Character:
    """All stress boxes empty, as at the end of every scene (§6)."""
    return replace(character, stress=tuple(track.cleared() for track in character.stress))


_TREATMENT = {Severity.MILD: 2, Severity.MODERATE: 4, Severity.SEVERE: 6}
SELF_TREATMENT_PENALTY = 2


def treatment_difficulty(severity: Severity, self_treatment: bool = False) -> int:
    """Difficulty of the overcome that starts recovery (§6).

    Fair (+2) for mild, Great (+4) for moderate, Fantastic (+6) for severe; +2 when
    treating yourself.

    Raises:
        IllegalRecovery: An extreme consequence is permanent.
    """
    if severity not in _TREATMENT:
        raise IllegalRecovery(
            "an extreme consequence is permanent: it cannot be treated",
            code="harm.treatment_difficulty",
        )
    return _TREATMENT[severity] + (SELF_TREATMENT_PENALTY if self_treatment else 0)


def begin_recovery(
    slot: ConsequenceSlot, when: Recovery, new_text: str | None = None
) -> ConsequenceSlot:
    """Start a consequence's recovery after a successful treatment, renaming it (§6).

    Args:
        slot: The consequence's slot.
        when: The session and scene of the treatment.
        new_text: The new name showing it is healing; a condition may keep its name.

    Raises:
        IllegalRecovery: The slot is empty, already recovering, holds an extreme
            consequence, or the new text is missing.
    """
    if slot.aspect is None:
        if slot.condition:
            raise IllegalRecovery(
                f"the {slot.condition} slot holds no consequence",
                code="harm.recovery_empty_condition",
                condition=slot.condition,
            )
        raise IllegalRecovery(
            f"the {slot.severity.value} slot holds no consequence",
            code="harm.recovery_empty",
            severity=slot.severity,
        )
    if slot.severity is Severity.EXTREME:
        raise IllegalRecovery(
            "an extreme consequence is permanent: it cannot be treated",
            code="harm.begin_recovery_2",
        )
    if slot.recovering:
        raise IllegalRecovery(
            f"{slot.aspect.name!r} is already recovering",
            code="harm.begin_recovery_3",
            aspect_name=slot.aspect.name,
        )
    text = (new_text or "").strip()
    if not text and not slot.condition:
        raise IllegalRecovery(
            "rename the consequence to show that it is recovering", code="harm.begin_recovery_4"
        )
    aspect = slot.aspect.renamed(text) if text else slot.aspect
    return replace(slot, aspect=aspect, recovery=when)


def recovered(
    slot: ConsequenceSlot, now_session: int, now_scene: int, breakthrough: bool = False
) -> bool:
    """True when a recovering consequence is gone (§6, §9).

    Scene numbers count across the whole campaign. ``now_session`` and ``now_scene`` are
    the session and scene being played (or about to start); only those strictly between
    the treatment and now are full. A mild consequence goes after one full scene, so
    treated in scene 5 it is gone from scene 7; a moderate one after one full session;
    a severe one at the next breakthrough. A breakthrough clears every recovering one.

    Args:
        slot: The consequence's slot.
        now_session: The current session number.
        now_scene: The current scene number.
        breakthrough: True when a breakthrough is being taken now.
    """
    if slot.free or slot.recovery is None:
        return False
    if breakthrough:
        return True
    if slot.severity is Severity.MILD:
        return now_scene - slot.recovery.scene >= 2
    if slot.severity is Severity.MODERATE:
        return now_session - slot.recovery.session >= 2
    return False


def advance_recovery(
    character: Character, now_session: int, now_scene: int, breakthrough: bool = False
) -> Character:
    """Remove the consequences that have recovered (see :func:`recovered`).

    At a breakthrough an extreme consequence becomes a permanent aspect (the high
    concept if it replaced that) and its slot may be used again.
    """
    slots: list[ConsequenceSlot] = []
    aspects = character.aspects
    for slot in character.consequences:
        if breakthrough and slot.severity is Severity.EXTREME and slot.aspect is not None:
            has_high_concept = any(a.kind is AspectKind.HIGH_CONCEPT for a in aspects)
            kind = AspectKind.CHARACTER if has_high_concept else AspectKind.HIGH_CONCEPT
            aspects += (replace(slot.aspect, kind=kind),)
            slots.append(slot.emptied())
        elif recovered(slot, now_session, now_scene, breakthrough):
            slots.append(slot.emptied())
        else:
            slots.append(slot)
    return replace(character, consequences=tuple(slots), aspects=aspects)
