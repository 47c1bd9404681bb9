"""``fatescreen players``: what it refuses before opening anything."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from fatescreen.cli import main

SCENES = Path(__file__).resolve().parents[2] / "scenes"


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["players", *args])
    return status, out.getvalue()


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    assert run(str(missing), "--lang", "en") == (2, f"the scene file is gone: {missing}\n")


def test_another_systems_scene_is_refused() -> None:
    status, output = run(str(SCENES / "varjot" / "sillalla.toml"), "--lang", "en")
    assert status == 2
    assert output == (
        "the player view shows scenes of Fate Condensed; "
        "this scene is for Menneisyyden varjot (menneisyyden-varjot)\n"
    )
