"""Rolls and what they do to the scene: building efforts, and settling a pending roll.

Every action roll becomes a :class:`PendingRoll` that remembers the scene before it took
effect (``base``). Settling computes the roll's effect on that scene from scratch, so an
invoke, a stunt, a changed defense or a cost taken afterwards settles the roll again from
the same starting point instead of patching the result of the first settlement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from fatescreen.commands.core import Context
from fatescreen.commands.errors import CommandError
from fatescreen.commands.harm_text import hit_lines
from fatescreen.commands.text import effort_text, opposition_text, quoted
from fatescreen.rules.actions import (
    Action,
    ActionOutcome,
    AspectTarget,
    apply_advantage,
    attack_reading,
    create_advantage_outcome,
    defend_outcome,
    opposition_holder,
    overcome_outcome,
    roll_boosts,
    split_advantage,
    tie_boost_reading,
)
from fatescreen.rules.aspects import GM, Aspect, AspectKind, make_id
from fatescreen.rules.big_bads import (
    INVOKE_BONUS,
    acting_scale,
    attack_harm,
    can_be_harmed,
    defender_harm,
    invoke_bonus_against,
    solo_invoke_bonus,
    solo_skill_bonus,
    standing_shields,
)
from fatescreen.rules.big_bads import pcs_facing as facing
from fatescreen.rules.character import Character, CharacterKind, Scale
from fatescreen.rules.conflict import (
    AttackHarm,
    ScaleAdvantage,
    full_defense_bonus,
    full_defense_used,
    scale_free_invokes,
    scale_levels,
    scale_roll_bonus,
    split_attack,
    teamwork,
    with_scale_advantage,
    zone_attack,
)
from fatescreen.rules.contests import (
    Contest,
    ContestSide,
    won_by_pcs,
)
from fatescreen.rules.dice import DiceRoll
from fatescreen.rules.errors import InvalidTeamwork
from fatescreen.rules.npcs import group_teamwork_bonus
from fatescreen.rules.obstacles import Hazard, hazard_attack
from fatescreen.rules.outcomes import Bonus, Effort, Outcome, RollResult, outcome_for
from fatescreen.scene.aspects import SCENE_HOLDER, add_aspect, replace_aspect
from fatescreen.scene.model import PendingHit, PendingRoll, RollPurpose, Scene

Settler = Callable[[Context, Scene, PendingRoll], tuple[Scene, tuple[str, ...]]]
"""Applies a pending roll to the scene it was rolled on (which already holds the roll as
``pending_roll``); returns the new scene and the lines that say what happened."""

SETTLERS: dict[tuple[Action, RollPurpose], Settler] = {}
"""How each kind of roll takes effect, by action and purpose; verb modules add theirs."""


def settles(action: Action, *purposes: RollPurpose) -> Callable[[Settler], Settler]:
    """Register a settler for an action with one or more purposes (a decorator)."""

    def register(settler: Settler) -> Settler:
        for purpose in purposes:
            SETTLERS[action, purpose] = settler
        return settler

    return register


def settle(
    ctx: Context, base: Scene, pending: PendingRoll, *, say: bool = True
) -> tuple[Scene, tuple[str, ...]]:
    """Apply a roll to the scene before it; the result holds the roll as ``pending_roll``.

    Args:
        ctx: The language and names.
        base: The scene before the roll took effect.
        pending: The roll.
        say: False when only the scene is wanted: the lines that say what happened are
            left unwritten (empty) by a staged settler.
    """
    base = replace(base, pending_roll=None)
    pending = replace(pending, base=base)
    if pending.scale_advantage is not ScaleAdvantage.ROLL:
        levels = roll_scale_levels(base, pending)
        pending = replace(
            pending,
            result=with_scale_advantage(pending.result, levels, pending.scale_advantage),
        )
    scene = replace(base, pending_roll=pending)
    settler = SETTLERS[pending.action, pending.purpose]
    if not say and isinstance(settler, Staged):
        return settler.apply(ctx.on(scene), scene, pending)[0], ()
    return settler(ctx.on(scene), scene, pending)


def reopen(ctx: Context) -> tuple[PendingRoll, Scene]:
    """The pending roll and the scene before it, to change the roll and settle it again.

    Raises:
        CommandError: There is no roll, or the scene has changed since it was settled (an
            invoke now would undo those changes).
    """
    pending = ctx.scene.pending_roll
    if pending is None or pending.base is None:
        raise ctx.error("error.no_roll")
    again, _ = settle(ctx, pending.base, pending, say=False)
    if again != ctx.scene:
        raise ctx.error("error.roll_closed")
    return pending, pending.base


def add_boost(scene: Scene, name: str, owner: str) -> tuple[Scene, Aspect]:
    """The scene with a boost held by ``owner``, numbered if the scene already has an
    aspect of that name (``Reeling (2)``)."""
    taken = {aspect.id for aspect in scene.aspects}
    unique, number = name, 1
    while make_id(unique) in taken:
        number += 1
        unique = f"{name} ({number})"
    boost = Aspect(unique, AspectKind.BOOST, (owner,))
    return add_aspect(scene, SCENE_HOLDER, boost), boost


@dataclass(frozen=True)
class Granted:
    """A boost a roll put in the scene: who holds it (a character, or the GM for a hazard)
    and its name there (numbered if the name was taken)."""

    owner: str
    name: str


def grant_boost(scene: Scene, name: str, owner: str) -> tuple[Scene, Granted]:
    """The scene with a boost the rules gave ``owner``, and the boost as given."""
    scene, boost = add_boost(scene, name, owner)
    return scene, Granted(owner, boost.name)


def defender_boosts(
    ctx: Context, scene: Scene, pending: PendingRoll
) -> tuple[Scene, tuple[Granted, ...]]:
    """A boost for the active opposition of a plain roll whose defense succeeded with style
    (§2 defend, via :func:`roll_boosts`)."""
    if pending.target is None or not roll_boosts(pending.action, pending.result).defender:
        return scene, ()
    scene, granted = grant_boost(scene, ctx.tr("defend.boost_name"), pending.target)
    return scene, (granted,)


def boost_notes(ctx: Context, granted: Iterable[Granted]) -> list[str]:
    """The words that announce boosts given."""
    return [
        ctx.tr("boost.gained", owner=ctx.who(boost.owner), aspect=quoted(boost.name))
        for boost in granted
    ]


def with_notes(line: str, notes: list[str]) -> str:
    """A roll's line with the boosts it gave appended."""
    return " · ".join((line, *notes))


