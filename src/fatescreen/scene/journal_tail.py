"""Reading a journal as it grows: each look reads only the bytes appended since the one
before, and notices when the journal was begun again (the player view follows a live
session this way, at a cost that does not grow with the session)."""

from __future__ import annotations

import os
import stat
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from fatescreen.scene.journal import record_of

JournalRecord = tuple[str, tuple[str, ...]]
"""A journaled command line and the faces of the dice it rolled."""


def read_at(descriptor: int, size: int, offset: int) -> bytes:
    """Up to ``size`` bytes of an open file from ``offset`` (fewer at its end)."""
    os.lseek(descriptor, offset, os.SEEK_SET)
    parts = []
    while size > 0:
        part = os.read(descriptor, size)
        if not part:
            break
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


@dataclass(frozen=True)
class TailChange:
    """What one look at a journal found."""

    restarted: bool
    """The records were read from the journal's start: the first look, or a journal begun
    again (replaced, cut short or removed): nothing read before stands."""
    first_new: int
    """The index in :attr:`JournalTail.records` of the first record this look added."""


class JournalTail:
    """Follows one journal file: :meth:`look` reads what was appended since the last look.

    The journal's file is kept open between looks. A journal is never rewritten in place:
    :meth:`~fatescreen.scene.journal.Journal.start` puts a new file in its place, and a
    file that is still open keeps its inode number, so a new journal never has the one of
    the file read so far, however soon the number is given out again. A journal that got
    shorter than what was read was cut short: it is read again from its start too.
    """

    def __init__(self, path: Path, *, faces: Callable[[str], bool] | None = None) -> None:
        self.path = path
        self.faces = faces
        """Whether a record's dice are faces a roll could show (None: any)."""
        self.base: str | None = None
        self.writer: object = None
        """The writer the journal's first line names (None for a session without the
        scene's lock): a journal begun by another writer over the same text is a crash's
        recovery, or its discarding, not a save."""
        """The digest the journal's first record names; None before it is read, or when
        the first record is not a base (then no record applies to any text)."""
        self.stepped: int | None = None
        self.position: int | None = None
        """How many steps the writer's history had done when the journal began (None: not
        said, as in a journal with entries or from an earlier release)."""
        """The undo (negative) and redo steps taken past saves that the journal's first
        line counts (see :meth:`~fatescreen.scene.journal.Journal.start`); None if it
        counts none."""
        self.records: list[JournalRecord] = []
        """Every command record of the journal read so far, in order; damaged lines are
        left out, as :meth:`~fatescreen.scene.journal.Journal.pending` leaves them out."""
        self._descriptor: int | None = None
        self._close: weakref.finalize[[int], JournalTail] | None = None
        self._identity: tuple[int, int] | None = None
        self._offset = 0
        """How far the journal was read: to the end of its last whole line."""
        self._size = 0
        """The journal's size at the last look (a torn line past :attr:`_offset` is read
        again, whole, once the journal grows)."""
        self._begun = False
        """Whether the journal's first record was read."""

    def look(self) -> TailChange | None:
        """Read what the journal gained since the last look; None when it did not change
        (one ``stat`` call)."""
        try:
            status = os.stat(self.path)
        except OSError:
            status = None
        if status is None or not stat.S_ISREG(status.st_mode):
            if self._identity is None:
                return None
            self._begin_again(None)
            return TailChange(True, 0)
        identity = (status.st_dev, status.st_ino)
        if identity == self._identity and status.st_size == self._size:
            return None
        restarted = identity != self._identity or status.st_size < self._offset
        if restarted and not self._reopen():
            return TailChange(True, 0)
        first_new = len(self.records)
        self._read()
        return TailChange(restarted, first_new)

    def close(self) -> None:
        """Let go of the journal's file (a later look opens it again)."""
        self._begin_again(None)

    def _reopen(self) -> bool:
        """Open the journal now at the path, from its start; False when it cannot be read."""
        try:
            descriptor = os.open(self.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            self._begin_again(None)
            return False
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            os.close(descriptor)
            self._begin_again(None)
            return False
        self._begin_again(descriptor)
        self._identity = (status.st_dev, status.st_ino)
        return True

    def _begin_again(self, descriptor: int | None) -> None:
        if self._close is not None:
            self._close()
        self._descriptor = descriptor
        self._close = None if descriptor is None else weakref.finalize(self, os.close, descriptor)
        self._identity = None
        self._offset = self._size = 0
        self.base, self.records, self._begun, self.writer = None, [], False, None
        self.stepped = None
        self.position = None

    def _read(self) -> None:
        """Read from the end of the last whole line to the journal's end as it is now."""
        assert self._descriptor is not None
        size = os.fstat(self._descriptor).st_size
        data = read_at(self._descriptor, size - self._offset, self._offset)
        self._size = self._offset + len(data)
        whole = data.rfind(b"\n") + 1  # a torn last line waits for its newline
        self._offset += whole
        for line in data[:whole].split(b"\n"):
            entry = record_of(line, self.faces) if line else None
            if entry is None:
                continue  # a line torn by a crash: the lines around it are good
            if not self._begun:
                self._begun = True
                base = entry.get("base")
                self.base = base if isinstance(base, str) else None
                self.writer = entry.get("writer")
                stepped = entry.get("stepped")
                self.stepped = stepped if type(stepped) is int else None
                position = entry.get("position")
                self.position = position if type(position) is int and position >= 0 else None
            elif "command" in entry:  # not a save's marker: the save restarts the journal
                command, dice = entry["command"], entry.get("dice", [])
                assert isinstance(command, str) and isinstance(dice, list)
                self.records.append((command, tuple(str(face) for face in dice)))
