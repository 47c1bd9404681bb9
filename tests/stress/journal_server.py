"""A fork server for the journal kill test: each request forks a child that opens the scene
with its journal and applies commands one by one, printing the number of each command once
``execute`` has returned (the journal line is on disk by then), until the test kills it.

Run as ``python journal_server.py SCENE COMMANDS_FILE``. For each line ``go`` read on stdin
it prints the child's pid, relays ``ready`` once the child has opened the scene and then
the child's numbers, waits until the child is dead and
prints ``reaped``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from fatescreen.commands.session import Session


def main() -> None:
    """Serve fork requests until stdin closes."""
    scene = Path(sys.argv[1])
    commands = Path(sys.argv[2]).read_text(encoding="utf-8").split("\n")
    warm = Session.open(scene, journal=False)  # warm up: imports, verbs, caches
    for command in commands[:6]:
        warm.execute(command)
    for _request in sys.stdin:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            try:
                session = Session.open(scene)
                os.write(write_end, b"ready\n")
                for number, command in enumerate(commands):
                    if not session.execute(command).ok:
                        os.write(write_end, f"failed {number}\n".encode())
                        break
                    os.write(write_end, f"{number}\n".encode())
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
