"""A damaged journal never keeps a scene from opening: the intact records are offered for
recovery, the damaged lines are left out and, when the journal starts again, set aside in
a ``.damaged`` file beside it. The damage a crash or a bad disk leaves: a line torn inside
a UTF-8 character (Finnish names make that likely), dice that no roll shows, dice of the
wrong type, and a line of 100,000 ``[``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from fatescreen.commands.follow import follow_once
from fatescreen.commands.session import Session
from fatescreen.scene.journal import Journal
from tests.scene.support import SCENES

DAMAGE = {
    "torn inside a character": '{"command": "aspect add \\"Äijä\'s'.encode()[:-3],
    "faces no roll shows": b'{"command": "overcome silbestre Athletics", "dice": ["zz"]}',
    "dice not a list": b'{"command": "fp give silbestre 1", "dice": 5}',
    "nested too deep": b"[" * 100_000,
    "not a record": b'"just a string"',
    "garbage": b"\xff\xfe\x00garbage",
}


@pytest.fixture
def scene(tmp_path: Path) -> Path:
    shutil.copytree(SCENES, tmp_path / "scenes")
    return tmp_path / "scenes" / "golden-mask.toml"


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_record_is_left_out_and_set_aside(
    damage: bytes, scene: Path, tmp_path: Path
) -> None:
    session = Session.open(scene, seed=1)
    session.execute('aspect add "Falling dust"')
    session.execute("fp give silbestre 1")
    assert session.journal is not None
    journal_path = session.journal.path
    with journal_path.open("ab") as file:
        file.write(damage + b"\n")
    session.journal.append("pool 5")
    reopened = Session.open(scene, seed=1)
    assert reopened.recovery_pending
    assert [command for command, _ in reopened.recoverable()] == [
        'aspect add "Falling dust"',
        "fp give silbestre 1",
        "pool 5",
    ]
    assert reopened.recover() == 3
    assert reopened.scene.gm_pool == 5
    assert any(aspect.name == "Falling dust" for aspect in reopened.scene.aspects)
    reopened.start_journal()
    aside = journal_path.with_suffix(".damaged")
    assert aside.read_bytes() == damage + b"\n"
    assert Journal(scene, journal_path.parent).damaged() == []


def test_the_player_view_follows_past_a_damaged_record(scene: Path) -> None:
    session = Session.open(scene, seed=1)
    session.execute('aspect add "Falling dust"')
    assert session.journal is not None
    with session.journal.path.open("ab") as file:
        file.write(b"".join(damage + b"\n" for damage in DAMAGE.values()))
    session.journal.append("pool 5")
    followed = follow_once(scene)
    assert followed.scene is not None and followed.scene.gm_pool == 5
    assert any(aspect.name == "Falling dust" for aspect in followed.scene.aspects)


def test_a_record_of_the_wrong_shape_is_damaged(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "scene.toml", tmp_path / "journals")
    journal.start("text")
    for record in ({"command": 5}, {"command": "x", "dice": [1]}, {"base": 3}, [1]):
        with journal.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(record) + "\n")
    journal.append("fp give ann 1")
    assert journal.pending("text") == [("fp give ann 1", ())]
    assert len(journal.damaged()) == 4


def test_a_change_the_journal_cannot_take_is_not_made(
    scene: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk when a change is journaled: the scene, its history and the journal stay
    as they were, and the session says why with its own error."""
    import errno
    import os

    from fatescreen.scene import journal as journal_module
    from fatescreen.scene.journal import JournalWriteError

    session = Session.open(scene, seed=1)
    session.execute('aspect add "Falling dust"')
    assert session.journal is not None
    before_scene, before_history = session.scene, session.history
    before_text = session.journal.path.read_bytes()
    real_write = os.write
    written: list[int] = []

    def full_disk(descriptor: int, data: bytes) -> int:
        if not written:
            written.append(real_write(descriptor, data[:5]))  # part of the record went in
            return written[0]
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(journal_module.os, "write", full_disk)
    with pytest.raises(JournalWriteError) as raised:
        session.execute("pool 5")
    assert "No space left on device" in raised.value.reason
    assert session.scene is before_scene and session.history is before_history
    assert session.journal.path.read_bytes() == before_text  # the torn part taken back
    monkeypatch.undo()
    assert [c for c, _ in Session.open(scene, seed=1).recoverable()] == [
        'aspect add "Falling dust"'
    ]


def test_the_journal_is_private(scene: Path) -> None:
    """The journal holds secret commands: only its owner may read it."""
    session = Session.open(scene, seed=1)
    session.execute('aspect add "Falling dust"')
    assert session.journal is not None
    assert session.journal.path.stat().st_mode & 0o077 == 0


def test_a_damaged_first_line_keeps_every_record_with_the_damaged_lines(scene: Path) -> None:
    """The first line names the text the records apply to: damaged, nothing can be replayed
    (none is offered), and every line is kept in the ``.damaged`` file, not lost."""
    session = Session.open(scene, seed=1)
    assert session.execute("fp give silbestre 1").ok
    assert session.journal is not None
    journal_path = session.journal.path
    lines = journal_path.read_bytes().split(b"\n")
    journal_path.write_bytes(b'{"base": "0000\xc3\n' + b"\n".join(lines[1:]))
    reopened = Session.open(scene, seed=1)
    assert not reopened.recovery_pending and reopened.recoverable() == []
    assert reopened.journal is not None and reopened.journal.set_aside is not None
    aside, count = reopened.journal.set_aside
    assert count == 2
    kept = aside.read_bytes()
    assert b'{"base": "0000\xc3' in kept and b'"command": "fp give silbestre 1"' in kept


def test_changes_journaled_on_another_version_of_the_file_are_kept(scene: Path) -> None:
    """A crash left changes unsaved, and the file was edited before the scene was opened
    again: they cannot be replayed on the edit (none is offered), and they are kept in the
    ``.damaged`` file, not lost with the old journal."""
    session = Session.open(scene, seed=1)
    assert session.execute("fp give silbestre 1").ok
    assert session.journal is not None
    journal_path = session.journal.path
    text = scene.read_text(encoding="utf-8")
    scene.write_text(text.replace("The golden mask", "The silver mask"), encoding="utf-8")
    reopened = Session.open(scene, seed=1)
    assert not reopened.recovery_pending and reopened.scene.title == "The silver mask"
    assert reopened.journal is not None and reopened.journal.set_aside is not None
    aside, count = reopened.journal.set_aside
    assert count == 2 and b'"command": "fp give silbestre 1"' in aside.read_bytes()
    assert Journal(scene, journal_path.parent).pending(scene.read_text(encoding="utf-8")) == []
    # a journal of the file as it is stays as it was: nothing more is set aside
    reopened.execute("pool 3")
    again = Session.open(scene, seed=1)
    assert again.recovery_pending and aside.read_bytes().count(b"\n") == 2
