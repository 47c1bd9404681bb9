"""Themes loaded from the theme files in ``themes/`` (TOML, one theme per file)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from textual.theme import Theme

THEME_DIR = Path(__file__).resolve().parents[3] / "themes"
"""The project's theme folder."""
COLOUR_KEYS = (
    "primary",
    "secondary",
    "accent",
    "warning",
    "error",
    "success",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
)
DEFAULT_THEME = "fate-dark"


def load_theme(path: Path) -> Theme:
    """One theme file as a Textual theme.

    Raises:
        ValueError: The file is not a valid theme (the message names the file and key).
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ValueError(f"{path}: {error}") from None
    unknown = set(data) - {"name", "dark", "variables", *COLOUR_KEYS}
    if unknown:
        raise ValueError(f"{path}: unknown key {sorted(unknown)[0]!r}")
    if not isinstance(data.get("name"), str) or not isinstance(data.get("primary"), str):
        raise ValueError(f"{path}: a theme needs a name and a primary colour")
    colours = {key: str(data[key]) for key in COLOUR_KEYS if key in data}
    return Theme(
        name=data["name"],
        dark=bool(data.get("dark", True)),
        variables={str(k): str(v) for k, v in data.get("variables", {}).items()},
        **colours,  # type: ignore[arg-type]
    )


def load_themes(folder: Path = THEME_DIR) -> list[Theme]:
    """Every theme in the folder, in name order."""
    if not folder.is_dir():
        return []
    return [load_theme(path) for path in sorted(folder.glob("*.toml"))]