What = TypeVar("What")
Apply = Callable[[Context, Scene, PendingRoll], tuple[Scene, What]]
"""The apply stage of a settler: the rules' decision put into the scene, and what was put."""
Say = Callable[[Context, Scene, PendingRoll, What], tuple[str, ...]]
"""The say stage of a settler: the lines for what was applied (the scene is the one after)."""


class Staged(Generic[What]):
    """A settler made of an apply stage and a say stage that reads what it applied."""

    def __init__(self, apply: Apply[What], say: Say[What]) -> None:
        self.apply = apply
        self.say = say

    def __call__(
        self, ctx: Context, scene: Scene, pending: PendingRoll
    ) -> tuple[Scene, tuple[str, ...]]:
        scene, applied = self.apply(ctx, scene, pending)
        return scene, self.say(ctx.on(scene), scene, pending, applied)


def staged(apply: Apply[What], say: Say[What]) -> Settler:
    """A settler made of an apply stage and a say stage that reads what it applied."""
    return Staged(apply, say)


# ---------------------------------------------------------------------------- efforts


def teamwork_bonus(
    ctx: Context, roller: Character, skill: str, helper_refs: Iterable[str]
) -> tuple[tuple[Bonus, ...], tuple[str, ...], tuple[str, ...]]:
    """Teamwork on a roll (§4): +1 per helper with Average (+1) or more in the skill, never
    more than the roller's rating; a mook group adds its own standing members.

    Returns:
        The bonuses, the helpers who counted and those turned away (ids).

    Raises:
        CommandError: A helper is unknown, out of the scene, named twice, the roller
            themself, or more skilled than the roller (the most skilled rolls).
    """
    bonuses: list[Bonus] = []
    if roller.kind is CharacterKind.MOOKS:
        group = group_teamwork_bonus(roller, skill)
        if group:
            bonuses.append(Bonus(ctx.tr("bonus.group"), group))
    helpers = [ctx.standing(ref) for ref in helper_refs]
    if not helpers:
        return tuple(bonuses), (), ()
    ids = [h.id for h in helpers]
    if roller.id in ids or len(set(ids)) != len(ids):
        raise ctx.error("error.helpers", name=roller.name)
    rating = roller.skill(skill)
    try:
        team = teamwork({roller.id: rating, **{h.id: h.skill(skill) for h in helpers}}, roller.id)
    except InvalidTeamwork:
        # The rules refuse: someone more skilled helps. Name the first such helper.
        better = next(h for h in helpers if h.skill(skill) > rating)
        raise ctx.error(
            "error.most_skilled",
            helper=better.name,
            roller=roller.name,
            skill=skill,
            helper_rating=ctx.rating(better.skill(skill)),
            roller_rating=ctx.rating(rating),
        ) from None
    if team.bonus:
        bonuses.append(Bonus(ctx.tr("bonus.teamwork"), team.bonus))
    return tuple(bonuses), team.helpers, team.turned_away


def scale_bonus(
    ctx: Context, side: Character | Hazard, against: Character | Hazard | None
) -> tuple[Bonus, ...]:
    """The side of higher scale gets +1 per level to its roll (§8 «Skaala», with the scale
    option or against a big bad scaled up): the advantage taken unless the actor picks
    another (``scale``)."""
    if against is None:
        return ()
    levels = scale_levels(scale_of(ctx.scene, side), scale_of(ctx.scene, against))
    if levels <= 0:
        return ()
    return (scale_roll_bonus(levels),)


def roll_scale_levels(scene: Scene, pending: PendingRoll) -> int:
    """How many levels of scale the actor of a pending roll stands above its opponent, or
    above the character a create's aspect goes on (0 without either, or when neither acts
    at a scale: see :func:`acting_scale`)."""
    other = pending.target if pending.target is not None else aimed_at(pending)
    if other is None:
        return 0
    actor = scene.character_index.get(pending.actor)
    target = scene.character_index.get(other)
    if actor is None or target is None:
        return 0  # a hazard's roll (hazards are of mundane scale), or one against an obstacle
    return scale_levels(scale_of(scene, actor), scale_of(scene, target))


def aimed_at(pending: PendingRoll) -> str | None:
    """The other character a create an advantage puts its aspect on (or on one of their
    consequences), if any: the scale advantage counts against them (§8)."""
    if pending.action is not Action.CREATE_ADVANTAGE or pending.holder is None:
        return None
    kind, _, rest = pending.holder.partition(":")
    owner = rest.split(":")[0] if kind in ("character", "consequence") else None
    return owner if owner != pending.actor else None


