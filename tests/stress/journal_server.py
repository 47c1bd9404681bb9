"""A fork server for the journal kill test: each request forks a child that opens the scene
with its journal and applies commands one by one, printing the number of each command once
``execute`` has returned (the journal line is on disk by then), until the test kills it.

Run as ``python journal_server.py SCENE COMMANDS_FILE [REGISTER]``: the scene's system
opens it, its dice seeded as the test's sessions are (``REGISTER``, ``module:function``,
registers a system that is not built in first). For each line ``go`` read on stdin
it prints the child's pid, relays ``ready`` once the child has opened the scene and then
the child's numbers, waits until the child is dead and
prints ``reaped``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from fatescreen import systems
from fatescreen.systems import load_part

SEED = 1
"""The dice seed of the test's sessions (``tests.stress.play.SEED``)."""


def main() -> None:
    """Serve fork requests until stdin closes."""
    scene = Path(sys.argv[1])
    commands = Path(sys.argv[2]).read_text(encoding="utf-8").split("\n")
    if len(sys.argv) > 3:
        load_part(sys.argv[3])()
    system = systems.of_file(scene)
    warm = system.open_session(scene, seed=SEED, journal=False)  # warm up: imports, verbs, caches
    for command in commands[:6]:
        warm.execute(command)
    for _request in sys.stdin:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            try:
                session = system.open_session(scene, seed=SEED)
                os.write(write_end, b"ready\n")
                for number, command in enumerate(commands):
                    if not session.execute(command).ok:
                        os.write(write_end, f"failed {number}\n".encode())
                        break
                    os.write(write_end, f"{number}\n".encode())
                while True:  # every command done: wait for the kill, as a GM between lines
                    time.sleep(1)
            finally:
                os._exit(0)
        os.close(write_end)
        print(pid, flush=True)
        with os.fdopen(read_end, "rb") as child:
            for line in child:  # ends when the child is dead (its end of the pipe closed)
                print(line.decode().strip(), flush=True)
        os.waitpid(pid, 0)
        print("reaped", flush=True)


if __name__ == "__main__":
    main()
