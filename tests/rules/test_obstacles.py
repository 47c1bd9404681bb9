"""Hazards, blocks, distractions (§7 «Esteet») and countdowns (§8 «Tikittävä kello»)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from fatescreen.rules.dice import parse_faces, roll_4df
from fatescreen.rules.errors import CountdownError
from fatescreen.rules.obstacles import (
    Block,
    BlockCover,
    Countdown,
    CountdownVisibility,
    CoverMode,
    Distraction,
    DistractionAnswer,
    Hazard,
    block_cover,
    hazard_attack,
    overcome_block,
    remove_block,
    tick,
    untick,
)
from fatescreen.rules.outcomes import Bonus, Effort, Outcome

TURRET = Hazard("Machine-gun turret", 4, weapon=3)
SNIPER = Hazard("Distant sniper", 5, weapon=4)
FENCE = Block("Chain-link fence", 2)
ACID_POOL = Block("Acid pool", 3, weapon=2)

# --- Hazards ---------------------------------------------------------------------------


def test_seed_hazards() -> None:
    """§7 «Esimerkkejä esteistä»: Great (+4) Machine-gun turret, Weapon:3; Superb (+5)
    Distant sniper, Weapon:4. Overcoming or creating an advantage against one faces its
    rating."""
    assert (TURRET.id, TURRET.rating, TURRET.weapon, TURRET.difficulty) == (
        "machine-gun-turret",
        4,
        3,
        4,
    )
    assert (SNIPER.id, SNIPER.difficulty) == ("distant-sniper", 5)


@pytest.mark.parametrize(
    ("hazard", "faces", "defense", "armor", "shifts", "harm", "boost"),
    [
        (TURRET, "0000", 2, 0, 2, 5, False),  # hit 2 + Weapon 3
        (TURRET, "0000", 4, 0, 0, 3, False),  # seed: a tie already adds the Weapon
        (TURRET, "--00", 4, 0, -2, 0, False),  # a miss does nothing
        (TURRET, "0000", 2, 1, 2, 4, False),  # the defender's Armor subtracts
        (SNIPER, "+-00", 4, 0, 1, 5, False),
        (SNIPER, "++++", 1, 0, 8, 12, False),
        (Hazard("Smoke", 2), "0000", 2, 0, 0, 0, True),  # no Weapon: a tie is a boost
        (Hazard("Embers", 2, weapon=1), "0000", 1, 1, 1, 1, False),
    ],
)
def test_hazard_attack(
    hazard: Hazard,
    faces: str,
    defense: int,
    armor: int,
    shifts: int,
    harm: int,
    boost: bool,
) -> None:
    """§7: a hazard attacks with its rating; on a tie or better it adds its Weapon."""
    attack = hazard_attack(hazard, defense, parse_faces(faces), armor=armor)
    assert attack.hazard == hazard.id
    assert attack.shifts == shifts
    assert (attack.harm, attack.boost) == (harm, boost)


def test_hazard_attack_against_a_rolled_defense_with_an_invoke() -> None:
    """§7: the defender rolls; the hazard's own invokes add to its effort."""
    dodge = Effort(3, parse_faces("0+00"))  # Good (+3) Athletics, +1 on the dice
    attack = hazard_attack(TURRET, dodge, parse_faces("0-00"), bonuses=(Bonus("invoke", 2),))
    assert attack.result.effort.total == 5
    assert attack.result.opposition == 4
    assert (attack.outcome, attack.harm) == (Outcome.SUCCESS, 4)


