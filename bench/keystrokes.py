"""Keystroke latency as a user sees it: from the key press to the frame that shows its result.

``python bench/keystrokes.py SCENE REPEATS`` (a separate process, as a user's start) prints
one JSON object: for the bare app and for each operation, the milliseconds from each key press
(sent the way a terminal's key reaches the app) to the first frame written after it that
changes what the screen shows; the save of each change (the journal's fsync) happens before
that frame, so it is included. For each operation it also counts the widgets mounted and
removed and the panes drawn again whole on the screen for a change of a few of their cells
(see ``frames.Screen.repainted_whole``).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parent))

from frames import FrameDriver, Replay

SIZE = (160, 50)
QUIET = 0.06
"""Seconds without a write after which a keystroke's frames are over."""
TIMEOUT = 3.0
"""Seconds after which a key press that changed nothing counts as changing nothing."""
WARM_UP_WAIT = 3.0
"""Seconds to wait, at most, for the dashboard to begin its warm-up."""
SETTLED = 0.5
"""Seconds without a write after which the app's first screen counts as settled."""
CHARS = {"enter": "\r", "escape": "\x1b"}


@dataclass
class Operation:
    """The samples of one operation."""

    samples: list[float | None] = field(default_factory=list)
    """Milliseconds from each key press to its changed frame (None: nothing changed)."""
    mounted: int = 0
    removed: int = 0
    full: list[str] = field(default_factory=list)
    """Panes drawn again whole on the screen for a change of a few of their cells."""

    def as_json(self) -> dict[str, Any]:
        return {
            "samples": self.samples,
            "mounted": self.mounted,
            "removed": self.removed,
            "full": sorted(set(self.full)),
        }


class Keyboard:
    """Presses keys on a running app the way a terminal's keys reach it, and waits for the
    frame that shows the result."""

    def __init__(self, app: App[Any]) -> None:
        driver = FrameDriver.current
        assert driver is not None
        self.app = app
        self.driver = driver
        self.replay = Replay(driver, SIZE)

    async def settle(self, quiet: float = QUIET) -> None:
        """Wait until the app has written nothing for ``quiet`` seconds, counted from now
        at the earliest: a change made just before (an operation's setup) is drawn in
        that time, not in the next key's."""
        called = time.perf_counter()
        while True:
            writes = self.driver.writes
            last = max(writes[-1][0] if writes else 0.0, called)
            if time.perf_counter() - last >= quiet:
                break
            await asyncio.sleep(QUIET / 3)
        for _ in self.replay.changes():
            pass

    async def press(self, key: str, into: Operation) -> None:
        """Press ``key`` once the app is quiet; add its latency and what it redrew."""
        await self.settle()
        nodes = set(self.app.screen.walk_children(with_self=False))
        self.replay.screen.forget()
        start = time.perf_counter()
        self.driver.send_message(events.Key(key, CHARS.get(key, key)))
        shown: float | None = None
        while shown is None and time.perf_counter() - start < TIMEOUT:
            await asyncio.sleep(0.001)
            shown = next((stamp for stamp in self.replay.changes() if stamp >= start), None)
        await self.settle()
        now = set(self.app.screen.walk_children(with_self=False))
        into.samples.append(None if shown is None else (shown - start) * 1000)
        into.mounted += len(now - nodes)
        into.removed += len(nodes - now)
        screen = self.replay.screen
        for pane in self.app.screen.query(".pane"):
            if screen.repainted_whole(*pane.region):
                into.full.append(pane.id or "?")


class FloorKeys(App[None]):
    """The bare app: a key that changes one line of text."""

    BINDINGS = [Binding("x", "count", "count")]
    count = 0

    def compose(self) -> ComposeResult:
        yield Static("pressed 0 times", id="count")
        yield Static("\n".join(f"line {n}" for n in range(40)))

    def action_count(self) -> None:
        self.count += 1
        self.query_one("#count", Static).update(f"pressed {self.count} times")


async def run(app: App[Any], work: Callable[[Keyboard], Awaitable[None]]) -> None:
    """Run ``app`` rendering frames, do ``work`` with a keyboard on it, then quit."""
    app.driver_class = FrameDriver

    async def pilot(_: object) -> None:
        keyboard = Keyboard(app)
        # the first key once the screen has settled, as a user sees it (the warm-up may
        # still be running, as it is for a user)
        await keyboard.settle(SETTLED)
        try:
            await work(keyboard)
        finally:
            app.exit()

    await app.run_async(size=SIZE, auto_pilot=pilot)


