"""The player view fits a TV: at any size from 80x24 every pane's text is on screen,
in columns side by side or, where a column is too tall, on pages it turns by itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.session import Session
from fatescreen.scene import presence
from fatescreen.ui.players.app import PlayersApp, page_starts
from tests.ui.support import screen_text, until

DEMO_CONFLICT = (
    "next riesa",
    "attack leader rozio Fight +0++ vs -000",
    'absorb 1 "Cut cheek"',
    'aspect add "Smoke everywhere" free 2',
    "tick ritual",
)
"""Exchange 1 in the golden mask: the masked leader has hit Rozio."""

EDGES = "│╭╮╰╯─ "
"""What edges a row of a pane: its border and padding."""


def flat(text: str) -> str:
    """Text as one line of words: a line the view wraps is found whole."""
    return " ".join(text.split())


def columns(app: PlayersApp) -> list[Widget]:
    """What holds the panes and turns its pages: the columns side by side, or the one
    column a narrow screen stacks them in."""
    if app.size.width < 90:
        return [app.query_one("#columns")]
    return list(app.query(".column"))


async def read_every_page(pilot: Pilot[None], app: PlayersApp) -> dict[Widget, str]:
    """Each column's rows as they were on screen, page after page, put back in place: the
    text of each column as the audience saw it."""
    rows: dict[Widget, dict[int, str]] = {column: {} for column in columns(app)}
    pages = app.pages()
    for _ in range(pages):
        screen = screen_text(app).splitlines()
        for column, seen in rows.items():
            region = column.region
            for offset, row in enumerate(screen[region.y : region.bottom]):
                seen[int(column.scroll_y) + offset] = row[region.x : region.right].strip(EDGES)
        app.turn_page()
        await pilot.pause()
    return {column: "\n".join(seen[y] for y in sorted(seen)) for column, seen in rows.items()}


async def assert_every_pane_on_screen(
    app: PlayersApp, size: tuple[int, int], most_pages: int
) -> None:
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.shown, "nothing shown"
        assert app.pages() <= most_pages, app.pages()
        if size == (80, 24):  # a mid-conflict scene does not fit there: the pages turn
            assert app.pages() > 1
        texts = await read_every_page(pilot, app)
        for pane in app.panes.panes:
            column = next(c for c in texts if app.query_one(f"#{pane.name}") in c.query("*"))
            shown = flat(texts[column])
            for line in app.shown[pane.name].plain.splitlines():
                assert flat(line) in shown, (pane.name, line, texts[column])
        if app.pages() > 1:
            # on the screen itself, however narrow: the audience sees which page shows
            top = screen_text(app).splitlines()[0]
            assert re.search(r"\b(page|sivu) \d+/\d+", top), top


SIZES = [((80, 24), 4), ((90, 24), 3), ((100, 30), 2), ((120, 40), 1), ((160, 50), 1)]
"""Sizes and the most pages the demo takes at each: from 120x40 everything fits at once."""


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize(("size", "most_pages"), SIZES)
async def test_the_demo_mid_conflict_is_on_screen(
    campaign: Path, size: tuple[int, int], most_pages: int, lang: str
) -> None:
    """The golden mask mid-conflict, its GM's dashboard running: every line of every pane
    (zones, situation aspects, the PCs, the turn order, the others, the countdowns, the
    last rolls) is on screen on one of the pages the view turns by itself."""
    path = campaign / "golden-mask.toml"
    gm = Session.open(path)
    for line in DEMO_CONFLICT:
        assert gm.execute(line).ok, line
    assert gm.journal is not None
    presence.claim(gm.journal)
    await assert_every_pane_on_screen(
        PlayersApp(path, lang=lang, page_seconds=3600), size, most_pages
    )


CAMPAIGN_CONFLICT = (
    "play archive",
    "next silbestre",
    "attack Dolors silbestre Fight +0+0 vs 0-00",
    'absorb 2 "Bruised ribs"',
    'aspect add "Dust in the air" free 1',
)
"""The sample campaign's next scene, the ambush in the archive, in its first exchange."""


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize(("size", "most_pages"), [((80, 24), 3), ((100, 30), 2), ((120, 40), 1)])
async def test_the_sample_campaign_mid_conflict_is_on_screen(
    campaign: Path, size: tuple[int, int], most_pages: int, lang: str
) -> None:
    """The sample campaign's running scene mid-conflict, the GM's dashboard open on it:
    every line of every pane is on screen on one of the view's pages."""
    gm = open_campaign(campaign)
    for line in CAMPAIGN_CONFLICT:
        assert gm.execute(line).ok, line
    assert gm.journal is not None
    presence.claim(gm.journal)
    app = PlayersApp(campaign, lang=lang, page_seconds=3600)
    await assert_every_pane_on_screen(app, size, most_pages)
    assert "Dust in the air" in app.screen_text() and "Bruised ribs" in app.screen_text()


async def test_the_pages_turn_by_themselves(campaign: Path) -> None:
    """At 80x24 the view turns to its next page after its page time, the first again after
    the last, and the status line says which page shows."""
    app = PlayersApp(campaign / "golden-mask.toml", lang="en", page_seconds=0.3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pages = app.pages()
        assert pages > 1
        holder = app.query_one("#columns")
        shown: list[str] = []
        rows: dict[str, float] = {}
        for _ in range(2 * pages):
            await until(pilot, lambda: status(app) not in shown[-1:])
            shown.append(status(app))
            await pilot.pause()
            rows[shown[-1]] = holder.scroll_y
        first = shown.index(f"page 1/{pages}")
        assert shown[first : first + pages] == [f"page {n}/{pages}" for n in range(1, pages + 1)]
        assert len(set(rows.values())) == pages  # each page scrolled to rows of its own


def status(app: PlayersApp) -> str:
    """The page the status line names (right after the title)."""
    found = re.search(r"\bpage \d+/\d+", app.shown["status"].plain)
    return found.group() if found else ""


@pytest.mark.parametrize(
    ("tops", "height", "total", "starts"),
    [
        ([0, 12, 18], 20, 40, [0, 18, 38]),  # the pane at 18 starts the second page
        ([0, 30], 20, 50, [0, 20, 30]),  # the first pane goes on over a page; then 30
        ([0], 20, 50, [0, 20, 40]),  # one pane over three pages
        ([0], 20, 15, [0]),  # everything fits
        ([0, 20], 20, 35, [0, 20]),  # a pane that begins just after a full page
    ],
)
def test_a_page_starts_where_a_pane_begins(
    tops: list[int], height: int, total: int, starts: list[int]
) -> None:
    assert page_starts(tops, height, total) == starts
