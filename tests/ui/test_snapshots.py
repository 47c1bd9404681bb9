"""Snapshots of the dashboard and its dialogs: sizes, languages and the shipped themes.

Accept new pictures with ``make test-snapshot-update`` after looking at them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from fatescreen.ui.app import FatescreenApp
from tests.ui.support import AppFactory

SnapCompare = Callable[..., bool]
Setup = Callable[[Pilot[None]], Awaitable[None]]

SMALL = (80, 24)
LARGE = (160, 50)
SIZES = pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
THEMES = ("fate-dark", "fate-light", "fate-contrast")

MID_CONFLICT = (
    "next leader",
    "attack leader silbestre Fight +++0 vs --00",
    'absorb 1 "Cut arm"',
    "next rozio",
    'create rozio Deceive "Distracted" on leader vs 2 ++00',
    "tick ritual",
    'aspect add "Smoke fills the hall" free 1',
)
"""Exchange 1 of the demo scene: a hit absorbed, an advantage created, the ritual ticking."""


def app_of(pilot: Pilot[None]) -> FatescreenApp:
    """The dashboard a pilot drives."""
    app = pilot.app
    assert isinstance(app, FatescreenApp)
    return app


def run(*lines: str, keys: tuple[str, ...] = (), text: str = "") -> Setup:
    """Set the scene up: run command lines (follow-up dialogs only for the last), then
    press keys and type text into the focused field."""

    async def setup(pilot: Pilot[None]) -> None:
        app = app_of(pilot)
        for index, line in enumerate(lines):
            result = app.run_command(line, flow=index == len(lines) - 1)
            assert result is not None and result.ok, result
        await pilot.pause()
        await pilot.press(*keys)
        if text:
            field = app.focused
            assert isinstance(field, Input)
            field.insert_text_at_cursor(text)
        await pilot.pause()

    return setup


@SIZES
@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("theme", THEMES)
def test_dashboard(
    snap_compare: SnapCompare,
    make_app: AppFactory,
    size: tuple[int, int],
    lang: str,
    theme: str,
) -> None:
    """The demo scene in exchange 1 with no dialog open. At 160x50: zones map (Ritual hall
    with the toppling braziers, Crypt, Stairs; the +2 gate), Silbestre's stat block with the
    moderate "Cut arm", the turn order with Rozio up and highlighted, the braziers last,
    aspects with "Distracted" (one free invoke for Rozio) and "Smoke fills the hall", GM pool
    4, the braziers and the ritual countdown at 1 of 4 among the obstacles, and the log. At
    80x24: the tab bar with "1 Zones" highlighted, the zones map, the log and the footer.
    Labels in the language and colours from the theme named in the test id."""
    app = make_app(lang=lang, theme=theme)
    assert snap_compare(app, terminal_size=size, run_before=run(*MID_CONFLICT))


@pytest.mark.parametrize(
    "size", [(80, 24), (120, 40), (160, 50), (250, 70)], ids=["80x24", "120x40", "160x50", "250x70"]
)
def test_mid_conflict_at_table_sizes(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]
) -> None:
    """The demo scene mid-conflict at the sizes of real terminals. At 80x24: the tab bar
    "1 Zones … 7 Log 8 Notes" with the zones map shown, the log, and a compact footer whose
    last key (u Undo) and ^p palette both fit. From 120x40: every pane at once; at 120x40
    two columns (map and stat block; turn order and fate points side by side, then aspects,
    obstacles with the braziers and the ritual countdown, and the scene's notes, the turn
    order's long names cut in the middle, "Toppli…braziers"), the log full width below;
    at 160x50 three columns; at 250x70 the log a third of the screen high and the stat
    block taller. No log line runs under the log's scrollbar."""
    app = make_app()
    assert snap_compare(app, terminal_size=size, run_before=run(*MID_CONFLICT))


def test_roll_dialog_beside_the_panes(snap_compare: SnapCompare, make_app: AppFactory) -> None:
    """At 120x40 the roll dialog (Rozio attacks the masked leader, odds line) docks at the
    bottom right over the end of the log: the map, Silbestre's stress boxes, the turn order,
    the fate points, the aspects, obstacles and notes stay in sight."""
    app = make_app()
    assert snap_compare(app, terminal_size=(120, 40), run_before=run(*MID_CONFLICT, keys=("a",)))


def test_compact_stat_block(snap_compare: SnapCompare, make_app: AppFactory) -> None:
    """80x24 after pressing 2: the tab bar with "2 Stats" highlighted and Silbestre's stat
    block (three physical boxes checked, moderate "Cut arm") filling the screen above the log."""
    app = make_app()
    assert snap_compare(app, terminal_size=SMALL, run_before=run(*MID_CONFLICT, keys=("2",)))


@SIZES
@pytest.mark.parametrize("lang", ["en", "fi"])
def test_roll_dialog(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int], lang: str
) -> None:
    """The roll dialog opened with `a` while the Masked leader is up: action Attack, actor
    Masked leader, skill Fight +4, target Silbestre, the dice "+0-0 vs 00+-" typed, and the
    odds line for Fight +4 against Silbestre's Athletics +3."""
    app = make_app(lang=lang)
    setup = run("next leader", keys=("a",), text="+0-0 vs 00+-")
    assert snap_compare(app, terminal_size=size, run_before=setup)


