"""At the table: the flows a GM runs mid-conflict, each driven by its keys, with the scene
and the screen checked after."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from fatescreen.commands.core import registry
from fatescreen.i18n import tr
from fatescreen.rules.aspects import GM
from fatescreen.ui.app import PANE_ORDER, FatescreenApp
from fatescreen.ui.dialogs import ChoiceDialog, TextDialog
from fatescreen.ui.dialogs.help import HangingText, HelpScreen
from fatescreen.ui.dialogs.roll import RollDialog
from fatescreen.ui.lines import LinesView
from fatescreen.ui.panes.aspects import AspectsPane
from fatescreen.ui.panes.log import LogPane
from tests.ui.support import (
    AppFactory,
    CampaignFactory,
    Keys,
    log_text,
    notices,
    screen_text,
    text_of,
    until,
)

WIDE = (120, 40)


async def start(app: FatescreenApp, *lines: str) -> None:
    """Bring the scene to where the flow starts (not counted)."""
    for line in lines:
        result = app.run_command(line, flow=line is lines[-1])
        assert result is not None and result.ok, result


def option_texts(app: FatescreenApp) -> list[str]:
    """The options of the dialog on screen, as plain text."""
    options = app.screen.query_one(OptionList)
    return [str(getattr(o.prompt, "plain", o.prompt)) for o in options.options]


# -- seeing the table -----------------------------------------------------------------------


async def test_at_120x40_every_pane_is_on_screen_at_once(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        width, height = app.size
        for name in PANE_ORDER:
            region = app.query_one(f"#{name}").region
            assert region.width >= 20 and region.height >= 3, name
            assert region.right <= width and region.bottom <= height, name
        shown = screen_text(app)
        for title in ("Zones", "Stat block", "Turn order", "Aspects", "Fate points", "Log"):
            assert title in shown
        assert "The ritual completes" in shown and "burst in on the cult" in shown


async def test_at_80x24_the_footer_fits_and_every_pane_is_one_key_away(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "u Undo" in footer and "^p Palette" in footer
        keys = Keys(pilot)
        await keys.press(str(PANE_ORDER.index("notes") + 1))
        assert app.query_one("#notes").region.height > 3
        assert "burst in on the cult" in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "fi"])
async def test_the_footer_fits_every_width_and_follows_a_resize(
    make_app: AppFactory, lang: str
) -> None:
    """A terminal resized from 120 to 80 columns and back, then to 160 and 100: at each
    width the footer's last key is the palette's, whole, and undo is among the keys shown
    (save from 100 columns)."""
    app = make_app(lang=lang)
    undo = app.tr("ui.key.undo")
    save = app.tr("ui.key.save")
    async with app.run_test(size=WIDE) as pilot:
        for width, height in ((120, 40), (80, 24), (120, 40), (160, 50), (100, 30)):
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            lines = screen_text(app).splitlines()
            footer = lines[-1].rstrip()
            assert footer.endswith(app.tr("ui.key.command_palette")), (width, footer)
            assert f"u {undo}" in footer, (width, footer)
            assert (f"^s {save}" in footer) is (width >= 100), (width, footer)


@pytest.mark.parametrize("lang", ["en", "fi"])
async def test_at_80x24_the_status_line_and_every_pane_tab_fit(
    make_campaign_app: CampaignFactory, lang: str
) -> None:
    """The campaign's scene list and a scene on the dashboard at 80 columns: the status line
    ends in a whole word (the theme's name left out, not cut) and all eight pane tabs show."""
    app = make_campaign_app(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(2):
            shown = text_of(app.screen.query_one("#status, .screen-status")).strip()
            assert len(shown) <= 78 and shown in screen_text(app).splitlines()[0], shown
            await pilot.press("enter")
            await pilot.pause()
        tabs = screen_text(app).splitlines()[1]
        last = "Notes" if lang == "en" else "Muistio"
        assert tabs.rstrip().endswith(f"8 {last}"), tabs
        await pilot.press("8")
        tabs = screen_text(app).splitlines()[1]
        assert tabs.rstrip().endswith(f"8 {last}"), tabs
        assert app.query_one("#notes").region.height > 3


@pytest.mark.parametrize(("size", "label"), [(WIDE, False), ((160, 50), True)])
async def test_the_turn_order_leaves_out_up_rather_than_cut_it(
    make_app: AppFactory, size: tuple[int, int], label: bool
) -> None:
    """The falling rocks are up: at 120 columns "▶ ⚠ Falling rocks" fills the narrow turn
    order, so "(up)" is left out instead of cut to "(u"; at 160 columns it fits."""
    app = make_app("kaarnakoski-mine.toml")
    async with app.run_test(size=size) as pilot:
        await start(app, "next falling-rocks")
        await pilot.pause()
        line = next(t for t in screen_text(app).splitlines() if "▶ ⚠ Falling rocks" in t)
        assert ("▶ ⚠ Falling rocks  (up)" in line) is label, line
        assert "(u" not in line or "(up)" in line, line


def other_notes(notes: str) -> Callable[[str], str]:
    """An edit of the demo scene's text: ``notes`` in place of its own notes."""

    def edit(text: str) -> str:
        start = text.index('notes = """')
        end = text.index('"""', start + len('notes = """')) + 3
        return text[:start] + notes + text[end:]

    return edit


async def test_the_notes_keep_the_gms_line_breaks(make_app: AppFactory) -> None:
    """Notes written over several lines show as lines, never as an escaped ``\\x0a``."""
    two_lines = 'notes = """\nFirst line.\nThe masked leader must not finish it.\n"""'
    app = make_app(edit=other_notes(two_lines))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert app.scene.notes.strip().count("\n") == 1
        shown = str(app.query_one("#notes-body").render())
        assert "\\x0a" not in shown
        assert "First line.\nThe masked leader" in shown


async def test_notes_wrapped_by_an_editor_flow_to_the_panes_width(make_app: AppFactory) -> None:
    """Prose hard-wrapped at the GM's editor width reads as one paragraph wrapped at the
    pane's width (not a long line, a stub of two words, a long line...); a sentence's end, a
    blank line and a list item still start a line."""
    wrapped = (
        'notes = """\nThe cult meets at midnight under the harbour. Its masked leader fights\n'
        'until\nhurt, then flees.\n\nTasks:\n- stop the\n  ritual\n- save the captives\n"""'
    )
    app = make_app(edit=other_notes(wrapped))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        shown = str(app.query_one("#notes-body").render())
        assert shown.split("\n") == [
            "The cult meets at midnight under the harbour. Its masked leader fights until hurt,"
            " then flees.",
            "",
            "Tasks:",
            "- stop the ritual",
            "- save the captives",
        ]
        notes = app.query_one("#notes").region
        rows = screen_text(app).splitlines()[notes.y + 1 : notes.bottom - 1]
        body = [row[notes.x + 1 : notes.right - 1].strip() for row in rows]
        assert "until" not in body, body
        assert any(line.startswith("hurt, then flees.") or "until hurt" in line for line in body)


async def test_the_log_wraps_clear_of_its_scrollbar(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        name = (
            "A very long aspect name that goes on and on for the whole width of the log pane"
            " and beyond it"
        )
        for number in range(4):
            await start(app, f'aspect add "{name} {number}" free 1')
        await pilot.pause()
        log = app.query_one(LogPane).region
        rows = screen_text(app).splitlines()[log.y + 1 : log.bottom - 1]
        shown = " ".join(row[log.x + 1 : log.right - 1].strip() for row in rows)
        assert f'aspect add "{name} 3" free 1' in shown


async def test_a_tall_terminal_gives_the_log_more_lines(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=(250, 70)) as pilot:
        await pilot.pause()
        assert app.query_one(LogPane).region.height >= 20
        assert app.query_one("#statblock").region.height >= 25


async def test_the_roll_dialog_leaves_map_stress_and_aspects_in_sight(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next leader")
        await Keys(pilot).press("a")
        assert isinstance(app.screen, RollDialog)
        shown = screen_text(app)
        assert "Ritual hall" in shown and "Masked leader ◆" in shown
        assert "physical  [ ][ ][ ][ ]" in shown
        assert "Chanting echoes" in shown and "Turn order" in shown


async def test_the_absorb_dialog_leaves_stress_aspects_and_zones_in_sight(
    make_app: AppFactory,
) -> None:
    """While Silbestre chooses how to absorb a hit, his stress track, the aspects he might
    invoke and the map stay on screen beside the dialog."""
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next leader", "attack leader silbestre Fight +000 vs 0000")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        # the dialog's options and the panes beside it are drawn a frame after it opens
        await until(pilot, lambda: "Silbestre takes 3 shifts" in screen_text(app))
        shown = screen_text(app)
        assert "physical  [ ][ ][ ][ ]" in shown
        assert "Chanting echoes" in shown and "Ritual hall" in shown


async def test_at_80x24_a_hit_shows_the_defender_s_stat_block_above_the_absorb_dialog(
    make_app: AppFactory,
) -> None:
    """One pane at a time: the map is shown when the leader hits Silbestre; the absorb
    dialog opens with his stat block (stress boxes, consequence slots) shown above it."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.shown_pane == "zones"
        await start(app, "next leader", "attack leader silbestre Fight +000 vs 0000")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        assert app.shown_pane == "statblock"
        shown = screen_text(app)
        assert "Silbestre takes 3 shifts" in shown
        assert "physical  [ ][ ][ ][ ]" in shown and "moderate 4" in shown


# -- rolling and absorbing ------------------------------------------------------------------


async def test_an_absorb_dialog_closed_by_mistake_reopens_with_d(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next leader", "attack leader silbestre Fight +000 vs 0000")
        await pilot.pause()
        keys = Keys(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        await keys.press("escape")
        assert app.scene.pending_hit is not None
        await keys.press("d")
        assert isinstance(app.screen, ChoiceDialog)
        assert "Silbestre takes 3 shifts" in screen_text(app)
        await keys.press("enter")
        assert app.scene.pending_hit is None
        assert set(app.scene.character("silbestre").stress[0].checked) == {1, 2, 3}


async def test_the_defender_spends_a_free_invoke_from_the_absorb_dialog(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(
            app,
            'aspect add "Behind a pillar" free 1 for silbestre',
            "next leader",
            "attack leader silbestre Fight +000 vs 0000",
        )
        await pilot.pause()
        keys = Keys(pilot)
        await keys.press("f")
        await pilot.pause()
        hit = app.scene.pending_hit
        assert hit is not None and hit.shifts == 1
        pillar = next(a for a in app.scene.aspects if a.name == "Behind a pillar")
        assert pillar.free_invokes == ()
        assert isinstance(app.screen, ChoiceDialog)
        assert "Silbestre takes 1 shift" in screen_text(app)


async def test_the_defender_invokes_by_choice_from_the_absorb_dialog(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next leader", "attack leader silbestre Fight +000 vs 0000")
        await pilot.pause()
        keys = Keys(pilot)
        await keys.press("i")
        assert isinstance(app.screen, ChoiceDialog)
        assert "Silbestre invokes" in screen_text(app)
        texts = option_texts(app)
        index = next(i for i, t in enumerate(texts) if "Haunted scholar" in t)
        await keys.press(*["down"] * index, "enter")
        await pilot.pause()
        assert app.scene.character("silbestre").fate_points == 2
        hit = app.scene.pending_hit
        assert hit is not None and hit.shifts == 1


async def test_shifts_to_take_out_follow_each_stress_track(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        head = text_of(app.query_one("#sheet-head"))
        assert "physical 16" in head and "mental 16" in head
        await start(app, "stress silbestre physical 1", "stress silbestre physical 2")
        await pilot.pause()
        head = text_of(app.query_one("#sheet-head"))
        assert "physical 14" in head and "mental 16" in head


async def test_the_target_changes_with_one_key_opponents_first(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next rozio")
        keys = Keys(pilot)
        await keys.press("a")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        names = [name for name, _ in dialog.targets]
        assert names[:4] == ["Masked leader", "Cultist 1", "Cultist 2", "Cultist 3"]
        assert dialog.target == "leader"
        await keys.press("down")
        assert dialog.target == "cultist-1"
        await keys.type("++++ vs 0000")
        await keys.press("enter")
        await pilot.pause()
        hit = app.scene.pending_hit
        assert hit is not None and hit.target == "cultist-1"


async def test_minion_armor_shows_the_default_and_lets_the_gm_choose(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next rozio", "attack rozio leader Shoot ++++ vs 0000")
        await until(pilot, lambda: bool(app.screen.query(OptionList)))
        texts = option_texts(app)
        assert any(t.startswith("[m] minion armor: Cultist 1") for t in texts)
        second = next(i for i, t in enumerate(texts) if "Cultist 2 takes" in t)
        options = app.screen.query_one(OptionList)
        keys = Keys(pilot)
        await keys.press(*["down"] * (second - (options.highlighted or 0)), "enter")
        assert app.scene.pending_hit is None
        assert app.scene.character("cultist-2").taken_out
        assert not app.scene.character("cultist-1").taken_out


async def test_a_minion_taking_one_shift_says_shift(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next rozio", "attack rozio leader Shoot 0000 vs 0000")
        # the absorb dialog composes its options a frame or two after it is pushed
        await until(pilot, lambda: bool(app.screen.query(OptionList)))
        hit = app.scene.pending_hit
        assert hit is not None and hit.shifts == 1
        assert "[m] minion armor: Cultist 1 takes the 1 shift" in option_texts(app)


def ceiling_held_by(holder: str) -> Callable[[str], str]:
    """The Kaarnakoski mine with a situation aspect whose one free invoke ``holder`` (a
    hazard or a block of the mine) holds."""
    ceiling = f'"Lamps flickering", {{ name = "Loose ceiling", free_invokes = {{ {holder} = 1 }} }}'

    def edit(text: str) -> str:
        edited = text.replace('"Lamps flickering"', ceiling, 1)
        assert edited != text
        return edited

    return edit


@pytest.mark.parametrize(
    ("holder", "roll", "said"),
    [
        (
            "falling-rocks",
            "hazard falling-rocks riesa 0000 vs 0000",
            'Falling rocks invokes "Loose',
        ),
        (
            "rusted-portcullis",
            "attack claim-jumper-1 riesa Fight ++++ vs 0000",
            "passed on by Rusted portcullis",
        ),
    ],
    ids=["hazard", "block"],
)
async def test_f_spends_a_free_invoke_a_hazard_or_a_block_holds(
    make_app: AppFactory, holder: str, roll: str, said: str
) -> None:
    """A hazard spends its own free invoke on its attack; a block never rolls, but the free
    invoke it holds is its side's (the GM's), so f on a claim-jumper's attack spends it:
    +2 to the hit either way, and the log says whose it was."""
    app = make_app("kaarnakoski-mine.toml", edit=ceiling_held_by(holder))
    async with app.run_test(size=WIDE) as pilot:
        await start(app, roll)
        await pilot.pause()
        await pilot.press("escape")
        before = app.scene.pending_hit
        assert before is not None
        keys = Keys(pilot)
        await keys.press("f")
        await pilot.pause()
        ceiling = next(a for a in app.scene.aspects if a.name == "Loose ceiling")
        assert ceiling.free_invokes == ()
        hit = app.scene.pending_hit
        assert hit is not None and hit.shifts == before.shifts + 2
        assert said in log_text(app)


async def test_a_block_s_free_invoke_raises_the_difficulty_to_get_past_it(
    make_app: AppFactory,
) -> None:
    """Riesa gets past the portcullis by one shift; i offers the free invoke the block holds
    as +2 to the opposition, and Enter spends it: the roll now falls short."""
    app = make_app("kaarnakoski-mine.toml", edit=ceiling_held_by("rusted-portcullis"))
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "place riesa gallery", "block pass riesa rusted-portcullis Athletics +0+-")
        await pilot.pause()
        pending = app.scene.pending_roll
        assert pending is not None and pending.result.shifts == 0
        keys = Keys(pilot)
        await keys.press("i")
        texts = option_texts(app)
        assert any("Loose ceiling" in text and "Rusted portcullis" in text for text in texts)
        await keys.press("enter")
        ceiling = next(a for a in app.scene.aspects if a.name == "Loose ceiling")
        assert ceiling.free_invokes == ()
        pending = app.scene.pending_roll
        assert pending is not None and pending.result.shifts == -2
        assert "passed on by Rusted portcullis" in log_text(app)


async def test_free_invoke_pips_name_their_holders(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, 'create rozio Deceive "Distracted" on leader vs 2 ++00')
        await pilot.pause()
        assert "②Rozio" in text_of(app.query_one("#aspects"))


async def test_a_new_aspect_s_free_invoke_goes_to_who_acts(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next rozio")
        keys = Keys(pilot)
        await keys.press("A")
        assert "1 free invoke for Rozio" in screen_text(app)
        await keys.type("Smoke fills the hall")
        await keys.press("enter")
        smoke = next(a for a in app.scene.aspects if a.name == "Smoke fills the hall")
        assert smoke.free_invokes == ("rozio",)


async def test_an_invoke_can_reroll_or_raise_the_opposition(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next leader", "attack leader silbestre Fight 0000 vs 0000")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)  # the absorb dialog, before Esc closes it
        await pilot.press("escape")
        keys = Keys(pilot)
        await keys.press("i")
        assert "r: reroll the dice" in text_of(app.screen)
        await keys.press("r")
        assert "invoke" in log_text(app) and "reroll" in log_text(app).splitlines()[0]
        await keys.press("escape")
        await start(app, "undo")
        await pilot.pause()
        while app.screen is not app.screen_stack[0]:  # the hit is back: its dialog too
            await pilot.press("escape")
        await keys.press("i", "o")
        assert "oppose" in log_text(app).splitlines()[0]


async def test_a_move_across_a_barrier_shows_the_odds_and_can_succeed_at_a_cost(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(pilot)
        await keys.press("m")
        picker = text_of(app.quick_pick)
        # Seed «Ratkaise»: «Jos saat tasapelin, onnistut pienellä hinnalla»: a tie crosses
        # too, so +3 against +2 crosses unless the dice show -2 or less (66 of 81).
        assert "Crypt (barrier +2: Athletics +3, 81% across)" in picker
        await keys.press("escape")
        await start(app, "move silbestre crypt Athletics ----")
        assert app.scene.character("silbestre").zone == "ritual-hall"
        assert "[- - - -]" in log_text(app)
        await keys.press("dollar_sign")
        await keys.type("he tears his coat on the gate")
        await keys.press("enter")
        assert app.scene.character("silbestre").zone == "crypt"
        assert "he tears his coat on the gate" in log_text(app)


async def test_the_attacker_trades_a_stylish_shift_for_a_boost_from_the_absorb_dialog(
    make_app: AppFactory,
) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next leader", "attack leader silbestre Fight +++0 vs --00")
        await pilot.pause()
        hit = app.scene.pending_hit
        assert hit is not None and "attacker takes a boost" in text_of(app.screen)
        await Keys(pilot).press("b")
        smaller = app.scene.pending_hit
        assert smaller is not None and smaller.shifts == hit.shifts - 1
        assert any(a.kind.value == "boost" for a in app.scene.aspects)
        assert isinstance(app.screen, ChoiceDialog)


async def test_a_failed_overcome_from_the_roll_dialog_succeeds_at_a_cost(
    make_app: AppFactory,
) -> None:
    """o rolls Silbestre's Lore +4 with ``----`` (0) against the default Fair (+2): a fail;
    $ names the cost and the overcome succeeds."""
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next silbestre")
        keys = Keys(pilot)
        await keys.press("o")
        assert isinstance(app.screen, RollDialog)
        await keys.type("----")
        await keys.press("enter")
        pending = app.scene.pending_roll
        assert pending is not None and not pending.result.outcome.succeeded
        await keys.press("dollar_sign")
        await keys.type("the cultists hear him")
        await keys.press("enter")
        pending = app.scene.pending_roll
        assert pending is not None and pending.cost == "the cultists hear him"
        assert "the cultists hear him" in log_text(app).splitlines()[1]


# -- fate points and countdowns -------------------------------------------------------------


async def test_a_compel_refused_with_r_costs_the_pc_a_point(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(pilot)
        await keys.press("C", "r")
        assert app.scene.character("silbestre").fate_points == 2
        assert "refuses" in log_text(app) or "refused" in log_text(app)


async def test_p_with_an_npc_selected_compels_that_npc(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        app.select_character("leader")
        pool = app.scene.gm_pool
        keys = Keys(pilot)
        await keys.press("C")
        assert "Compel Masked leader" in screen_text(app)
        await keys.press("escape", "p")
        assert app.scene.gm_pool == pool + 1
        assert "Masked leader accepts" in log_text(app) or "Masked leader" in log_text(app)
        assert app.scene.character("silbestre").fate_points == 3


async def test_t_asks_which_countdown_when_there_are_several(make_app: AppFactory) -> None:
    app = make_app("kaarnakoski-mine.toml")
    async with app.run_test(size=WIDE) as pilot:
        before = [c.checked for c in app.scene.countdowns]
        keys = Keys(pilot)
        await keys.press("t")
        assert app.quick_pick.is_open
        assert [c.checked for c in app.scene.countdowns] == before
        await keys.press("2")
        assert [c.checked for c in app.scene.countdowns] == [before[0], before[1] + 1]


async def test_each_exchange_countdowns_tick_when_the_exchange_ends_and_fire(
    make_app: AppFactory,
) -> None:
    app = make_app(edit=lambda text: text.replace("boxes = 4", "boxes = 2"))
    everyone = [f"next {who}" for who in ("leader", "silbestre", "rozio", "vitor", "riesa")]
    everyone += [f"next cultist-{number}" for number in (1, 2, 3)] + ["next braziers"]
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        await start(app, *everyone)
        keys = Keys(pilot)
        await keys.press("x")
        ritual = app.scene.countdowns[0]
        assert ritual.checked == 1
        assert "The ritual completes: 1/2" in log_text(app)
        order = app.scene.turn
        assert order is not None
        rest = [p for p in order.participants if p not in order.acted and p != order.up]
        await start(app, *[f"next {who}" for who in rest])
        await keys.press("x")
        assert app.scene.countdowns[0].finished
        assert "The Elder wakes" in log_text(app)
        assert any("The Elder wakes" in message for message, _ in notices(app))


async def test_a_standalone_scene_end_resets_the_gm_pool(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "pool 9")
        keys = Keys(pilot)
        await keys.press("E")
        assert "GM pool: 9 → 4" in screen_text(app)
        await keys.press("enter")
        assert app.scene.gm_pool == 4


# -- leaving and learning -------------------------------------------------------------------


async def test_quit_asks_when_changes_are_unsaved(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next leader")
        keys = Keys(pilot)
        await keys.press("ctrl+q")
        assert isinstance(app.screen, ChoiceDialog)
        assert app.is_running
        await keys.press("escape")
        assert app.is_running
        await keys.press("ctrl+q", "s")
        await pilot.pause()
        assert not app.is_running
    assert app.scene_path is not None and "up = " in app.scene_path.read_text(encoding="utf-8")


async def test_the_log_shows_what_recovery_replayed(make_app: AppFactory) -> None:
    first = make_app()
    async with first.run_test(size=WIDE):
        await start(first, "next leader", "stress silbestre physical 1")
    again = FatescreenApp(
        first.scene_path, remember=False, lang="en", theme="fate-dark", cursor_blink=False
    )
    async with again.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert set(again.scene.character("silbestre").stress[0].checked) == {1}
        assert "stress silbestre physical 1" in log_text(again)
        assert "next leader" in log_text(again)


async def test_a_revealed_true_form_goes_by_its_name(make_app: AppFactory) -> None:
    app = make_app("brine-mother.toml")
    async with app.run_test(size=WIDE) as pilot:
        await start(app, "next riesa", "attack riesa brine-mother Fight ++++ vs ----")
        await pilot.pause()
        keys = Keys(pilot)
        await keys.press("t")
        await keys.press("enter")
        await pilot.pause()
        name = "The thing that wears the saint"
        assert name in text_of(app.query_one("#sheet-head"))
        # the turn order's narrow pane keeps the name's start and end
        assert " · The thin…he saint" in text_of(app.query_one("#turn")).splitlines()


async def test_help_lists_every_key_in_both_languages(make_app: AppFactory) -> None:
    for lang, quit_label in (("en", "Quit"), ("fi", "Lopeta")):
        app = make_app(lang=lang)
        async with app.run_test(size=(120, 60)) as pilot:
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            shown = text_of(app.screen)
            assert "ui.key." not in shown
            listed = {line.split()[0] for line in shown.splitlines() if line.startswith("  ")}
            assert {"ctrl+p", "ctrl+q", "ctrl+s", "d", "p", "C", "H", "$", "E", "8"} <= listed
            quit_line = next(line for line in shown.splitlines() if line.startswith("  ctrl+q"))
            assert quit_label in quit_line
            assert "breakthroughA" not in shown


@pytest.mark.parametrize(
    ("lang", "here", "dashboard", "milestone", "move"),
    [
        ("en", "On this screen", "On the dashboard", "Milestone", "Move"),
        ("fi", "Tässä näkymässä", "Kojelaudalla", "Virstanpylväs", "Siirry"),
    ],
)
async def test_question_mark_on_the_campaign_list_opens_help_in_sections(
    make_campaign_app: CampaignFactory,
    lang: str,
    here: str,
    dashboard: str,
    milestone: str,
    move: str,
) -> None:
    """The scene list's help: its own keys under one heading, the dashboard's under
    another (``m`` is Milestone here and Move there), ``:`` and ``?`` once, and each
    command's description wrapped under itself, never back to the first column."""
    app = make_campaign_app(lang=lang)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        keys = {b.key for _, bindings in app.screen.sections for b in bindings}
        assert {"P", "m", "S,escape", "ctrl+q"} <= keys
        lines = text_of(app.screen.query_one(HangingText)).splitlines()
        assert here in lines and dashboard in lines
        mine, theirs = (
            lines[lines.index(here) : lines.index(dashboard)],
            lines[lines.index(dashboard) :],
        )
        assert any(line.split() == ["m", milestone] for line in mine)
        assert any(line.split() == ["m", move] for line in theirs)
        for key in (":", "?"):
            assert sum(1 for line in lines if line.split()[:1] == [key]) == 1
        commands = lines[lines.index(tr(lang, "ui.help_commands")) + 1 :]
        assert len(commands) > 2 * len(registry())  # a description wraps, to more lines
        assert all(line.startswith("  ") for line in commands if line.strip())


@pytest.mark.parametrize("size", [(80, 24), WIDE])
async def test_tab_goes_from_field_to_field_in_the_milestone_dialog(
    make_campaign_app: CampaignFactory, size: tuple[int, int]
) -> None:
    """From the scene list: E ends the session, Enter confirms, and each milestone that asks
    for two things (swap, replace, rewrite, aspect) is opened from the list with m; Tab and
    Shift+Tab go through its fields top to bottom and round, each field on screen."""
    app = make_campaign_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        keys = Keys(pilot)
        await keys.press("E", "enter")
        await keys.press("escape")  # Silbestre's milestone, later from the list
        await keys.press("tab", "m")
        for option in ("swap", "replace", "rewrite", "aspect"):
            assert isinstance(app.screen, ChoiceDialog)
            assert "Silbestre's milestone" in screen_text(app)
            index = [line for line, _ in app.screen.options].index(option)
            await keys.press(*["down"] * index, "enter")
            dialog = app.screen
            assert isinstance(dialog, TextDialog)
            fields = list(dialog.query(Input))
            assert [f.id for f in fields] == ["field-0", "field-1"]
            assert fields[0].region.y < fields[1].region.y
            visited = []
            for key in ("tab", "tab", "shift+tab", "shift+tab"):
                assert app.focused is not None
                visited.append(app.focused.id)
                assert dialog.query_one(".dialog-body").region.contains_region(app.focused.region)
                await keys.press(key)
            assert visited == ["field-0", "field-1", "field-0", "field-1"]
            assert app.focused is not None and app.focused.id == "field-0"
            await keys.press("escape")
            assert not isinstance(app.screen, TextDialog)
            await keys.press("m")


@pytest.mark.parametrize("size", [(80, 24), WIDE])
async def test_the_milestone_dialog_takes_what_was_typed_field_by_field_with_tab(
    make_campaign_app: CampaignFactory, size: tuple[int, int]
) -> None:
    """E, Enter: Silbestre's milestone rewrites an aspect. The old aspect misspelt, Tab, the
    new text, Enter: refused, the dialog stays with both texts; Shift+Tab back to the first
    field, its text corrected, Tab, Enter: the aspect is rewritten word for word as typed
    in each field, and Rozio's milestone comes next."""
    app = make_campaign_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        keys = Keys(pilot)
        await keys.press("E", "enter")
        assert isinstance(app.screen, ChoiceDialog)
        index = [line for line, _ in app.screen.options].index("aspect")
        await keys.press(*["down"] * index, "enter")
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        await keys.type("Never without his notes")
        await keys.press("tab")
        await keys.type("Never without his lantern")
        await keys.press("enter")
        assert app.screen is dialog
        fields = list(dialog.query(Input))
        assert [f.value for f in fields] == ["Never without his notes", "Never without his lantern"]
        assert app.focused is fields[1]
        await keys.press("shift+tab")
        assert app.focused is fields[0]
        # typed key by key over the text the focus selected, as at the table
        await pilot.press(*["space" if c == " " else c for c in "Never without his notebook"])
        await keys.press("tab")
        assert app.focused is fields[1]
        await keys.press("enter")
        await pilot.pause()
        campaign = app.campaign_session
        assert campaign is not None
        aspects = [a.name for a in campaign.campaign.member("silbestre").character.aspects]
        assert "Never without his lantern" in aspects
        assert "Never without his notebook" not in aspects
        assert isinstance(app.screen, ChoiceDialog)
        assert "Rozio's milestone" in screen_text(app)


async def test_a_campaign_scene_starts_with_the_pcs_on_the_map(
    make_campaign_app: CampaignFactory, scene_folder: Path
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        for pc in ("silbestre", "rozio"):
            assert app.scene.character(pc).zone == "reading-room"
        assert "Silbestre" in text_of(app.query_one("#zones"))


__all__ = ["GM"]


async def test_f_shows_the_free_invoke_spent_in_every_pane_in_one_key(
    make_app: AppFactory,
) -> None:
    """f applies the invoke as it is pressed: the log's newest entry is the invoke, and the
    stat block and the aspects pane no longer show the free invoke's pip on the aspect
    (their other lines as they were)."""
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await start(
            app,
            'aspect add "Bench edge" on silbestre free 1 for silbestre',
            "overcome silbestre Athletics vs 2 0000",
        )
        app.select_character("silbestre")
        await pilot.pause()
        sheet = app.query_one("#sheet", LinesView)
        aspects = app.query_one(AspectsPane).body
        pip = "Bench edge ①"
        assert pip in sheet.plain and pip in aspects.plain
        before = [line for line in sheet.plain.split("\n") if "Bench edge" not in line]
        await Keys(pilot).press("f")
        assert log_text(app).split("\n")[0].startswith("› invoke ")
        assert "Bench edge" in sheet.plain and pip not in sheet.plain
        assert pip not in aspects.plain and "Bench edge" in aspects.plain
        assert [line for line in sheet.plain.split("\n") if "Bench edge" not in line] == before
        assert app.scene.pending_roll is not None
        bonuses = app.scene.pending_roll.result.effort.bonuses
        assert [(b.kind, b.value, b.detail) for b in bonuses] == [("invoke", 2, "Bench edge")]
