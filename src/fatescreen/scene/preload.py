"""Loading a large scene file in a child process while the dashboard starts.

Parsing and checking a scene of thousands of records takes a fifth of a second or more,
and importing the interface about as long: a child process forked before the interface
is imported reads, parses and loads the file on another core, and the load takes the
scene from it (:func:`claim`) instead of doing it again. The child only ever speeds up a
load that succeeds: a scene with problems is checked again by the load itself (from the
text and TOML the child parsed), and when the child cannot be started (no ``fork``, no
process left), finds the file unreadable or not TOML, or fails in any other way, the
load reads and parses the file itself; so every problem is reported exactly as without
it, with its file, line and key.
"""

from __future__ import annotations

import copyreg
import dataclasses
import gc
import io
import os
import pickle
import signal
import stat
import tomllib
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from os import _exit as exit_now  # ends a forked child without running the parent's exit code
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from fatescreen.scene.source import MAX_FILE_BYTES, file_problem, long_key_line

if TYPE_CHECKING:
    from fatescreen.scene.load import LoadedScene

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


def _core_to_spare() -> bool:
    """Whether a core is likely idle (fewer processes waiting to run, over the last minute,
    than there are cores): on a machine already busy, a child process would take its
    time from the dashboard itself rather than from an idle core."""
    try:
        return os.getloadavg()[0] < (os.cpu_count() or 1)
    except OSError:
        return False


def start(path: Path, threshold: int = PRELOAD_BYTES) -> bool:
    """Start loading ``path`` in a child process when it is a regular file of at least
    ``threshold`` bytes and a core is likely idle; True when a child was started.

    Call it before importing anything large: the child is a copy of this process.
    """
    if not hasattr(os, "fork") or not _core_to_spare() or file_problem(path) is not None:
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


def _proxy(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    """A read-only view of ``mapping`` (how the scene's read-only mappings are unpickled)."""
    return MappingProxyType(mapping)


_NEW_OBJECT: Callable[..., Any] = copyreg.__newobj__  # type: ignore[attr-defined]
"""What pickle writes as its opcode that makes a bare instance of a class (typeshed does
not list it)."""

_ANY = object()
"""Stands for a field with no default held by its class (never a field's value)."""


def _class_defaults(kind: type) -> dict[str, object] | None:
    """The defaults that the class of a scene value holds for its fields, by name, or None
    for a value that is not a frozen dataclass of fatescreen's (pickled as usual)."""
    if not (
        dataclasses.is_dataclass(kind)
        and kind.__module__.startswith("fatescreen.")
        and kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
        and "__slots__" not in kind.__dict__
    ):
        return None
    fields = dataclasses.fields(kind)
    return {
        field.name: kind.__dict__[field.name]
        for field in fields
        if field.default is not dataclasses.MISSING and field.name in kind.__dict__
    }


class _Pickler(pickle.Pickler):
    """Pickles the scene's read-only mappings (``skills``) as views of plain dicts, and
    its frozen values without the fields that hold their class's default.

    A value unpickled without a field reads its class's default, the very object a value
    built the ordinary way holds (a frozen dataclass keeps each field's default on its
    class), so it compares, hashes and copies as before. Thousands of characters hold
    defaults in most of their two dozen fields: unpickled without them, the dashboard
    takes the scene in about half the work.
    """

    def __init__(self, file: io.BytesIO) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._defaults: dict[type, dict[str, object] | None] = {}

    def reducer_override(self, obj: Any) -> Any:
        kind = type(obj)
        if kind is MappingProxyType:
            return _proxy, (dict(obj),)
        try:
            defaults = self._defaults[kind]
        except KeyError:
            defaults = self._defaults[kind] = _class_defaults(kind)
        if defaults is None:
            return NotImplemented
        # only the default object itself is left out: a value merely equal to it (another
        # type, or another object with its own identity) is kept as it is
        state = {
            name: value
            for name, value in obj.__dict__.items()
            if defaults.get(name, _ANY) is not value
        }
        return _NEW_OBJECT, (kind,), state


def dumps(value: object) -> bytes:
    """``value`` pickled as the child hands it over (see :class:`_Pickler`)."""
    buffer = io.BytesIO()
    _Pickler(buffer).dump(value)
    return buffer.getvalue()


def _child(path: Path, pipe: int) -> None:  # pragma: no cover - runs in the child
    """Read, parse and load the file, write the pickled result to ``pipe`` and exit: the
    loaded scene, or the text and the parsed TOML when the scene has problems (the load
    then finds them itself), or nothing and status 1 on any other failure or anything
    unusual (the load then reads and parses the file itself, with every check of
    ``scene.source``)."""
    status = 1
    # the child makes some hundred thousand objects and frees none before it exits: the
    # cyclic collector would only walk them again and again
    gc.disable()
    try:
        text = _read(path)
        if long_key_line(text) is not None:
            raise ValueError("a key too long to parse: the parent says so")
        data = tomllib.loads(text)
        result: object
        try:
            from fatescreen.scene.errors import SceneFileError
            from fatescreen.scene.load import load_parsed

            result = load_parsed(text, data, path, None)
        except SceneFileError:
            result = (text, data)
        # a loaded scene goes over without the parsed TOML: its tables are freed before
        # the pickling makes its own objects (the child's peak memory counts as the
        # dashboard's)
        del data
        buffer = io.BytesIO()
        _Pickler(buffer).dump(result)
        view = buffer.getbuffer()
        while view:
            view = view[os.write(pipe, view) :]
        status = 0
    except BaseException:  # the parent loads the file itself
        pass
    finally:
        exit_now(status)


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


def collect(child: _Child) -> bytes | None:
    """Everything the child wrote, once it has ended (None if it failed)."""
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
        if _version(child.path) != child.version:
            return None  # the file changed since: read as it is now
    except OSError:
        return None
    return b"".join(chunks)


def forget(path: Path) -> None:
    """Stop the child started for ``path``, if any, and wait for it (the file is not
    loaded as a scene after all)."""
    child = _started.pop(_key(path), None) if _started else None
    if child is None:
        return
    os.close(child.pipe)
    with suppress(ProcessLookupError):
        os.kill(child.pid, signal.SIGKILL)
    with suppress(ChildProcessError):
        os.waitpid(child.pid, 0)


def load(path: Path) -> LoadedScene:
    """The scene at ``path``: loaded by the child started for it, or else here (see
    :func:`fatescreen.scene.load.load_scene`, whose errors it raises)."""
    from fatescreen.scene.load import LoadedScene, load_parsed, load_scene

    claimed = claim(path)
    if isinstance(claimed, LoadedScene) and claimed.path == path:
        # loaded without a campaign's party: a scene that names the campaign's PCs has a
        # problem without them, and comes back as text and TOML
        return claimed
    if isinstance(claimed, tuple) and len(claimed) == 2 and isinstance(claimed[0], str):
        return load_parsed(claimed[0], claimed[1], path, None)
    return load_scene(path)


def claim(path: Path) -> object:
    """What the child started for ``path`` made of it: the loaded scene (a
    ``LoadedScene``) or, for a scene with problems, its text and parsed TOML (a pair);
    None when no child was started, it did not succeed, or the file changed since it
    started (the caller then reads and parses)."""
    child = _started.pop(_key(path), None) if _started else None
    payload = collect(child) if child is not None else None
    if payload is None:
        return None
    try:
        return pickle.loads(payload)
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError):
        return None


__all__ = ["PRELOAD_BYTES", "claim", "collect", "dumps", "forget", "load", "start"]
