"""Dashboard test fixtures: isolated data and config folders, scene copies, app factories."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.campaign import CampaignApp
from tests.ui.support import AppFactory, CampaignFactory, record_notices

SCENES = Path(__file__).resolve().parents[2] / "scenes"

NOTICE_SECONDS = 120.0
"""How long the apps the tests build keep a notice (Textual's default is 5 s): a test that
reads the notices must find them even when a loaded machine gives it no time for seconds."""


@pytest.fixture(autouse=True)
def isolated_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Journals and settings go to the test's own folders, never the user's."""
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FATESCREEN_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("FATESCREEN_LANG", raising=False)


@pytest.fixture
def scene_folder(tmp_path: Path) -> Path:
    """A copy of the shipped scenes (with their template library) to run and change."""
    folder = tmp_path / "scenes"
    shutil.copytree(SCENES, folder)
    return folder


@pytest.fixture
def make_app(scene_folder: Path) -> AppFactory:
    """Build a dashboard on a copied scene: ``make_app("golden-mask.toml", lang="fi")``."""

    def build(
        scene: str = "golden-mask.toml",
        *,
        lang: str = "en",
        theme: str = "fate-dark",
        edit: Callable[[str], str] | None = None,
    ) -> FatescreenApp:
        path = scene_folder / scene
        if edit is not None:
            path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
        app = FatescreenApp(path, remember=False, lang=lang, theme=theme, cursor_blink=False)
        app.NOTIFICATION_TIMEOUT = NOTICE_SECONDS
        record_notices(app)
        return app

    return build


@pytest.fixture
def make_campaign_app(scene_folder: Path) -> CampaignFactory:
    """Build a dashboard on a copy of the sample campaign (the copied scenes/ folder), its
    campaign.toml changed first by ``edit`` if given."""

    def build(
        *, lang: str = "en", theme: str = "fate-dark", edit: Callable[[str], str] | None = None
    ) -> CampaignApp:
        if edit is not None:
            path = scene_folder / "campaign.toml"
            path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
        app = CampaignApp(scene_folder, remember=False, lang=lang, theme=theme, cursor_blink=False)
        app.NOTIFICATION_TIMEOUT = NOTICE_SECONDS
        record_notices(app)
        return app

    return build
