"""The dashboard shows the odds the rules core gives for the roll it offers."""

from __future__ import annotations

from textual.widgets import Select, Static

from fatescreen.rules.odds import odds
from fatescreen.rules.outcomes import Outcome
from fatescreen.ui.dialogs.roll import RollDialog
from tests.ui.support import AppFactory, text_of

HAZARD = '\n[[obstacle]]\nhazard = "Falling tiles"\nrating = 3\n'


def shown(chances: dict[Outcome, float]) -> str:
    return (
        f"fail {chances[Outcome.FAIL]:.0f}% · tie {chances[Outcome.TIE]:.0f}% · "
        f"success {chances[Outcome.SUCCESS]:.0f}% · style {chances[Outcome.STYLE]:.0f}%"
    )


async def test_a_hazard_attacks_odds_use_the_defenders_real_defense(
    make_app: AppFactory,
) -> None:
    """Seed «Vaaralliset esteet»: a hazard attacks with its rating; the target defends with
    its general defense (Athletics Fair (+2)), not Fight (Great (+4)) as before."""
    app = make_app(edit=lambda text: text + HAZARD)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(
            RollDialog(app.view_state, app.scene, action="attack", actor="falling-tiles")
        )
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        dialog.query_one("#target", Select).value = "leader"
        await pilot.pause()
        assert dialog.target == "leader"
        text = text_of(dialog.query_one("#odds", Static))
        assert shown(odds(3, 2, opposed=True).as_percentages()) in text
        assert shown(odds(3, 4, opposed=True).as_percentages()) not in text


async def test_f_spends_an_allys_free_invoke_as_the_invoke_verb_does(make_app: AppFactory) -> None:
    """Seed «Kierrokset ja toimintajärjestys»: Silbestre's free invoke on "Distracted" is
    passed to Rozio; `f` offers it, as `invoke` accepts it (rules/invokes.free_invoke_holders)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for line in (
            'create silbestre Deceive "Distracted" on leader ++++ vs leader Will 0000',
            "attack rozio leader ++00 vs 0000",
        ):
            result = app.run_command(line, flow=False)
            assert result is not None and result.ok, result
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        pending = app.scene.pending_roll
        assert pending is not None
        assert any(b.detail == "Distracted" for b in pending.result.effort.bonuses)
        distracted = next(
            a for c in app.scene.characters for a in c.aspects if a.name == "Distracted"
        )
        assert distracted.free_invokes_of("silbestre") == 0
