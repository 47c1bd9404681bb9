"""The dashboard and the player view updated command by command, against ones opened fresh
on the scene they reached: the GM's commands drawn at random, the screens read pane by pane
(``App.export_screenshot``), and the differences described."""

from __future__ import annotations

import html
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from hypothesis import strategies as st
from rich.cells import cell_len
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget

from fatescreen.commands.fate_session import fate_session
from fatescreen.commands.follow import Followed, follow_once
from fatescreen.commands.session import Session
from fatescreen.scene import presence
from fatescreen.scene.aspects import aspects_in_play
from fatescreen.scene.load import load_scene
from fatescreen.ui.app import FatescreenApp, StatusBar
from fatescreen.ui.panes.log import LogPane
from fatescreen.ui.panes.turn import TurnPane
from fatescreen.ui.players.app import Part, PlayersApp
from fatescreen.ui.tabs import PaneTabs
from tests.commands.test_fuzz import faces, quoted, skill, small, text
from tests.ui.support import text_of

SIZE = (120, 40)
"""The terminal both dashboards (and both player views) are compared at."""
SCENES = Path(__file__).resolve().parents[2] / "scenes"
DEMO = SCENES / "golden-mask.toml"
CHAPEL = Path(__file__).resolve().parents[1] / "players" / "data" / "secrets.toml"
DIRTY_MARK = " ●"
"""The status line's mark of changes not saved: a session opened on a scene has none."""

# -- the GM's commands ----------------------------------------------------------------------


def _line(*parts: st.SearchStrategy[str] | str) -> st.SearchStrategy[str]:
    """A command line of fixed words and drawn ones ("" leaves a word out)."""
    drawn = [st.just(part) if isinstance(part, str) else part for part in parts]
    return st.tuples(*drawn).map(lambda words: " ".join(word for word in words if word))


def _maybe(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.just(""), strategy)


@cache
def gm_commands(path: Path) -> st.SearchStrategy[str]:
    """The verbs a GM uses at the table on the scene at ``path`` (aspects, stress,
    consequences, moves, the turn order, fate points, conceding, countdowns, obstacles,
    secrets made public and hidden again, rolls with their dice faces, undo and redo), on
    the names of its characters, zones, aspects and countdowns."""
    scene = load_scene(path).scene
    character = st.sampled_from([c.id for c in scene.characters])
    zone = st.sampled_from([z.id for z in scene.zones])
    names = [quoted(a.aspect.name) for a in aspects_in_play(scene)]
    aspect = st.sampled_from([*names, '"A new aspect"'])
    countdown = st.sampled_from([c.id for c in scene.countdowns])
    against = _maybe(st.one_of(st.integers(-1, 4).map("vs {}".format), faces.map("vs {}".format)))
    return st.one_of(
        _line("aspect", st.sampled_from(["add", "remove", "reveal"]), aspect),
        _line("aspect add", text, "free", small),
        _line("free", st.sampled_from(["add", "spend"]), aspect, _maybe(character)),
        _line("boost", character, text),
        _line(st.sampled_from(["public", "secret"]), st.one_of(character, zone, aspect)),
        _line("stress", character, st.sampled_from(["physical", "mental"]), small),
        _line("absorb", _maybe(small), _maybe(text)),
        _line("set", character, st.sampled_from(["consequences mild", "stress physical 1"])),
        _line("move", character, zone, faces),
        _line("place", character, zone),
        _line("next", character),
        _line("exchange", character),
        _line("fulldefense", character),
        _line("pool", st.integers(0, 6).map(str)),
        _line("fp", st.sampled_from(["give", "spend"]), st.one_of(character, st.just("gm"))),
        _line("compel", character, aspect, st.sampled_from(["offer", "accept", "refuse"])),
        _line("concede", character),
        _line("takeout", character),
        _line("tick", countdown, _maybe(st.just("back"))),
        _line("add", st.sampled_from(['hazard "Rocks" 3', 'obstacle "Gate" 2']), "in", zone),
        _line("attack", character, character, skill, faces, _maybe(faces.map("vs {}".format))),
        _line("overcome", character, skill, faces, against),
        _line("create", character, skill, aspect, faces, against),
        _line("invoke", aspect, _maybe(character.map("by {}".format)), faces),
        _line("defend", character, skill, faces),
        st.sampled_from(["undo", "undo", "redo"]),
    )


def dashboard_sequences() -> st.SearchStrategy[list[str]]:
    """Sequences of the GM's commands on the demo scene."""
    return st.lists(gm_commands(DEMO), min_size=1, max_size=12)


LOOK = "(the player view looks)"
"""A step of a player view sequence: wait until the view shows the scene as it is now."""
ARRIVES = "(the GM's dashboard opens)"
"""A step of a player view sequence: the GM's dashboard opens the scene (the view is live)."""
LEAVES = "(the GM's dashboard closes)"
"""A step of a player view sequence: the GM's dashboard closes (the view is not live)."""


