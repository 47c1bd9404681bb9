"""Minor NPCs and mook groups (docs/rules.md §7, teamwork §4)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.aspects import AspectKind
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    Severity,
    StressKind,
    StressTrack,
)
from fatescreen.rules.errors import IllegalAbsorption, InvalidCharacter
from fatescreen.rules.harm import absorb_with_stress, absorption_options
from fatescreen.rules.npcs import (
    apply_harm_to_group,
    group_teamwork_bonus,
    minor_npc,
    mook_group,
    shifts_to_take_out_group,
    validate_minor,
)


def cultists(members: int, boxes: int, checked: int = 0, fight: int = 1) -> Character:
    group = mook_group(
        "Cultist", members, aspects=["Zealous cultist"], skills={"Fight": fight}, stress_boxes=boxes
    )
    return group.with_track(group.stress[0].check(checked))


@pytest.mark.parametrize("boxes", [0, 1, 2, 3])
def test_minor_npc_has_zero_to_three_boxes_and_no_consequences(boxes: int) -> None:
    """§7 «Vähäisemmät PJH:t»: 0-3 stress boxes, no consequence slots."""
    npc = minor_npc(
        "Guard dog", aspects=["Guard dog"], skills={"Notice": 2}, stress_boxes=boxes, zone="yard"
    )
    assert (npc.kind, npc.id, npc.zone) == (CharacterKind.MINOR, "guard-dog", "yard")
    assert [(t.kind, t.boxes) for t in npc.stress] == [(StressKind.COMBINED, boxes)]
    assert npc.consequences == ()
    assert npc.aspects[0].kind is AspectKind.CHARACTER
    validate_minor(npc)


@pytest.mark.parametrize("boxes", [-1, 4])
def test_minor_npc_box_limits(boxes: int) -> None:
    """§7: a minor NPC has 0 to 3 boxes."""
    with pytest.raises(InvalidCharacter, match=f"0 to 3 stress boxes, not {boxes}"):
        minor_npc("Thug", stress_boxes=boxes)


def test_validate_minor_refuses_big_tracks_but_allows_a_slot() -> None:
    """§7 «Vähäisemmät PJH:t»: «nollasta kolmeen rastitusruutua»; «Usein vähäisemmällä
    PJH:lla ei ole tilaa jäljille» (often no consequence slots, so one is allowed)."""
    npc = minor_npc("Thug", stress_boxes=2)
    validate_minor(replace(npc, consequences=(ConsequenceSlot(Severity.MILD),)))
    with pytest.raises(InvalidCharacter, match="not 5"):
        validate_minor(replace(npc, stress=(*npc.stress, StressTrack(StressKind.MENTAL, 3))))


@pytest.mark.parametrize(
    ("boxes", "shifts", "checked", "out"),
    [(2, 0, 0, False), (2, 1, 1, False), (2, 2, 2, False), (2, 3, 0, True), (0, 1, 0, True)],
)
def test_minor_npc_harm_beyond_stress_takes_them_out(
    boxes: int, shifts: int, checked: int, out: bool
) -> None:
    """§7: stress absorbs what it can; harm beyond it takes the minor NPC out."""
    npc = minor_npc("Thug", stress_boxes=boxes)
    hurt = absorb_with_stress(npc, shifts, StressKind.PHYSICAL)
    assert hurt.taken_out is out
    assert len(hurt.stress[0].checked) == checked
    assert (absorption_options(npc, shifts, StressKind.MENTAL) == ()) is out


def test_mook_group_needs_members() -> None:
    """§7: a group has at least one member."""
    with pytest.raises(InvalidCharacter, match="at least one member, not 0"):
        mook_group("Cultist", 0)
    with pytest.raises(InvalidCharacter, match="not 4"):
        mook_group("Cultist", 3, stress_boxes=4)


@pytest.mark.parametrize(
    ("members", "boxes", "checked", "shifts", "left", "checked_after", "fallen"),
    [
        (3, 0, 0, 0, 3, 0, 0),
        (3, 0, 0, 1, 2, 0, 1),
        (3, 0, 0, 2, 1, 0, 2),
        (3, 0, 0, 5, 0, 0, 3),
        (3, 2, 0, 2, 3, 2, 0),
        (3, 2, 0, 3, 2, 0, 1),
        (3, 2, 0, 7, 1, 1, 2),
        (4, 1, 1, 1, 3, 0, 1),
        (4, 1, 1, 4, 2, 1, 2),
        (2, 3, 2, 9, 0, 0, 2),
    ],
)
def test_harm_spills_over_member_by_member(
    members: int,
    boxes: int,
    checked: int,
    shifts: int,
    left: int,
    checked_after: int,
    fallen: int,
) -> None:
    """§7 mook groups: a member falls when the hit exceeds its empty boxes (using them
    and one shift more); the rest goes on to the next, fresh member."""
    group, taken_out = apply_harm_to_group(cultists(members, boxes, checked), shifts)
    assert (group.members, len(group.stress[0].checked), taken_out) == (
        left,
        checked_after,
        fallen,
    )
    assert group.taken_out is (left == 0)


def test_group_harm_refused() -> None:
    """§7: only a standing mook group takes group harm."""
    with pytest.raises(IllegalAbsorption, match="not a mook group"):
        apply_harm_to_group(minor_npc("Thug"), 1)
    routed, _ = apply_harm_to_group(cultists(1, 0), 1)
    with pytest.raises(IllegalAbsorption, match="already taken out"):
        apply_harm_to_group(routed, 1)
    with pytest.raises(ValueError, match="cannot be negative"):
        apply_harm_to_group(cultists(2, 1), -1)


@given(st.integers(1, 6), st.integers(0, 3), st.data())
def test_shifts_to_take_out_group_is_the_smallest_routing_hit(
    members: int, boxes: int, data: st.DataObject
) -> None:
    """§7 property: that many shifts take out the whole group; one fewer leaves one."""
    checked = data.draw(st.integers(0, boxes))
    group = cultists(members, boxes, checked)
    needed = shifts_to_take_out_group(group)
    routed, fallen = apply_harm_to_group(group, needed)
    assert (routed.taken_out, fallen) == (True, members)
    survivor, fallen = apply_harm_to_group(group, needed - 1)
    assert (survivor.members, fallen) == (1, members - 1)
    assert shifts_to_take_out_group(routed) == 0


@given(st.integers(1, 6), st.integers(0, 3), st.integers(0, 30))
def test_group_members_are_conserved(members: int, boxes: int, shifts: int) -> None:
    """§7 property: members standing plus members taken out is the group's size."""
    group, fallen = apply_harm_to_group(cultists(members, boxes), shifts)
    assert group.members + fallen == members
    assert 0 <= len(group.stress[0].checked) <= boxes


@pytest.mark.parametrize(
    ("members", "fight", "bonus"),
    [(4, 2, 2), (2, 3, 1), (1, 4, 0), (5, 0, 0), (3, 1, 1), (6, 4, 4)],
)
def test_group_teamwork_bonus(members: int, fight: int, bonus: int) -> None:
    """§4 teamwork for a group: +1 per other member with Average+, capped at the rating."""
    assert group_teamwork_bonus(cultists(members, 1, fight=fight), "Fight") == bonus


def test_group_teamwork_shrinks_as_members_fall() -> None:
    """§4, §7: fallen members no longer help."""
    group = cultists(4, 0, fight=3)
    assert group_teamwork_bonus(group, "Fight") == 3
    group, _ = apply_harm_to_group(group, 2)
    assert group_teamwork_bonus(group, "Fight") == 1
    group, _ = apply_harm_to_group(group, 2)
    assert group_teamwork_bonus(group, "Fight") == 0