def solo_bonus(ctx: Context, side: Character | Hazard, skill: str) -> tuple[Bonus, ...]:
    """A big bad's solo skill bonus (§7, option a): +(PCs facing it - 1) to every skill
    roll, never above double the skill."""
    if not isinstance(side, Character) or side.solo is None:
        return ()
    value = solo_skill_bonus(side.solo, side.skill(skill), pcs_facing(ctx.scene))
    return (Bonus(ctx.tr("bonus.solo"), value, kind="solo"),) if value else ()


def solo_opponent(scene: Scene, pending: PendingRoll, against: str | None) -> Character | None:
    """The big bad with solo options that an invoke on the pending roll works against: the
    defender for an invoke on the roll, the actor for one that helps a defense."""
    opponent = scene.character_index.get(
        (pending.target if against is None else pending.actor) or ""
    )
    return opponent if opponent is not None and opponent.solo is not None else None


def solo_invoke_value(
    scene: Scene, pending: PendingRoll, invoker: str, against: str | None, *, paid: bool
) -> int:
    """What an invoke adds under a big bad's solo options (§7): its own invokes paid with a
    fate point +(PCs facing it) (option c), invokes against it +1 (option d), else +2."""
    own = scene.character_index.get(invoker)
    if own is not None and own.solo is not None:
        return solo_invoke_bonus(own.solo, pcs_facing(scene), paid=paid)
    opposed = solo_opponent(scene, pending, against)
    return invoke_bonus_against(opposed.solo) if opposed and opposed.solo else INVOKE_BONUS


def pcs_facing(scene: Scene) -> int:
    """The PCs still standing in the scene: the group a big bad's solo bonus counts."""
    return facing(scene.characters)


def won_names(scene: Scene) -> tuple[str, ...]:
    """The challenges and contests the PCs have won in the scene (the rules'
    :func:`won_by_pcs`): what a big bad's immunity waits for (§7)."""
    return won_by_pcs(scene.challenges, scene.contests, {c.id for c in scene.pcs})


def scale_of(scene: Scene, side: Character | Hazard) -> Scale:
    """The scale a side acts at (the rules' :func:`acting_scale`); a hazard's is mundane."""
    if isinstance(side, Hazard):
        return Scale.MUNDANE
    return acting_scale(side, scene.rules.scale)


def action_effort(
    ctx: Context,
    actor: Character | Hazard,
    skill: str,
    entered: DiceRoll | None,
    helper_refs: Iterable[str] = (),
    against: Character | Hazard | None = None,
) -> tuple[Effort, tuple[str, ...], tuple[str, ...]]:
    """The acting side's effort: rating, dice (entered or rolled), teamwork and scale.

    Returns:
        The effort, the helpers who counted and those turned away.
    """
    refs = tuple(helper_refs)
    if isinstance(actor, Hazard):
        if refs:
            raise ctx.error("error.hazard_help", name=actor.name)
        return Effort(actor.rating, ctx.dice(entered), scale_bonus(ctx, actor, against)), (), ()
    bonuses, helpers, turned_away = teamwork_bonus(ctx, actor, skill, refs)
    bonuses += scale_bonus(ctx, actor, against) + solo_bonus(ctx, actor, skill)
    return Effort(actor.skill(skill), ctx.dice(entered), bonuses), helpers, turned_away


def defense_effort(
    ctx: Context,
    defender: Character,
    skill: str,
    entered: DiceRoll | None,
    against: Character | Hazard | None = None,
) -> Effort:
    """A defense roll, with +2 while the defender holds a full defense (§8) and its scale."""
    bonuses = tuple(
        full_defense_bonus(fd) for fd in ctx.scene.full_defenses if fd.target == defender.id
    )
    labelled = tuple(Bonus(ctx.tr("bonus.full_defense"), b.value) for b in bonuses)
    labelled += scale_bonus(ctx, defender, against) + solo_bonus(ctx, defender, skill)
    return Effort(defender.skill(skill), ctx.dice(entered), labelled)


def mark_defended(scene: Scene, defenders: Iterable[str]) -> Scene:
    """The scene with the full defenses of ``defenders`` marked as used."""
    ids = set(defenders)
    if not any(fd.target in ids for fd in scene.full_defenses):
        return scene
    return replace(
        scene,
        full_defenses=tuple(
            full_defense_used(fd) if fd.target in ids else fd for fd in scene.full_defenses
        ),
    )


def with_hits(scene: Scene, hits: Iterable[PendingHit]) -> Scene:
    """The scene with hits waiting: the first to absorb now, the rest queued."""
    queue = tuple(hits)
    return replace(scene, pending_hit=queue[0] if queue else None, queued_hits=queue[1:])


def helpers_note(ctx: Context, pending: PendingRoll) -> str:
    """`` (teamwork: Rozio, Vitor)`` for a roll with helpers, else nothing."""
    if not pending.helpers:
        return ""
    return ctx.tr("roll.helpers", names=ctx.names(pending.helpers))


# ---------------------------------------------------------------------------- overcome


