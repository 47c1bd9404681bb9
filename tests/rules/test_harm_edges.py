"""Harm's edges that the worked examples leave open: which track a hit of each kind lands
on, the exact refusals, mook groups taken out, concession with no consequence, what ends
with a scene, and recovery's defaults (docs/rules.md §6, §7, §8)."""

from __future__ import annotations

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
    StressTrack,
)
from fatescreen.rules.errors import IllegalAbsorption, IllegalConcession, IllegalRecovery
from fatescreen.rules.harm import (
    Absorption,
    ConsequenceStyle,
    HarmOptions,
    absorb_with_stress,
    absorption_options,
    advance_recovery,
    apply_absorption,
    begin_recovery,
    concede,
    consequences_settled,
    consequences_taken_this_scene,
    illegal_reason,
    is_taken_out,
    recovered,
    shifts_until_taken_out,
    standard_tracks,
    stress_track_for,
    take_out,
    treatment_difficulty,
)

PHYSICAL = StressKind.PHYSICAL
MENTAL = StressKind.MENTAL
SPLIT = HarmOptions(style=ConsequenceStyle.SPLIT_CONDITIONS)
EXTREME = HarmOptions(extreme_consequence=True)
HIGH_CONCEPT_GOES = HarmOptions(extreme_consequence=True, extreme_replaces_high_concept=True)


def pc(options: HarmOptions | None = None, name: str = "Silbestre") -> Character:
    tracks = standard_tracks({}, options or HarmOptions())
    return Character(
        name=name,
        kind=CharacterKind.PC,
        stress=tracks.stress,
        consequences=tracks.consequences,
        aspects=(
            Aspect("Haunted scholar", AspectKind.HIGH_CONCEPT),
            Aspect("Owes Rozio his life", AspectKind.CHARACTER),
        ),
    )


def all_taken(character: Character) -> Character:
    return replace(
        character, consequences=tuple(slot.filled("Hurt") for slot in character.consequences)
    )


# --- Which track takes the hit ---------------------------------------------------------


def test_a_full_physical_track_takes_out_on_a_physical_hit_only() -> None:
    """§6: a hit is absorbed by the track of its kind; physical harm cannot spill onto the
    mental track."""
    character = all_taken(pc())
    character = character.with_track(character.track(PHYSICAL).check(3))  # type: ignore[union-attr]
    assert is_taken_out(character, 1, PHYSICAL)
    assert not is_taken_out(character, 1, MENTAL)
    assert shifts_until_taken_out(character, PHYSICAL) == 0
    assert shifts_until_taken_out(character, MENTAL) == 3


def test_is_taken_out_keeps_the_split_condition_rows() -> None:
    """§8 split conditions: once a row has its two checks, its free boxes no longer save the
    character (with plain conditions they would)."""
    character = pc(SPLIT)
    character = character.with_track(character.track(PHYSICAL).check(3))  # type: ignore[union-attr]
    rows_full = replace(
        character,
        consequences=tuple(
            slot.filled(slot.condition or "") if slot.condition in ("hurt", "scared") else slot
            for slot in character.consequences
        ),
    )
    rows_full = replace(
        rows_full,
        consequences=tuple(
            slot.filled(slot.condition or "") if slot.free and slot.kind is MENTAL else slot
            for slot in rows_full.consequences
        ),
    )
    free = [slot for slot in rows_full.consequences if slot.free]
    assert free and all(slot.kind is PHYSICAL for slot in free)
    assert {slot.severity for slot in free} == {Severity.MODERATE, Severity.SEVERE}
    # Moderate and severe rows each hold 2 mental checks: no physical box may be checked.
    assert is_taken_out(rows_full, 1, PHYSICAL, SPLIT)
    assert not is_taken_out(rows_full, 1, PHYSICAL)


