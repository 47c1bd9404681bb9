"""The player view served to browsers: a small aiohttp application of fatescreen's own that
runs one read-only ``fatescreen players`` process per browser, behind a random access token.

- The token is made at each start and printed in the link. The first request that carries
  it gets an HttpOnly cookie and a redirect to ``/``, so the token leaves the address bar
  and the history at once; later requests (the page's scripts and its websocket) carry the
  cookie. A request with neither gets 403; one that cannot be read gets 400.
- Nothing is logged per request (no access log), so the token is in no log. A request
  aiohttp cannot parse is answered 400 and not reported; any other failure is one line on
  the GM's terminal, never a traceback.
- Every response says ``Referrer-Policy: no-referrer`` and carries a content security
  policy that lets the page load only from this server: the terminal script, its style
  sheet and its font are textual-serve's own files, served from here.
- At most MAX_PLAYERS player processes run at once; one more browser gets 503 until one
  closes. A process ends when its websocket closes (SIGTERM, then SIGKILL after END_GRACE
  seconds), and every one still running ends when the server stops.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import json
import logging
import os
import re
import secrets
import signal
import socket
import sys
from collections.abc import Awaitable, Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from html import escape
from pathlib import Path
from string import Template
from typing import TextIO

import textual_serve
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError

from fatescreen.i18n import tr
from fatescreen.ui.players.bridge import PlayerProcess, TerminalSize

MAX_PLAYERS = 8
"""The most player view processes one server runs at once (each takes about 50 MiB): a
table's TV and phones fit, and a stray script cannot fill the GM's memory."""
END_GRACE = 2.0
"""Seconds a player process has to exit after SIGTERM before it gets SIGKILL."""
HEARTBEAT = 15.0
"""Seconds between websocket pings: a browser that went away without closing (a phone
put to sleep) is noticed within two of them, and its process ended."""
MAX_MESSAGE = 64 * 1024
"""The largest websocket message a browser may send (keys, sizes and pings are tiny)."""
COOKIE = "fatescreen-token"
STATIC = Path(textual_serve.__file__).resolve().parent / "static"
"""textual-serve's terminal script, style sheet and font."""
WEB = Path(__file__).resolve().parent / "web"
"""The page's own style sheet and script."""
PAGE = Path(__file__).resolve().parent / "page.html"
CONTENT_SECURITY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        # the terminal script adds its own style elements
        "style-src 'self' 'unsafe-inline'",
        "font-src 'self'",
        "img-src 'self' data:",
        # 'self' covers ws: in current browsers only; the page's script names this server
        "connect-src 'self' ws: wss:",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    )
)
HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": CONTENT_SECURITY,
}
"""Headers every response carries."""
HOSTNAME = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")
NUMBER = re.compile(r"[0-9]{1,6}")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ServeError(Exception):
    """A ``--host`` or ``--port`` that cannot be served on: a catalog key and its fields."""

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields

    def message(self, lang: str) -> str:
        """The one line the GM sees."""
        return tr(lang, self.key, **self.fields)


@dataclass(frozen=True)
class Address:
    """Where the server listens, checked before anything binds or is printed."""

    host: str
    port: int
    loopback: bool
    """Every address the host stands for is this machine's loopback: no LAN warning."""
    shown: str
    """The host as the printed link names it (this machine's LAN address for 0.0.0.0)."""

    def link(self, token: str) -> str:
        """The link to give the players."""
        return f"http://{self.shown}:{self.port}/?token={token}"


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent to find it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address: str = probe.getsockname()[0]
        except OSError:
            address = "127.0.0.1"
    return address


