"""A fork server for the two-writers race: each request forks two writers that start at the
same moment on one scene, each opening it as a dashboard does (its writer lock first, then
its journal), adding one to the GM pool and an aspect of its own, waiting a moment (a GM
between a change and Ctrl+S) and saving. A writer refused by the lock tries again.

Run as ``python writer_server.py``. For each line ``SCENE LOCK PAUSE`` read on stdin (LOCK 1
or 0: 0 opens without the lock and without a journal, to show the race the lock prevents;
PAUSE in seconds) it prints one line per writer, ``TAG REFUSED SAVED`` (how often the lock
refused it, 1 if its save was written, 0 if refused), or ``TAG failed REASON``, then ``done``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from fatescreen.commands.session import Session
from fatescreen.scene.lock import SceneLocked

TAGS = ("Writer A", "Writer B")
GIVE_UP = 20.0
"""Seconds a refused writer keeps trying before it counts as failed."""


def write(scene: Path, tag: str, lock: bool, pause: float) -> str:
    """One writer's turn; the line it reports."""
    refused = 0
    start = time.monotonic()
    while True:
        try:
            session = Session.open(scene, lock=lock, journal=lock)
            break
        except SceneLocked:
            refused += 1
            if time.monotonic() - start > GIVE_UP:
                return f"{tag} failed still refused after {refused} tries"
            time.sleep(0.002)
    try:
        for line in (f"pool {session.scene.gm_pool + 1}", f'aspect add "{tag}"'):
            if not session.execute(line).ok:
                return f"{tag} failed {line}"
        time.sleep(pause)
        saved = session.execute("save").ok
    finally:
        session.close()
    return f"{tag} {refused} {int(saved)}"


def race(scene: Path, lock: bool, pause: float) -> None:
    """Fork the two writers, release them together, relay their lines."""
    start_read, start_write = os.pipe()
    report_read, report_write = os.pipe()
    children = []
    for tag in TAGS:
        pid = os.fork()
        if pid == 0:
            os.close(start_write)
            os.close(report_read)
            line = f"{tag} failed crashed"
            try:
                os.read(start_read, 1)  # both wait here until the parent lets them go
                line = write(scene, tag, lock, pause)
            except BaseException as error:  # a crash is reported, never hidden
                line = f"{tag} failed {type(error).__name__}: {error}"
            finally:
                os.write(report_write, (line + "\n").encode())
                os._exit(0)
        children.append(pid)
    os.close(start_read)
    os.close(report_write)
    os.write(start_write, b"gg")
    os.close(start_write)
    with os.fdopen(report_read, "rb") as reports:
        for line in reports:  # ends when both writers are dead
            print(line.decode().strip(), flush=True)
    for pid in children:
        os.waitpid(pid, 0)
    print("done", flush=True)


def main() -> None:
    """Serve races until stdin closes."""
    warm = Session.open(Path(sys.argv[1]), journal=False)  # warm up: imports, verbs, caches
    warm.execute("pool 1")
    for request in sys.stdin:
        scene, lock, pause = request.split()
        race(Path(scene), lock == "1", float(pause))


if __name__ == "__main__":
    main()
