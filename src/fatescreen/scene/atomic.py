"""Crash-safe writing of a file, and clearing what an interrupted write left behind."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from pathlib import Path

from fatescreen.scene.lock import alive

_TEMP = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.[^.]+\.tmp")
"""A temporary file of :func:`write_atomic`: ``.NAME.PID.RANDOM.tmp`` (the backup's is
``.NAME.bak.PID.RANDOM.tmp``)."""


_UMASK = os.umask(0o022)
os.umask(_UMASK)
"""The process's umask, read once (reading it means setting it)."""


class ReadOnlyFile(PermissionError):
    """The file to write is one its owner made read-only: fatescreen does not replace it."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            errno.EACCES, "the file is read-only (chmod u+w to let fatescreen save it)", str(path)
        )


def _keep_owner_and_mode(handle: int, like: os.stat_result | None) -> None:
    """Give a temporary file the mode (and, where permitted, the owner and group) of the file
    it replaces; a new file gets the mode the umask gives."""
    if like is None:
        os.fchmod(handle, 0o666 & ~_UMASK)
        return
    os.fchmod(handle, stat.S_IMODE(like.st_mode))
    with contextlib.suppress(PermissionError):
        os.fchown(handle, like.st_uid, like.st_gid)


def _temp_file(folder: Path, name: str) -> tuple[int, str]:
    return tempfile.mkstemp(prefix=f".{name}.{os.getpid()}.", suffix=".tmp", dir=folder)


def _alive(pid: int) -> bool:
    # this process writes one file at a time: a temp file of its own is stale
    return pid != os.getpid() and alive(pid)


def remove_stale_temps(path: Path) -> list[Path]:
    """Remove the temporary files that saves of ``path`` killed midway left beside it
    (those of a process still running are its own, and are left alone).

    Returns:
        The files removed.
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    owners = (path.name, path.name + ".bak")
    for entry in entries:
        match = _TEMP.fullmatch(entry.name)
        if not match or match["name"] not in owners or _alive(int(match["pid"])):
            continue
        try:
            if entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue  # someone else removed it, or it cannot be: it is only litter
    return removed


def write_atomic(path: Path, text: str, *, backup: bool = True) -> None:
    """Replace ``path`` with ``text`` so that a crash at any moment leaves either the old or
    the new file: write a temporary file in the same folder, fsync it, keep the old file as
    ``NAME.bak``, then atomically rename over it and fsync the folder. Temporary files of
    earlier saves that were killed midway are removed first.

    What the file was stays: a symbolic link is written through (its target is replaced,
    the link stays a link), the mode and, where permitted, the owner and group are kept,
    the backup's too.

    Raises:
        ReadOnlyFile: The file exists and has no write permission for anyone.
        OSError: The file or its folder cannot be written.
    """
    path = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        before: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        before = None
    if before is not None and not stat.S_IMODE(before.st_mode) & 0o222:
        raise ReadOnlyFile(path)
    folder = path.parent
    remove_stale_temps(path)
    handle, temp_name = _temp_file(folder, path.name)
    try:
        _keep_owner_and_mode(handle, before)
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as temp:
            temp.write(text)
            temp.flush()
            os.fsync(temp.fileno())
        if backup and before is not None:
            backup_path = path.with_name(path.name + ".bak")
            bak_handle, bak_temp = _temp_file(folder, backup_path.name)
            try:
                _keep_owner_and_mode(bak_handle, before)
                with os.fdopen(bak_handle, "wb") as bak:
                    bak.write(path.read_bytes())
                    bak.flush()
                    os.fsync(bak.fileno())
                os.replace(bak_temp, backup_path)
            except BaseException:
                Path(bak_temp).unlink(missing_ok=True)
                raise
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    directory = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)
