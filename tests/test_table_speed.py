"""Table speed: the ten common operations of a conflict, each within its key budget, played
with Pilot on the shipped scenes, counting keys (typed dice faces and names are not
counted). Every operation takes at most 3 keys, all ten at most 15, and the app does all
the arithmetic: shifts with weapon and armor, the minion redirect, the pool reset and the
payouts are checked against the dice and the rules, not typed in."""

from __future__ import annotations

import random
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from fatescreen.rules.outcomes import Outcome
from fatescreen.ui.app import FatescreenApp
from tests.ui.conftest import SCENES, isolated_folders
from tests.ui.support import AppFactory, Keys, log_text, screen_text

SIZE = (120, 40)
TOTAL_BUDGET = 15
OPERATION_BUDGET = 3

Operation = Callable[[AppFactory], Awaitable[int]]


def physical(app: FatescreenApp, who: str) -> set[int]:
    """The checked physical stress boxes."""
    return set(app.scene.character(who).stress[0].checked)


async def start(app: FatescreenApp, pilot: Pilot[None], *lines: str) -> None:
    """Bring the scene to where the operation starts (not counted)."""
    for line in lines:
        result = app.run_command(line)
        assert result is not None and result.ok, result
    await pilot.pause()


async def npc_attacks_pc_who_defends_and_absorbs(make: AppFactory) -> int:
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "next leader")
        keys = Keys(pilot)
        await keys.press("a")
        await keys.type("+000 vs 0000")
        await keys.press("enter")
        # Fight +4 and + against Athletics +3: 2 shifts, and the leader's weapon 1 makes 3
        assert "Silbestre takes 3 shifts" in screen_text(app)
        await keys.press("enter")
        assert app.scene.pending_hit is None
        assert physical(app, "silbestre") == {1, 2, 3}
        assert all(slot.aspect is None for slot in app.scene.character("silbestre").consequences)
        return keys.count


async def free_invoke_on_the_roll_just_made(make: AppFactory) -> int:
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "next leader", "overcome leader Fight 0000 vs 5")
        before = app.scene.pending_roll
        assert before is not None and before.result.outcome is Outcome.FAIL
        keys = Keys(pilot)
        await keys.press("f")
        pending = app.scene.pending_roll
        assert pending is not None
        assert pending.result.shifts == before.result.shifts + 2
        assert pending.result.outcome is Outcome.SUCCESS
        incense = next(a for a in app.scene.aspects if a.name == "Choking incense")
        assert incense.free_invokes == ()
        return keys.count


async def situation_aspect_with_a_free_invoke(make: AppFactory) -> int:
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "next rozio")
        keys = Keys(pilot)
        await keys.press("A")
        await keys.type("Smoke fills the hall")
        await keys.press("enter")
        added = next(a for a in app.scene.aspects if a.name == "Smoke fills the hall")
        assert added.free_invokes == ("rozio",)
        return keys.count


async def popcorn_hand_off(make: AppFactory) -> int:
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "next leader")
        keys = Keys(pilot)
        await keys.press("n")
        turn = app.scene.turn
        assert turn is not None and turn.up == "silbestre" and "leader" in turn.acted
        return keys.count


async def tick_a_countdown(make: AppFactory) -> int:
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("t")
        assert app.scene.countdowns[0].checked == 1
        return keys.count


async def hazard_attacks_a_pc_and_is_applied(make: AppFactory) -> int:
    app = make("kaarnakoski-mine.toml")
    async with app.run_test(size=SIZE) as pilot:
        assert app.session is not None
        app.session.rng = random.Random(4)  # a roll that hits
        keys = Keys(pilot)
        await keys.press("h")
        roll, hit = app.scene.pending_roll, app.scene.pending_hit
        assert roll is not None and hit is not None and hit.target == "riesa"
        # the falling rocks (Good +3, Weapon 2) against Riesa's defense, as rolled
        assert roll.result.shifts > 0
        assert hit.shifts == roll.result.shifts + 2 - app.scene.character("riesa").armor
        await keys.press("enter")
        assert app.scene.pending_hit is None
        riesa = app.scene.character("riesa")
        absorbed = len(physical(app, "riesa")) + sum(
            slot.shifts for slot in riesa.consequences if slot.aspect is not None
        )
        assert absorbed >= hit.shifts
        return keys.count


