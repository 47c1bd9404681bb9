"""The player view server (``fatescreen players --serve``), in this process over loopback:
the token becomes a cookie and leaves the address, the headers and the page keep the
players' devices to this server, bad requests get 400, and player processes are limited in
number and ended with their websocket. ``fake_player.py`` stands in for the player view
except where the real one is the point."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import re
import shutil
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from aiohttp import WSCloseCode, WSMsgType
from aiohttp.http_exceptions import BadHttpMessage
from aiohttp.test_utils import TestClient, TestServer

from fatescreen import systems
from fatescreen.ui.players.bridge import MAX_COLUMNS, MAX_ROWS
from fatescreen.ui.players.serve import (
    COOKIE,
    MAX_PLAYERS,
    Address,
    PlayerServer,
    RequestErrors,
    ServeError,
    announce,
    check_address,
)
from tests.players.conftest import SCENES
from tests.players.serving import malformed_requests
from tests.players.system_secrets import SECRETS, leaked

TOKEN = "a-test-token-0123456789"
WITH_COOKIE = {"Cookie": f"{COOKIE}={TOKEN}"}
FAKE = Path(__file__).with_name("fake_player.py")
DOCS = Path(__file__).resolve().parents[2] / "docs" / "player-view.md"
GRACE = 0.5
WAIT = 10.0
"""The longest any step of these tests waits, in seconds."""

Client = TestClient[aiohttp.web.Request, aiohttp.web.Application]


def fake_player(*flags: str) -> list[str]:
    return [sys.executable, str(FAKE), *flags]


@asynccontextmanager
async def serving(
    command: list[str], *, max_players: int = MAX_PLAYERS
) -> AsyncIterator[tuple[Client, PlayerServer]]:
    """A PlayerServer on an ephemeral port of 127.0.0.1 and a client for it."""
    server = PlayerServer(command, TOKEN, "en", max_players=max_players, grace=GRACE)
    async with TestClient(TestServer(server.app())) as client:
        yield client, server


async def screen_text(websocket: aiohttp.ClientWebSocketResponse, wanted: str) -> str:
    """What the player process drew, read until ``wanted`` shows."""
    drawn = ""
    deadline = time.monotonic() + WAIT
    while wanted not in drawn:
        message = await websocket.receive(timeout=max(deadline - time.monotonic(), 0.01))
        assert message.type is WSMsgType.BINARY, f"{message!r} before {wanted!r}: {drawn!r}"
        drawn += message.data.decode("utf-8", "replace")
    return drawn


def pid_in(drawn: str) -> int:
    match = re.search(r"pid (\d+)", drawn)
    assert match, drawn
    return int(match.group(1))


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def wait_gone(pid: int, within: float) -> float:
    """Seconds until process ``pid`` is gone (reaped); fails after ``within``."""
    start = time.monotonic()
    while running(pid):
        assert time.monotonic() - start < within, f"player process {pid} still runs"
        await asyncio.sleep(0.05)
    return time.monotonic() - start


async def settled(server: PlayerServer) -> None:
    """Wait until the server has let go of every player process and slot."""
    deadline = time.monotonic() + WAIT
    while server.players or server.taken:
        assert time.monotonic() < deadline, "the server still counts a player process"
        await asyncio.sleep(0.02)


async def status_of_raw(client: Client, request: bytes) -> tuple[int, bytes]:
    """The status line's code and the head of the response to bytes sent as they are."""
    reader, writer = await asyncio.open_connection("127.0.0.1", client.server.port)
    try:
        writer.write(request)
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT)
    finally:
        writer.close()
    return int(head.split()[1]), head


# --- the token ---------------------------------------------------------------------------


async def test_the_link_sets_the_cookie_and_redirects_to_the_page_without_the_token() -> None:
    async with serving(fake_player()) as (client, _):
        response = await client.get(f"/?token={TOKEN}", allow_redirects=False)
        assert response.status == 303
        assert response.headers["Location"] == "/"
        cookie = response.headers["Set-Cookie"]
        assert cookie.startswith(f"{COOKIE}={TOKEN};")
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
        page = await client.get("/", headers=WITH_COOKIE)
        assert page.status == 200
        assert TOKEN not in await page.text()


async def test_following_the_link_ends_on_the_clean_page() -> None:
    async with serving(fake_player()) as (client, _):
        response = await client.get(f"/?token={TOKEN}")
        assert response.status == 200
        assert str(response.url.relative()) == "/"
        assert [r.status for r in response.history] == [303]


