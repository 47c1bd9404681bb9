"""Conflict tools: popcorn turn order, full defense, teamwork, targets, weapons and scale."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from fatescreen.rules.character import Scale
from fatescreen.rules.errors import InvalidSplit, InvalidTeamwork, InvalidValue, TurnOrderError
from fatescreen.rules.ladder import signed
from fatescreen.rules.outcomes import Bonus, Effort, Outcome, RollResult, outcome_for, resolve


def effort_total(value: int | Effort) -> int:
    """The number an effort or a fixed value stands for on the ladder."""
    return value.total if isinstance(value, Effort) else value


def _listing(ids: Iterable[str]) -> str:
    names = ", ".join(ids)
    return names or "nobody"


# --- Popcorn turn order (§4) ------------------------------------------------------------


@dataclass(frozen=True)
class TurnOrder:
    """The popcorn turn order of a conflict or contest (§4); everything is held as ids.

    Hazards take turns, so their ids are participants like any character's.
    """

    exchange: int = 1
    participants: tuple[str, ...] = ()
    acted: tuple[str, ...] = ()
    """Who has taken, or is taking, a turn this exchange, in order.

    Someone who leaves after acting stays listed, so rejoining in the same exchange does not
    give them a second turn.
    """
    up: str | None = None
    """Who is acting now; None before the first turn or after the actor left the order."""

    def __post_init__(self) -> None:
        if self.exchange < 1:
            raise InvalidValue(
                f"exchanges are counted from 1, not {self.exchange}",
                code="exchange.from_one",
                exchange=self.exchange,
            )
        for label, ids in (("participants", self.participants), ("acted", self.acted)):
            repeated = sorted({pid for pid in ids if ids.count(pid) > 1})
            if repeated:
                raise InvalidValue(
                    f"{_listing(repeated)} listed twice in the turn order's {label}",
                    code=f"turn.twice_{label}",
                    names=_listing(repeated),
                )
        if self.up is not None:
            if self.up not in self.participants:
                raise InvalidValue(
                    f"{self.up} is up but is not taking part", code="turn.up_out", name=self.up
                )
            if self.up not in self.acted:
                raise InvalidValue(
                    f"{self.up} is up but is not listed as acting this exchange",
                    code="turn.up_not_acting",
                    name=self.up,
                )

    @property
    def started(self) -> bool:
        """True once someone has taken a turn this exchange."""
        return bool(self.acted)


def may_pick(order: TurnOrder) -> tuple[str, ...]:
    """Who may take the next turn this exchange: participants who have not acted yet."""
    return tuple(pid for pid in order.participants if pid not in order.acted)


def exchange_over(order: TurnOrder) -> bool:
    """True when everyone taking part has had a turn this exchange."""
    return order.started and not may_pick(order)


def _must_take_part(order: TurnOrder, pid: str, choices: tuple[str, ...]) -> None:
    if pid not in order.participants:
        raise TurnOrderError(
            f"{pid} is not in the turn order; pick one of: {_listing(choices)}",
            code="conflict.must_take_part",
            pid=pid,
            value=_listing(choices),
        )


def start(order: TurnOrder, first: str) -> TurnOrder:
    """Begin the exchange with ``first`` acting, as the table agreed (§4).

    Raises:
        TurnOrderError: The exchange has already begun, or ``first`` is not taking part.
    """
    if order.started:
        raise TurnOrderError(
            f"exchange {order.exchange} has already begun; hand the turn on instead",
            code="conflict.start",
            exchange=order.exchange,
        )
    _must_take_part(order, first, order.participants)
    return replace(order, acted=(first,), up=first)


def hand_to(order: TurnOrder, next_id: str) -> TurnOrder:
    """The one who is up finishes acting and picks ``next_id`` to act next (§4).

    Anyone who has not acted this exchange may be picked, PC or NPC alike. If the actor has
    left the order, the GM picks the same way.

    Raises:
        TurnOrderError: The exchange has not begun or is over, or ``next_id`` has already
            acted or is not taking part; the message names who may be picked.
    """
    if not order.started:
        raise TurnOrderError(
            f"exchange {order.exchange} has not begun; start it with one of: "
            f"{_listing(order.participants)}",
            code="conflict.hand_to",
            exchange=order.exchange,
            value=_listing(order.participants),
        )
    choices = may_pick(order)
    if not choices:
        picker = order.up or "the GM"
        raise TurnOrderError(
            f"everyone has acted in exchange {order.exchange}; "
            f"{picker} picks who starts exchange {order.exchange + 1}",
            code="conflict.hand_to_2",
            exchange=order.exchange,
            picker=picker,
            value=order.exchange + 1,
        )
    if next_id in order.acted and next_id in order.participants:
        raise TurnOrderError(
            f"{next_id} has already acted in exchange {order.exchange}; "
            f"pick one of: {_listing(choices)}",
            code="conflict.hand_to_3",
            next_id=next_id,
            exchange=order.exchange,
            value=_listing(choices),
        )
    _must_take_part(order, next_id, choices)
    return replace(order, acted=(*order.acted, next_id), up=next_id)


def next_exchange(order: TurnOrder, first: str) -> TurnOrder:
    """Start the next exchange once everyone has acted (§4).

    The last actor picks who starts it and may pick themself.

    Raises:
        TurnOrderError: Someone has not acted yet, or ``first`` is not taking part.
    """
    waiting = may_pick(order)
    if waiting:
        raise TurnOrderError(
            f"exchange {order.exchange} is not over: {_listing(waiting)} still to act",
            code="conflict.next_exchange",
            exchange=order.exchange,
            value=_listing(waiting),
        )
    _must_take_part(order, first, order.participants)
    return TurnOrder(
        exchange=order.exchange + 1, participants=order.participants, acted=(first,), up=first
    )


def add_participant(order: TurnOrder, pid: str) -> TurnOrder:
    """Someone joins the turn order; they may be picked this exchange unless they already acted.

    Raises:
        TurnOrderError: They are already taking part.
    """
    if pid in order.participants:
        raise TurnOrderError(
            f"{pid} is already in the turn order", code="conflict.add_participant", pid=pid
        )
    return replace(order, participants=(*order.participants, pid))


def remove_participant(order: TurnOrder, pid: str) -> TurnOrder:
    """Someone leaves the turn order (taken out, conceded, fled).

    If they were up, nobody is up and the GM picks the next actor with :func:`hand_to`.

    Raises:
        TurnOrderError: They are not taking part.
    """
    _must_take_part(order, pid, order.participants)
    return replace(
        order,
        participants=tuple(other for other in order.participants if other != pid),
        up=None if order.up == pid else order.up,
    )


# --- Full defense (§8) -----------------------------------------------------------------

FULL_DEFENSE_BONUS = 2
"""Bonus to every defense covered by a full defense."""


@dataclass(frozen=True)
class FullDefense:
    """A full defense declared instead of acting, lasting until the defender's next turn (§8).

    ``target`` is what the defense covers: usually the defender, but it may be another
    character, a group of enemies to hinder, or an outcome to prevent.
    """

    defender: str
    target: str = ""
    exchange: int = 1
    defended: bool = False
    """True once the defender had to defend under it."""

    def __post_init__(self) -> None:
        if not self.target:
            object.__setattr__(self, "target", self.defender)


def declare_full_defense(
    defender: str, target: str | None = None, exchange: int = 1
) -> FullDefense:
    """Declare a full defense as the defender's action this exchange (§8).

    Args:
        defender: The id of the character giving up their action.
        target: What the defense covers; the defender by default.
        exchange: The exchange in which it was declared.
    """
    return FullDefense(defender=defender, target=target or defender, exchange=exchange)


def full_defense_bonus(full_defense: FullDefense) -> Bonus:
    """The +2 added to each defense roll the full defense covers; marks nothing by itself."""
    return Bonus(label=f"full defense ({full_defense.target})", value=FULL_DEFENSE_BONUS)


def full_defense_used(full_defense: FullDefense) -> FullDefense:
    """The full defense after the defender had to defend under it."""
    return replace(full_defense, defended=True)


def full_defense_earns_boost(full_defense: FullDefense) -> bool:
    """At the defender's next turn: True if they never had to defend, so they gain a boost."""
    return not full_defense.defended


