"""The dashboards of the systems that run on the shared stack.

Each such system has a module here (``varjot.py``) that defines ``SCREEN``, a subclass of
:class:`~fatescreen.ui.systems.shell.SystemScreen` composing that system's panes and
binding its keys, named as its ``screen`` part in :mod:`fatescreen.systems`
(:func:`~fatescreen.ui.systems.shell.screen_of` finds it).
:class:`~fatescreen.ui.systems.shell.SystemApp` runs any of them on a
:class:`~fatescreen.commands.session.Session`. See ``docs/systems.md``.
"""
