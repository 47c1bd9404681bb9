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
from fatescreen.ui.systems.shell import CommandLine, SystemApp, SystemPane
from fatescreen.ui.tabs import PaneTabs
from tests.ui.support import burst, screen_text, text_of, until


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


@pytest.mark.parametrize(
    ("source", "keys", "line", "pane"),
    [
        ("menneisyyden-varjot", "2gEevi", "gift Eevi", "varjot-check"),
        ("mekanismi", "2a", "advantage ", "mekanismi-check"),
        ("mekanismi", "1cRagnar", "check Ragnar", "mekanismi-characters"),
        ("objektien-luonti", "3cAino", "check Aino", "objektit-initiative"),
    ],
)
async def test_a_pane_key_and_a_line_key_in_one_burst_both_count_in_order(
    tmp_path: Path, source: str, keys: str, line: str, pane: str
) -> None:
    """The pane's number shows its pane and the next key starts the line, which keeps the
    focus: the keys typed after it are the line's, never the dashboard's."""
    app = app_on(tmp_path, source, "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.session is not None
        before = app.session.value
        burst(app, keys)
        field = app.screen.query_one(CommandLine)
        await until(pilot, lambda: field.value == line)
        await pilot.pause(0.2)
        assert field.value == line
        assert app.focused is field
        assert on_screen(app) == [pane]
        assert app.session.value == before


async def test_a_bonus_die_on_a_check_of_two_sides_keeps_the_line_it_starts(
    tmp_path: Path,
) -> None:
    """Varjot's b on a check of two sides starts ``bonus 1 on`` for the GM to name the
    side: typed right after it, the name is the line's, and r and a are letters there."""
    app = app_on(tmp_path, "menneisyyden-varjot", "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.session is not None
        await pilot.press("colon", *"check Ilse Miekkailu vs Vartija Miekkailu", "enter")
        await pilot.pause()
        before = app.session.value
        burst(app, "2bVartija ra")
        field = app.screen.query_one(CommandLine)
        await until(pilot, lambda: field.value == "bonus 1 on Vartija ra")
        await pilot.pause(0.2)
        assert app.focused is field and field.value == "bonus 1 on Vartija ra"
        assert app.session.value == before  # nothing rolled, nothing accepted
        assert on_screen(app) == ["varjot-check"]


@pytest.mark.parametrize("lang", ["en", "fi"])
async def test_a_narrow_footer_keeps_help_and_undo(
    tmp_path: Path, shell_system: str, lang: str
) -> None:
    """As Fate's narrow footer: however few keys fit, ``:``, help and undo are shown."""
    app = app_on(tmp_path, shell_system, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        for key in ("command_bar", "help", "undo"):
            assert f"{tr(lang, 'ui.key.' + key)}" in footer, footer


async def test_keys_typed_right_after_enter_are_the_dashboard_s(tmp_path: Path) -> None:
    """``:roll 3 vs 2``, Enter and ``2`` in one burst roll three dice against two and then
    show the second pane: the 2 never joins the line (``vs 22``, 22 dice for the GM)."""
    app = app_on(tmp_path, "mekanismi", "en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, ":roll 3 vs 2\r2")
        await until(pilot, lambda: on_screen(app) == ["mekanismi-check"])
        await pilot.pause(0.2)
        field = app.screen.query_one(CommandLine)
        assert field.value == "" and app.focused is not field
        log = screen_text(app)
        assert "roll 3 vs 2" in log and "vs 22" not in log
