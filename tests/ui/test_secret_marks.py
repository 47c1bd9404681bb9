"""The GM's mark on what the players cannot see: a secret NPC shows [GM] ([PJ] in Finnish)
on the map, in the turn order and in its stat block, as hidden aspects do; a secret zone
shows it after its name on the map."""

from __future__ import annotations

import pytest

from fatescreen.ui.app import FatescreenApp
from tests.ui.support import AppFactory, Keys, text_of

SIZE = (160, 50)


def pane(app: FatescreenApp, name: str) -> str:
    """The text a pane shows."""
    return text_of(app.query_one(f"#{name}"))


async def command(keys: Keys, line: str) -> None:
    """Type a command into the command bar and run it."""
    await keys.press("colon")
    await keys.type(line)
    await keys.press("enter")


def lines_with(text: str, name: str) -> list[str]:
    return [line for line in text.splitlines() if name in line]


@pytest.mark.parametrize(
    ("lang", "mark", "secret", "public"),
    [
        ("en", "[GM]", "secret", "public"),
        ("fi", "[PJ]", "salaa", "julkista"),
    ],
)
async def test_a_secret_npc_is_marked_on_the_map_the_turn_order_and_its_stat_block(
    make_app: AppFactory, lang: str, mark: str, secret: str, public: str
) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        app.select_character("leader")
        await pilot.pause()
        for name in ("zones", "turn", "statblock"):
            assert all(mark not in line for line in lines_with(pane(app, name), "Masked leader"))
        await command(keys, f"{secret} leader")
        await pilot.pause()
        for name in ("zones", "turn", "statblock"):
            shown = lines_with(pane(app, name), "Masked leader")
            assert shown and all(mark in line for line in shown), (name, shown)
        # the PCs are never secret, and carry no mark
        assert all(mark not in line for line in lines_with(pane(app, "turn"), "Silbestre"))
        await command(keys, f"{public} leader")
        await pilot.pause()
        for name in ("zones", "turn", "statblock"):
            assert all(mark not in line for line in lines_with(pane(app, name), "Masked leader"))


async def test_a_secret_zone_is_marked_on_the_map(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        assert lines_with(pane(app, "zones"), "Ritual hall [GM]") == []
        await command(keys, "secret zone:ritual")
        await pilot.pause()
        assert lines_with(pane(app, "zones"), "Ritual hall [GM]")
