"""The player view follows a session at the cost of what changed: only the bytes appended
to the journal are read, the scene file only when it changed, and the follower starts
again from the files when the journal was begun again (a save) or cut short."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from fatescreen.commands.fate_session import are_faces
from fatescreen.commands.follow import Followed, Follower
from fatescreen.commands.session import Session
from fatescreen.scene import journal_tail
from fatescreen.scene.journal import Journal
from tests.players.support import files_opened


def _cycle(index: int) -> str:
    """The command at ``index`` of a session that repeats five commands for hours and
    leaves the scene as it was: a roll (each other than the one before), a stress box
    checked and cleared, the clearing undone and done again."""
    dice = ("0000", "+000")[index // 5 % 2]
    return (
        f"overcome silbestre Athletics {dice} vs 2",
        "stress silbestre physical 2",
        "stress silbestre physical 2",
        "undo",
        "redo",
    )[index % 5]


def _aspects(followed: Followed | None) -> list[str]:
    assert followed is not None and followed.scene is not None
    return [aspect.name for aspect in followed.scene.aspects]


def _saved_long_ago(scene: Path) -> None:
    """Date the scene file an hour back: a file written just before a look is read once
    more at the next look (it could change again within the same tick of the file clock)."""
    hour_ago = time.time() - 3600
    os.utime(scene, (hour_ago, hour_ago))


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes of the journal reads made from now on."""
    sizes: list[int] = []
    read_at = journal_tail.read_at

    def counted(descriptor: int, size: int, offset: int) -> bytes:
        data = read_at(descriptor, size, offset)
        sizes.append(len(data))
        return data

    monkeypatch.setattr(journal_tail, "read_at", counted)
    return sizes


def test_a_follower_given_5000_records_then_one_more_reads_only_that_record(
    chapel: Path, reads: list[int]
) -> None:
    journal = Session.open(chapel).journal  # begins the journal against the file
    assert journal is not None
    with journal.path.open("a", encoding="utf-8") as handle:
        handle.writelines(json.dumps({"command": _cycle(i)}) + "\n" for i in range(5000))
    _saved_long_ago(chapel)
    follower = Follower(chapel)
    first = follower.poll()
    assert first is not None and [roll.dice for roll in first.rolls] == ["0000", "+000"] * 2
    journal.append('aspect add "Smoke" free 1')
    reads.clear()
    with files_opened() as opened:
        followed = follower.poll()
    assert _aspects(followed) == ["Rain on the windows", "Smoke"]
    record = (json.dumps({"command": 'aspect add "Smoke" free 1'}) + "\n").encode()
    assert sum(reads) == len(record)
    assert str(chapel) not in opened and str(journal.path) not in opened
    with files_opened() as opened:
        assert follower.poll() is None  # nothing changed: nothing read
    assert sum(reads) == len(record) and str(chapel) not in opened


def test_a_save_or_a_journal_cut_short_starts_again_from_the_file(
    chapel: Path, reads: list[int]
) -> None:
    gm = Session.open(chapel)
    assert gm.journal is not None
    _saved_long_ago(chapel)
    follower = Follower(chapel)
    follower.poll()
    gm.execute('aspect add "Smoke" free 1')
    with files_opened() as opened:
        assert _aspects(follower.poll()) == ["Rain on the windows", "Smoke"]
    assert str(chapel) not in opened  # a record appended: the file is not looked at

    # the journal cut short in place, back to its first line: the file as it is
    base_line = gm.journal.path.read_bytes().split(b"\n")[0] + b"\n"
    os.truncate(gm.journal.path, len(base_line))
    reads.clear()
    with files_opened() as opened:
        assert _aspects(follower.poll()) == ["Rain on the windows"]
    assert str(chapel) in opened and sum(reads) == len(base_line)

    # a save (of the GM's scene, which still holds the smoke) puts a new journal in
    # place of the old one: read from its start
    gm.execute('aspect add "Fog" free 1')
    assert _aspects(follower.poll()) == ["Rain on the windows", "Fog"]
    gm.execute("save")
    gm.execute('aspect add "Ash" free 1')
    reads.clear()
    with files_opened() as opened:
        assert _aspects(follower.poll()) == ["Rain on the windows", "Smoke", "Fog", "Ash"]
    assert str(chapel) in opened
    assert sum(reads) == gm.journal.path.stat().st_size


