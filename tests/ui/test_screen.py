"""The dashboard around the flows: help, palette, compact mode, resizing, literal user text,
bad commands and switching language."""

from __future__ import annotations

import pytest
from textual.command import CommandInput, CommandList, CommandPalette
from textual.widgets import Input

from fatescreen.i18n import tr
from fatescreen.ui.app import PANE_ORDER, FatescreenApp
from fatescreen.ui.dialogs.help import HelpScreen
from fatescreen.ui.dialogs.roll import RollDialog
from fatescreen.ui.panes.base import Pane
from fatescreen.ui.panes.log import LogPane
from fatescreen.ui.tabs import PaneTabs, tab_row
from tests.ui.support import AppFactory, Keys, burst, log_text, notices, screen_text, text_of, until

COMPACT = (80, 24)
WIDE = (160, 50)


def visible_panes(app: FatescreenApp) -> list[str]:
    """The panes that take up room on the screen, besides the log."""
    return [
        str(pane.id)
        for pane in app.query(Pane)
        if pane.id != "log" and pane.region.width and pane.region.height
    ]


async def test_question_mark_opens_help_and_escape_closes_it(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(pilot)
        await keys.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = screen_text(app)
        assert "Keys" in shown and "End scene" in shown
        help_text = text_of(app.screen.query_one("Static"))
        for word in ("attack", "absorb", "minion", "reveal", "contest", "endscene"):
            assert f"  {word}" in help_text
        await keys.press("escape")
        assert not isinstance(app.screen, HelpScreen)
        assert len(app.screen_stack) == 1


async def test_command_palette_lists_dashboard_actions(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(pilot)
        await keys.press("ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        assert isinstance(app.focused, CommandInput)
        await keys.type("tick")
        options = app.screen.query_one(CommandList)

        def labels() -> list[str]:
            return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]

        await until(pilot, lambda: any("Tick [t]" in label for label in labels()))
        await keys.press("enter")
        await pilot.pause()
        assert app.scene.countdowns[0].checked == 1
        assert "The ritual completes: 1/4" in log_text(app)


async def test_compact_mode_shows_one_pane_and_number_keys_switch(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        keys = Keys(pilot)
        assert app.screen.has_class("-compact")
        assert visible_panes(app) == ["zones"]
        for number, name in enumerate(PANE_ORDER, start=1):
            await keys.press(str(number))
            assert visible_panes(app) == ([] if name == "log" else [name])
            assert app.focused is app.query_one(f"#{name}")
        await keys.press(str(PANE_ORDER.index("log") + 1))
        log = app.query_one("#log")
        assert log.region.height > 12


async def test_resizing_between_sizes_never_crashes(make_app: AppFactory) -> None:
    app = make_app("kaarnakoski-mine.toml")
    sizes = [(160, 50), (30, 8), (139, 40), (140, 40), (99, 30), (100, 30), (250, 70), (80, 24)]
    async with app.run_test(size=COMPACT) as pilot:
        for width, height in sizes:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            assert app.size == (width, height)
            assert "fatescreen" in screen_text(app).splitlines()[0]
        await pilot.press("a")
        for width, height in sizes:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            assert isinstance(app.screen, RollDialog)
            assert screen_text(app).strip()
        assert app.is_running


async def test_markup_and_escape_sequences_in_names_are_shown_literally(
    make_app: AppFactory,
) -> None:
    """Markup in a name is shown as written; an escape sequence, which a scene file may not
    hold, is refused with the loader's message (shown literally, its escape escaped)."""
    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        keys = Keys(pilot)
        for name in ("[bold red]x[/]", "\x1b[31mred alert\x1b[0m"):
            await keys.press("colon")
            await keys.type(f'aspect add "{name}"')
            await keys.press("enter")
        names = [a.name for a in app.scene.aspects]
        assert names[-1] == "[bold red]x[/]" and not any("red alert" in n for n in names)
        await keys.press("4")
        aspects = text_of(app.query_one("#aspects"))
        assert "[bold red]x[/]" in aspects
        assert "[bold red]x[/]" in log_text(app)
        assert "control or escape character U+001B is not allowed in text" in log_text(app)
        shown = screen_text(app)
        assert "\x1b" not in shown
        lines = shown.splitlines()

        def style_of(text: str) -> tuple[object, ...]:
            row = next(i for i, line in enumerate(lines) if text in line)
            style = app.screen.get_style_at(lines[row].index(text), row)
            return (style.color, style.bgcolor, style.bold, style.italic, style.underline)

        assert style_of("[bold red]x[/]") == style_of("Chanting echoes")


async def test_a_scene_file_with_problems_lists_them_and_keys_do_nothing(
    make_app: AppFactory,
) -> None:
    app = make_app(edit=lambda text: text.replace("boxes = 4", "boxes = -4"))
    async with app.run_test(size=WIDE) as pilot:
        assert app.session is None
        assert "golden-mask.toml" in text_of(app.query_one("#status"))
        assert "boxes" in log_text(app)
        keys = ("a", "h", "H", "t", "n", "x", "E", "p", "C", "d", "m", "A", "u", "L", "2", "8")
        for key in (*keys, "question_mark"):
            await pilot.press(key)
        assert app.is_running


async def test_bad_command_shows_an_error_and_changes_nothing(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        keys = Keys(pilot)
        before = app.scene
        await keys.press("colon")
        await keys.type("attack nobody silbestre")
        await keys.press("enter")
        assert app.scene is before
        assert not app.session.dirty if app.session else False
        [entry] = app.query_one(LogPane).entries
        assert not entry.ok
        assert "nobody" in entry.text
        [(_, severity)] = notices(app)
        assert severity == "error"
        assert isinstance(app.query_one("#command"), Input)
        assert app.query_one("#command", Input).value == ""


async def test_language_key_relabels_the_panes_in_finnish(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(pilot)
        await keys.press("L")
        assert app.view_state.lang == "fi"
        for pane in app.query(Pane):
            title = str(pane.border_title)
            assert title.startswith(tr("fi", pane.TITLE_KEY)), pane.id
            assert not title.startswith(tr("en", pane.TITLE_KEY)), pane.id
        assert "fi │" in text_of(app.query_one("#status"))
        await keys.press("colon")
        await keys.type("tick ritual")
        await keys.press("enter")
        assert app.scene.countdowns[0].checked == 1
        await keys.press("L")
        assert str(app.query_one("#zones", Pane).border_title) == "Zones"


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("width", [80, 60])
async def test_every_tab_fits_the_compact_row_and_a_click_picks_it(
    make_app: AppFactory, lang: str, width: int
) -> None:
    """At 80 columns (and 60) the tab row shows every pane's number, the last tab (8 Muistio in
    Finnish) included, and the shown pane's label; clicking a tab shows its pane."""
    app = make_app(lang=lang)
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.press("8")
        await pilot.pause()
        tabs = app.query_one(PaneTabs)
        row = text_of(tabs)
        assert len(row) <= tabs.content_size.width
        label = tr(lang, "ui.tab.notes")
        assert f" 8 {label} " in row
        assert all(str(index) in row for index in range(1, 9))
        if width == 80:
            assert all(tr(lang, f"ui.tab.{name}") in row for name in PANE_ORDER)
        start = row.index("2")
        await pilot.click(PaneTabs, offset=(start + 2, 0))
        await pilot.pause()
        assert app.shown_pane == "statblock"
        assert "statblock" in visible_panes(app)


def test_the_tab_row_fits_any_width() -> None:
    labels = ["Alueet", "Hahmo", "Vuoro", "Piirteet", "Pisteet", "Esteet", "Loki", "Muistio"]
    assert tab_row(labels, 7, 200)[7] == " 8 Muistio "
    assert tab_row(labels, 7, 200)[0] == " 1 Alueet "
    assert tab_row(labels, 7, 78) == [
        "1 Alueet", "2 Hahmo", "3 Vuoro", "4 Piirteet", "5 Pisteet", "6 Esteet", "7 Loki",
        " 8 Muistio ",
    ]  # fmt: skip
    assert tab_row(labels, 0, 40) == [" 1 Alueet ", "2", "3", "4", "5", "6", "7", "8"]


async def test_a_refused_commands_toast_shows_its_usage_line_whole(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Toasts read markup unless told not to: a usage line's [FACES] must stay in sight."""
    app = make_app()
    told: list[tuple[str, bool]] = []
    monkeypatch.setattr(
        app, "notify", lambda message, **options: told.append((message, options["markup"]))
    )
    async with app.run_test(size=WIDE) as pilot:
        app.run_command("contest forfeit")
        await pilot.pause()
    assert [(message, markup) for message, markup in told if "[FACES]" in message] == [
        (told[0][0], False)
    ]


async def test_keys_typed_right_after_enter_are_the_dashboard_s(make_app: AppFactory) -> None:
    """Keys as a terminal delivers a fast typist's, all read before the first is handled:
    ``:undo``, Enter and ``7`` undo and then show the log pane; the 7 never joins the line
    (``undo7``), and a digit typed in the command bar is text."""

    from fatescreen.ui.commandbar import CommandBar

    app = make_app()
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        burst(app, ":roll 2\r7")
        await until(pilot, lambda: app.shown_pane == "log")
        await pilot.pause(0.2)
        bar = app.query_one(CommandBar)
        assert bar.value == "" and app.focused is not bar
        assert "roll 2" in log_text(app) and "roll 27" not in log_text(app)
