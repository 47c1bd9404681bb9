"""Table speed: the ten common operations of a conflict, played one after another in one
continuous scene, the demo scene as it ships, with Pilot, every key counted.

No command sets a state up: the scene is loaded as shipped (its files checked by hash, so a
change to them is noticed here) and everything happens by keys, the rolls between the
operations too. Every key counts, navigation included; only typed dice faces and the text of
a new aspect's name do not. The app does all the arithmetic: shifts with Weapon and Armor,
the free invoke's +2, the minion redirect, the true form, the pool reset and the payouts are
checked against the dice and the rules, not typed in.

| operation (DASHBOARD.md) | budget | keys here |
|---|---|---|
| a compel accepted: the PC gains a fate point | 1 | `p` (Silbestre, selected) |
| tick a countdown | 1 | `t` |
| *(a roll between: Rozio attacks the leader)* | — | `]` `a` (dice) `Enter` |
| redirect a hit to a minion (minion armor) | 1 | `m` (offered in the defense) |
| an NPC attacks a PC, the PC defends, the hit is absorbed | 3 | `a` (dice) `Enter`, `Enter` |
| spend a free invoke on the roll just made | 1 | `F` (in the absorb dialog, before its `Enter`) |
| hand the turn on (popcorn) | 1 | `n` (the leader, up, to Silbestre) |
| add a situation aspect with one free invoke | 2 | `A` (name) `Enter` |
| *(a roll between: Silbestre attacks the leader)* | — | `a` (dice) `Enter` |
| reveal a true form | 1 | `r` (offered on taken out) |
| a hazard (Weapon 2) attacks a PC and the result is applied | 2 | `h` `Enter` |
| end the scene (stress cleared, GM pool reset, points delivered) | 2 | `E` `Enter` |

The ten operations take 15 keys, none more than 3; the two rolls between them take 5 more,
counted apart: DASHBOARD.md's budget is the operations', and a minion's redirect and a true
form's reveal each need a hit on the big bad that no default can roll.

The defaults do the walking: the leader, just attacked, is highlighted to act next and
strikes back at his attacker; acting hands the actor the turn and the highlight stays on
who is up; ``n`` on the one up hands the turn to the first still to act; the absorb dialog
offers the attacker's free invoke, the minion and the true form; the hazard goes for the
PCs in its zone. No point is held for the scene's end here (no hostile invoke, no
concession): the end delivers what is held, nothing, and sets the pool to one per PC.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from textual.pilot import Pilot

from fatescreen.rules.character import CharacterKind, StressKind
from fatescreen.rules.obstacles import Hazard
from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.dialogs import ChoiceDialog, ConfirmDialog, TextDialog
from fatescreen.ui.dialogs.roll import RollDialog
from tests.ui.conftest import SCENES, isolated_folders, make_app, scene_folder
from tests.ui.support import AppFactory, Keys, log_text, screen_text

SIZE = (120, 40)
TOTAL_BUDGET = 15
OPERATION_BUDGET = 3
BETWEEN_BUDGET = 3
"""The most keys a roll between two operations may take (the actor pointed at, the key
that opens the roll dialog, Enter)."""
BETWEEN = "roll between: "
"""How the rolls between the operations are named in the count."""

DEMO = "golden-mask.toml"
SHIPPED = {
    DEMO: "37cc0bb2c1be059466f69c422bb95d5b9a2ae8070a7a4b82f65e62f526bb923d",
    "library/cultist.toml": "2f0bf3baffcf9af9fa6bbd8edc50d21f4640f95b8c6bb27ba1a88ca74eae9454",
}
"""The demo scene and the template it takes its cultists from, by their SHA-256: a change to
either shows here first (then check the count still holds and update the hash)."""

BUDGETS = {
    "compel": 1,
    "tick": 1,
    "minion": 1,
    "npc attack": 3,
    "free invoke": 1,
    "popcorn": 1,
    "aspect": 2,
    "true form": 1,
    "hazard": 2,
    "end scene": 2,
}
"""Each operation's key budget (DASHBOARD.md)."""


