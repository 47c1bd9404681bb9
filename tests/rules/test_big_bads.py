"""Big bads: minion armor, true forms, solo bonus, immunity, swarms (docs/rules.md §7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fatescreen.rules.aspects import Aspect
from fatescreen.rules.big_bads import (
    Immunity,
    ImmunityVia,
    SoloBonus,
    Swarm,
    acting_scale,
    bypassed_parts,
    can_be_harmed,
    free_invoke_limit_against,
    heart_exposed,
    invoke_bonus_against,
    minion_armor_options,
    redirect_hit,
    reveal_next_form,
    solo_harm,
    solo_invoke_bonus,
    solo_skill_bonus,
    swarm_actors,
    swarm_beaten,
)
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    Form,
    Recovery,
    Scale,
    Severity,
    StressKind,
    StressTrack,
)
from fatescreen.rules.errors import FormStillStanding, IllegalMinionArmor, NoTrueFormLeft
from fatescreen.rules.harm import Absorption, standard_tracks, take_out
from fatescreen.rules.npcs import minor_npc, mook_group

MILD, MODERATE, SEVERE = Severity.MILD, Severity.MODERATE, Severity.SEVERE
PHYSICAL = StressKind.PHYSICAL


def leader(**changes: object) -> Character:
    tracks = standard_tracks({"Fight": 4, "Physique": 2, "Will": 2})
    base = Character(
        name="Masked leader",
        skills={"Fight": 4, "Provoke": 3, "Physique": 2, "Will": 2},
        stress=tracks.stress,
        consequences=tracks.consequences,
        minions=("cultist", "generator", "thugs"),
    )
    return replace(base, **changes)


def scene(*characters: Character) -> dict[str, Character]:
    return {character.id: character for character in characters}


# --- Minion armor ---------------------------------------------------------------------


def test_minion_armor_offers_standing_minions_in_order() -> None:
    """§7 «Kätyripanssari»: any standing minion, a mook group while a member stands."""
    boss = leader()
    characters = scene(
        boss,
        minor_npc("Cultist 10", stress_boxes=1),
        minor_npc("Cultist 2", stress_boxes=1),
        take_out(minor_npc("Cultist 1", stress_boxes=1)),
        minor_npc("Generator", stress_boxes=3),
        mook_group("Thugs", 3),
        minor_npc("Bystander"),
    )
    assert minion_armor_options(boss, characters) == (
        "cultist-2",
        "cultist-10",
        "generator",
        "thugs",
    )
    routed = take_out(characters["thugs"])
    assert "thugs" not in minion_armor_options(boss, {**characters, "thugs": routed})
    assert minion_armor_options(replace(boss, minions=()), characters) == ()


def test_minion_named_by_name_or_id() -> None:
    """§7: a minion entry may be the character's id or its name."""
    boss = leader(minions=("Force-field generator",))
    generator = minor_npc("Force-field generator", stress_boxes=2)
    assert minion_armor_options(boss, scene(boss, generator)) == ("force-field-generator",)


@pytest.mark.parametrize(
    ("boxes", "shifts", "absorbed", "out", "checked"),
    [
        (3, 2, True, False, 2),
        (3, 3, True, False, 3),
        (3, 4, False, True, 0),
        (0, 1, False, True, 0),
    ],
)
def test_redirected_hit_lands_on_the_minion_without_defense(
    boxes: int, shifts: int, absorbed: bool, out: bool, checked: int
) -> None:
    """§7: the minion makes no defense roll and takes the harm the big bad would take."""
    hit = redirect_hit(minor_npc("Generator", stress_boxes=boxes), shifts)
    assert (hit.absorbed, hit.taken_out, hit.shifts) == (absorbed, out, shifts)
    assert len(hit.minion.stress[0].checked) == checked


