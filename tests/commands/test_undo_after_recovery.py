"""The changes a recovery replays are the journal's, not the file's: undoing one goes
back past no save, so nothing is written and nothing says it was."""

from __future__ import annotations

from pathlib import Path

from tests.stress.play import Play


def test_an_undo_after_a_recovery_writes_nothing(every_system: str, tmp_path: Path) -> None:
    play = Play.of(every_system)
    path = play.copy_into(tmp_path / "scene")
    before = path.read_text(encoding="utf-8")
    lines = play.changes(3)
    crashed = play.open(path, journal=True)
    for line in lines:
        assert crashed.execute(line).ok
    # a crash: nothing saved; the next session recovers the three changes
    again = play.open(path, journal=True)
    assert again.recover() == len(lines)
    undone = again.execute("undo")
    assert undone.ok and len(undone.lines) == 1, undone.lines  # no "saved again at once"
    assert "past the last save" not in " ".join(undone.lines)
    assert path.read_text(encoding="utf-8") == before
    # the undo is journaled with the changes it takes back: a second crash recovers both
    third = play.open(path, journal=True)
    assert [command for command, _ in third.recoverable()] == [*lines, "undo"]
    assert third.recover() == len(lines) + 1
    assert third.value == again.value or not third.commands.dirty(again.value, third.value)