@pytest.mark.parametrize(
    "path", ["/", "/?token=guessed", "/static/js/textual.js", "/fatescreen/player.js", "/ws"]
)
async def test_a_request_without_the_token_is_refused(path: str) -> None:
    async with serving(fake_player()) as (client, _):
        response = await client.get(path, allow_redirects=False)
        assert response.status == 403
        assert "access token" in await response.text()
        wrong = await client.get(path, headers={"Cookie": f"{COOKIE}=guessed"})
        assert wrong.status == 403


# --- headers and the page ----------------------------------------------------------------

EVERY_KIND_OF_RESPONSE = [
    ("/", WITH_COOKIE, 200),
    (f"/?token={TOKEN}", {}, 303),
    ("/", {}, 403),
    ("/nothing-here", WITH_COOKIE, 404),
    ("/static/js/textual.js", WITH_COOKIE, 200),
    ("/static/fonts/RobotoMono-VariableFont_wght.ttf", WITH_COOKIE, 200),
    ("/fatescreen/player.css", WITH_COOKIE, 200),
    (f"/?token={TOKEN}&token={TOKEN}", {}, 400),
    ("/ws?width=wide", WITH_COOKIE, 400),
]


@pytest.mark.parametrize(("path", "headers", "status"), EVERY_KIND_OF_RESPONSE)
async def test_every_response_forbids_the_referrer(
    path: str, headers: dict[str, str], status: int
) -> None:
    async with serving(fake_player()) as (client, _):
        response = await client.get(path, headers=headers, allow_redirects=False)
        assert response.status == status
        assert response.headers["Referrer-Policy"] == "no-referrer"
        policy = response.headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy
        assert "http" not in policy


async def test_the_page_loads_nothing_from_elsewhere() -> None:
    """Every script, style sheet and font the page names is on this server, and they name
    nothing on another one (textual-serve's own page loads its font from Google)."""
    async with serving(fake_player()) as (client, _):
        page = await (await client.get("/", headers=WITH_COOKIE)).text()
        assert '<meta name="referrer" content="no-referrer"' in page
        named = re.findall(r'(?:src|href)="([^"]*)"', page)
        assert len(named) >= 4
        fetched = ""
        for link in named:
            assert link.startswith("/") and not link.startswith("//"), link
            response = await client.get(link, headers=WITH_COOKIE)
            assert response.status == 200, link
            if not link.endswith(".ttf"):
                fetched += await response.text()
        assert "fonts.googleapis" not in page + fetched
        fonts = re.findall(r'url\("([^"]+)"\)', fetched)
        assert fonts
        for font in fonts:
            assert font.startswith("/static/fonts/"), font
            response = await client.get(font, headers=WITH_COOKIE)
            assert response.status == 200
            assert len(await response.read()) > 10_000


# --- malformed requests ------------------------------------------------------------------

MALFORMED = malformed_requests(COOKIE, TOKEN)


@pytest.mark.parametrize("request_bytes", MALFORMED)
async def test_a_malformed_request_gets_400(request_bytes: bytes) -> None:
    async with serving(fake_player()) as (client, _):
        status, _ = await status_of_raw(client, request_bytes)
        assert status == 400


def test_an_error_in_the_server_is_one_line_and_a_bad_request_none() -> None:
    out = io.StringIO()
    errors = RequestErrors("en", out)

    def report(error: Exception) -> None:
        record = logging.LogRecord(
            "aiohttp.server", logging.ERROR, __file__, 1, "Error handling request", (), None
        )
        record.exc_info = (type(error), error, None)
        errors.handle(record)

    report(BadHttpMessage(f"GET /?token={TOKEN}"))
    report(RuntimeError(f"something with {TOKEN} in it"))
    assert out.getvalue() == "player view: a request failed (RuntimeError)\n"


# --- the player processes ----------------------------------------------------------------


async def test_keys_and_sizes_reach_the_player_and_its_screen_comes_back() -> None:
    async with serving(fake_player()) as (client, _):
        websocket = await client.ws_connect("/ws?width=100&height=30", headers=WITH_COOKIE)
        assert "size 100x30" in await screen_text(websocket, "size")
        await websocket.send_json(["stdin", "ä"])
        assert "keys ä" in await screen_text(websocket, "keys")
        await websocket.send_json(["resize", {"width": 4000, "height": 2000}])
        resized = await screen_text(websocket, "resize")
        assert f'"width": {MAX_COLUMNS}, "height": {MAX_ROWS}' in resized
        await websocket.send_json(["ping", "1234"])
        assert await websocket.receive_json(timeout=WAIT) == ["pong", "1234"]
        await websocket.close()


