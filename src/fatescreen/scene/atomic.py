"""Crash-safe writing of a file, and clearing what an interrupted write left behind."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

_TEMP = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.[^.]+\.tmp")
"""A temporary file of :func:`write_atomic`: ``.NAME.PID.RANDOM.tmp`` (the backup's is
``.NAME.bak.PID.RANDOM.tmp``)."""


def _temp_file(folder: Path, name: str) -> tuple[int, str]:
    return tempfile.mkstemp(prefix=f".{name}.{os.getpid()}.", suffix=".tmp", dir=folder)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # this process writes one file at a time: a temp file of its own is stale
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


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
    earlier saves that were killed midway are removed first."""
    folder = path.parent
    remove_stale_temps(path)
    handle, temp_name = _temp_file(folder, path.name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as temp:
            temp.write(text)
            temp.flush()
            os.fsync(temp.fileno())
        if backup and path.exists():
            backup_path = path.with_name(path.name + ".bak")
            bak_handle, bak_temp = _temp_file(folder, backup_path.name)
            try:
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
