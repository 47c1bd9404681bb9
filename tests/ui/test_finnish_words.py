"""Words on the dashboard in the GM's language: the dice field reads Finnish ``vastaan`` as
its placeholder teaches, and a hazard's Weapon is named, not abbreviated to a letter."""

from __future__ import annotations

import pytest

from fatescreen.ui.dialogs.roll import entered_dice
from fatescreen.ui.panes.obstacles import ObstaclesPane
from tests.ui.support import AppFactory, text_of


def test_the_dice_field_reads_vastaan_as_vs() -> None:
    assert entered_dice("+0-+ vastaan -0+0", opposed=True) == ("+0-+", "-0+0")
    assert entered_dice("+0-+ vs -0+0", opposed=True) == ("+0-+", "-0+0")


@pytest.mark.parametrize(("lang", "weapon"), [("en", "Weapon 1"), ("fi", "Ase 1")])
async def test_a_hazards_weapon_is_named(make_app: AppFactory, lang: str, weapon: str) -> None:
    app = make_app("burning-library.toml", lang=lang)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        line = next(
            line for line in text_of(app.query_one(ObstaclesPane)).splitlines() if "storm" in line
        )
        assert weapon in line and " W1" not in line
