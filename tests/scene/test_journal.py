"""The autosave journal: appended commands survive a crash, a torn last line loses only
itself, and a journal is only replayed over the file version it was written against."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from fatescreen.scene.journal import DATA_DIR_VARIABLE, Journal, JournalWriteError, data_dir

BASE = 'format = 1\ntitle = "Test"\n'


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    """A journal for tmp_path/scene.toml kept in tmp_path/journals."""
    return Journal(tmp_path / "scene.toml", tmp_path / "journals")


def test_appended_commands_are_pending(journal: Journal) -> None:
    """Commands appended after start are pending, in order, with the dice they rolled."""
    journal.start(BASE)
    journal.append("stress silbestre 2")
    journal.append("roll rozio Shoot", ("+", "-", "0", "+"))
    journal.append("hyökkää Äijä")
    assert journal.pending(BASE) == [
        ("stress silbestre 2", ()),
        ("roll rozio Shoot", ("+", "-", "0", "+")),
        ("hyökkää Äijä", ()),
    ]


def test_no_journal_means_nothing_pending(journal: Journal) -> None:
    """A scene that was never journaled has nothing to recover."""
    assert journal.pending(BASE) == []


def test_journal_of_another_file_version_is_ignored(journal: Journal) -> None:
    """Commands journaled against other text are not replayed over this text."""
    journal.start(BASE)
    journal.append("stress silbestre 2")
    assert journal.pending(BASE + "gm_pool = 2\n") == []
    assert journal.pending(BASE) == [("stress silbestre 2", ())]


def test_start_after_a_save_forgets_old_commands(journal: Journal) -> None:
    """Starting a journal for the saved text replaces the previous journal."""
    journal.start(BASE)
    journal.append("stress silbestre 2")
    saved = BASE + "# saved\n"
    journal.start(saved)
    assert journal.pending(saved) == []
    assert journal.pending(BASE) == []


def test_discard_forgets_the_journal(journal: Journal) -> None:
    """Declining recovery deletes the journal; discarding twice is harmless."""
    journal.start(BASE)
    journal.append("stress silbestre 2")
    journal.discard()
    assert not journal.path.exists()
    assert journal.pending(BASE) == []
    journal.discard()


def test_torn_last_line_loses_only_itself(journal: Journal) -> None:
    """A crash in the middle of an append leaves a torn last line; the commands before it
    are still pending."""
    journal.start(BASE)
    journal.append("stress silbestre 2")
    journal.append("invoke rozio")
    with journal.path.open("a", encoding="utf-8") as handle:
        handle.write('{"command": "conc')
    assert journal.pending(BASE) == [("stress silbestre 2", ()), ("invoke rozio", ())]


def test_append_after_a_torn_line_starts_a_new_line(journal: Journal) -> None:
    """An append after a crash does not glue its command onto the torn line."""
    journal.start(BASE)
    journal.append("stress silbestre 2")
    with journal.path.open("a", encoding="utf-8") as handle:
        handle.write('{"command": "conc')
    journal.append("invoke rozio")
    assert journal.pending(BASE) == [("stress silbestre 2", ()), ("invoke rozio", ())]
    last = journal.path.read_text(encoding="utf-8").splitlines()[-1]
    assert json.loads(last) == {"command": "invoke rozio"}


def test_torn_first_line_means_nothing_to_recover(journal: Journal) -> None:
    """Without its first line the journal cannot be matched to a file version."""
    journal.path.parent.mkdir(parents=True)
    journal.path.write_text('{"base": "ab', encoding="utf-8")
    assert journal.pending(BASE) == []


def test_each_scene_file_has_its_own_journal(tmp_path: Path) -> None:
    """Two scenes with the same file name in different folders do not share a journal."""
    first = Journal(tmp_path / "a" / "scene.toml", tmp_path / "journals")
    second = Journal(tmp_path / "b" / "scene.toml", tmp_path / "journals")
    assert first.path != second.path
    first.start(BASE)
    first.append("stress silbestre 2")
    assert second.pending(BASE) == []


def test_data_dir_variable_moves_the_journals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FATESCREEN_DATA_DIR puts the journals in its own journals folder."""
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "data"))
    assert data_dir() == tmp_path / "data"
    journal = Journal(tmp_path / "scene.toml")
    assert journal.path.parent == tmp_path / "data" / "journals"
    journal.start(BASE)
    journal.append("stress silbestre 2")
    assert Journal(tmp_path / "scene.toml").pending(BASE) == [("stress silbestre 2", ())]


def test_an_entry_is_fsynced_before_append_returns(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """append returns once the entry is written and fsynced, on the caller's thread (the
    dashboard draws the frame that shows a change only after its command returns)."""
    journal.start(BASE)
    events: list[tuple[str, int, int]] = []
    real_fsync, real_write = os.fsync, os.write

    def fsync(descriptor: int) -> None:
        events.append(("fsync", os.fstat(descriptor).st_size, threading.get_ident()))
        real_fsync(descriptor)

    def write(descriptor: int, data: bytes) -> int:
        events.append(("write", len(data), threading.get_ident()))
        return real_write(descriptor, data)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "write", write)
    journal.append("stress silbestre 2")
    journal.append("invoke rozio")
    size = journal.path.stat().st_size
    first, second = (
        len(f'{{"command": "{line}"}}\n') for line in ("stress silbestre 2", "invoke rozio")
    )
    here = threading.get_ident()
    assert events == [
        ("write", first, here),
        ("fsync", size - second, here),
        ("write", second, here),
        ("fsync", size, here),
    ]
    assert journal.pending(BASE) == [("stress silbestre 2", ()), ("invoke rozio", ())]


def test_a_failed_fsync_is_raised_by_append(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An fsync's error reaches the caller of append as the journal's own error (nothing
    says the entry is safe), and the record is taken back."""
    journal.start(BASE)

    def failing(_descriptor: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing)
    with pytest.raises(JournalWriteError, match="Input/output error"):
        journal.append("stress silbestre 2")
    assert journal.pending(BASE) == []
