"""Who the keys act on: ``a``, ``o`` and ``c`` as the name highlighted in the turn order
while a conflict runs (the selected character otherwise), acting handing that name the
turn; ``g`` and a key going to any name; ``n`` on the one who is up; the absorb dialog's
keys for the attacker's invokes and a big bad's true form; the create an advantage dialog
opening on the aspect's name; and the help saying all this, in English and Finnish."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.dialogs import ChoiceDialog
from fatescreen.ui.dialogs.help import HelpScreen
from fatescreen.ui.dialogs.roll import RollDialog
from fatescreen.ui.panes.turn import TurnPane
from tests.ui.support import AppFactory, Keys, log_text, screen_text, text_of

SIZE = (120, 40)


def highlighted(app: FatescreenApp) -> str | None:
    """The id the turn order's highlight is on."""
    return app.query_one(TurnPane).cursor


def dialog_text(app: FatescreenApp) -> str:
    """The dialog on screen as plain text, its lines run together (a long hint wraps)."""
    return " ".join(text_of(app.screen).split())


def turn_line(app: FatescreenApp, name: str) -> str:
    """The turn order's line for ``name``."""
    return next(line for line in text_of(app.query_one(TurnPane)).splitlines() if name in line)


async def roll(keys: Keys, app: FatescreenApp, key: str, dice: str) -> RollDialog:
    """Open the roll dialog with ``key``, type the dice, roll; the dialog as it was."""
    await keys.press(key)
    dialog = app.screen
    assert isinstance(dialog, RollDialog)
    dice_field = dialog.query_one("#dice", Input)
    dice_field.focus()
    await keys.pilot.pause()
    await keys.type(dice)
    await keys.press("enter")
    return dialog


