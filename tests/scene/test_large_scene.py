"""The generated large benchmark scene: deterministic, loads fast, and has the promised size."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from fatescreen.rules.character import CharacterKind
from fatescreen.scene.load import load_scene
from tests.scene.support import ROOT

SCRIPT = ROOT / "bench" / "make_large_scene.py"


def _generate(path: Path, *options: str) -> None:
    subprocess.run(
        [sys.executable, str(SCRIPT), str(path), *options],
        check=True,
        capture_output=True,
        text=True,
    )


@pytest.mark.alone  # timed: run apart from the parallel workers
def test_large_scene_loads_in_under_two_seconds(tmp_path: Path) -> None:
    """The generated scene (about 20 zones, 200 characters with mook groups and template
    instances, 300 aspects, obstacles and countdowns) loads in under 2 seconds."""
    path = tmp_path / "large-scene.toml"
    _generate(path)
    start = time.perf_counter()
    scene = load_scene(path).scene
    elapsed = time.perf_counter() - start
    assert elapsed < 2.0
    characters = scene.characters
    aspects = (
        len(scene.aspects)
        + sum(len(zone.aspects) for zone in scene.zones)
        + sum(len(c.aspects) + sum(len(f.aspects) for f in c.forms) for c in characters)
    )
    assert len(scene.zones) == 20 and len(scene.links) >= 20
    assert len(characters) == 200
    assert 300 <= aspects <= 320
    assert sum(c.kind is CharacterKind.MOOKS for c in characters) >= 10
    assert sum(c.id.startswith("dock-thug-") for c in characters) >= 16
    assert scene.obstacles and scene.countdowns and scene.turn is not None


def test_large_scene_is_deterministic(tmp_path: Path) -> None:
    """The same seed writes the same bytes; another seed writes another scene."""
    first, second, other = (tmp_path / name / "scene.toml" for name in ("a", "b", "c"))
    _generate(first)
    _generate(second)
    _generate(other, "--seed", "7")
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes() != other.read_bytes()