def test_a_character_with_no_track_of_the_kind_counts_only_its_slots() -> None:
    """A character without stress tracks absorbs only with consequences (§6)."""
    character = replace(pc(), stress=())
    assert shifts_until_taken_out(character, PHYSICAL) == 2 + 4 + 6


def test_stress_alone_goes_on_the_track_of_the_hit() -> None:
    """§7: a nameless NPC with both tracks checks the box on the track the hit is aimed at."""
    guard = Character(
        "Guard",
        kind=CharacterKind.MINOR,
        stress=(StressTrack(PHYSICAL, 1), StressTrack(MENTAL, 2)),
    )
    shaken = absorb_with_stress(guard, 2, MENTAL)
    assert not shaken.taken_out
    assert shaken.stress == (StressTrack(PHYSICAL, 1), StressTrack(MENTAL, 2, frozenset({1, 2})))
    with pytest.raises(ValueError, match=r"^a hit cannot be negative \(-1 shifts\)$"):
        absorb_with_stress(guard, -1, PHYSICAL)


# --- Applying an absorption ------------------------------------------------------------


def test_an_ordinary_consequence_leaves_the_aspects_as_they_are() -> None:
    """§6: a mild consequence is written in its slot; the character's aspects stay."""
    character = pc()
    hurt = apply_absorption(character, Absorption(PHYSICAL, 0, (0,), 2, 2), {0: "Bruised"}, "x")
    assert hurt.aspects == character.aspects
    with pytest.raises(
        IllegalAbsorption, match=r"^only an extreme consequence replaces an aspect$"
    ):
        apply_absorption(
            character,
            Absorption(PHYSICAL, 0, (0,), 2, 2),
            {0: "Bruised"},
            "x",
            replaced_aspect="Owes Rozio his life",
        )


@pytest.mark.parametrize(
    ("options", "which"),
    [
        (EXTREME, "one of the character's aspects"),
        (HIGH_CONCEPT_GOES, "the high concept"),
    ],
)
def test_an_extreme_consequence_asks_for_the_aspect_it_replaces(
    options: HarmOptions, which: str
) -> None:
    """§8 «Äärimmäiset jäljet»: the extreme consequence replaces an aspect, which the player
    names (in the harsher variant, the high concept)."""
    character = pc(options)
    extreme = len(character.consequences) - 1
    absorption = Absorption(PHYSICAL, 0, (extreme,), 8, 8)
    with pytest.raises(IllegalAbsorption) as refused:
        apply_absorption(character, absorption, {extreme: "Lost an eye"}, None, options=options)
    assert str(refused.value) == f"an extreme consequence replaces {which}: name it"


def test_an_extreme_consequence_replaces_the_aspect_its_variant_allows() -> None:
    """§8: normally not the high concept; in the harsher variant only the high concept."""
    normal, harsh = pc(EXTREME), pc(HIGH_CONCEPT_GOES)
    extreme = len(normal.consequences) - 1
    absorption = Absorption(PHYSICAL, 0, (extreme,), 8, 8)
    with pytest.raises(
        IllegalAbsorption, match=r"^an extreme consequence cannot replace the high concept$"
    ):
        apply_absorption(
            normal,
            absorption,
            {extreme: "Lost an eye"},
            None,
            options=EXTREME,
            replaced_aspect="Haunted scholar",
        )
    with pytest.raises(
        IllegalAbsorption,
        match=r"^in this game an extreme consequence replaces the high concept$",
    ):
        apply_absorption(
            harsh,
            absorption,
            {extreme: "Lost an eye"},
            None,
            options=HIGH_CONCEPT_GOES,
            replaced_aspect="Owes Rozio his life",
        )


# --- Taken out, concession -------------------------------------------------------------


def test_a_mook_group_taken_out_loses_every_member_others_keep_theirs() -> None:
    """§7: a group of mooks taken out is out as a whole; a single character keeps its count."""
    mooks = Character("Cultists", kind=CharacterKind.MOOKS, members=4)
    assert (take_out(mooks).taken_out, take_out(mooks).members) == (True, 0)
    minor = Character("Guard", kind=CharacterKind.MINOR)
    assert (take_out(minor).taken_out, take_out(minor).members) == (True, 1)


