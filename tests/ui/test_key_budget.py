"""The key budget of DASHBOARD.md: each table operation within its keys (typed dice and
names not counted), with the scene changed as the operation promises."""

from __future__ import annotations

from textual.pilot import Pilot

from fatescreen.rules.aspects import GM
from fatescreen.rules.outcomes import Outcome
from fatescreen.ui.app import FatescreenApp
from tests.ui.support import AppFactory, Keys

SIZE = (80, 24)


def physical(app: FatescreenApp, who: str) -> set[int]:
    """The checked physical stress boxes."""
    return set(app.scene.character(who).stress[0].checked)


async def start(app: FatescreenApp, pilot: Pilot[None], *lines: str) -> None:
    """Bring the scene to where the operation starts (not counted)."""
    for line in lines:
        result = app.run_command(line)
        assert result is not None and result.ok, result
    await pilot.pause()


async def test_npc_attacks_pc_who_defends_and_absorbs_in_3_keys(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "next leader")
        keys = Keys(pilot)
        await keys.press("a")
        await keys.type("+000 vs 0000")
        await keys.press("enter", "enter")
        assert keys.count <= 3
        assert app.scene.pending_hit is None
        assert physical(app, "silbestre") == {1, 2, 3}
        assert all(slot.aspect is None for slot in app.scene.character("silbestre").consequences)


async def test_free_invoke_on_the_roll_just_made_in_1_key(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "next leader", "overcome leader Fight 0000 vs 5")
        assert app.scene.pending_roll is not None
        keys = Keys(pilot)
        await keys.press("f")
        assert keys.count <= 1
        pending = app.scene.pending_roll
        assert pending is not None and pending.result.outcome is Outcome.SUCCESS
        incense = next(a for a in app.scene.aspects if a.name == "Choking incense")
        assert incense.free_invokes_of(GM) == 0


async def test_situation_aspect_with_a_free_invoke_in_2_keys(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("A")
        await keys.type("Smoke fills the hall")
        await keys.press("enter")
        assert keys.count <= 2
        added = next(a for a in app.scene.aspects if a.name == "Smoke fills the hall")
        assert len(added.free_invokes) == 1


async def test_popcorn_hand_off_in_1_key(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "next leader")
        keys = Keys(pilot)
        await keys.press("n")
        assert keys.count <= 1
        turn = app.scene.turn
        assert turn is not None and turn.up == "silbestre" and "leader" in turn.acted


async def test_tick_a_countdown_in_1_key(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("t")
        assert keys.count <= 1
        assert app.scene.countdowns[0].checked == 1


async def test_hazard_attacks_a_pc_and_is_applied_in_3_keys(make_app: AppFactory) -> None:
    app = make_app("kaarnakoski-mine.toml")
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("h")
        await keys.type("+000 vs 0000")
        await keys.press("enter", "enter")
        assert keys.count <= 3
        assert app.scene.pending_hit is None
        assert physical(app, "riesa") == {1, 2, 3}


async def test_minion_armor_offered_in_the_defense_takes_1_key(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "next rozio", "attack rozio leader Shoot ++++ vs 0000")
        keys = Keys(pilot)
        await keys.press("m")
        assert keys.count <= 1
        assert app.scene.pending_hit is None
        assert app.scene.character("cultist-1").taken_out
        assert physical(app, "leader") == set()


async def test_true_form_offered_on_taken_out_takes_1_key(make_app: AppFactory) -> None:
    app = make_app("brine-mother.toml")
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "next riesa", "attack riesa brine-mother Fight ++++ vs ----")
        await Keys(pilot).press("t")
        assert app.scene.character("brine-mother").taken_out
        keys = Keys(pilot)
        await keys.press("enter")
        assert keys.count <= 1
        mother = app.scene.character("brine-mother")
        assert (mother.form, mother.taken_out) == (1, False)


async def test_compel_accepted_in_2_keys(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("p", "enter")
        assert keys.count <= 2
        assert app.scene.character("silbestre").fate_points == 4


async def test_end_the_scene_in_2_keys(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await start(
            app,
            pilot,
            "next leader",
            "stress rozio physical 2",
            "overcome leader Fight 0000 vs 5",
            'invoke "Owes Rozio" by leader hostile',
        )
        assert app.scene.held
        keys = Keys(pilot)
        await keys.press("E", "enter")
        assert keys.count <= 2
        assert physical(app, "rozio") == set()
        assert app.scene.turn is None
        assert app.scene.held == ()
        assert app.scene.character("silbestre").fate_points == 4