async def test_with_no_conflict_the_selected_character_acts_and_takes_no_turn(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("right_square_bracket")  # Rozio in the stat block
        assert app.view_state.selected == "rozio" and highlighted(app) == "rozio"
        dialog = await roll(keys, app, "o", "0000")
        assert dialog.actor == "rozio"
        assert app.scene.turn is None  # an overcome is no conflict
        dialog = await roll(keys, app, "a", "0000 vs 0000")
        assert (dialog.actor, dialog.target) == ("rozio", "leader")
        turn = app.scene.turn  # an attack starts the conflict with the attacker
        assert turn is not None and (turn.exchange, turn.up) == (1, "rozio")
        assert "next rozio" in log_text(app)


async def test_with_no_conflict_the_selected_character_acts_wherever_the_highlight_is(
    make_app: AppFactory,
) -> None:
    """A turn order begun and undone leaves the highlight on who was up (the masked
    leader) while the stat block shows Rozio: with no turn order, ``o`` is Rozio's roll,
    not the highlighted name's nor the first character's."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("right_square_bracket")  # Rozio in the stat block
        await keys.press("colon")
        await keys.type("next leader")
        await keys.press("enter", "u")
        assert app.scene.turn is None
        assert (app.view_state.selected, highlighted(app)) == ("rozio", "leader")
        dialog = await roll(keys, app, "o", "0000")
        assert dialog.actor == "rozio"
        assert "overcome rozio" in log_text(app) and app.scene.turn is None


async def test_in_a_conflict_the_highlighted_name_acts_and_takes_the_turn(
    make_app: AppFactory,
) -> None:
    """The highlight on the masked leader: ``a`` is his attack (not Silbestre's, who is
    up), and rolling hands him the turn."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("n")
        assert app.scene.turn is not None and app.scene.turn.up == "silbestre"
        assert highlighted(app) == "silbestre"  # who is up stays highlighted
        await keys.press("j", "j", "j", "j")
        assert highlighted(app) == "leader"
        assert app.view_state.selected == "leader"  # the stat block follows the highlight
        assert turn_line(app, "Masked leader").startswith("›")
        dialog = await roll(keys, app, "a", "0000 vs 0000")
        assert (dialog.actor, dialog.target) == ("leader", "silbestre")
        turn = app.scene.turn
        assert turn is not None and turn.up == "leader"
        assert turn.acted == ("silbestre", "leader")
        await keys.press("enter")  # Silbestre absorbs it; he has acted: the leader stays
        assert app.scene.pending_hit is None and highlighted(app) == "leader"
        dialog = await roll(keys, app, "o", "0000")  # who is up acts again: no new turn
        assert dialog.actor == "leader"
        turn = app.scene.turn
        assert turn is not None and turn.acted == ("silbestre", "leader")


async def test_n_on_the_one_up_hands_the_turn_to_the_first_still_to_act(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("n", "n")
        turn = app.scene.turn
        assert turn is not None and turn.acted == ("silbestre", "rozio") and turn.up == "rozio"
        assert highlighted(app) == "rozio"
        assert "▶ Rozio" in turn_line(app, "Rozio")


async def test_the_one_hit_is_highlighted_and_strikes_back_at_the_attacker(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("right_square_bracket")
        await roll(keys, app, "a", "0000 vs 0000")  # Rozio at the leader: 1 shift
        assert isinstance(app.screen, ChoiceDialog)
        await keys.press("enter")
        assert highlighted(app) == "leader" and app.view_state.selected == "leader"
        dialog = await roll(keys, app, "a", "0000 vs 0000")
        assert (dialog.actor, dialog.target) == ("leader", "rozio")


@pytest.mark.parametrize(
    ("lang", "title"),
    [("en", "Go to: the key in front of a name"), ("fi", "Siirry: nimen edessä oleva näppäin")],
)
async def test_g_and_a_key_go_to_any_name_of_the_turn_order_or_the_map(
    make_app: AppFactory, lang: str, title: str
) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("g")
        assert isinstance(app.screen, ChoiceDialog)
        shown = screen_text(app)
        assert title in shown
        for line in ("m Masked leader", "2 Cultist 2", "t Toppling braziers", "R Riesa"):
            assert line in shown
        await keys.press("2")
        assert app.view_state.selected == "cultist-2" and highlighted(app) == "cultist-2"
        assert keys.count == 2
        # a hazard: the turn order's highlight, the stat block as it was
        await keys.press("g", "t")
        assert highlighted(app) == "toppling-braziers"
        assert app.view_state.selected == "cultist-2"
        # Esc changes nothing
        await keys.press("g", "escape")
        assert highlighted(app) == "toppling-braziers"
        # in a conflict, someone who has acted is shown, the highlight stays
        await keys.press("g", "m", "n")
        assert app.scene.turn is not None and app.scene.turn.up == "leader"
        await keys.press("g", "s")
        assert app.view_state.selected == "silbestre" and highlighted(app) == "silbestre"
        await keys.press("n", "g", "m")
        assert app.view_state.selected == "leader" and highlighted(app) == "silbestre"


@pytest.mark.parametrize(
    ("lang", "free", "invokes"),
    [
        ("en", "[F] Masked leader's free invoke", "[I] Masked leader invokes"),
        ("fi", "[F] ilmainen käyttö: Masked leader", "[I] Masked leader käyttää piirrettä"),
    ],
)
async def test_the_absorb_dialog_offers_the_attackers_invokes_in_one_key(
    make_app: AppFactory, lang: str, free: str, invokes: str
) -> None:
    """After the leader's attack, ``F`` spends the GM's free invoke on the incense for him
    without leaving the absorb dialog, which comes back with the bigger hit."""
    app = make_app(lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("g", "m")
        await roll(keys, app, "a", "0000 vs 0000")  # Fight +4 against +3, Weapon 1
        hit = app.scene.pending_hit
        assert hit is not None and (hit.target, hit.shifts) == ("silbestre", 2)
        shown = dialog_text(app)
        assert free in shown and invokes in shown
        count = keys.count
        await keys.press("F")
        assert keys.count == count + 1
        hit = app.scene.pending_hit
        assert hit is not None and hit.shifts == 4
        assert isinstance(app.screen, ChoiceDialog)
        assert "Choking incense" in log_text(app)
        await keys.press("I")  # the paid invokes, the leader's
        assert isinstance(app.screen, ChoiceDialog)
        await keys.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)  # back to the absorb dialog


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("en", "[r] taken out: reveal The Elder behind the mask"),
        ("fi", "[r] ulkona tilanteesta: paljasta The Elder behind the mask"),
    ],
)
async def test_r_takes_a_big_bad_out_and_reveals_his_true_form_in_one_key(
    make_app: AppFactory, lang: str, label: str
) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("right_square_bracket")
        await roll(keys, app, "a", "++++ vs 0000")
        assert label in dialog_text(app)
        await keys.press("r")
        leader = app.scene.character("leader")
        assert (leader.form, leader.taken_out) == (1, False)
        assert app.scene.pending_hit is None
        assert not isinstance(app.screen, ChoiceDialog)  # no reveal dialog after it
        await keys.press("u")
        leader = app.scene.character("leader")
        assert (leader.form, leader.taken_out) == (0, True)  # undone one step at a time


async def test_the_create_an_advantage_dialog_opens_on_the_aspects_name(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("c")
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and dialog.actor == "silbestre"
        assert app.focused is dialog.query_one("#aspect", Input)
        await keys.type("Ancient glyphs")
        await keys.press("enter")  # the app rolls
        assert app.scene.pending_roll is not None
        assert "Ancient glyphs" in log_text(app)
        await keys.press("a")
        assert app.focused is app.screen.query_one("#dice", Input)  # an attack: the dice


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "a, o and c act as the name highlighted in the turn order"),
        ("fi", "a, o ja c toimivat kamppailun aikana toimintajärjestyksessä korostetun nimen"),
    ],
)
async def test_help_says_who_the_keys_act_on(make_app: AppFactory, lang: str, said: str) -> None:
    app = make_app(lang=lang)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = dialog_text(app)
        assert said in shown
        assert ("g Go to a name" if lang == "en" else "g Siirry nimeen") in shown
