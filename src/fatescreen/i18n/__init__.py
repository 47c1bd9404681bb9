"""Message catalogs: every text the user sees, in English and Finnish."""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping
from typing import Any

from fatescreen.i18n.en import MESSAGES as EN_COMMANDS
from fatescreen.i18n.en_mekanismi import MESSAGES as EN_MEKANISMI
from fatescreen.i18n.en_objektit import MESSAGES as EN_OBJEKTIT
from fatescreen.i18n.en_players import MESSAGES as EN_PLAYERS
from fatescreen.i18n.en_rules import MESSAGES as EN_RULES
from fatescreen.i18n.en_systems import MESSAGES as EN_SYSTEMS
from fatescreen.i18n.en_ui import MESSAGES as EN_UI
from fatescreen.i18n.en_varjot import MESSAGES as EN_VARJOT
from fatescreen.i18n.fi import MESSAGES as FI_COMMANDS
from fatescreen.i18n.fi_mekanismi import MESSAGES as FI_MEKANISMI
from fatescreen.i18n.fi_objektit import MESSAGES as FI_OBJEKTIT
from fatescreen.i18n.fi_players import MESSAGES as FI_PLAYERS
from fatescreen.i18n.fi_rules import MESSAGES as FI_RULES
from fatescreen.i18n.fi_systems import MESSAGES as FI_SYSTEMS
from fatescreen.i18n.fi_ui import MESSAGES as FI_UI
from fatescreen.i18n.fi_varjot import MESSAGES as FI_VARJOT

EN: Mapping[str, str] = {
    **EN_COMMANDS,
    **EN_RULES,
    **EN_UI,
    **EN_SYSTEMS,
    **EN_VARJOT,
    **EN_MEKANISMI,
    **EN_OBJEKTIT,
    **EN_PLAYERS,
}
FI: Mapping[str, str] = {
    **FI_COMMANDS,
    **FI_RULES,
    **FI_UI,
    **FI_SYSTEMS,
    **FI_VARJOT,
    **FI_MEKANISMI,
    **FI_OBJEKTIT,
    **FI_PLAYERS,
}
CATALOGS: Mapping[str, Mapping[str, str]] = {"en": EN, "fi": FI}
LANGUAGES = tuple(CATALOGS)


def tr(lang: str, key: str, **values: Any) -> str:
    """The message ``key`` in ``lang`` (English if missing there), filled with ``values``."""
    template = CATALOGS.get(lang, EN).get(key) or EN.get(key, key)
    return template.format(**values) if values else template


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