# --- Teamwork (§4) ---------------------------------------------------------------------

TEAMWORK_MINIMUM = 1
"""A helper needs at least Average (+1) in the skill to add anything."""


@dataclass(frozen=True)
class Teamwork:
    """A teamwork roll: who rolls, whose help counts and whose does not (§4).

    Counted helpers spend their action and share the roller's costs; turned-away helpers
    (below Average, or beyond the cap) keep their action.
    """

    roller: str
    rating: int
    helpers: tuple[str, ...] = ()
    turned_away: tuple[str, ...] = ()

    @property
    def bonus(self) -> int:
        """+1 per counted helper."""
        return len(self.helpers)

    def as_bonus(self) -> Bonus:
        """The help as a labelled bonus to add to the roller's effort."""
        return Bonus(label="teamwork", value=self.bonus)


def teamwork_bonus(roller_rating: int, helper_ratings: Iterable[int]) -> int:
    """+1 per helper with Average (+1) or better, capped at the roller's rating (§4).

    Example: a Fair (+2) roller gains at most +2, however many able helpers join.
    """
    able = sum(1 for rating in helper_ratings if rating >= TEAMWORK_MINIMUM)
    return min(able, max(roller_rating, 0))


def pick_roller(ratings: Mapping[str, int]) -> str:
    """The most skilled character, who rolls for the team; ties go to the first listed.

    Raises:
        InvalidTeamwork: Nobody is named.
    """
    if not ratings:
        raise InvalidTeamwork("teamwork needs at least one character", code="conflict.pick_roller")
    best = max(ratings.values())
    return next(cid for cid, rating in ratings.items() if rating == best)