def overcome_reading(pending: PendingRoll) -> ActionOutcome:
    """The reading of an overcome's outcome the table chose (§2): the default one, a fail
    taken as success at a serious cost, or a tie taken as a fail with a boost."""
    reading = overcome_outcome(pending.result)
    if pending.tie_boost is not None:
        return tie_boost_reading(Action.OVERCOME, pending.result.outcome) or reading
    if pending.cost is not None and reading.alternatives and not reading.succeeded:
        return reading.alternatives[0]
    return reading


def overcome_achieved(pending: PendingRoll) -> bool:
    """Whether an overcome gets what it was after: success, a tie (at a minor cost), or a
    fail the table turned into success at a serious cost."""
    return overcome_reading(pending).succeeded


def overcome_verdict(ctx: Context, pending: PendingRoll) -> str:
    """What an overcome's outcome means, with the cost taken if any."""
    outcome = pending.result.outcome
    if pending.tie_boost is not None and outcome is Outcome.TIE:
        return ctx.tr("overcome.tie_boost")
    if outcome is Outcome.FAIL and pending.cost is not None:
        return ctx.tr("overcome.at_cost", cost=pending.cost or ctx.tr("cost.unnamed"))
    if outcome is Outcome.TIE and pending.cost:
        return ctx.tr("overcome.tie_cost", cost=pending.cost)
    return ctx.tr(f"overcome.{outcome.value}")


def overcome_line(
    ctx: Context, pending: PendingRoll, key: str = "overcome.line", **extra: str
) -> str:
    """The line for an overcome roll (``key`` for a purpose's own wording)."""
    result = pending.result
    return ctx.tr(
        key,
        actor=ctx.who(pending.actor),
        skill=pending.skill,
        effort=effort_text(ctx, result.effort),
        opposition=opposition_text(ctx, result),
        result=overcome_verdict(ctx, pending),
        **extra,
    ) + helpers_note(ctx, pending)


@dataclass(frozen=True)
class OvercomeApplied:
    """What a plain overcome put in the scene: its boosts (its opponent's full defense used
    says nothing)."""

    boosts: tuple[Granted, ...]


def apply_overcome(
    ctx: Context, scene: Scene, pending: PendingRoll
) -> tuple[Scene, OvercomeApplied]:
    """A plain overcome's boosts, and the opponent's full defense used."""
    if pending.target is not None:
        scene = mark_defended(scene, (pending.target,))
    scene, boosts = overcome_boosts(ctx, scene, pending)
    return scene, OvercomeApplied(boosts)


def say_overcome(
    ctx: Context, scene: Scene, pending: PendingRoll, applied: OvercomeApplied
) -> tuple[str, ...]:
    """The line of a plain overcome, with its boosts."""
    return (with_notes(overcome_line(ctx, pending), boost_notes(ctx, applied.boosts)),)


settle_overcome = settles(Action.OVERCOME, RollPurpose.PLAIN)(staged(apply_overcome, say_overcome))


def overcome_boosts(
    ctx: Context, scene: Scene, pending: PendingRoll
) -> tuple[Scene, tuple[Granted, ...]]:
    """The boosts an overcome gives (§2): with style, or a tie taken as a fail with a boost,
    for the actor; a defense with style for the opposition."""
    granted: tuple[Granted, ...] = ()
    boosts = roll_boosts(Action.OVERCOME, pending.result, reading=overcome_reading(pending))
    if boosts.actor:
        name = pending.tie_boost or ctx.tr("overcome.boost_name")
        scene, boost = grant_boost(scene, name, invoke_owner(scene, pending.actor))
        granted = (boost,)
    scene, more = defender_boosts(ctx, scene, pending)
    return scene, granted + more


# ---------------------------------------------------------------------------- create


def aspects_at(scene: Scene, holder: str) -> tuple[Aspect, ...]:
    """The aspects held by the scene, a zone or a character."""
    kind, _, rest = holder.partition(":")
    if kind == "zone":
        return scene.zone(rest).aspects
    if kind == "character":
        return scene.character(rest).current_aspects
    if kind == "consequence":
        character_id, _, index = rest.partition(":")
        slot_aspect = scene.character(character_id).consequences[int(index)].aspect
        return () if slot_aspect is None else (slot_aspect,)
    return scene.aspects


def contest_side_of(scene: Scene, member: str) -> tuple[Contest, ContestSide] | None:
    """The running contest with ``member`` on a side, and that side."""
    for contest in scene.contests:
        if contest.winner is None:
            for side in contest.sides:
                if member in side.members:
                    return contest, side
    return None


def invoke_owner(scene: Scene, actor: str) -> str:
    """Who holds the free invokes an actor earns: the character, or the GM for a hazard."""
    return actor if actor in scene.character_index else GM


def opposition_of(scene: Scene, pending: PendingRoll) -> str | None:
    """Who gains the opposition's free invoke on a failed create an advantage: the facts
    of the scene, with the rules' :func:`opposition_holder` deciding."""
    kind, _, rest = (pending.holder or "").partition(":")
    actor = scene.character_index.get(pending.actor)
    return opposition_holder(
        pending.actor,
        named=pending.cost_for,
        active_opponent=pending.target,
        aspect_owner=rest.split(":")[0] if kind in ("character", "consequence") else None,
        contest_opponent=_contest_opponent(scene, pending.actor),
        actor_is_pc=actor is not None and actor.kind is CharacterKind.PC,
    )


def _contest_opponent(scene: Scene, actor: str) -> str | None:
    """The first member of another side of a running contest the actor is in."""
    for contest in scene.contests:
        sides = [side for side in contest.sides if actor in side.members]
        if contest.winner is None and sides:
            others = [m for side in contest.sides if side not in sides for m in side.members]
            if others:
                return others[0]
    return None