def test_a_concession_without_consequences_pays_one_fate_point() -> None:
    """§6 «Luovuttaminen»: «saat fate-pisteen ja yhden lisää jokaisesta jäljestä, jonka
    hahmosi otti käynnissä olevassa kamppailussa» — with no consequence taken, one."""
    assert concede(pc(), opponent_rolled=False, consequences_taken=0).fate_points == 1
    with pytest.raises(ValueError, match=r"^consequences taken cannot be negative \(-1\)$"):
        concede(pc(), opponent_rolled=False, consequences_taken=-1)
    with pytest.raises(
        IllegalConcession, match=r"^too late to concede: concede before the opponent rolls$"
    ):
        concede(pc(), opponent_rolled=True, consequences_taken=0)


def test_consequences_taken_this_scene_count_until_the_scene_ends() -> None:
    """§6: the concession pays for the consequences taken in the conflict under way; at the
    end of the scene they stop counting (earlier ones, and empty slots, never count)."""
    character = pc()
    slots = list(character.consequences)
    slots[0] = slots[0].filled("Bruised")
    slots[1] = replace(slots[1].filled("Old wound"), taken_this_scene=False)
    slots[2] = replace(slots[2], taken_this_scene=True)  # free: nothing to count
    character = replace(character, consequences=tuple(slots))
    assert consequences_taken_this_scene(character) == 1
    settled = consequences_settled(character)
    assert consequences_taken_this_scene(settled) == 0
    assert [slot.taken_this_scene for slot in settled.consequences] == [False, False, False]
    assert [slot.aspect for slot in settled.consequences] == [
        slot.aspect for slot in character.consequences
    ]
    assert settled.name == character.name
    assert consequences_settled(settled) is settled


# --- Recovery --------------------------------------------------------------------------


def test_treatment_is_not_self_treatment_unless_said() -> None:
    """§6 «Kamppailusta toipuminen»: «Kohtalainen (+2) lievälle jäljelle»; «Jos yrität hoitaa
    omia jälkiäsi, vaikeustaso on +2 korkeampi»."""
    assert treatment_difficulty(Severity.MILD) == 2
    assert treatment_difficulty(Severity.MILD, True) == 4
    message = "^an extreme consequence is permanent: it cannot be treated$"
    with pytest.raises(IllegalRecovery, match=message):
        treatment_difficulty(Severity.EXTREME)
    extreme = ConsequenceSlot(Severity.EXTREME).filled("Lost an eye")
    with pytest.raises(IllegalRecovery, match=message):
        begin_recovery(extreme, Recovery(1, 1), "Eye patch")
    mild = ConsequenceSlot(Severity.MILD).filled("Broken arm")
    with pytest.raises(
        IllegalRecovery, match=r"^rename the consequence to show that it is recovering$"
    ):
        begin_recovery(mild, Recovery(1, 1), "  ")


def test_a_severe_consequence_stays_until_a_breakthrough() -> None:
    """§6: «Vakavat jäljet poistuvat hahmolomakkeelta vasta onnistuneesta hoidosta seuraavan
    läpimurron yhteydessä.» Without a breakthrough, no number of sessions clears it."""
    severe = begin_recovery(
        ConsequenceSlot(Severity.SEVERE).filled("Shattered leg"), Recovery(1, 3), "Leg in a cast"
    )
    assert not recovered(severe, 9, 40)
    assert recovered(severe, 9, 40, breakthrough=True)
    character = replace(pc(), consequences=(severe,))
    assert advance_recovery(character, 9, 40).consequences == (severe,)
    assert advance_recovery(character, 9, 40, breakthrough=True).consequences == (
        ConsequenceSlot(Severity.SEVERE),
    )


