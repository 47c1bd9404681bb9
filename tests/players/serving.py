"""Running ``fatescreen players --serve`` as the GM does, on loopback, with every wait
bounded: start it, read what it prints, look at its player processes, stop it with Ctrl+C."""

from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

WAIT = 30.0
"""The longest any step waits, in seconds."""


def malformed_requests(cookie: str, token: str) -> list[bytes]:
    """Requests a server must refuse with 400: a cookie that is not UTF-8, the token twice,
    a terminal size that is no size, and what no HTTP parser can read."""
    with_cookie = f"Cookie: {cookie}={token}\r\n".encode()
    return [
        b"GET / HTTP/1.1\r\nHost: x\r\nCookie: " + cookie.encode() + b"=\xff\xfe\xfd\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\n" + with_cookie[:-2] + b"\xff\r\n\r\n",
        b"GET /?token=a&token=b HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /ws?width=-3 HTTP/1.1\r\nHost: x\r\n" + with_cookie + b"\r\n",
        b"GET /ws?height=99999999999 HTTP/1.1\r\nHost: x\r\n" + with_cookie + b"\r\n",
        b"GET /\xff HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: lots\r\n\r\n",
        b"NONSENSE\r\n\r\n",
    ]


def status_of(port: int, request: bytes) -> tuple[int, bytes]:
    """The status code and the head of the response to bytes sent as they are."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as connection:
        connection.sendall(request)
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = connection.recv(4096)
            if not chunk:
                break
            head += chunk
    return int(head.split()[1]), head.split(b"\r\n\r\n")[0]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def serve_command(scene: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "fatescreen", "players", str(scene), "--serve", *args]


def read_line(process: subprocess.Popen[bytes], timeout: float = WAIT) -> str:
    """The next line the process prints (byte by byte, so nothing after it is taken)."""
    assert process.stdout is not None
    descriptor = process.stdout.fileno()
    deadline = time.monotonic() + timeout
    line = b""
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([descriptor], [], [], max(deadline - time.monotonic(), 0))
        assert ready, f"nothing more printed in {timeout} s after {line!r}"
        byte = os.read(descriptor, 1)
        if not byte:
            break
        line += byte
    return line.decode("utf-8")


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux: read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # it exited while being looked at
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@dataclass
class Served:
    """A running server: the link it printed, and the process."""

    url: str
    process: subprocess.Popen[bytes]

    @property
    def base(self) -> str:
        return self.url.split("?")[0]

    @property
    def port(self) -> int:
        return int(self.base.rsplit(":", 1)[1].strip("/"))

    def stop(self) -> str:
        """Ctrl+C, as the GM stops it; what it printed after the link."""
        self.process.send_signal(signal.SIGINT)
        rest, _ = self.process.communicate(timeout=WAIT)
        return rest.decode("utf-8")


@contextmanager
def serving(scene: Path, *args: str) -> Iterator[Served]:
    """``fatescreen players SCENE --serve ARGS`` on a free port of loopback."""
    port = free_port()
    process = subprocess.Popen(
        serve_command(scene, "--port", str(port), "--lang", "en", *args),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        first = read_line(process)
        assert first.startswith("Player view: http://"), f"no link printed: {first!r}"
        yield Served(first.split(": ", 1)[1].strip(), process)  # it listens before it prints
    finally:
        if process.poll() is None:  # a test failed midway: stop it as the GM would
            process.send_signal(signal.SIGINT)
            try:
                process.communicate(timeout=WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate(timeout=WAIT)
