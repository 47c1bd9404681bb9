"""Player view fixtures: isolated data folders and a copy of a scene full of secrets."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.ui.conftest import isolated_folders  # noqa: F401 - journals and settings kept apart

DATA = Path(__file__).resolve().parent / "data"
SCENES = Path(__file__).resolve().parents[2] / "scenes"


@pytest.fixture
def chapel(tmp_path: Path) -> Path:
    """A copy of the chapel scene: hidden aspects, a hidden zone, a hidden NPC, an NPC
    with stunts and an unrevealed true form, countdowns of every visibility."""
    path = tmp_path / "chapel" / "secrets.toml"
    path.parent.mkdir()
    shutil.copy(DATA / "secrets.toml", path)
    return path


@pytest.fixture
def campaign(tmp_path: Path) -> Path:
    """A copy of the sample campaign (the shipped scenes folder)."""
    folder = tmp_path / "campaign"
    shutil.copytree(SCENES, folder)
    return folder
