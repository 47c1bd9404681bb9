"""Cases the wider command tests pass over, each one a change to the code that the suite let
through before: a minion hit of exactly two shifts, the attack skill on a Fight/Shoot tie, a
paid GM invoke with an empty pool, and commands that change nothing."""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.session import Session
from fatescreen.rules.character import StressKind
from tests.commands.support import DEMO, played, run

TWO_SHIFTS = "attack rozio leader ++0- vs 0000"
"""Great (+4) + 1 = Superb (+5) against Fair (+2): 3, less the leader's Armor 1: 2 shifts."""


def test_a_minion_takes_every_shift_of_the_hit(tmp_path: Path) -> None:
    """Two shifts take out a cultist of one stress box (one shift would only check it)."""
    done = run(DEMO, tmp_path, TWO_SHIFTS, "minion cultist-3")
    assert done.lines(TWO_SHIFTS)[0].endswith(
        "hit with style for 2 shifts (may take a boost for 1 shift less)"
    )
    assert done.lines("minion cultist-3") == [
        "Cultist 3 steps in front of Masked leader and takes 2 shifts",
        "Cultist 3 is taken out",
    ]
    assert done.character("cultist-3").taken_out
    assert done.scene.pending_hit is None


def test_a_minion_with_two_boxes_checks_both_for_two_shifts(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, "set cultist-2 stress physical 2", TWO_SHIFTS, "minion cultist-2")
    assert done.lines("minion cultist-2") == [
        "Cultist 2 steps in front of Masked leader and takes 2 shifts"
    ]
    cultist = done.character("cultist-2")
    track = cultist.track(StressKind.PHYSICAL)
    assert track is not None and track.checked == frozenset({1, 2})
    assert not cultist.taken_out


def test_the_attack_skill_is_fight_when_fight_and_shoot_tie(tmp_path: Path) -> None:
    """Rozio's Shoot is Great (+4); with Fight raised to Great too, an attack that names no
    skill is a Fight attack, which the leader defends with Fight (Great) rather than
    Athletics (Fair): a tie instead of a hit."""
    line = "attack rozio leader 0000 vs 0000"
    done = run(DEMO, tmp_path, "set rozio skill Fight 4", line)
    assert done.lines(line)[0] == (
        "Rozio attacks Masked leader with Fight: Great (+4) + [0 0 0 0] = Great (+4) vs Masked "
        "leader's "
        'Fight Great (+4) + [0 0 0 0] = Great (+4): tie · Rozio gets the boost "Reeling"'
    )
    shoot = run(DEMO, tmp_path, "set rozio skill Fight 3", line)
    assert "vs Masked leader's Athletics Fair (+2)" in shoot.lines(line)[0]


def test_a_paid_gm_invoke_needs_a_point_in_the_pool() -> None:
    paid = 'invoke "Chanting echoes" by leader paid'
    session = played(DEMO, "pool 0", "attack leader rozio +0-- vs 0000")
    before, steps = session.scene, len(session.history.done)
    result = session.execute(paid)
    assert not result.ok
    assert result.lines == ("the GM pool is empty: no fate point to invoke with",)
    assert session.scene == before and session.scene.gm_pool == 0
    assert len(session.history.done) == steps

    session = played(DEMO, "pool 1", "attack leader rozio +0-- vs 0000")
    assert session.execute(paid).ok
    assert session.scene.gm_pool == 0


def test_a_paid_gm_invoke_from_an_empty_pool_speaks_finnish() -> None:
    session = Session.open(DEMO, journal=False, lang="fi")
    assert session.execute("pool 0").ok
    assert session.execute("attack leader rozio +0-- vs 0000").ok
    result = session.execute('invoke "Chanting echoes" by leader paid')
    assert result.lines == ("PJ:n varanto on tyhjä: fate-pistettä ei ole käytettäväksi",)


def test_a_command_that_changes_nothing_records_no_undo_step() -> None:
    """Each of these is accepted but leaves the scene as it was (a new but equal value for
    some): nothing to undo, nothing journaled."""
    session = played(DEMO, "pool 3")
    steps = len(session.history.done)
    for line in (
        "pool 3",
        "place rozio ritual-hall",
        "set rozio name Rozio",
        'set scene title "The golden mask"',
        "set rules weapons_and_armor on",
        "roll 3 vs 2 ++++",
        "odds 3 vs 2",
    ):
        before = session.scene
        result = session.execute(line)
        assert result.ok, line
        assert result.changed == frozenset(), line
        assert session.scene == before, line
        assert len(session.history.done) == steps, line
    assert session.execute("undo").lines == ("undone: the GM pool is now 3",)
    assert not session.execute("undo").ok


def test_a_command_that_changes_nothing_is_not_journaled(tmp_path: Path) -> None:
    import shutil

    scene = tmp_path / DEMO.name
    shutil.copy(DEMO, scene)
    shutil.copytree(DEMO.parent / "library", tmp_path / "library")
    session = Session.open(scene)
    assert session.execute("pool 4").ok and session.execute("pool 4").ok
    assert session.execute("pool 2").ok
    assert [command for command, _ in Session.open(scene).recoverable()] == ["pool 2"]
