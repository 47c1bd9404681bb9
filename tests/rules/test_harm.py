"""Harm: stress, consequences, conditions, taken out, concession, recovery
(docs/rules.md §6, §8)."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    Recovery,
    Severity,
    StressKind,
    StressTrack,
)
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.errors import IllegalAbsorption, IllegalConcession, IllegalRecovery
from fatescreen.rules.harm import (
    Absorption,
    Condition,
    ConsequenceStyle,
    HarmOptions,
    absorb_with_stress,
    absorption_options,
    advance_recovery,
    apply_absorption,
    begin_recovery,
    clear_stress,
    concede,
    extra_mild,
    illegal_reason,
    is_taken_out,
    recovered,
    shifts_until_taken_out,
    split_row_limit,
    standard_tracks,
    stress_boxes,
    take_out,
    treatment_difficulty,
)
from fatescreen.rules.outcomes import Bonus, Effort, resolve

PHYSICAL = StressKind.PHYSICAL
MENTAL = StressKind.MENTAL
MILD, MODERATE, SEVERE, EXTREME = (
    Severity.MILD,
    Severity.MODERATE,
    Severity.SEVERE,
    Severity.EXTREME,
)


def pc(
    skills: dict[str, int] | None = None,
    options: HarmOptions | None = None,
    name: str = "Silbestre",
) -> Character:
    """A PC with the standard tracks for the skills."""
    tracks = standard_tracks(skills or {}, options or HarmOptions())
    return Character(
        name=name,
        kind=CharacterKind.PC,
        skills=skills or {},
        stress=tracks.stress,
        consequences=tracks.consequences,
        aspects=(
            Aspect("Haunted scholar", AspectKind.HIGH_CONCEPT),
            Aspect("Can't leave a mystery alone", AspectKind.TROUBLE),
            Aspect("Owes Rozio his life", AspectKind.CHARACTER),
        ),
    )


def shape(options: tuple[Absorption, ...]) -> list[tuple[int, tuple[int, ...]]]:
    return [(option.boxes, option.consequences) for option in options]


# --- Stress boxes and tracks ----------------------------------------------------------


@pytest.mark.parametrize(
    ("rating", "boxes", "extra"),
    [
        (-2, 3, False),
        (0, 3, False),
        (1, 4, False),
        (2, 4, False),
        (3, 6, False),
        (4, 6, False),
        (5, 6, True),
        (8, 6, True),
    ],
)
def test_stress_boxes_by_rating(rating: int, boxes: int, extra: bool) -> None:
    """§6: Mediocre or less 3, Average/Fair 4, Good/Great 6, Superb+ 6 and an extra mild."""
    assert stress_boxes(rating) == boxes
    assert extra_mild(rating) is extra


def test_standard_tracks_follow_physique_and_will() -> None:
    """§6: two tracks sized by Physique and Will; mild, moderate and severe slots."""
    tracks = standard_tracks({"Physique": 1, "Will": 3})
    assert [(t.kind, t.boxes, t.checked) for t in tracks.stress] == [
        (PHYSICAL, 4, frozenset()),
        (MENTAL, 6, frozenset()),
    ]
    assert [(s.severity, s.kind, s.shifts) for s in tracks.consequences] == [
        (MILD, None, 2),
        (MODERATE, None, 4),
        (SEVERE, None, 6),
    ]


def test_superb_physique_and_will_add_mild_slots_of_their_kind() -> None:
    """§6: Superb (+5) Physique gives a physical mild slot, Superb Will a mental one."""
    tracks = standard_tracks({"Physique": 5, "Will": 6})
    assert [(s.severity, s.kind) for s in tracks.consequences] == [
        (MILD, None),
        (MODERATE, None),
        (SEVERE, None),
        (MILD, PHYSICAL),
        (MILD, MENTAL),
    ]


@pytest.mark.parametrize(
    ("physique", "will", "extra", "boxes"),
    [(0, 0, 0, 6), (1, 3, 0, 9), (4, 2, 1, 10), (0, 2, 2, 9)],
)
def test_one_track_has_three_extra_boxes_and_grows_with_the_higher(
    physique: int, will: int, extra: int, boxes: int
) -> None:
    """§6 options: one combined track, three extra boxes, sized by the higher of the two."""
    options = HarmOptions(one_track=True, extra_boxes=extra)
    tracks = standard_tracks({"Physique": physique, "Will": will}, options)
    assert [(t.kind, t.boxes) for t in tracks.stress] == [(StressKind.COMBINED, boxes)]


def test_longer_track_adds_boxes_to_each_track() -> None:
    """§6 options: a longer track has one or two more boxes; not three."""
    tracks = standard_tracks({"Physique": 2}, HarmOptions(extra_boxes=2))
    assert [t.boxes for t in tracks.stress] == [6, 5]
    with pytest.raises(ValueError, match="1 or 2 more boxes, not 3"):
        HarmOptions(extra_boxes=3)


def test_custom_skill_names_size_the_tracks() -> None:
    """§6 with a custom skill list: the options name the skills that size the tracks."""
    options = HarmOptions(physical_skill="Kestävyys", mental_skill="Mieli")
    tracks = standard_tracks({"Kestävyys": 3, "Physique": 0, "Mieli": 1}, options)
    assert [t.boxes for t in tracks.stress] == [6, 4]


def test_conditions_replace_consequences() -> None:
    """§8 conditions: two conditions per severity, each worth half, any hit may use any."""
    tracks = standard_tracks({"Physique": 5}, HarmOptions(style=ConsequenceStyle.CONDITIONS))
    assert [(s.condition, s.severity, s.kind, s.shifts) for s in tracks.consequences] == [
        ("hurt", MILD, None, 1),
        ("hurt", MILD, None, 1),
        ("hurt", MILD, None, 1),
        ("scared", MILD, None, 1),
        ("injured", MODERATE, None, 2),
        ("shaken", MODERATE, None, 2),
        ("wounded", SEVERE, None, 3),
        ("demoralized", SEVERE, None, 3),
    ]


def test_split_conditions_have_two_boxes_each_and_keep_kinds_apart() -> None:
    """§8 split conditions: two boxes per condition, physical and mental apart."""
    options = HarmOptions(style=ConsequenceStyle.SPLIT_CONDITIONS)
    character = pc({"Will": 5}, options)
    summary = [(s.condition, s.kind, s.shifts) for s in character.consequences]
    assert summary.count(("hurt", PHYSICAL, 1)) == 2
    assert summary.count(("scared", MENTAL, 1)) == 4
    assert summary.count(("injured", PHYSICAL, 2)) == 2
    assert summary.count(("demoralized", MENTAL, 3)) == 2
    assert len(summary) == 14
    assert split_row_limit(character, MILD) == 4
    assert split_row_limit(character, MODERATE) == 2
    assert Condition.SHAKEN.severity is MODERATE
    assert Condition.WOUNDED.kind is PHYSICAL


def test_extreme_consequence_slot_absorbs_eight() -> None:
    """§8: the extreme consequence absorbs 8."""
    tracks = standard_tracks({}, HarmOptions(extreme_consequence=True))
    assert (tracks.consequences[-1].severity, tracks.consequences[-1].shifts) == (EXTREME, 8)


# --- The seed's worked examples -------------------------------------------------------


def test_seed_silbestre_and_the_ghoul() -> None:
    """§6 «Vahingoittuminen», «Jäljet», «Ulos tilanteesta joutuminen»: the whole fight.

    Silbestre has three physical boxes (Mediocre Physique): after the first hit's two
    boxes, the second hit uses "the last remaining" one.
    """
    silbestre = pc({"Athletics": 3, "Physique": 0})

    # Fair (+2) Fight + [0][0][+][+] = Great (+4) against Good (+3) + [0][0][0][-] = +2.
    first = resolve(Effort(2, parse_faces("00++")), Effort(3, parse_faces("000-")))
    assert first.shifts == 2
    options = absorption_options(silbestre, first.shifts, PHYSICAL)
    assert (options[0].boxes, options[0].consequences) == (2, ())
    silbestre = apply_absorption(silbestre, options[0], {}, "ghoul")
    assert silbestre.track(PHYSICAL) == StressTrack(PHYSICAL, 3, frozenset({1, 2}))

    # Fair (+2) + [0][0][+][+] + invoke of Hunger for flesh = Fantastic (+6) vs +1: 5 shifts.
    attack = Effort(2, parse_faces("00++"), (Bonus("Hunger for flesh", 2),))
    second = resolve(attack, Effort(3, parse_faces("--00")))
    assert (attack.total, second.opposition, second.shifts) == (6, 1, 5)
    options = absorption_options(silbestre, second.shifts, PHYSICAL)
    best = options[0]
    assert (best.boxes, [silbestre.consequences[i].severity for i in best.consequences]) == (
        1,
        [MODERATE],
    )
    silbestre = apply_absorption(silbestre, best, {1: "Gaping chest wound"}, "ghoul")
    wound = silbestre.consequences[1].aspect
    assert wound is not None
    assert (wound.name, wound.free_invokes) == ("Gaping chest wound", ("ghoul",))
    assert silbestre.track(PHYSICAL) == StressTrack(PHYSICAL, 3, frozenset({1, 2, 3}))

    # Legendary (+8) against Poor (-1): 9 shifts; mild + severe absorb only 8.
    assert 8 - (-1) == 9
    assert shifts_until_taken_out(silbestre, PHYSICAL) == 8
    assert absorption_options(silbestre, 9, PHYSICAL) == ()
    assert is_taken_out(silbestre, 9, PHYSICAL)
    assert take_out(silbestre).taken_out


def test_seed_five_shifts_moderate_plus_one_box() -> None:
    """§6 «Jäljet»: a 5-shift hit can be a moderate consequence plus one stress box."""
    options = absorption_options(pc(), 5, PHYSICAL)
    assert (1, (1,)) in shape(options)


# --- Enumerating the options ----------------------------------------------------------


@pytest.mark.parametrize(
    ("checked", "shifts", "expected"),
    [
        # 3 boxes free (Mediocre), slots 0 mild, 1 moderate, 2 severe.
        (0, 1, [(1, ()), (0, (0,)), (0, (1,)), (0, (2,))]),
        (0, 3, [(3, ()), (1, (0,)), (0, (1,)), (0, (2,))]),
        (1, 7, [(1, (2,)), (1, (0, 1)), (0, (0, 2)), (0, (1, 2))]),
        (0, 12, [(2, (1, 2)), (0, (0, 1, 2))]),
        (0, 13, [(3, (1, 2)), (1, (0, 1, 2))]),
        (0, 15, [(3, (0, 1, 2))]),
        (0, 16, []),
        (3, 0, [(0, ())]),
    ],
)
def test_options_hand_computed(
    checked: int, shifts: int, expected: list[tuple[int, tuple[int, ...]]]
) -> None:
    """§6: every legal way, exact or minimally over-absorbing, fewest and mildest first."""
    character = pc()
    character = character.with_track(character.stress[0].check(checked))
    assert shape(absorption_options(character, shifts, PHYSICAL)) == expected


def test_restricted_extra_mild_is_offered_first_and_only_for_its_kind() -> None:
    """§6: the Superb Physique mild slot takes physical harm only; it is used first."""
    character = pc({"Physique": 5})
    physical = shape(absorption_options(character, 2, PHYSICAL))
    mental = shape(absorption_options(character, 2, MENTAL))
    assert physical[:3] == [(2, ()), (0, (3,)), (0, (0,))]
    assert all(3 not in consequences for _, consequences in mental)


def test_combined_track_takes_any_kind() -> None:
    """§6 options: one combined track takes physical and mental hits alike."""
    character = pc({"Will": 2}, HarmOptions(one_track=True))
    for kind in (PHYSICAL, MENTAL):
        options = absorption_options(character, 7, kind)
        assert options[0].boxes == 7
        after = apply_absorption(character, options[0], {}, None)
        assert after.stress[0].checked == frozenset(range(1, 8))


def test_interchangeable_conditions_are_offered_once() -> None:
    """§8 conditions: three equal Hurt slots give one option per count, not per slot."""
    options = HarmOptions(style=ConsequenceStyle.CONDITIONS)
    character = pc({"Physique": 5}, options)
    character = character.with_track(character.stress[0].check(5))
    found = shape(absorption_options(character, 2, PHYSICAL, options))
    assert found[:3] == [(1, (0,)), (1, (3,)), (0, (4,))]
    assert (0, (0, 1)) in found
    assert (0, (1, 2)) not in found


def test_split_conditions_allow_two_checks_per_row() -> None:
    """§8 split conditions: at most two checks on one row, whatever the kinds."""
    options = HarmOptions(style=ConsequenceStyle.SPLIT_CONDITIONS)
    character = pc({}, options)
    character = character.with_track(character.stress[0].check(3))
    mild_rows = [
        consequences
        for _, consequences in shape(absorption_options(character, 2, PHYSICAL, options))
        if all(character.consequences[i].severity is MILD for i in consequences)
    ]
    assert (0, 1) in mild_rows
    assert all(len(consequences) <= 2 for consequences in mild_rows)
    hurt_twice = replace(
        character,
        consequences=tuple(
            slot.filled("hurt") if slot.condition == "scared" else slot
            for slot in character.consequences
        ),
    )
    no_more_mild = absorption_options(hurt_twice, 1, PHYSICAL, options)
    assert all(
        hurt_twice.consequences[i].severity is not MILD
        for option in no_more_mild
        for i in option.consequences
    )
    illegal = Absorption(PHYSICAL, 0, (0,), 1, 1)
    with pytest.raises(IllegalAbsorption, match="only 0 more mild condition box") as refused:
        apply_absorption(hurt_twice, illegal, {}, None, options=options)
    assert (refused.value.code, refused.value.values) == (
        "harm.absorb_condition_room",
        {"left": 0, "severity": MILD},
    )
    assert shifts_until_taken_out(hurt_twice, PHYSICAL, options) == 0 + 2 * 2 + 2 * 3


def test_negative_hit_is_refused() -> None:
    """§6: a hit is 0 or more shifts."""
    with pytest.raises(ValueError, match="cannot be negative"):
        absorption_options(pc(), -1, PHYSICAL)


def test_taken_out_character_has_no_options() -> None:
    """§6: someone taken out absorbs nothing more."""
    out = take_out(pc())
    assert absorption_options(out, 1, PHYSICAL) == ()
    assert shifts_until_taken_out(out, PHYSICAL) == 0


# --- Applying an option ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("absorption", "texts", "message"),
    [
        (Absorption(PHYSICAL, 4, (), 4, 0), {}, "only 3 empty box"),
        (Absorption(PHYSICAL, 2, (), 3, 0), {}, "absorbs only 2 of 3"),
        (Absorption(PHYSICAL, 1, (0,), 2, 2), {0: "Bruised"}, "more boxes than"),
        (Absorption(PHYSICAL, 0, (0, 2), 5, 8), {0: "a", 2: "b"}, "more consequences than"),
        (Absorption(PHYSICAL, 0, (0, 0), 4, 4), {0: "a"}, "chosen twice"),
        (Absorption(PHYSICAL, 0, (7,), 2, 2), {}, "no consequence slot 8"),
        (Absorption(PHYSICAL, 0, (1,), 4, 2), {1: "a"}, "do not match"),
        (Absorption(PHYSICAL, 0, (0,), 2, 2), {}, "needs a text"),
        (Absorption(PHYSICAL, 0, (0,), 2, 2), {0: "   "}, "needs a text"),
        (Absorption(PHYSICAL, 2, (), 2, 0), {0: "a"}, "slot 1, which is not used"),
        (Absorption(PHYSICAL, -1, (), 0, 0), {}, "negative number of boxes"),
    ],
)
def test_illegal_absorptions_explain_themselves(
    absorption: Absorption, texts: dict[int, str], message: str
) -> None:
    """§6: the GM sees why a chosen absorption is refused."""
    with pytest.raises(IllegalAbsorption, match=message):
        apply_absorption(pc(), absorption, texts, "ghoul")


def test_taken_slot_and_wrong_kind_are_refused() -> None:
    """§6: a taken slot cannot be reused; a physical extra mild takes no mental harm."""
    character = pc({"Physique": 5})
    mild = absorption_options(character, 2, PHYSICAL)[1]
    hurt = apply_absorption(character, mild, {3: "Twisted ankle"}, None)
    with pytest.raises(IllegalAbsorption, match="mild slot is already taken"):
        apply_absorption(hurt, mild, {3: "Again"}, None)
    with pytest.raises(IllegalAbsorption, match="takes only physical harm"):
        apply_absorption(character, Absorption(MENTAL, 0, (3,), 2, 2), {3: "Fear"}, None)
    assert illegal_reason(take_out(character), mild) == "Silbestre is already taken out"


def test_conditions_default_to_their_identifier() -> None:
    """§8 conditions: a checked condition needs no text of its own."""
    options = HarmOptions(style=ConsequenceStyle.CONDITIONS)
    character = pc({}, options)
    choice = Absorption(MENTAL, 0, (1,), 1, 1)
    after = apply_absorption(character, choice, {}, "cultist", options=options)
    aspect = after.consequences[1].aspect
    assert aspect is not None
    assert (aspect.name, aspect.free_invokes) == ("scared", ("cultist",))


def test_extreme_consequence_replaces_an_aspect_until_the_breakthrough() -> None:
    """§8: the extreme consequence replaces an aspect (not the high concept), once
    between breakthroughs; at the breakthrough it becomes a permanent aspect."""
    options = HarmOptions(extreme_consequence=True)
    character = pc({}, options)
    extreme = Absorption(PHYSICAL, 0, (3,), 8, 8)
    texts = {3: "One-eyed"}
    with pytest.raises(IllegalAbsorption, match="name it"):
        apply_absorption(character, extreme, texts, "ghoul", options=options)
    with pytest.raises(IllegalAbsorption, match="cannot replace the high concept"):
        apply_absorption(
            character, extreme, texts, "ghoul", options=options, replaced_aspect="Haunted scholar"
        )
    with pytest.raises(IllegalAbsorption, match="no aspect 'Lucky'"):
        apply_absorption(
            character, extreme, texts, "ghoul", options=options, replaced_aspect="Lucky"
        )
    with pytest.raises(IllegalAbsorption, match="only an extreme consequence"):
        apply_absorption(
            character, Absorption(PHYSICAL, 2, (), 2, 0), {}, None, replaced_aspect="x"
        )
    after = apply_absorption(
        character, extreme, texts, "ghoul", options=options, replaced_aspect="owes rozio his life"
    )
    assert [a.name for a in after.aspects] == ["Haunted scholar", "Can't leave a mystery alone"]
    assert all(3 not in o.consequences for o in absorption_options(after, 8, PHYSICAL, options))
    with pytest.raises(IllegalRecovery, match="permanent"):
        begin_recovery(after.consequences[3], Recovery(1, 1), "Healing")
    grown = advance_recovery(after, 1, 2, breakthrough=True)
    assert grown.consequences[3].free
    assert (grown.aspects[-1].name, grown.aspects[-1].kind) == ("One-eyed", AspectKind.CHARACTER)


def test_extreme_variant_replaces_the_high_concept() -> None:
    """§8 «Vielä äärimmäisemmät jäljet»: the rewritten aspect is the high concept."""
    options = HarmOptions(extreme_consequence=True, extreme_replaces_high_concept=True)
    character = pc({}, options)
    extreme = Absorption(PHYSICAL, 0, (3,), 8, 8)
    with pytest.raises(IllegalAbsorption, match="replaces the high concept"):
        apply_absorption(
            character,
            extreme,
            {3: "Hollow"},
            None,
            options=options,
            replaced_aspect="Owes Rozio his life",
        )
    after = apply_absorption(
        character, extreme, {3: "Hollow"}, None, options=options, replaced_aspect="Haunted scholar"
    )
    grown = advance_recovery(after, 1, 1, breakthrough=True)
    assert [(a.name, a.kind) for a in grown.aspects if a.kind is AspectKind.HIGH_CONCEPT] == [
        ("Hollow", AspectKind.HIGH_CONCEPT)
    ]


# --- Concession and the end of the scene ----------------------------------------------


def test_concede_pays_one_plus_one_per_consequence() -> None:
    """§6 «Luovuttaminen»: 1 fate point plus 1 per consequence taken in this conflict."""
    concession = concede(pc(), opponent_rolled=False, consequences_taken=2)
    assert concession.fate_points == 3
    assert concession.character.conceded


@pytest.mark.parametrize(
    ("character", "rolled", "message"),
    [
        (pc(), True, "before the opponent rolls"),
        (take_out(pc()), False, "already taken out"),
        (replace(pc(), conceded=True), False, "already conceded"),
    ],
)
def test_concede_refused(character: Character, rolled: bool, message: str) -> None:
    """§6: a concession must come before the opponent rolls."""
    with pytest.raises(IllegalConcession, match=message):
        concede(character, opponent_rolled=rolled, consequences_taken=0)


def test_stress_clears_at_scene_end_but_consequences_stay() -> None:
    """§6 «Kamppailusta toipuminen»: all stress clears at the end of each scene."""
    character = pc()
    option = Absorption(PHYSICAL, 1, (1,), 5, 4)
    hurt = apply_absorption(character, option, {1: "Gaping chest wound"}, "ghoul")
    cleared = clear_stress(hurt)
    assert all(track.checked == frozenset() for track in cleared.stress)
    assert cleared.consequences == hurt.consequences


# --- Recovery -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("severity", "self_treatment", "difficulty"),
    [
        (MILD, False, 2),
        (MILD, True, 4),
        (MODERATE, False, 4),
        (MODERATE, True, 6),
        (SEVERE, False, 6),
        (SEVERE, True, 8),
    ],
)
def test_treatment_difficulty(severity: Severity, self_treatment: bool, difficulty: int) -> None:
    """§6: Fair mild, Great moderate, Fantastic severe; +2 when treating yourself."""
    assert treatment_difficulty(severity, self_treatment) == difficulty


def test_extreme_cannot_be_treated() -> None:
    """§8: an extreme consequence is permanent."""
    with pytest.raises(IllegalRecovery, match="permanent"):
        treatment_difficulty(EXTREME)


def test_begin_recovery_renames_and_keeps_free_invokes() -> None:
    """§6: a treated consequence is renamed to show it is healing ("Arm in a cast")."""
    slot = ConsequenceSlot(MODERATE).filled("Broken arm", "ghoul")
    healing = begin_recovery(slot, Recovery(session=2, scene=5), "Arm in a cast")
    assert healing.aspect is not None
    assert (healing.aspect.name, healing.aspect.free_invokes) == ("Arm in a cast", ("ghoul",))
    assert healing.recovery == Recovery(2, 5)


@pytest.mark.parametrize(
    ("slot", "text", "message"),
    [
        (ConsequenceSlot(MILD), "x", "holds no consequence"),
        (ConsequenceSlot(MILD).filled("Bruise"), "", "rename the consequence"),
        (
            replace(ConsequenceSlot(MILD).filled("Bruise"), recovery=Recovery(1, 1)),
            "x",
            "already recovering",
        ),
    ],
)
def test_begin_recovery_refused(slot: ConsequenceSlot, text: str, message: str) -> None:
    """§6: treatment needs a consequence not yet recovering, and a new name."""
    with pytest.raises(IllegalRecovery, match=message):
        begin_recovery(slot, Recovery(1, 2), text)


def test_condition_recovers_without_a_new_name() -> None:
    """§8: conditions recover like consequences of their severity."""
    slot = ConsequenceSlot(MILD, condition="hurt").filled("hurt")
    healing = begin_recovery(slot, Recovery(1, 3))
    assert healing.aspect is not None and healing.aspect.name == "hurt"
    assert recovered(healing, 1, 5)


@pytest.mark.parametrize(
    ("severity", "session", "scene", "breakthrough", "gone"),
    [
        (MILD, 2, 5, False, False),
        (MILD, 2, 6, False, False),
        (MILD, 2, 7, False, True),
        (MILD, 3, 7, False, True),
        (MODERATE, 2, 9, False, False),
        (MODERATE, 3, 12, False, False),
        (MODERATE, 4, 13, False, True),
        (SEVERE, 9, 40, False, False),
        (SEVERE, 2, 6, True, True),
        (MODERATE, 2, 6, True, True),
    ],
)
def test_recovery_timing(
    severity: Severity, session: int, scene: int, breakthrough: bool, gone: bool
) -> None:
    """§6: treated in session 2, scene 5: mild goes after one full scene (scene 6),
    moderate after a full session (session 3), severe at the next breakthrough."""
    slot = replace(ConsequenceSlot(severity).filled("Hurt"), recovery=Recovery(2, 5))
    assert recovered(slot, session, scene, breakthrough) is gone


def test_untreated_consequence_never_recovers() -> None:
    """§6: recovery starts only with a successful treatment."""
    slot = ConsequenceSlot(MILD).filled("Bruise")
    assert not recovered(slot, 10, 100, breakthrough=True)
    assert not recovered(ConsequenceSlot(MILD), 10, 100)


def test_advance_recovery_empties_recovered_slots() -> None:
    """§6: recovered consequences leave the sheet; the others stay."""
    character = pc()
    slots = (
        replace(character.consequences[0].filled("Bruise"), recovery=Recovery(1, 1)),
        replace(character.consequences[1].filled("Cut"), recovery=Recovery(1, 1)),
        character.consequences[2].filled("Broken leg"),
    )
    after = advance_recovery(replace(character, consequences=slots), 1, 3)
    assert [slot.free for slot in after.consequences] == [True, False, False]


# --- Properties -----------------------------------------------------------------------

STYLES = list(ConsequenceStyle)


@st.composite
def harmed_characters(draw: st.DrawFn) -> tuple[Character, HarmOptions]:
    """A character from the standard tracks under random options, with random harm."""
    options = HarmOptions(
        one_track=draw(st.booleans()),
        extra_boxes=draw(st.integers(0, 2)),
        style=draw(st.sampled_from(STYLES)),
        extreme_consequence=draw(st.booleans()),
    )
    skills = {"Physique": draw(st.integers(-1, 6)), "Will": draw(st.integers(-1, 6))}
    character = pc(skills, options)
    tracks = tuple(
        track.check(draw(st.integers(0, track.boxes), label=f"{track.kind} checked"))
        for track in character.stress
    )
    filled = draw(st.lists(st.booleans(), min_size=len(character.consequences)))
    slots = list(character.consequences)
    for index, fill in enumerate(filled[: len(slots)]):
        if fill:
            trial = [*slots[:index], slots[index].filled("old harm"), *slots[index + 1 :]]
            probe = replace(character, consequences=tuple(trial))
            rows = options.style is ConsequenceStyle.SPLIT_CONDITIONS and slots[index].condition
            if rows:
                severity = slots[index].severity
                used = sum(
                    1 for s in trial if s.condition and s.severity is severity and not s.free
                )
                if used > split_row_limit(probe, severity):
                    continue
            slots = trial
    return replace(character, stress=tracks, consequences=tuple(slots)), options


def brute_force(
    character: Character, shifts: int, kind: StressKind, options: HarmOptions
) -> set[tuple[int, tuple[int, ...]]]:
    """Every legal (boxes, slots) pair, straight from the definition in §6."""
    track = character.track(kind) or character.track(StressKind.COMBINED)
    free_boxes = track.free if track else 0
    usable = [
        i
        for i, slot in enumerate(character.consequences)
        if slot.free and slot.kind in (None, kind)
    ]
    split = options.style is ConsequenceStyle.SPLIT_CONDITIONS
    legal: set[tuple[int, tuple[int, ...]]] = set()
    for size in range(len(usable) + 1):
        for chosen in combinations(usable, size):
            if split and any(
                sum(1 for s in character.consequences if s.severity is sev and not s.free)
                + sum(1 for i in chosen if character.consequences[i].severity is sev)
                > split_row_limit(character, sev)
                for sev in (MILD, MODERATE, SEVERE)
            ):
                continue
            values = [character.consequences[i].shifts for i in chosen]
            for boxes in {shifts - sum(values), 0}:
                if not 0 <= boxes <= free_boxes:
                    continue
                total = boxes + sum(values)
                exact = total == shifts
                minimal_over = (
                    boxes == 0 and total > shifts and all(total - v < shifts for v in values)
                )
                if exact or minimal_over:
                    legal.add((boxes, chosen))
    return legal


def canonical(character: Character, chosen: tuple[int, ...]) -> tuple[int, ...]:
    """The same choice using the lowest-numbered free slot of each interchangeable kind."""
    result: list[int] = []
    for index in chosen:
        slot = character.consequences[index]
        same = [
            i
            for i, other in enumerate(character.consequences)
            if other.free
            and (other.severity, other.kind, other.condition)
            == (slot.severity, slot.kind, slot.condition)
        ]
        result.append(same[sum(1 for r in result if r in same)])
    return tuple(sorted(result))


@settings(max_examples=150, deadline=None)
@given(harmed_characters(), st.integers(0, 22), st.sampled_from([PHYSICAL, MENTAL]))
def test_every_option_absorbs_exactly_and_is_accepted(
    drawn: tuple[Character, HarmOptions], shifts: int, kind: StressKind
) -> None:
    """§6 property: each option absorbs the whole hit, is legal, and applying it works."""
    character, options = drawn
    found = absorption_options(character, shifts, kind, options)
    for option in found:
        assert option.absorbed == shifts
        assert illegal_reason(character, option, options) is None
        texts = {i: f"harm {i}" for i in option.consequences}
        replaced = "Owes Rozio his life"
        uses_extreme = any(
            character.consequences[i].severity is EXTREME for i in option.consequences
        )
        after = apply_absorption(
            character,
            option,
            texts,
            "foe",
            options=options,
            replaced_aspect=replaced if uses_extreme else None,
        )
        before_track = character.track(kind) or character.track(StressKind.COMBINED)
        after_track = after.track(kind) or after.track(StressKind.COMBINED)
        if before_track and after_track:
            assert after_track.free == before_track.free - option.boxes
        for i in option.consequences:
            aspect = after.consequences[i].aspect
            assert aspect is not None and aspect.free_invokes == ("foe",)
    assert (found == ()) == (shifts > shifts_until_taken_out(character, kind, options))


@settings(max_examples=120, deadline=None)
@given(harmed_characters(), st.integers(0, 16), st.sampled_from([PHYSICAL, MENTAL]))
def test_options_match_the_definition(
    drawn: tuple[Character, HarmOptions], shifts: int, kind: StressKind
) -> None:
    """§6 property: the options are every legal way, interchangeable slots listed once,
    and any legal way, listed or not, is accepted."""
    character, options = drawn
    if len(character.consequences) > 14:
        return
    legal = brute_force(character, shifts, kind, options)
    listed = {
        (o.boxes, o.consequences) for o in absorption_options(character, shifts, kind, options)
    }
    assert listed == {(boxes, canonical(character, chosen)) for boxes, chosen in legal}
    for boxes, chosen in legal:
        value = sum(character.consequences[i].shifts for i in chosen)
        assert (
            illegal_reason(character, Absorption(kind, boxes, chosen, shifts, value), options)
            is None
        )


@given(harmed_characters(), st.integers(1, 12))
def test_options_are_ordered_fewest_then_mildest(
    drawn: tuple[Character, HarmOptions], shifts: int
) -> None:
    """§6: the most likely option (fewest consequences, least severe) comes first."""
    character, options = drawn
    found = absorption_options(character, shifts, PHYSICAL, options)
    keys = [(len(o.consequences), o.consequence_shifts) for o in found]
    assert keys == sorted(keys)


# --- Escalating stress boxes (Fate Core style) ----------------------------------------

ESCALATING = HarmOptions(escalating=True)


def stress_only(boxes: int) -> Character:
    """Someone with an escalating physical track of ``boxes`` and no consequence slots."""
    return Character(
        name="Tracker",
        kind=CharacterKind.MINOR,
        stress=(StressTrack(PHYSICAL, boxes),),
    )


def absorb_all(character: Character, hits: list[int]) -> tuple[Character, int]:
    """Absorb the hits in order while the character can; the shifts absorbed."""
    absorbed = 0
    for shifts in hits:
        options = absorption_options(character, shifts, PHYSICAL, ESCALATING)
        if not options:
            break
        character = apply_absorption(character, options[0], {}, None, options=ESCALATING)
        absorbed += shifts
    return character, absorbed


@pytest.mark.parametrize(("boxes", "least", "most"), [(2, 2, 3), (3, 3, 6), (4, 4, 10)])
def test_escalating_tracks_take_the_seeds_stress(boxes: int, least: int, most: int) -> None:
    """Seed «Hetkonen, tämä ei ole se miten muistan juttujen toimivan!»: «Fate Coren tyylissä
    [1][2] -linja voi ottaa 2–3 stressiä, [1][2][3] = 3–6, [1][2][3][4] = 4–10», and «voit
    merkata vain yhden ruudun per osuma»: 1-shift hits fill the track after ``least``
    shifts; hits as big as each box, biggest first, absorb ``most``."""
    full, absorbed = absorb_all(stress_only(boxes), [1] * (boxes + 1))
    assert absorbed == least and full.stress[0].free == 0
    assert is_taken_out(full, 1, PHYSICAL, ESCALATING)
    full, absorbed = absorb_all(stress_only(boxes), [*range(boxes, 0, -1), 1])
    assert absorbed == most and full.stress[0].free == 0


def test_an_escalating_hit_checks_one_box_big_enough_with_consequences_for_the_rest() -> None:
    """A 3-shift hit on [1][2][3] with mild, moderate and severe slots: box 3 alone, or box
    1 with a mild (2), or the moderate or severe alone (over-absorbing, as a slot may);
    never two boxes."""
    silbestre = pc({"Physique": 1}, ESCALATING)
    assert silbestre.stress[0].boxes == 3
    options = absorption_options(silbestre, 3, PHYSICAL, ESCALATING)
    assert [(o.box, o.consequences) for o in options] == [
        (3, ()),
        (1, (0,)),
        (0, (1,)),
        (0, (2,)),
    ]
    assert all(o.boxes == 0 for o in options)
    hurt = apply_absorption(silbestre, options[0], {}, None, options=ESCALATING)
    assert hurt.stress[0].checked == frozenset({3})
    assert shifts_until_taken_out(hurt, PHYSICAL, ESCALATING) == 2 + 2 + 4 + 6
    assert illegal_reason(silbestre, Absorption(PHYSICAL, 3, (), 3), ESCALATING) is not None
    assert illegal_reason(hurt, Absorption(PHYSICAL, 0, (), 3, 0, 3), ESCALATING) is not None


def test_escalating_options_take_a_box_only_for_what_the_slots_leave() -> None:
    """docs/rules.md §6: «5 shifts → moderate (4) + 1 stress box»; with escalating boxes «mark
    only one box per hit». Slots that absorb the whole hit need no box; two slots are an
    option only when neither alone would do."""
    silbestre = pc({"Physique": 1}, ESCALATING)

    def offered(shifts: int, character: Character = silbestre) -> list[tuple[int, tuple[int, ...]]]:
        options = absorption_options(character, shifts, PHYSICAL, ESCALATING)
        return [(o.box, o.consequences) for o in options]

    assert offered(2) == [(2, ()), (0, (0,)), (0, (1,)), (0, (2,))]
    assert offered(4) == [(2, (0,)), (0, (1,)), (0, (2,))]
    assert offered(5) == [(3, (0,)), (1, (1,)), (0, (2,)), (0, (0, 1))]
    # No physical track at all: only the slots can take a physical hit.
    assert offered(1, replace(silbestre, stress=())) == [(0, (0,)), (0, (1,)), (0, (2,))]
    # A full track, or none, leaves the slots: 2 + 4 + 6.
    full = silbestre.with_track(silbestre.stress[0].check(3))
    assert shifts_until_taken_out(full, PHYSICAL, ESCALATING) == 12
    assert shifts_until_taken_out(replace(silbestre, stress=()), PHYSICAL, ESCALATING) == 12


def test_stress_alone_checks_one_escalating_box_or_takes_out() -> None:
    """§7: someone without consequences absorbs a hit with stress alone; with escalating
    boxes one box at least as big as the hit (the smallest such), else they are out."""
    tracker = stress_only(3)
    assert absorb_with_stress(tracker, 2, PHYSICAL, ESCALATING).stress[0].checked == {2}
    twice = absorb_with_stress(tracker, 2, PHYSICAL, ESCALATING)
    assert absorb_with_stress(twice, 2, PHYSICAL, ESCALATING).stress[0].checked == {2, 3}
    assert absorb_with_stress(twice, 3, PHYSICAL, ESCALATING).stress[0].checked == {2, 3}
    out = absorb_with_stress(tracker, 4, PHYSICAL, ESCALATING)
    assert out.taken_out and out.stress == tracker.stress
    no_track = replace(tracker, stress=())
    assert absorb_with_stress(no_track, 1, PHYSICAL, ESCALATING).taken_out


@pytest.mark.parametrize(("rating", "boxes"), [(-1, 2), (0, 2), (1, 3), (2, 3), (3, 4), (5, 4)])
def test_escalating_track_lengths_follow_fate_core(rating: int, boxes: int) -> None:
    tracks = standard_tracks({"Physique": rating, "Will": rating}, ESCALATING).stress
    assert [t.boxes for t in tracks] == [boxes, boxes]
    longer = standard_tracks(
        {"Physique": rating, "Will": rating}, HarmOptions(escalating=True, extra_boxes=1)
    )
    assert [(t.kind, t.boxes) for t in longer.stress] == [
        (PHYSICAL, boxes + 1),
        (MENTAL, boxes + 1),
    ]


def test_escalating_boxes_and_one_track_do_not_combine() -> None:
    with pytest.raises(ValueError, match="do not combine"):
        HarmOptions(escalating=True, one_track=True)
