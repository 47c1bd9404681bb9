"""The dashboards of the systems that run on the shared stack.

Each such system has a module here (``varjot.py``) that defines ``SCREEN``, a subclass of
:class:`~fatescreen.ui.systems.shell.SystemScreen` composing that system's panes and
binding its keys, named as its ``screen`` part in :mod:`fatescreen.systems`.
:class:`~fatescreen.ui.systems.shell.SystemApp` runs any of them on a
:class:`~fatescreen.commands.systems.session.SystemSession`. See ``docs/systems.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fatescreen.systems import named_by

if TYPE_CHECKING:
    from fatescreen.ui.systems.shell import SystemScreen


def screen_of(system: str) -> type[SystemScreen]:
    """The dashboard screen class of the system with the id ``system``.

    Raises:
        KeyError: No system has that id, or it has no ``screen`` part.
    """
    found = named_by(system)
    if found is None or found.screen is None:
        raise KeyError(system)
    screen: type[SystemScreen] = found.part("screen")
    return screen
