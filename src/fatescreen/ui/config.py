"""Settings remembered between runs: theme, language, ladder names."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

import platformdirs

CONFIG_DIR_VARIABLE = "FATESCREEN_CONFIG_DIR"


@dataclass(frozen=True)
class Settings:
    """What the dashboard remembers."""

    theme: str = "fate-dark"
    lang: str = ""
    ladder_names: bool = True
    last_scene: str = ""


def config_path() -> Path:
    """Where the settings live (``FATESCREEN_CONFIG_DIR`` overrides the user's folder)."""
    folder = os.environ.get(CONFIG_DIR_VARIABLE) or platformdirs.user_config_dir("fatescreen")
    return Path(folder) / "settings.json"


def load_settings() -> Settings:
    """The remembered settings; defaults if none or unreadable."""
    try:
        data = json.loads(config_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    defaults = Settings()
    clean = {
        f.name: data[f.name]
        for f in fields(Settings)
        if isinstance(data.get(f.name), type(getattr(defaults, f.name)))
    }
    return replace(defaults, **clean)


def save_settings(settings: Settings) -> None:
    """Remember the settings (atomically; failures are ignored: settings are a comfort)."""
    path = config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_suffix(".tmp")
        temp.write_text(json.dumps(asdict(settings), indent=2), encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        pass
