"""The dashboard's first frame, as a terminal gets it: every pane the scene fills shows its
content in it, without waiting for a layout after the first (the zones map, the turn
order and the aspects used to come a frame or two later)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from frames import FrameDriver, frames

from fatescreen.ui.app import FatescreenApp

SCENES = Path(__file__).resolve().parents[2] / "scenes"
SIZE = (160, 50)


class Quitting(FatescreenApp):
    """The dashboard, quitting a moment after its first frame."""

    def on_ready(self) -> None:
        self.set_timer(0.3, self.exit)


def test_the_first_frame_shows_the_map_the_turn_order_and_the_aspects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FATESCREEN_CONFIG_DIR", str(tmp_path / "config"))
    folder = tmp_path / "scenes"
    shutil.copytree(SCENES, folder)
    app = Quitting(folder / "golden-mask.toml", remember=False, lang="en", cursor_blink=False)
    app.driver_class = FrameDriver
    app.run(size=SIZE)
    driver = FrameDriver.current
    assert driver is not None
    first = next(frames(driver.writes, SIZE)).text
    assert "┌─ Ritual hall" in first  # a box of the zones map
    assert "┌─ Crypt" in first
    assert "›· Silbestre" in first  # the turn order, its cursor on the first name
    assert "· Masked leader" in first
    assert "  Chanting echoes" in first  # the scene's aspects
    assert "◆ Haunted scholar of the old books" in first  # the stat block's sheet
