"""The roll dialog sets an overcome's or a create an advantage's difficulty by the reasons
the task is hard, as the ``vs hard N`` of the verbs does (§1, ``difficulty_for``)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select, Static

from fatescreen.rules.odds import odds
from fatescreen.rules.outcomes import Outcome
from fatescreen.ui.dialogs.roll import RollDialog
from tests.ui.support import AppFactory, Keys, log_text, screen_text, text_of

WIDE = (120, 40)


def _odds_line(dialog: RollDialog, rating: int, difficulty: int) -> str:
    chances = odds(rating, difficulty).as_percentages()
    return dialog.view.tr(
        "ui.odds",
        fail=f"{chances[Outcome.FAIL]:.0f}%",
        tie=f"{chances[Outcome.TIE]:.0f}%",
        success=f"{chances[Outcome.SUCCESS]:.0f}%",
        style=f"{chances[Outcome.STYLE]:.0f}%",
    )


@pytest.mark.parametrize(
    ("lang", "option", "logged"),
    [
        ("en", "2 reasons: Great (+4)", "vs hard 2"),
        ("fi", "2 syytä: Mahtava (+4)", "vastaan vaikea 2"),
    ],
)
async def test_two_reasons_make_the_overcome_great_and_the_roll_ties(
    make_app: AppFactory, lang: str, option: str, logged: str
) -> None:
    """Seed «Vaikeustason ja vastustuksen määrittäminen»: «Jos keksit nopeasti yhdenkin syyn,
    miksi tehtävä ei ole helppo, valitse vaikeustasoksi Kohtalainen (+2). Korota
    vaikeustasoa vielä +2 jokaista ylimääräistä hankaluutta kohden.» Two reasons: Great
    (+4); Silbestre's Lore +4 with ``0000`` ties it."""
    app = make_app(lang=lang)
    async with app.run_test(size=WIDE) as pilot:
        assert app.run_command("next silbestre", flow=False) is not None
        keys = Keys(pilot)
        await keys.press("o")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        assert _odds_line(dialog, 4, 2) in text_of(dialog.query_one("#odds", Static))
        dialog.query_one("#reasons", Select).value = 2
        await pilot.pause()
        assert not dialog.query_one("#difficulty").display
        assert option in screen_text(app)
        assert _odds_line(dialog, 4, 4) in text_of(dialog.query_one("#odds", Static))
        await keys.type("0000")
        await keys.press("enter")
        pending = app.scene.pending_roll
        assert pending is not None and pending.skill == "Lore"
        assert pending.result.opposition == 4
        assert pending.result.outcome is Outcome.TIE
        assert logged in log_text(app)


async def test_back_to_a_typed_difficulty_when_no_reason_is_chosen(make_app: AppFactory) -> None:
    """Clearing the reasons shows the typed difficulty again, and the roll uses it."""
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        assert app.run_command("next silbestre", flow=False) is not None
        keys = Keys(pilot)
        await keys.press("o")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        reasons = dialog.query_one("#reasons", Select)
        reasons.value = 5
        await pilot.pause()
        assert _odds_line(dialog, 4, 10) in text_of(dialog.query_one("#odds", Static))
        reasons.clear()
        await pilot.pause()
        assert dialog.query_one("#difficulty").display
        await keys.type("0000")
        await keys.press("enter")
        pending = app.scene.pending_roll
        assert pending is not None and pending.result.opposition == 2
        assert pending.result.outcome is Outcome.SUCCESS


async def test_one_reason_makes_a_create_an_advantage_fair(make_app: AppFactory) -> None:
    """§1: one reason the task is hard, Fair (+2); Silbestre's Lore +4 with ``0000``
    succeeds and the aspect is in the scene with its free invoke."""
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        assert app.run_command("next silbestre", flow=False) is not None
        keys = Keys(pilot)
        await keys.press("c")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        dialog.query_one("#reasons", Select).value = 1
        await pilot.pause()
        assert "1 reason: Fair (+2)" in screen_text(app)
        # the dialog opens on the aspect's name; Tab goes on to the dice
        assert app.focused is dialog.query_one("#aspect", Input)
        await keys.type("Old maps")
        await keys.press("tab")
        assert app.focused is dialog.query_one("#dice", Input)
        await keys.type("0000")
        await keys.press("enter")
        pending = app.scene.pending_roll
        assert pending is not None and pending.result.opposition == 2
        made = [a for a in app.scene.aspects if a.name == "Old maps"]
        assert made and made[0].free_invokes == ("silbestre",)
        assert "vs hard 1" in log_text(app)
