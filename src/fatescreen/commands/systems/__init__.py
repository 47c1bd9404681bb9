"""The command languages of the systems that run on the shared stack.

Each such system has a module here (``varjot.py``) that defines ``VERBS``, a
:class:`~fatescreen.commands.systems.base.VerbSet` of its verbs (including ``roll`` and
``odds``, which also serve ``fatescreen roll``/``odds --system ID`` from the shell), named
as its ``verbs`` part in :mod:`fatescreen.systems`. Its scenes run in a
:class:`~fatescreen.commands.session.Session` (as Fate's do, with the system's
``SharedCommands``): the one path by which a scene changes, with undo, journal, log and
saving. See ``docs/systems.md``.
"""

from __future__ import annotations

from fatescreen.commands.systems.base import VerbSet
from fatescreen.systems import named_by


def verbs_of(system: str) -> VerbSet:
    """The verbs of the system with the id ``system``.

    Raises:
        KeyError: No system has that id, or it has no ``verbs`` part.
    """
    found = named_by(system)
    if found is None or found.verbs is None:
        raise KeyError(system)
    verbs: VerbSet = found.part("verbs")
    return verbs