async def test_a_huge_terminal_is_made_smaller_before_the_player_starts() -> None:
    async with serving(fake_player()) as (client, _):
        websocket = await client.ws_connect("/ws?width=4000&height=2000", headers=WITH_COOKIE)
        assert f"size {MAX_COLUMNS}x{MAX_ROWS}" in await screen_text(websocket, "size")
        await websocket.close()


@pytest.mark.parametrize(
    "message",
    ["not json", '["resize", {"width": "wide"}]', "[" * 5000],
    ids=["not json", "a size that is no number", "5000 nested lists"],
)
async def test_a_message_the_page_never_sends_closes_the_websocket(message: str) -> None:
    async with serving(fake_player()) as (client, _):
        websocket = await client.ws_connect("/ws", headers=WITH_COOKIE)
        pid = pid_in(await screen_text(websocket, "pid"))
        await websocket.send_str(message)
        closing = await websocket.receive(timeout=WAIT)
        assert closing.type is WSMsgType.CLOSE
        assert websocket.close_code == WSCloseCode.UNSUPPORTED_DATA
        await wait_gone(pid, GRACE + WAIT)


async def test_a_websocket_from_another_site_is_refused() -> None:
    async with serving(fake_player()) as (client, _):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(
                "/ws", headers={**WITH_COOKIE, "Origin": "http://elsewhere.example"}
            )
        assert refused.value.status == 403
        own = f"http://127.0.0.1:{client.server.port}"
        websocket = await client.ws_connect("/ws", headers={**WITH_COOKIE, "Origin": own})
        await screen_text(websocket, "pid")
        await websocket.close()


async def test_a_closed_websocket_ends_its_player_process() -> None:
    async with serving(fake_player()) as (client, server):
        websocket = await client.ws_connect("/ws", headers=WITH_COOKIE)
        pid = pid_in(await screen_text(websocket, "pid"))
        await websocket.close()
        assert await wait_gone(pid, WAIT) < GRACE  # it exits on SIGTERM: no wait for SIGKILL
        await settled(server)


async def test_a_player_that_ignores_sigterm_is_killed_after_the_grace_period() -> None:
    async with serving(fake_player("--ignore-term")) as (client, server):
        websocket = await client.ws_connect("/ws", headers=WITH_COOKIE)
        pid = pid_in(await screen_text(websocket, "pid"))
        await websocket.close()
        waited = await wait_gone(pid, GRACE + WAIT)
        assert waited >= GRACE * 0.8
        await settled(server)


async def test_a_player_that_exits_closes_its_websocket() -> None:
    async with serving(fake_player()) as (client, _):
        websocket = await client.ws_connect("/ws", headers=WITH_COOKIE)
        pid = pid_in(await screen_text(websocket, "pid"))
        await websocket.send_json(["stdin", "q"])
        assert (await websocket.receive(timeout=WAIT)).type is WSMsgType.CLOSE
        await wait_gone(pid, WAIT)


async def test_stopping_the_server_ends_every_player_process() -> None:
    pids = []
    async with serving(fake_player("--ignore-term")) as (client, _):
        for _ in range(2):
            websocket = await client.ws_connect("/ws", headers=WITH_COOKIE)
            pids.append(pid_in(await screen_text(websocket, "pid")))
    for pid in pids:
        await wait_gone(pid, GRACE + WAIT)


async def test_no_more_player_processes_than_the_limit() -> None:
    async with serving(fake_player(), max_players=2) as (client, server):
        first = await client.ws_connect("/ws", headers=WITH_COOKIE)
        second = await client.ws_connect("/ws", headers=WITH_COOKIE)
        first_pid = pid_in(await screen_text(first, "pid"))
        await screen_text(second, "pid")
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect("/ws", headers=WITH_COOKIE)
        assert refused.value.status == 503
        page = await client.get("/", headers=WITH_COOKIE)
        assert page.status == 503
        assert "all 2 player views" in await page.text()
        assert len(server.players) == 2
        await first.close()
        await wait_gone(first_pid, WAIT)
        deadline = time.monotonic() + WAIT
        while server.taken >= 2:  # the slot is free once the server has seen it go
            assert time.monotonic() < deadline, "the slot was never given back"
            await asyncio.sleep(0.02)
        third = await client.ws_connect("/ws", headers=WITH_COOKIE)
        await screen_text(third, "pid")
        await third.close()
        await second.close()