async def floor_samples(repeats: int) -> Operation:
    """Key press to changed frame on the bare app."""
    floor = Operation()

    async def work(keyboard: Keyboard) -> None:
        for _ in range(repeats):
            await keyboard.press("x", floor)

    await run(FloorKeys(), work)
    return floor


async def dashboard_samples(
    scene: Path,
    repeats: int,
    app: App[Any] | None = None,
    only: tuple[str, ...] = (),
) -> dict[str, Operation]:
    """Key press to changed frame for the table's operations on the dashboard (``only``
    those named, if given), on ``app`` if given."""
    from fatescreen.ui import collector
    from fatescreen.ui.app import FatescreenApp

    collector.pause()  # as `fatescreen SCENE` starts (fatescreen.cli.main)
    dashboard = app if app is not None else FatescreenApp(scene, remember=False, lang="en")
    assert isinstance(dashboard, FatescreenApp)
    results: dict[str, Operation] = {}

    async def work(keyboard: Keyboard) -> None:
        app = dashboard
        pc = next(c for c in app.scene.characters if c.kind.value == "pc")
        app.select_character(pc.id)
        await keyboard.settle()

        async def measure(
            name: str, keys: list[str], setup: Callable[[], list[str] | None] | None = None
        ) -> None:
            if only and name not in only:
                return
            operation = results.setdefault(name, Operation())
            for _ in range(repeats):
                pressed = keys
                if setup is not None:
                    pressed = setup() or keys
                    await keyboard.settle()
                for key in pressed:
                    await keyboard.press(key, operation)

        def rewind(room: int = 1) -> None:
            # a countdown kept from filling: its trigger (a toast) is an event of its own
            for countdown in app.scene.countdowns:
                if countdown.checked and countdown.checked >= countdown.boxes - room:
                    app.run_command(f"tick {countdown.id} back {countdown.checked}", flow=False)

        if not only or "tick while the warm-up runs (t, digit)" in only:
            # first: the GM leaves the keys alone for a moment (the warm-up starts), then
            # ticks until it is done (a thread shares the interpreter with the keys)
            operation = results.setdefault("tick while the warm-up runs (t, digit)", Operation())
            waited = time.perf_counter()
            while time.perf_counter() - waited < WARM_UP_WAIT and not app.warmed_up:
                if any(worker.group == "warm-up" for worker in app.workers):
                    break
                await asyncio.sleep(0.01)
            while not app.warmed_up and len(operation.samples) < 10 * repeats:
                rewind()
                await keyboard.press("t", operation)
                await keyboard.press("1", operation)

        await measure("toggle a stress box (s, 1)", ["s", "1"])

        def add_invoke() -> None:
            app.run_command(
                f'aspect add "Bench edge {time.perf_counter_ns()}" on {pc.id} free 1 for {pc.id}',
                flow=False,
            )
            app.run_command(f"overcome {pc.id} Athletics vs 2 0000", flow=False)

        await measure("spend a free invoke (f)", ["f"], add_invoke)

        def next_exchange() -> None:
            # everyone has acted: the next exchange starts (not part of the keystroke)
            if app.scene.turn is not None and not app.query_one("TurnPane").candidates():
                app.run_command(f"exchange {app.scene.turn.up}", flow=False)
            # the scene's countdowns tick at the end of each exchange, one of which the
            # press may end: none is left one or two boxes short of its trigger
            rewind(room=2)

        await measure("hand the turn on (n)", ["n"], next_exchange)

        def open_neighbour() -> list[str]:
            # a zone next door with nothing in the way: every move happens and redraws
            # the map (a barrier would roll, and a failed roll changes little)
            character = app.scene.character(pc.id)
            assert character.zone is not None
            for index, zone_id in enumerate(app.scene.adjacent(character.zone)[:9]):
                link = app.scene.link_between(character.zone, zone_id)
                if link is not None and link.barrier is None and link.block is None:
                    return ["m", str(index + 1)]
            return ["m", "enter"]

        await measure("move a character (m, digit)", ["m", "1"], open_neighbour)

        # several countdowns run: t asks which, a digit ticks it
        await measure("tick a countdown (t, digit)", ["t", "1"], rewind)

    await run(dashboard, work)
    return results


def main() -> None:
    scene, repeats = Path(sys.argv[1]), int(sys.argv[2])
    floor = asyncio.run(floor_samples(repeats))
    operations = asyncio.run(dashboard_samples(scene, repeats))
    print(
        json.dumps(
            {
                "floor": floor.as_json(),
                "operations": {name: op.as_json() for name, op in operations.items()},
            }
        )
    )


if __name__ == "__main__":
    main()
