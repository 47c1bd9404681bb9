"""Snapshots of the dashboards of the systems other than Fate.

Accept new pictures with ``make test-snapshot-update`` after looking at them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from fatescreen.ui.systems.shell import SystemApp
from tests.systems.support import SILLALLA, dashboard, typed

SnapCompare = Callable[..., bool]
SIZES = pytest.mark.parametrize("size", [(120, 40), (160, 50)], ids=["120x40", "160x50"])

VARJOT_CHECK = (
    "check Ilse Miekkailu vs Vartija Miekkailu",
    "pool Ilse Ruumis",
    "gift Tuomas",
    "penalty 1 on Vartija",
    "roll -0++0 vs 0+0-",
)
"""An opposed check rolled: Ilse with a pool die and a gift die, the guard with a GM die."""


async def play(pilot: Pilot[None], lines: tuple[str, ...]) -> None:
    await typed(pilot, *lines)
    await pilot.press("escape")
    await pilot.pause()
    app = pilot.app
    assert isinstance(app, SystemApp) and app.session is not None
    assert [entry.command for entry in app.session.log] == list(lines)  # all applied


@SIZES
def test_varjot_dashboard(snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]) -> None:
    """Menneisyyden varjot, Sillalla, mid-check: the status line with the gift dice (Tuomas 3, the
    others 4); Characters with abilities (Saga's Loitsut 4 grandmaster) and pools (Ilse's Ruumis
    3/5), Kalmanlordi with the GM's mark [GM] (hidden); the Check pane with Ilse · Miekkailu 3,
    2 bonus dice (pool Ruumis, gift from Tuomas), rolled [-] [0] [+] [+] [0] kept + + 0 =
    Legendary (5), and the odds of one more bonus or penalty die; Vartija with 1 penalty die
    (the GM), rolled [0] [+] [0] [-], kept - 0 0 = Good (1); «As it stands: Ilse wins by 4»; the
    Gift dice pane with pips; the log with the roll on top."""
    app = dashboard(tmp_path, SILLALLA, "en")
    assert snap_compare(app, terminal_size=size, run_before=lambda pilot: play(pilot, VARJOT_CHECK))


def test_varjot_dashboard_in_finnish(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """The same check at 120x40 in Finnish: Hahmot, Kykytarkistus, Lahjanopat; the levels
    Legendaarinen (5) and Hyvä (1), «voimavara Ruumis», «lahja: Tuomas», «PJ», «Tilanne nyt:
    Ilse voittaa asteella 4», Kalmanlordi [PJ], the footer's keys in Finnish."""
    app = dashboard(tmp_path, SILLALLA, "fi")
    assert snap_compare(
        app, terminal_size=(120, 40), run_before=lambda pilot: play(pilot, VARJOT_CHECK)
    )
