"""A fork server for the crash-safety test: each request forks a child that saves a scene
file over and over, alternating two texts, until the test kills it with SIGKILL.

Run as ``python kill_saver.py TARGET atomic|naive OLD_TEXT_FILE NEW_TEXT_FILE``. For each
line read on stdin it prints the child's pid, waits until the child is dead (the test kills
it) and prints ``reaped``. Forking from this small single-threaded process is cheap and
safe, unlike forking the test process or starting Python once per trial.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from fatescreen.scene.atomic import write_atomic


def naive_write(path: Path, text: str) -> None:
    """Truncate and write in place: what write_atomic exists to avoid."""
    with path.open("w", encoding="utf-8") as handle:
        handle.write(text)


def main() -> None:
    """Serve fork requests until stdin closes."""
    target = Path(sys.argv[1])
    writer = write_atomic if sys.argv[2] == "atomic" else naive_write
    texts = [Path(name).read_text(encoding="utf-8") for name in sys.argv[3:5]]
    writer(target, texts[0])  # warm up before the first fork: imports, temp file names
    for _request in sys.stdin:
        pid = os.fork()
        if pid == 0:
            try:
                turn = 1
                while True:
                    writer(target, texts[turn % 2])
                    turn += 1
            finally:
                os._exit(0)
        print(pid, flush=True)
        os.waitpid(pid, 0)
        print("reaped", flush=True)


if __name__ == "__main__":
    main()
