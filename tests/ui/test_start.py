"""Starting the dashboard: the collector paused for the start, the theme chosen up front."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.color import Color

from fatescreen import cli
from fatescreen.ui import collector
from fatescreen.ui.app import FatescreenApp
from tests.ui.support import AppFactory


@pytest.fixture
def restored_collector() -> Iterator[None]:
    """Whatever a test does to the collector, it is as before afterwards."""
    yield
    gc.unfreeze()
    gc.enable()


def test_the_console_script_pauses_the_collector_before_the_dashboard_starts(
    monkeypatch: pytest.MonkeyPatch, scene_folder: Path, restored_collector: None
) -> None:
    seen: list[bool] = []
    monkeypatch.setattr(FatescreenApp, "run", lambda self: seen.append(gc.isenabled()))
    assert cli.main([str(scene_folder / "golden-mask.toml")]) == 0
    assert seen == [False]


async def test_the_first_frame_freezes_the_start_and_resumes_collecting(
    make_app: AppFactory, restored_collector: None
) -> None:
    collector.pause()
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
        assert "Silbestre" in {c.name for c in app.scene.characters}


async def test_a_collector_never_paused_is_left_alone(
    make_app: AppFactory, restored_collector: None
) -> None:
    frozen = gc.get_freeze_count()
    async with make_app().run_test() as pilot:
        await pilot.pause()
        assert gc.isenabled()
        assert gc.get_freeze_count() == frozen


@pytest.mark.parametrize(("theme", "dark"), [("fate-light", False), ("fate-dark", True)])
async def test_the_chosen_theme_is_in_place_from_the_first_frame(
    make_app: AppFactory, theme: str, dark: bool
) -> None:
    app = make_app(theme=theme)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.theme == theme
        assert app.has_class(f"-theme-{theme}")
        assert app.has_class("-dark-mode") is dark
        assert app.has_class("-light-mode") is not dark
        background = app.get_theme(theme).background  # type: ignore[union-attr]
        assert app.screen.styles.background.hex.lower() == str(background).lower()


async def test_switching_theme_redraws_the_line_views_in_its_colours(
    make_app: AppFactory,
) -> None:
    """The turn order's heading is drawn in the theme's secondary colour, before and
    after switching from the dark theme to the light one."""
    app = make_app(theme="fate-dark")
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        body = app.query_one("#turn-body")

        def heading_is(colour: str | None) -> bool:
            segment = next(s for s in body.render_line(0) if s.text.strip())  # type: ignore[attr-defined]
            shown = segment.style.color.triplet
            wanted = Color.parse(colour or "")
            return all(abs(a - b) <= 2 for a, b in zip(shown, wanted.rgb, strict=True))

        dark = app.get_theme("fate-dark")
        light = app.get_theme("fate-light")
        assert dark is not None and light is not None
        assert heading_is(dark.secondary)
        assert not heading_is(light.secondary)
        app.theme = "fate-light"
        await pilot.pause()
        await pilot.pause()
        assert heading_is(light.secondary)
