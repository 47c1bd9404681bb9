"""The player view served to a real browser: headless Chromium (the system's ``chromium``)
driven by Playwright opens the link, reads the terminal it draws, sees a GM change appear;
a request without the access token is refused."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from fatescreen.commands.session import Session
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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            code: int = response.status
    except urllib.error.HTTPError as error:
        return error.code
    return code


@pytest.fixture
def served(chapel: Path) -> Iterator[str]:
    """``fatescreen players CHAPEL --serve`` on a free port; the link it prints."""
    port = free_port()
    command = [sys.executable, "-m", "fatescreen", "players", str(chapel), "--serve"]
    server = subprocess.Popen(
        [*command, "--port", str(port), "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        match = re.search(r"http://\S+", first)
        assert match, f"no link printed: {first!r}"
        url = match.group(0)
        for _ in range(100):
            try:
                socket.create_connection(("localhost", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def test_a_request_without_the_token_is_refused(served: str) -> None:
    base = served.split("?")[0]
    assert served.startswith("http://localhost:")
    assert re.search(r"\?token=[\w-]{20,}$", served)
    assert status_of(base) == 403
    assert status_of(base + "?token=guessed") == 403
    assert status_of(base + "static/js/textual.js") == 403
    assert status_of(base + "ws") == 403
    assert status_of(served) == 200


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
    served: str, chapel: Path, tmp_path: Path
) -> None:
    profile = tmp_path / "chromium-profile"
    profile.mkdir()
    assert sync_playwright is not None
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
            page.route("**/static/js/textual.js", keep_terminal)
            page.goto(served)
            text = wait_for(page, "Rows of pews")
            for shown in ("Nave", "Vestry", "Rain on the windows", "Silbestre", "Father Oskari"):
                assert shown in text
            gm = Session.open(chapel)
            gm.execute('aspect add "Smoke in the nave" free 2')
            gm.execute("public assassin")
            text = wait_for(page, "Smoke in the nave")
            text = wait_for(page, "Hooded assassin")
            assert not leaked(text, secrets_now(gm))
        finally:
            browser.close()
