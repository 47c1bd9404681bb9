"""Whether a GM's dashboard has a scene open: a small file next to its journal holding the
dashboard's process id, so that a player view can say when the GM's session has ended."""

from __future__ import annotations

import os
from pathlib import Path

from fatescreen.scene.journal import Journal


def presence_path(journal: Journal) -> Path:
    """The presence file of a journal's scene."""
    return journal.path.with_suffix(".live")


def claim(journal: Journal) -> None:
    """Say that this process runs the journal's scene now (best effort: a player view
    that cannot tell only says the session is not running)."""
    path = presence_path(journal)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(str(os.getpid()), encoding="utf-8")
    except OSError:
        pass


def release(journal: Journal) -> None:
    """Say that this process no longer runs the scene (if it was the one that claimed it)."""
    path = presence_path(journal)
    try:
        if path.read_text(encoding="utf-8").strip() == str(os.getpid()):
            path.unlink()
    except OSError:
        pass


def claimant(journal: Journal) -> int | None:
    """The process id of the dashboard that claimed the journal's scene, if one did."""
    try:
        return int(presence_path(journal).read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return None


def is_running(pid: int) -> bool:
    """True while the process ``pid`` runs (a dashboard that crashed leaves its presence
    file behind)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, run by another user
    return True


def gm_present(journal: Journal) -> bool:
    """True while a dashboard that claimed the scene is still running."""
    pid = claimant(journal)
    return pid is not None and is_running(pid)
