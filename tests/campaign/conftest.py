"""Fixtures for the campaign tests: a private copy of the sample campaign."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.campaign.support import SAMPLE


@pytest.fixture
def campaign_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The sample campaign in scenes/ (campaign.toml, party.toml, scenes), copied."""
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "campaign"
    shutil.copytree(SAMPLE, folder, ignore=shutil.ignore_patterns("*.bak", "logs"))
    return folder