def test_hazard_attack_rolls_with_the_injected_random_source() -> None:
    """§1: randomness only through an injected random.Random."""
    rolled = hazard_attack(SNIPER, 3, random.Random(11))
    assert rolled.result.effort.dice == roll_4df(random.Random(11))
    assert rolled == hazard_attack(SNIPER, 3, roll_4df(random.Random(11)))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Hazard("Fire", -1), r"hazard 'Fire': its rating must be 0 or more, not -1"),
        (lambda: Hazard("Fire", 3, weapon=-2), "its Weapon rating must be 0 or more"),
        (lambda: Block("Wall", -1), "block 'Wall': its rating must be 0 or more"),
        (lambda: Block("Wall", 2, weapon=-1), "its Weapon rating must be 0 or more"),
        (lambda: Block("Wall", 2, removal=-3), "its removal difficulty must be 0 or more"),
        (lambda: Block("Wall", 2, between=("yard", "yard")), "two different zones"),
        (lambda: Distraction("Bus", " "), "needs a choice"),
        (lambda: Distraction("Bus", "Save it?", difficulty=-1), "its difficulty must be"),
        (lambda: Countdown("Bomb", 0), "needs at least 1 box, not 0"),
        (lambda: Countdown("Bomb", 3, checked=4), "3 boxes; 4 of them cannot be checked"),
        (lambda: Countdown("Bomb", 3, checked=-1), "-1 of them cannot be checked"),
    ],
)
def test_obstacles_reject_negative_ratings_and_bad_shapes(
    make: Callable[[], object], message: str
) -> None:
    """§7, §8: ratings, Weapons, difficulties and boxes cannot be negative."""
    with pytest.raises(ValueError, match=message):
        make()


def test_distraction_rejects_the_same_answer_twice() -> None:
    """§7: each answer to the choice is listed once."""
    with pytest.raises(ValueError, match="same answer twice"):
        Distraction("Bus", "Q?", (DistractionAnswer("Save", "x"), DistractionAnswer("save", "y")))


# --- Blocks ----------------------------------------------------------------------------


def test_seed_blocks_and_their_removal_difficulty() -> None:
    """§7: Fair (+2) Chain-link fence, Great (+4) to remove; Good (+3) Acid pool, Superb
    (+5) to remove (the rating + 2)."""
    assert (FENCE.rating, FENCE.removal_difficulty) == (2, 4)
    assert (ACID_POOL.rating, ACID_POOL.removal_difficulty) == (3, 5)
    assert Block("Moving statue", 3, removal=7).removal_difficulty == 7
    assert FENCE.id == "chain-link-fence"


@pytest.mark.parametrize(
    ("block", "effort", "outcome", "harm"),
    [
        (ACID_POOL, 1, Outcome.FAIL, 4),  # 2 short, plus Weapon 2
        (ACID_POOL, 2, Outcome.FAIL, 3),
        (ACID_POOL, 3, Outcome.TIE, 0),  # not short: no harm
        (ACID_POOL, 5, Outcome.SUCCESS, 0),
        (FENCE, 0, Outcome.FAIL, 0),  # a fence just stops you
        (Block("Thorn hedge", 2, harmful=True), -1, Outcome.FAIL, 3),  # harm with no Weapon
        (Block("Padded wall", 2, weapon=2, harmful=False), 0, Outcome.FAIL, 0),
    ],
)
def test_overcome_against_a_block(block: Block, effort: int, outcome: Outcome, harm: int) -> None:
    """§7: the rating is the difficulty; falling short costs the shortfall plus the Weapon,
    if the block can harm at all."""
    roll = overcome_block(block, effort)
    assert (roll.block, roll.difficulty, roll.outcome, roll.harm) == (
        block.id,
        block.rating,
        outcome,
        harm,
    )


def test_overcome_block_takes_a_rolled_effort() -> None:
    """§7: the PC's effort, rating plus dice, faces the block."""
    climb = overcome_block(ACID_POOL, Effort(2, parse_faces("--00")))
    assert (climb.effort, climb.shifts, climb.harm) == (0, -3, 5)


def test_removing_a_block() -> None:
    """§7: getting rid of a block is an overcome at its rating + 2."""
    assert remove_block(FENCE, 4).outcome is Outcome.TIE
    removal = remove_block(ACID_POOL, 6)
    assert (removal.difficulty, removal.shifts, removal.removing, removal.harm) == (5, 1, True, 0)
    assert remove_block(ACID_POOL, 4).outcome is Outcome.FAIL


