"""A refused absorption, concession or recovery, and a refused set of harm options, carries
the rule's code and what it was about, for the GM's language (docs/rules.md §6, §8; message keys
``rules.CODE``), and its English message."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    Recovery,
    Severity,
    StressKind,
)
from fatescreen.rules.harm import (
    Absorption,
    HarmOptions,
    apply_absorption,
    begin_recovery,
    concede,
    standard_tracks,
    treatment_difficulty,
)
from tests.refusals import Refusal, assert_refused, refusal_ids

PHYSICAL = StressKind.PHYSICAL
MENTAL = StressKind.MENTAL
ESCALATING = HarmOptions(escalating=True)
EXTREME = HarmOptions(extreme_consequence=True)
HIGH_CONCEPT_GOES = HarmOptions(extreme_consequence=True, extreme_replaces_high_concept=True)
STANDARD = HarmOptions()
NOW = Recovery(session=2, scene=1)
WOUND = Aspect("Broken arm", AspectKind.CONSEQUENCE)


def pc(options: HarmOptions = STANDARD) -> Character:
    """Silbestre with the standard tracks: 3 boxes each, mild, moderate and severe slots."""
    tracks = standard_tracks({}, options)
    return Character(
        name="Silbestre",
        kind=CharacterKind.PC,
        stress=tracks.stress,
        consequences=tracks.consequences,
        aspects=(
            Aspect("Haunted scholar", AspectKind.HIGH_CONCEPT),
            Aspect("Owes Rozio his life", AspectKind.CHARACTER),
        ),
    )


def absorb(
    absorption: Absorption,
    character: Character | None = None,
    texts: dict[int, str] | None = None,
    options: HarmOptions = STANDARD,
    replaced: str | None = None,
) -> Callable[[], object]:
    def run() -> object:
        return apply_absorption(
            character or pc(options),
            absorption,
            {slot: "Hurt" for slot in absorption.consequences} if texts is None else texts,
            None,
            options=options,
            replaced_aspect=replaced,
        )

    return run


def hit(
    boxes: int, slots: tuple[int, ...], shifts: int, slot_shifts: int = 0, box: int = 0
) -> Absorption:
    """A physical hit of ``shifts`` absorbed by ``boxes``, the ``slots`` and an escalating
    ``box``."""
    return Absorption(PHYSICAL, boxes, slots, shifts, slot_shifts, box)


MENTAL_MILD = replace(
    pc(), consequences=(ConsequenceSlot(Severity.MILD, kind=MENTAL), *pc().consequences)
)
ALL_TAKEN = replace(pc(), consequences=tuple(s.filled("Hurt") for s in pc().consequences))

REFUSED: list[Refusal] = [
    (
        absorb(hit(1, (), 1), replace(pc(), taken_out=True)),
        "harm.absorb_taken_out",
        {"name": "Silbestre"},
        "Silbestre is already taken out",
    ),
    (
        absorb(hit(0, (), -1)),
        "harm.absorb_negative_hit",
        {"shifts": -1},
        "a hit cannot be negative (-1 shifts)",
    ),
    (
        absorb(hit(-1, (), 1)),
        "harm.absorb_negative_boxes",
        {},
        "cannot check a negative number of boxes",
    ),
    (
        absorb(hit(1, (), 1), options=ESCALATING),
        "harm.absorb_escalating_count",
        {},
        "escalating boxes are checked one per hit, by number",
    ),
    (
        absorb(hit(0, (), 1, box=1)),
        "harm.absorb_box_number",
        {},
        "only escalating boxes are checked by number",
    ),
    (
        absorb(hit(0, (), 1, box=5), options=ESCALATING),
        "harm.absorb_no_box",
        {"name": "Silbestre", "kind": PHYSICAL, "box": 5},
        "Silbestre has no empty physical box 5",
    ),
    (
        absorb(hit(4, (), 4)),
        "harm.absorb_free_boxes",
        {"name": "Silbestre", "free_boxes": 3, "kind": PHYSICAL},
        "Silbestre has only 3 empty box(es) for physical stress",
    ),
    (
        absorb(hit(1, (), 1), replace(pc(), stress=())),
        "harm.absorb_free_boxes",
        {"name": "Silbestre", "free_boxes": 0, "kind": PHYSICAL},
        "Silbestre has only 0 empty box(es) for physical stress",
    ),
    (
        absorb(hit(0, (0, 0), 4, 4)),
        "harm.absorb_slot_twice",
        {},
        "the same consequence slot is chosen twice",
    ),
    (
        absorb(hit(0, (7,), 2, 2)),
        "harm.absorb_no_slot",
        {"name": "Silbestre", "slot": 8},
        "Silbestre has no consequence slot 8",
    ),
    (
        absorb(hit(0, (1,), 4, 4), ALL_TAKEN),
        "harm.absorb_slot_taken",
        {"name": "Silbestre", "slot": Severity.MODERATE},
        "Silbestre's moderate slot is already taken",
    ),
    (
        absorb(hit(0, (0,), 2, 2), MENTAL_MILD),
        "harm.absorb_slot_kind",
        {"name": "Silbestre", "slot": Severity.MILD, "kind": MENTAL},
        "Silbestre's mild slot takes only mental harm",
    ),
    (
        absorb(hit(0, (0,), 2, 3)),
        "harm.absorb_shifts_mismatch",
        {},
        "the absorption's consequence shifts do not match the chosen slots",
    ),
    (
        absorb(hit(1, (0,), 5, 2)),
        "harm.absorb_too_little",
        {"total": 3, "shifts": 5},
        "absorbs only 3 of 5 shifts",
    ),
    (
        absorb(hit(0, (0,), 2, 2, box=1), options=ESCALATING),
        "harm.absorb_box_unneeded",
        {"shifts": 2},
        "checks a box the 2-shift hit does not need",
    ),
    (
        absorb(hit(3, (), 2)),
        "harm.absorb_boxes_unneeded",
        {"shifts": 2},
        "checks more boxes than the 2-shift hit needs",
    ),
    (
        absorb(hit(0, (0, 1), 4, 6)),
        "harm.absorb_consequences_unneeded",
        {"shifts": 4},
        "takes more consequences than the 4-shift hit needs",
    ),
    (
        absorb(hit(0, (0,), 2, 2), texts={0: "Bruised", 1: "Cut"}),
        "harm.apply_absorption",
        {"value": 2},
        "a text was given for slot 2, which is not used",
    ),
    (
        absorb(hit(0, (1,), 4, 4), texts={1: "  "}),
        "harm.consequence_text",
        {"severity": Severity.MODERATE},
        "the moderate consequence needs a text",
    ),
    (
        absorb(hit(0, (0,), 2, 2), replaced="Haunted scholar"),
        "harm.apply_absorption_3",
        {},
        "only an extreme consequence replaces an aspect",
    ),
    (
        absorb(hit(0, (3,), 8, 8), options=EXTREME),
        "harm.extreme_names_aspect",
        {},
        "an extreme consequence replaces one of the character's aspects: name it",
    ),
    (
        absorb(hit(0, (3,), 8, 8), options=HIGH_CONCEPT_GOES),
        "harm.extreme_names_high_concept",
        {},
        "an extreme consequence replaces the high concept: name it",
    ),
    (
        absorb(hit(0, (3,), 8, 8), options=EXTREME, replaced="Lost"),
        "harm.without_replaced_2",
        {"character_name": "Silbestre", "replaced": "Lost"},
        "Silbestre has no aspect 'Lost'",
    ),
    (
        absorb(hit(0, (3,), 8, 8), options=HIGH_CONCEPT_GOES, replaced="Owes Rozio his life"),
        "harm.without_replaced_3",
        {},
        "in this game an extreme consequence replaces the high concept",
    ),
    (
        absorb(hit(0, (3,), 8, 8), options=EXTREME, replaced="Haunted scholar"),
        "harm.without_replaced_4",
        {},
        "an extreme consequence cannot replace the high concept",
    ),
    (
        lambda: concede(pc(), opponent_rolled=True, consequences_taken=0),
        "harm.concede",
        {},
        "too late to concede: concede before the opponent rolls",
    ),
    (
        lambda: concede(replace(pc(), taken_out=True), opponent_rolled=False, consequences_taken=0),
        "harm.concede_2",
        {"character_name": "Silbestre"},
        "Silbestre is already taken out",
    ),
    (
        lambda: concede(replace(pc(), conceded=True), opponent_rolled=False, consequences_taken=0),
        "harm.concede_3",
        {"character_name": "Silbestre"},
        "Silbestre has already conceded",
    ),
    (
        lambda: treatment_difficulty(Severity.EXTREME),
        "harm.treatment_difficulty",
        {},
        "an extreme consequence is permanent: it cannot be treated",
    ),
    (
        lambda: begin_recovery(ConsequenceSlot(Severity.MODERATE), NOW, "Healing"),
        "harm.recovery_empty",
        {"severity": Severity.MODERATE},
        "the moderate slot holds no consequence",
    ),
    (
        lambda: begin_recovery(ConsequenceSlot(Severity.MILD, condition="scared"), NOW),
        "harm.recovery_empty_condition",
        {"condition": "scared"},
        "the scared slot holds no consequence",
    ),
    (
        lambda: begin_recovery(ConsequenceSlot(Severity.EXTREME, aspect=WOUND), NOW, "Scar"),
        "harm.begin_recovery_2",
        {},
        "an extreme consequence is permanent: it cannot be treated",
    ),
    (
        lambda: begin_recovery(
            ConsequenceSlot(Severity.MILD, aspect=WOUND, recovery=NOW), NOW, "Mending"
        ),
        "harm.begin_recovery_3",
        {"aspect_name": "Broken arm"},
        "'Broken arm' is already recovering",
    ),
    (
        lambda: begin_recovery(ConsequenceSlot(Severity.MILD, aspect=WOUND), NOW, " "),
        "harm.begin_recovery_4",
        {},
        "rename the consequence to show that it is recovering",
    ),
    (
        lambda: HarmOptions(extra_boxes=3),
        "stress.longer",
        {"extra": 3},
        "a longer stress track has 1 or 2 more boxes, not 3",
    ),
    (
        lambda: HarmOptions(extra_boxes=-1),
        "stress.longer",
        {"extra": -1},
        "a longer stress track has 1 or 2 more boxes, not -1",
    ),
    (
        lambda: HarmOptions(escalating=True, one_track=True),
        "stress.escalating_one_track",
        {},
        "escalating stress boxes and one stress track do not combine",
    ),
]


@pytest.mark.parametrize(
    ("refused", "code", "values", "message"),
    REFUSED,
    ids=refusal_ids(REFUSED),
)
def test_a_refusal_names_its_rule_and_what_it_was_about(
    refused: Callable[[], object], code: str, values: dict[str, object], message: str
) -> None:
    assert_refused(refused, code, values, message)
