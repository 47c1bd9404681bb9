"""Launched as a separate process: start an app, let it settle, report its first full frame.

``python bench/startup.py fatescreen SCENE``, ``python bench/startup.py floor`` or
``python bench/startup.py floor-late`` (the floor with one pane filled a moment after its
first frame: the harness must see it late). The app renders its frames as it would to a
terminal (see ``frames.FrameDriver``); the process waits until no frame has changed the
screen for a while and the dashboard's warm-up is done, then prints one JSON
line: the clock at Textual's Ready, at the first frame after which the screen no longer
changed, the text of that frame, and the peak resident memory of the whole run in KiB.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Footer, Input, Static

sys.path.insert(0, str(Path(__file__).resolve().parent))

from frames import FrameDriver, settled_at

SIZE = (160, 50)
SETTLE = 0.5
"""Seconds without a changed frame (and with no worker running) that end the run."""
LIMIT = 60.0
"""Seconds after which a run ends in any case."""
LATE = 0.25
"""Seconds after its first frame at which ``floor-late`` fills its last pane."""


class Floor(App[None]):
    """The floor: seven titled panes, one a DataTable of 200 rows, a command bar, a footer."""

    CSS = """
    VerticalScroll { border: round $primary; height: 1fr; }
    #log { height: 8; }
    """

    def compose(self) -> ComposeResult:
        yield Static("floor")
        with Horizontal():
            with Vertical():
                yield VerticalScroll(Static("zones"))
                table: DataTable[str] = DataTable()
                yield VerticalScroll(table)
            with Vertical():
                yield VerticalScroll(Static("turn"))
                yield VerticalScroll(Static("aspects"))
            with Vertical():
                yield VerticalScroll(Static("fate"))
                yield VerticalScroll(Static("obstacles", id="obstacles"))
        yield VerticalScroll(Static("log"), id="log")
        yield Input()
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("name", "kind", "zone", "stress")
        table.add_rows(
            [(f"Character {n}", "minor", f"Zone {n % 20}", "[ ][ ]") for n in range(200)]
        )


class LateFloor(Floor):
    """The floor with its obstacles pane filled only after its first frame."""

    def on_ready(self) -> None:
        self.set_timer(LATE, self.fill)

    def fill(self) -> None:
        self.query_one("#obstacles", Static).update("obstacles: a barricade, a fire, a gate")


def measured(base: type[App[None]]) -> type[App[None]]:
    """``base`` with a stamp at Ready, ending its run once the screen has settled and no
    worker is running (Textual calls the handlers of every class, the base's too)."""

    class Measured(base):  # type: ignore[valid-type,misc]
        ready_at = 0.0
        started = time.perf_counter()

        def on_ready(self) -> None:
            self.ready_at = time.perf_counter()
            self.set_interval(0.05, self.check)

        def check(self) -> None:
            driver = FrameDriver.current
            now = time.perf_counter()
            last = driver.writes[-1][0] if driver and driver.writes else self.started
            # the dashboard warms up once the keys are left alone: its run lasts until
            # then, so that the peak memory includes it
            busy = not getattr(self, "warmed_up", True) or any(
                not worker.is_finished for worker in self.workers
            )
            if (now - last >= SETTLE and not busy) or now - self.started > LIMIT:
                self.exit()

    return Measured


def build(kind: str, scene: str | None) -> App[None]:
    """The app to start."""
    if kind == "floor":
        return measured(Floor)()
    if kind == "floor-late":
        return measured(LateFloor)()
    from fatescreen.ui import collector

    collector.pause()  # as `fatescreen SCENE` starts (fatescreen.cli.main)
    from fatescreen.ui.app import FatescreenApp

    assert scene is not None
    return measured(FatescreenApp)(Path(scene), remember=False, lang="en")  # type: ignore[call-arg]


def main() -> None:
    kind = sys.argv[1]
    app = build(kind, sys.argv[2] if len(sys.argv) > 2 else None)
    app.driver_class = FrameDriver
    app.run(size=SIZE)
    driver = FrameDriver.current
    assert driver is not None
    frame, text = settled_at(driver.writes, SIZE)
    memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    ready = getattr(app, "ready_at", 0.0)
    print(json.dumps({"ready": ready, "frame": frame, "memory": memory, "text": text}))


if __name__ == "__main__":
    main()
