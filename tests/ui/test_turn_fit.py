"""The turn order in a narrow pane, and the map: every name keeps what tells it apart (its
start and its end, the number of a numbered NPC), and a contest's notes go under its name
rather than off the edge."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from textual.pilot import Pilot

from fatescreen.ui.app import PANE_ORDER, FatescreenApp
from fatescreen.ui.dialogs import DialogBody
from fatescreen.ui.panes.turn import TurnPane
from fatescreen.ui.text import end_cut, fit_title, middle_cut
from tests.ui.support import AppFactory, CampaignFactory, screen_text, text_of


@pytest.mark.parametrize(
    ("text", "width", "cut"),
    [
        ("Mirel the courier", 20, "Mirel the courier"),
        ("Mirel the courier", 11, "Mirel…urier"),
        ("Cultist 12", 8, "Cult…12"),
        ("Hirviö 1", 5, "Hi…1"),
    ],
)
def test_a_long_name_keeps_its_start_and_its_end(text: str, width: int, cut: str) -> None:
    assert middle_cut(text, width) == cut


@pytest.mark.parametrize(
    ("title", "names", "width", "fitted"),
    [
        (
            "New situation aspect (1 free invoke for Drowned acolyte 3)",
            ["Drowned acolyte 3"],
            54,
            "New situation aspect (1 free invoke for Drowne…lyte 3)",
        ),
        (
            "Remove The thing that wears the saint?",
            ["The thing that wears the saint"],
            20,
            "Remove The th…saint?",
        ),
        ("Remove Vitor?", ["Vitor"], 54, "Remove Vitor?"),
    ],
)
def test_a_title_too_wide_cuts_the_name_in_it_in_the_middle(
    title: str, names: list[str], width: int, fitted: str
) -> None:
    assert fit_title(title, names, width) == fitted


def test_a_heading_is_cut_at_its_end() -> None:
    assert end_cut("No exchange yet", 14) == "No exchange y…"
    assert end_cut("No exchange yet", 15) == "No exchange yet"


def pane_lines(app: object) -> list[str]:
    pane = app.query_one(TurnPane)  # type: ignore[attr-defined]
    return [line.plain.rstrip() for line in pane.body.lines]


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_the_chase_fits_its_turn_order(make_app: AppFactory, size: tuple[int, int]) -> None:
    app = make_app("night-market-chase.toml")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        pane = app.query_one(TurnPane)
        room = pane.body.scrollable_content_region.width
        lines = pane_lines(app)
        assert all(len(line) <= room for line in lines), (room, lines)
        courier = next(line for line in lines if line.strip(" ›·").startswith("Mirel"))
        assert courier.endswith("courier") or courier.endswith("urier")
        assert any(line.startswith("Catch") and line.endswith("urier") for line in lines), lines
        assert any(line.strip(" ()") == "3 to win" for line in lines)
        assert {"Watchman 1", "Watchman 2"} <= {line.strip(" ›·") for line in lines}


async def test_a_question_in_the_quick_pick_keeps_its_own_mark(make_app: AppFactory) -> None:
    app = make_app("kaarnakoski-mine.toml")  # two countdowns: t asks which
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        shown = text_of(app.quick_pick)
        assert "Tick which countdown? " in shown and "?:" not in shown


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (160, 50)])
async def test_the_turn_order_and_the_map_show_what_tells_names_apart(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    """Mid-conflict in the Brine Mother's chapel: each drowned acolyte's number in the turn
    order's lines and on the map, and wherever one shows on screen (below 100 columns, on
    the turn order's tab and the map's), never a name cut short of it; the GM's mark of each
    hidden aspect on the map."""
    app = make_app("brine-mother.toml")
    async with app.run_test(size=size) as pilot:
        result = app.run_command("next riesa", flow=False)
        assert result is not None and result.ok
        await pilot.pause()
        lines = pane_lines(app)
        drawn = text_of(app.query_one("#zones"))
        for number in range(1, 5):
            assert any(line.endswith(f"yte {number}") for line in lines), lines
            assert f"olyte {number}" in drawn, drawn
        assert drawn.count("[GM]") == 2  # "Chanting from below the water", "Pitch dark"
        shown: list[str] = []
        for tab, pane in (("3", "#turn"), ("1", "#zones")):
            if size[0] < 100:
                await pilot.press(tab)
            region = app.query_one(pane).region
            rows = screen_text(app).splitlines()[region.y : region.bottom]
            shown += [row[region.x : region.right] for row in rows]
        names = re.findall(r"Drown[^│]*", "\n".join(shown))
        assert names
        for name in names:
            assert re.search(r"\d\s*$", name), name


ROOT = Path(__file__).resolve().parents[2]

BORDERS = "│╭╮╰╯─▁▂▃▄▅▆▇█▔ "
"""What edges a pane's rows on screen: its border, its scrollbar, its padding."""


def pane_on_screen(app: FatescreenApp, selector: str) -> list[str]:
    """The rows of a pane as they are on screen, border and scrollbar left out."""
    region = app.query_one(selector).region
    rows = screen_text(app).splitlines()[region.y + 1 : region.bottom - 1]
    return [row[region.x : region.right].strip(BORDERS) for row in rows]


def flat(rows: list[str]) -> str:
    """Rows as one line: a name a pane wraps is found whole."""
    return " ".join(" ".join(rows).split())


async def show(pilot: Pilot[None], app: FatescreenApp, pane: str) -> None:
    """Bring a pane on screen (below 100 columns the panes are tabs)."""
    if app.size.width < 100:
        await pilot.press(str(PANE_ORDER.index(pane) + 1))
    await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (160, 50)])
