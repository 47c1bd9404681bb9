"""Conflict tools at their edges: the turn order's exact refusals, full defense's default
target, a one-point split, Weapon 1 on a tie, defaults (docs/rules.md §4, §8)."""

from __future__ import annotations

import pytest

from fatescreen.rules.conflict import (
    AttackHarm,
    FullDefense,
    TurnOrder,
    declare_full_defense,
    hand_to,
    harm_after_weapon_and_armor,
    pick_roller,
    remove_participant,
    split_effort,
    start,
)
from fatescreen.rules.errors import InvalidSplit, InvalidTeamwork, TurnOrderError
from fatescreen.rules.outcomes import Outcome


def _refusal(error: type[Exception], call: object, *args: object) -> str:
    with pytest.raises(error) as refused:
        call(*args)  # type: ignore[operator]
    return str(refused.value)


def test_turn_order_refusals_name_what_is_wrong() -> None:
    """§4 popcorn order: the messages name the exchange, who picks next and who is listed."""
    assert (
        _refusal(TurnOrderError, hand_to, TurnOrder(), "rozio")
        == "exchange 1 has not begun; start it with one of: nobody"
    )
    done = start(TurnOrder(participants=("silbestre",)), "silbestre")
    assert (
        _refusal(TurnOrderError, hand_to, done, "rozio")
        == "everyone has acted in exchange 1; silbestre picks who starts exchange 2"
    )
    left = remove_participant(hand_to(start(TurnOrder(participants=("a", "b")), "a"), "b"), "b")
    assert (
        _refusal(TurnOrderError, hand_to, left, "a")
        == "everyone has acted in exchange 1; the GM picks who starts exchange 2"
    )
    with pytest.raises(ValueError) as twice:
        TurnOrder(participants=("a", "a"))
    assert str(twice.value) == "a listed twice in the turn order's participants"
    with pytest.raises(ValueError) as acted_twice:
        TurnOrder(participants=("a",), acted=("a", "a"))
    assert str(acted_twice.value) == "a listed twice in the turn order's acted"


def test_someone_else_leaving_keeps_the_actor_up() -> None:
    """Only the actor's own leaving empties «up»; another participant leaving does not."""
    order = start(TurnOrder(participants=("silbestre", "rozio", "ghoul")), "silbestre")
    order = remove_participant(order, "ghoul")
    assert (order.up, order.participants) == ("silbestre", ("silbestre", "rozio"))


def test_full_defense_covers_the_defender_unless_told_otherwise() -> None:
    """§8 «Täysi puolustus»: «Yleensä kohde olet sinä itse»; declared in exchange 1 unless
    said."""
    assert FullDefense("rozio").target == "rozio"
    assert FullDefense("rozio", "silbestre").target == "silbestre"
    declared = declare_full_defense("rozio")
    assert (declared.target, declared.exchange) == ("rozio", 1)


def test_weapon_one_turns_a_tie_into_one_shift_of_harm() -> None:
    """§8 «Ase- ja panssariarvot»: «Tämä pätee myös tasapeleihin, joissa tuotat asearvon
    mukaisesti vauriota särmän saamisen sijaan» — Weapon:1 on a tie deals 1, no boost."""
    assert harm_after_weapon_and_armor(0, weapon=1) == AttackHarm(harm=1, boost=False)
    assert harm_after_weapon_and_armor(0) == AttackHarm(harm=0, boost=True)
    assert harm_after_weapon_and_armor(3) == AttackHarm(harm=3, boost=False)


def test_the_outcome_given_wins_over_the_shifts() -> None:
    """The outcome passed decides the kind of result; the shifts only size it."""
    assert harm_after_weapon_and_armor(2, Outcome.FAIL) == AttackHarm(harm=0, boost=False)
    assert harm_after_weapon_and_armor(1, Outcome.TIE, weapon=2) == AttackHarm(2, False)


def test_an_effort_of_one_goes_whole_to_one_target() -> None:
    """§8: each target gets at least 1 of a positive effort; an effort of 1 has one target."""
    assert split_effort(1, {"ghoul": 1}) == {"ghoul": 1}
    assert (
        _refusal(InvalidSplit, split_effort, 2, {})
        == "name at least one target to split the effort among"
    )
    assert _refusal(InvalidTeamwork, pick_roller, {}) == "teamwork needs at least one character"
