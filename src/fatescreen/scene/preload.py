"""Reading and parsing a large scene file in a child process while the dashboard starts.

Parsing a scene of thousands of records takes a tenth of a second or more, and importing
the interface about as long: a child process forked before the interface is imported
reads and parses the file on another core, and the load takes the parsed data from it
(:func:`claim`) instead of parsing again. The child only ever speeds up a load that
succeeds: when it cannot be started (no ``fork``, no process left), or finds the file
unreadable or not TOML, or fails in any other way, the load reads and parses the file
itself, so every problem is reported exactly as without it, with its file and line.
"""

from __future__ import annotations

import os
import pickle
import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fatescreen.scene.source import MAX_FILE_BYTES, file_problem

PRELOAD_BYTES = 128 * 1024
"""Files from this size on are parsed in a child process (a smaller one parses in a few
milliseconds: a process would cost more time and memory than it saves)."""


@dataclass(frozen=True)
class _Child:
    """A child process parsing ``path``, its pickled result coming through ``pipe``."""

    path: Path
    pid: int
    pipe: int
    version: tuple[int, int, int]
    """The file's inode, size and modification time when the child started."""


def _version(path: Path) -> tuple[int, int, int]:
    status = os.stat(path)
    return status.st_ino, status.st_size, status.st_mtime_ns


_started: dict[Path, _Child] = {}


def _key(path: Path) -> Path:
    return path.resolve()


def start(path: Path, threshold: int = PRELOAD_BYTES) -> bool:
    """Start reading and parsing ``path`` in a child process when it is a regular file of
    at least ``threshold`` bytes; True when a child was started.

    Call it before importing anything large: the child is a copy of this process.
    """
    if not hasattr(os, "fork") or file_problem(path) is not None:
        return False
    try:
        version = _version(path)
        if version[1] < threshold:
            return False
        key = _key(path)
        if key in _started:
            return True
        read_end, write_end = os.pipe()
    except OSError:
        return False
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return False
    if pid == 0:  # pragma: no cover - runs in the child, which never returns
        os.close(read_end)
        _child(path, write_end)
    os.close(write_end)
    _started[key] = _Child(key, pid, read_end, version)
    return True


def _child(path: Path, pipe: int) -> None:  # pragma: no cover - runs in the child
    """Read and parse the file, write the pickled text and data to ``pipe``, and exit
    (status 1, nothing written, on any failure or anything unusual: the load then reads
    and parses the file itself, with every check of ``scene.source``)."""
    status = 1
    try:
        text = _read(path)
        payload = pickle.dumps((text, tomllib.loads(text)), protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(payload)
        while view:
            view = view[os.write(pipe, view) :]
        status = 0
    except BaseException:  # the parent loads the file itself
        pass
    finally:
        os._exit(status)


def _read(path: Path) -> str:  # pragma: no cover - runs in the child
    """The file's text, opened without waiting (it was a regular file of a size
    ``file_problem`` accepts when the child started: it must still be one)."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_FILE_BYTES:
            raise OSError("not a regular file of a scene's size")
        with os.fdopen(handle, "rb", closefd=False) as file:
            raw = file.read(status.st_size + 1)
    finally:
        os.close(handle)
    if len(raw) != status.st_size:
        raise OSError("the file changed while it was read")
    return raw.decode("utf-8")


def claim(path: Path) -> tuple[str, dict[str, Any]] | None:
    """The text of ``path`` and its parsed TOML, from the child started for it, or None
    when none was started, it did not succeed, or the file changed since it started (the
    caller then reads and parses)."""
    child = _started.pop(_key(path), None) if _started else None
    if child is None:
        return None
    chunks: list[bytes] = []
    try:
        while chunk := os.read(child.pipe, 1 << 20):
            chunks.append(chunk)
    except OSError:
        chunks = []
    finally:
        os.close(child.pipe)
    try:
        _, status = os.waitpid(child.pid, 0)
    except ChildProcessError:
        return None
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0 or not chunks:
        return None
    try:
        if _version(path) != child.version:
            return None  # the file changed since: read as it is now
    except OSError:
        return None
    try:
        text, data = pickle.loads(b"".join(chunks))
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(text, str) or not isinstance(data, dict):
        return None
    return text, data


__all__ = ["PRELOAD_BYTES", "claim", "start"]