@dataclass(frozen=True)
class Verdict:
    """What a create an advantage did to its aspect, as the catalog words it
    (``create.KEY``)."""

    key: str
    aspect: str
    holder: str = ""
    """Who gained the opposition's free invoke, if anyone."""
    count: int = 0
    """The free invokes the aspect now gives the actor, where the words count them."""


@dataclass(frozen=True)
class CreateApplied:
    """What a create an advantage put in the scene."""

    verdict: Verdict
    boosts: tuple[Granted, ...]
    """The opposition's boosts for a defense with style."""


def apply_create(ctx: Context, scene: Scene, pending: PendingRoll) -> tuple[Scene, CreateApplied]:
    """Apply a create-an-advantage result to the aspect it worked on (§2).

    A new aspect gets 1 or 2 free invokes for the actor (the GM for hazards); a tie gives
    a boost instead. An existing aspect gains free invokes, revealed if it was hidden; a
    fail on a known one gives the opposition a free invoke. A fail taken at a serious cost
    creates the aspect with the opposition's free invoke.
    """
    assert pending.aspect is not None and pending.holder is not None
    target = pending.aspect_target or AspectTarget.NEW
    outcome = create_advantage_outcome(pending.result, target)
    at_cost = pending.cost is not None and outcome.outcome is Outcome.FAIL
    if at_cost and outcome.alternatives:
        outcome = outcome.alternatives[0]
    extra = 0
    if pending.scale_advantage is ScaleAdvantage.FREE_INVOKES and outcome.succeeded:
        extra = scale_free_invokes(roll_scale_levels(scene, pending), outcome.outcome)
        outcome = replace(outcome, free_invokes=outcome.free_invokes + extra)
    owner = invoke_owner(scene, pending.actor)
    existing = next(
        (a for a in aspects_at(scene, pending.holder) if a.name == pending.aspect), None
    )
    opposition = opposition_of(scene, pending)
    if existing is None:  # a new aspect: the create verb found none of its name there
        fresh = Aspect(pending.aspect)  # a situation aspect
        # At a cost the aspect exists with the opposition's free invoke: in a contest, the
        # other side's, as the side chose to keep its roll (§5 «Edun luominen kilpailussa»).
        made = apply_advantage(outcome, fresh, owner, opposition or GM)
        if made is not None:
            scene = add_aspect(scene, pending.holder, made)
            if outcome.opposition_free_invoke:
                verdict = Verdict("at_cost", pending.aspect, holder=opposition or GM)
            elif extra:
                verdict = Verdict("existing", pending.aspect, count=outcome.free_invokes)
            else:
                verdict = Verdict(outcome.outcome.value, pending.aspect)
        elif outcome.boost:
            scene, boost = add_boost(scene, pending.aspect, owner)
            verdict = Verdict("tie_boost", boost.name)
        else:
            verdict = Verdict("fail", pending.aspect)
    else:
        scene, verdict = _apply_existing(ctx, scene, pending, existing, outcome, opposition)
    boosts: tuple[Granted, ...] = ()
    if pending.target is not None:
        scene = mark_defended(scene, (pending.target,))
        scene, boosts = defender_boosts(ctx, scene, pending)
    return scene, CreateApplied(verdict, boosts)


def _apply_existing(
    ctx: Context,
    scene: Scene,
    pending: PendingRoll,
    existing: Aspect,
    outcome: ActionOutcome,
    opposition: str | None,
) -> tuple[Scene, Verdict]:
    assert pending.holder is not None
    owner = invoke_owner(scene, pending.actor)
    if outcome.boost:
        scene, boost = add_boost(scene, ctx.tr("create.boost_name"), owner)
        return scene, Verdict("hidden_boost", boost.name)
    if outcome.opposition_free_invoke and opposition is None:
        return scene, Verdict("existing_fail", existing.name)
    updated = apply_advantage(outcome, existing, owner, opposition or GM)
    assert updated is not None
    if updated != existing:
        scene = replace_aspect(scene, pending.holder, existing, updated)
    if outcome.opposition_free_invoke:
        return scene, Verdict("existing_opposed", existing.name, holder=opposition or GM)
    if not outcome.succeeded:
        return scene, Verdict("fail_hidden", existing.name)
    return scene, Verdict("existing", existing.name, count=outcome.free_invokes)


def say_create(
    ctx: Context, scene: Scene, pending: PendingRoll, applied: CreateApplied
) -> tuple[str, ...]:
    """The line of a create an advantage: what became of the aspect, and its boosts."""
    assert pending.aspect is not None
    actor = ctx.who(pending.actor)
    verdict = applied.verdict
    holder = ctx.who(verdict.holder)  # nobody's name where no one holds an invoke
    result = ctx.tr(
        f"create.{verdict.key}",
        aspect=quoted(verdict.aspect),
        actor=actor,
        holder=holder,
        count=verdict.count,
    )
    line = ctx.tr(
        "create.line",
        actor=actor,
        aspect=quoted(pending.aspect),
        skill=pending.skill,
        effort=effort_text(ctx, pending.result.effort),
        opposition=opposition_text(ctx, pending.result),
        result=result,
    ) + helpers_note(ctx, pending)
    return (with_notes(line, boost_notes(ctx, applied.boosts)),)


settle_create = settles(Action.CREATE_ADVANTAGE, RollPurpose.PLAIN)(
    staged(apply_create, say_create)
)


