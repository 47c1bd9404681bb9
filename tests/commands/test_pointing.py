"""The defaults the dashboard's keys act on (``commands/pointing.py``): who the GM points
at, the turn an action takes, what ``n`` hands on, whom an action goes for, and the keys
that go to a name."""

from __future__ import annotations

import pytest

from fatescreen.commands.flow import may_highlight
from fatescreen.commands.pointing import (
    GO_TO_KEYS,
    default_target,
    go_to_names,
    hand_on,
    name_keys,
    pointed_at,
    turn_taken,
)
from fatescreen.commands.requests import NextExchange, NextTurn
from tests.commands.support import BRINE, DEMO, MINE, open_session, played

EVERYONE = (
    "silbestre",
    "rozio",
    "vitor",
    "riesa",
    "leader",
    "cultist-1",
    "cultist-2",
    "cultist-3",
    "toppling-braziers",
)
"""The demo's turn order: the characters standing, then the hazard."""


def test_the_highlight_points_while_a_conflict_runs_the_stat_block_otherwise() -> None:
    calm = open_session().scene
    assert pointed_at(calm, "leader", "rozio") == "rozio"
    fight = played(DEMO, "next rozio").scene
    assert pointed_at(fight, "leader", "rozio") == "leader"
    assert pointed_at(fight, "toppling-braziers", "rozio") == "toppling-braziers"
    assert pointed_at(fight, None, "rozio") == "rozio"


def test_an_action_takes_the_turn_and_an_attack_starts_the_conflict() -> None:
    calm = open_session().scene
    assert turn_taken(calm, "rozio", attack=True) == NextTurn("rozio")
    assert turn_taken(calm, "rozio", attack=False) is None  # an overcome is no conflict
    fight = played(DEMO, "next rozio").scene
    assert turn_taken(fight, "rozio", attack=True) is None  # up already
    assert turn_taken(fight, "leader", attack=False) == NextTurn("leader")
    acted = played(DEMO, "next rozio", "next leader").scene
    assert turn_taken(acted, "rozio", attack=True) is None  # has acted this exchange
    over = played(DEMO, *(f"next {who}" for who in EVERYONE)).scene
    assert turn_taken(over, "leader", attack=False) == NextExchange("leader")


def test_n_hands_the_turn_to_the_highlight_or_on_from_the_one_up() -> None:
    calm = open_session().scene
    assert hand_on(calm, "vitor") == NextTurn("vitor")
    assert hand_on(calm, None) is None
    fight = played(DEMO, "next rozio").scene
    assert hand_on(fight, "leader") == NextTurn("leader")
    assert hand_on(fight, "rozio") == NextTurn("silbestre")  # the first still to act
    over = played(DEMO, *(f"next {who}" for who in EVERYONE)).scene
    assert hand_on(over, "riesa") == NextExchange("riesa")


def test_the_highlight_rests_on_who_may_take_the_turn_and_who_is_up() -> None:
    assert may_highlight(open_session().scene) == EVERYONE
    fight = played(DEMO, "next rozio", "next leader").scene
    assert may_highlight(fight) == tuple(who for who in EVERYONE if who != "rozio")


def test_the_target_strikes_back_else_is_remembered_else_the_nearest_opponent() -> None:
    scene = open_session().scene
    # nothing remembered: the first opponent standing, those in the actor's zone first
    assert default_target(scene, "leader", None) == "silbestre"
    assert default_target(scene, "vitor", None) == "leader"
    assert default_target(scene, None, None, zone="stairs") == "vitor"  # a hazard: a PC
    # the last one hit, while an opponent
    assert default_target(scene, "leader", "riesa") == "riesa"
    assert default_target(scene, "vitor", "riesa") == "leader"
    # whoever hit the actor last is who the actor strikes back at
    assert default_target(scene, "leader", "leader", last_attacker="rozio") == "rozio"
    assert default_target(scene, "vitor", "leader", last_attacker="rozio") == "leader"


def test_go_to_lists_the_turn_order_then_the_map() -> None:
    names = go_to_names(open_session().scene)
    assert [pid for pid, _ in names] == list(EVERYONE)
    assert dict(names)["toppling-braziers"] == "Toppling braziers"
    taken = played(DEMO, "takeout cultist-2").scene
    # out of the turn order, still on the map
    assert [pid for pid, _ in go_to_names(taken)][-1] == "cultist-2"


@pytest.mark.parametrize(
    ("scene", "expected"),
    [
        (
            DEMO,
            {
                "silbestre": "s",
                "rozio": "r",
                "vitor": "v",
                "riesa": "R",
                "leader": "m",
                "cultist-1": "1",
                "cultist-2": "2",
                "cultist-3": "3",
                "toppling-braziers": "t",
            },
        ),
        (
            BRINE,
            {
                "silbestre": "s",
                "riesa": "r",
                "vitor": "v",
                "brine-mother": "t",
                "drowned-acolyte-1": "1",
                "drowned-acolyte-2": "2",
                "drowned-acolyte-3": "3",
                "drowned-acolyte-4": "4",
                "eel-swarm": "e",
            },
        ),
    ],
    ids=["demo", "brine-mother"],
)
def test_each_name_gets_the_key_it_likes_best_of_those_free(
    scene: object, expected: dict[str, str]
) -> None:
    assert name_keys(go_to_names(open_session(scene).scene)) == expected  # type: ignore[arg-type]


def test_keys_are_one_of_62_plain_keys_and_run_out_after_them() -> None:
    names = [(f"mob-{n}", f"Äijä Kivinen {n}") for n in range(70)]
    keys = name_keys(names)
    assert len(keys) == len(GO_TO_KEYS) == 62
    assert set(keys.values()) == set(GO_TO_KEYS)
    assert keys["mob-0"] == "0" and keys["mob-1"] == "1"
    assert keys["mob-10"] == "a"  # the initial, its accent folded away
    assert keys["mob-11"] == "A" and keys["mob-12"] == "k"
    mine = name_keys(go_to_names(open_session(MINE).scene))
    assert len(set(mine.values())) == len(mine)
