"""Turn order, full defense, teamwork, multiple targets, weapon/armor and scale (§4, §8)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.character import Scale
from fatescreen.rules.conflict import (
    FULL_DEFENSE_BONUS,
    AttackHarm,
    ScaleAdvantage,
    TargetResult,
    TurnOrder,
    add_participant,
    creates_without_roll,
    declare_full_defense,
    exchange_over,
    full_defense_bonus,
    full_defense_earns_boost,
    full_defense_used,
    hand_to,
    harm_after_weapon_and_armor,
    may_pick,
    next_exchange,
    pick_roller,
    remove_participant,
    scale_free_invokes,
    scale_levels,
    scale_result_bonus,
    scale_roll_bonus,
    split_attack,
    split_effort,
    start,
    teamwork,
    teamwork_bonus,
    with_scale_advantage,
    zone_attack,
)
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.errors import InvalidSplit, InvalidTeamwork, TurnOrderError
from fatescreen.rules.outcomes import Bonus, Effort, Outcome, resolve

CULTISTS = ("silbestre", "rozio", "leader", "cultist-1", "cultist-2")

# --- Turn order (§4) -------------------------------------------------------------------


def test_seed_example_silbestre_and_rozio_against_the_cultists() -> None:
    """§4 «Kierrokset ja toimintajärjestys»: Silbestre starts and hands to Rozio; with every
    PC done Rozio must pick a cultist (the masked leader); the cultists finish the
    exchange and the last of them lets the leader start the next one."""
    order = start(TurnOrder(participants=CULTISTS), "silbestre")
    assert may_pick(order) == ("rozio", "leader", "cultist-1", "cultist-2")
    order = hand_to(order, "rozio")
    assert may_pick(order) == ("leader", "cultist-1", "cultist-2")
    order = hand_to(order, "leader")
    order = hand_to(order, "cultist-1")
    assert not exchange_over(order)
    order = hand_to(order, "cultist-2")
    assert exchange_over(order)
    assert may_pick(order) == ()
    order = next_exchange(order, "leader")
    assert (order.exchange, order.up, order.acted) == (2, "leader", ("leader",))
    assert may_pick(order) == ("silbestre", "rozio", "cultist-1", "cultist-2")


def test_handing_to_someone_who_already_acted_names_who_may_be_picked() -> None:
    """§4: only those who have not acted this exchange may be picked."""
    order = hand_to(start(TurnOrder(participants=CULTISTS), "silbestre"), "rozio")
    expected = (
        "silbestre has already acted in exchange 1; pick one of: leader, cultist-1, cultist-2"
    )
    with pytest.raises(TurnOrderError, match=expected):
        hand_to(order, "silbestre")
    with pytest.raises(TurnOrderError, match="rozio has already acted"):
        hand_to(order, "rozio")
    with pytest.raises(TurnOrderError, match="ghost is not in the turn order; pick one of: leader"):
        hand_to(order, "ghost")


def test_turn_order_must_start_before_handing_on_and_cannot_start_twice() -> None:
    """§4: someone goes first, by agreement; after that turns are handed on."""
    fresh = TurnOrder(participants=("a", "b"))
    with pytest.raises(TurnOrderError, match="has not begun; start it with one of: a, b"):
        hand_to(fresh, "a")
    with pytest.raises(TurnOrderError, match="z is not in the turn order"):
        start(fresh, "z")
    with pytest.raises(TurnOrderError, match="already begun"):
        start(start(fresh, "a"), "b")


def test_when_everyone_has_acted_the_last_actor_picks_and_may_pick_themself() -> None:
    """§4: the last actor picks who starts the next exchange, themself included."""
    order = hand_to(start(TurnOrder(participants=("a", "b")), "a"), "b")
    with pytest.raises(TurnOrderError, match="everyone has acted in exchange 1; b picks"):
        hand_to(order, "a")
    again = next_exchange(order, "b")
    assert (again.exchange, again.up) == (2, "b")
    with pytest.raises(TurnOrderError, match="exchange 2 is not over: a still to act"):
        next_exchange(again, "a")


def test_hazards_take_turns_like_characters() -> None:
    """§4, §7: a hazard is a participant like anyone else."""
    order = start(TurnOrder(participants=("silbestre", "machine-gun-turret")), "silbestre")
    assert hand_to(order, "machine-gun-turret").up == "machine-gun-turret"


def test_joining_mid_exchange_may_still_act_and_leaving_frees_the_pick() -> None:
    """§4: a newcomer has not acted yet; someone taken out leaves the order."""
    order = hand_to(start(TurnOrder(participants=("a", "b")), "a"), "b")
    assert exchange_over(order)
    order = add_participant(order, "c")
    assert may_pick(order) == ("c",)
    assert not exchange_over(order)
    with pytest.raises(TurnOrderError, match="c is already in the turn order"):
        add_participant(order, "c")
    order = remove_participant(order, "b")
    assert order.up is None
    order = hand_to(order, "c")
    assert order.up == "c"
    assert exchange_over(order)
    with pytest.raises(TurnOrderError, match="b is not in the turn order"):
        remove_participant(order, "b")


def test_rejoining_in_the_same_exchange_gives_no_second_turn() -> None:
    """§4: nobody acts twice in one exchange, even after leaving and coming back."""
    order = hand_to(start(TurnOrder(participants=("a", "b", "c")), "a"), "b")
    order = add_participant(remove_participant(order, "a"), "a")
    assert may_pick(order) == ("c",)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"exchange": 0}, "counted from 1"),
        ({"participants": ("a", "a")}, "a listed twice"),
        ({"participants": ("a",), "acted": ("a",), "up": "b"}, "b is up but is not taking part"),
        ({"participants": ("a", "b"), "acted": ("a",), "up": "b"}, "not listed as acting"),
    ],
)
def test_turn_order_rejects_impossible_states(fields: dict[str, object], message: str) -> None:
    """§4: a stored turn order must be one the hand-offs could have produced."""
    with pytest.raises(ValueError, match=message):
        TurnOrder(**fields)  # type: ignore[arg-type]


_IDS = st.sampled_from(["a", "b", "c", "d", "e", "f"])
_STEPS = st.lists(
    st.tuples(st.sampled_from(["start", "hand", "next", "add", "remove"]), _IDS), max_size=60
)


@given(participants=st.lists(_IDS, min_size=1, max_size=5, unique=True), steps=_STEPS)
def test_no_accepted_hand_off_lets_anyone_act_twice_in_an_exchange(
    participants: list[str], steps: list[tuple[str, str]]
) -> None:
    """§4 property: whatever sequence of operations is tried, the accepted ones never give
    anyone two turns in one exchange, and an exchange ends only when all have acted."""
    operations = {
        "start": start,
        "hand": hand_to,
        "next": next_exchange,
        "add": add_participant,
        "remove": remove_participant,
    }
    order = TurnOrder(participants=tuple(participants))
    turns: Counter[tuple[int, str]] = Counter()
    for name, pid in steps:
        try:
            changed = operations[name](order, pid)
        except TurnOrderError:
            continue
        if name in ("start", "hand", "next"):
            assert changed.up == pid
            turns[(changed.exchange, pid)] += 1
        order = changed
        assert all(count <= 1 for count in turns.values())
        if exchange_over(order):
            assert set(order.participants) <= set(order.acted)


# --- Full defense (§8) -----------------------------------------------------------------


def test_full_defense_gives_plus_two_and_a_boost_if_never_tested() -> None:
    """§8 «Täysi puolustus»: +2 to the covered defenses; a boost if no defense was needed."""
    declared = declare_full_defense("rozio")
    assert declared.target == "rozio"
    assert full_defense_bonus(declared) == Bonus("full defense (rozio)", FULL_DEFENSE_BONUS)
    assert FULL_DEFENSE_BONUS == 2
    assert full_defense_earns_boost(declared)
    assert not full_defense_earns_boost(full_defense_used(declared))


def test_full_defense_may_cover_someone_else() -> None:
    """§8: the declared target may be another character (or a group, or an outcome)."""
    declared = declare_full_defense("silbestre", target="rozio", exchange=3)
    assert (declared.defender, declared.target, declared.exchange) == ("silbestre", "rozio", 3)


# --- Teamwork (§4) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roller", "helpers", "bonus"),
    [
        (2, [1, 1, 1], 2),  # seed: a Fair (+2) roller takes at most two helpers
        (3, [1, 2, 3], 3),  # seed: a Good (+3) roller gains from three able helpers
        (4, [1, 2], 2),
        (3, [0, 0, 1], 1),  # Mediocre helpers add nothing
        (2, [-1, 4], 1),
        (0, [3, 3], 0),  # a Mediocre roller caps help at +0
        (-1, [2], 0),
        (4, [], 0),
    ],
)
def test_teamwork_bonus(roller: int, helpers: list[int], bonus: int) -> None:
    """§4 «Yhteistyö»: +1 per Average+ helper, capped at the roller's rating."""
    assert teamwork_bonus(roller, helpers) == bonus


