"""Snapshots of a campaign's screens: the scene list and a PC's sheet.

Accept new pictures with ``make test-snapshot-update`` after looking at them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.ui.support import CampaignFactory

SnapCompare = Callable[..., bool]
Setup = Callable[[Pilot[None]], Awaitable[None]]

SMALL = (80, 24)
LARGE = (160, 50)
SIZES = pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])


def one_scene_played(text: str) -> str:
    """campaign.toml after the first scene, with Vitor's milestone still to take."""
    return text.replace(
        "scene = 4\n",
        'scene = 5\nfinished = ["campaign/01-archive-ambush.toml"]\nmilestones = ["vitor"]\n',
    )


def keys(*pressed: str, text: str = "") -> Setup:
    """Press keys, then type text into the focused field (replacing what it holds)."""

    async def setup(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press(*pressed)
        if text:
            field = pilot.app.focused
            assert isinstance(field, Input)
            field.value = text
            await pilot.press("enter")
        await pilot.pause()

    return setup


@SIZES
@pytest.mark.parametrize("lang", ["en", "fi"])
def test_scene_list(
    snap_compare: SnapCompare, make_campaign_app: CampaignFactory, size: tuple[int, int], lang: str
) -> None:
    """The sample campaign's scene list after its first scene: "Ambush in the archive"
    finished (✓), "Across the rooftops" highlighted as the next to play, the other scenes
    prepared; the status line with session 2 and 1 of 8 scenes finished; the party with each PC's
    fate points against refresh (Silbestre ●●○ 2/3), consequences (Silbestre's moderate
    "Cracked ribs, strapped up" recovering ↻, Riesa's mild "Sprained wrist") and Vitor's
    milestone due; no log yet; the footer with PC sheet, End session and Milestone. Labels
    in the language of the test id."""
    app = make_campaign_app(lang=lang, edit=one_scene_played)
    assert snap_compare(app, terminal_size=size, run_before=keys())


@SIZES
def test_pc_sheet(
    snap_compare: SnapCompare, make_campaign_app: CampaignFactory, size: tuple[int, int]
) -> None:
    """Silbestre's sheet from P on the scene list, the Name line highlighted: player, high
    concept, trouble, three aspects and a line for a new one, the stunt, skills by rating,
    refresh 3, fate points ●●○ 2, two stress tracks of four boxes, the consequence slots
    with the moderate "Cracked ribs, strapped up" recovering since session 1, scene 4,
    weapon and armor, skill points and advancement. At 160x50 in two columns; at 80x24 in
    one that scrolls."""
    app = make_campaign_app()
    assert snap_compare(app, terminal_size=size, run_before=keys("P"))


def test_pc_sheet_refuses_an_edit(
    snap_compare: SnapCompare, make_campaign_app: CampaignFactory
) -> None:
    """80x24: Silbestre's Skills line being edited in place with "Lore 4, Piloting 3"
    still in its field, and below the sheet, in the error colour, "not changed: Piloting is
    not on the campaign's skill list" with the skill-columns problem it also has."""
    app = make_campaign_app()
    setup = keys("P", *["j"] * 10, "enter", text="Lore 4, Piloting 3")
    assert snap_compare(app, terminal_size=SMALL, run_before=setup)
