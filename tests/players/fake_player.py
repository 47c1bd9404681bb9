"""A stand-in player view process for the serve tests, far smaller than ``fatescreen
players``: it speaks the web driver's protocol, first draws ``pid N size WxH``, then echoes
each key packet as ``keys ...`` and each meta packet as ``meta {...}``.

``--ignore-term`` makes it ignore SIGTERM and stay after its input closes, as a player view
busy drawing does, so only SIGKILL ends it (it gives up by itself after a minute, so that a
failing test leaves nothing behind for long).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time

STUBBORN = "--ignore-term" in sys.argv


def send(kind: bytes, payload: bytes) -> None:
    sys.stdout.buffer.write(kind + len(payload).to_bytes(4, "big") + payload)
    sys.stdout.buffer.flush()


def main() -> None:
    if STUBBORN:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    sys.stdout.buffer.write(b"starting\n__GANGLION__\n")
    size = f"{os.environ['COLUMNS']}x{os.environ['ROWS']}"
    send(b"D", f"pid {os.getpid()} size {size}\n".encode())
    while len(header := sys.stdin.buffer.read(5)) == 5:
        payload = sys.stdin.buffer.read(int.from_bytes(header[1:], "big"))
        if header[:1] == b"D" and payload == b"q":
            send(b"M", json.dumps({"type": "exit"}).encode())
            return
        send(b"D", (b"keys " if header[:1] == b"D" else b"meta ") + payload)
    if STUBBORN:
        time.sleep(60)


if __name__ == "__main__":
    main()
