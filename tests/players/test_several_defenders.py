"""An attack on several defenders has no one opposition until each defends: the players
see the attack and whom it is against, never a made-up "vs +0" or an outcome read against it."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.commands.session import Session
from fatescreen.scene.public import public_scene
from fatescreen.ui.players.app import PlayersApp
from tests.ui.support import until

SPLIT = "attack silbestre priest,keeper Fight ++00"
"""Father Oskari in the nave is public; the Vault keeper stands in a secret zone."""


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Silbestre → Father Oskari: attack (Fight) [+ + 0 0] = +3, each defending on"),
        ("fi", "Silbestre → Father Oskari: hyökkäys (Fight) [+ + 0 0] = +3, kukin puolustaa"),
    ],
)
async def test_a_split_attack_shows_no_opposition_before_or_after_the_defenses(
    chapel: Path, lang: str, line: str
) -> None:
    gm = Session.open(chapel, lang=lang)
    app = PlayersApp(chapel, lang=lang, poll_seconds=0.01)
    async with app.run_test(size=(120, 40)) as pilot:
        gm.execute(SPLIT)
        assert gm.scene.pending_roll is not None and gm.scene.pending_roll.result.opposition == 0
        await until(pilot, lambda: line in app.screen_text())
        shown = app.screen_text()
        assert " vs " not in shown and "vastaan" not in shown
        assert "Vault keeper" not in shown
        roll = public_scene(gm.scene).roll
        assert roll is not None and (roll.opposition, roll.outcome) == (None, "")

        gm.execute("split 2 1 vs 0000 0000")  # each defends their share
        await until(pilot, lambda: app.screen_text() != shown)
        assert line in app.screen_text()
        assert " vs " not in app.screen_text() and "vastaan" not in app.screen_text()