@dataclass(frozen=True)
class Advanced:
    """What a create an advantage split among targets did to one of them (§8)."""

    target: str
    share: int
    verdict: Verdict
    boosts: tuple[Granted, ...]
    """The target's boost for a defense with style."""


def apply_split_create(
    ctx: Context, scene: Scene, pending: PendingRoll
) -> tuple[Scene, tuple[Advanced, ...]]:
    """A create an advantage split among targets (§8), as the rules'
    :func:`split_advantage` decides it: each share against its target's defense puts the
    aspect on that target (1 free invoke, 2 with style), gives the actor a boost on a tie,
    or nothing on a fail; nothing until every target has defended."""
    assert pending.aspect is not None
    if any(t.effort is None for t in pending.targets):
        return scene, ()
    defenses = {t.target: t.effort for t in pending.targets if t.effort is not None}
    shares = {t.target: t.share or 0 for t in pending.targets}
    owner = invoke_owner(scene, pending.actor)
    done: list[Advanced] = []
    for one in split_advantage(pending.result.effort, shares, defenses):
        target, outcome = one.result.target, one.outcome
        made = apply_advantage(outcome, Aspect(pending.aspect), owner, GM)
        if made is not None:
            scene = add_aspect(scene, f"character:{target}", made)
            verdict = Verdict(outcome.outcome.value, pending.aspect)
        elif outcome.boost:
            scene, boost = add_boost(scene, pending.aspect, owner)
            verdict = Verdict("tie_boost", boost.name)
        else:
            verdict = Verdict("target_fail", pending.aspect, holder=target)
        boosts: tuple[Granted, ...] = ()
        defense = RollResult(defenses[target], one.result.attack)
        if defend_outcome(defense).boost:
            scene, granted = grant_boost(scene, ctx.tr("defend.boost_name"), target)
            boosts = (granted,)
        done.append(Advanced(target, one.result.attack, verdict, boosts))
    return mark_defended(scene, defenses), tuple(done)


def say_split_create(
    ctx: Context, scene: Scene, pending: PendingRoll, done: tuple[Advanced, ...]
) -> tuple[str, ...]:
    """The create's line, then each target's (or the call to split the effort)."""
    effort = pending.result.effort
    actor = ctx.who(pending.actor)
    head = ctx.tr(
        "create.split_line",
        actor=actor,
        aspect=quoted(pending.aspect or ""),
        targets=ctx.names(t.target for t in pending.targets),
        skill=pending.skill,
        effort=effort_text(ctx, effort),
    ) + helpers_note(ctx, pending)
    if not done:
        return head, ctx.tr("attack.split_prompt", count=len(pending.targets), total=effort.total)
    lines = [head]
    for target, one in zip(pending.targets, done, strict=True):
        assert target.effort is not None
        verdict = one.verdict
        result = ctx.tr(
            f"create.{verdict.key}",
            aspect=quoted(verdict.aspect),
            actor=actor,
            holder=ctx.who(verdict.holder),
        )
        line = ctx.tr(
            "create.target_line",
            defender=ctx.who(one.target),
            share=ctx.rating(one.share),
            skill=target.skill,
            defense=effort_text(ctx, target.effort),
            result=result,
        )
        lines.append(with_notes(line, boost_notes(ctx, one.boosts)))
    return tuple(lines)


settle_split_create = settles(Action.CREATE_ADVANTAGE, RollPurpose.SPLIT)(
    staged(apply_split_create, say_split_create)
)


# ---------------------------------------------------------------------------- attacks


def attack_verdict(
    ctx: Context,
    outcome: Outcome,
    harm: int,
    immune: Character | None = None,
    shields: tuple[str, ...] = (),
) -> str:
    """``hit for 5 shifts``, ``miss``, ``tie`` (the boost is announced after it)..."""
    if outcome is Outcome.FAIL:
        return ctx.tr("attack.miss")
    if immune is not None and immune.immunity is not None and outcome.succeeded:
        kinds = immune.immunity.kinds
        # Immune to one kind of harm only: say which («fyysisesti, henkisesti»).
        key = f"attack.immune_{next(iter(kinds)).value}" if len(kinds) == 1 else "attack.immune"
        return ctx.tr(key, name=immune.name, until=immune.immunity.until)
    if shields and outcome.succeeded:
        return ctx.tr("attack.shielded", shields=ctx.names(shields))
    if harm == 0:
        return ctx.tr("attack.tie_boost" if outcome is Outcome.TIE else "attack.armor_boost")
    if outcome is Outcome.STYLE:
        return ctx.tr("attack.style", shifts=harm)
    return ctx.tr("attack.hit", shifts=harm)


