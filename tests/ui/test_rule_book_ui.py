"""The dashboard shows the odds the rules core gives for the roll it offers."""

from __future__ import annotations

from textual.widgets import Input, Select, Static

from fatescreen.rules.big_bads import pcs_facing, solo_invoke_bonus
from fatescreen.rules.character import StressKind
from fatescreen.rules.harm import shifts_until_taken_out
from fatescreen.rules.npcs import shifts_to_take_out_group
from fatescreen.rules.odds import odds
from fatescreen.rules.outcomes import Outcome
from fatescreen.ui.dialogs.roll import RollDialog
from fatescreen.ui.panes.fate import FatePane
from fatescreen.ui.panes.statblock import StatBlockPane, StressBoxes
from fatescreen.ui.panes.turn import TurnPane
from tests.ui.support import AppFactory, Keys, log_text, text_of

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


def supernatural_leader(text: str) -> str:
    """Golden mask with the scale option and the Masked leader one level above the PCs."""
    text = text.replace("[rules]\n", "[rules]\nscale = true\n", 1)
    return text.replace('id = "leader"\n', 'id = "leader"\nscale = "supernatural"\n', 1)


async def test_the_roll_dialog_shows_the_odds_with_each_scale_advantage(
    make_app: AppFactory,
) -> None:
    """§8 «Skaala»: the Masked leader (Fight Great (+4), supernatural) attacking Silbestre
    (Athletics Good (+3)): the odds with +1 on the roll, and the odds with +2 on a result
    that succeeds; Silbestre attacking the leader: the leader's defense gets the +1."""
    app = make_app(edit=supernatural_leader)
    async with app.run_test(size=(110, 32)) as pilot:
        app.push_screen(RollDialog(app.view_state, app.scene, action="attack", actor="leader"))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        dialog.query_one("#target", Select).value = "silbestre"
        await pilot.pause()
        text = text_of(dialog.query_one("#odds", Static))
        assert shown(odds(4, 3, opposed=True, bonus=1).as_percentages()) in text
        on_result = odds(4, 3, opposed=True, result_bonus=2).as_percentages()
        assert "scale on the result instead: " + shown(on_result) in text
        assert shown(odds(4, 3, opposed=True).as_percentages()) not in text
        dialog.dismiss(None)
        await pilot.pause()
        app.push_screen(RollDialog(app.view_state, app.scene, action="attack", actor="silbestre"))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        dialog.query_one("#target", Select).value = "leader"
        dialog.query_one("#skill", Select).value = "Fight"
        await pilot.pause()
        text = text_of(dialog.query_one("#odds", Static))
        assert shown(odds(1, 4 + 1, opposed=True).as_percentages()) in text
        assert "scale on the result" not in text


async def test_the_roll_dialog_counts_a_big_bad_scaled_up_without_the_scale_option(
    make_app: AppFactory,
) -> None:
    """§7 «Ylöspäin skaalaaminen»: a big bad may run a level above the PCs «vaikkei skaala
    olisikaan normaalisti osa kampanjaanne»: without the option the supernatural leader's
    attack on Silbestre still shows the odds with its +1, as the attack then rolls."""
    app = make_app(
        edit=lambda text: text.replace(
            'id = "leader"\n', 'id = "leader"\nscale = "supernatural"\n', 1
        )
    )
    async with app.run_test(size=(110, 32)) as pilot:
        assert not app.scene.rules.scale
        app.push_screen(RollDialog(app.view_state, app.scene, action="attack", actor="leader"))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        dialog.query_one("#target", Select).value = "silbestre"
        await pilot.pause()
        text = text_of(dialog.query_one("#odds", Static))
        assert shown(odds(4, 3, opposed=True, bonus=1).as_percentages()) in text
        assert shown(odds(4, 3, opposed=True).as_percentages()) not in text


async def test_scale_result_on_a_roll_changes_the_scene_and_the_roll_pane(
    make_app: AppFactory,
) -> None:
    """§8 «Skaala»: `scale result` typed after the leader's attack trades the +1 for +2 on
    the succeeding result: the hit waiting grows, and the last roll shows the bonus."""
    app = make_app(edit=supernatural_leader)
    async with app.run_test(size=(110, 32)) as pilot:
        result = app.run_command("attack leader silbestre Fight ++00 vs 0000", flow=False)
        assert result is not None and result.ok, result
        hit = app.scene.pending_hit
        assert hit is not None and hit.shifts == 4 + 2 + 1 - 3 + 1  # Weapon 1
        result = app.run_command("scale result", flow=False)
        assert result is not None and result.ok, result
        await pilot.pause()
        hit = app.scene.pending_hit
        assert hit is not None and hit.shifts == 4 + 2 + 2 - 3 + 1
        assert "scale: result" in text_of(app.screen)


