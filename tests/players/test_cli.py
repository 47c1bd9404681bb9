"""``fatescreen players``: what it refuses before opening anything, and the scenes of every
system it opens."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from fatescreen import systems
from fatescreen.cli import main
from fatescreen.resources import sample_scene
from fatescreen.systems import Capability
from fatescreen.ui import crash
from fatescreen.ui.players import serve
from fatescreen.ui.players.app import PlayersApp

SCENES = Path(__file__).resolve().parents[2] / "scenes"


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["players", *args])
    return status, out.getvalue()


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    assert run(str(missing), "--lang", "en") == (2, f"the scene file is gone: {missing}\n")


def test_every_systems_sample_scene_opens_the_player_view(
    every_system: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The view is made for the scene's own system, in this terminal and served: every
    registered system offers it (and the toy system)."""
    system = systems.named_by(every_system)
    assert system is not None and system.can(Capability.PLAYER_VIEW)
    scene = sample_scene(system)
    started: list[tuple[object, str]] = []
    served: list[Path] = []
    monkeypatch.setattr(crash, "run_app", lambda app, lang: started.append((app, lang)) or 0)
    monkeypatch.setattr(serve, "serve", lambda path, *rest: served.append(path) or 0)
    assert run(str(scene), "--lang", "en") == (0, "")
    ((app, lang),) = started
    assert isinstance(app, PlayersApp) and lang == "en"
    assert app.follower.system is systems.of_file(scene)
    assert app.panes is systems.of_file(scene).part("player_panes")
    assert run(str(scene), "--serve", "--lang", "en") == (0, "")
    assert served == [scene]
