"""Fixtures shared by the tests of the systems other than Fate."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def isolated_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Journals go to the test's own folder."""
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