class CountedKeys(Keys):
    """Keys counted by what they are for: an operation, or a roll between two."""

    def __init__(self, pilot: Pilot[None]) -> None:
        super().__init__(pilot)
        self.by_purpose: dict[str, int] = {}
        self.purpose = ""

    @contextmanager
    def operation(self, purpose: str) -> Iterator[None]:
        """Count the keys pressed meanwhile for ``purpose``."""
        self.purpose, before = purpose, self.count
        yield
        self.by_purpose[purpose] = self.by_purpose.get(purpose, 0) + self.count - before
        self.purpose = ""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def physical(app: FatescreenApp, who: str) -> set[int]:
    """The checked physical stress boxes."""
    track = next(t for t in app.scene.character(who).stress if t.kind is StressKind.PHYSICAL)
    return set(track.checked)


def absorbed(app: FatescreenApp, who: str) -> int:
    """The shifts a character's boxes and consequences hold."""
    character = app.scene.character(who)
    slots = sum(slot.shifts for slot in character.consequences if slot.aspect is not None)
    return sum(len(track.checked) for track in character.stress) + slots


async def test_the_ten_operations_in_one_scene_fit_the_key_budget(make_app: AppFactory) -> None:
    for name, digest in SHIPPED.items():
        assert sha256(SCENES / name) == digest, f"{name} changed: play the count again"
    app = make_app(DEMO)
    async with app.run_test(size=SIZE) as pilot:
        assert app.session is not None
        keys = CountedKeys(pilot)
        scene = app.scene
        assert scene.turn is None and app.view_state.selected == "silbestre"

        # Silbestre can't leave a mystery alone: he steps into the circle
        with keys.operation("compel"):
            await keys.press("p")
        assert app.scene.character("silbestre").fate_points == 4

        # the chant rises
        with keys.operation("tick"):
            await keys.press("t")
        assert app.scene.countdowns[0].checked == 1

        # Rozio throws a knife at the leader: the attack starts the conflict
        with keys.operation(BETWEEN + "Rozio attacks the leader"):
            await keys.press("right_square_bracket", "a")
            dialog = app.screen
            assert isinstance(dialog, RollDialog)
            assert (dialog.actor, dialog.target) == ("rozio", "leader")
            await keys.type("++++ vs 0000")
            await keys.press("enter")
        turn = app.scene.turn
        assert turn is not None and turn.up == "rozio"
        hit = app.scene.pending_hit
        # Shoot +4 and ++++ against Athletics +2: 6 shifts, the leader's Armor 1 takes one
        assert hit is not None and (hit.target, hit.shifts) == ("leader", 5)
        assert isinstance(app.screen, ChoiceDialog)

        with keys.operation("minion"):
            await keys.press("m")
        assert app.scene.pending_hit is None
        assert app.scene.character("cultist-1").taken_out
        assert physical(app, "leader") == set()
        assert "Cultist 1 steps in front of Masked leader and takes 5" in log_text(app)

        # the leader, just attacked, is highlighted: he strikes back at Rozio
        with keys.operation("npc attack"):
            await keys.press("a")
            dialog = app.screen
            assert isinstance(dialog, RollDialog)
            assert (dialog.actor, dialog.target) == ("leader", "rozio")
            await keys.type("0000 vs 0000")
            await keys.press("enter")
        # Fight +4 against Athletics +3: 1 shift, and his Weapon 1 makes 2
        assert "Rozio takes 2 shifts" in screen_text(app)
        turn = app.scene.turn
        assert turn is not None and turn.up == "leader" and turn.acted == ("rozio", "leader")

        # the GM's free invoke on the choking incense, from the absorb dialog
        with keys.operation("free invoke"):
            await keys.press("F")
        incense = next(a for a in app.scene.aspects if a.name == "Choking incense")
        assert incense.free_invokes == ()
        hit = app.scene.pending_hit
        assert hit is not None and (hit.target, hit.shifts) == ("rozio", 4)
        assert isinstance(app.screen, ChoiceDialog)
        assert "Rozio takes 4 shifts" in screen_text(app)

        with keys.operation("npc attack"):
            await keys.press("enter")
        assert app.scene.pending_hit is None
        assert physical(app, "rozio") == {1, 2, 3, 4}

        # the leader, up and highlighted, hands the turn on to the first still to act
        with keys.operation("popcorn"):
            await keys.press("n")
        turn = app.scene.turn
        assert turn is not None and turn.up == "silbestre" and "leader" in turn.acted

        with keys.operation("aspect"):
            await keys.press("A")
            assert isinstance(app.screen, TextDialog)
            await keys.type("Smoke fills the hall")
            await keys.press("enter")
        smoke = next(a for a in app.scene.aspects if a.name == "Smoke fills the hall")
        assert smoke.free_invokes == ("silbestre",)

        # Silbestre, up and highlighted, brings a candlestick down on the mask
        with keys.operation(BETWEEN + "Silbestre attacks the leader"):
            await keys.press("a")
            dialog = app.screen
            assert isinstance(dialog, RollDialog)
            assert (dialog.actor, dialog.target) == ("silbestre", "leader")
            await keys.type("++++ vs ----")
            await keys.press("enter")
        hit = app.scene.pending_hit
        # Fight +1 and ++++ against his Fight +4 and ----: 5 shifts, less his Armor 1
        assert hit is not None and (hit.target, hit.shifts) == ("leader", 4)
        assert app.scene.turn is not None and app.scene.turn.up == "silbestre"

        # the GM lets the blow land: the mask falls, and the Elder shows his face
        with keys.operation("true form"):
            await keys.press("r")
        leader = app.scene.character("leader")
        assert (leader.form, leader.taken_out) == (1, False)
        assert app.scene.pending_hit is None
        assert "The Elder behind the mask" in log_text(app)

        # the braziers topple: their turn, against the PCs in the hall
        app.session.rng = random.Random(4)  # dice that hit
        braziers = next(o for o in app.scene.obstacles if isinstance(o, Hazard))
        with keys.operation("hazard"):
            await keys.press("h")
            roll, hit = app.scene.pending_roll, app.scene.pending_hit
            assert roll is not None and hit is not None
            # Good (+3) and Weapon 2 against the defender's roll, as rolled
            defender = app.scene.character(hit.target)
            assert defender.zone == braziers.zone and defender.kind is CharacterKind.PC
            assert roll.result.shifts > 0
            assert hit.shifts == roll.result.shifts + braziers.weapon - defender.armor
            before = absorbed(app, hit.target)
            await keys.press("enter")
        assert app.scene.pending_hit is None
        assert absorbed(app, hit.target) == before + hit.shifts  # in boxes, the likeliest
        turn = app.scene.turn
        assert turn is not None and turn.up == braziers.id

        held = {}
        for entry in app.scene.held:
            held[entry.who] = held.get(entry.who, 0) + entry.delta
        points = {c.id: c.fate_points for c in app.scene.characters}
        pcs = sum(1 for c in app.scene.characters if c.kind is CharacterKind.PC)
        with keys.operation("end scene"):
            await keys.press("E")
            assert isinstance(app.screen, ConfirmDialog)
            await keys.press("enter")
        assert app.scene.turn is None and app.scene.held == ()
        assert all(not track.checked for c in app.scene.characters for track in c.stress)
        for who, delta in held.items():
            assert app.scene.character(who).fate_points == points[who] + delta
        assert app.scene.gm_pool == pcs

        counts = keys.by_purpose
    between = {name: count for name, count in counts.items() if name.startswith(BETWEEN)}
    operations = {name: count for name, count in counts.items() if name not in between}
    total = sum(operations.values())
    print()
    for name, budget in BUDGETS.items():
        print(f"{operations[name]:>3} / {budget}  {name}")
    print(f"{total:>3} / {TOTAL_BUDGET}  the ten operations")
    for name, count in between.items():
        print(f"{count:>3}      {name}")
    print(f"{total + sum(between.values()):>3}      every key of the scene")
    assert operations.keys() == BUDGETS.keys()
    for name, budget in BUDGETS.items():
        assert operations[name] <= min(budget, OPERATION_BUDGET), name
    assert total <= TOTAL_BUDGET
    assert all(count <= BETWEEN_BUDGET for count in between.values()), between


__all__ = ["isolated_folders", "make_app", "scene_folder"]
