"""The player view served to browsers with textual-serve, behind a random access token.

Each browser that opens the link runs its own ``fatescreen players`` process; the token
is in the printed link, and the page keeps it in a cookie for its own requests (the
page's scripts and its websocket). A request with neither gets 403.
"""

from __future__ import annotations

import secrets
import shlex
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TextIO

from aiohttp import web
from textual_serve.server import Server

from fatescreen.i18n import tr

COOKIE = "fatescreen-token"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent to find it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address: str = probe.getsockname()[0]
        except OSError:
            address = "127.0.0.1"
    return address


class TokenServer(Server):
    """textual-serve's server that answers only requests carrying the access token."""

    def __init__(self, command: str, host: str, port: int, token: str, lang: str) -> None:
        super().__init__(command, host=host, port=port, title=tr(lang, "players.title"))
        self.token = token
        self.lang = lang

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.check_token)
        return app

    @web.middleware
    async def check_token(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse a request without the token (in the query or the page's cookie)."""
        given = request.query.get("token") or request.cookies.get(COOKIE) or ""
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            raise web.HTTPForbidden(text=tr(self.lang, "players.forbidden"))
        response = await handler(request)
        if "token" in request.query and not response.prepared:
            response.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict")
        return response

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, with its links made for the address the browser used."""
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def on_startup(self, app: web.Application) -> None:
        """Say nothing more: the link was printed before serving."""


def serve(path: Path, lang: str, host: str, port: int, out: TextIO) -> int:
    """Serve the player view of ``path`` until interrupted; prints the link first."""
    token = secrets.token_urlsafe(16)
    command = shlex.join(
        (sys.executable, "-m", "fatescreen", "players", str(path.resolve()), "--lang", lang)
    )
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    print(tr(lang, "players.serving", url=f"http://{shown}:{port}/?token={token}"), file=out)
    if shown != host:
        print(tr(lang, "players.serving_lan"), file=out)
    out.flush()
    TokenServer(command, host, port, token, lang).serve()
    return 0
