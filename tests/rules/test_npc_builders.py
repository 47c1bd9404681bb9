"""Minor NPCs and mook groups as built: every field given lands on the character, the
defaults are a bare NPC, and a group with no stress track or no one standing (docs/rules.md §7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    Scale,
    StressKind,
    StressTrack,
    Stunt,
)
from fatescreen.rules.errors import IllegalAbsorption
from fatescreen.rules.npcs import (
    apply_harm_to_group,
    minor_npc,
    mook_group,
    shifts_to_take_out_group,
)

KNIFE = Stunt("+2 to Fight when cornered", "Fight", "attack", 2)


def test_a_minor_npc_carries_everything_it_is_given() -> None:
    """§7 «Vähäisemmät PJH:t»: a few aspects and skills, perhaps a stunt, 0-3 boxes; text
    aspects become character aspects, ready aspects are kept as they are."""
    trouble = Aspect("Owes the cult money", AspectKind.TROUBLE)
    guard = minor_npc(
        "Dock guard",
        aspects=["Bored", trouble],
        skills={"Fight": 1},
        stunts=[KNIFE],
        stress_boxes=2,
        id="guard-7",
        zone="docks",
        weapon=1,
        armor=2,
        scale=Scale.SUPERNATURAL,
    )
    assert guard == Character(
        name="Dock guard",
        kind=CharacterKind.MINOR,
        id="guard-7",
        aspects=(Aspect("Bored", AspectKind.CHARACTER), trouble),
        skills={"Fight": 1},
        stunts=(KNIFE,),
        stress=(StressTrack(StressKind.COMBINED, 2),),
        zone="docks",
        weapon=1,
        armor=2,
        scale=Scale.SUPERNATURAL,
        members=1,
    )


def test_a_bare_minor_npc_and_a_bare_group() -> None:
    """With nothing but a name: no boxes, no Weapon or Armor, mundane scale, one member."""
    assert minor_npc("Dock guard") == Character(
        "Dock guard", kind=CharacterKind.MINOR, stress=(StressTrack(StressKind.COMBINED, 0),)
    )
    assert mook_group("Thugs", 4) == Character(
        "Thugs",
        kind=CharacterKind.MOOKS,
        stress=(StressTrack(StressKind.COMBINED, 0),),
        members=4,
    )


def test_a_mook_group_carries_everything_it_is_given() -> None:
    thugs = mook_group(
        "Thugs",
        3,
        aspects=["Paid to look tough"],
        skills={"Fight": 1},
        stunts=[KNIFE],
        stress_boxes=1,
        id="thugs-2",
        zone="alley",
        weapon=2,
        armor=1,
        scale=Scale.SUPERNATURAL,
    )
    assert (thugs.id, thugs.zone, thugs.weapon, thugs.armor, thugs.scale, thugs.stunts) == (
        "thugs-2",
        "alley",
        2,
        1,
        Scale.SUPERNATURAL,
        (KNIFE,),
    )
    assert (thugs.members, thugs.stress) == (3, (StressTrack(StressKind.COMBINED, 1),))


def test_a_group_without_a_stress_track_falls_one_member_per_shift() -> None:
    """A group whose members have no boxes at all: each shift takes out one member."""
    swarm = Character("Rats", kind=CharacterKind.MOOKS, members=3)
    assert shifts_to_take_out_group(swarm) == 3
    hit = apply_harm_to_group(swarm, 2)
    assert (hit.group.members, hit.members_taken_out, hit.group.stress) == (1, 2, ())


def test_a_group_with_no_one_standing_takes_no_more_harm() -> None:
    """Taken out, or down to no members: nothing more to take out, no hit lands."""
    thugs = mook_group("Thugs", 2, stress_boxes=1)
    for gone in (replace(thugs, taken_out=True), replace(thugs, members=0)):
        assert shifts_to_take_out_group(gone) == 0
        with pytest.raises(IllegalAbsorption, match=r"^Thugs is already taken out$"):
            apply_harm_to_group(gone, 1)
