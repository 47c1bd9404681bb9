"""Big bads at their edges: where a soft reveal puts each kept consequence, which minions a
big bad names, a redirected hit's record, solo harm of one shift, a group with no members
left (docs/rules.md §7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.big_bads import (
    MinionHit,
    SoloBonus,
    named_minions,
    redirect_hit,
    reveal_next_form,
    solo_harm,
    standing,
)
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    Form,
    Severity,
    StressKind,
    StressTrack,
)
from fatescreen.rules.errors import IllegalAbsorption
from fatescreen.rules.harm import Absorption, ConsequenceStyle, HarmOptions, standard_tracks
from fatescreen.rules.npcs import mook_group

MILD, MODERATE, SEVERE, EXTREME = (
    Severity.MILD,
    Severity.MODERATE,
    Severity.SEVERE,
    Severity.EXTREME,
)
PHYSICAL, MENTAL = StressKind.PHYSICAL, StressKind.MENTAL
SPLIT = HarmOptions(style=ConsequenceStyle.SPLIT_CONDITIONS)


def big_bad(
    consequences: tuple[ConsequenceSlot, ...], layout: tuple[ConsequenceSlot, ...]
) -> Character:
    """A big bad whose next form is revealed softly into ``layout``."""
    return Character(
        "Masked leader",
        consequences=consequences,
        forms=(Form("Golden mask", consequences=layout, soft=True),),
        taken_out=True,
    )


def held(character: Character) -> list[tuple[Severity, StressKind | None, str | None]]:
    return [
        (slot.severity, slot.kind, slot.aspect.name if slot.aspect else None)
        for slot in character.consequences
    ]


def test_a_kept_consequence_takes_the_least_severe_free_slot_that_takes_its_kind() -> None:
    """§7 «Todellisen muodon paljastaminen»: «poista ainoastaan lievät jäljet ja siirrä
    merkittäviä ja vakavia jälkiä pykälä lievempään suuntaan» — a moderate becomes mild, in a
    mild slot open to any harm (not one kept for physical harm, not the severe one listed
    first)."""
    before = big_bad(
        (ConsequenceSlot(MODERATE).filled("Broken arm"),),
        (
            ConsequenceSlot(SEVERE),
            ConsequenceSlot(MILD, kind=PHYSICAL),
            ConsequenceSlot(MILD),
            ConsequenceSlot(EXTREME),
        ),
    )
    assert held(reveal_next_form(before)) == [
        (SEVERE, None, None),
        (MILD, PHYSICAL, None),
        (MILD, None, "Broken arm"),
        (EXTREME, None, None),
    ]


def test_an_extreme_stays_extreme_and_a_severe_without_room_heals_others_still_move() -> None:
    """§7: the extreme consequence stays in the extreme slot; a severe one finds no free
    moderate or severe slot (never the extreme one) and heals; the moderate one after it
    still becomes mild."""
    before = big_bad(
        (
            ConsequenceSlot(MODERATE).filled("Broken arm"),
            ConsequenceSlot(SEVERE).filled("Shattered leg"),
            ConsequenceSlot(EXTREME).filled("Lost an eye"),
        ),
        (ConsequenceSlot(MILD), ConsequenceSlot(EXTREME)),
    )
    assert held(reveal_next_form(before)) == [
        (MILD, None, "Broken arm"),
        (EXTREME, None, "Lost an eye"),
    ]
    no_extreme_kept = big_bad(
        (ConsequenceSlot(SEVERE).filled("Shattered leg"),),
        (ConsequenceSlot(MILD), ConsequenceSlot(EXTREME)),
    )
    assert held(reveal_next_form(no_extreme_kept)) == [(MILD, None, None), (EXTREME, None, None)]


def test_a_kept_condition_takes_the_name_of_its_new_condition() -> None:
    """§8 split conditions with §7's soft reveal: Injured (moderate, physical) steps down to
    Hurt, physical; a renamed condition keeps its own text."""
    layout = standard_tracks({}, SPLIT).consequences
    injured = next(i for i, slot in enumerate(layout) if slot.condition == "injured")
    shaken = next(i for i, slot in enumerate(layout) if slot.condition == "shaken")
    old = list(layout)
    old[injured] = old[injured].filled("injured")
    old[shaken] = old[shaken].filled("Shaking hands")
    after = reveal_next_form(big_bad(tuple(old), layout))
    taken = [
        (slot.condition, slot.kind, slot.aspect.name) for slot in after.consequences if slot.aspect
    ]
    assert taken == [("hurt", PHYSICAL, "hurt"), ("scared", MENTAL, "Shaking hands")]


def test_minions_are_named_once_by_id_never_the_big_bad_itself() -> None:
    """§7 «Kätyripanssari»: the big bad's list of minions, each once; an id that is not a
    name's slug is found as written."""
    brute = Character("Brute", id="Brute_1")
    thugs = mook_group("Thugs", 3)
    boss = Character("Boss", minions=("Brute_1", "Thugs", "thugs", "Boss"))
    characters = {"Brute_1": brute, "thugs": thugs, "boss": boss}
    assert named_minions(boss, characters) == ("Brute_1", "thugs")