def test_at_a_breakthrough_the_extreme_consequence_joins_the_aspects() -> None:
    """§8: «Seuraavassa läpimurrossa voit nimetä piirteen uudelleen»: the extreme
    consequence becomes an aspect beside the others, and its slot is free again."""
    character = pc(EXTREME)
    extreme = len(character.consequences) - 1
    character = apply_absorption(
        character,
        Absorption(PHYSICAL, 0, (extreme,), 8, 8),
        {extreme: "Lost an eye"},
        None,
        options=EXTREME,
        replaced_aspect="Owes Rozio his life",
    )
    after = advance_recovery(character, 2, 10, breakthrough=True)
    assert [(a.name, a.kind) for a in after.aspects] == [
        ("Haunted scholar", AspectKind.HIGH_CONCEPT),
        ("Lost an eye", AspectKind.CHARACTER),
    ]
    assert after.consequences[extreme].free


# --- Which track, which slots: the fallbacks -------------------------------------------


def test_a_combined_hit_falls_back_to_the_first_track_another_kind_to_none() -> None:
    """A hit of the combined kind on a two-track character lands on the first (physical)
    track; a physical hit on someone with only a mental track finds no track."""
    two_tracks = pc()
    assert stress_track_for(two_tracks, StressKind.COMBINED) == two_tracks.stress[0]
    assert stress_track_for(two_tracks, StressKind.COMBINED).kind is PHYSICAL  # type: ignore[union-attr]
    mind_only = Character("Ghost", stress=(StressTrack(MENTAL, 2),))
    assert stress_track_for(mind_only, PHYSICAL) is None
    assert stress_track_for(mind_only, MENTAL) == StressTrack(MENTAL, 2)


def test_without_a_track_only_slots_absorb() -> None:
    """With no stress track for the hit, every option is consequences alone (§6)."""
    character = replace(pc(), stress=())
    options = absorption_options(character, 1, PHYSICAL)
    assert options and all(option.boxes == 0 for option in options)
    assert [option.consequences for option in options] == [(0,), (1,), (2,)]


def test_a_combined_hit_still_allows_two_checks_per_split_row() -> None:
    """§8 split conditions: a row allows two checks in all, Hurt and Scared together (a hit
    that both kinds of box may take counts them on one row)."""
    character = pc(SPLIT)
    character = replace(
        character, stress=tuple(track.check(track.boxes) for track in character.stress)
    )
    for option in absorption_options(character, 3, StressKind.COMBINED, SPLIT):
        for severity in (Severity.MILD, Severity.MODERATE, Severity.SEVERE):
            on_row = [
                i for i in option.consequences if character.consequences[i].severity is severity
            ]
            assert len(on_row) <= 2, option


def test_illegal_absorptions_say_why() -> None:
    """Each refusal names its reason (§6)."""
    character = pc()
    slots = len(character.consequences)
    cases = [
        (Absorption(PHYSICAL, -1, (), 0, 0), "cannot check a negative number of boxes"),
        (Absorption(PHYSICAL, 0, (0, 0), 4, 4), "the same consequence slot is chosen twice"),
        (Absorption(PHYSICAL, 0, (slots,), 2, 2), f"Silbestre has no consequence slot {slots + 1}"),
        (
            Absorption(PHYSICAL, 0, (0,), 2, 3),
            "the absorption's consequence shifts do not match the chosen slots",
        ),
        # Mild (2) + moderate (4) for a 4-shift hit: the moderate alone absorbs it.
        (
            Absorption(PHYSICAL, 0, (0, 1), 4, 6),
            "takes more consequences than the 4-shift hit needs",
        ),
    ]
    for absorption, reason in cases:
        assert illegal_reason(character, absorption) == reason
    # Mild (2) + moderate (4) for a 5-shift hit: neither alone is enough.
    assert illegal_reason(character, Absorption(PHYSICAL, 0, (0, 1), 5, 6)) is None
