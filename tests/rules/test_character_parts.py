"""The character's parts: stress tracks (checking, toggling, refusals), consequence slots as
filled, the default slots, read-only skills (docs/rules.md §6)."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from fatescreen.rules.aspects import AspectKind
from fatescreen.rules.character import (
    Character,
    ConsequenceSlot,
    Recovery,
    Severity,
    StressKind,
    StressTrack,
    default_consequences,
)
from fatescreen.rules.errors import InvalidValue

PHYSICAL = StressKind.PHYSICAL


def _message(build: object, *args: object) -> str:
    with pytest.raises(ValueError) as refused:
        build(*args)  # type: ignore[operator]
    return str(refused.value)


def test_a_track_has_its_boxes_numbered_from_one() -> None:
    """§6 «Rasitus»: a row of boxes; a box outside the row or a negative count is refused."""
    track = StressTrack(PHYSICAL, 3)
    assert track.empty_boxes() == (1, 2, 3)
    assert StressTrack(PHYSICAL, 3, frozenset({2})).empty_boxes() == (1, 3)
    assert (
        _message(StressTrack, PHYSICAL, -1)
        == "a stress track cannot have a negative number of boxes"
    )
    assert (
        _message(StressTrack, PHYSICAL, 2, frozenset({3, 0}))
        == "box 0 is not on a track of 2 boxes"
    )
    assert _message(track.check, 4) == "only 3 empty physical boxes, not 4"


def test_toggling_checks_and_clears_any_box_of_the_track() -> None:
    """A box clicked on the sheet: an empty one is checked, a checked one cleared; the first
    and the last box both count, no box beyond them."""
    track = StressTrack(PHYSICAL, 3, frozenset({2}))
    assert track.toggle(1).checked == frozenset({1, 2})
    assert track.toggle(3).checked == frozenset({2, 3})
    assert track.toggle(2).checked == frozenset()
    for box in (0, 4):
        assert _message(track.toggle, box) == f"box {box} is not on a track of 3 boxes"


def test_a_filled_slot_holds_a_consequence_aspect_with_the_inflicters_free_invoke() -> None:
    """§6 «Jäljet»: the consequence is an aspect; whoever inflicted it gets a free invoke;
    a new consequence is not recovering and counts as taken this scene."""
    recovering = ConsequenceSlot(Severity.MILD, recovery=Recovery(1, 2))
    filled = recovering.filled("Bruised", "ghoul")
    assert filled.aspect is not None
    assert (filled.aspect.name, filled.aspect.kind, filled.aspect.free_invokes) == (
        "Bruised",
        AspectKind.CONSEQUENCE,
        ("ghoul",),
    )
    assert (filled.recovery, filled.taken_this_scene) == (None, True)
    no_one = ConsequenceSlot(Severity.MILD).filled("Twisted ankle")
    assert no_one.aspect is not None and no_one.aspect.free_invokes == ()


def test_the_default_slots_are_mild_moderate_severe() -> None:
    """§6 «Jäljet»: «Jokaisella hahmolla on kolme paikkaa jäljille — lievä, merkittävä ja
    vakava.»"""
    assert [slot.severity for slot in default_consequences()] == [
        Severity.MILD,
        Severity.MODERATE,
        Severity.SEVERE,
    ]


def test_skills_are_read_only_and_unlisted_ones_are_mediocre() -> None:
    """§9 «Taidot»: «Ja loput taidoista tasolla Välttävä (+0)» — an unlisted skill is +0."""
    given = {"Fight": 2}
    rozio = Character("Rozio", skills=given)
    given["Fight"] = 5
    assert isinstance(rozio.skills, MappingProxyType)
    assert rozio.skill("Fight") == 2
    assert rozio.skill("Shoot") == 0


def test_refused_tracks_carry_their_rules_code_and_values() -> None:
    """For the GM's language (message keys ``rules.CODE``): the rule and what it was about."""
    with pytest.raises(InvalidValue) as negative:
        StressTrack(PHYSICAL, -1)
    assert (negative.value.code, negative.value.values) == ("stress.negative", {})
    with pytest.raises(InvalidValue) as off_track:
        StressTrack(PHYSICAL, 2, frozenset({5, 3}))
    assert (off_track.value.code, off_track.value.values) == (
        "stress.off_track",
        {"box": 3, "boxes": 2},
    )