def test_a_new_journal_longer_than_the_old_is_read_from_its_start(chapel: Path) -> None:
    """A journal replaced between two looks by a longer one (saved, then more commands)
    is read whole, never from where the old one ended."""
    gm = Session.open(chapel)
    follower = Follower(chapel)
    gm.execute('aspect add "Smoke" free 1')
    follower.poll()
    gm.execute("save")
    for name in ("Fog", "Ash", "Soot", "Embers"):
        gm.execute(f'aspect add "{name}" free 1')
    assert _aspects(follower.poll()) == [
        "Rain on the windows",
        "Smoke",
        "Fog",
        "Ash",
        "Soot",
        "Embers",
    ]


def test_a_torn_last_line_waits_for_its_newline(chapel: Path, reads: list[int]) -> None:
    journal = Session.open(chapel).journal
    assert journal is not None
    follower = Follower(chapel)
    follower.poll()
    record = json.dumps({"command": 'aspect add "Sävy" free 1'}, ensure_ascii=False) + "\n"
    data = record.encode("utf-8")
    cut = data.index("ä".encode()) + 1  # inside the two bytes of ä
    with journal.path.open("ab") as handle:
        handle.write(data[:cut])
        handle.flush()
        assert follower.poll() is None  # not UTF-8 yet: not a record, not damage either
        handle.write(data[cut:-1])
        handle.flush()
        assert follower.poll() is None  # whole JSON, but no newline yet: still being written
        reads.clear()
        handle.write(b"\n")
        handle.flush()
        assert _aspects(follower.poll()) == ["Rain on the windows", "Sävy"]
    assert sum(reads) == len(data)  # the torn line read again whole, once ended


def test_damaged_lines_among_the_new_ones_are_left_out(chapel: Path) -> None:
    journal = Session.open(chapel).journal
    assert journal is not None
    follower = Follower(chapel)
    follower.poll()
    with journal.path.open("ab") as handle:
        handle.write(b'{"command": "aspect add \\"Sm\xc3\n')  # torn inside a character
        handle.write(b"not json\n")
        handle.write(b'{"command": 5}\n')
        handle.write(b'{"command": "overcome silbestre Athletics vs 2", "dice": ["zz"]}\n')
        handle.write(b"[" * 100_000 + b"\n")
        handle.write(json.dumps({"command": 'aspect add "Fog" free 1'}).encode() + b"\n")
    followed = follower.poll()
    assert _aspects(followed) == ["Rain on the windows", "Fog"]
    assert followed is not None and followed.rolls == ()
    recovered = Journal(chapel, faces=are_faces).pending(chapel.read_text(encoding="utf-8"))
    assert recovered == [('aspect add "Fog" free 1', ())]


def test_a_journal_removed_or_begun_again_starts_again_from_the_file(chapel: Path) -> None:
    gm = Session.open(chapel)
    assert gm.journal is not None
    follower = Follower(chapel)
    gm.execute('aspect add "Smoke" free 1')
    assert "Smoke" in _aspects(follower.poll())
    gm.journal.discard()
    assert _aspects(follower.poll()) == ["Rain on the windows"]
    gm.start_journal()
    gm.journal.append('aspect add "Fog" free 1')
    assert _aspects(follower.poll()) == ["Rain on the windows", "Fog"]
    gm.discard_recovery()  # begun again against the file: nothing of it applies now
    assert _aspects(follower.poll()) == ["Rain on the windows"]


def test_a_file_changed_in_the_same_tick_as_the_look_before_is_read_again(
    chapel: Path,
) -> None:
    """File times advance by clock ticks: a hand edit of the same size, made within the
    tick of the file's last change, can leave its size and time as they were. A file that
    changed that close to a look is read again at the next look."""
    follower = Follower(chapel)
    os.utime(chapel)  # changed just now
    status = chapel.stat()
    assert follower.poll() is not None
    text = chapel.read_text(encoding="utf-8")
    edited = text.replace('"The drowned chapel"', '"The drowned church"')
    assert len(edited) == len(text) and edited != text
    with chapel.open("r+", encoding="utf-8") as handle:  # in place: the same inode
        handle.write(edited)
    os.utime(chapel, ns=(status.st_atime_ns, status.st_mtime_ns))
    followed = follower.poll()
    assert followed is not None and followed.scene is not None
    assert followed.scene.title == "The drowned church"
