"""End-to-end flows on the dashboard, driven by keys with entered dice, undone and redone."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from fatescreen.rules.character import StressKind
from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.dialogs import ChoiceDialog, ConfirmDialog, TextDialog
from fatescreen.ui.dialogs.roll import RollDialog
from tests.ui.support import AppFactory, Keys, log_text, notices, screen_text, text_of, until

SIZE = (80, 24)


def checked(app: FatescreenApp, who: str, kind: StressKind = StressKind.PHYSICAL) -> set[int]:
    """The checked stress boxes of one track."""
    track = next(t for t in app.scene.character(who).stress if t.kind is kind)
    return set(track.checked)


def consequence(app: FatescreenApp, who: str, severity: str) -> str | None:
    """The name of the consequence in a slot, or None if the slot is free."""
    slot = next(s for s in app.scene.character(who).consequences if s.severity.value == severity)
    return slot.aspect.name if slot.aspect else None


def pane(app: FatescreenApp, name: str) -> str:
    """The text a pane shows."""
    return text_of(app.query_one(f"#{name}"))


async def command(keys: Keys, line: str) -> None:
    """Type a command into the command bar and run it."""
    await keys.press("colon")
    await keys.type(line)
    await keys.press("enter")


async def test_npc_attack_absorbed_with_stress_and_a_consequence(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await command(keys, "next leader")
        await keys.press("a")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        assert (dialog.actor, dialog.target) == ("leader", "silbestre")
        focused = app.focused
        assert isinstance(focused, Input) and focused.id == "dice"
        await until(pilot, lambda: not focused.cursor_blink)  # set as the focus arrives
        await keys.type("+++0 vs --00")
        await keys.press("enter")
        assert isinstance(app.screen, ChoiceDialog)
        assert "Silbestre takes 7 shifts" in screen_text(app)
        await keys.press("down", "enter")
        assert isinstance(app.screen, TextDialog)
        await keys.type("Cut arm")
        await keys.press("enter")

        assert checked(app, "silbestre") == {1}
        assert consequence(app, "silbestre", "severe") == "Cut arm"
        assert app.scene.pending_hit is None
        sheet = pane(app, "statblock")
        assert "physical  [x][ ][ ][ ]" in sheet
        assert "Cut arm" in sheet
        assert 'Silbestre absorbs 7 shifts: 1 physical box + severe "Cut arm"' in log_text(app)

        await keys.press("u")
        assert checked(app, "silbestre") == set()
        assert consequence(app, "silbestre", "severe") is None
        assert app.scene.pending_hit is not None
        assert "physical  [ ][ ][ ][ ]" in pane(app, "statblock")
        await keys.press("U")
        assert consequence(app, "silbestre", "severe") == "Cut arm"
        assert "Cut arm" in pane(app, "statblock")


async def test_minion_armor_redirects_a_hit_on_the_leader(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await command(keys, "next rozio")
        await keys.press("a")
        assert isinstance(app.screen, RollDialog)
        assert app.screen.target == "leader"
        await keys.type("++++ vs 0000")
        await keys.press("enter")
        assert "[m] minion armor" in screen_text(app)
        await keys.press("m")

        assert app.scene.pending_hit is None
        assert app.scene.character("cultist-1").taken_out
        assert checked(app, "leader") == set()
        assert "Cultist 1 steps in front of Masked leader" in log_text(app)
        assert "Cultist 1 ✗" in pane(app, "statblock")
        assert app.query_one("#statblock").border_title == "Stat block — Masked leader"
        await keys.press("1")  # the map, hidden while the hit was absorbed, drawn afresh
        assert app.shown_pane == "zones"
        assert "✝Cultist 1" in pane(app, "zones")

        await keys.press("u")
        assert not app.scene.character("cultist-1").taken_out
        assert app.scene.pending_hit is not None
        assert "Cultist 1 ✓" in pane(app, "statblock")
        await keys.press("U")
        assert app.scene.character("cultist-1").taken_out
        assert "✝Cultist 1" in pane(app, "zones")


async def test_taking_out_a_big_bad_reveals_its_true_form(make_app: AppFactory) -> None:
    app = make_app("brine-mother.toml")
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await command(keys, "next riesa")
        await keys.press("a")
        assert isinstance(app.screen, RollDialog)
        assert app.screen.target == "brine-mother"
        await keys.type("++++ vs ----")
        await keys.press("enter")
        await keys.press("t")
        assert isinstance(app.screen, ChoiceDialog)
        assert "The Brine Mother is taken out: reveal the true form?" in screen_text(app)
        await keys.press("enter")

        mother = app.scene.character("brine-mother")
        assert (mother.form, mother.taken_out) == (1, False)
        assert "form 2 of 2" in pane(app, "statblock")
        assert "A cathedral of teeth and coral" in pane(app, "statblock")
        assert "reveals its true form: The thing that wears the saint" in log_text(app)

        await keys.press("u")
        mother = app.scene.character("brine-mother")
        assert (mother.form, mother.taken_out) == (0, True)
        assert "form 1 of 2 · taken out" in pane(app, "statblock")
        await keys.press("U")
        assert app.scene.character("brine-mother").form == 1
        assert "form 2 of 2" in pane(app, "statblock")


async def test_hazard_roll_dialog_hits_the_pc_beside_it(make_app: AppFactory) -> None:
    app = make_app("kaarnakoski-mine.toml")
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("H")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        assert (dialog.actor, dialog.target) == ("falling-rocks", "riesa")
        await keys.type("+++0 vs 0000")
        await keys.press("enter")
        assert "Riesa takes 5 shifts" in screen_text(app)
        await keys.press("enter")

        assert checked(app, "riesa") == {1, 2, 3, 4, 5}
        assert app.scene.pending_hit is None
        assert "Falling rocks attacks Riesa" in log_text(app)
        assert "physical  [x][x][x][x][x][ ]" in pane(app, "statblock")

        await keys.press("u")
        assert checked(app, "riesa") == set()
        assert "physical  [ ][ ][ ][ ][ ][ ]" in pane(app, "statblock")
        await keys.press("U")
        assert checked(app, "riesa") == {1, 2, 3, 4, 5}


async def test_countdown_ticked_to_its_outcome_is_announced(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        keys = Keys(pilot)
        await keys.press("t", "t", "t")
        assert "[x][x][x][ ]" in pane(app, "obstacles")
        assert not notices(app)
        await keys.press("t")

        assert app.scene.countdowns[0].checked == 4
        assert "[x][x][x][x]" in pane(app, "obstacles")
        assert "The ritual completes is complete: The Elder wakes" in log_text(app)
        [(announcement, _)] = notices(app)
        assert "The Elder wakes" in announcement
        assert "The Elder wakes" in screen_text(app)

        await keys.press("u")
        assert app.scene.countdowns[0].checked == 3
        assert "[x][x][x][ ]" in pane(app, "obstacles")
        await keys.press("U")
        assert app.scene.countdowns[0].checked == 4


async def test_popcorn_exchange_with_a_hazard_taking_part(make_app: AppFactory) -> None:
    app = make_app("kaarnakoski-mine.toml")
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("n")
        turn = app.scene.turn
        assert turn is not None and (turn.exchange, turn.up) == (1, "riesa")
        assert "▶ Riesa  (up)" in pane(app, "turn")

        # the highlight stays on who is up: three names down is the foreman
        await keys.press("j", "j", "j", "n")
        assert app.scene.turn is not None and app.scene.turn.up == "foreman"
        await keys.press("k", "k", "k", "n")
        assert app.scene.turn is not None and app.scene.turn.up == "falling-rocks"
        assert "▶ ⚠ Falling rocks  (up)" in pane(app, "turn")
        # n on the one who is up hands the turn to the first still to act
        for _ in range(5):
            await keys.press("n")
        turn = app.scene.turn
        assert turn is not None and set(turn.acted) | {turn.up} == set(turn.participants)
        assert "everyone has acted" in pane(app, "turn")

        await keys.press("k", "x")
        turn = app.scene.turn
        assert turn is not None and turn.exchange == 2
        assert "Exchange 2" in pane(app, "turn")
        assert "Exchange 2" in text_of(app.query_one("#status"))

        await keys.press("u")
        assert app.scene.turn is not None and app.scene.turn.exchange == 1
        assert "Exchange 1" in pane(app, "turn")
        await keys.press("U")
        assert app.scene.turn is not None and app.scene.turn.exchange == 2


async def test_contest_to_three_victories(make_app: AppFactory) -> None:
    app = make_app("night-market-chase.toml")
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await command(keys, "contest end")
        await command(keys, 'contest start "Over the rooftops" Pursuers=rozio,vitor Mirel=mirel')
        assert "Over the rooftops" in pane(app, "turn")
        for exchange in range(3):
            await command(keys, "contest roll rozio Athletics ++00")
            await command(keys, "contest roll mirel Athletics 0000")
            contest = app.scene.contests[-1]
            assert [side.victories for side in contest.sides] == [exchange + 1, 0]
        contest = app.scene.contests[-1]
        assert contest.winner == "Pursuers"
        assert "Pursuers win Over the rooftops" in log_text(app)
        assert "■■■" in pane(app, "turn") and "★" in pane(app, "turn")

        await keys.press("u")
        assert app.scene.contests[-1].winner is None
        assert "★" not in pane(app, "turn")
        await keys.press("U")
        assert app.scene.contests[-1].winner == "Pursuers"


async def test_scene_end_shows_a_summary_then_applies_it(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await command(keys, "stress rozio physical 2")
        await command(keys, 'boost rozio "Off balance"')
        await keys.press("E")
        assert isinstance(app.screen, ConfirmDialog)
        summary = screen_text(app)
        assert "Stress cleared: Rozio" in summary
        assert "Boosts gone: 1" in summary
        await keys.press("enter")

        assert checked(app, "rozio") == set()
        assert app.scene.turn is None
        assert "scene ends" in log_text(app)
        assert "Off balance" not in pane(app, "aspects")

        await keys.press("u")
        assert checked(app, "rozio") == {2}
        assert "Off balance" in pane(app, "aspects")
        await keys.press("U")
        assert checked(app, "rozio") == set()


async def test_escape_closes_a_dialog_and_changes_nothing(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        before = app.scene
        for key in ("a", "E", "A", "C"):
            await keys.press(key)
            assert app.screen is not app.screen_stack[0]
            await keys.press("escape")
            assert len(app.screen_stack) == 1
        await keys.press("m")
        assert app.quick_pick.is_open
        await keys.press("escape")
        assert not app.quick_pick.is_open
        assert app.scene is before
        assert log_text(app) == ""


async def test_m_moves_the_selected_character_with_a_quick_pick(make_app: AppFactory) -> None:
    """m shows the zones next to Silbestre over the bottom of the dashboard; a digit moves
    him at once, arrows and Enter pick the highlighted zone; u undoes the move."""
    app = make_app()
    async with app.run_test(size=(160, 50)) as pilot:
        keys = Keys(pilot)
        assert app.scene.character("silbestre").zone == "ritual-hall"
        focused = app.focused
        await keys.press("m")
        assert app.quick_pick.is_open
        assert app.focused is focused  # the pick takes the keys, not the focus
        shown = screen_text(app)
        assert "Move Silbestre to:" in shown
        assert "1 Crypt" in shown and "2 Stairs" in shown
        await keys.press("a")  # no dashboard key fires while the pick is open
        assert len(app.screen_stack) == 1
        await keys.press("2")
        assert not app.quick_pick.is_open
        assert app.scene.character("silbestre").zone == "stairs"
        assert "Silbestre moves to Stairs" in log_text(app)
        assert "Move Silbestre to:" not in screen_text(app)

        await keys.press("u")
        assert app.scene.character("silbestre").zone == "ritual-hall"
        await keys.press("m", "right")
        shown = app.quick_pick.visual
        highlighted = [
            shown.plain[span.start : span.end]  # type: ignore[union-attr]
            for span in shown.spans  # type: ignore[union-attr]
            if "reverse" in str(span.style)
        ]
        assert highlighted == [" 2 Stairs "]
        await keys.press("right", "left", "enter")
        assert app.scene.character("silbestre").zone == "stairs"
        assert keys.count == 9


async def test_a_click_elsewhere_closes_the_quick_pick(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=(160, 50)) as pilot:
        before = app.scene
        await pilot.press("m")
        assert app.quick_pick.is_open
        await pilot.click("#zones")
        assert not app.quick_pick.is_open
        assert app.scene is before


async def test_s_checks_and_clears_a_stress_box_with_two_keys(make_app: AppFactory) -> None:
    """s lists the selected character's boxes (physical 1-3, mental 1-3 for Silbestre); a
    digit checks that box, the same two keys clear it again; u undoes."""
    app = make_app()
    async with app.run_test(size=(160, 50)) as pilot:
        keys = Keys(pilot)
        await keys.press("s")
        shown = screen_text(app)
        assert "Check or clear a box of Silbestre:" in shown
        assert "1 physical 1 ☐" in shown
        mental = next(
            number
            for number, (_, label) in enumerate(app.quick_pick.options, start=1)
            if label.startswith("mental 1")
        )
        await keys.press("2")
        assert checked(app, "silbestre") == {2}
        assert "[ ][x][ ]" in pane(app, "statblock")
        await keys.press("s", str(mental))
        assert checked(app, "silbestre", StressKind.MENTAL) == {1}
        await keys.press("s")
        assert "2 physical 2 ☒" in screen_text(app)
        await keys.press("2")
        assert checked(app, "silbestre") == set()
        assert keys.count == 6
        await keys.press("u")
        assert checked(app, "silbestre") == {2}


async def test_the_apps_own_keys_still_work_while_a_quick_pick_is_open(
    make_app: AppFactory,
) -> None:
    """Ctrl+P opens the command palette over an open pick (closing the pick)."""
    app = make_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("m")
        assert app.quick_pick.is_open
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert not app.quick_pick.is_open
        assert type(app.screen).__name__ == "CommandPalette"


@pytest.mark.parametrize(
    ("lang", "shoot", "fight"),
    [
        (
            "en",
            "Riesa attacks The Brine Mother with Shoot: ",
            "Riesa attacks Silbestre with Fight: ",
        ),
        (
            "fi",
            "Riesa hyökkää taidolla Shoot, The Brine Mother puolustaa: ",
            "Riesa hyökkää taidolla Fight, Silbestre puolustaa: ",
        ),
    ],
)
async def test_the_roll_dialog_and_the_command_default_to_the_same_attack_skill(
    make_app: AppFactory, lang: str, shoot: str, fight: str
) -> None:
    """Riesa (Fight +4, no Shoot) in the nave, the Brine Mother at the altar: Fight cannot
    reach another zone, so both the dialog and ``attack`` take Shoot at Mediocre (+0), and
    the log names it; against Silbestre beside her, Fight. A skill the GM picks stays."""
    app = make_app("brine-mother.toml", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await command(keys, "next riesa")
        await keys.press("a")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        skill = dialog.query_one("#skill", Select)
        assert (dialog.target, skill.value) == ("brine-mother", "Shoot")
        assert "Shoot +0" in screen_text(app)
        dialog.query_one("#target", Select).value = "silbestre"
        await pilot.pause()
        assert skill.value == "Fight"
        dialog.query_one("#target", Select).value = "brine-mother"
        await pilot.pause()
        assert skill.value == "Shoot"
        skill.value = "Athletics"  # the GM's own choice survives a new target
        await pilot.pause()
        dialog.query_one("#target", Select).value = "silbestre"
        await pilot.pause()
        assert skill.value == "Athletics"
        skill.value = "Fight"
        await pilot.pause()
        await keys.type("0000 vs 0000")
        await keys.press("enter")
        assert fight in log_text(app)

        await keys.press("escape")  # the hit on Silbestre waits; undo it
        await keys.press("u")
        await command(keys, "attack riesa brine 0000 vs 0000")
        assert shoot in log_text(app)
        assert app.scene.pending_roll is not None and app.scene.pending_roll.skill == "Shoot"