def _hit_for(
    scene: Scene, pending: PendingRoll, defender: Character, shifts: int, outcome: Outcome
) -> tuple[AttackHarm, PendingHit | None]:
    # Cover behind a block that weakens the attack adds its Armor (§7), with or without
    # the Weapon-and-Armor option.
    armor = (defender.armor if scene.rules.weapons_and_armor else 0) + pending.armor
    solo = defender.solo
    facing_pcs = pcs_facing(scene)  # what a big bad's solo options count
    harmable = _immune(scene, pending, defender) is None
    shielded = bool(shielding(scene, defender))
    hazard = scene.obstacle_index.get(pending.actor)
    if isinstance(hazard, Hazard) and outcome is outcome_for(shifts):
        # A hazard's attack (§7): its effort against the defense total that leaves these
        # shifts, its own Weapon added on a tie or better, the defender's Armor taken off.
        effort = pending.result.effort
        rolled = hazard_attack(hazard, effort.total - shifts, effort.dice, armor, effort.bonuses)
        harm = defender_harm(
            AttackHarm(harm=rolled.harm, boost=rolled.boost),
            solo=solo,
            pcs_facing=facing_pcs,
            harmable=harmable,
            shielded=shielded,
        )
    else:
        harm = attack_harm(
            shifts,
            outcome,
            weapon=pending.weapon,
            armor=armor,
            solo=solo,
            pcs_facing=facing_pcs,
            harmable=harmable,
            shielded=shielded,
        )
    if harm.harm <= 0:
        return harm, None
    return harm, PendingHit(defender.id, harm.harm, pending.kind, pending.actor or None)


def shielding(scene: Scene, defender: Character) -> tuple[str, ...]:
    """Ids of the standing parts that shield a swarm's heart from harm (§7), if the
    defender is one."""
    if defender.swarm is None:
        return ()
    return standing_shields(defender.swarm, scene.character_index)


def _immune(scene: Scene, pending: PendingRoll, defender: Character) -> Character | None:
    """The defender, when its immunity stops this attack's harm (§7), else None."""
    if can_be_harmed(defender.immunity, won_names(scene), pending.kind):
        return None
    return defender


@dataclass(frozen=True)
class Struck:
    """What an attack did to one defender."""

    defender: str
    outcome: Outcome
    """The outcome as said (a success with style traded for a boost is a success)."""
    harm: int
    immune: Character | None
    """The defender, when its immunity stopped the harm (§7)."""
    shields: tuple[str, ...]
    """The standing parts that shield a swarm's heart (§7)."""
    boosts: tuple[Granted, ...]
    hit: PendingHit | None
    attack: int
    """The attack the defender faced (a split attack's share)."""


def _strike(
    ctx: Context,
    scene: Scene,
    pending: PendingRoll,
    defender: Character,
    shifts: int,
    outcome: Outcome,
    defense: RollResult | None,
    attack: int,
) -> tuple[Scene, Struck]:
    harm, hit = _hit_for(scene, pending, defender, shifts, outcome)
    scene, boosts = attack_boosts(ctx, scene, pending, harm, defense, defender.id)
    immune = _immune(scene, pending, defender)
    shields = shielding(scene, defender)
    struck = Struck(defender.id, outcome, harm.harm, immune, shields, boosts, hit, attack)
    return scene, struck


def attack_boosts(
    ctx: Context,
    scene: Scene,
    pending: PendingRoll,
    harm: AttackHarm,
    defense: RollResult | None,
    defender: str,
) -> tuple[Scene, tuple[Granted, ...]]:
    """The boosts an attack on one defender gives (§2, §8): the attacker's on a tie or when
    Armor cuts the harm to 0; the defender's for a defense with style (``defense`` is the
    defender's roll against the attack)."""
    granted: list[Granted] = []
    if harm.boost:
        owner = invoke_owner(scene, pending.actor)
        scene, boost = grant_boost(scene, ctx.tr("attack.boost_name"), owner)
        granted.append(boost)
    if defense is not None and defend_outcome(defense).boost:
        scene, boost = grant_boost(scene, ctx.tr("defend.boost_name"), defender)
        granted.append(boost)
    return scene, tuple(granted)


def _struck_verdict(ctx: Context, struck: Struck) -> str:
    return attack_verdict(ctx, struck.outcome, struck.harm, struck.immune, struck.shields)


@dataclass(frozen=True)
class AttackApplied:
    """What an attack on one defender put in the scene."""

    struck: Struck
    traded: Granted | None
    """The boost a success with style was traded for."""


def apply_attack(ctx: Context, scene: Scene, pending: PendingRoll) -> tuple[Scene, AttackApplied]:
    """An attack on one defender: its boosts, and the hit (if any) waiting to be absorbed."""
    assert pending.target is not None
    result = pending.result
    defender = scene.character(pending.target)
    reading = attack_reading(result, traded=pending.traded_for is not None)
    traded = reading.traded_shifts > 0
    shifts = result.shifts - reading.traded_shifts
    defense = opposing_result(result) if result.opposing_effort is not None else None
    attack = result.effort.total
    scene, struck = _strike(ctx, scene, pending, defender, shifts, result.outcome, defense, attack)
    given: Granted | None = None
    if traded and pending.traded_for is not None:
        owner = invoke_owner(scene, pending.actor)
        scene, given = grant_boost(scene, pending.traded_for, owner)
        struck = replace(struck, outcome=Outcome.SUCCESS)
    hits = (struck.hit,) if struck.hit else ()
    scene = with_hits(mark_defended(scene, (defender.id,)), hits)
    return scene, AttackApplied(struck, given)


