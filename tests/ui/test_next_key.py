"""The ``n`` and ``f`` keys are looked at before they go round the focused pane and its
parents: ``n`` hands the turn on (``f`` spends a free invoke) whichever pane has the focus,
and each still types its letter into a text field and does nothing behind a dialog."""

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


async def test_f_spends_a_free_invoke_whichever_pane_has_the_focus_and_types_an_f(
    make_app: AppFactory,
) -> None:
    """``f`` is looked at before it goes round the focused pane too: it spends a free
    invoke with the focus on any pane, and is a letter in the command bar."""
    app = make_app("kaarnakoski-mine.toml")
    async with app.run_test(size=(160, 50)) as pilot:
        keys = Keys(pilot)
        for pane in ("aspects", "zones", "log"):
            app.run_command(f'aspect add "Edge {pane}" on riesa free 1 for riesa')
            app.run_command("overcome riesa Athletics vs 2 0000")
            app.query_one(f"#{pane}").focus()
            await pilot.pause()
            await keys.press("f")
            roll = app.scene.pending_roll
            assert roll is not None and len(roll.free_invokes) == 1
            assert app.focused is app.query_one(f"#{pane}")
        await keys.press("colon", "f")
        assert isinstance(app.focused, Input) and app.focused.value.endswith("f")