def test_teamwork_picks_the_most_skilled_and_turns_away_extra_helpers() -> None:
    """§4: the highest-skilled rolls; helpers beyond the cap or below Average keep their action."""
    team = teamwork({"vitor": 1, "rozio": 2, "riesa": 1, "silbestre": 0, "dolors": 1})
    assert team.roller == "rozio"
    assert team.rating == 2
    assert team.helpers == ("vitor", "riesa")
    assert team.turned_away == ("silbestre", "dolors")
    assert team.as_bonus() == Bonus("teamwork", 2)


def test_teamwork_roller_must_be_the_most_skilled() -> None:
    """§4: the character with the highest skill rolls; ties go to the first listed."""
    assert pick_roller({"a": 3, "b": 3, "c": 1}) == "a"
    assert teamwork({"a": 3, "b": 3}, roller="b").helpers == ("a",)
    with pytest.raises(InvalidTeamwork, match=r"c has \+1, a has \+3"):
        teamwork({"a": 3, "c": 1}, roller="c")
    with pytest.raises(InvalidTeamwork, match="x is not in the team"):
        teamwork({"a": 3}, roller="x")
    with pytest.raises(InvalidTeamwork, match="at least one"):
        pick_roller({})


# --- Multiple targets (§8) -------------------------------------------------------------