async def test_escalating_boxes_show_their_worth_in_the_stat_block_and_the_absorb_offer(
    make_app: AppFactory,
) -> None:
    """Seed «Hetkonen…»: Fate Core's escalating boxes, one per hit. Silbestre (Physique
    Average (+1)) has [1][2][3]; a 2-shift hit offers box [2] first and checks it alone:
    the stat block shows ``[1][x][3]``, and box 3 plus the consequences as the shifts
    left."""
    app = make_app(
        edit=lambda text: text.replace("[rules]\n", "[rules]\nescalating_stress_boxes = true\n", 1)
    )
    async with app.run_test(size=(120, 40)) as pilot:
        result = app.run_command("attack leader silbestre Fight +-00 vs 0000", flow=False)
        assert result is not None and result.ok, result
        assert "[1] physical box [2]  [2] mild" in "\n".join(result.lines)
        result = app.run_command("absorb 1", flow=False)
        assert result is not None and result.ok, result
        app.select_character("silbestre")
        await pilot.pause()
        silbestre = app.scene.character("silbestre")
        assert silbestre.stress[0].checked == frozenset({2})
        pane = app.query_one(StatBlockPane)
        tracks = [text_of(widget) for widget in pane.query(StressBoxes)]
        assert any(track.endswith("[1][x][3]") for track in tracks), tracks
        assert any(track.endswith("[1][2][3]") for track in tracks), tracks
        left = shifts_until_taken_out(silbestre, StressKind.PHYSICAL, app.scene.rules.harm_options)
        assert left == 3 + 2 + 4 + 6 and f"physical {left}" in text_of(pane)


async def test_a_big_bads_solo_invoke_options_show_in_the_stat_block_and_apply(
    make_app: AppFactory,
) -> None:
    """§7 «Soolobonus» (c) and (d) on the Masked leader: the stat block lists the options
    with the values the rules give against the PCs facing it, and an invoke against the
    leader adds +1."""
    solo = 'solo = ["boosted_invokes", "damped_invokes", "one_free_invoke"]\n'
    app = make_app(edit=lambda text: text.replace('id = "leader"\n', 'id = "leader"\n' + solo, 1))
    async with app.run_test(size=(120, 40)) as pilot:
        app.select_character("leader")
        await pilot.pause()
        leader = app.scene.character("leader")
        assert leader.solo is not None
        pcs = pcs_facing(app.scene.characters)
        paid = solo_invoke_bonus(leader.solo, pcs, paid=True)
        assert paid == pcs == 4
        pane = app.query_one(StatBlockPane)
        assert (
            f"solo bonus: paid invokes +{paid} · invokes against it +1 · one free invoke"
            in text_of(pane)
        )
        for line in ("attack rozio leader Shoot 0000 vs 0000", "invoke incense"):
            result = app.run_command(line, flow=False)
            assert result is not None and result.ok, result
        await pilot.pause()
        assert "+ 1 (invoke: Choking incense)" in text_of(app.screen)


async def test_a_swarms_parts_and_heart_show_in_the_stat_block(make_app: AppFactory) -> None:
    """§7 «hahmoparvi»: the Masked leader as the heart of a swarm of two cultists, the
    first shielding it: the stat block shows the parts and the heart shielded, then the
    shield bypassed and the heart exposed once it is taken out."""
    swarm = 'parts = ["cultist-1", "cultist-2"]\nshields = ["cultist-1"]\n'
    app = make_app(edit=lambda text: text.replace('id = "leader"\n', 'id = "leader"\n' + swarm, 1))
    async with app.run_test(size=(120, 40)) as pilot:
        app.select_character("leader")
        await pilot.pause()
        pane = app.query_one(StatBlockPane)
        assert "swarm: Cultist 1 ⛨ ✓  Cultist 2 ✓  heart shielded" in text_of(pane)
        result = app.run_command("takeout cultist-1", flow=False)
        assert result is not None and result.ok, result
        await pilot.pause()
        assert "swarm: Cultist 1 ⛨ ✗  Cultist 2 ✓  heart exposed" in text_of(pane)


def threatened_chase(text: str) -> str:
    """The night-market chase as a faster contest under a hazard's attacks."""
    hazard = '[[obstacle]]\nhazard = "Stampeding cart"\nid = "cart"\nrating = 2\n\n'
    text = text.replace("[[contest]]\n", hazard + '[[contest]]\nfaster = true\nthreat = "cart"\n')
    return text


async def test_the_turn_pane_shows_a_faster_contest_and_its_threat_and_the_hits_wait(
    make_app: AppFactory,
) -> None:
    """§5 and §8: the contest board says the contest is a faster one and names its outside
    threat; a side's roll below the threat's attack leaves a hit for each member."""
    app = make_app("night-market-chase.toml", edit=threatened_chase)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        pane = app.query_one(TurnPane)
        # too long for the pane beside the name: one note a line, none off the edge (nor
        # under the scrollbar the turn order shows)
        assert "Catch the courier\n  3 to win\n  faster\n  threat:…ng cart" in text_of(pane)
        result = app.run_command("contest roll rozio Athletics ---- threat ++++", flow=False)
        assert result is not None and result.ok, result
        await pilot.pause()
        hit = app.scene.pending_hit
        assert hit is not None and hit.target == "rozio" and hit.attacker == "cart"
        assert [h.target for h in app.scene.queued_hits] == ["vitor"]
        assert "Stampeding cart attacks Pursuers" in log_text(app)


