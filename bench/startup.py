"""Launched as a separate process: start an app headless and report its first full frame.

``python bench/startup.py fatescreen SCENE`` or ``python bench/startup.py floor``; prints
the monotonic clock at the first frame (``Ready``) and the peak resident memory in KiB.
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Footer, Input, Static

SIZE = (160, 50)


def report(app: App[None]) -> None:
    """Print the first-frame time and memory, then leave."""
    memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"{time.perf_counter()} {memory}", flush=True)
    app.exit()


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
                yield VerticalScroll(Static("obstacles"))
        yield VerticalScroll(Static("log"), id="log")
        yield Input()
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("name", "kind", "zone", "stress")
        table.add_rows(
            [(f"Character {n}", "minor", f"Zone {n % 20}", "[ ][ ]") for n in range(200)]
        )

    def on_ready(self) -> None:
        report(self)


def main() -> None:
    which = sys.argv[1]
    if which == "floor":
        Floor().run(headless=True, size=SIZE)
        return
    from fatescreen.ui import collector

    collector.pause()  # as `fatescreen SCENE` starts (fatescreen.cli.main)
    from fatescreen.ui.app import FatescreenApp

    class Measured(FatescreenApp):
        def on_ready(self) -> None:
            report(self)

    Measured(Path(sys.argv[2]), remember=False, lang="en").run(headless=True, size=SIZE)


if __name__ == "__main__":
    main()
