"""Whether a GM's dashboard has a scene open: a small file next to its journal holding the
dashboard's process id, so that a player view can say when the GM's session has ended.

The file belongs to the process that claimed it: another process never takes over the file
of one that still runs, and only its owner removes it. It is readable by its owner only
(0600), like the journal beside it.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from fatescreen.scene.journal import Journal, private_folder
from fatescreen.scene.lock import alive


def presence_path(journal: Journal) -> Path:
    """The presence file of a journal's scene."""
    return journal.path.with_suffix(".live")


def _owner(path: Path) -> int | None:
    try:
        return int(path.read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return None


def claim(journal: Journal, *, writer: bool = False) -> bool:
    """Say that this process runs the journal's scene now (best effort: a player view
    that cannot tell only says the session is not running).

    Args:
        journal: The scene's journal.
        writer: This process holds the scene's writer lock: no other dashboard has the
            scene open, so a file naming another running process is a leftover whose
            process id was reused, and is taken over.

    Returns:
        False when another process that still runs holds the file (it is left as it is).
    """
    path = presence_path(journal)
    owner = _owner(path)
    if not writer and owner is not None and owner != os.getpid() and alive(owner):
        return False
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        private_folder(path.parent)
        descriptor = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(str(os.getpid()))
        os.replace(temp, path)  # whole or not at all: a reader never sees half an id
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink()
        return False
    return True


def release(journal: Journal) -> None:
    """Say that this process no longer runs the scene (if it was the one that claimed it:
    the file of another process is left alone)."""
    path = presence_path(journal)
    if _owner(path) == os.getpid():
        with contextlib.suppress(OSError):
            path.unlink()


def claimant(journal: Journal) -> int | None:
    """The process id of the dashboard that claimed the journal's scene, if one did."""
    return _owner(presence_path(journal))


def is_running(pid: int) -> bool:
    """True while the process ``pid`` runs (a dashboard that crashed leaves its presence
    file behind)."""
    return alive(pid)


def gm_present(journal: Journal) -> bool:
    """True while a dashboard that claimed the scene is still running."""
    owner = claimant(journal)
    return owner is not None and alive(owner)
