"""Snapshots of the build and edit dialogs over the demo scene.

Accept new pictures with ``make test-snapshot-update`` after looking at them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from fatescreen.ui.app import FatescreenApp
from tests.ui.support import AppFactory

SnapCompare = Callable[..., bool]
Setup = Callable[[Pilot[None]], Awaitable[None]]

SMALL = (80, 24)
SIZES = pytest.mark.parametrize("size", [SMALL, (160, 50)], ids=["80x24", "160x50"])


def keys(*pressed: str, select: str = "", text: str = "") -> Setup:
    """Show a character in the stat block, press keys, then type into the focused field."""

    async def setup(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, FatescreenApp)
        if select:
            app.select_character(select)
        await pilot.pause()
        await pilot.press(*pressed)
        if text:
            field = app.focused
            assert isinstance(field, Input)
            field.insert_text_at_cursor(text)
        await pilot.pause()

    return setup


@SIZES
def test_build_menu(snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]) -> None:
    """The build menu from `b` with Silbestre in the stat block: each entry with its key in
    front (t template, p PC, m major NPC, … z zone, l link …); at 80x24 the list scrolls
    after "c Add a countdown…"; at 160x50 it goes on to "Edit Silbestre…", "Remove
    Silbestre…" and "Remove a zone, obstacle or countdown…". The hint says Enter or the key."""
    assert snap_compare(make_app(), terminal_size=size, run_before=keys("b"))


def test_template_list(snap_compare: SnapCompare, make_app: AppFactory) -> None:
    """The reinforcements key `r`: the library's six templates, each with its kind and how
    the scene file refers to it, Cultist highlighted (Cultist 1 to 3 are in the scene)."""
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=keys("r"))


@SIZES
def test_new_pc_form(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]
) -> None:
    """`b` then `p`: the New PC form with "Vesper" typed in Name (marked required), Player
    empty, Skills showing its example as a placeholder, Zone "Ritual hall" (where Silbestre
    stands), the Confirm and Cancel buttons and the keys hint."""
    assert snap_compare(make_app(), terminal_size=size, run_before=keys("b", "p", text="Vesper"))


@SIZES
def test_field_chooser(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]
) -> None:
    """`e` with the Masked leader in the stat block: every field with its value (name, kind
    major NPC, zone, high concept, trouble, each skill with its ladder name, stress, weapon /
    armor 1 / 1, minions cultist, New true form…), one-key jumps in front; Name
    highlighted. At 80x24 the list scrolls."""
    assert snap_compare(make_app(), terminal_size=size, run_before=keys("e", select="leader"))


def test_ladder_picker(snap_compare: SnapCompare, make_app: AppFactory) -> None:
    """Silbestre's Lore from the field chooser: the ladder from Legendary (+8) down, digits
    0 to 8 in front of their rungs, Great (+4) (the current rating) highlighted, and "drop
    the skill" last, below the fold."""
    setup = keys("e", *["down"] * 9, "enter")
    assert snap_compare(make_app(), terminal_size=SMALL, run_before=setup)


@SIZES
def test_refused_edit(
    snap_compare: SnapCompare, make_app: AppFactory, size: tuple[int, int]
) -> None:
    """Silbestre's weapon set to -1: the Weapon / armor form stays open with "-1" still in
    the Weapon field and, in the error colour, "Silbestre: weapon: -1 is too small (at least
    0); nothing changed"."""
    setup = keys("e", "w", "ctrl+u", "minus", "1", "enter")
    assert snap_compare(make_app(), terminal_size=size, run_before=setup)
