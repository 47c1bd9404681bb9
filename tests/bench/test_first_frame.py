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


SCROLLBAR = str.maketrans({block: " " for block in "▁▂▃▄▅▆▇█"})
"""A scrollbar's thumb, drawn a layout after the first frame (Textual shows a scrollbar
once it has measured what overflows): left out where frames are compared."""


def _frames(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> list[str]:
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FATESCREEN_CONFIG_DIR", str(tmp_path / "config"))
    folder = tmp_path / "scenes"
    shutil.copytree(SCENES, folder)
    app = Quitting(folder / "golden-mask.toml", remember=False, lang="en", cursor_blink=False)
    app.driver_class = FrameDriver
    app.run(size=size)
    driver = FrameDriver.current
    assert driver is not None
    return [frame.text for frame in frames(driver.writes, size) if frame.changed]


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
def test_the_first_frame_is_the_settled_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """No layout after the first changes what the screen shows but a scrollbar's thumb: the
    layout for the terminal's width (its breakpoint classes), the footer's keys for that
    width, the compact screen's tabs and map, all come with the first frame."""
    shown = _frames(tmp_path, monkeypatch, size)
    first, settled = shown[0], shown[-1]
    assert "Ritual hall" in first
    assert "? Help" in first  # the footer's keys
    assert first.translate(SCROLLBAR) == settled.translate(SCROLLBAR)


def test_at_160_columns_the_first_frame_is_the_only_one_that_changes_the_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the benchmark's size no frame after the first changes the screen: the aspects'
    scrollbar comes with the first frame (the panes give their line views their size
    before drawing them); it once came a frame later, as the footer's keys or a class a
    pane takes from its size once did."""
    shown = _frames(tmp_path, monkeypatch, SIZE)
    assert len(shown) == 1


def test_the_large_scene_settles_with_its_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The benchmark's large scene: a zones map taller than its pane, a stat block whose
    sheet, an aspects list and an obstacles list longer than theirs. Each pane's
    scrollbar comes with the first frame and its lines are wrapped for the width beside
    it, so no later frame changes the screen (each once came a frame or two later)."""
    from make_large_scene import write

    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FATESCREEN_CONFIG_DIR", str(tmp_path / "config"))
    path = write(tmp_path / "large-scene.toml")
    app = Quitting(path, remember=False, lang="en", cursor_blink=False)
    app.driver_class = FrameDriver
    app.run(size=SIZE)
    driver = FrameDriver.current
    assert driver is not None
    shown = [frame for frame in frames(driver.writes, SIZE) if frame.changed]
    assert len(shown) == 1
    assert "╭─ Obstacles" in shown[0].text and "╭─ Aspects" in shown[0].text