@SIZES
def test_create_advantage_against_an_opponent(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]
) -> None:
    """The roll dialog opened with `c` while Rozio is up, the masked leader chosen under
    "Opposed by": the Difficulty row gone, "Their skill" showing the leader's Shoot +0 (Rozio's
    own skill, not on the leader's sheet), "On aspect" offering a new aspect, the aspect's name
    "Smoke and mirrors" typed, and the odds of an opposed roll."""
    app = make_app()
    # the dialog opens on the aspect's name: three fields up is "Opposed by"
    keys = ("c", "shift+tab", "shift+tab", "shift+tab", "enter", "down", "enter")
    setup = run("next rozio", keys=(*keys, "tab", "tab", "tab"), text="Smoke and mirrors")
    assert snap_compare(app, terminal_size=size, run_before=setup)


@SIZES
@pytest.mark.parametrize("lang", ["en", "fi"])
def test_absorb_dialog(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int], lang: str
) -> None:
    """The absorb dialog after the Masked leader hits Silbestre for 7 shifts: the legal
    ways to take them (the first, three boxes and a moderate, highlighted), "taken out", and
    the hint line with [t], the defender's [f] and [i] and the leader's [F] and [I]; at 80x24
    Silbestre's stat block is the pane shown, its stress boxes above the dialog."""
    app = make_app(lang=lang)
    setup = run("next leader", "attack leader silbestre Fight +++0 vs --00")
    assert snap_compare(app, terminal_size=size, run_before=setup)


@SIZES
def test_minion_armor_in_the_absorb_dialog(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]
) -> None:
    """Rozio hits the Masked leader for 5 shifts: the absorb dialog offers [m] minion armor
    in its hint line beside [t] taken out and [r] taken out revealing his true form, "The
    Elder behind the mask"; the stat block says "form 1 of 2"."""
    app = make_app()
    setup = run("next rozio", "attack rozio leader Shoot ++++ vs 0000")
    assert snap_compare(app, terminal_size=size, run_before=setup)


@SIZES
def test_reveal_dialog(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]
) -> None:
    """The Brine Mother is taken out: the true-form dialog offers "Reveal The thing that
    wears the saint" (highlighted), a soft and a full reveal."""
    app = make_app("brine-mother.toml")
    setup = run("next riesa", "attack riesa brine-mother Fight ++++ vs ----", "takeout")
    assert snap_compare(app, terminal_size=size, run_before=setup)


@SIZES
def test_move_pick(snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]) -> None:
    """The quick pick from `m` on the line under the command bar: move Silbestre from the
    Ritual hall to 1 Crypt (highlighted) or 2 Stairs."""
    app = make_app()
    assert snap_compare(app, terminal_size=size, run_before=run(keys=("m",)))


@SIZES
def test_scene_end_dialog(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]
) -> None:
    """The scene end summary from `E`: stress cleared on Silbestre, one boost gone, a held
    point delivered to Silbestre, the turn order closing; Confirm focused."""
    app = make_app()
    setup = run(
        "next leader",
        "attack leader silbestre Fight +++0 vs --00",
        'absorb 1 "Cut arm"',
        "overcome leader Fight 0000 vs 5",
        'invoke "Owes Rozio" by leader hostile',
        'boost rozio "Off balance"',
        keys=("E",),
    )
    assert snap_compare(app, terminal_size=size, run_before=setup)


@SIZES
def test_help_screen(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]
) -> None:
    """The help screen from `?`: who a, o and c act on and how g goes to a name, then the
    keys (Command, Help, Attack, …, g Go to a name) with their descriptions, then the
    commands with their usage below."""
    app = make_app()
    assert snap_compare(app, terminal_size=size, run_before=run(keys=("question_mark",)))


@SIZES
def test_aspect_dialog(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]
) -> None:
    """The new situation aspect dialog from `A`, with "Smoke fills the hall" typed in its
    one field."""
    app = make_app()
    setup = run(keys=("A",), text="Smoke fills the hall")
    assert snap_compare(app, terminal_size=size, run_before=setup)
