"""Obstacles at their edges: the exact refusals of bad ratings, a block between two zones,
a one-box countdown, unticking every box, countdowns that tick each exchange, and the block
a removal roll names (docs/rules.md §7, §8)."""

from __future__ import annotations

import pytest

from fatescreen.rules.obstacles import (
    Block,
    Countdown,
    Distraction,
    Hazard,
    remove_block,
    ticks_each_exchange,
    untick,
)


def _refusal(build: object, *args: object, **kwargs: object) -> str:
    with pytest.raises(ValueError) as refused:
        build(*args, **kwargs)  # type: ignore[operator]
    return str(refused.value)


def test_negative_ratings_are_refused_naming_the_obstacle() -> None:
    """Every rating of an obstacle is 0 or more; the message names which and whose."""
    assert (
        _refusal(Hazard, "Turret", 3, weapon=-1)
        == "hazard 'Turret': its Weapon rating must be 0 or more, not -1"
    )
    assert (
        _refusal(Block, "Fence", 2, weapon=-1)
        == "block 'Fence': its Weapon rating must be 0 or more, not -1"
    )
    assert (
        _refusal(Block, "Fence", 2, removal=-2)
        == "block 'Fence': its removal difficulty must be 0 or more, not -2"
    )
    assert (
        _refusal(Distraction, "Falling child", "Save the child?", difficulty=-1)
        == "distraction 'Falling child': its difficulty must be 0 or more, not -1"
    )


def test_a_block_stands_between_exactly_two_different_zones() -> None:
    """§7 blocks: a block may stand between two zones, never one zone and itself."""
    assert Block("Gate", 2, between=("yard", "street")).between == ("yard", "street")
    for between in (("yard", "yard"), ("yard",), ("yard", "street", "roof")):
        assert (
            _refusal(Block, "Gate", 2, between=between)
            == "block 'Gate' must stand between two different zones"
        )


def test_a_countdown_of_one_box_and_unticking_all_of_it() -> None:
    """§8 «Tikittävä kello»: «Kello näyttää pitkälti samalta kuin rasituslinja: se on rivi
    ruutuja» — one box is the shortest; every checked box can be cleared again."""
    one = Countdown("Fuse", 1, checked=1)
    assert untick(one).checked == 0
    three = Countdown("Ritual", 3, checked=2)
    assert untick(three, 2).checked == 0
    assert _refusal(Countdown, "Fuse", 0) == "countdown 'Fuse' needs at least 1 box, not 0"


def test_a_countdown_ticks_each_exchange_when_its_trigger_says_so() -> None:
    """§8: «Ehto ... voi olla yksinkertaisimmillaan “kun minuutti/tunti/päivä/vuoro on
    kulunut”»: a trigger naming each exchange (in English or Finnish) ticks it by itself,
    until it has run out."""
    each = Countdown("Flood", 4, triggers=("at the end of each exchange",))
    assert ticks_each_exchange(each)
    assert ticks_each_exchange(Countdown("Tulva", 4, triggers=("Jokaisen kierroksen lopussa",)))
    assert not ticks_each_exchange(Countdown("Flood", 4, triggers=("when the dam cracks",)))
    assert not ticks_each_exchange(Countdown("Flood", 4))
    assert not ticks_each_exchange(
        Countdown("Flood", 4, checked=4, triggers=("at the end of each exchange",))
    )


def test_a_removal_roll_names_the_block() -> None:
    roll = remove_block(Block("Chain-link fence", 2), 5)
    assert (roll.block, roll.effort, roll.difficulty, roll.removing) == (
        "chain-link-fence",
        5,
        4,
        True,
    )