def check_address(host: str, port: int) -> Address:
    """The address ``--host`` and ``--port`` name.

    Raises:
        ServeError: the port is not 1-65535, or the host is neither an IP address nor a
            host name that resolves.
    """
    if not 1 <= port <= 65535:
        raise ServeError("players.serve.bad_port", port=port)
    try:
        literal: ipaddress.IPv4Address | ipaddress.IPv6Address | None = ipaddress.ip_address(host)
    except ValueError:  # not an IP address: then it must be a host name
        literal = None
        if len(host) > 253 or not HOSTNAME.fullmatch(host):
            raise ServeError("players.serve.bad_host", host=host) from None
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise ServeError("players.serve.bad_host", host=host) from None
    addresses = {ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found}
    if any(address.is_unspecified for address in addresses):
        shown = lan_address()
    elif isinstance(literal, ipaddress.IPv6Address):
        shown = f"[{host}]"
    else:
        shown = host
    loopback = all(address.is_loopback for address in addresses)
    return Address(host, port, loopback, shown)


def bind_error(address: Address, error: OSError) -> ServeError:
    """What to tell the GM when the address cannot be listened on."""
    if error.errno == errno.EADDRINUSE:
        return ServeError("players.serve.port_busy", port=address.port)
    reason = os.strerror(error.errno) if error.errno else str(error)
    return ServeError(
        "players.serve.cannot_serve", host=address.host, port=address.port, reason=reason
    )


def announce(address: Address, token: str, lang: str, out: TextIO) -> None:
    """Print the link, and the LAN warning when others on the network can reach it."""
    print(tr(lang, "players.serving", url=address.link(token)), file=out)
    if not address.loopback:
        print(tr(lang, "players.serving_lan"), file=out)
    out.flush()


def render_page(lang: str) -> str:
    """The page for ``lang``: the terminal, and the note shown once the view has closed."""
    fields = {
        "lang": lang,
        "title": tr(lang, "players.title"),
        "ended": tr(lang, "players.serve.closed"),
        "reopen": tr(lang, "players.serve.reopen"),
    }
    template = Template(PAGE.read_text(encoding="utf-8"))
    return template.substitute({name: escape(text) for name, text in fields.items()})


def surrogates(text: str) -> bool:
    """Whether ``text`` holds lone surrogates: what aiohttp makes of bytes that are not UTF-8."""
    return any("\ud800" <= character <= "\udfff" for character in text)


def requested_size(width: str, height: str) -> TerminalSize | None:
    """The terminal size a websocket asks for, made no larger than the bridge allows; None
    when a size is not a whole number of cells from 1."""
    if not (NUMBER.fullmatch(width) and NUMBER.fullmatch(height)):
        return None
    if int(width) < 1 or int(height) < 1:
        return None
    return TerminalSize.clamped(int(width), int(height))


@dataclass(frozen=True)
class Keys:
    """Keys typed in the browser's terminal."""

    text: str


@dataclass(frozen=True)
class Resize:
    """The browser's terminal changed size."""

    size: TerminalSize


@dataclass(frozen=True)
class Ping:
    """The page measures its round trip: answer with the same stamp."""

    stamp: str


@dataclass(frozen=True)
class Focus:
    """The browser's terminal gained or lost the focus."""

    focused: bool


BrowserMessage = Keys | Resize | Ping | Focus


def browser_message(text: str) -> BrowserMessage | None:
    """What one websocket message from textual-serve's page asks; None if it is not one."""
    try:
        envelope = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None
    match envelope:
        case ["stdin", str(keys)]:
            return Keys(keys)
        case ["resize", {"width": int(columns), "height": int(rows)}]:
            return Resize(TerminalSize.clamped(columns, rows))
        case ["ping", str(stamp)]:
            return Ping(stamp)
        case ["focus"]:
            return Focus(True)
        case ["blur"]:
            return Focus(False)
    return None


