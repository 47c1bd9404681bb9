"""A command's young objects are collected once the frame that shows the command is
written, not in the moment between the command and its frame (where the collection
would delay what the GM sees): keys sent as a terminal sends them, and nothing looking at
the frames until one is written (as for a GM; the benchmark looks every millisecond, which
happens to order the two the same way)."""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path

import pytest
from frames import FrameDriver, frames
from keystrokes import SIZE, Keyboard, run
from textual import events

from fatescreen.ui import collector
from fatescreen.ui.app import FatescreenApp

# The order of a frame and a collection a moment later: run apart from the parallel workers.
pytestmark = pytest.mark.alone

SCENES = Path(__file__).resolve().parents[2] / "scenes"


def test_the_collection_after_a_key_s_command_comes_after_its_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FATESCREEN_CONFIG_DIR", str(tmp_path / "config"))
    folder = tmp_path / "scenes"
    shutil.copytree(SCENES, folder)
    tidied: list[float] = []
    monkeypatch.setattr(collector, "tidy", lambda: tidied.append(time.perf_counter()))
    app = FatescreenApp(folder / "golden-mask.toml", remember=False, lang="en", cursor_blink=False)
    pressed: list[float] = []

    async def work(keyboard: Keyboard) -> None:
        for number in range(6):
            app.run_command(f'aspect add "Cover {number}" on silbestre free 1 for silbestre')
            app.run_command("overcome silbestre Athletics vs 2 0000", flow=False)
            await keyboard.settle()
            written = len(keyboard.driver.writes)
            pressed.append(time.perf_counter())
            keyboard.driver.send_message(events.Key("f", "f"))
            while len(keyboard.driver.writes) == written:
                await asyncio.sleep(0.02)
            await keyboard.settle()

    asyncio.run(run(app, work))
    driver = FrameDriver.current
    assert driver is not None
    changed = [frame.time for frame in frames(driver.writes, SIZE) if frame.changed]
    for start in pressed:
        tidy = min(stamp for stamp in tidied if stamp > start)
        assert any(start < shown < tidy for shown in changed)