async def test_every_pane_shows_the_names_that_tell_characters_apart(
    make_app: AppFactory, size: tuple[int, int], lang: str
) -> None:
    """Mid-conflict in the Brine Mother's chapel, at every size and in both languages: the
    stat block names the holder of a free invoke in full (never "The Brine Mot…"), the
    fate points give each PC's whole name and its count on one row, the aspects pane names
    a drowned acolyte holding free invokes with its number; made secret, the acolyte keeps
    its number and gets the GM's mark in the stat block and in the turn order (scrolled to
    its highlight); and a dialog's title cuts a long name in the middle with "…", keeping
    the acolyte's number and the Brine Mother's start and end."""
    app = make_app("brine-mother.toml", lang=lang)
    async with app.run_test(size=size) as pilot:
        for line in (
            "next riesa",
            "attack brine-mother silbestre Fight +000 vs -000",  # hit with style for 3
            'absorb 2 "Bruised shin"',  # mild, its free invoke the Brine Mother's
            'create drowned-acolyte-3 Fight "Knee-deep black water" ++++ vs 0',  # 2 free
        ):
            result = app.run_command(line, flow=False)
            assert result is not None and result.ok, line
        app.select_character("silbestre")
        await show(pilot, app, "statblock")
        sheet = flat(pane_on_screen(app, "#statblock"))
        assert "Bruised shin ①The Brine Mother" in sheet, sheet
        await show(pilot, app, "aspects")
        aspects = flat(pane_on_screen(app, "#aspects"))
        assert "Knee-deep black water ②Drowned acolyte 3" in aspects, aspects
        gm = app.tr("gm.name")
        result = app.run_command("secret drowned-acolyte-3", flow=False)
        assert result is not None and result.ok
        app.select_character("drowned-acolyte-3")
        await show(pilot, app, "statblock")
        assert f"Drowned acolyte 3 [{gm}]" in flat(pane_on_screen(app, "#statblock"))
        await show(pilot, app, "turn")
        turn = pane_on_screen(app, "#turn")
        assert any(re.search(rf"Dr.*3 \[{gm}\]$", row) for row in turn), turn
        await show(pilot, app, "fate")
        fate = pane_on_screen(app, "#fate")
        for pc in app.scene.pcs:
            row = next((row for row in fate if row.startswith(pc.name)), None)
            assert row is not None, (pc.name, fate)
            assert row.endswith(f"{pc.fate_points}/{pc.refresh}"), row
        for who, named in (
            ("drowned-acolyte-3", r"Drown\S*(?: \S+)*…?\S*te 3\)"),
            ("brine-mother", r"The B[\w ]*…?[\w ]*her\)"),
        ):
            result = app.run_command(f"next {who}", flow=False)
            assert result is not None and result.ok, who
            await pilot.press("A")
            await pilot.pause()
            title = screen_text(app).splitlines()
            box = app.screen.query_one(DialogBody).region
            title_row = title[box.y][box.x : box.right]
            assert re.search(named, title_row), title_row
            await pilot.press("escape")
            await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_move_pick_shows_its_keys_whole_or_not_at_all(
    make_app: AppFactory, size: tuple[int, int], lang: str
) -> None:
    """The move pick names the one who moves and each zone in full, and its keys' hint is
    on the line whole (at 160 columns) or not at all (at 80), never cut short."""
    app = make_app("brine-mother.toml", lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.press("m")
        await pilot.pause()
        shown = text_of(app.quick_pick)
        hint = app.tr("ui.pick_keys")
        assert "Silbestre" in shown and "Altar of shells" in shown, shown
        assert (hint in shown) == (size[0] >= 100), shown
        row = next(
            row for row in screen_text(app).splitlines() if "Silbestre" in row and "1 " in row
        )
        assert hint[:8] not in row or hint in row, row


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (160, 50)])
async def test_the_finnish_pc_sheet_keeps_each_stress_box_whole(
    make_campaign_app: CampaignFactory, size: tuple[int, int]
) -> None:
    """Silbestre's sheet in Finnish: each stress track on a line of its own, its boxes whole
    (never "henkinen [ ][ ][ ][" over "]")."""
    app = make_campaign_app(lang="fi")
    async with app.run_test(size=size) as pilot:
        await pilot.press("P")
        await pilot.pause()
        for _ in range(30):  # down the sheet until the stress shows
            if "henkinen" in screen_text(app):
                break
            await pilot.press("j")
        rows = [row.strip(BORDERS) for row in screen_text(app).splitlines()]
        assert any(row.endswith("fyysinen [ ][ ][ ][ ]") for row in rows), rows
        assert any(row.endswith("henkinen [ ][ ][ ][ ]") for row in rows), rows
        assert not [row for row in rows if row.endswith("[") or row.startswith("]")], rows


@pytest.mark.parametrize("size", [(120, 40), (160, 50)])
async def test_a_map_that_scrolls_leaves_the_stat_block_its_rows(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """The generated large scene: its map scrolls in its pane, and the stat block below it
    shows the first PC's stress tracks, consequences and every aspect at once."""
    path = tmp_path / "large-scene.toml"
    subprocess.run(
        [sys.executable, str(ROOT / "bench" / "make_large_scene.py"), str(path)],
        check=True,
        capture_output=True,
    )
    app = FatescreenApp(path, remember=False, lang="en", cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.query_one("#zones").has_class("-tall")
        pc = app.scene.pcs[0]
        app.select_character(pc.id)
        await pilot.pause()
        rows = pane_on_screen(app, "#statblock")
        shown = flat(rows)
        for label in ("physical", "mental", "mild 2", "moderate 4", "severe 6"):
            assert label in shown, rows
        for aspect in pc.aspects:
            assert aspect.name in shown, (aspect.name, rows)