def test_seed_example_vitor_splits_an_epic_attack_three_ways() -> None:
    """§8 «Useampaan kohteeseen vaikuttaminen»: Vitor's Fight is Epic (+7) thanks to a fate
    point and a good roll; Good (+3) to the toughest minion, Fair (+2) to each of the
    other two, seven in all. Each minion defends against its own share.

    The seed gives no defense rolls; the three below are hand-picked to show each case.
    """
    fight = Effort(3, parse_faces("++00"), (Bonus("invoke", 2),))
    assert fight.total == 7
    shares = {"veteran": 3, "minion-2": 2, "minion-3": 2}
    assert split_effort(fight, shares) == shares
    results = split_attack(fight, shares, {"veteran": 1, "minion-2": 2, "minion-3": 4})
    assert results == (
        TargetResult("veteran", 3, 1),
        TargetResult("minion-2", 2, 2),
        TargetResult("minion-3", 2, 4),
    )
    assert [(r.shifts, r.outcome) for r in results] == [
        (2, Outcome.SUCCESS),
        (0, Outcome.TIE),
        (-2, Outcome.FAIL),
    ]


@pytest.mark.parametrize(
    ("effort", "shares", "message"),
    [
        (7, {"a": 3, "b": 2, "c": 1}, r"add up to 6, but the effort is \+7"),
        (7, {"a": 7, "b": 0}, "b gets 0"),
        (0, {"a": 0}, r"positive effort can be split; this one is \+0"),
        (-1, {"a": 1}, "this one is -1"),
        (3, {}, "at least one target"),
    ],
)
def test_bad_splits_explain_themselves(effort: int, shares: dict[str, int], message: str) -> None:
    """§8: split only a positive effort, at least 1 per target, shares summing to the effort."""
    with pytest.raises(InvalidSplit, match=message):
        split_effort(effort, shares)


