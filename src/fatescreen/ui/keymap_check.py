"""The GM's keymap checked against every screen's key bindings: an id that is no binding's,
or two bindings of one screen on one key, is refused before a dashboard starts. This module
sees every screen (the dashboards and their dialogs); :mod:`fatescreen.ui.keymap`, which the
dashboards import, sees none of them."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.binding import Binding, BindingType

from fatescreen.ui.keymap import check_keymap, keymap_path, read_keymap_lines


def binding_tables() -> dict[str, list[Binding]]:
    """Every screen's key bindings that have an id, by the screen's name: the bindings a
    keymap may change, in the groups within which two bindings must not share a key."""
    from fatescreen.ui.app import FatescreenApp
    from fatescreen.ui.campaign import CampaignApp
    from fatescreen.ui.dialogs import ConfirmDialog, Dialog
    from fatescreen.ui.dialogs.form import FormDialog
    from fatescreen.ui.dialogs.help import HelpScreen
    from fatescreen.ui.dialogs.roll import RollDialog
    from fatescreen.ui.scene_list import SceneListScreen
    from fatescreen.ui.sheet import SheetScreen

    screens: Iterable[type] = (
        FatescreenApp,
        CampaignApp,
        SceneListScreen,
        SheetScreen,
        Dialog,
        ConfirmDialog,
        FormDialog,
        HelpScreen,
        RollDialog,
    )
    from fatescreen.systems import registered
    from fatescreen.ui.systems.shell import SystemApp, screen_of

    # every other system's dashboard (the shell's keys with its own): one keymap for all
    systems = [screen_of(system.id) for system in registered() if system.screen is not None]
    screens = (*screens, SystemApp, *systems)
    tables: dict[str, list[Binding]] = {}
    for screen in screens:
        found: dict[str, Binding] = {}
        for cls in reversed(screen.__mro__):
            bindings: list[BindingType] = list(cls.__dict__.get("BINDINGS", ()))
            for binding in bindings:
                if isinstance(binding, Binding) and binding.id:
                    found[binding.id] = binding
        if found:
            tables[screen.__name__] = list(found.values())
    return tables


def load_keymap(path: Path | None = None, lang: str = "en") -> dict[str, str]:
    """The GM's keymap, checked against every screen's bindings; empty if there is no
    ``keys.toml``.

    Raises:
        KeymapError: The file cannot be read, is not TOML, names a key wrongly, names an
            id that is no binding's, or gives two bindings of one screen the same key.
    """
    path = path or keymap_path()
    keymap, lines = read_keymap_lines(path, lang)
    if keymap:  # no keymap: the screens' own keys, checked by the tests
        check_keymap(keymap, str(path), binding_tables(), lines, lang)
    return keymap
