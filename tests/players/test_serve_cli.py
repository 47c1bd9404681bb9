"""``fatescreen players --serve`` run as the GM runs it, over loopback: the GM's terminal
shows the link and nothing else however the players' devices (or anyone) ask, and a port
or host that cannot be served on is one line before any link."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import time
from pathlib import Path

import aiohttp
import pytest

from fatescreen.ui.players.serve import COOKIE
from tests.players.serving import (
    WAIT,
    children,
    malformed_requests,
    serve_command,
    serving,
    status_of,
)


def test_the_gm_terminal_shows_the_link_and_nothing_else(chapel: Path) -> None:
    """No access log (the token was in it), no traceback for a request that cannot be read."""
    with serving(chapel, "--host", "127.0.0.1") as served:
        token = served.url.split("token=", 1)[1]
        cookie = f"Cookie: {COOKIE}={token}\r\n".encode()
        asked = [
            (f"GET /?token={token} HTTP/1.1\r\nHost: x\r\n\r\n".encode(), 303),
            (b"GET / HTTP/1.1\r\nHost: x\r\n" + cookie + b"\r\n", 200),
            (b"GET /static/js/textual.js HTTP/1.1\r\nHost: x\r\n" + cookie + b"\r\n", 200),
            (b"GET /?token=guessed HTTP/1.1\r\nHost: x\r\n\r\n", 403),
            (b"GET /static/../../etc/passwd HTTP/1.1\r\nHost: x\r\n" + cookie + b"\r\n", 404),
        ]
        asked += [(request, 400) for request in malformed_requests(COOKIE, token)]
        for request, status in asked:
            code, head = status_of(served.port, request)
            assert code == status, request
            assert b"Referrer-Policy: no-referrer" in head or code == 400, head
        printed = served.stop()
    assert served.process.returncode == 0
    assert printed == ""


def test_ctrl_c_ends_the_player_process_of_a_connected_browser(chapel: Path) -> None:
    with serving(chapel, "--host", "127.0.0.1") as served:
        token = served.url.split("token=", 1)[1]

        async def connect_then_stop() -> list[int]:
            async with aiohttp.ClientSession(cookies={COOKIE: token}) as session:
                url = f"http://127.0.0.1:{served.port}/ws?width=4000&height=2000"
                async with session.ws_connect(url) as websocket:
                    await websocket.receive(timeout=WAIT)
                    players = children(served.process.pid)
                    assert len(players) == 1
                    printed = await asyncio.to_thread(served.stop)
                    assert printed == ""
                    return players

        players = asyncio.run(connect_then_stop())
    assert served.process.returncode == 0
    deadline = time.monotonic() + WAIT
    while any(Path(f"/proc/{pid}").exists() for pid in players):
        assert time.monotonic() < deadline, "a player process outlived the server"
        time.sleep(0.1)


def run_serve(scene: Path, *args: str) -> tuple[int, list[str]]:
    result = subprocess.run(
        serve_command(scene, "--lang", "en", *args),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=WAIT,
    )
    return result.returncode, result.stdout.decode("utf-8").splitlines()


def test_a_busy_port_is_one_line_before_any_link(chapel: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, printed = run_serve(chapel, "--host", "127.0.0.1", "--port", str(port))
    assert status == 1
    assert printed == [
        f"port {port} is already in use: stop what uses it, or choose another with --port"
    ]


@pytest.mark.parametrize("port", ["70000", "0", "-1"])
def test_a_port_out_of_range_is_one_line(chapel: Path, port: str) -> None:
    status, printed = run_serve(chapel, "--host", "127.0.0.1", "--port", port)
    assert status == 2
    assert printed == [f"--port {port}: give a port from 1 to 65535"]


def test_a_host_that_is_no_address_is_one_line(chapel: Path) -> None:
    status, printed = run_serve(chapel, "--host", "not a host")
    assert status == 2
    assert len(printed) == 1
    assert printed[0].startswith("--host not a host: not an address to serve on")