def player_sequences() -> st.SearchStrategy[list[str]]:
    """Sequences of the GM's commands on the chapel scene (full of secrets), with moments
    when the player view is let catch up between them (at other moments it may or may not
    have looked), and moments when the GM's dashboard opens or closes."""
    step = st.one_of(
        gm_commands(CHAPEL), gm_commands(CHAPEL), st.sampled_from([LOOK, ARRIVES, LEAVES])
    )
    return st.lists(step, min_size=1, max_size=12)


# -- the screen, pane by pane ---------------------------------------------------------------

_TEXT = re.compile(
    r'<text [^>]*?x="([0-9.]+)"[^>]*?clip-path="url\(#[^)]*-line-(\d+)\)"[^>]*>(.*?)</text>'
)
"""A text element of Rich's SVG: its ``x``, the row its clip path names, its text."""


def screen_rows(app: App[None], *, blank: bool = False) -> list[str]:
    """The terminal as rows of plain text, read from the app's SVG screenshot (the one
    public way to the picture as drawn): each text element has its column (its ``x`` in
    cell widths) and its row (the line its clip path names). ``blank``: a screenshot with
    no text at all is a blank screen, not a failure (a test waiting for a screen)."""
    svg = app.export_screenshot()
    width, height = app.size
    grid = [[" "] * width for _ in range(height)]
    texts = list(_TEXT.finditer(svg))
    if blank and not texts:
        return ["" for _ in range(height)]  # a frame between two (a screen being pushed)
    # a screenshot read as blank would make any two screens the same
    assert texts, "no text read from the screenshot: has its format changed?"
    cell = _cell_width(svg)
    for match in texts:
        column = round(float(match.group(1)) / cell)
        row = int(match.group(2))
        for char in html.unescape(match.group(3)).replace("\xa0", " "):
            if row < height and column < width:
                grid[row][column] = char
                for spill in range(1, cell_len(char)):  # a wide character takes two cells
                    if column + spill < width:
                        grid[row][column + spill] = ""
            column += cell_len(char)
    return ["".join(row) for row in grid]


def _cell_width(svg: str) -> float:
    """The width of one cell in the screenshot (its first text element's length over its
    characters)."""
    found = re.search(r'textLength="([0-9.]+)"[^>]*>(.*?)</text>', svg)
    assert found is not None, "a screenshot without text"
    return float(found.group(1)) / len(html.unescape(found.group(2)))


def on_screen(rows: list[str], widget: Widget) -> str:
    """The text of ``rows`` where ``widget`` shows (its region, inside those of the
    containers that hold it); "" when it is not displayed."""
    if not widget.display:
        return ""
    region = widget.region
    for container in widget.ancestors:
        if isinstance(container, Widget) and container is not widget.screen:
            region = region.intersection(container.region)
    return "\n".join(
        row[region.x : region.right].rstrip() for row in rows[region.y : region.bottom]
    )


def place(widget: Widget) -> str:
    """Where ``widget`` is on the screen and how large (nowhere when not displayed): a part
    whose text is right but pushed aside shows wrong too."""
    if not widget.display:
        return "not displayed"
    region = widget.region
    return f"{region.width}×{region.height} at column {region.x}, row {region.y}"


def _scrolled_home(widget: Widget) -> None:
    """Every scrolling part of ``widget`` back at its start."""
    for part in (widget, *widget.query("*")):
        if part.allow_vertical_scroll or part.allow_horizontal_scroll:
            part.scroll_to(0, 0, animate=False, immediate=True)


async def _settled(pilot: Pilot[None]) -> None:
    """Dialogs a command opened are closed (the GM presses Escape), notices cleared, and
    the frame after them drawn."""
    app = pilot.app
    for _ in range(5):
        if len(app.screen_stack) <= 1:
            break
        await pilot.press("escape")
    app.clear_notifications()
    await pilot.pause()


async def dashboard_texts(pilot: Pilot[None]) -> dict[str, str]:
    """What the dashboard shows, part by part: each pane (but the log) on the screen and
    in full, scrolled to its start; the status line without its mark of changes not saved;
    the pane tabs."""
    app = pilot.app
    assert isinstance(app, FatescreenApp)
    await _settled(pilot)
    for pane in app.panes():
        _scrolled_home(pane)
    await pilot.pause()
    rows = screen_rows(app)
    texts: dict[str, str] = {}
    for pane in app.panes():
        if isinstance(pane, LogPane):
            continue
        name = pane.id or type(pane).__name__
        texts[f"{name} on screen"] = on_screen(rows, pane)
        texts[f"{name} at"] = place(pane)
        texts[f"{name} in full"] = text_of(pane)
    status = app.query_one("#status", StatusBar)
    texts["status"] = on_screen(rows, status).replace(DIRTY_MARK, "")
    texts["pane tabs"] = on_screen(rows, app.query_one(PaneTabs))
    return texts


