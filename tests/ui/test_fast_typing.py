"""A GM types fast: the keys that follow ``:`` in the same burst are the command bar's text,
never the dashboard's one-letter keys (which would change the scene)."""

from __future__ import annotations

from fatescreen.ui.commandbar import CommandBar
from tests.ui.support import AppFactory, burst, until

SIZE = (120, 40)


async def test_keys_typed_right_after_the_colon_go_into_the_command_bar(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session is not None
        before, main = app.session.scene, app.screen
        # one burst, as a terminal delivers a fast typist's keys: no pause between them
        burst(app, ":pool 45")
        bar = app.query_one(CommandBar)
        await until(pilot, lambda: bar.value == "pool 45" or app.screen is not main)
        assert app.focused is bar and bar.value == "pool 45"
        assert app.screen is app.screen_stack[0]  # no dialog opened by "o" or "p"
        assert app.session.scene == before  # no key changed the scene
