"""The stress runs of ``make stress``, short: each must report its work done and every
figure that must be zero at zero. The runs of every system (``every_system``: each one
registered, and the toy system) play its sample scene; the others play Fate's demo scene
with Fate's own command scenarios."""

from __future__ import annotations

import os

import pytest

from tests.stress.figures import (
    damaged_journals,
    fresh_screens,
    full_disk_appends,
    fuzz_lines,
    kill_journal,
    kill_saves,
    system_fuzz,
    system_undo_redo,
    two_writers,
    undo_redo,
)
from tests.stress.play import Play

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")


def test_fuzzed_lines_never_crash_or_change_by_rejection_and_undo_exactly() -> None:
    figures, failures = fuzz_lines(300)
    assert failures == []
    assert figures["lines"] >= 300
    assert figures["rejected"] and figures["undone"]
    assert figures["crashes"] == figures["changed by rejection"] == figures["undo not exact"] == 0


def test_undo_redo_walks_give_back_each_scene() -> None:
    figures, failures = undo_redo(30)
    assert failures == []
    assert figures["sequences"] >= 30 and figures["changes"] >= 30
    assert figures["mismatches"] == 0


def test_every_system_s_fuzzed_lines_never_crash_and_undo_exactly(every_system: str) -> None:
    figures, failures = system_fuzz(Play.of(every_system), 200)
    assert failures == []
    assert figures["lines"] == 200
    assert figures["rejected"] and figures["undone"]
    assert figures["crashes"] == figures["changed by rejection"] == figures["undo not exact"] == 0


def test_every_system_s_undo_redo_walks_give_back_each_scene(every_system: str) -> None:
    figures, failures = system_undo_redo(Play.of(every_system), 20)
    assert failures == []
    assert figures["sequences"] == 20 and figures["changes"] >= 5
    assert figures["undo/redo steps"] >= 100
    assert figures["mismatches"] == 0


@needs_fork
def test_killed_saves_leave_old_or_new_files_and_no_temporary_file(every_system: str) -> None:
    figures, failures = kill_saves(20, play=Play.of(every_system))
    assert failures == []
    assert figures["save kills"] == 20
    assert figures["file old"] + figures["file new"] == 20
    assert figures["file old"] and figures["file new"]  # the two texts differ
    assert figures["temp files left after the next open"] == 0


@needs_fork
def test_a_killed_journaling_session_loses_and_mixes_nothing(every_system: str) -> None:
    figures, failures = kill_journal(5, play=Play.of(every_system))
    assert failures == []
    assert figures["journal kills"] == 5
    assert figures["commands recovered"] >= figures["commands acknowledged"] > 0
    assert figures["lost"] == figures["mixed"] == 0


def test_damaged_journals_never_keep_a_scene_shut_nor_lose_an_intact_record(
    every_system: str,
) -> None:
    figures, failures = damaged_journals(60, play=Play.of(every_system))
    assert failures == []
    assert figures["journals damaged"] == 60 and figures["records intact"] > 0
    assert figures["scenes that failed to open"] == figures["intact records lost"] == 0


def test_a_full_disk_at_any_append_leaves_nothing_in_memory_outside_the_journal(
    every_system: str,
) -> None:
    figures, failures = full_disk_appends(10, play=Play.of(every_system))
    assert failures == []
    assert figures["disks filled"] == 10 and figures["commands refused by a full disk"] == 10
    assert figures["changes in memory not in the journal"] == 0


@needs_fork
def test_two_writers_at_once_lose_no_update() -> None:
    figures, failures = two_writers(5)
    assert failures == []
    assert figures["races"] == 5
    assert figures["lost updates"] == figures["writers failed"] == 0
    assert figures["saves refused over a changed file"] == 0


@needs_fork
def test_without_the_lock_two_writers_do_race() -> None:
    """The race the lock prevents is real: without it an update is lost every time (the
    second save is refused over the changed file, or both check the file before either
    writes it and the second writes over the first)."""
    figures, _ = two_writers(3, lock=False)
    assert figures["lost updates"] >= 3


def test_screens_updated_and_opened_fresh_are_counted_and_agree() -> None:
    """One sequence of each kind: the long run's figures count them (the property itself
    runs a few examples in ``tests/ui/test_fresh_screen.py`` and
    ``tests/players/test_fresh_view.py``)."""
    figures, failures = fresh_screens(1)
    assert failures == []
    assert figures["dashboard sequences"] == figures["player view sequences"] == 1
    assert figures["dashboard commands"] >= 1
    assert figures["sequences where incremental differs from fresh"] == 0