def teamwork(ratings: Mapping[str, int], roller: str | None = None) -> Teamwork:
    """Organise a teamwork roll from everyone's rating in the skill (§4).

    Args:
        ratings: Each participant's rating in the skill, in the order they offered help.
        roller: Who rolls; by default the most skilled. It must be one of the most skilled.

    Raises:
        InvalidTeamwork: Nobody is named, or ``roller`` is missing or not the most skilled.
    """
    chosen = roller if roller is not None else pick_roller(ratings)
    if chosen not in ratings:
        raise InvalidTeamwork(
            f"{chosen} is not in the team: {_listing(ratings)}",
            code="conflict.teamwork",
            chosen=chosen,
            value=_listing(ratings),
        )
    rating = ratings[chosen]
    best = max(ratings.values())
    if rating < best:
        raise InvalidTeamwork(
            f"the most skilled character rolls: {chosen} has {signed(rating)}, "
            f"{pick_roller(ratings)} has {signed(best)}",
            code="conflict.teamwork_2",
            chosen=chosen,
            value=signed(rating),
            value_=pick_roller(ratings),
            value__=signed(best),
        )
    cap = max(rating, 0)
    helpers: list[str] = []
    turned_away: list[str] = []
    for cid, helper_rating in ratings.items():
        if cid == chosen:
            continue
        if helper_rating >= TEAMWORK_MINIMUM and len(helpers) < cap:
            helpers.append(cid)
        else:
            turned_away.append(cid)
    return Teamwork(chosen, rating, tuple(helpers), tuple(turned_away))


# --- Multiple targets (§8) -------------------------------------------------------------


@dataclass(frozen=True)
class TargetResult:
    """One target's defense against its part of an attack on several targets (§8)."""

    target: str
    attack: int
    """What this target defends against: its share, or the full effort of a zone attack."""
    defense: int

    @property
    def shifts(self) -> int:
        """The attacker's shifts against this target."""
        return self.attack - self.defense

    @property
    def outcome(self) -> Outcome:
        """The attacker's outcome against this target."""
        return outcome_for(self.shifts)


