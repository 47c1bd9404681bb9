"""Fixtures of the import tests: isolated data folders, a copy of the shipped scenes, the
character files written for these tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fatescreen.resources import shipped

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(autouse=True)
def isolated_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Journals and settings go to the test's own folders, never the user's."""
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FATESCREEN_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("FATESCREEN_LANG", raising=False)


@pytest.fixture
def scenes(tmp_path: Path) -> Path:
    """A copy of the shipped scenes (the sample campaign) to import into."""
    folder = tmp_path / "scenes"
    shutil.copytree(shipped("scenes"), folder)
    return folder


@pytest.fixture
def fixture_copy(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A copy of a fixture in the test's folder (to change, or to take away)."""

    def copy(name: str) -> Path:
        target = tmp_path / "files" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(FIXTURES / name, target)
        return target

    return copy
