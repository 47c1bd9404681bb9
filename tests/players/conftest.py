"""Player view fixtures: isolated data folders and a copy of a scene full of secrets."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"
SCENES = Path(__file__).resolve().parents[2] / "scenes"


@pytest.fixture(autouse=True)
def isolated_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Journals, presence files and settings go to the test's own folders."""
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FATESCREEN_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("FATESCREEN_LANG", raising=False)


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