async def redirect_a_hit_to_a_minion(make: AppFactory) -> int:
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "next rozio", "attack rozio leader Shoot ++++ vs 0000")
        hit = app.scene.pending_hit
        assert hit is not None and hit.target == "leader"
        keys = Keys(pilot)
        await keys.press("m")
        assert app.scene.pending_hit is None
        assert app.scene.character("cultist-1").taken_out
        assert physical(app, "leader") == set()
        assert f"Cultist 1 steps in front of Masked leader and takes {hit.shifts}" in log_text(app)
        return keys.count


async def reveal_a_true_form(make: AppFactory) -> int:
    app = make("brine-mother.toml")
    async with app.run_test(size=SIZE) as pilot:
        await start(app, pilot, "next riesa", "attack riesa brine-mother Fight ++++ vs ----")
        await pilot.press("t")
        assert app.scene.character("brine-mother").taken_out
        keys = Keys(pilot)
        await keys.press("enter")
        mother = app.scene.character("brine-mother")
        assert (mother.form, mother.taken_out) == (1, False)
        return keys.count


async def compel_accepted(make: AppFactory) -> int:
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        before = app.scene.character("silbestre").fate_points
        keys = Keys(pilot)
        await keys.press("p")
        assert app.scene.character("silbestre").fate_points == before + 1
        return keys.count


async def end_the_scene(make: AppFactory) -> int:
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await start(
            app,
            pilot,
            "next leader",
            "stress rozio physical 2",
            "overcome leader Fight 0000 vs 5",
            'invoke "Owes Rozio" by leader hostile',
            "pool 9",
        )
        held = sum(entry.delta for entry in app.scene.held if entry.who == "silbestre")
        assert held == 1
        before = app.scene.character("silbestre").fate_points
        pcs = sum(1 for c in app.scene.characters if c.kind.value == "pc")
        keys = Keys(pilot)
        await keys.press("E", "enter")
        assert physical(app, "rozio") == set()
        assert app.scene.turn is None and app.scene.held == ()
        assert app.scene.character("silbestre").fate_points == before + held
        assert app.scene.gm_pool == pcs
        return keys.count


OPERATIONS: tuple[tuple[str, Operation, int], ...] = (
    (
        "an NPC attacks a PC, the PC defends, the hit is absorbed",
        npc_attacks_pc_who_defends_and_absorbs,
        3,
    ),
    ("spend a free invoke on the roll just made", free_invoke_on_the_roll_just_made, 1),
    ("add a situation aspect with one free invoke", situation_aspect_with_a_free_invoke, 2),
    ("hand the turn on (popcorn)", popcorn_hand_off, 1),
    ("tick a countdown", tick_a_countdown, 1),
    (
        "a hazard (Weapon 2) attacks a PC and the result is applied",
        hazard_attacks_a_pc_and_is_applied,
        2,
    ),
    ("redirect a hit to a minion (minion armor)", redirect_a_hit_to_a_minion, 1),
    ("reveal a true form", reveal_a_true_form, 1),
    ("a compel accepted: the PC gains a fate point", compel_accepted, 1),
    ("end the scene (stress cleared, GM pool reset, points delivered)", end_the_scene, 2),
)
"""Each operation, what it does, and the most keys it may take (its key budget)."""


def fresh_copies(folder: Path) -> AppFactory:
    """A dashboard factory on a new copy of the shipped scenes each time (no operation sees
    another's unsaved journal)."""
    copies = 0

    def build(scene: str = "golden-mask.toml") -> FatescreenApp:
        nonlocal copies
        copies += 1
        copy = folder / f"copy-{copies}"
        shutil.copytree(SCENES, copy)
        return FatescreenApp(
            copy / scene, remember=False, lang="en", theme="fate-dark", cursor_blink=False
        )

    return build


async def test_the_ten_operations_fit_the_key_budget(tmp_path: Path) -> None:
    make = fresh_copies(tmp_path)
    counts = [(name, await play(make), budget) for name, play, budget in OPERATIONS]
    total = sum(count for _, count, _ in counts)
    print()
    for name, count, budget in counts:
        print(f"{count:>3} / {budget}  {name}")
    print(f"{total:>3} / {TOTAL_BUDGET}  in all")
    for name, count, budget in counts:
        assert count <= min(budget, OPERATION_BUDGET), name
    assert total <= TOTAL_BUDGET


__all__ = ["isolated_folders"]