def test_split_attack_needs_a_defense_for_each_target_and_no_others() -> None:
    """§8: each target defends its share; only targets given a share defend."""
    with pytest.raises(InvalidSplit, match="no defense entered for b"):
        split_attack(3, {"a": 2, "b": 1}, {"a": 0})
    with pytest.raises(InvalidSplit, match="c got no share"):
        split_attack(3, {"a": 2, "b": 1}, {"a": 0, "b": 0, "c": 1})


def test_zone_attack_has_everyone_defend_the_full_effort() -> None:
    """§8: an area attack is not split; everyone in the zone, friend or foe, defends it all."""
    results = zone_attack(5, {"rozio": Effort(2, parse_faces("+000")), "cultist": 5})
    assert [(r.target, r.attack, r.defense, r.shifts) for r in results] == [
        ("rozio", 5, 3, 2),
        ("cultist", 5, 5, 0),
    ]


# --- Weapon and armor (§8) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("shifts", "outcome", "weapon", "armor", "harm", "boost"),
    [
        (2, None, 0, 0, 2, False),
        (2, None, 2, 0, 4, False),  # seed: Weapon:2 makes each hit two worse
        (2, None, 0, 2, 0, True),  # seed: Armor cuts a hit to 0 -> a boost, as on a tie
        (3, None, 1, 2, 2, False),
        (0, None, 0, 0, 0, True),  # a plain tie: a boost
        (0, None, 2, 0, 2, False),  # seed: a tie deals Weapon harm instead of the boost
        (0, None, 2, 1, 1, False),
        (0, None, 1, 3, 0, True),
        (-1, None, 4, 0, 0, False),  # a failed attack does nothing
        (2, Outcome.STYLE, 1, 0, 3, False),  # style reduced by 1 for a boost, Weapon on top
    ],
)
def test_weapon_and_armor(
    shifts: int, outcome: Outcome | None, weapon: int, armor: int, harm: int, boost: bool
) -> None:
    """§8 «Ase- ja panssariarvot»: Weapon adds to a hit (and to a tie instead of the boost),
    Armor subtracts; a hit reduced to 0 gives the attacker a boost."""
    assert harm_after_weapon_and_armor(shifts, outcome, weapon, armor) == AttackHarm(harm, boost)


def test_negative_weapon_or_armor_is_refused() -> None:
    """§8: ratings are 0 or more."""
    with pytest.raises(ValueError, match="0 or more"):
        harm_after_weapon_and_armor(2, weapon=-1)


# --- Scale (§8) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actor", "opponent", "levels"),
    [
        (Scale.MUNDANE, Scale.MUNDANE, 0),
        (Scale.SUPERNATURAL, Scale.MUNDANE, 1),
        (Scale.GODLIKE, Scale.MUNDANE, 4),
        (Scale.LEGENDARY, Scale.OTHERWORLDLY, 1),
        (Scale.MUNDANE, Scale.LEGENDARY, 0),  # only the higher side gains
    ],
)
def test_scale_levels(actor: Scale, opponent: Scale, levels: int) -> None:
    """§8 «Skaala»: Mundane, Supernatural, Otherworldly, Legendary, Godlike."""
    assert scale_levels(actor, opponent) == levels


@pytest.mark.parametrize(
    ("levels", "outcome", "roll", "result", "invokes"),
    [
        (1, Outcome.SUCCESS, 1, 2, 1),
        (2, Outcome.STYLE, 2, 4, 2),
        (3, Outcome.TIE, 3, 0, 0),  # result and invoke edges need a success
        (2, Outcome.FAIL, 2, 0, 0),
        (0, Outcome.SUCCESS, 0, 0, 0),
    ],
)
def test_scale_advantages(
    levels: int, outcome: Outcome, roll: int, result: int, invokes: int
) -> None:
    """§8: per level, +1 to the roll (chosen before rolling), or +2 to a succeeding result,
    or +1 free invoke on a successful create an advantage."""
    assert scale_roll_bonus(levels) == Bonus("scale", roll, kind="scale")
    assert scale_result_bonus(levels, outcome) == result
    assert scale_free_invokes(levels, outcome) == invokes


