"""The four actions, their outcome tables, default skills and difficulty guidance (§1-§2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from fatescreen.rules.aspects import GM, Aspect
from fatescreen.rules.character import Character, StressKind
from fatescreen.rules.conflict import TargetResult, split_attack
from fatescreen.rules.outcomes import Effort, Outcome, RollResult, outcome_for
from fatescreen.rules.skills import ENGLISH_ROLES, SkillRoles


class Action(StrEnum):
    """The four actions a character can roll for."""

    OVERCOME = "overcome"
    CREATE_ADVANTAGE = "create"
    ATTACK = "attack"
    DEFEND = "defend"


class Cost(StrEnum):
    """The price of a success: none, a minor cost, or a serious cost."""

    NONE = "none"
    MINOR = "minor"
    SERIOUS = "serious"


class AspectTarget(StrEnum):
    """What a create-an-advantage roll works on: a new aspect, or an existing one."""

    NEW = "new"
    EXISTING_KNOWN = "known"
    EXISTING_HIDDEN = "hidden"


class Chooser(StrEnum):
    """Who may pick an alternative reading of an outcome."""

    TABLE = "table"
    """The GM and the players involved talk it over."""
    ACTOR = "actor"
    """The character who rolled."""
    OWNER = "owner"
    """The owner of the hidden aspect the roll was aimed at."""


@dataclass(frozen=True)
class ActionOutcome:
    """What happens when an action gets an outcome, as plain data.

    The fields describe the default reading; ``alternatives`` lists the other readings
    the rules allow (e.g. success at a serious cost instead of a fail), each naming who
    may choose it in ``chosen_by``.
    """

    action: Action
    outcome: Outcome
    succeeded: bool
    """The actor gets what they were after (possibly at a cost)."""
    cost: Cost = Cost.NONE
    boost: bool = False
    """The actor gains a boost."""
    free_invokes: int = 0
    """Free invokes the actor gets on the aspect created or worked on."""
    aspect_created: bool = False
    """A new situation aspect comes into play."""
    opposition_free_invoke: bool = False
    """The opposition (the aspect's owner, for an existing aspect) gets one free invoke on it."""
    reveal: bool = False
    """A hidden aspect becomes known."""
    hits: bool = False
    """The attack lands: the target must absorb ``hit`` shifts."""
    hit: int = 0
    """Shifts of harm; 0 in the tables, filled from the roll by :func:`attack_outcome`."""
    traded_shifts: int = 0
    """Shifts of the hit given up for the boost (an attack with style)."""
    target: AspectTarget | None = None
    """For create an advantage, what the roll worked on."""
    chosen_by: Chooser | None = None
    """For an alternative, who may choose it; None for the default reading."""
    alternatives: tuple[ActionOutcome, ...] = ()


def _with_target(entry: ActionOutcome, target: AspectTarget) -> ActionOutcome:
    alternatives = tuple(_with_target(alternative, target) for alternative in entry.alternatives)
    return replace(entry, target=target, alternatives=alternatives)


_O = Action.OVERCOME
_C = Action.CREATE_ADVANTAGE
_A = Action.ATTACK

OVERCOME_TABLE: Final[Mapping[Outcome, ActionOutcome]] = MappingProxyType(
    {
        Outcome.FAIL: ActionOutcome(
            _O,
            Outcome.FAIL,
            succeeded=False,
            alternatives=(
                ActionOutcome(
                    _O, Outcome.FAIL, succeeded=True, cost=Cost.SERIOUS, chosen_by=Chooser.TABLE
                ),
            ),
        ),
        Outcome.TIE: ActionOutcome(
            _O,
            Outcome.TIE,
            succeeded=True,
            cost=Cost.MINOR,
            alternatives=(
                ActionOutcome(
                    _O, Outcome.TIE, succeeded=False, boost=True, chosen_by=Chooser.ACTOR
                ),
            ),
        ),
        Outcome.SUCCESS: ActionOutcome(_O, Outcome.SUCCESS, succeeded=True),
        Outcome.STYLE: ActionOutcome(_O, Outcome.STYLE, succeeded=True, boost=True),
    }
)
"""Overcome (§2): fail, or success at a serious cost; tie: success at a minor cost, or fail
with a boost; success; success with style adds a boost."""

_CREATE_ADVANTAGE_ROWS: Final[Mapping[AspectTarget, Mapping[Outcome, ActionOutcome]]] = {
    AspectTarget.NEW: {
        Outcome.FAIL: ActionOutcome(
            _C,
            Outcome.FAIL,
            succeeded=False,
            alternatives=(
                ActionOutcome(
                    _C,
                    Outcome.FAIL,
                    succeeded=True,
                    cost=Cost.SERIOUS,
                    aspect_created=True,
                    opposition_free_invoke=True,
                    chosen_by=Chooser.TABLE,
                ),
            ),
        ),
        Outcome.TIE: ActionOutcome(_C, Outcome.TIE, succeeded=False, boost=True),
        Outcome.SUCCESS: ActionOutcome(
            _C, Outcome.SUCCESS, succeeded=True, aspect_created=True, free_invokes=1
        ),
        Outcome.STYLE: ActionOutcome(
            _C, Outcome.STYLE, succeeded=True, aspect_created=True, free_invokes=2
        ),
    },
    AspectTarget.EXISTING_KNOWN: {
        Outcome.FAIL: ActionOutcome(_C, Outcome.FAIL, succeeded=False, opposition_free_invoke=True),
        Outcome.TIE: ActionOutcome(_C, Outcome.TIE, succeeded=True, free_invokes=1),
        Outcome.SUCCESS: ActionOutcome(_C, Outcome.SUCCESS, succeeded=True, free_invokes=1),
        Outcome.STYLE: ActionOutcome(_C, Outcome.STYLE, succeeded=True, free_invokes=2),
    },
    AspectTarget.EXISTING_HIDDEN: {
        Outcome.FAIL: ActionOutcome(
            _C,
            Outcome.FAIL,
            succeeded=False,
            alternatives=(
                ActionOutcome(
                    _C,
                    Outcome.FAIL,
                    succeeded=False,
                    reveal=True,
                    opposition_free_invoke=True,
                    chosen_by=Chooser.OWNER,
                ),
            ),
        ),
        Outcome.TIE: ActionOutcome(_C, Outcome.TIE, succeeded=False, boost=True),
        Outcome.SUCCESS: ActionOutcome(
            _C, Outcome.SUCCESS, succeeded=True, free_invokes=1, reveal=True
        ),
        Outcome.STYLE: ActionOutcome(
            _C, Outcome.STYLE, succeeded=True, free_invokes=2, reveal=True
        ),
    },
}
"""The rows of create an advantage (§2) by target, before they name their target."""

CREATE_ADVANTAGE_TABLE: Final[Mapping[AspectTarget, Mapping[Outcome, ActionOutcome]]] = (
    MappingProxyType(
        {
            target: MappingProxyType(
                {outcome: _with_target(row, target) for outcome, row in rows.items()}
            )
            for target, rows in _CREATE_ADVANTAGE_ROWS.items()
        }
    )
)
"""Create an advantage (§2), by target: a new aspect, an existing known or hidden one."""

ATTACK_TABLE: Final[Mapping[Outcome, ActionOutcome]] = MappingProxyType(
    {
        Outcome.FAIL: ActionOutcome(_A, Outcome.FAIL, succeeded=False),
        Outcome.TIE: ActionOutcome(_A, Outcome.TIE, succeeded=False, boost=True),
        Outcome.SUCCESS: ActionOutcome(_A, Outcome.SUCCESS, succeeded=True, hits=True),
        Outcome.STYLE: ActionOutcome(
            _A,
            Outcome.STYLE,
            succeeded=True,
            hits=True,
            alternatives=(
                ActionOutcome(
                    _A,
                    Outcome.STYLE,
                    succeeded=True,
                    hits=True,
                    boost=True,
                    traded_shifts=1,
                    chosen_by=Chooser.ACTOR,
                ),
            ),
        ),
    }
)
"""Attack (§2): fail, no hit; tie, a boost; success, a hit for the shifts; with style the
attacker may take one shift less to gain a boost."""


def _with_hit(entry: ActionOutcome, shifts: int) -> ActionOutcome:
    hit = shifts - entry.traded_shifts if entry.hits else 0
    alternatives = tuple(_with_hit(alternative, shifts) for alternative in entry.alternatives)
    return replace(entry, hit=hit, alternatives=alternatives)


def outcome_of(
    action: Action,
    outcome: Outcome,
    *,
    shifts: int = 0,
    target: AspectTarget = AspectTarget.NEW,
) -> ActionOutcome:
    """Look an outcome up in the table of an overcome, create-an-advantage or attack action.

    Args:
        action: The action rolled; not DEFEND (see :func:`defend_outcome`).
        outcome: The outcome of the roll.
        shifts: The roll's shifts, used for an attack's hit.
        target: For create an advantage, what the roll works on.

    Raises:
        ValueError: ``action`` is DEFEND, whose result depends on the attacker's action.
    """
    if action is Action.OVERCOME:
        return OVERCOME_TABLE[outcome]
    if action is Action.CREATE_ADVANTAGE:
        # The row is given its target here, on each call, rather than read from the table
        # built at import: the same entry, from code that the tests run.
        return _with_target(_CREATE_ADVANTAGE_ROWS[target][outcome], target)
    if action is Action.ATTACK:
        return _with_hit(ATTACK_TABLE[outcome], shifts)
    raise ValueError("a defense takes the outcome of the action it opposes; use defend_outcome")


def overcome_outcome(result: RollResult) -> ActionOutcome:
    """What an overcome roll achieves (§2)."""
    return outcome_of(Action.OVERCOME, result.outcome)


def create_advantage_outcome(
    result: RollResult, target: AspectTarget = AspectTarget.NEW
) -> ActionOutcome:
    """What a create-an-advantage roll achieves on a new, known or hidden aspect (§2)."""
    return outcome_of(Action.CREATE_ADVANTAGE, result.outcome, target=target)


def unrolled_advantage(target: AspectTarget = AspectTarget.NEW) -> ActionOutcome:
    """What a create an advantage that takes no roll achieves (§8, see
    :func:`~fatescreen.rules.conflict.creates_without_roll`): «saat piirteen yhdellä
    ilmaisella käytöllä» — the aspect with one free invoke, created, or worked on (and
    revealed, if it was hidden)."""
    return replace(
        outcome_of(Action.CREATE_ADVANTAGE, Outcome.SUCCESS, target=target), alternatives=()
    )


@dataclass(frozen=True)
class TargetAdvantage:
    """What a create an advantage split among several targets does to one of them (§8)."""

    result: TargetResult
    """The target's share, its defense and the actor's shifts against it."""
    outcome: ActionOutcome
    """What the share achieves on the aspect put on this target (§2)."""


def split_advantage(
    effort: int | Effort, shares: Mapping[str, int], defenses: Mapping[str, int | Effort]
) -> tuple[TargetAdvantage, ...]:
    """A create an advantage on several targets, each aspect put on its own target (§8
    «Useampaan kohteeseen vaikuttaminen»): «Jos joku kokee tärkeämmäksi lisätä piirre
    jokaiselle kohteelle erikseen, hänen pitää jakaa vaikutuksensa» — the effort is split
    as an attack's is (:func:`~fatescreen.rules.conflict.split_attack`), each target
    defends against its share, and each share's outcome is a create an advantage's on a
    new aspect.

    Raises:
        InvalidSplit: The split breaks a rule, or a target has no defense or is not a target.
    """
    return tuple(
        TargetAdvantage(result, outcome_of(Action.CREATE_ADVANTAGE, result.outcome))
        for result in split_attack(effort, shares, defenses)
    )


def attack_outcome(result: RollResult) -> ActionOutcome:
    """What an attack achieves (§2); a hit carries the roll's shifts."""
    return outcome_of(Action.ATTACK, result.outcome, shifts=result.shifts)


def style_trade(result: RollResult) -> ActionOutcome | None:
    """The reading an attack with style offers its attacker (§2 «Hyökkää»): one shift of
    the hit given up for a boost; None for any other attack."""
    return next(
        (reading for reading in attack_outcome(result).alternatives if reading.traded_shifts),
        None,
    )


def attack_reading(result: RollResult, *, traded: bool = False) -> ActionOutcome:
    """The reading of an attack the attacker chose (§2): the default one, or with style the
    hit one shift smaller for a boost when ``traded`` (no other attack can trade)."""
    trade = style_trade(result) if traded else None
    return trade or attack_outcome(result)


def opposition_holder(
    actor: str,
    *,
    named: str | None = None,
    active_opponent: str | None = None,
    aspect_owner: str | None = None,
    contest_opponent: str | None = None,
    actor_is_pc: bool = False,
) -> str | None:
    """Who «vastustaja» is when a failed create an advantage gives the opposition a free
    invoke (§2 «Luo etu»): whoever the table named, else the active opponent, else the
    owner of the aspect worked on (unless the actor worked on their own), else the other
    side of a running contest, else the GM against a PC; None when there is no one (an NPC
    rolling against a difficulty)."""
    owner = aspect_owner if aspect_owner != actor else None
    for holder in (named, active_opponent, owner, contest_opponent):
        if holder is not None:
            return holder
    return GM if actor_is_pc else None


@dataclass(frozen=True)
class DefendOutcome:
    """A defense seen from the defender, with the outcome it gives the opposed action."""

    outcome: Outcome
    """The defender's own outcome."""
    attacker_outcome: Outcome
    """The outcome to resolve the opposed action with."""
    attacker_shifts: int
    """The opposed action's shifts (the hit, for an attack that lands)."""
    boost: bool
    """The defender gains a boost (defense with style)."""

    @property
    def succeeded(self) -> bool:
        """True when the defense stops the opposed action."""
        return self.outcome.succeeded


def defend_outcome(result: RollResult) -> DefendOutcome:
    """Resolve a defense (§2): fail, the attacker succeeds; tie, the attacker's tie; success,
    the attacker's fail; style, the attacker's fail and a boost for the defender.

    Args:
        result: The defender's effort against the opposed action's effort.
    """
    attacker_shifts = -result.shifts
    return DefendOutcome(
        outcome=result.outcome,
        attacker_outcome=outcome_for(attacker_shifts),
        attacker_shifts=attacker_shifts,
        boost=result.outcome is Outcome.STYLE,
    )


@dataclass(frozen=True)
class RollBoosts:
    """Who gains a boost from a roll once it is settled (§2, §8)."""

    actor: bool = False
    """The roller: an attack's tie (or Armor cutting the harm to 0), an overcome with style,
    an overcome's tie taken as a fail with a boost, a create an advantage's tie."""
    defender: bool = False
    """The active opposition: a defense that succeeds with style."""


def roll_boosts(
    action: Action,
    result: RollResult,
    *,
    reading: ActionOutcome | None = None,
    harm_boost: bool | None = None,
) -> RollBoosts:
    """The boosts a settled roll gives, from the action's table and :func:`defend_outcome`.

    Args:
        action: The action rolled (overcome, create an advantage or attack).
        result: The roll; an opposing effort means the opposition defended.
        reading: The reading of the outcome the table chose, when not the default one
            (an overcome's tie taken as a fail with a boost).
        harm_boost: For an attack, whether Weapon and Armor leave a boost
            (:func:`~fatescreen.rules.conflict.harm_after_weapon_and_armor`): a tie without
            Weapon, or harm cut to 0.
    """
    if action is Action.ATTACK and harm_boost is not None:
        actor = harm_boost
    else:
        entry = reading or outcome_of(action, result.outcome, shifts=result.shifts)
        actor = entry.boost
    defender = False
    if result.opposing_effort is not None:
        seen = RollResult(result.opposing_effort, result.effort.total, result.effort)
        defender = defend_outcome(seen).boost
    return RollBoosts(actor=actor, defender=defender)


def tie_boost_reading(action: Action, outcome: Outcome) -> ActionOutcome | None:
    """The alternative reading of a tie that gives the actor a boost instead of success at
    a minor cost (§2 overcome: «Vaihtoehtoisesti voit epäonnistua ja saada itse
    särmän»), or None when the action's table offers none for this outcome."""
    if action is not Action.OVERCOME:
        return None
    entry = OVERCOME_TABLE[outcome]
    return next((alt for alt in entry.alternatives if alt.boost), None)


def apply_advantage(
    outcome: ActionOutcome, aspect: Aspect, actor: str, opposition: str
) -> Aspect | None:
    """The aspect as it stands after a create-an-advantage outcome.

    Args:
        outcome: A create-an-advantage outcome (the default reading or a chosen alternative).
        aspect: The aspect worked on; for a new aspect, the aspect as it would be created.
        actor: Who rolled; receives the free invokes.
        opposition: Who opposed (the owner, for an existing aspect); receives the opposition's
            free invoke.

    Returns:
        The updated aspect, or None when a new aspect was not created (the actor may still
        gain a boost: see ``outcome.boost``).

    Raises:
        ValueError: ``outcome`` is not a create-an-advantage outcome.
    """
    if outcome.action is not Action.CREATE_ADVANTAGE:
        raise ValueError(f"not a create-an-advantage outcome: {outcome.action.value}")
    if outcome.target is AspectTarget.NEW and not outcome.aspect_created:
        return None
    updated = aspect.with_free_invokes(actor, outcome.free_invokes)
    if outcome.opposition_free_invoke:
        updated = updated.with_free_invokes(opposition)
    if outcome.reveal:
        updated = updated.revealed()
    return updated


def attack_kind(attack_skill: str, roles: SkillRoles = ENGLISH_ROLES) -> StressKind | None:
    """The kind of harm a default attack skill deals, or None for a skill that does not
    attack by default (the GM or the table may still allow it)."""
    return roles.attack_kind(attack_skill)


def default_defense(
    attack_skill: str, *, melee: bool | None = None, roles: SkillRoles = ENGLISH_ROLES
) -> tuple[str, ...]:
    """The default skills that defend against an attack made with ``attack_skill`` (§2).

    Args:
        attack_skill: The attacker's skill, in any letter case.
        melee: Whether the attack is in melee; by default only a Fight attack is.
        roles: The skill list's roles.

    Returns:
        Skill names, Athletics or Will first; empty for a skill that does not attack by
        default.
    """
    kind = roles.attack_kind(attack_skill)
    if kind is None:
        return ()
    skills = roles.defenses(attack_skill)
    in_melee = attack_skill.strip().casefold() == roles.melee.casefold() if melee is None else melee
    if kind is StressKind.PHYSICAL and in_melee and roles.melee not in skills:
        skills = (*skills, roles.melee)
    if kind is StressKind.PHYSICAL and not in_melee:
        skills = skills[:1]
    return skills


DIFFICULTY_PER_REASON: Final = 2
"""Each reason an action is hard adds +2 to the difficulty (§1)."""


def difficulty_for(reasons: int) -> int:
    """Suggested difficulty from the number of reasons the task is hard (§1).

    Not hard: Mediocre (+0), or no roll at all. One reason: Fair (+2). Each further
    reason: +2 more.

    Raises:
        ValueError: ``reasons`` is negative.
    """
    if reasons < 0:
        raise ValueError(f"the number of reasons cannot be negative ({reasons})")
    return DIFFICULTY_PER_REASON * reasons


def best_defense(
    defender: Character,
    attack_skill: str,
    kind: StressKind | None = None,
    roles: SkillRoles = ENGLISH_ROLES,
) -> str:
    """The defender's best default skill against an attack made with ``attack_skill``:
    Athletics or (in melee) Fight for physical harm, Will for mental (§2). ``kind`` is the
    harm when the skill does not attack by default (a hazard's, or one the table allowed);
    physical when not given."""
    options = roles.defenses(attack_skill, kind)
    if kind is not None and roles.attack_kind(attack_skill) not in (None, kind):
        options = roles.defenses("", kind)
    return max(options, key=lambda skill: (defender.skill(skill), -options.index(skill)))


def _out_of_reach(attacker: Character, defenders: Sequence[Character]) -> bool:
    """Whether any defender stands in another zone than the attacker (§4 zones): melee
    reaches only one's own zone. Someone placed nowhere is within reach."""
    return any(
        attacker.zone is not None and d.zone is not None and d.zone != attacker.zone
        for d in defenders
    )


def default_attack_skill(
    attacker: Character, defenders: Sequence[Character] = (), *, roles: SkillRoles = ENGLISH_ROLES
) -> str:
    """The attack skill when the GM names none (§2, §4 zones): the ranged skill at someone
    in another zone (melee reaches only one's own zone, whatever the attacker's ranged
    rating), else the better of melee and ranged, melee on a tie.

    Args:
        attacker: Who attacks.
        defenders: Whom they attack; none for an attack not yet aimed.
        roles: The skill list's roles.
    """
    if _out_of_reach(attacker, defenders):
        return roles.ranged
    return max(roles.attacks, key=lambda skill: (attacker.skill(skill), skill == roles.melee))
