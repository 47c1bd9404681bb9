"""Snapshots of the player view at 120x40.

Accept new pictures with ``make test-snapshot-update`` after looking at them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from fatescreen.commands.follow import FollowState
from fatescreen.commands.session import Session
from fatescreen.scene import presence
from fatescreen.ui.players.app import PlayersApp

SnapCompare = Callable[..., bool]
SIZE = (120, 40)

MID_CONFLICT = (
    'aspect add "Smoke in the nave" free 2',
    'boost silbestre "Off balance"',
    "public assassin",
    "next silbestre",
    "overcome silbestre Athletics ++00 vs 2",
    "attack assassin silbestre Fight +0+0 vs 0-00",
    "absorb 1",
    "stress priest physical 1",
    "tick bells",
)
"""Exchange 1 in the chapel: the assassin has stepped out and hit Silbestre."""


def played(path: Path, *, live: bool) -> None:
    """The GM's session plays the conflict's first moves (journaled, not saved)."""
    gm = Session.open(path)
    for line in MID_CONFLICT:
        assert gm.execute(line).ok, line
    if live and gm.journal is not None:
        presence.claim(gm.journal)


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_player_view(snap_compare: SnapCompare, chapel: Path, lang: str) -> None:
    """The chapel in exchange 1 while the GM's dashboard runs: the status line (GM pool 1,
    following the GM's session); zones Nave (Rows of pews; Silbestre and Father Oskari) and
    Vestry (Hooded assassin), no Sunken vault; situation aspects Rain on the windows, Smoke
    in the nave with ② for the GM, the boosts Off balance and Momentum (his overcome with
    style) with ① for Silbestre; Silbestre
    with three physical boxes checked and 3 fate points; the turn order with Silbestre up;
    Father Oskari with box 1 checked, the Hooded assassin with its high concept; the Bells
    countdown as boxes only (1 of 4) and Candles burn down in full; the last rolls, the
    assassin's attack first. No hidden aspect, no skill, no stunt, no note."""
    played(chapel, live=True)
    assert snap_compare(PlayersApp(chapel, lang=lang), terminal_size=SIZE)


def test_player_view_file_gone(
    snap_compare: SnapCompare, chapel: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scene file deleted while the view runs: the red line "the scene cannot be shown:
    its file is gone from the GM's table" (never the file's name) over the last picture of
    the scene (not running: no GM dashboard)."""
    played(chapel, live=False)
    monkeypatch.chdir(chapel.parent)

    async def remove(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, PlayersApp)
        chapel.unlink()
        for _ in range(100):
            if app.followed is not None and app.followed.state is FollowState.GONE:
                break
            await pilot.pause(0.05)
        await pilot.pause()

    app = PlayersApp(Path(chapel.name), lang="en")
    assert snap_compare(app, terminal_size=SIZE, run_before=remove)
