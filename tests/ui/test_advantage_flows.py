"""Create an advantage from the roll dialog against someone who actively opposes it, or on
an aspect already in play: driven by keys, with the scene and the screen checked after."""

from __future__ import annotations

from textual.widgets import OptionList, Select

from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.dialogs.roll import RollDialog
from tests.ui.support import AppFactory, Keys, log_text, screen_text, text_of

WIDE = (120, 40)


async def focus_field(keys: Keys, app: FatescreenApp, field: str) -> None:
    """Shift+Tab back through the dialog's fields until ``field`` has the focus."""
    for _ in range(12):
        if app.focused is not None and app.focused.id == field:
            return
        await keys.press("shift+tab")
    raise AssertionError(f"{field} never took the focus")


async def choose(keys: Keys, app: FatescreenApp, field: str, label: str, value: str) -> None:
    """Open a select of the dialog with Enter and pick the option shown as ``label`` with
    the arrow keys; its value is then ``value``."""
    await focus_field(keys, app, field)
    select = app.screen.query_one(f"#{field}", Select)
    await keys.press("enter")
    overlay = select.query_one(OptionList)
    prompts = [str(getattr(o.prompt, "plain", o.prompt)) for o in overlay.options]
    wanted = next(i for i, prompt in enumerate(prompts) if prompt.startswith(label))
    step = wanted - (overlay.highlighted or 0)
    await keys.press(*(["down"] * step if step > 0 else ["up"] * -step), "enter")
    assert select.value == value


async def name_and_roll(keys: Keys, app: FatescreenApp, aspect: str, dice: str) -> None:
    """Type the new aspect's name and both sides' dice, and roll."""
    await focus_field(keys, app, "aspect")
    await keys.type(aspect)
    await focus_field(keys, app, "dice")
    await keys.type(dice)
    await keys.press("enter")
    await keys.pilot.pause()


async def test_an_advantage_created_against_active_opposition_rolls_both_sides(
    make_app: AppFactory,
) -> None:
    """Rozio (Deceive +3) creates an advantage that the masked leader opposes with Will +2:
    ``+++0`` against ``0000`` is 6 against 2, four shifts, with style: two free invokes for
    Rozio (Fate Condensed: "Menestyksellä tyylillä ... kaksi ilmaista kutsua")."""
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        app.run_command("next rozio")
        keys = Keys(pilot)
        await keys.press("c")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        await choose(keys, app, "skill", "Deceive +3", "Deceive")
        before = str(dialog.query_one("#odds").render())
        await choose(keys, app, "opponent", "Masked leader", "leader")
        assert not dialog.query_one("#difficulty").display
        await choose(keys, app, "opponent-skill", "Will +2", "Will")
        shown = screen_text(app)
        assert "Opposed by" in shown and "Masked leader" in shown and "Will +2" in shown
        assert str(dialog.query_one("#odds").render()) != before
        await name_and_roll(keys, app, "Smoke and mirrors", "+++0 vs 0000")
        smoke = next(a for a in app.scene.aspects if a.name == "Smoke and mirrors")
        assert smoke.free_invokes == ("rozio", "rozio")
        assert "create rozio Deceive" in log_text(app) and "vs leader Will" in log_text(app)
        assert "Smoke and mirrors" in text_of(app.query_one("#aspects"))


async def test_an_active_opponent_who_wins_leaves_no_aspect(make_app: AppFactory) -> None:
    """The leader's Will +2 and ``++++`` (6) against Rozio's Deceive +3 and ``0000`` (3):
    Rozio fails, and no aspect is made."""
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        app.run_command("next rozio")
        keys = Keys(pilot)
        await keys.press("c")
        await choose(keys, app, "skill", "Deceive +3", "Deceive")
        await choose(keys, app, "opponent", "Masked leader", "leader")
        await choose(keys, app, "opponent-skill", "Will +2", "Will")
        await name_and_roll(keys, app, "Smoke and mirrors", "0000 vs ++++")
        assert all(a.name != "Smoke and mirrors" for a in app.scene.aspects)
        assert app.scene.pending_roll is not None
        assert app.scene.pending_roll.target == "leader"


async def test_an_advantage_on_a_hidden_aspect_in_play_reveals_it_with_a_free_invoke(
    make_app: AppFactory,
) -> None:
    """Rozio searches the crypt's hidden "Dark corners" (Notice +1, ``+0+0``, 3 against a
    difficulty of 2): a success gives one free invoke and reveals the aspect ("Onnistuminen:
    yksi ilmainen kutsu", docs/rules.md §2), and no new aspect is made."""
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        app.run_command("next rozio")
        keys = Keys(pilot)
        count = len(app.scene.aspects) + sum(len(z.aspects) for z in app.scene.zones)
        await keys.press("c")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        await choose(keys, app, "skill", "Notice +1", "Notice")
        await choose(keys, app, "existing", "Dark corners", "zone:crypt/dark-corners")
        assert not dialog.query_one("#aspect").display
        await focus_field(keys, app, "dice")
        await keys.type("+0+0")
        await keys.press("enter")
        await pilot.pause()
        crypt = app.scene.zone("crypt")
        corners = next(a for a in crypt.aspects if a.name == "Dark corners")
        assert corners.free_invokes == ("rozio",) and not corners.hidden
        assert len(app.scene.aspects) + sum(len(z.aspects) for z in app.scene.zones) == count
        assert "Dark corners" in text_of(app.query_one("#aspects"))