def test_a_redirected_hit_records_what_the_minion_took() -> None:
    """§7: «Kätyri ei saa tässä tapauksessa omaa puolustusheittoa, vaan kärsii sen vaurion,
    joka olisi muutoin tullut pääpahikselle.»"""
    thugs = mook_group("Thugs", 3, stress_boxes=2)
    hit = redirect_hit(thugs, 1)
    assert (hit.shifts, hit.absorbed, hit.taken_out, hit.members_taken_out) == (1, True, False, 0)
    guard = Character(
        "Guard",
        kind=CharacterKind.MINOR,
        stress=(StressTrack(PHYSICAL, 1), StressTrack(MENTAL, 1)),
    )
    scared = redirect_hit(guard, 1, MENTAL)
    assert scared == MinionHit(
        replace(guard, stress=(StressTrack(PHYSICAL, 1), StressTrack(MENTAL, 1, frozenset({1})))),
        1,
        True,
        False,
    )


def test_a_minion_with_conditions_keeps_the_games_row_limits() -> None:
    """§8 split conditions: the minion's chosen absorption is checked with the game's harm
    options, so a full row refuses another check."""
    tracks = standard_tracks({}, SPLIT)
    minion = Character("Brute", stress=tracks.stress, consequences=tracks.consequences)
    full = replace(
        minion,
        consequences=tuple(
            slot.filled(slot.condition or "") if slot.condition == "scared" else slot
            for slot in minion.consequences
        ),
    )
    hurt = next(i for i, slot in enumerate(full.consequences) if slot.condition == "hurt")
    with pytest.raises(IllegalAbsorption, match="only 0 more mild condition box"):
        redirect_hit(full, 1, absorption=Absorption(PHYSICAL, 0, (hurt,), 1, 1), options=SPLIT)


def test_harm_reduction_can_cut_a_one_shift_hit_to_nothing() -> None:
    """§7 solo bonus (b): a hit is reduced by half the PCs rounded up; without the minimum
    option a 1-shift hit against two PCs' big bad does nothing. With no PCs, nothing is cut."""
    assert solo_harm(SoloBonus(harm_reduction=True), 1, 2) == 0
    assert solo_harm(SoloBonus(harm_reduction=True, minimum_harm=True), 1, 2) == 1
    assert solo_harm(SoloBonus(harm_reduction=True), 3, 0) == 3


def test_a_mook_group_with_no_members_left_is_not_standing() -> None:
    assert standing(mook_group("Thugs", 1))
    assert not standing(replace(mook_group("Thugs", 1), members=0))
    assert standing(Character("Aspectless", aspects=(Aspect("x", AspectKind.CHARACTER),)))