def test_the_limit_is_documented() -> None:
    assert re.search(rf"at most {MAX_PLAYERS} player views?", DOCS.read_text(encoding="utf-8"))


async def test_the_real_player_view_at_4000_by_2000_ends_with_its_websocket(
    chapel: Path,
) -> None:
    """The case that left a player process at 84% CPU, deaf to SIGTERM."""
    command = [sys.executable, "-m", "fatescreen", "players", str(chapel), "--lang", "en"]
    async with serving(command) as (client, server):
        websocket = await client.ws_connect("/ws?width=4000&height=2000", headers=WITH_COOKIE)
        await screen_text(websocket, "\x1b")
        (player,) = server.players
        await websocket.close()
        await wait_gone(player.pid, GRACE + 2 * WAIT)


@pytest.mark.parametrize(
    ("scene", "title", "public"),
    [
        ("varjot/sillalla.toml", "Sillalla", "Vartija"),
        ("mekanismi/kuilun-reunalla.toml", "Kuilun reunalla", "Perämies"),
        ("objektit/satamassa.toml", "Satamassa", "Bertil"),
    ],
    ids=["varjot", "mekanismi", "objektit"],
)
async def test_the_real_player_view_serves_a_scene_of_each_system_without_its_secrets(
    tmp_path: Path, scene: str, title: str, public: str
) -> None:
    """The same app per websocket, whatever the scene's system: the browser gets the scene's
    public panes and none of what the scene marks secret."""
    path = tmp_path / Path(scene).name
    shutil.copy(SCENES / scene, path)
    secrets = SECRETS[systems.of_file(path).id](
        path, systems.of_file(path).open_session(path).value
    )
    assert secrets
    command = [sys.executable, "-m", "fatescreen", "players", str(path), "--lang", "en"]
    async with serving(command) as (client, server):
        websocket = await client.ws_connect("/ws?width=160&height=50", headers=WITH_COOKIE)
        drawn = await screen_text(websocket, public)
        assert title in drawn
        assert not leaked(drawn, secrets)
        (player,) = server.players
        await websocket.close()
        await wait_gone(player.pid, GRACE + 2 * WAIT)


# --- the address ---------------------------------------------------------------------------


@pytest.mark.parametrize("port", [0, -1, 65536, 70000])
def test_a_port_out_of_range_is_refused(port: int) -> None:
    with pytest.raises(ServeError) as refused:
        check_address("localhost", port)
    assert refused.value.message("en") == f"--port {port}: give a port from 1 to 65535"


@pytest.mark.parametrize("host", ["", "not a host", "local host", "-x", "a" * 300, "a\x00b"])
def test_a_host_that_is_no_address_is_refused(host: str) -> None:
    with pytest.raises(ServeError) as refused:
        check_address(host, 8000)
    assert refused.value.message("en").startswith(f"--host {host}: not an address")


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "127.0.0.2", "::1"])
def test_a_loopback_host_needs_no_warning(host: str) -> None:
    address = check_address(host, 8000)
    assert address.loopback
    assert address.link("T") == f"http://{'[::1]' if host == '::1' else host}:8000/?token=T"


@pytest.mark.parametrize("host", ["0", "0.0.0.0", "::"])
def test_every_interface_is_a_lan_bind_shown_by_this_machines_address(host: str) -> None:
    address = check_address(host, 8000)
    assert not address.loopback
    assert address.shown not in ("0", "0.0.0.0", "::", "[::]")


def test_a_lan_bind_prints_the_warning_after_the_link() -> None:
    out = io.StringIO()
    announce(Address("0", 8000, False, "192.168.1.20"), "T", "en", out)
    assert out.getvalue().splitlines() == [
        "Player view: http://192.168.1.20:8000/?token=T",
        "serving on the local network: anyone there who has the link can watch",
    ]
    quiet = io.StringIO()
    announce(Address("localhost", 8000, True, "localhost"), "T", "en", quiet)
    assert quiet.getvalue().splitlines() == ["Player view: http://localhost:8000/?token=T"]
