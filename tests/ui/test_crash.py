"""An unexpected error in the dashboard, in a real terminal: the terminal is left clean,
one paragraph says where the log is, the log holds the traceback without any local
variable's value, the journal still holds every change, and the exit status is not 0.

The dashboard runs in a child process on a pseudo-terminal; its help action is replaced
by one that fails with a secret in a local variable, as a bug would."""

from __future__ import annotations

import os
import pty
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fatescreen.commands.session import Session
from tests.scene.support import SCENES

SECRET = "the-cult-leader-is-the-mayor"
ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>]|P[^\x1b]*\x1b\\)")


def _plain(seen: bytearray) -> bytes:
    return ESCAPES.sub(b"", bytes(seen))


CHILD = f"""
import sys
from fatescreen.ui.app import FatescreenApp

def broken_help(self):
    hidden_truth = {SECRET!r}
    raise RuntimeError("injected: " + str(len(hidden_truth)))

FatescreenApp.action_help = broken_help
from fatescreen.cli import main
sys.exit(main(sys.argv[1:]))
"""

FULL_DISK = """
import errno, os, sys
from fatescreen.scene import journal

real_append = journal.Journal.append

def append(self, command, dice=()):
    if command.startswith("pool"):
        raise journal.JournalWriteError(self.path, os.strerror(errno.ENOSPC))
    return real_append(self, command, dice)

journal.Journal.append = append
from fatescreen.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _read_until(master: int, seen: bytearray, done: callable, seconds: float) -> None:  # type: ignore[valid-type]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not done():
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            seen += chunk


def _play(
    child_source: str, scene: Path, data: Path, keys: list[bytes], tmp_path: Path
) -> tuple[int, str]:
    """Run the dashboard on a pseudo-terminal, type ``keys`` (a pause after each) and
    return its exit status and everything it wrote."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("TEXTUAL", "FATESCREEN_", "NO_COLOR"))
    }
    env |= {
        "FATESCREEN_DATA_DIR": str(data),
        "FATESCREEN_CONFIG_DIR": str(tmp_path / "config"),
        "FATESCREEN_CACHE_DIR": str(tmp_path / "cache"),
        "TERM": "xterm-256color",
    }
    master, slave = pty.openpty()
    os.set_blocking(master, False)
    child = subprocess.Popen(
        [sys.executable, "-c", child_source, str(scene), "--lang", "en"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        close_fds=True,
    )
    os.close(slave)
    seen = bytearray()
    try:
        _read_until(master, seen, lambda: b"Silbestre" in _plain(seen), 60)
        assert b"Silbestre" in _plain(seen), "the dashboard did not draw"
        time.sleep(0.5)
        for key in keys:
            os.write(master, key)
            time.sleep(0.4)
            _read_until(master, seen, lambda: child.poll() is not None, 0.6)
        _read_until(master, seen, lambda: child.poll() is not None, 60)  # a busy machine's pace
        status = child.wait(timeout=30)
        _read_until(master, seen, lambda: False, 0.5)
    finally:
        if child.poll() is None:
            child.kill()
        os.close(master)
    return status, seen.decode("utf-8", errors="replace")


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_a_full_disk_under_the_journal_ends_in_a_message_and_loses_nothing_journaled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal cannot take a change: the dashboard ends with a non-zero status and a
    paragraph naming the journal and the reason; the change before it is recovered."""
    shutil.copytree(SCENES, tmp_path / "scenes")
    scene = tmp_path / "scenes" / "golden-mask.toml"
    data = tmp_path / "data"
    status, out = _play(
        FULL_DISK, scene, data, [b":", b"fp give silbestre 1\r", b":", b"pool 5\r"], tmp_path
    )
    assert status != 0
    ending = out[out.rfind("\x1b[?1049l") :].replace("\r\n", " ").replace("\n", " ")
    assert "could not write its journal" in ending and "No space left on device" in ending
    assert "Traceback" not in out
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(data))
    session = Session.open(scene, seed=1)
    assert [command for command, _ in session.recoverable()] == ["fp give silbestre 1"]


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_a_crash_is_a_short_message_a_log_and_a_kept_journal(tmp_path: Path) -> None:
    shutil.copytree(SCENES, tmp_path / "scenes")
    scene = tmp_path / "scenes" / "golden-mask.toml"
    data = tmp_path / "data"
    status, out = _play(CHILD, scene, data, [b":", b"fp give silbestre 1\r", b"?"], tmp_path)
    assert status != 0
    ending = out[out.rfind("\x1b[?1049l") :]  # after the dashboard left the screen
    assert "fatescreen stopped on an unexpected error" in ending
    assert "Traceback" not in out and "RuntimeError" not in out and SECRET not in out
    logs = sorted((data / "logs").glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in ending.replace("\r\n", "").replace("\n", "")
    log = logs[0].read_text(encoding="utf-8")
    assert "Traceback" in log and "RuntimeError: injected: 28" in log
    assert SECRET not in log, "a local variable's value was written"
    assert logs[0].stat().st_mode & 0o077 == 0
    journals = list((data / "journals").glob("golden-mask-*.jsonl"))
    assert len(journals) == 1 and "fp give silbestre 1" in journals[0].read_text("utf-8")