@pytest.mark.parametrize(
    ("weapon", "forced"), [(0, 1), (1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)]
)
def test_forcing_someone_into_a_block(weapon: int, forced: int) -> None:
    """§7: the attack gains Weapon equal to half the block's Weapon, rounded down, min 1."""
    assert Block("Pit", 2, weapon=weapon).forced_weapon == forced


@pytest.mark.parametrize(("rating", "armor"), [(0, 1), (1, 1), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_block_as_cover(rating: int, armor: int) -> None:
    """§7: cover stops the attack outright, or gives Armor of half the rating (down, min 1)."""
    block = Block("Crates", rating)
    assert block.cover_armor == armor
    assert block_cover(block, CoverMode.WEAKENS) == BlockCover(blocked=False, armor=armor)
    assert block_cover(block, CoverMode.BLOCKS) == BlockCover(blocked=True, armor=0)


# --- Distractions ----------------------------------------------------------------------


def test_seed_distraction_the_bus_of_civilians() -> None:
    """§7: a bus of civilians — "Will the bus fall off the bridge?", Good (+3); leave it:
    the civilians die; save it: the villain escapes."""
    bus = Distraction(
        "Bus full of civilians",
        "Will the bus fall off the bridge?",
        (
            DistractionAnswer("Leave the bus", "All the civilians die"),
            DistractionAnswer("Save the bus", "The villain escapes!"),
        ),
        difficulty=3,
        zone="bridge",
    )
    assert bus.id == "bus-full-of-civilians"
    assert bus.difficulty == 3
    found = bus.answer("save  THE bus")
    assert found is not None
    assert found.consequence == "The villain escapes!"
    assert bus.answer("Call the police") is None


def test_distraction_without_difficulty() -> None:
    """§7: the glittering gem has a choice and consequences but no difficulty."""
    gem = Distraction(
        "Glittering gem",
        "Do you take the gem from its pedestal?",
        (DistractionAnswer("Take it", "All the traps of the temple arm themselves"),),
    )
    assert gem.difficulty is None


# --- Countdowns (§8) -------------------------------------------------------------------


def test_countdown_announces_its_outcome_on_the_last_box() -> None:
    """§8: boxes are checked left to right; checking the last one makes the outcome happen."""
    bomb = Countdown(
        "Bomb", 3, triggers=("each exchange",), outcome="The bomb goes off", id="bomb-1"
    )
    assert bomb.id == "bomb-1"
    bomb, finished = tick(bomb)
    assert (bomb.checked, bomb.remaining, finished) == (1, 2, False)
    bomb, finished = tick(bomb)
    assert not finished
    bomb, finished = tick(bomb)
    assert finished
    assert bomb.finished
    with pytest.raises(CountdownError, match="'Bomb' has already run out"):
        tick(bomb)


def test_ticking_past_the_end_stops_at_the_last_box() -> None:
    """§8: a trigger worth two boxes with one left still just finishes the countdown."""
    ritual, finished = tick(Countdown("Ritual", 4, checked=3), 2)
    assert (ritual.checked, finished) == (4, True)


def test_untick_and_bad_counts() -> None:
    """§8: pushing a countdown back clears boxes; counts below 1 are refused."""
    radio = Countdown("Soldier reaches the radio", 5, checked=3)
    assert untick(radio, 2).checked == 1
    assert untick(Countdown("X", 2, checked=2)).checked == 1
    with pytest.raises(CountdownError, match="only 3 checked boxes, not 4"):
        untick(radio, 4)
    with pytest.raises(CountdownError, match="by 1 or more boxes, not 0"):
        tick(radio, 0)
    with pytest.raises(CountdownError, match="by 1 or more boxes, not -1"):
        untick(radio, -1)


def test_countdown_may_be_shown_without_saying_what_it_counts_to() -> None:
    """§8: the GM may show the boxes and keep the outcome secret."""
    secret = Countdown("???", 6, visibility=CountdownVisibility.BOXES)
    assert secret.visibility == "boxes"
    assert [v.value for v in CountdownVisibility] == ["hidden", "boxes", "full"]
