"""The dashboard starts and shows its scene."""

from __future__ import annotations

from pathlib import Path

from fatescreen.ui.app import FatescreenApp


async def test_app_starts_headless() -> None:
    app = FatescreenApp(Path("scenes/golden-mask.toml"))
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.query_one("#placeholder") is not None
