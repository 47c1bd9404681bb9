"""Snapshots of the Mekanismi and Objektien luonti dashboards.

Accept new pictures with ``make test-snapshot-update`` after looking at them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.systems.support import KUILU, SATAMASSA, dashboard, typed

SnapCompare = Callable[..., bool]
SIZES = pytest.mark.parametrize("size", [(120, 40), (160, 50)], ids=["120x40", "160x50"])

MEKANISMI_PLAY = (
    "hurt Ragnar 1",
    "check Ragnar Taistelu vs Rosvopäällikkö+Rosvo+Roisto+Renttu Taistelu",
    "gear Tikari",
    "roll 6666 vs 612345",
    "damage Rosvo 1 Roisto 1",
    "check Sigrid Soutu vs Perämies Soutu",
    "gear Kevyt",
    "helpers 15 for Perämies lisäsoutajat",
)
"""The fight against four bandits won by 3, two bandits out, then the row from the longboat."""

OBJEKTIT_PLAY = (
    "check Bertil vaarallinen veitsitaistelu +3",
    "roll 2 3",
    "damage Aino -3",
    "initiative Aino vikkelä kiipeily 0 dice 3 4",
    "initiative Bertil vikkelä - 0 dice 1 2",
    "initiative Merikotka = 2",
    "check Aino nokkela poliisi 3,14",
)
"""Bertil's knife hits Aino (+4 against kova +4 and a danger of -3: condition 6 to 3),
initiative rolled, and Aino's next conflict
set up with the GM's chance of +3,14."""


def play(lines: tuple[str, ...]) -> Callable[[Pilot[None]], object]:
    async def run(pilot: Pilot[None]) -> None:
        await typed(pilot, *lines)
        await pilot.press("escape")
        await pilot.pause()

    return run


@SIZES
def test_mekanismi_dashboard(
    snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]
) -> None:
    """Mekanismi, Kuilun reunalla: the status line with the check under way (Sigrid vs
    Perämies, 6d6 vs 18d6); Characters with the damage track on the name line (Ragnar ■□□□□
    1/5, Rosvo and Roisto out, Rosvopäällikkö with the GM's mark [GM]: the players do not see
    it), abilities in dice two to a line, gear with a + per die; the
    Check pane with Sigrid's pool Soutu 3 + Kevyt vene +3 and Perämies's Soutu 3 +
    lisäsoutajat +15, the odds bars (Sigrid 8%, Perämies 80%) with each level and the tie 13%;
    the last check, Ragnar [6][6][6][6] 4 vs Rosvopäällikkö [6][1][2][3][4][5] 1, won by 3
    (excellent success), 1 damage point still to split; the log with the helpers line on top."""
    app = dashboard(tmp_path, KUILU, "en")
    assert snap_compare(app, terminal_size=size, run_before=play(MEKANISMI_PLAY))


@SIZES
def test_objektit_dashboard(
    snap_compare: SnapCompare, tmp_path: Path, size: tuple[int, int]
) -> None:
    """Objektien luonti, Satamassa, in Finnish: the status line with each object's condition (Aino
    3); Objektit with LK and KK in rows of three, Aino's track ■■■□□□ 3 Luhistumassa, the ship
    Merikotka with its own LK and the GM's mark [PJ] (hidden); Konflikti with Aino's erittäin
    nokkela (+5) + melko kyvykäs poliisi (+4), the chance +3,14 on the ladder (+3 highlighted,
    melko hyvä mahdollisuus), = 12,14 − 2d6 and a bar per result; the last result Bertil +4;
    Aloite with Bertil and Merikotka at +2 (Bertil first by KK) and Aino at −2."""
    app = dashboard(tmp_path, SATAMASSA, "fi")
    assert snap_compare(app, terminal_size=size, run_before=play(OBJEKTIT_PLAY))
