"""The dashboards of the rule systems other than Fate, and the registry that finds them.

Each system has a module here (``varjot.py``) that defines ``SCREEN``, a subclass of
:class:`~fatescreen.ui.systems.shell.SystemScreen` composing that system's panes and
binding its keys. :class:`~fatescreen.ui.systems.shell.SystemApp` runs any of them on a
:class:`~fatescreen.commands.systems.session.SystemSession`. See ``docs/systems.md``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING

from fatescreen.scene.systems import MEKANISMI, OBJEKTIT, VARJOT

if TYPE_CHECKING:
    from fatescreen.ui.systems.shell import SystemScreen

DASHBOARDS: Mapping[str, str] = {
    VARJOT: "fatescreen.ui.systems.varjot",
    MEKANISMI: "fatescreen.ui.systems.mekanismi",
    OBJEKTIT: "fatescreen.ui.systems.objektit",
}
"""The module of each non-Fate system's dashboard; each defines ``SCREEN``."""


def screen_of(system: str) -> type[SystemScreen]:
    """The dashboard screen class of a non-Fate system.

    Raises:
        KeyError: The system has no dashboard here.
    """
    module = importlib.import_module(DASHBOARDS[system])
    screen: type[SystemScreen] = module.SCREEN
    return screen