def say_attack(
    ctx: Context, scene: Scene, pending: PendingRoll, applied: AttackApplied
) -> tuple[str, ...]:
    """The line of an attack on one defender, its boosts, and the hit to absorb."""
    result = pending.result
    attacker = ctx.who(pending.actor)
    struck = applied.struck
    key = "hazard.line" if pending.actor in scene.obstacle_index else "attack.line"
    line = ctx.tr(
        key,
        attacker=attacker,
        hazard=attacker,
        defender=ctx.who(struck.defender),
        attack_skill=pending.skill,
        effort=effort_text(ctx, result.effort),
        skill=pending.defense_skill or "",
        defense=opposition_text(ctx, result),
        result=_struck_verdict(ctx, struck),
    ) + helpers_note(ctx, pending)
    if pending.armor and pending.refs:
        line += " · " + ctx.tr(
            "attack.cover",
            defender=ctx.who(struck.defender),
            block=scene.obstacle_index[pending.refs[0]].name,
            armor=pending.armor,
        )
    if applied.traded is not None:
        aspect = quoted(applied.traded.name)
        line += " · " + ctx.tr("attack.traded", attacker=attacker, aspect=aspect)
    line = with_notes(line, boost_notes(ctx, struck.boosts))
    hit = struck.hit
    return (line, *hit_lines(ctx, scene, hit)) if hit else (line,)


settle_attack = settles(Action.ATTACK, RollPurpose.PLAIN)(staged(apply_attack, say_attack))


def apply_targets(
    ctx: Context, scene: Scene, pending: PendingRoll
) -> tuple[Scene, tuple[Struck, ...]]:
    """An attack on several targets (§8): a split effort, each defending its share, or a
    zone attack that everyone there defends in full; nothing until every target has
    defended."""
    effort = pending.result.effort
    if any(t.effort is None for t in pending.targets):
        return scene, ()
    defenses = {t.target: t.effort for t in pending.targets if t.effort is not None}
    if pending.purpose is RollPurpose.ZONE_ATTACK:
        results = zone_attack(effort, defenses)
    else:
        shares = {t.target: t.share or 0 for t in pending.targets}
        results = split_attack(effort, shares, defenses)
    struck: list[Struck] = []
    for target, result in zip(pending.targets, results, strict=True):
        defender = scene.character(target.target)
        assert target.effort is not None
        defense = RollResult(target.effort, result.attack)
        scene, one = _strike(
            ctx, scene, pending, defender, result.shifts, result.outcome, defense, result.attack
        )
        struck.append(one)
    scene = with_hits(mark_defended(scene, defenses), (s.hit for s in struck if s.hit))
    return scene, tuple(struck)


def say_targets(
    ctx: Context, scene: Scene, pending: PendingRoll, struck: tuple[Struck, ...]
) -> tuple[str, ...]:
    """The attack's line, then each target's (or the call for their defenses)."""
    effort = pending.result.effort
    attacker = ctx.who(pending.actor)
    # a hazard attacks with its rating, not a skill: its line names no skill
    hazard = ".hazard" if pending.actor in scene.obstacle_index else ""
    if pending.purpose is RollPurpose.ZONE_ATTACK:
        head = ctx.tr(
            "attack.zone_line" + hazard,
            attacker=attacker,
            zone=scene.zone(pending.refs[0]).name,
            skill=pending.skill,
            effort=effort_text(ctx, effort),
        )
    else:
        head = ctx.tr(
            "attack.split_line" + hazard,
            attacker=attacker,
            targets=ctx.names(t.target for t in pending.targets),
            skill=pending.skill,
            effort=effort_text(ctx, effort),
        )
    head += helpers_note(ctx, pending)
    if not struck:
        count = len(pending.targets)
        return head, ctx.tr("attack.split_prompt", count=count, total=effort.total)
    lines = [head]
    for target, one in zip(pending.targets, struck, strict=True):
        assert target.effort is not None
        line = ctx.tr(
            "attack.target_line",
            defender=ctx.who(one.defender),
            attack=ctx.rating(one.attack),
            skill=target.skill,
            defense=effort_text(ctx, target.effort),
            result=_struck_verdict(ctx, one),
        )
        lines.append(with_notes(line, boost_notes(ctx, one.boosts)))
    if scene.pending_hit is not None:
        lines += hit_lines(ctx, scene, scene.pending_hit)
        if scene.queued_hits:
            lines.append(ctx.tr("hit.queued", names=ctx.names(h.target for h in scene.queued_hits)))
    return tuple(lines)


settle_targets = settles(Action.ATTACK, RollPurpose.SPLIT, RollPurpose.ZONE_ATTACK)(
    staged(apply_targets, say_targets)
)


def require_roll_of(ctx: Context, *actions: Action) -> PendingRoll:
    """The pending roll, if it is one of ``actions``.

    Raises:
        CommandError: No roll, or a roll of another action.
    """
    pending = ctx.scene.pending_roll
    if pending is None:
        raise ctx.error("error.no_roll")
    if pending.action not in actions:
        raise ctx.error("error.wrong_roll", action=ctx.tr(f"action.{pending.action.value}"))
    return pending


def opposing_result(result: RollResult) -> RollResult:
    """The same roll seen from the opposing side (its effort against the actor's)."""
    assert result.opposing_effort is not None
    return RollResult(result.opposing_effort, result.effort.total, result.effort)


def check_not_hazard_overcome(ctx: Context, actor: Character | Hazard) -> Character:
    """Hazards attack and create advantages but never overcome (§7).

    Raises:
        CommandError: The actor is a hazard.
    """
    if isinstance(actor, Hazard):
        raise ctx.error("error.hazard_overcome", name=actor.name)
    return actor


def no_hit_waiting(ctx: Context) -> None:
    """Refuse a new roll while a hit waits to be absorbed.

    Raises:
        CommandError: A hit is pending; the message says whose and how to settle it.
    """
    hit = ctx.scene.pending_hit
    if hit is not None:
        raise CommandError(ctx.tr("error.hit_pending", name=ctx.who(hit.target), shifts=hit.shifts))
