"""Widgets hand the compositor the lines they drew last until something changes them: after
handing the turn on, the turn order and the log show the change, and what every widget
hands over is what drawing it afresh gives, after the keys, a focus change, a theme and a
resize."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Static

from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.kept import KeptLines
from fatescreen.ui.panes.log import LogPane
from tests.ui.support import AppFactory, screen_text

SIZES = pytest.mark.parametrize(
    "size", [(80, 24), (120, 40), (160, 50)], ids=["80x24", "120x40", "160x50"]
)


def names(app: FatescreenApp, ids: list[str]) -> list[str]:
    """The names the turn order shows for these participants."""
    index = app.scene.character_index
    return [index[pid].shown_name if pid in index else pid for pid in ids]


def drawn_afresh(app: FatescreenApp) -> str:
    """The screen with every widget's kept lines forgotten (so drawn again)."""
    for widget in app.screen.query("*"):
        if isinstance(widget, KeptLines):
            widget.kept_lines = None
    return screen_text(app)


async def hand_on(app: FatescreenApp, pilot: Pilot[None]) -> None:
    await pilot.press("n")
    await pilot.pause()


@SIZES
async def test_handing_the_turn_on_shows_who_is_up_who_acted_and_the_log_entry(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    """Each ``n`` moves the ▶ to the name handed the turn and a ✓ to the one before; the
    log's newest entry is on the screen; a frame drawn afresh shows the very same."""
    app = make_app("kaarnakoski-mine.toml")
    async with app.run_test(size=size) as pilot:
        if size[0] < 100:
            await pilot.press("3")  # one pane at a time: the turn order
            await pilot.pause()
        acted: list[str] = []
        for _ in range(4):
            await hand_on(app, pilot)
            turn = app.scene.turn
            assert turn is not None and turn.up is not None
            shown = screen_text(app)
            (up,) = names(app, [turn.up])
            assert f"▶ {up}" in shown, shown
            for name in names(app, [pid for pid in turn.acted if pid != turn.up]):
                assert f"✓ {name}" in shown, shown
            entry = app.query_one(LogPane).entries[0]
            assert entry.command.startswith("next") and f"› {entry.command}" in shown, shown
            assert drawn_afresh(app) == shown
            acted.append(up)
        assert len(set(acted)) == 4


async def test_what_widgets_keep_is_what_they_would_draw(make_app: AppFactory) -> None:
    """After keys that change panes, a focus change, another theme and a resize, every
    widget hands over what it would draw afresh."""
    app = make_app("kaarnakoski-mine.toml")
    async with app.run_test(size=(160, 50)) as pilot:
        steps = [("n",), ("j", "j"), ("n",), ("tab",), ("tab",), ("s",), ("escape",)]
        for step in steps:
            await pilot.press(*step)
            await pilot.pause()
            shown = screen_text(app)
            assert drawn_afresh(app) == shown, step
        before = screen_text(app)
        app.theme = "fate-light" if app.theme != "fate-light" else "fate-dark"
        await pilot.pause()
        assert screen_text(app) == drawn_afresh(app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert screen_text(app) == drawn_afresh(app)
        assert before != screen_text(app)


class Kept(Static, KeptLines):
    pass


class Two(App[None]):
    CSS = "Kept.-marked { background: red; }"

    def compose(self) -> ComposeResult:
        yield Kept("Rozio", id="kept")


async def test_the_same_lines_until_the_widget_is_changed() -> None:
    """Unchanged, a widget hands over the very same lines; new text, or a class that gives
    it another background, makes it draw again."""
    app = Two()
    async with app.run_test(size=(40, 5)) as pilot:
        kept = app.query_one(Kept)
        crop = kept.size.region
        first = kept.render_lines(crop)
        assert kept.render_lines(crop) is first
        kept.update("Silbestre")
        await pilot.pause()
        changed = kept.render_lines(crop)
        assert changed is not first
        assert "Silbestre" in "".join(segment.text for segment in changed[0])
        kept.add_class("-marked")
        await pilot.pause()
        marked = kept.render_lines(crop)
        assert marked is not changed
        assert marked[0] != changed[0]
        assert kept.render_lines(Region(0, 0, 10, 1)) is not marked
