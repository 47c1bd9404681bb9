"""Run as its own process by ``test_start.py``: the dashboard starts without the modules
its keys need, the first keys import them, and the warm-up imports the rest.

Prints one JSON line: the key modules loaded at the first frame, after the keys, and
after the warm-up, with what the keys did to the scene.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from fatescreen.ui.app import KEY_MODULES, FatescreenApp


def loaded() -> list[str]:
    return [name for name in KEY_MODULES if name in sys.modules]


async def main(scene: Path) -> None:
    app = FatescreenApp(scene, remember=False, lang="en", cursor_blink=False)
    report: dict[str, object] = {}
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        report["first frame"] = loaded()
        turn = app.scene.turn
        report["up before"] = turn.up if turn else None
        await pilot.press("t")  # one countdown: ticked at once
        await pilot.press("n")
        await pilot.press("s", "1")
        await pilot.pause()
        report["after keys"] = loaded()
        turn = app.scene.turn
        report["up"] = turn.up if turn else None
        report["ticked"] = app.scene.countdowns[0].checked
        selected = app.scene.character(app.view_state.selected or "")
        report["stress"] = sorted(
            f"{track.kind.value} {box}" for track in selected.stress for box in track.checked
        )
        for _ in range(200):
            if app.warmed_up:
                break
            await asyncio.sleep(0.05)
        report["warmed up"] = app.warmed_up
        report["after warm-up"] = loaded()
    print(json.dumps(report))


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
