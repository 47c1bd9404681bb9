"""The command languages of the rule systems other than Fate, and the registry that finds
a system's verbs.

Each system has a module here (``varjot.py``) that defines ``VERBS``, a
:class:`~fatescreen.commands.systems.base.VerbSet` of its verbs (including ``roll`` and
``odds``, which also serve ``fatescreen roll``/``odds --system ID`` from the shell). Its
scenes run in a :class:`~fatescreen.commands.systems.session.SystemSession`: the one
path by which a scene changes, with undo, journal, log and saving. See
``docs/systems.md``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from fatescreen.commands.systems.base import VerbSet
from fatescreen.scene.systems import MEKANISMI, OBJEKTIT, VARJOT

COMMANDS: Mapping[str, str] = {
    VARJOT: "fatescreen.commands.systems.varjot",
    MEKANISMI: "fatescreen.commands.systems.mekanismi",
    OBJEKTIT: "fatescreen.commands.systems.objektit",
}
"""The module of each non-Fate system's verbs; each defines ``VERBS``."""


def verbs_of(system: str) -> VerbSet:
    """The verbs of a non-Fate system.

    Raises:
        KeyError: The system has no command language here.
    """
    module = importlib.import_module(COMMANDS[system])
    verbs: VerbSet = module.VERBS
    return verbs
