"""The terminal screen the benchmarks replay frames on: it must tell a changed frame from a
repaint of the same picture, or every figure timed to a frame would be wrong."""

from __future__ import annotations

import json
import subprocess
import sys

from frames import Screen, first_change_after, settled_at
from startup import LATE

from tests.bench.conftest import BENCH


def test_a_repaint_of_the_same_cells_is_no_change() -> None:
    """Text written where it already shows changes nothing; other text or style does."""
    screen = Screen(10, 3)
    assert screen.feed("\x1b[2;3Habc")
    assert screen.text.split("\n")[1] == "  abc"
    assert not screen.feed("\x1b[2;3Habc")
    assert screen.feed("\x1b[2;3H\x1b[1mabc\x1b[0m")  # the same text in bold
    assert screen.feed("\x1b[1;1Hx\ny")  # a new line goes to the next row's start
    assert screen.text.split("\n")[:2] == ["x", "y abc"]


def test_the_settled_frame_is_the_last_one_that_changed_anything() -> None:
    """A later repaint of the same picture does not move the settled frame; a late change
    (a pane filled afterwards) does."""
    writes = [(1.0, "\x1b[1;1Hfirst"), (2.0, "\x1b[2;1Hpane"), (3.0, "\x1b[2;1Hpane")]
    assert settled_at(writes, (20, 3)) == (2.0, "first\npane\n")
    late = first_change_after(writes, (20, 3), 1.5)
    assert late is not None and late.time == 2.0
    assert first_change_after(writes, (20, 3), 2.5) is None


def test_start_is_stamped_when_a_late_pane_is_shown() -> None:
    """An app whose last pane is filled a moment after Textual's Ready is timed to that
    frame: stamping at Ready (as the old harness did) would flatter it by the delay."""
    done = subprocess.run(
        [sys.executable, str(BENCH / "startup.py"), "floor-late"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    report = json.loads(done.stdout.splitlines()[-1])
    assert "a barricade, a fire, a gate" in report["text"]
    assert report["frame"] - report["ready"] >= LATE
    assert report["memory"] > 0
