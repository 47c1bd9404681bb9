"""One writer per scene: the lock a dashboard or a saving script holds on a scene file (or a
campaign folder) while it may write it, with who holds it.

The lock is an OS file lock (``flock``) on a small file beside the scene's journal in the
data folder, so the system lets it go when its process ends, even by SIGKILL or a power
cut. The file also says who holds it (process id, host, since when), for the refusal that
another process gets. Where the system has no ``flock`` (or the folder's file system will
not take one), the file itself is the lock: created exclusively, removed on release, and
taken over when its holder is a process of this host that is no longer running.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import secrets
import socket
import time
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - a system without flock: the portable lock only
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"
"""The lock file's suffix, beside the journal (``NAME-KEY.lock``)."""


def alive(pid: int) -> bool:
    """Whether a process with this id runs on this host (run by anyone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # alive, run by another user (or an id no process can have)
    return True


@dataclass(frozen=True)
class Holder:
    """Who holds a writer lock: a process on a host, since a moment (seconds since the
    epoch), told apart from any other holder of that process by a random token (two locks
    taken in the same millisecond are still two holders)."""

    pid: int
    host: str
    since: float
    token: str = ""

    @classmethod
    def this_process(cls) -> Holder:
        """The holder this process would be, from now."""
        return cls(os.getpid(), socket.gethostname(), round(time.time(), 3), secrets.token_hex(8))

    def as_record(self) -> dict[str, object]:
        """The holder as the lock file and the journal's first line record it."""
        return {"pid": self.pid, "host": self.host, "since": self.since, "token": self.token}

    @classmethod
    def from_record(cls, record: object) -> Holder | None:
        """A holder read back from :meth:`as_record` (None if it is not one)."""
        if not isinstance(record, dict):
            return None
        pid, host, since = record.get("pid"), record.get("host"), record.get("since")
        if not isinstance(pid, int) or not isinstance(host, str):
            return None
        if not isinstance(since, (int, float)) or isinstance(since, bool):
            return None
        token = record.get("token", "")
        return cls(pid, host, float(since), token if isinstance(token, str) else "")

    def since_text(self) -> str:
        """When the holder took the lock, in local time (``2026-01-31 20:15``)."""
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.since))

    def gone(self) -> bool:
        """True when the holder is a process of this host that no longer runs (a holder on
        another host may be running: it is never taken for gone)."""
        return self.host == socket.gethostname() and not alive(self.pid)


class SceneLocked(Exception):
    """Another process holds the writer lock of a scene or campaign folder.

    Attributes:
        target: The scene file or campaign folder.
        holder: Who holds it (None when the lock file does not say, e.g. while the other
            process is still writing it).
    """

    def __init__(self, target: Path, holder: Holder | None) -> None:
        who = f"process {holder.pid} on {holder.host}" if holder else "another process"
        super().__init__(f"{target} is open for writing by {who}")
        self.target = target
        self.holder = holder


def _read_holder(data: bytes) -> Holder | None:
    try:
        return Holder.from_record(json.loads(data.decode("utf-8")))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def _record(holder: Holder) -> bytes:
    return (json.dumps(holder.as_record()) + "\n").encode("utf-8")


class WriterLock:
    """The writer lock of one scene file or campaign folder.

    Args:
        path: The lock file.
        target: The scene file or campaign folder it locks (for the refusal's message).
        os_lock: False to use the portable lock file even where ``flock`` works (tests).
    """

    def __init__(self, path: Path, target: Path, *, os_lock: bool = True) -> None:
        self.path = path
        self.target = target
        self.os_lock = os_lock and fcntl is not None
        self.holder: Holder | None = None
        """This process, while it holds the lock."""
        self._descriptor: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self.holder is not None

    def acquire(self) -> Holder:
        """Take the lock, or say who has it.

        Returns:
            This process as the holder.

        Raises:
            SceneLocked: Another process (or another lock object of this one) holds it.
            OSError: The lock file cannot be created (an unwritable data folder).
        """
        if self.holder is not None:
            return self.holder
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        holder = Holder.this_process()
        if self.os_lock and self._flock(holder):
            return holder
        self._exclusive(holder)
        return holder

    def _flock(self, holder: Holder) -> bool:
        """Take the lock with ``flock``; False when the file system cannot lock (the
        portable lock is used instead)."""
        assert fcntl is not None
        descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            data = os.pread(descriptor, 4096, 0)
            os.close(descriptor)
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise SceneLocked(self.target, _read_holder(data)) from None
            return False  # ENOLCK, EOPNOTSUPP...: a file system without flock
        try:
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, _record(holder), 0)
        except OSError:
            os.close(descriptor)  # closing lets the lock go
            raise
        self._descriptor, self.holder = descriptor, holder
        return True

    def _exclusive(self, holder: Holder) -> None:
        """Take the lock as a file created exclusively; a file left by a process of this
        host that no longer runs is taken over (once: a second holder is a live one)."""
        for _attempt in range(2):
            try:
                descriptor = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                try:
                    found = _read_holder(self.path.read_bytes())
                except OSError:
                    found = None  # removed meanwhile: try again
                    continue
                if found is not None and found.gone():
                    self.path.unlink(missing_ok=True)
                    continue
                raise SceneLocked(self.target, found) from None
            try:
                os.write(descriptor, _record(holder))
                os.fsync(descriptor)
            except OSError:
                self.path.unlink(missing_ok=True)
                raise
            finally:
                os.close(descriptor)
            self.holder = holder
            return
        raise SceneLocked(self.target, None)

    def release(self) -> None:
        """Let the lock go (nothing if it is not held). Never raises."""
        if self.holder is None:
            return
        if self._descriptor is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._descriptor, 0)  # the file no longer names a holder
            with contextlib.suppress(OSError):
                os.close(self._descriptor)  # lets the flock go
            self._descriptor = None
        else:
            with contextlib.suppress(OSError):
                if _read_holder(self.path.read_bytes()) == self.holder:
                    self.path.unlink()
        self.holder = None

    def __enter__(self) -> WriterLock:
        self.acquire()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.release()


def lock_of(journal_path: Path, target: Path, *, os_lock: bool = True) -> WriterLock:
    """The writer lock that goes with a journal (see :class:`~fatescreen.scene.journal.Journal`):
    the same name with :data:`LOCK_SUFFIX`."""
    return WriterLock(journal_path.with_suffix(LOCK_SUFFIX), target, os_lock=os_lock)
