"""Command tests never journal into the user's data folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
