"""absorb, takeout, concede, minion, reveal, stress and recover."""

from __future__ import annotations

from pathlib import Path

from fatescreen.rules.character import Recovery, StressKind
from tests.commands.support import BRINE, DEMO, LIBRARY, run

HIT_ROZIO = "attack leader rozio Fight +0++ vs -000"
"""Great (+4) + 3 = Epic (+7) against Fair (+2), plus the leader's Weapon 1: 6 shifts."""


def test_absorb_with_boxes_and_a_named_consequence(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, HIT_ROZIO, 'absorb 2 "Cut arm"')
    assert done.lines(HIT_ROZIO)[1] == (
        "Rozio takes 6 shifts: [1] 4 physical box(es) + mild  [2] 2 physical box(es) + "
        "moderate  [3] severe  [4] mild + moderate"
    )
    assert done.lines('absorb 2 "Cut arm"') == [
        'Rozio absorbs 6 shifts: 2 physical box(es) + moderate "Cut arm"'
    ]
    rozio = done.character("rozio")
    track = rozio.track(StressKind.PHYSICAL)
    assert track is not None and track.checked == frozenset({1, 2})
    wound = rozio.consequences[1].aspect
    assert wound is not None and (wound.name, wound.free_invokes) == ("Cut arm", ("leader",))
    assert done.scene.pending_hit is None and done.scene.pending_roll is None
    assert done.session.history.done[-1].label == "Rozio absorbs 6 shifts"


def test_a_mook_group_absorbs_member_after_member(tmp_path: Path) -> None:
    from tests.commands.support import LIBRARY

    line = "attack riesa deckhands Fight -000 vs 0000"
    done = run(LIBRARY, tmp_path, line, "absorb")
    assert done.lines(line)[1] == "Deckhands take 2 shifts, member after member: absorb"
    assert done.lines("absorb") == ["2 of Deckhands fall"]
    assert done.character("deckhands").members == 2


def test_takeout_the_target_or_anyone(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, "next silbestre", HIT_ROZIO, "takeout", "takeout cultist-2")
    assert done.lines("takeout") == ["Rozio is taken out"]
    assert done.lines("takeout cultist-2") == ["Cultist 2 is taken out"]
    assert done.character("rozio").taken_out and done.character("cultist-2").taken_out
    turn = done.scene.turn
    assert turn is not None and "rozio" not in turn.participants
    assert "cultist-2" not in turn.participants


def test_concede_holds_points_until_the_scene_ends(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, HIT_ROZIO, 'absorb 2 "Cut arm"', "concede rozio", "endscene")
    assert done.lines("concede rozio") == [
        "Rozio concedes and will get 2 fate point(s) when the conflict ends"
    ]
    assert done.lines("endscene") == [
        "scene ends: stress cleared on Rozio; 0 boost(s) gone; points delivered: Rozio +2",
        "GM pool for the next scene: 4",
    ]
    assert done.character("rozio").fate_points == 5
    assert done.character("rozio").conceded


def test_minion_takes_the_hit_for_the_big_bad(tmp_path: Path) -> None:
    line = "attack rozio leader ++++ vs 0000"
    done = run(DEMO, tmp_path, line, "minion cultist-3")
    assert done.lines(line)[2] == (
        "minion armor: Cultist 1, Cultist 2, Cultist 3 can take the hit (minion NAME)"
    )
    assert done.lines("minion cultist-3") == [
        "Cultist 3 steps in front of Masked leader and takes 5 shifts",
        "Cultist 3 is taken out",
    ]
    assert done.character("cultist-3").taken_out
    assert done.character("leader") == run(DEMO, tmp_path).character("leader")


def test_reveal_the_next_true_form(tmp_path: Path) -> None:
    done = run(BRINE, tmp_path, "takeout brine", "reveal brine")
    assert done.lines("takeout brine") == [
        "The Brine Mother is taken out",
        "The Brine Mother has another form: reveal brine-mother",
    ]
    assert done.lines("reveal brine") == [
        "The Brine Mother reveals its true form: The thing that wears the saint (form 2 of 2)",
        "consequences kept, stepped down",
    ]
    mother = done.character("brine-mother")
    assert (mother.form, mother.taken_out, mother.skill("Fight")) == (1, False, 5)


def test_stress_toggles_one_box(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, "stress silbestre physical 2", "stress sil 1", "stress sil p 2")
    assert done.lines("stress silbestre physical 2") == ["Silbestre: physical box 2 checked"]
    assert done.lines("stress sil p 2") == ["Silbestre: physical box 2 cleared"]
    track = done.character("silbestre").track(StressKind.PHYSICAL)
    assert track is not None and track.checked == frozenset({1})


def test_recover_starts_the_clock_and_renames_the_consequence(tmp_path: Path) -> None:
    line = 'recover vitor Empathy burned "Bandaged hands" ++00'
    done = run(LIBRARY, tmp_path, line)
    assert done.lines(line) == [
        'Vitor treats Riesa\'s "Burned hands" with Empathy: Average (+1) + [+ + 0 0] = Good '
        "(+3) vs Fair (+2): success",
        'Riesa\'s "Burned hands" is now "Bandaged hands": recovering',
    ]
    slot = done.character("riesa").consequences[0]
    assert slot.aspect is not None and slot.aspect.name == "Bandaged hands"
    assert slot.recovery == Recovery(1, 1)


def test_recover_yourself_is_harder_and_a_fail_changes_nothing(tmp_path: Path) -> None:
    line = 'recover riesa Empathy burned "Bandaged hands" ++0+'
    done = run(LIBRARY, tmp_path, line)
    # Fair (+2) for a mild consequence, +2 when treating yourself: Great (+4).
    assert done.lines(line) == [
        'Riesa treats Riesa\'s "Burned hands" with Empathy: Average (+1) + [+ + 0 +] = Great '
        "(+4) vs Great (+4): success at a minor cost",
        'Riesa\'s "Burned hands" is now "Bandaged hands": recovering',
    ]
    failed = 'recover vitor Empathy burned "Bandaged hands" --00'
    not_yet = run(LIBRARY, tmp_path, failed)
    assert not_yet.lines(failed)[1] == '"Burned hands" does not start to heal yet'
    slot = not_yet.character("riesa").consequences[0]
    assert slot.aspect is not None and slot.aspect.name == "Burned hands"
    assert slot.recovery is None
