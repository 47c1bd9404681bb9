"""Launched as a separate process: start an app, let it settle, report its first full frame.

``python bench/startup.py fatescreen SCENE``, ``python bench/startup.py system SCENE`` (the
dashboard the scene's system declares, as ``fatescreen SCENE`` opens it for any system),
``python bench/startup.py floor`` or
``python bench/startup.py floor-late`` (the floor with one pane filled a moment after its
first frame: the harness must see it late). The app renders its frames as it would to a
terminal (see ``frames.FrameDriver``); the process waits until no frame has changed the
screen for a while and the dashboard's warm-up is done, then prints one JSON
line: the clock at Textual's Ready, at the first frame after which the screen no longer
changed, the text of that frame, and the peak resident memory of the whole run in KiB, the
child process that loads a large scene included (see :func:`tree_peak`).
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path

PEAK_AT_CLAIM: list[int] = []
"""This process's peak resident memory (KiB) when the child loading the scene ended."""

if sys.argv[1:2] in (["fatescreen"], ["system"]):
    # as `fatescreen SCENE` starts (fatescreen.cli.open_dashboard): before Textual
    from fatescreen.scene import preload

    if preload.start(Path(sys.argv[2])):
        collect = preload.collect

        def collected(child: preload._Child) -> bytes | None:
            """What the child wrote, noting this process's peak once the child is gone."""
            try:
                return collect(child)
            finally:
                PEAK_AT_CLAIM.append(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)

        preload.collect = collected

# (imported after the child that loads the scene has started)
from textual.app import App, ComposeResult  # noqa: E402
from textual.containers import Horizontal, Vertical, VerticalScroll  # noqa: E402
from textual.widgets import DataTable, Footer, Input, Static  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))

from frames import FrameDriver, settled_at  # noqa: E402

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
            busy = (
                not getattr(self, "warmed_up", True)
                or any(not worker.is_finished for worker in self.workers)
                # nothing drawn yet (a loaded machine): the first frame is still to come
                or not (driver and driver.writes)
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
    assert scene is not None
    if kind == "system":
        from fatescreen import systems

        dashboard = systems.of_file(Path(scene)).part("dashboard")
        return measured(dashboard)(Path(scene), lang="en")
    from fatescreen.ui.app import FatescreenApp

    return measured(FatescreenApp)(Path(scene), remember=False, lang="en")  # type: ignore[call-arg]


def tree_peak(own: int, child: int, own_at_claim: list[int]) -> int:
    """The peak memory of this process and the child that loaded the scene together, at
    least: while the child lived this process had at most its peak at the child's end
    (``own_at_claim``), and the child its own peak, each counted whole (the pages they
    share, counted twice); after that, this process alone. Without a claimed child, the
    two peaks added as if they came at once."""
    if not child:
        return own
    if not own_at_claim:
        return own + child
    return max(own, own_at_claim[0] + child)


def main() -> None:
    kind = sys.argv[1]
    app = build(kind, sys.argv[2] if len(sys.argv) > 2 else None)
    app.driver_class = FrameDriver
    app.run(size=SIZE)
    driver = FrameDriver.current
    assert driver is not None
    frame, text = settled_at(driver.writes, SIZE)
    memory = tree_peak(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
        PEAK_AT_CLAIM,
    )
    ready = getattr(app, "ready_at", 0.0)
    print(json.dumps({"ready": ready, "frame": frame, "memory": memory, "text": text}))


if __name__ == "__main__":
    main()
