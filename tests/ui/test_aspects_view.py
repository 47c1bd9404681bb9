"""The aspects pane of a scene with hundreds of aspects: only the groups on screen are built
and drawn, scrolling (by the scrollbar's offset or by keys) shows every aspect, a selected
character's group joins the list, and a changed aspect repaints its own line alone."""

from __future__ import annotations

import re
from pathlib import Path

from textual.geometry import Region

from fatescreen.ui.groups import GroupsView
from fatescreen.ui.panes.aspects import AspectsPane
from tests.ui.support import AppFactory, screen_text

ZONES = 120
SIZE = (160, 50)


def many_aspects_text() -> str:
    """A PC, a guard whose aspect is shown only while he is selected, and ZONES zones of
    two aspects each."""
    parts = ['format = 1\ntitle = "Many aspects"\naspects = ["Heavy rain"]\n']
    for number in range(1, ZONES + 1):
        parts.append(
            f'\n[[zone]]\nname = "Zone {number}"\naspects = ["Mist {number}", "Rubble {number}"]\n'
        )
    parts.append(
        '\n[[pc]]\nname = "Aino"\nzone = "Zone 1"\nhigh_concept = "Storm witch"\n'
        'trouble = "Owes the guild"\nskills = { Lore = 2 }\n'
    )
    parts.append(
        '\n[[npc]]\nname = "Guard"\nkind = "minor"\nzone = "Zone 2"\n'
        'aspects = ["Sleepy sentry"]\nskills = { Fight = 1 }\n'
    )
    return "".join(parts)


def shown_aspects(text: str) -> set[str]:
    return set(re.findall(r"(?:Mist|Rubble) \d+", text))


async def test_a_long_list_is_built_as_it_scrolls_into_view_and_shows_every_aspect(
    make_app: AppFactory, scene_folder: Path
) -> None:
    (scene_folder / "many.toml").write_text(many_aspects_text(), encoding="utf-8")
    app = make_app("many.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        body = app.query_one("#aspects-body", GroupsView)
        height = body.scrollable_content_region.height
        built = [group for group in body.groups if group.built is not None]
        assert 0 < len(built) <= height  # a screenful of groups, not all ZONES of them
        # every line counted: a group's label, its aspects, and a blank row between groups
        rows = sum(len(group.widths) for group in body.groups) + len(body.groups) - 1
        assert body.virtual_size.height == rows > 3 * height
        assert body.show_vertical_scrollbar
        seen: set[str] = set()
        y = 0
        while True:
            body.scroll_to(y=y, animate=False)
            await pilot.pause()
            seen |= shown_aspects(screen_text(app))
            if y >= body.max_scroll_y:
                break
            y += height
        expected = {f"{kind} {n}" for n in range(1, ZONES + 1) for kind in ("Mist", "Rubble")}
        assert seen == expected
        # by keys: the list has the focus, Home goes back to the top, End to the bottom
        body.focus()
        await pilot.press("home")
        await pilot.pause()
        assert "Heavy rain" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        shown = screen_text(app)
        assert f"Rubble {ZONES}" in shown and "Heavy rain" not in shown


async def test_the_selected_character_joins_the_list(
    make_app: AppFactory, scene_folder: Path
) -> None:
    """Selecting the guard (the next-character key) adds his group; the pane lists it."""
    (scene_folder / "many.toml").write_text(many_aspects_text(), encoding="utf-8")
    app = make_app("many.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pane = app.query_one(AspectsPane)
        guard = next(c for c in app.scene.characters if c.name == "Guard")
        assert f"character:{guard.id}" not in pane.keys
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert app.view_state.selected == guard.id
        assert pane.keys[-1] == f"character:{guard.id}"
        assert pane.body.plain.endswith("Guard\n  Sleepy sentry")
        pane.body.scroll_end(animate=False)
        await pilot.pause()
        assert "Sleepy sentry" in screen_text(app)


async def test_a_changed_aspect_repaints_its_own_line_alone(
    make_app: AppFactory, scene_folder: Path
) -> None:
    """A free invoke added to a zone's aspect on screen: the zone's group is made again,
    its other lines keep the strips they had, and the one row of the changed line is the
    only one repainted."""
    (scene_folder / "many.toml").write_text(many_aspects_text(), encoding="utf-8")
    app = make_app("many.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        body = app.query_one("#aspects-body", GroupsView)
        rows = [body.render_line(y).text.rstrip() for y in range(12)]
        row = next(y for y, text in enumerate(rows) if text.strip() == "Rubble 2")
        before = next(
            group
            for group in body.groups
            if group.key.startswith("zone:") and "Rubble 2" in group.lines[2].plain
        )
        label_strips = before.strips[0]
        repainted: list[tuple[Region, ...]] = []
        original = body.refresh

        def counting(*regions: Region, **options: bool) -> GroupsView:
            repainted.append(regions)
            return original(*regions, **options)

        body.refresh = counting  # type: ignore[method-assign]
        result = app.run_command('free add "Rubble 2" 1', flow=False)
        assert result is not None and result.ok, result
        assert [[(region.y, region.height) for region in regions] for regions in repainted] == [
            [(row, 1)]
        ]
        after = next(group for group in body.groups if group.key == before.key)
        assert after is not before and after.strips[0] is label_strips
        await pilot.pause()
        assert "Rubble 2 ①GM" in body.render_line(row).text
