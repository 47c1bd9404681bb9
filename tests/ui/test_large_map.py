"""A zones map far taller than its pane: the boxes and the links listed below the map are
worked out as they scroll into view, and scrolling shows every one of them."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fatescreen.rules.character import Character
from fatescreen.rules.obstacles import Block
from fatescreen.scene.model import Link, Scene, Zone
from fatescreen.ui.panes import zones
from fatescreen.ui.panes.zones import FarLines, MapView, ZoneBox, draw_map, map_bands
from fatescreen.ui.state import View
from tests.ui.support import AppFactory, screen_text

ZONES = 60


def star_scene_text() -> str:
    """Zone 1 linked to every other zone (most of the links cannot be drawn: they are
    listed below the map), two NPCs in each zone."""
    parts = ['format = 1\ntitle = "Star"\n']
    for number in range(1, ZONES + 1):
        parts.append(f'\n[[zone]]\nname = "Zone {number}"\n')
    for number in range(2, ZONES + 1):
        parts.append(f'\n[[link]]\nzones = ["Zone 1", "Zone {number}"]\n')
    for number in range(1, ZONES + 1):
        for who in ("Guard", "Scout"):
            parts.append(
                f'\n[[npc]]\nname = "{who} {number}"\nkind = "minor"\nzone = "Zone {number}"\n'
                "skills = { Fight = 1 }\n"
            )
    return "".join(parts)


async def test_scrolling_a_large_map_shows_every_zone_and_far_link(
    make_app: AppFactory, scene_folder: Path
) -> None:
    (scene_folder / "star.toml").write_text(star_scene_text(), encoding="utf-8")
    app = make_app("star.toml")
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        view = app.query_one("#zone-map", MapView)
        expected = draw_map(app.scene, app.view_state, view.scrollable_content_region.width)
        assert view.virtual_size.height == len(expected)  # the whole map's length
        assert view.virtual_size.height > 3 * view.scrollable_content_region.height
        titles: set[str] = set()
        far: set[str] = set()
        y = 0
        while True:
            view.scroll_to(y=y, animate=False)
            await pilot.pause()
            shown = screen_text(app)
            titles |= set(re.findall(r"┌─ (Zone \d+) ", shown))
            far |= set(re.findall(r"↔ Zone 1 — (Zone \d+)", shown))
            if y >= view.max_scroll_y:
                break
            y += view.scrollable_content_region.height
        assert titles == {f"Zone {number}" for number in range(1, ZONES + 1)}
        listed = [line.plain for line in expected if "↔" in line.plain]
        assert listed and len(far) == len(listed)
        assert view.plain == "\n".join(line.plain for line in expected)


def chain(count: int) -> Scene:
    """Zones in a chain, a character in each and a far link from the first to the last."""
    zone_list = tuple(Zone(f"Zone {number}") for number in range(1, count + 1))
    links = [Link((a.id, b.id)) for a, b in itertools.pairwise(zone_list)]
    links.append(Link((zone_list[0].id, zone_list[-1].id), barrier=3))
    characters = tuple(
        Character(f"Guard {number}", zone=zone.id) for number, zone in enumerate(zone_list, 1)
    )
    return Scene("Chain", zones=zone_list, links=tuple(links), characters=characters)


def test_a_map_works_out_the_boxes_of_the_bands_drawn_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[str] = []
    box_lines = zones._box_lines

    def counted(zone: Zone, *rest: object) -> tuple[tuple[str, str], ...]:
        made.append(zone.name)
        return box_lines(zone, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(zones, "_box_lines", counted)
    bands, _ = map_bands(chain(40), View(), 48)
    assert len(bands) > 10 and not made  # laid out, nothing drawn yet
    first = bands[0].lines()
    assert made == [box.title for _, box in bands[0].boxes]
    assert any("Zone 1" in line.plain for line in first)
    star = Scene(
        "Star",
        zones=chain(6).zones,
        links=tuple(Link((chain(6).zones[0].id, f"zone-{n}"), barrier=2) for n in range(2, 7)),
    )
    _, far = map_bands(star, View(), 48)
    assert isinstance(far, FarLines) and len(far) and not far.made  # made when shown
    assert far[0].plain.startswith("  ↔ Zone 1 — Zone ") and far[0].plain.endswith(" +2")
    assert list(far.made) == [far.links[0]]


def test_boxes_of_the_same_things_are_equal_without_their_lines() -> None:
    scene = chain(3)
    zone = scene.zones[0]
    guard = scene.characters[0]
    made_from = (zone, (guard,), (), 20, "GM")
    one, two = (
        ZoneBox(zone.id, "Zone 1", made_from=made_from),
        ZoneBox(zone.id, "Zone 1", made_from=made_from),
    )
    assert one == two and hash(one) == hash(two)
    assert one._lines is None and two._lines is None  # compared by what they show
    # the same text made from other (equal) objects: compared line by line
    copy = ZoneBox(
        zone.id,
        "Zone 1",
        made_from=(Zone("Zone 1"), (Character("Guard 1", zone=zone.id),), (), 20, "GM"),
    )
    assert one == copy
    moved = ZoneBox(
        zone.id, "Zone 1", made_from=(zone, (Character("Guard 9", zone=zone.id),), (), 20, "GM")
    )
    assert one != moved
    blocked = ZoneBox(
        zone.id, "Zone 1", made_from=(zone, (guard,), (Block("Gate", 2, zone=zone.id),), 20, "GM")
    )
    assert one != blocked
    assert one.lines == (("Guard 1", ""),)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 39), st.integers(0, 39), st.booleans()), min_size=1, max_size=6
    )
)
def test_a_map_drawn_again_after_moves_is_the_map_drawn_afresh(
    moves: list[tuple[int, int, bool]],
) -> None:
    """Drawn again with what the last drawing kept, after characters move (some leaving a
    zone empty, some crowding one so its row grows), a map shows exactly what a map drawn
    from nothing shows; a row whose boxes did not change keeps its very band."""
    scene = chain(40)
    cache = zones.MapCache()
    view = View()
    bands, _ = map_bands(scene, view, 48, cache)
    for who, where, crowd in moves:
        character = scene.characters[who]
        target = scene.zones[0 if crowd else where]
        scene = scene.with_character(replace(character, zone=target.id))
        before = bands
        bands, far = map_bands(scene, view, 48, cache)
        fresh, fresh_far = map_bands(scene, view, 48)
        assert [line.plain for band in bands for line in band.lines()] == [
            line.plain for band in fresh for line in band.lines()
        ]
        assert list(far) == list(fresh_far)
        touched = {character.zone, target.id}
        if [band.height for band in before] == [band.height for band in bands]:
            for old, new in zip(before, bands, strict=True):
                if not touched & {box.zone_id for _, box in new.boxes}:
                    assert new is old


async def test_moving_on_a_large_map_shows_the_map_drawn_afresh(
    make_app: AppFactory, scene_folder: Path
) -> None:
    """Moves with m and a digit on a map far taller than its pane: after each, the map
    holds exactly what a map drawn from nothing holds (its unchanged rows kept), and the
    screen shows the mover in the box of the zone it went to."""
    (scene_folder / "star.toml").write_text(star_scene_text(), encoding="utf-8")
    app = make_app("star.toml")
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        app.select_character("guard-1")
        view = app.query_one("#zone-map", MapView)
        for _ in range(4):
            await pilot.press("m", "1")
            await pilot.pause()
            guard = app.scene.character("guard-1")
            expected = draw_map(app.scene, app.view_state, view.scrollable_content_region.width)
            assert view.plain == "\n".join(line.plain for line in expected)
            zone = app.scene.zone(guard.zone or "")
            # the mover's zone box, scrolled into view: its title row and the rows below it
            top = next(i for i, line in enumerate(expected) if f"─ {zone.name} " in line.plain)
            view.scroll_to(y=top, animate=False)
            await pilot.pause()
            shown = screen_text(app).splitlines()
            box = next(i for i, line in enumerate(shown) if f"─ {zone.name} " in line)
            assert any(re.search(r"Guard 1\b", line) for line in shown[box : box + 6])
