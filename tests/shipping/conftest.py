"""Shipping tests: the user's data and config folders are the test's own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def isolated_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Journals, settings, themes and keys go to the test's own folders."""
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FATESCREEN_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("FATESCREEN_LANG", raising=False)
