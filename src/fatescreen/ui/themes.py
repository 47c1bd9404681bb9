"""Themes from theme files (TOML, one theme per file): the built-in ones that ship with
fatescreen, and the GM's own in the ``themes`` folder of the config folder."""

from __future__ import annotations

import tomllib
from pathlib import Path

from textual.theme import Theme

from fatescreen.resources import shipped
from fatescreen.ui.config import config_path

THEME_DIR = shipped("themes")
"""The built-in themes' folder."""
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


def user_theme_dir() -> Path:
    """The folder of the GM's own themes: ``themes`` in the config folder."""
    return config_path().parent / "themes"


def load_themes(folder: Path = THEME_DIR) -> list[Theme]:
    """Every theme in the folder, in name order."""
    if not folder.is_dir():
        return []
    return [load_theme(path) for path in sorted(folder.glob("*.toml"))]


def all_themes() -> list[Theme]:
    """The built-in themes, then the GM's own (a GM's theme may replace a built-in one).

    Raises:
        ValueError: A theme file is not valid (the message names the file and key).
    """
    return [*load_themes(THEME_DIR), *load_themes(user_theme_dir())]


def theme_names(themes: list[Theme]) -> set[str]:
    """The names ``--theme`` accepts: Textual's own themes and ``themes``."""
    from textual.theme import BUILTIN_THEMES

    return {*BUILTIN_THEMES, *(theme.name for theme in themes)}


def usable_themes() -> list[Theme]:
    """The themes an app registers: every theme, or the built-in ones if one of the GM's is
    broken (the CLI names the broken file before an app starts)."""
    try:
        return all_themes()
    except ValueError:
        return load_themes()
