"""The GM's dashboard and the player view side by side in one test: every change the GM
makes with keys or commands reaches the player view, and its secrets never do."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.players.app import PlayersApp
from tests.players.support import leaked, secrets_now
from tests.ui.support import Keys, screen_text, until

# A change must reach the player view within LATENCY: run apart from the parallel workers.
pytestmark = pytest.mark.alone

GM_SIZE = (160, 50)
PLAYER_SIZE = (120, 40)
LATENCY = 0.5
"""How long a change may take to reach the player view, in seconds (the median of the
test's changes: the GM's app and the player view share one process and the machine here,
so one change now and then waits for the other app's frame)."""
LATENCIES: list[float] = []
"""How long each change took, from the GM's session applying it to the view showing it."""


async def command(keys: Keys, line: str) -> None:
    """Type a command into the GM's command bar and run it."""
    await keys.press("colon")
    await keys.type(line)
    await keys.press("enter")


def shown(app: PlayersApp) -> str:
    """The player view's screen, and every line of its parts unwrapped (some are scrolled
    or wrapped on the screen)."""
    return screen_text(app) + "\n" + app.screen_text()


APPLIED: list[float] = []
"""When the GM's session applied its last commands (a listener of the session notes it)."""


async def reaches(players: Pilot[None], condition: Callable[[str], bool]) -> float:
    """Wait until the player view shows what ``condition`` looks for; how long after the GM's
    session applied the command it took (at most :data:`LATENCY`)."""
    app = players.app
    assert isinstance(app, PlayersApp)
    start = APPLIED[-1]
    while not condition(text := shown(app)):
        if time.monotonic() - start > 5 * LATENCY:
            raise AssertionError(f"the change never reached the player view:\n{text}")
        await players.pause(0.02)
    latency = app.updated_at - start
    assert latency > 0
    LATENCIES.append(latency)
    return latency


async def test_each_gm_change_reaches_the_player_view(chapel: Path) -> None:
    gm = FatescreenApp(chapel, remember=False, lang="en", cursor_blink=False)
    players = PlayersApp(chapel, lang="en")
    async with gm.run_test(size=GM_SIZE) as gm_pilot, players.run_test(size=PLAYER_SIZE) as p:
        keys = Keys(gm_pilot)
        assert gm.session is not None
        APPLIED.clear()
        LATENCIES.clear()
        gm.session.listeners.append(lambda result: APPLIED.append(time.monotonic()))

        def clean(text: str) -> bool:
            found = leaked(text, secrets_now(gm.session))  # type: ignore[arg-type]
            assert not found, f"secrets on the player view: {found}"
            return True

        await until(p, lambda: "following the GM's session" in shown(players))
        first = shown(players)
        assert "Nave" in first and "Rows of pews" in first and "Father Oskari" in first
        clean(first)

        # a new situation aspect with free invokes, typed on the command bar
        await command(keys, 'aspect add "Smoke in the nave" free 2')
        await reaches(p, lambda text: "Smoke in the nave ②GM" in text)

        # v: the quick pick makes the hidden assassin public
        await keys.press("v")
        labels = [label for _, label in gm.quick_pick.options]
        index = labels.index("Hooded assassin: secret")
        await keys.press(*["right"] * index, "enter")
        assert not gm.scene.character("assassin").hidden
        await reaches(p, lambda text: "Hooded assassin" in text and clean(text))

        # a hidden zone aspect made public, then the step undone with u
        await command(keys, "public flagstone")
        await reaches(p, lambda text: "Loose flagstone" in text)
        await keys.press("u")
        await reaches(p, lambda text: "Loose flagstone" not in text and clean(text))

        # a roll, stress, a countdown ticked, the turn order
        await command(keys, "overcome silbestre Athletics ++00 vs 2")
        await reaches(p, lambda text: "Silbestre: overcome (Athletics) [+ + 0 0] = +5" in text)
        await command(keys, "stress silbestre physical 2")
        await reaches(p, lambda text: "physical [ ][x][ ][ ]" in text)
        await command(keys, "tick bells")
        await reaches(p, lambda text: "countdown [x][ ][ ][ ]" in text)
        await command(keys, "next silbestre")
        await reaches(p, lambda text: "▶ Silbestre" in text and clean(text))

        typical = sorted(LATENCIES)[len(LATENCIES) // 2]
        assert typical <= LATENCY, f"changes took {', '.join(f'{t:.2f}' for t in LATENCIES)} s"

        # the GM saves: the view keeps showing the same
        await keys.press("ctrl+s")
        await p.pause(0.3)
        text = shown(players)
        assert "Smoke in the nave" in text and "Hooded assassin" in text
        clean(text)

    # the GM app is closed, so is this one: a new player view says the session has ended
    closed = PlayersApp(chapel, lang="en")
    async with closed.run_test(size=PLAYER_SIZE) as p:
        await until(p, lambda: "the GM's session is not running" in screen_text(closed))
        assert "Smoke in the nave" in shown(closed)
        chapel.unlink()
        APPLIED.append(time.monotonic())
        await reaches(p, lambda text: "its file is gone" in text)
        assert "Smoke in the nave" in shown(closed)  # the last picture stays


async def test_no_key_changes_the_scene(chapel: Path) -> None:
    text = chapel.read_text(encoding="utf-8")
    players = PlayersApp(chapel, lang="en")
    async with players.run_test(size=PLAYER_SIZE) as p:
        before = screen_text(players)
        await p.press(*"aocuUnxtvbe:?123", "ctrl+s", "delete", "enter", "escape")
        await p.pause(0.3)
        assert screen_text(players) == before
    assert chapel.read_text(encoding="utf-8") == text
    assert not list((chapel.parent.parent / "data").rglob("*.jsonl"))
