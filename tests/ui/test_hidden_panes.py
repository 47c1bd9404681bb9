"""A pane behind another tab (below 100 columns the panes are tabs) still follows every
change: shown again, it shows the scene as it is now, never lines of what it showed
before (the stat block once kept another character's consequences and minions)."""

from __future__ import annotations

import pytest

from tests.ui.support import AppFactory, Keys, screen_text


async def command(keys: Keys, line: str) -> None:
    await keys.press("colon")
    await keys.type(line)
    await keys.press("enter")


@pytest.mark.parametrize("lang", ["en", "fi"])
async def test_the_stat_block_changed_behind_another_tab_shows_the_new_character(
    make_app: AppFactory, lang: str
) -> None:
    app = make_app("brine-mother.toml", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        await command(keys, "select brine-mother" if lang == "en" else "valitse brine-mother")
        await keys.press("2")
        await pilot.pause()
        assert "Drowned saint of the harbour cult" in screen_text(app)
        await keys.press("3")  # the turn order over the stat block
        await command(keys, "select riesa" if lang == "en" else "valitse riesa")
        await keys.press("2")
        await pilot.pause()
        shown = screen_text(app)
        assert "Retired duellist of the city guard" in shown
        assert "Drowned saint" not in shown and "Drowned acolyte 1" not in shown
        # a language switched behind the tab is shown too
        await keys.press("3")
        await keys.press("L")
        await keys.press("2")
        await pilot.pause()
        assert "Retired duellist of the city guard" in screen_text(app)


async def test_the_log_added_to_behind_another_tab_shows_every_entry(
    make_app: AppFactory,
) -> None:
    app = make_app("brine-mother.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        await keys.press("7")
        await keys.press("1")  # the zones over the log
        await command(keys, "pool 5")
        await command(keys, "pool 6")
        await keys.press("7")
        await pilot.pause()
        shown = screen_text(app)
        assert "GM pool is now 6" in shown and "GM pool is now 5" in shown
