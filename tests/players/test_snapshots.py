"""Snapshots of the player view at 120x40.

Accept new pictures with ``make test-snapshot-update`` after looking at them.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from fatescreen import systems
from fatescreen.commands.follow import FollowState
from fatescreen.commands.session import Session
from fatescreen.scene import presence
from fatescreen.ui.players.app import PlayersApp
from tests.players.conftest import SCENES

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


SYSTEM_PLAY = {
    "varjot/sillalla.toml": (
        "check Ilse Miekkailu vs Vartija Miekkailu",
        "pool Ilse Ruumis",
        "gift Tuomas to Ilse",
        "penalty 1 on Vartija",
        "roll -0++0 vs 0+0-",
        "accept",
        "check Saga Loitsut vs Kalmanlordi Kalmantaikuus",
        "roll ++0 vs 0-0",
    ),
    "mekanismi/kuilun-reunalla.toml": (
        "check Ragnar Taistelu vs Rosvopäällikkö+Rosvo Taistelu",
        "advantage for Ragnar ylämäki",
        "roll 6653 vs 6215",
        "damage Rosvo 1",
        "check Sigrid Ammunta vs 3 ranged",
    ),
    "objektit/satamassa.toml": (
        "initiative Aino vikkelä poliisi dice 3 4",
        "initiative Merikotka = 2",
        "initiative Bertil vikkelä - dice 2 2",
        "check Bertil vikkelä veitsitaistelu +2",
        "roll 3 5",
        "condition Aino 4",
        "check Aino nokkela -",
    ),
}
"""A few steps of each other system's sample scene, with entered dice."""


@pytest.mark.parametrize("scene", sorted(SYSTEM_PLAY), ids=lambda scene: scene.split("/")[0])
def test_player_view_of_another_system(
    snap_compare: SnapCompare, tmp_path: Path, scene: str
) -> None:
    """Each other system's sample scene while the GM's dashboard runs (no banner line).

    Mekanismi: Characters (Ragnar and Sigrid with their damage of their health, the bandits
    by name, Rosvo with damage 1 and out, Perämies; no Rosvopäällikkö) and Check (Sigrid ·
    Ammunta 4d6 vs the GM's 3d6, a ranged attack; the last check: Ragnar's dice and 2
    successes, "someone, Rosvo" with 1, Ragnar wins by 1).
    Objektien luonti: Objects (Aino with her concept, appearance and condition 4 Hurt;
    Bertil with his appearance and condition 6 Good; no Merikotka), Conflict (Aino: LK
    nokkela, KK the concept's default; the last result Bertil: +1, average consequence,
    good), Initiative (1. Bertil, 2. Aino).
    Menneisyyden varjot: Characters (the three PCs with players and pools, Ilse's Ruumis
    3/5; Vartija by name; no Kalmanlordi), Check (Saga · Loitsut 4 and someone, the dice
    that count and the levels; the last check: Ilse wins by 4), Gift dice (Eevi 4, Tuomas 3,
    Anni 4; not the GM's). No ability of the GM's characters, no odds, no note."""
    path = tmp_path / Path(scene).name
    shutil.copy(SCENES / scene, path)
    gm = systems.of_file(path).open_session(path, seed=1)
    for line in SYSTEM_PLAY[scene]:
        assert gm.execute(line).ok, line
    assert gm.journal is not None
    presence.claim(gm.journal)
    assert snap_compare(PlayersApp(path, lang="en"), terminal_size=SIZE)