class PlayerServer:
    """The web application: the page, its scripts and font, and one player process for each
    websocket, all behind the access token."""

    def __init__(
        self,
        command: Sequence[str],
        token: str,
        lang: str,
        *,
        max_players: int = MAX_PLAYERS,
        grace: float = END_GRACE,
    ) -> None:
        self.command = tuple(command)
        """The player view's command line, run once for each websocket."""
        self.token = token
        self.lang = lang
        self.max_players = max_players
        self.grace = grace
        self.taken = 0
        """Player slots in use: processes starting, running or ending."""
        self.sockets: set[web.WebSocketResponse] = set()
        self.players: set[PlayerProcess] = set()
        self.page_html = render_page(lang)

    def app(self) -> web.Application:
        """A new aiohttp application serving the player view."""
        app = web.Application(middlewares=[self.check_token])
        app.router.add_get("/", self.page)
        app.router.add_get("/ws", self.player_socket)
        app.router.add_static("/static", STATIC)
        app.router.add_static("/fatescreen", WEB)
        app.on_response_prepare.append(self.add_headers)
        app.on_shutdown.append(self.close_sockets)
        app.on_cleanup.append(self.kill_players)
        return app

    def refuse(
        self, kind: type[web.HTTPException], key: str, **fields: object
    ) -> web.HTTPException:
        """An error response with a message from the catalog."""
        return kind(text=tr(self.lang, key, **fields))

    @web.middleware
    async def check_token(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse a request without the token, in the query or the page's cookie; answer the
        token in the query with the cookie and a redirect to the page without it."""
        in_query = request.query.getall("token", [])
        if len(in_query) > 1:
            raise self.refuse(web.HTTPBadRequest, "players.serve.bad_request")
        given = in_query[0] if in_query else request.cookies.get(COOKIE, "")
        if surrogates(given):
            raise self.refuse(web.HTTPBadRequest, "players.serve.bad_request")
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            raise self.refuse(web.HTTPForbidden, "players.forbidden")
        if in_query:
            # Lax, not Strict: a link opened from another site (a chat in a browser) is a
            # cross-site navigation through the redirect too, and Strict would drop it there
            response = web.Response(status=303, headers={"Location": "/"})
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="Lax")
            return response
        return await handler(request)

    async def add_headers(self, request: web.Request, response: web.StreamResponse) -> None:
        """Give every response the headers in HEADERS."""
        response.headers.update(HEADERS)

    async def page(self, request: web.Request) -> web.Response:
        """The page: textual-serve's terminal, connected to a websocket of this server."""
        if self.taken >= self.max_players:
            raise self.refuse(
                web.HTTPServiceUnavailable, "players.serve.full", count=self.max_players
            )
        return web.Response(
            text=self.page_html, content_type="text/html", headers={"Cache-Control": "no-store"}
        )

    def same_origin(self, request: web.Request) -> bool:
        """Whether a websocket comes from this server's page (a browser always names the
        page's origin; another site's script cannot open the player view in its name)."""
        origin = request.headers.get("Origin")
        return origin is None or origin.lower() == f"{request.scheme}://{request.host}".lower()

    async def player_socket(self, request: web.Request) -> web.WebSocketResponse:
        """A player view for one browser, for as long as its websocket stays open."""
        size = requested_size(request.query.get("width", "80"), request.query.get("height", "24"))
        if size is None:
            raise self.refuse(web.HTTPBadRequest, "players.serve.bad_request")
        if not self.same_origin(request):
            raise self.refuse(web.HTTPForbidden, "players.forbidden")
        if self.taken >= self.max_players:
            raise self.refuse(
                web.HTTPServiceUnavailable, "players.serve.full", count=self.max_players
            )
        self.taken += 1  # no await since the check: two browsers cannot both take the last
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        try:
            await websocket.prepare(request)
            self.sockets.add(websocket)
            player = await PlayerProcess.start(self.command, size)
            self.players.add(player)
            try:
                await self.bridge(websocket, player)
            finally:
                await websocket.close()
                await asyncio.shield(self.end(player))
        finally:
            self.sockets.discard(websocket)
            self.taken -= 1
        return websocket

    async def bridge(self, websocket: web.WebSocketResponse, player: PlayerProcess) -> None:
        """Pass the browser's keys and sizes to the player process and its screen back,
        until either side closes."""
        screen = asyncio.create_task(self.show_screen(player, websocket))
        try:
            async for message in websocket:
                if message.type is not WSMsgType.TEXT:
                    continue
                asked = browser_message(message.data)
                if asked is None:
                    await websocket.close(code=WSCloseCode.UNSUPPORTED_DATA)
                    break
                await self.obey(asked, websocket, player)
        finally:
            screen.cancel()
            with suppress(asyncio.CancelledError):
                await screen

    async def show_screen(self, player: PlayerProcess, websocket: web.WebSocketResponse) -> None:
        """Send what the player process draws to the browser; close the websocket when the
        process has exited."""
        try:
            async for data in player.screen():
                await websocket.send_bytes(data)
        except ConnectionError:  # the browser went away: the bridge is ending
            return
        await websocket.close()

    async def obey(
        self, asked: BrowserMessage, websocket: web.WebSocketResponse, player: PlayerProcess
    ) -> None:
        """Do what one message from the browser asks."""
        match asked:
            case Keys(text):
                await player.send_keys(text)
            case Resize(size):
                await player.resize(size)
            case Ping(stamp):
                with suppress(ConnectionError):  # the browser went away: the bridge ends
                    await websocket.send_json(["pong", stamp])
            case Focus(focused):
                await player.set_focus(focused)

    async def end(self, player: PlayerProcess) -> None:
        """End a player process (SIGTERM, SIGKILL after the grace period)."""
        await player.end(self.grace)
        self.players.discard(player)

    async def close_sockets(self, app: web.Application) -> None:
        """When the server stops: close every websocket, which ends its player process."""
        for websocket in list(self.sockets):
            await websocket.close(code=WSCloseCode.GOING_AWAY)

    async def kill_players(self, app: web.Application) -> None:
        """When the server has stopped: SIGKILL any player process still running."""
        for player in list(self.players):
            player.signal(kill=True)
            await player.end(self.grace)
        self.players.clear()


class RequestErrors(logging.Handler):
    """aiohttp's error reports as one line each on the GM's terminal, never a traceback (it
    could hold a request line with the token); a request that aiohttp could not read was
    answered 400 and is not reported."""

    def __init__(self, lang: str, out: TextIO) -> None:
        super().__init__(logging.ERROR)
        self.lang = lang
        self.out = out

    def emit(self, record: logging.LogRecord) -> None:
        """Print the record's one line, unless the client sent something unreadable."""
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            return
        name = type(error).__name__ if error is not None else record.levelname
        print(tr(self.lang, "players.serve.request_failed", error=name), file=self.out)


def report_errors_briefly(lang: str, out: TextIO) -> None:
    """Send aiohttp's log records to RequestErrors only (access records are not made)."""
    logger = logging.getLogger("aiohttp")
    for earlier in [one for one in logger.handlers if isinstance(one, RequestErrors)]:
        logger.removeHandler(earlier)
    logger.addHandler(RequestErrors(lang, out))
    logger.propagate = False


async def run_server(server: PlayerServer, address: Address, lang: str, out: TextIO) -> int:
    """Listen on ``address``, print the link, and serve until SIGINT or SIGTERM; 1 (and one
    line, before any link) if the address cannot be listened on."""
    runner = web.AppRunner(server.app(), access_log=None, shutdown_timeout=server.grace + 3)
    await runner.setup()
    try:
        await web.TCPSite(runner, address.host, address.port).start()
    except OSError as error:
        await runner.cleanup()
        print(bind_error(address, error).message(lang), file=out)
        return 1
    announce(address, server.token, lang, out)
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        with suppress(NotImplementedError):  # Windows: Ctrl+C is a KeyboardInterrupt
            loop.add_signal_handler(stop_signal, stopped.set)
    try:
        await stopped.wait()
    finally:
        await runner.cleanup()
    return 0


def serve(path: Path, lang: str, host: str, port: int, out: TextIO) -> int:
    """Serve the player view of ``path`` until interrupted.

    Returns:
        0 once stopped; 2 for a ``--host`` or ``--port`` that cannot be served on, 1 if
        the address cannot be listened on (the port is busy), each with one line printed.
    """
    try:
        address = check_address(host, port)
    except ServeError as error:
        print(error.message(lang), file=out)
        return 2
    command = (sys.executable, "-m", "fatescreen", "players", str(path.resolve()), "--lang", lang)
    server = PlayerServer(command, secrets.token_urlsafe(16), lang)
    report_errors_briefly(lang, out)
    try:
        return asyncio.run(run_server(server, address, lang, out))
    except KeyboardInterrupt:
        return 0
