"""The dashboard has a command's journal entry on the disk before it redraws, so before the
frame that shows the change: the fsync runs on the dashboard's own thread, as a thread of
its own would start it only once the redraw let the interpreter go."""

from __future__ import annotations

import os
import threading
import time

import pytest

from fatescreen.ui.app import FatescreenApp
from tests.ui.support import AppFactory


async def test_the_fsync_ends_before_the_redraw_on_the_dashboards_thread(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app("kaarnakoski-mine.toml")
    events: list[tuple[str, float, int]] = []
    real_fsync, real_redraw = os.fsync, FatescreenApp.redraw

    def fsync(descriptor: int) -> None:
        real_fsync(descriptor)
        events.append(("fsync ends", time.monotonic(), threading.get_ident()))

    def redraw(self: FatescreenApp, changed: frozenset[str]) -> None:
        events.append(("redraw", time.monotonic(), threading.get_ident()))
        real_redraw(self, changed)

    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(os, "fsync", fsync)
        monkeypatch.setattr(FatescreenApp, "redraw", redraw)
        journal = app.session.journal if app.session is not None else None
        assert journal is not None
        app.run_command("next riesa")
        assert [kind for kind, _, _ in events] == ["fsync ends", "redraw"], events
        main = threading.get_ident()
        assert all(thread == main for _, _, thread in events)
        assert journal.path.read_text(encoding="utf-8").rstrip().endswith('"next riesa"}')
