"""Snapshots of the dashboards of the systems other than Fate.

Accept new pictures with ``make test-snapshot-update`` after looking at them.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from fatescreen.ui.systems.shell import CommandLine, SystemApp
from tests.systems.support import SILLALLA

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


def varjot_app(tmp_path: Path, lang: str) -> SystemApp:
    path = tmp_path / "sillalla.toml"
    shutil.copy(SILLALLA, path)
    return SystemApp(path, lang=lang, cursor_blink=False)


async def play(pilot: Pilot[None], lines: tuple[str, ...]) -> None:
    for line in lines:
        await pilot.press("colon")
        field = pilot.app.focused
        assert isinstance(field, CommandLine)
        field.value = line
        await pilot.press("enter")
        await pilot.pause()
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
    app = varjot_app(tmp_path, "en")
    assert snap_compare(app, terminal_size=size, run_before=lambda pilot: play(pilot, VARJOT_CHECK))


def test_varjot_dashboard_in_finnish(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """The same check at 120x40 in Finnish: Hahmot, Kykytarkistus, Lahjanopat; the levels
    Legendaarinen (5) and Hyvä (1), «voimavara Ruumis», «lahja: Tuomas», «PJ», «Tilanne nyt:
    Ilse voittaa asteella 4», Kalmanlordi [PJ], the footer's keys in Finnish."""
    app = varjot_app(tmp_path, "fi")
    assert snap_compare(
        app, terminal_size=(120, 40), run_before=lambda pilot: play(pilot, VARJOT_CHECK)
    )
