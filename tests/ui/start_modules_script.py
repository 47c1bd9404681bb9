"""Run as its own process by ``test_start.py``: which of the modules the dashboard's start
can do without are loaded once its first frame is up, and what the turn order shows.

Prints one JSON line: ``loaded`` (of :data:`test_start.NOT_AT_START`, in that order) and
``turn`` (the turn order pane's lines).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.lines import LinesView

NOT_AT_START = (
    "fatescreen.rules.contests",
    "fatescreen.scene.locate",
    "gettext",
    "importlib.resources",
    "zipfile",
    "shlex",
)


async def main(scene: Path) -> None:
    app = FatescreenApp(scene, remember=False, lang="en", cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        loaded = [name for name in NOT_AT_START if name in sys.modules]
        body = app.query_one("#turn-body", LinesView)
        turn = [line.plain for line in body.lines]
    print(json.dumps({"loaded": loaded, "turn": turn}))


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
