"""Keystroke-to-repaint timings on a scene, driven with Pilot, with a count of what redrew."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from textual.pilot import Pilot
from textual.widget import Widget

from fatescreen.ui import collector
from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.panes.base import Pane
from fatescreen.ui.panes.statblock import StressBoxes

SIZE = (160, 50)


@dataclass(frozen=True)
class Timing:
    """Milliseconds per keystroke for one operation, and what it made the panes do."""

    name: str
    samples: tuple[float, ...]
    mounted: int
    """Widgets mounted per keystroke (a log entry is one)."""
    rebuilt_panes: tuple[str, ...]
    """Panes whose children were all replaced (must be empty)."""
    refreshed: tuple[str, ...]
    """Panes that repainted anything."""
    inputs: int = 1
    """Keys pressed (or clicks) per operation."""
    floor_samples: tuple[float, ...] = ()
    """The same number of inputs where nothing reacts, each taken right before a sample."""

    @property
    def app_samples(self) -> list[float]:
        """Milliseconds per input beyond the floor taken beside it (the app's own time)."""
        return sorted(
            (sample - floor) / self.inputs
            for sample, floor in zip(self.samples, self.floor_samples, strict=True)
        )

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def p95(self) -> float:
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class _RefreshCounter:
    """Counts refresh calls per pane while installed."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.original = Widget.refresh

    def __enter__(self) -> _RefreshCounter:
        counter = self

        def counting(widget: Widget, *args: object, **kwargs: object) -> Widget:
            for node in widget.ancestors_with_self:
                if isinstance(node, Pane):
                    counter.counts[node.id or "?"] += 1
                    break
            return counter.original(widget, *args, **kwargs)  # type: ignore[arg-type]

        Widget.refresh = counting  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        Widget.refresh = self.original  # type: ignore[method-assign]


async def _cpu_ms(pilot: Pilot[None], step: Callable[[], Awaitable[None]]) -> float:
    # CPU time of the process, not wall time: Pilot's own waits for the next frame are
    # idle time, not time the app spends on the keystroke.
    start = time.process_time()
    await step()
    await pilot.pause()
    return (time.process_time() - start) * 1000


async def _measure(
    app: FatescreenApp,
    pilot: Pilot[None],
    name: str,
    step: Callable[[], Awaitable[None]],
    setup: Callable[[], Awaitable[None]] | None,
    repeats: int,
    floor: Callable[[], Awaitable[None]],
    inputs: int = 1,
) -> Timing:
    samples = []
    floors = []
    mounted = 0
    rebuilt: set[str] = set()
    refreshed: set[str] = set()
    for _ in range(repeats):
        if setup is not None:
            await setup()
            await pilot.pause()
        # the floor right before each sample, so that the machine's drift hits both alike
        floors.append(sum([await _cpu_ms(pilot, floor) for _ in range(inputs)]))
        before = {pane.id: set(map(id, pane.children)) for pane in app.query(Pane)}
        widgets_before = len(list(app.query("*")))
        with _RefreshCounter() as counter:
            samples.append(await _cpu_ms(pilot, step))
        mounted += len(list(app.query("*"))) - widgets_before
        for pane in app.query(Pane):
            now = set(map(id, pane.children))
            old = before.get(pane.id, set())
            if old and now and not (old & now):
                rebuilt.add(pane.id or "?")
        refreshed |= set(counter.counts)
    return Timing(
        name,
        tuple(samples),
        mounted // repeats,
        tuple(sorted(rebuilt)),
        tuple(sorted(refreshed)),
        inputs,
        tuple(floors),
    )


async def keystroke_timings(scene: Path, repeats: int = 20) -> list[Timing]:
    """Time the five table operations of the benchmarks issue on ``scene``."""
    collector.pause()  # as `fatescreen SCENE` starts (fatescreen.cli.main)
    app = FatescreenApp(scene, remember=False, lang="en")
    results = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pc = next(c for c in app.scene.characters if c.kind.value == "pc")
        app.view_state = app.view_state.__class__(lang="en", selected=pc.id)
        app.redraw(frozenset({"view"}))
        await pilot.pause()

        async def no_op_key() -> None:
            await pilot.press("z")

        async def no_op_click() -> None:
            await pilot.click(StressBoxes, offset=(60, 0))

        async def toggle_by_keys() -> None:
            await pilot.press("s")
            await pilot.pause()
            await pilot.press("1")

        results.append(
            await _measure(
                app,
                pilot,
                "toggle a stress box (2 keys)",
                toggle_by_keys,
                None,
                repeats,
                floor=no_op_key,
                inputs=2,
            )
        )

        async def toggle_by_click() -> None:
            await pilot.click(StressBoxes, offset=(11, 0))

        results.append(
            await _measure(
                app,
                pilot,
                "toggle a stress box by a click",
                toggle_by_click,
                None,
                repeats,
                floor=no_op_click,
            )
        )

        async def roll_with_invoke() -> None:
            app.run_command(
                f'aspect add "Bench edge {time.perf_counter_ns()}" on {pc.id} free 1 for {pc.id}',
                flow=False,
            )
            app.run_command(f"overcome {pc.id} Athletics vs 2 0000", flow=False)

        async def free_invoke() -> None:
            await pilot.press("f")

        results.append(
            await _measure(
                app,
                pilot,
                "spend a free invoke",
                free_invoke,
                roll_with_invoke,
                repeats,
                floor=no_op_key,
            )
        )

        async def hand_on_setup() -> None:
            # everyone has acted: the next exchange starts (not part of the keystroke)
            if app.scene.turn is not None and not app.query_one("TurnPane").candidates():
                app.run_command(f"exchange {app.scene.turn.up}", flow=False)

        async def hand_on() -> None:
            await pilot.press("n")

        results.append(
            await _measure(
                app, pilot, "hand the turn on", hand_on, hand_on_setup, repeats, floor=no_op_key
            )
        )

        choice = ["enter"]

        async def move_setup() -> None:
            # a zone next door with nothing in the way: every move happens and redraws
            # the map (a barrier would roll, and a failed roll changes little)
            character = app.scene.character(pc.id)
            assert character.zone is not None
            for index, zone_id in enumerate(app.scene.adjacent(character.zone)[:9]):
                link = app.scene.link_between(character.zone, zone_id)
                if link is not None and link.barrier is None and link.block is None:
                    choice[0] = str(index + 1)
                    return
            choice[0] = "enter"

        async def move() -> None:
            await pilot.press("m")
            await pilot.pause()
            await pilot.press(choice[0])

        results.append(
            await _measure(
                app,
                pilot,
                "move a character (2 keys)",
                move,
                move_setup,
                repeats,
                floor=no_op_key,
                inputs=2,
            )
        )

        async def tick_setup() -> None:
            countdown = app.scene.countdowns[0]
            if countdown.checked >= countdown.boxes - 1:
                app.run_command(f"tick {countdown.id} back {countdown.checked}", flow=False)

        async def tick() -> None:
            # with several countdowns running, t asks which one and a digit ticks it
            await pilot.press("t")
            await pilot.pause()
            await pilot.press("1")

        results.append(
            await _measure(
                app,
                pilot,
                "tick a countdown (2 keys)",
                tick,
                tick_setup,
                repeats,
                floor=no_op_key,
                inputs=2,
            )
        )
    return results