def differences(incremental: dict[str, str], fresh: dict[str, str]) -> list[str]:
    """Each part whose text differs, with both texts."""
    return [
        f"{part}:\n--- updated\n{incremental.get(part)}\n--- fresh\n{fresh.get(part)}"
        for part in sorted(incremental.keys() | fresh.keys())
        if incremental.get(part) != fresh.get(part)
    ]


@contextmanager
def scene_copy(scene: Path) -> Iterator[Path]:
    """A copy of a scene (with the shipped template library) in a folder of its own."""
    with tempfile.TemporaryDirectory(prefix="fatescreen-fresh-") as temporary:
        folder = Path(temporary)
        shutil.copytree(SCENES / "library", folder / "library")
        shutil.copy(scene, folder / scene.name)
        yield folder / scene.name


def _dashboard(path: Path | None = None, session: Session | None = None) -> FatescreenApp:
    """A dashboard on the scene at ``path``, or on a session already open."""
    return FatescreenApp(path, session=session, remember=False, lang="en", cursor_blink=False)


async def dashboard_differences(lines: list[str]) -> list[str]:
    """Run ``lines`` on a dashboard of the demo scene, one by one as the command bar does,
    then open a dashboard fresh on the scene they reached, pointing where the first one
    points (the selected character, the turn order's highlight): the parts whose text
    differs."""
    with scene_copy(DEMO) as path:
        app = _dashboard(path)
        async with app.run_test(size=SIZE) as pilot:
            for line in lines:
                app.run_command(line)
                await pilot.pause()
                await _settled(pilot)
            updated = await dashboard_texts(pilot)
            assert app.session is not None
            scene = app.session.scene
            selected = app.view_state.selected
            highlight = app.query_one(TurnPane).cursor
        fresh_app = _dashboard(session=fate_session(scene))
        async with fresh_app.run_test(size=SIZE) as pilot:
            if selected is not None:
                fresh_app.select_character(selected)
            if highlight is not None:
                fresh_app.query_one(TurnPane).point_at(highlight)
            fresh = await dashboard_texts(pilot)
    return differences(updated, fresh)


async def player_texts(pilot: Pilot[None]) -> dict[str, str]:
    """What the player view shows, part by part: the status line, the banner and each pane,
    on the screen (its columns scrolled to their start) and in full."""
    app = pilot.app
    assert isinstance(app, PlayersApp)
    for column in app.query(".column"):
        _scrolled_home(column)
    await pilot.pause()
    rows = screen_rows(app)
    texts: dict[str, str] = {}
    for part in (app.query_one("#status"), app.query_one("#banner"), *app.query(Part)):
        texts[f"{part.id} on screen"] = on_screen(rows, part)
        texts[f"{part.id} at"] = place(part)
        texts[f"{part.id} in full"] = text_of(part)
    return texts


async def _caught_up(pilot: Pilot[None], path: Path, timeout: float = 5.0) -> list[str]:
    """Wait until the player view has taken in what a follower opened now sees (and
    drawn it); a difference if it never does."""
    app = pilot.app
    assert isinstance(app, PlayersApp)
    expected: Followed = follow_once(path)
    for _ in range(int(timeout / 0.02)):
        if app.followed == expected:
            await pilot.pause()
            return []
        await pilot.pause(0.02)
    return [f"the player view never took in the scene as it is: {expected}"]


async def player_view_differences(lines: list[str]) -> list[str]:
    """Run ``lines`` on a GM's session of the chapel scene while a player view follows it
    (the GM's dashboard not open at first), then open a player view fresh on the scene: the
    parts whose text differs (and a view that never caught up)."""
    with scene_copy(CHAPEL) as path:
        gm = Session.open(path)
        assert gm.journal is not None
        try:
            app = PlayersApp(path, lang="en", poll_seconds=0.01)
            found: list[str] = []
            async with app.run_test(size=SIZE) as pilot:
                for line in lines:
                    if line == LOOK:
                        found += await _caught_up(pilot, path)
                    elif line == ARRIVES:
                        presence.claim(gm.journal)
                    elif line == LEAVES:
                        presence.release(gm.journal)
                    else:
                        gm.execute(line)
                        await pilot.pause()
                found += await _caught_up(pilot, path)
                updated = await player_texts(pilot)
            fresh_app = PlayersApp(path, lang="en", poll_seconds=0.01)
            async with fresh_app.run_test(size=SIZE) as pilot:
                fresh = await player_texts(pilot)
        finally:
            presence.release(gm.journal)
    return found + differences(updated, fresh)