def test_negative_scale_difference_is_refused() -> None:
    with pytest.raises(ValueError, match="0 or more levels"):
        scale_roll_bonus(-1)


@pytest.mark.parametrize(
    ("dice", "advantage", "total", "outcome"),
    [
        ("++00", ScaleAdvantage.ROLL, 5, Outcome.SUCCESS),
        ("++00", ScaleAdvantage.RESULT, 6, Outcome.STYLE),
        ("0000", ScaleAdvantage.RESULT, 2, Outcome.FAIL),
        ("+000", ScaleAdvantage.RESULT, 3, Outcome.TIE),
        ("++00", ScaleAdvantage.FREE_INVOKES, 4, Outcome.SUCCESS),
    ],
)
def test_scale_advantage_on_a_roll(
    dice: str, advantage: ScaleAdvantage, total: int, outcome: Outcome
) -> None:
    """§8 «Skaala», one level above a Good (+3) difficulty with a Fair (+2) skill: «+1 per
    taso toimintoyritykseen» or «+2 per taso lopulliseen tulokseen jos heitto ensin
    onnistuu» (a tie gets nothing) or the free invokes, which add nothing to the roll; a
    second pick replaces the first."""
    effort = Effort(2, parse_faces(dice))
    first = with_scale_advantage(resolve(effort, 3), 1, ScaleAdvantage.ROLL)
    result = with_scale_advantage(first, 1, advantage)
    assert (result.effort.total, result.outcome) == (total, outcome)
    assert len([b for b in result.effort.bonuses if b.label == "scale"]) <= 1


def test_a_scale_result_bonus_is_labelled_and_replaced_by_the_next_pick() -> None:
    """§8 «Skaala»: «+2 per taso lopulliseen tulokseen jos heitto ensin onnistuu»; the
    bonus is the scale's, of the result kind, and picking again (the same or the roll's +1)
    replaces it rather than adding to it."""
    effort = Effort(2, parse_faces("++00"))
    result = with_scale_advantage(resolve(effort, 3), 1, ScaleAdvantage.RESULT)
    assert [(b.label, b.value, b.kind) for b in result.effort.bonuses] == [
        ("scale", 2, "scale_result")
    ]
    again = with_scale_advantage(result, 1, ScaleAdvantage.RESULT)
    assert (again.effort.total, again.outcome) == (6, Outcome.STYLE)
    rolled = with_scale_advantage(result, 1, ScaleAdvantage.ROLL)
    assert [(b.label, b.value) for b in rolled.effort.bonuses] == [("scale", 1)]
    assert (rolled.effort.total, rolled.outcome) == (5, Outcome.SUCCESS)


@pytest.mark.parametrize(
    ("scale", "opposed", "aimed", "unrolled"),
    [
        (Scale.SUPERNATURAL, False, False, True),
        (Scale.GODLIKE, False, False, True),
        (Scale.MUNDANE, False, False, False),
        (Scale.SUPERNATURAL, True, False, False),
        (Scale.SUPERNATURAL, False, True, False),
    ],
)
def test_a_create_with_supernatural_powers_and_no_direct_opposition_takes_no_roll(
    scale: Scale, opposed: bool, aimed: bool, unrolled: bool
) -> None:
    """§8 «Miten skaala toimii, kun luot edun yliluonnollisilla kyvyillä?»: «Jos luot etua
    ja sinulla ei ole suoraa vastusta, heittämisen sijaan yksinkertaisesti saat piirteen
    yhdellä ilmaisella käytöllä». Opposed, or aimed straight at another character, it is
    rolled; a mundane actor always rolls."""
    assert creates_without_roll(scale, opposed=opposed, aimed_at_another=aimed) is unrolled
