"""Every system's dashboard on a small terminal, as Fate's: below 100 columns one pane at a
time under a row of tabs, the keys 1-9 (or a click on a tab) pick it, the log stays five
rows high unless it is the pane picked; from 100 columns every pane and no tabs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fatescreen import systems
from fatescreen.i18n import tr
from fatescreen.resources import sample_scene
from fatescreen.ui.panes.log import LogPane
from fatescreen.ui.systems.shell import SystemApp, SystemPane
from fatescreen.ui.tabs import PaneTabs
from tests.ui.support import screen_text, text_of


def on_screen(app: SystemApp) -> list[str]:
    """The ids of the system's panes that take room on the screen."""
    return [str(p.id) for p in app.screen.query(SystemPane) if p.region.width and p.region.height]


@pytest.fixture
def shell_system(every_system: str) -> str:
    system = systems.named_by(every_system)
    assert system is not None
    if system.screen is None:
        pytest.skip("a system with its own dashboard (Fate's is tested in test_screen.py)")
    return every_system


def app_on(tmp_path: Path, system_id: str, lang: str) -> SystemApp:
    system = systems.named_by(system_id)
    assert system is not None
    source = sample_scene(system)
    path = tmp_path / source.name
    shutil.copy(source, path)
    return SystemApp(path, lang=lang, cursor_blink=False, remember=False)


@pytest.mark.parametrize("lang", ["en", "fi"])
async def test_a_small_terminal_shows_one_pane_and_the_keys_pick_it(
    tmp_path: Path, shell_system: str, lang: str
) -> None:
    app = app_on(tmp_path, shell_system, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panes = [str(p.id) for p in app.screen.query(SystemPane)]
        tabs = app.screen.query_one(PaneTabs)
        assert tabs.region.height == 1
        row = text_of(tabs)
        for number, pane in enumerate(app.screen.query(SystemPane), start=1):
            assert f"{number} {tr(lang, pane.TITLE_KEY)}" in row
        assert f"{len(panes) + 1} {tr(lang, 'ui.tab.log')}" in row
        assert on_screen(app) == panes[:1]
        log = app.screen.query_one(LogPane)
        assert log.region.height == 5
        for number, pane in enumerate(panes, start=1):
            await pilot.press(str(number))
            await pilot.pause()
            assert on_screen(app) == [pane]
            assert app.focused is not None and app.focused.id == pane
            # the pane takes the width, its title whole
            assert app.screen.query_one(f"#{pane}").region.width == 80
            title = tr(lang, app.screen.query_one(f"#{pane}", SystemPane).TITLE_KEY)
            assert f"─ {title} ─" in screen_text(app)
        await pilot.press(str(len(panes) + 1))
        await pilot.pause()
        assert on_screen(app) == []
        assert log.region.height > 5
        # a click on a tab picks its pane
        row = text_of(tabs)
        first = tr(lang, app.screen.query_one(f"#{panes[0]}", SystemPane).TITLE_KEY)
        await pilot.click(PaneTabs, offset=(row.index(first), 0))
        await pilot.pause()
        assert on_screen(app) == panes[:1]
        # a key beyond the panes does nothing
        await pilot.press("9")
        await pilot.pause()
        assert on_screen(app) == panes[:1]


async def test_a_wide_terminal_shows_every_pane_and_no_tabs(
    tmp_path: Path, shell_system: str
) -> None:
    app = app_on(tmp_path, shell_system, "en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        panes = [str(p.id) for p in app.screen.query(SystemPane)]
        assert sorted(on_screen(app)) == sorted(panes)
        assert app.screen.query_one(PaneTabs).region.height == 0
        await pilot.press("2")
        await pilot.pause()
        assert sorted(on_screen(app)) == sorted(panes)  # every pane stays; 2 focuses one
        second = [*panes, "log"][1]
        assert app.focused is not None and app.focused.id == second
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert on_screen(app) == [second] if second != "log" else on_screen(app) == []


async def test_typed_digits_stay_in_the_command_line(tmp_path: Path, shell_system: str) -> None:
    app = app_on(tmp_path, shell_system, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panes = [str(p.id) for p in app.screen.query(SystemPane)]
        await pilot.press("colon", "2")
        await pilot.pause()
        assert on_screen(app) == panes[:1]
        assert getattr(app.focused, "value", None) == "2"