def split_effort(effort: int | Effort, shares: Mapping[str, int]) -> dict[str, int]:
    """Check a split of a positive effort among targets (§8).

    Each target must get at least 1 and the shares must add up to the effort.

    Returns:
        The shares by target, in the order given.

    Raises:
        InvalidSplit: The effort is not positive, or the shares break a rule.
    """
    total = effort_total(effort)
    if total < 1:
        raise InvalidSplit(
            f"only a positive effort can be split; this one is {signed(total)}",
            code="conflict.split_effort",
            value=signed(total),
        )
    if not shares:
        raise InvalidSplit(
            "name at least one target to split the effort among", code="conflict.split_effort_2"
        )
    for target, share in shares.items():
        if share < 1:
            raise InvalidSplit(
                f"each target gets at least 1 of the effort; {target} gets {share}",
                code="conflict.split_effort_4",
                target=target,
                share=share,
            )
    given = sum(shares.values())
    if given != total:
        raise InvalidSplit(
            f"the shares add up to {given}, but the effort is {signed(total)}",
            code="conflict.split_effort_3",
            given=given,
            value=signed(total),
        )
    return dict(shares)


def _defense_for(defenses: Mapping[str, int | Effort], target: str) -> int:
    if target not in defenses:
        raise InvalidSplit(
            f"no defense entered for {target}", code="conflict.defense_for", target=target
        )
    return effort_total(defenses[target])


def split_attack(
    effort: int | Effort,
    shares: Mapping[str, int],
    defenses: Mapping[str, int | Effort],
) -> tuple[TargetResult, ...]:
    """Resolve an attack split among targets: each defends against its own share (§8).

    Raises:
        InvalidSplit: The split breaks a rule, or a target has no defense or is not a target.
    """
    checked = split_effort(effort, shares)
    strays = [target for target in defenses if target not in checked]
    if strays:
        raise InvalidSplit(
            f"{_listing(strays)} got no share of the effort",
            code="conflict.split_attack",
            value=_listing(strays),
        )
    return tuple(
        TargetResult(target, share, _defense_for(defenses, target))
        for target, share in checked.items()
    )


def zone_attack(
    effort: int | Effort, defenses: Mapping[str, int | Effort]
) -> tuple[TargetResult, ...]:
    """Resolve an attack on a whole zone: everyone there, friend or foe, defends against the
    full effort (§8)."""
    total = effort_total(effort)
    return tuple(TargetResult(target, total, effort_total(d)) for target, d in defenses.items())


# --- Weapon and armor ratings (§8) -----------------------------------------------------


@dataclass(frozen=True)
class AttackHarm:
    """What an attack does once Weapon and Armor are counted (§8)."""

    harm: int
    """Shifts of harm the defender must absorb."""
    boost: bool
    """True when the attacker gains a boost: a tie without Weapon, or harm cut to 0 by Armor."""


def harm_after_weapon_and_armor(
    shifts: int, outcome: Outcome | None = None, weapon: int = 0, armor: int = 0
) -> AttackHarm:
    """Apply Weapon and Armor ratings to an attack's result (§8).

    A hit deals its shifts plus Weapon, minus Armor. On a tie Weapon deals its rating as
    harm instead of the tie's boost (a Weapon of 0 leaves the boost). Armor reduces any
    harm, a tie's Weapon harm included; harm reduced to 0 gives the attacker a boost, as
    if the roll had been a tie. A failed attack does nothing.

    Args:
        shifts: The attack's shifts (after any reduction the attacker chose).
        outcome: The attack's outcome; derived from ``shifts`` when omitted. Pass it when
            the two differ, e.g. a success with style reduced by 1 for a boost.
        weapon: The attacker's Weapon rating.
        armor: The defender's Armor rating.

    Raises:
        ValueError: A negative Weapon or Armor rating.
    """
    if weapon < 0 or armor < 0:
        raise ValueError(f"Weapon and Armor ratings are 0 or more, not {weapon} and {armor}")
    result = outcome if outcome is not None else outcome_for(shifts)
    if result is Outcome.FAIL:
        return AttackHarm(harm=0, boost=False)
    if result is Outcome.TIE:
        if weapon == 0:
            return AttackHarm(harm=0, boost=True)
        raw = weapon
    else:
        raw = shifts + weapon
    harm = max(raw - armor, 0)
    return AttackHarm(harm=harm, boost=harm == 0)


# --- Scale (§8) ------------------------------------------------------------------------