def test_redirected_hit_spills_over_a_mook_group() -> None:
    """§7: a mook group in the way takes the hit member by member."""
    hit = redirect_hit(mook_group("Thugs", 3, stress_boxes=1), 4)
    assert (hit.minion.members, hit.members_taken_out, hit.absorbed, hit.taken_out) == (
        1,
        2,
        False,
        False,
    )
    last = redirect_hit(hit.minion, 5)
    assert (last.members_taken_out, last.taken_out) == (1, True)


def test_minion_with_consequences_takes_a_chosen_absorption() -> None:
    """§7: a minion may be a monster with consequences when an absorption is chosen."""
    brute = leader(name="Brute", minions=())
    choice = Absorption(PHYSICAL, 1, (1,), 5, 4)
    hit = redirect_hit(brute, 5, absorption=choice, texts={1: "Cracked ribs"}, inflicted_by="rozio")
    aspect = hit.minion.consequences[1].aspect
    assert aspect is not None and aspect.free_invokes == ("rozio",)
    assert hit.absorbed and not hit.taken_out


def test_fallen_minion_cannot_take_the_hit() -> None:
    """§7: only standing minions can step in."""
    with pytest.raises(IllegalMinionArmor, match="no longer standing"):
        redirect_hit(take_out(minor_npc("Cultist")), 2)


# --- True forms -----------------------------------------------------------------------


def two_form_leader(soft: bool = False) -> Character:
    form = Form(
        name="The thing beneath the mask",
        aspects=(Aspect("Writhing tendrils"),),
        skills={"Fight": 5, "Physique": 4},
        stress=(StressTrack(PHYSICAL, 6),),
        soft=soft,
    )
    hurt = leader(forms=(form,))
    slots = (
        hurt.consequences[0].filled("Bloody nose", "rozio"),
        hurt.consequences[1].filled("Cracked mask", "silbestre"),
        replace(hurt.consequences[2].filled("Shattered knee"), recovery=Recovery(1, 2)),
    )
    stress = tuple(track.check(track.boxes) for track in hurt.stress)
    return replace(hurt, consequences=slots, stress=stress, taken_out=True)


def test_full_reveal_brings_fresh_stress_and_slots() -> None:
    """§7 «Todellisen muodon paljastaminen»: new skills, fresh boxes and slots."""
    revealed = reveal_next_form(two_form_leader())
    assert (revealed.form, revealed.taken_out) == (1, False)
    assert (revealed.skill("Fight"), revealed.skill("Provoke")) == (5, 3)
    assert [a.name for a in revealed.current_aspects] == ["Writhing tendrils"]
    assert revealed.stress == (StressTrack(PHYSICAL, 6),)
    assert all(slot.free for slot in revealed.consequences)
    assert [slot.severity for slot in revealed.consequences] == [MILD, MODERATE, SEVERE]


def test_soft_reveal_steps_consequences_down() -> None:
    """§7: softer variant: mild cleared, moderate -> mild, severe -> moderate."""
    revealed = reveal_next_form(two_form_leader(soft=True))
    names = [(s.severity, s.aspect.name if s.aspect else None) for s in revealed.consequences]
    assert names == [(MILD, "Cracked mask"), (MODERATE, "Shattered knee"), (SEVERE, None)]
    mild = revealed.consequences[0].aspect
    assert mild is not None and mild.free_invokes == ("silbestre",)
    assert revealed.consequences[1].recovery == Recovery(1, 2)
    assert all(track.checked == frozenset() for track in revealed.stress)


def test_soft_choice_overrides_the_form() -> None:
    """§7: the GM may pick the full or the soft reveal when it happens."""
    assert all(
        slot.free for slot in reveal_next_form(two_form_leader(soft=True), soft=False).consequences
    )
    soft = reveal_next_form(two_form_leader(soft=False), soft=True)
    assert not soft.consequences[0].free


