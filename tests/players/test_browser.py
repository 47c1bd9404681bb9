"""The player view served to a real browser: headless Chromium (the system's ``chromium``)
driven by Playwright opens the link, reads the terminal it draws, sees a GM change appear;
a request without the access token is refused."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fatescreen.commands.session import Session
from tests.players.serving import Served, children, serving, status_of
from tests.players.support import leaked, secrets_now

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NEW_TERMINAL = "const t=new w(e,{ping:r});"
"""Where textual-serve's page makes its terminal; the test keeps a handle on it there."""

try:
    from playwright.sync_api import Page, Route, sync_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    sync_playwright = None  # type: ignore[assignment]

needs_a_browser = pytest.mark.skipif(
    sync_playwright is None or not CHROMIUM.exists(),
    reason="no browser: the browser test needs Chromium at /usr/bin/chromium "
    "(apt-get install -y chromium; .ci/run installs it) and Playwright (the test extra)",
)


@pytest.fixture
def served(chapel: Path) -> Iterator[Served]:
    """``fatescreen players CHAPEL --serve`` on a free port of localhost."""
    with serving(chapel) as running:
        yield running


def test_a_request_without_the_token_is_refused(served: Served) -> None:
    base = served.base
    assert base.startswith("http://localhost:")
    assert re.search(r"\?token=[\w-]{20,}$", served.url)
    get = "GET {} HTTP/1.1\r\nHost: localhost\r\n\r\n"
    for path in ("/", "/?token=guessed", "/static/js/textual.js", "/ws"):
        assert status_of(served.port, get.format(path).encode())[0] == 403
    status, head = status_of(served.port, get.format(served.url[len(base) - 1 :]).encode())
    assert status == 303
    assert b"\r\nLocation: /\r\n" in head


def keep_terminal(route: Route) -> None:
    """Serve textual-serve's script with its terminal kept on ``window`` for the test."""
    response = route.fetch()
    script = response.text()
    assert NEW_TERMINAL in script, "textual-serve's page changed: update NEW_TERMINAL"
    patched = script.replace(NEW_TERMINAL, NEW_TERMINAL + "window.playerTerminal=t;")
    route.fulfill(response=response, body=patched)


def terminal_text(page: Page) -> str:
    text: str = page.evaluate(
        """() => {
            const view = window.playerTerminal;
            if (!view) return "";
            const buffer = view.terminal.buffer.active;
            const lines = [];
            for (let row = 0; row < buffer.length; row++) {
                lines.push(buffer.getLine(row).translateToString(true));
            }
            return lines.join("\\n");
        }"""
    )
    return text


def wait_for(page: Page, wanted: str, timeout: float = 30.0) -> str:
    start = time.monotonic()
    while wanted not in (text := terminal_text(page)):
        if time.monotonic() - start > timeout:
            raise AssertionError(f"{wanted!r} never showed in the browser:\n{text}")
        page.wait_for_timeout(100)
    return text


@needs_a_browser
def test_the_browser_shows_the_scene_and_a_gm_change(
    served: Served, chapel: Path, tmp_path: Path
) -> None:
    """Also: the token leaves the address bar, everything the page loads comes from the
    server (the font too), and closing the browser ends its player process."""
    profile = tmp_path / "chromium-profile"
    profile.mkdir()
    assert sync_playwright is not None
    requested: list[str] = []
    console: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=str(CHROMIUM),
            headless=True,
            args=FLAGS,
            viewport={"width": 1400, "height": 900},
        )
        try:
            page = browser.new_page()
            page.on("request", lambda request: requested.append(request.url))
            page.on("console", lambda message: console.append(message.text))
            page.route("**/static/js/textual.js", keep_terminal)
            page.goto(served.url)
            assert page.url == served.base
            text = wait_for(page, "Rows of pews")
            for shown in ("Nave", "Vestry", "Rain on the windows", "Silbestre", "Father Oskari"):
                assert shown in text
            assert page.evaluate("() => document.fonts.check('16px \"Roboto Mono\"')")
            gm = Session.open(chapel)
            gm.execute('aspect add "Smoke in the nave" free 2')
            gm.execute("public assassin")
            text = wait_for(page, "Smoke in the nave")
            text = wait_for(page, "Hooded assassin")
            assert not leaked(text, secrets_now(gm))
            assert len(children(served.process.pid)) == 1
        finally:
            browser.close()
    assert requested and all(url.startswith(served.base) for url in requested), requested
    assert not [line for line in console if "Content Security Policy" in line], console
    deadline = time.monotonic() + 15
    while children(served.process.pid):
        assert time.monotonic() < deadline, "the player process outlived its browser"
        time.sleep(0.1)
    assert served.stop() == ""