async def test_a_mook_groups_shifts_to_take_out_count_every_member(make_app: AppFactory) -> None:
    """§7: a mook group absorbs a hit member after member; the stat block's shifts to take
    out are one less than shifts_to_take_out_group (4 deckhands without boxes: 3; after
    two fall, 1)."""
    app = make_app("burning-library.toml")
    async with app.run_test(size=(120, 40)) as pilot:
        app.select_character("deckhands")
        await pilot.pause()
        group = app.scene.character("deckhands")
        left = shifts_to_take_out_group(group) - 1
        assert left == 3
        assert text_of(app.query_one("#sheet-head")).endswith(f"Shifts to take out: {left}")
        result = app.run_command("set deckhands members 2", flow=False)
        assert result is not None and result.ok, result
        await pilot.pause()
        left = shifts_to_take_out_group(app.scene.character("deckhands")) - 1
        assert left == 1
        assert text_of(app.query_one("#sheet-head")).endswith(f"Shifts to take out: {left}")


async def test_a_story_detail_typed_at_the_table_shows_in_the_fate_pane_and_the_log(
    make_app: AppFactory,
) -> None:
    """Seed «Piirteen käyttö kerronnan yksityiskohtien julistamiseksi»: declaring a detail no
    aspect covers costs Silbestre a point (rules/fate_points.declare_story_detail); the fate
    pane shows 2/3 and the log says who paid."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        keys = Keys(pilot)
        await keys.press("colon")
        await keys.type('declare silbestre "The harbour master owes me a favour"')
        await keys.press("enter")
        await pilot.pause()
        assert app.scene.character("silbestre").fate_points == 2
        assert "Silbestre" in text_of(app.query_one(FatePane)) and " 2/3" in text_of(
            app.query_one(FatePane)
        )
        assert "Silbestre pays 1 fate point (now 2)" in log_text(app)


async def test_cover_typed_at_the_table_weakens_the_hazards_hit_in_the_log(
    make_app: AppFactory,
) -> None:
    """Seed «Hidastavat esteet»: a block used as cover that weakens the attack gives Armor of
    half its rating; the log says so and the hit waiting is the smaller one."""
    app = make_app("kaarnakoski-mine.toml")
    async with app.run_test(size=(100, 30)) as pilot:
        keys = Keys(pilot)
        await keys.press("colon")
        await keys.type("hazard rocks rozio ++0- cover portcullis weakens vs 0000")
        await keys.press("enter")
        await pilot.pause()
        hit = app.scene.pending_hit
        assert hit is not None and hit.shifts == 1
        assert "Rozio behind Rusted portcullis: Armor 2" in log_text(app)


async def test_a_full_defense_shows_in_the_turn_order_as_soon_as_it_is_declared_or_undone(
    make_app: AppFactory,
) -> None:
    """§8 full defense: typed at the command bar, the +2 shows beside the covered character
    in the turn pane at once (a full defense changes nothing else the dashboard draws, so
    only its own change can repaint it); undone, it goes at once."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        keys = Keys(pilot)
        pane = app.query_one(TurnPane)
        assert "defense +2" not in text_of(pane)
        await keys.press("colon")
        await keys.type("fulldefense rozio for vitor")
        await keys.press("enter")
        assert [fd.target for fd in app.scene.full_defenses] == ["vitor"]
        shown = text_of(pane).splitlines()
        assert [line.strip() for line in shown if "defense +2" in line] == ["· Vitor  defense +2"]
        await keys.press("colon")
        await keys.type("undo")
        await keys.press("enter")
        assert app.scene.full_defenses == ()
        assert "defense +2" not in text_of(pane)


async def test_the_roll_dialog_creates_without_a_roll_above_mundane_scale(
    make_app: AppFactory,
) -> None:
    """§8 «Miten skaala toimii, kun luot edun yliluonnollisilla kyvyillä?»: with no direct
    opposition «heittämisen sijaan yksinkertaisesti saat piirteen yhdellä ilmaisella
    käytöllä». The supernatural leader's create: with the dialog's difficulty the odds show;
    with the difficulty cleared the dialog says there is no roll, and the create puts the
    aspect in play with its free invoke, no roll made."""
    app = make_app(
        edit=lambda text: text.replace(
            'id = "leader"\n', 'id = "leader"\nscale = "supernatural"\n', 1
        )
    )
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.run_command("next leader", flow=False) is not None
        keys = Keys(pilot)
        await keys.press("c")
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        no_roll = app.tr("ui.odds_unrolled")
        assert no_roll not in text_of(dialog.query_one("#odds", Static))
        dialog.query_one("#difficulty", Input).value = ""
        await pilot.pause()
        assert text_of(dialog.query_one("#odds", Static)) == no_roll
        dialog.query_one("#aspect", Input).focus()
        await keys.type("Golden ward")
        await keys.press("enter")
        await pilot.pause()
        ward = [a for a in app.scene.aspects if a.name == "Golden ward"]
        assert [a.free_invokes for a in ward] == [("leader",)]
        assert app.scene.pending_roll is None
        assert "no direct opposition: no roll" in log_text(app)