def test_form_without_own_tracks_clears_the_current_ones() -> None:
    """§7: a form that names no stress or slots keeps the layout, emptied."""
    boss = two_form_leader()
    boss = replace(boss, forms=(Form(name="Unmasked", skills={"Provoke": 5}),))
    revealed = reveal_next_form(boss)
    assert [(t.kind, t.boxes, t.checked) for t in revealed.stress] == [
        (t.kind, t.boxes, frozenset()) for t in boss.stress
    ]
    assert all(slot.free for slot in revealed.consequences)


def test_soft_reveal_moves_up_when_the_new_layout_lacks_the_severity() -> None:
    """§7: a stepped-down consequence with no slot of its new severity takes the next one."""
    boss = two_form_leader(soft=True)
    form = replace(boss.forms[0], consequences=(ConsequenceSlot(SEVERE),))
    revealed = reveal_next_form(replace(boss, forms=(form,)))
    assert [s.aspect.name if s.aspect else None for s in revealed.consequences] == [
        "Shattered knee"
    ]


def test_a_standing_form_is_revealed_only_when_forced() -> None:
    """§7: the forms «pitää päihittää yksi toisensa jälkeen», the next appearing when the
    big bad «kaatuu ja on ulkona tilanteesta»; the GM may force it sooner."""
    standing_leader = replace(two_form_leader(), taken_out=False)
    with pytest.raises(FormStillStanding, match="still stands in its current form"):
        reveal_next_form(standing_leader)
    forced = reveal_next_form(standing_leader, force=True)
    assert forced.form == 1 and all(slot.free for slot in forced.consequences)


def test_no_form_left() -> None:
    """§7: at least two forms are needed to reveal one."""
    with pytest.raises(NoTrueFormLeft, match="all 1 forms are revealed"):
        reveal_next_form(leader())
    revealed = reveal_next_form(two_form_leader())
    with pytest.raises(NoTrueFormLeft, match="all 2 forms"):
        reveal_next_form(revealed)


# --- Scaling up -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "in_play", "acts_at"),
    [
        (CharacterKind.MAJOR, False, Scale.LEGENDARY),
        (CharacterKind.MINOR, False, Scale.LEGENDARY),
        (CharacterKind.PC, False, Scale.MUNDANE),
        (CharacterKind.PC, True, Scale.LEGENDARY),
        (CharacterKind.MAJOR, True, Scale.LEGENDARY),
    ],
)
def test_a_big_bad_is_scaled_up_even_without_the_scale_option(
    kind: CharacterKind, in_play: bool, acts_at: Scale
) -> None:
    """§7 «Ylöspäin skaalaaminen»: «Voit tehdä tämän, vaikkei skaala olisikaan normaalisti
    osa kampanjaanne — tämä sääntö on silloin pelissä vain tiettyä pääpahista varten!» An
    NPC set above mundane keeps its scale without the option; a PC's counts only with it."""
    character = replace(leader(), kind=kind, scale=Scale.LEGENDARY)
    assert acting_scale(character, in_play) is acts_at


# --- Solo bonus -----------------------------------------------------------------------

ALL = SoloBonus(True, True, False, True, True, False)


@pytest.mark.parametrize(
    ("rating", "pcs", "bonus"),
    [(4, 3, 2), (2, 4, 2), (1, 4, 1), (4, 1, 0), (0, 4, 0), (5, 5, 4)],
)
def test_solo_skill_bonus(rating: int, pcs: int, bonus: int) -> None:
    """§7 solo bonus (a): +(PCs - 1), e.g. +2 against 3 PCs, never above double the skill."""
    assert solo_skill_bonus(ALL, rating, pcs) == bonus
    assert solo_skill_bonus(SoloBonus(), rating, pcs) == 0


@pytest.mark.parametrize(
    ("shifts", "pcs", "minimum", "harm"),
    [
        (5, 4, False, 3),
        (5, 3, False, 3),
        (2, 3, False, 0),
        (2, 3, True, 1),
        (1, 1, True, 1),
        (0, 3, True, 0),
        (6, 5, False, 3),
    ],
)
def test_solo_harm_reduction(shifts: int, pcs: int, minimum: bool, harm: int) -> None:
    """§7 solo bonus (b): each hit less half the PCs rounded up; optionally at least 1."""
    solo = SoloBonus(harm_reduction=True, minimum_harm=minimum)
    assert solo_harm(solo, shifts, pcs) == harm
    assert solo_harm(SoloBonus(), shifts, pcs) == shifts


