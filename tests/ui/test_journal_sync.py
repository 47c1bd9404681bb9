"""The dashboard writes a command's journal entry before it redraws, lets the entry's fsync
wait for the disk while the panes redraw, and returns from the command (so draws the frame
that shows it) only once the fsync is done."""

from __future__ import annotations

import os
import threading
import time

import pytest

from fatescreen.ui.app import FatescreenApp
from tests.ui.support import AppFactory


async def test_the_fsync_overlaps_the_redraw_and_ends_before_the_frame(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app("kaarnakoski-mine.toml")
    events: list[tuple[str, float, int]] = []
    real_fsync, real_redraw = os.fsync, FatescreenApp.redraw

    def slow_fsync(descriptor: int) -> None:
        events.append(("fsync starts", time.monotonic(), threading.get_ident()))
        time.sleep(0.05)
        real_fsync(descriptor)
        events.append(("fsync ends", time.monotonic(), threading.get_ident()))

    def redraw(self: FatescreenApp, changed: frozenset[str]) -> None:
        events.append(("redraw", time.monotonic(), threading.get_ident()))
        real_redraw(self, changed)

    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(os, "fsync", slow_fsync)
        monkeypatch.setattr(FatescreenApp, "redraw", redraw)
        journal = app.session.journal if app.session is not None else None
        assert journal is not None
        app.run_command("next riesa")
        returned = time.monotonic()
        when = {kind: (at, thread) for kind, at, thread in events}
        assert sorted(when) == ["fsync ends", "fsync starts", "redraw"], events
        # the panes redraw on this thread while the fsync, on another, waits for the disk
        main = threading.get_ident()
        assert when["redraw"][1] == main and when["fsync starts"][1] != main
        assert when["redraw"][0] < when["fsync ends"][0] <= returned
        assert journal.sync_later is False
        assert journal.path.read_text(encoding="utf-8").rstrip().endswith('"next riesa"}')