SCALE_ROLL_BONUS = 1
"""Per level: bonus to the roll, chosen before rolling."""
SCALE_RESULT_BONUS = 2
"""Per level: bonus to the result of a roll that already succeeds."""
SCALE_FREE_INVOKES = 1
"""Per level: extra free invokes on a successful create an advantage."""
SCALE_ROLL_KIND = "scale"
"""The :attr:`Bonus.kind` of the scale bonus to the roll."""
SCALE_RESULT_KIND = "scale_result"
"""The :attr:`Bonus.kind` of the scale bonus to the result."""


class ScaleAdvantage(StrEnum):
    """The one advantage the higher-scale side picks for an action against the lower (§8)."""

    ROLL = "roll"
    RESULT = "result"
    FREE_INVOKES = "free_invokes"


def scale_levels(actor: Scale, opponent: Scale) -> int:
    """How many levels of scale ``actor`` stands above ``opponent`` (0 if not above)."""
    return max(actor.level - opponent.level, 0)


def _check_levels(levels: int) -> None:
    if levels < 0:
        raise ValueError(f"a scale difference is 0 or more levels, not {levels}")


def scale_roll_bonus(levels: int) -> Bonus:
    """+1 per level to the roll; must be chosen before rolling (§8)."""
    _check_levels(levels)
    return Bonus(label="scale", value=SCALE_ROLL_BONUS * levels, kind=SCALE_ROLL_KIND)


def scale_result_bonus(levels: int, outcome: Outcome) -> int:
    """+2 per level to the result, only when the roll already succeeds (§8)."""
    _check_levels(levels)
    return SCALE_RESULT_BONUS * levels if outcome.succeeded else 0


def scale_free_invokes(levels: int, outcome: Outcome) -> int:
    """+1 free invoke per level on a successful create an advantage (§8)."""
    _check_levels(levels)
    return SCALE_FREE_INVOKES * levels if outcome.succeeded else 0


def creates_without_roll(actor_scale: Scale, *, opposed: bool, aimed_at_another: bool) -> bool:
    """Whether a create an advantage takes no roll (§8 «Miten skaala toimii, kun luot edun
    yliluonnollisilla kyvyillä?»).

    «Jos luot etua ja sinulla ei ole suoraa vastusta, heittämisen sijaan yksinkertaisesti
    saat piirteen yhdellä ilmaisella käytöllä»: an actor above mundane scale with no direct
    opposition. Aimed straight at another character, or against someone who opposes it, the
    action is rolled and may take the scale advantage against them; against a fixed
    difficulty it is rolled without one.

    Args:
        actor_scale: The scale the actor acts at.
        opposed: Someone opposes the roll, or a difficulty is set for it.
        aimed_at_another: The aspect goes on another character.
    """
    return actor_scale.level > 0 and not opposed and not aimed_at_another


def with_scale_advantage(result: RollResult, levels: int, advantage: ScaleAdvantage) -> RollResult:
    """The acting side's roll with the scale advantage it picked (§8 «Skaala»).

    «He saavat mihin tahansa toimintoon heikompaa osapuolta kohtaan yhden seuraavista
    eduista»: +1 per level to the roll, or +2 per level to the result when the roll
    (without it) already succeeds, or a free invoke per level on a successful create an
    advantage (see :func:`scale_free_invokes`, which adds nothing to the roll). Any scale
    bonus the effort already holds is replaced, so the pick can change while the roll is
    open and the result bonus follows later invokes.

    Args:
        result: The roll, with or without a scale bonus.
        levels: How many levels the actor stands above its opposition.
        advantage: The advantage picked.
    """
    _check_levels(levels)
    effort = result.effort.without(SCALE_ROLL_KIND, SCALE_RESULT_KIND)
    if advantage is ScaleAdvantage.ROLL and levels:
        effort = effort.with_bonus(scale_roll_bonus(levels))
    opposition = result.opposing_effort or result.opposition
    rolled = resolve(effort, opposition)
    if advantage is ScaleAdvantage.RESULT:
        bonus = scale_result_bonus(levels, rolled.outcome)
        if bonus:
            effort = effort.with_bonus(Bonus("scale", bonus, kind=SCALE_RESULT_KIND))
            rolled = resolve(effort, opposition)
    return rolled