def test_solo_invokes() -> None:
    """§7 solo bonus (c) paid invokes give +PCs, free ones +2; (d) invokes against +1."""
    assert solo_invoke_bonus(ALL, 4, paid=True) == 4
    assert solo_invoke_bonus(ALL, 4, paid=False) == 2
    assert solo_invoke_bonus(SoloBonus(), 4, paid=True) == 2
    assert invoke_bonus_against(ALL) == 1
    assert invoke_bonus_against(SoloBonus()) == 2
    assert free_invoke_limit_against(SoloBonus(one_free_invoke=True)) == 1
    assert free_invoke_limit_against(ALL) is None


def test_solo_bonus_refuses_negative_pcs() -> None:
    """§7 solo bonus: counts of PCs are never negative."""
    with pytest.raises(ValueError, match="cannot be negative"):
        solo_harm(ALL, 3, -1)


# --- Immunity -------------------------------------------------------------------------


def test_immunity_until_the_challenge_is_won() -> None:
    """§7 «Immuniteetti haasteen tai kilpailun kautta»: no harm until it is won."""
    immunity = Immunity("Shut down the power source", ImmunityVia.CHALLENGE)
    assert can_be_harmed(None, ())
    assert not can_be_harmed(immunity, ())
    assert not can_be_harmed(immunity, ["Catch the truck"])
    assert can_be_harmed(immunity, ["shut down the power SOURCE"])


def test_immunity_to_one_kind_only() -> None:
    """§7: immune physically, mentally, or both."""
    immunity = Immunity("Catch the truck", ImmunityVia.CONTEST, frozenset({PHYSICAL}))
    assert not can_be_harmed(immunity, (), PHYSICAL)
    assert can_be_harmed(immunity, (), StressKind.MENTAL)
    assert not can_be_harmed(immunity, ())


# --- Swarm ----------------------------------------------------------------------------


def test_swarm_parts_act_until_taken_out_and_the_heart_decides() -> None:
    """§7 «Uhkana kartta / hahmoparvi»: a part taken out stops acting and can be passed;
    the whole is beaten only when its heart is taken out."""
    swarm = Swarm("heart", ("left-claw", "right-claw", "carapace"), shields=("carapace",))
    parts = {
        cid: minor_npc(cid, stress_boxes=2)
        for cid in ("heart", "left-claw", "right-claw", "carapace")
    }
    assert swarm_actors(swarm, parts) == ("heart", "left-claw", "right-claw", "carapace")
    assert not heart_exposed(swarm, parts)
    parts["left-claw"] = take_out(parts["left-claw"])
    parts["carapace"] = take_out(parts["carapace"])
    assert swarm_actors(swarm, parts) == ("heart", "right-claw")
    assert bypassed_parts(swarm, parts) == ("left-claw", "carapace")
    assert heart_exposed(swarm, parts)
    assert not swarm_beaten(swarm, parts)
    parts["heart"] = take_out(parts["heart"])
    assert swarm_beaten(swarm, parts)
    assert swarm_actors(swarm, parts) == ("right-claw",)


def test_swarm_validation() -> None:
    """§7 swarm: the heart is not a part, shields are parts, ids exist."""
    with pytest.raises(ValueError, match="not one of its own parts"):
        Swarm("heart", ("heart",))
    with pytest.raises(ValueError, match="not a part"):
        Swarm("heart", ("claw",), shields=("shell",))
    with pytest.raises(ValueError, match="no character 'claw'"):
        swarm_actors(Swarm("heart", ("claw",)), {"heart": minor_npc("heart")})
