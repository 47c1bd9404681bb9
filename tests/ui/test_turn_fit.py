"""The turn order in a narrow pane: every name keeps what tells it apart (its start and its
end, the number of a numbered NPC), and a contest's notes go under its name rather than
off the edge."""

from __future__ import annotations

import pytest

from fatescreen.ui.panes.turn import TurnPane
from fatescreen.ui.text import end_cut, middle_cut
from tests.ui.support import AppFactory, text_of


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
