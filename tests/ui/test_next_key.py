"""The ``n`` key is looked at before it goes round the focused pane and its parents: it
hands the turn on whichever pane has the focus, and still types an n into a text field
and does nothing behind a dialog."""

from __future__ import annotations

from textual.widgets import Input

from fatescreen.ui.dialogs.help import HelpScreen
from tests.ui.support import AppFactory, Keys


async def test_n_hands_the_turn_on_whichever_pane_has_the_focus(make_app: AppFactory) -> None:
    app = make_app("kaarnakoski-mine.toml")
    async with app.run_test(size=(160, 50)) as pilot:
        keys = Keys(pilot)
        ups = []
        for pane in ("aspects", "zones", "log"):
            app.query_one(f"#{pane}").focus()
            await pilot.pause()
            await keys.press("n")
            turn = app.scene.turn
            assert turn is not None and app.focused is app.query_one(f"#{pane}")
            ups.append(turn.up)
        assert len(set(ups)) == 3


async def test_n_types_into_the_command_bar_and_does_nothing_behind_a_dialog(
    make_app: AppFactory,
) -> None:
    app = make_app("kaarnakoski-mine.toml")
    async with app.run_test(size=(160, 50)) as pilot:
        keys = Keys(pilot)
        await keys.press("colon")
        assert isinstance(app.focused, Input)
        await keys.press("n", "e", "n")
        assert app.focused.value.endswith("nen")
        assert app.scene.turn is None or app.scene.turn.up is None
        await keys.press("escape", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        await keys.press("n")
        assert isinstance(app.screen, HelpScreen)
        assert app.scene.turn is None or app.scene.turn.up is None
        await keys.press("escape", "n")
        assert app.scene.turn is not None and app.scene.turn.up is not None
