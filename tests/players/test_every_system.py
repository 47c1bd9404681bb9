"""The player view follows a GM's session of every registered system (and the toy
system's) on its sample scene: after each command the GM journals, it shows what the
system's public part makes of the GM's scene, and after undo the scene before it."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.commands.follow import Follower
from fatescreen.systems import Capability
from tests.stress.play import Play


def test_the_player_view_follows_every_system_s_session(
    every_system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    play = Play.of(every_system)
    assert play.system.can(Capability.PLAYER_VIEW)
    public = play.system.part("public").maker()
    path = play.copy_into(tmp_path / "scene")
    gm = play.open(path, journal=True)
    follower = Follower(path)
    try:
        first = follower.poll()
        assert first is not None and first.scene == public(gm.value)
        shown = [first.scene]
        for line in play.changes(6):
            assert gm.execute(line).ok, line
            followed = follower.poll()
            now = public(gm.value)
            if now == shown[-1]:
                continue  # a change the players do not see
            assert followed is not None and followed.scene == now, line
            shown.append(now)
        assert len(shown) > 1  # something the players see changed
        assert gm.execute("undo").ok
        followed = follower.poll()
        assert public(gm.value) == (followed.scene if followed else shown[-1])
    finally:
        follower.close()
        gm.close()
