"""Message catalogs: every text the user sees, in English and Finnish (gettext ``.po``
files in ``locale/``, keyed by message key)."""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fatescreen.cache import cache_dir
from fatescreen.i18n.po import Catalog, load_catalog

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "fi")


def catalog_path(lang: str) -> Path:
    """Where a language's catalog lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / "fatescreen.po"


PO: Mapping[str, Catalog] = {
    lang: load_catalog(catalog_path(lang), cache_dir()) for lang in LANGUAGES
}
"""Each language's catalog, with its plural forms."""
EN: Mapping[str, str] = PO["en"].messages
FI: Mapping[str, str] = PO["fi"].messages
CATALOGS: Mapping[str, Mapping[str, str]] = {"en": EN, "fi": FI}


def tr(lang: str, key: str, **values: Any) -> str:
    """The message ``key`` in ``lang`` (English if missing there), filled with ``values``;
    a message with plural forms takes the form its number asks for."""
    template = PO.get(lang, PO["en"]).form(key, values) or PO["en"].form(key, values) or key
    return template.format(**values) if values else template


def chosen_language(explicit: str | None = None, remembered: str = "") -> str:
    """The language to speak: the one asked for (``--lang``), else ``FATESCREEN_LANG``,
    else the one the GM chose last (remembered by the dashboard), else the locale's."""
    if explicit is not None and explicit in CATALOGS:
        return explicit
    override = os.environ.get("FATESCREEN_LANG", "")
    if override:
        return default_language()
    return remembered if remembered in CATALOGS else default_language()


def default_language() -> str:
    """The language from the environment's locale, else English."""
    for variable in ("FATESCREEN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in CATALOGS else "en"
    try:
        code = (locale.getlocale()[0] or "en").split("_")[0].lower()
    except ValueError:
        code = "en"
    return code if code in CATALOGS else "en"
