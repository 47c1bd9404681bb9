"""The dashboard follows every change: updated command by command it shows what a dashboard
opened fresh on the same scene shows; the fate points pane keeps a concession's held point;
and the turn order to come follows who stands."""

from __future__ import annotations

import asyncio

from hypothesis import HealthCheck, given, settings
from rich.cells import cell_len

from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.panes.fate import FatePane
from fatescreen.ui.panes.turn import TurnPane
from tests.ui.fresh import dashboard_differences, dashboard_sequences
from tests.ui.support import AppFactory, Keys, text_of

SIZE = (120, 40)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dashboard_sequences())
def test_an_updated_dashboard_shows_what_a_fresh_one_shows(lines: list[str]) -> None:
    """After random sequences of the GM's commands (``tests/ui/fresh.py``: aspects, stress,
    consequences, moves, the turn order, fate points, concessions, countdowns, obstacles,
    rolls with their dice, undo and redo), run one by one as the command bar runs them, each
    pane shows, at 120×40, what it shows on a dashboard opened fresh on the scene reached:
    on the screen, in full and at the same place. ``make stress`` runs this at length.

    Left out, for they differ by right: the log (the fresh one has run nothing), the status
    line's mark of changes not saved, where each pane is scrolled (both are scrolled to
    their start first), notices (cleared) and dialogs a command opened (closed with Escape,
    as the GM would). The fresh dashboard points where the updated one does (the selected
    character, the turn order's highlight): those are the GM's choice, not the scene's.
    """
    assert asyncio.run(dashboard_differences(lines)) == []


def fate_text(app: FatescreenApp) -> str:
    """The fate points pane as it reads."""
    return text_of(app.query_one(FatePane))


async def test_a_concessions_held_point_shows_until_undone(make_app: AppFactory) -> None:
    """A concession changes no fate points and no GM pool, only the points held for the
    scene's end: the pane shows them, and takes them away again on undo."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        assert "held" not in fate_text(app)
        await keys.press("colon")
        await keys.type("concede rozio")
        await keys.press("enter")
        shown = fate_text(app)
        assert "held for scene end: 1" in shown and "→ Rozio +1 concession" in shown
        assert "Rozio     ●●● 3/3" in shown  # the point is held, not given
        await keys.press("u")
        assert "held" not in fate_text(app) and "Rozio" not in app.scene.held


async def test_the_turn_order_to_come_follows_who_stands(make_app: AppFactory) -> None:
    """With no conflict running, the turn order lists those a conflict would start with:
    a hazard added joins it, a character conceding or taken out leaves it, though none of
    them touches a turn order; the names are cut to the room beside the scrollbar that
    comes with one name more than the pane has rows."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        turn = app.query_one(TurnPane)

        async def command(line: str) -> list[str]:
            await keys.press("colon")
            await keys.type(line)
            await keys.press("enter")
            return text_of(turn).splitlines()

        names = await command('add hazard "Rocks" 3 in crypt')
        assert names[-1].endswith("⚠ Rocks") and len(names) > turn.body.size.height
        assert turn.body.show_vertical_scrollbar
        assert max(cell_len(name) for name in names) <= turn.body.scrollable_content_region.width
        await command("concede silbestre")
        names = await command("takeout cultist-2")
        assert app.scene.turn is None
        assert not any("Silbestre" in name or "Cultist 2" in name for name in names)
        assert any("Cultist 1" in name for name in names)
