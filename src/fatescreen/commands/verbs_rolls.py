"""Verbs that roll: bare rolls and odds, the four actions, hazards, invokes and stunts."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.errors import CommandError
from fatescreen.commands.harm_text import hit_lines
from fatescreen.commands.names import fold
from fatescreen.rules.actions import Action, attack_kind, default_defense
from fatescreen.rules.aspects import GM, Aspect, AspectKind
from fatescreen.rules.character import Character, CharacterKind, StressKind
from fatescreen.rules.conflict import harm_after_weapon_and_armor
from fatescreen.rules.dice import DiceRoll, looks_like_faces
from fatescreen.rules.invokes import Invoke, InvokeEffect, Payment, apply_invokes
from fatescreen.rules.obstacles import Hazard
from fatescreen.rules.odds import odds
from fatescreen.rules.outcomes import Bonus, Effort, Outcome, RollResult, resolve
from fatescreen.scene.aspects import add_aspect, replace_aspect
from fatescreen.scene.model import PendingHit, PendingRoll, Scene


def effort_text(ctx: Context, effort: Effort) -> str:
    """``Great (+4) + [0 0 + +] + 2 (invoke: X) = Fantastic (+6)``."""
    bonuses = "".join(
        f" {'+' if b.value >= 0 else '-'} {abs(b.value)} ({b.label})" for b in effort.bonuses
    )
    return ctx.tr(
        "roll.effort",
        rating=ctx.rating(effort.rating),
        dice=str(effort.dice),
        bonuses=bonuses,
        total=ctx.rating(effort.total),
    )


def opposition_text(ctx: Context, result: RollResult) -> str:
    """The opposition: a difficulty, or the opposing effort in full."""
    if result.opposing_effort is not None:
        return effort_text(ctx, result.opposing_effort)
    return ctx.rating(result.opposition)


def _outcome_word(ctx: Context, outcome: Outcome) -> str:
    return ctx.tr(f"outcome.{outcome.value}")


def _percent(value: float) -> str:
    return f"{value:.0f}%"


# ---------------------------------------------------------------------------- roll, odds


@verb(
    "roll",
    "roll RATING [vs DIFFICULTY] [FACES] [+N...]",
    "Roll 4dF for a rating against a difficulty (Mediocre +0 by default).",
    aliases=("r", "heitä"),
    example="roll 3 vs 2 +0-+",
    changes_scene=False,
)
def roll(ctx: Context, args: Tokens) -> Applied:
    """A bare roll; changes nothing."""
    rating = args.number("a rating")
    difficulty = 0
    if args.keyword("vs", "vastaan"):
        difficulty = args.number("a difficulty")
    entered = args.faces()
    bonuses = []
    while args:
        word = args.take("a bonus")
        try:
            bonuses.append(Bonus("bonus", int(word)))
        except ValueError:
            raise CommandError(
                ctx.tr(
                    "error.extra",
                    verb="roll",
                    extra=word,
                    usage="roll RATING [vs DIFFICULTY] [FACES] [+N]",
                )
            ) from None
    effort = Effort(rating, ctx.dice(entered), tuple(bonuses))
    result = resolve(effort, difficulty)
    line = ctx.tr(
        "roll.line",
        who="",
        effort=effort_text(ctx, effort),
        opposition=ctx.rating(difficulty),
        outcome=_outcome_word(ctx, result.outcome),
        shifts=result.shifts,
    )
    return Applied(ctx.scene, (line,))


@verb(
    "odds",
    "odds RATING vs DIFFICULTY|opposed RATING [invokes N] [rerolls N]",
    "Exact chances of fail / tie / success / style, with invokes and rerolls.",
    aliases=("o", "todennäköisyys"),
    example="odds 3 vs 2 invokes 1",
    changes_scene=False,
)
def odds_verb(ctx: Context, args: Tokens) -> Applied:
    """Exact odds; changes nothing."""
    rating = args.number("a rating")
    opposed = False
    opposition = 0
    if args.keyword("vs", "vastaan"):
        opposed = bool(args.keyword("opposed", "rating", "vastus"))
        opposition = args.number("a difficulty")
    invokes = rerolls = 0
    while args:
        word = args.keyword("invokes", "invoke", "i", "rerolls", "reroll", "rr")
        if word is None:
            args.done()
        elif word.startswith("i"):
            invokes = args.number("the number of invokes")
        else:
            rerolls = args.number("the number of rerolls")
    if invokes < 0 or rerolls < 0 or invokes > 20 or rerolls > 5:
        raise CommandError(ctx.tr("error.nothing", what="odds"))
    chances = odds(rating, opposition, invokes=invokes, rerolls=rerolls, opposed=opposed)
    percent = chances.as_percentages()
    extra = ""
    if invokes:
        extra += ctx.tr("odds.invokes", count=invokes)
    if rerolls:
        extra += ctx.tr("odds.rerolls", count=rerolls)
    target = (
        ctx.tr("odds.opposed", rating=ctx.rating(opposition)) if opposed else ctx.rating(opposition)
    )
    line = ctx.tr(
        "odds.line",
        rating=ctx.rating(rating),
        opposition=target,
        extra=extra,
        fail=_percent(percent[Outcome.FAIL]),
        tie=_percent(percent[Outcome.TIE]),
        success=_percent(percent[Outcome.SUCCESS]),
        style=_percent(percent[Outcome.STYLE]),
    )
    return Applied(ctx.scene, (line,))


# ---------------------------------------------------------------------------- attacks


def _no_hit_waiting(ctx: Context) -> None:
    hit = ctx.scene.pending_hit
    if hit is not None:
        raise CommandError(ctx.tr("error.hit_pending", name=ctx.who(hit.target), shifts=hit.shifts))


def best_defense(ctx: Context, defender: Character, attack_skill: str) -> str:
    """The defender's best default skill against the attack (§2): Athletics or Fight for
    physical harm, Will for mental."""
    options = default_defense(attack_skill) or ("Athletics",)
    return max(options, key=lambda skill: (defender.skill(skill), -options.index(skill)))


def attack_result_lines(ctx: Context, pending: PendingRoll) -> tuple[tuple[str, ...], Scene]:
    """Resolve a pending attack into its line, the hit (if any) and the absorb options."""
    result = pending.result
    attacker = ctx.who(pending.actor)
    assert pending.target is not None
    defender = ctx.scene.character(pending.target)
    outcome = result.outcome
    harm = harm_after_weapon_and_armor(
        result.shifts, outcome, weapon=pending.weapon, armor=pending.armor
    )
    if outcome is Outcome.FAIL:
        verdict = ctx.tr("attack.miss")
    elif harm.harm == 0:
        verdict = ctx.tr(
            "attack.tie_boost" if outcome is Outcome.TIE else "attack.armor_boost",
            attacker=attacker,
        )
    elif outcome is Outcome.STYLE:
        verdict = ctx.tr("attack.style", shifts=harm.harm)
    else:
        verdict = ctx.tr("attack.hit", shifts=harm.harm)
    key = "hazard.line" if pending.actor in ctx.scene.obstacle_index else "attack.line"
    line = ctx.tr(
        key,
        attacker=attacker,
        hazard=attacker,
        defender=defender.name,
        effort=effort_text(ctx, result.effort),
        skill=pending.defense_skill or "",
        defense=opposition_text(ctx, result),
        result=verdict,
    )
    scene = replace(ctx.scene, pending_roll=pending, pending_hit=None)
    if harm.harm <= 0:
        return (line,), scene
    hit = PendingHit(defender.id, harm.harm, pending.kind, pending.actor or None)
    scene = replace(scene, pending_hit=hit)
    return (line, *hit_lines(ctx, scene, hit)), scene


_NOT_SKILLS = ("vs", "vastaan", "dice", "noppa")


def _attack(
    ctx: Context,
    actor_id: str,
    rating: int,
    skill: str,
    weapon: int,
    defender: Character,
    attack_dice: DiceRoll | None,
    defense_dice: DiceRoll | None,
    bonuses: tuple[Bonus, ...] = (),
) -> Applied:
    kind = attack_kind(skill) or StressKind.PHYSICAL
    defense_skill = best_defense(ctx, defender, skill)
    effort = Effort(rating, ctx.dice(attack_dice), bonuses)
    defense = Effort(defender.skill(defense_skill), ctx.dice(defense_dice))
    weapon_rating = weapon if ctx.scene.rules.weapons_and_armor else 0
    armor = defender.armor if ctx.scene.rules.weapons_and_armor else 0
    pending = PendingRoll(
        actor=actor_id,
        action=Action.ATTACK,
        skill=skill,
        result=resolve(effort, defense),
        target=defender.id,
        defense_skill=defense_skill,
        kind=kind,
        weapon=weapon_rating,
        armor=armor,
    )
    lines, scene = attack_result_lines(ctx, pending)
    label = ctx.tr(
        "attack.line",
        attacker=ctx.who(actor_id),
        defender=defender.name,
        effort="",
        skill="",
        defense="",
        result="",
    ).split(":")[0]
    return Applied(scene, lines, label, frozenset({"pending", f"character:{defender.id}"}))


@verb(
    "attack",
    "attack ATTACKER DEFENDER [SKILL] [FACES] [vs FACES]",
    "Attack: the defender rolls their best default defense (Athletics/Fight, or Will).",
    aliases=("a", "hyökkää"),
    example="attack leader rozio Fight +0++ vs -000",
)
def attack(ctx: Context, args: Tokens) -> Applied:
    """An attack between characters; leaves the hit pending for ``absorb``."""
    _no_hit_waiting(ctx)
    attacker = ctx.character(args.take("the attacker"))
    defender = ctx.character(args.take("the defender"))
    word = args.peek()
    if word is not None and not looks_like_faces(word) and fold(word) not in _NOT_SKILLS:
        skill = ctx.skill(attacker, args.take("a skill"))
    else:
        skill = max(("Fight", "Shoot"), key=attacker.skill)
    attack_dice = args.faces()
    defense_dice = args.faces() if args.keyword("vs", "vastaan") else None
    args.done()
    return _attack(
        ctx,
        attacker.id,
        attacker.skill(skill),
        skill,
        attacker.weapon,
        defender,
        attack_dice,
        defense_dice,
    )


@verb(
    "hazard",
    "hazard HAZARD DEFENDER [FACES] [vs FACES]",
    "A hazard's turn: it attacks with its rating and adds its Weapon on a tie or better.",
    aliases=("hz", "vaara"),
    example="hazard sniper vitor ++0- vs 0000",
)
def hazard_verb(ctx: Context, args: Tokens) -> Applied:
    """A hazard attacks a character."""
    _no_hit_waiting(ctx)
    hazard = ctx.hazard(args.take("the hazard"))
    defender = ctx.character(args.take("the defender"))
    attack_dice = args.faces()
    defense_dice = args.faces() if args.keyword("vs", "vastaan") else None
    args.done()
    return _attack(
        ctx,
        hazard.id,
        hazard.rating,
        "Shoot",
        hazard.weapon,
        defender,
        attack_dice,
        defense_dice,
    )


# ---------------------------------------------------------------------------- overcome


def _opposition(ctx: Context, args: Tokens) -> tuple[int | Effort, str | None]:
    """``vs 3`` (a difficulty), ``vs NAME [SKILL] [FACES]`` (active opposition)."""
    if not args.keyword("vs", "vastaan"):
        return 0, None
    number = args.optional_number()
    if number is not None:
        return number, None
    ref = args.take("a difficulty or an opponent")
    opponent = ctx.actor(ref)
    if isinstance(opponent, Hazard):
        return opponent.rating, opponent.id
    skill_word = args.peek()
    skill = "Athletics"
    if skill_word is not None and args.faces() is None:
        skill = ctx.skill(opponent, args.take("a skill"))
    return Effort(opponent.skill(skill), ctx.dice(args.faces())), opponent.id


def _actor_rating(ctx: Context, args: Tokens) -> tuple[str, str, int]:
    actor = ctx.actor(args.take("who acts"))
    if isinstance(actor, Hazard):
        return actor.id, actor.name, actor.rating
    skill = ctx.skill(actor, args.take("a skill"))
    return actor.id, skill, actor.skill(skill)


@verb(
    "overcome",
    "overcome ACTOR SKILL [vs DIFFICULTY|OPPONENT [SKILL]] [FACES]",
    "Overcome an obstacle: fail, tie (minor cost), success, or style (and a boost).",
    aliases=("ov", "selvitä"),
    example="overcome vitor Investigate vs 2 00++",
)
def overcome(ctx: Context, args: Tokens) -> Applied:
    """An overcome roll."""
    _no_hit_waiting(ctx)
    actor_id, skill, rating = _actor_rating(ctx, args)
    opposition, _ = _opposition(ctx, args)
    effort = Effort(rating, ctx.dice(args.faces()))
    args.done()
    result = resolve(effort, opposition)
    pending = PendingRoll(actor_id, Action.OVERCOME, skill, result)
    scene = replace(ctx.scene, pending_roll=pending)
    line = overcome_line(ctx, pending)
    return Applied(scene, (line,), line.split(":")[0], frozenset({"pending"}))


def overcome_line(ctx: Context, pending: PendingRoll) -> str:
    """The line for an overcome roll."""
    result = pending.result
    return ctx.tr(
        "overcome.line",
        actor=ctx.who(pending.actor),
        skill=pending.skill,
        effort=effort_text(ctx, result.effort),
        opposition=opposition_text(ctx, result),
        result=ctx.tr(f"overcome.{result.outcome.value}"),
    )


# ---------------------------------------------------------------------------- create


@verb(
    "create",
    'create ACTOR SKILL "ASPECT" [on TARGET|zone|scene] [vs DIFFICULTY|OPPONENT] [FACES]',
    "Create an advantage: a new aspect (or free invokes on an existing or hidden one).",
    aliases=("ca", "luo"),
    example='create vitor Crafts "On fire" on leader vs 3 0+++',
)
def create(ctx: Context, args: Tokens) -> Applied:
    """Create an advantage on a new or existing aspect."""
    _no_hit_waiting(ctx)
    actor_id, skill, rating = _actor_rating(ctx, args)
    name = args.take("the aspect's name")
    holder = "scene"
    if args.keyword("on", "kohteeseen", "@"):
        holder = ctx.holder(args.take("where the aspect goes"))
    existing = None
    try:
        existing = ctx.aspect(name)
    except CommandError:
        existing = None
    if (
        existing is not None
        and existing.aspect.name.casefold() != name.casefold()
        and (not existing.aspect.name.casefold().startswith(name.casefold()))
    ):
        existing = None
    opposition, _ = _opposition(ctx, args)
    effort = Effort(rating, ctx.dice(args.faces()))
    args.done()
    result = resolve(effort, opposition)
    holder_key = existing.holder if existing else holder
    aspect_name = existing.aspect.name if existing else name
    pending = PendingRoll(
        actor_id, Action.CREATE_ADVANTAGE, skill, result, aspect=aspect_name, holder=holder_key
    )
    scene, lines = settle_create(ctx, replace(ctx.scene, pending_roll=pending), pending)
    label = lines[0].split(":")[0]
    return Applied(scene, lines, label, frozenset({"pending", "aspects"}))


def settle_create(
    ctx: Context, scene: Scene, pending: PendingRoll
) -> tuple[Scene, tuple[str, ...]]:
    """Apply a create-an-advantage result to the aspect it worked on.

    Free invokes go to the actor (the GM for hazards). A new aspect on a success gets 1 or
    2; on a tie the actor gets a boost instead. An existing aspect gains free invokes, and
    a hidden one is revealed on a success.
    """
    result = pending.result
    owner = pending.actor if pending.actor in scene.character_index else GM
    actor = ctx.who(pending.actor)
    assert pending.aspect is not None and pending.holder is not None
    quoted = f'"{pending.aspect}"'
    existing = next(
        (a for a in _aspects_at(scene, pending.holder) if a.name == pending.aspect), None
    )
    outcome = result.outcome
    count = 2 if outcome is Outcome.STYLE else 1 if outcome.succeeded else 0
    if existing is None:
        if outcome.succeeded:
            aspect = Aspect(pending.aspect, AspectKind.SITUATION, (owner,) * count)
            scene = add_aspect(scene, pending.holder, aspect)
            verdict = ctx.tr(f"create.{outcome.value}", aspect=quoted, actor=actor)
        elif outcome is Outcome.TIE:
            scene = add_aspect(
                scene,
                pending.holder if pending.holder != "scene" else "scene",
                Aspect(pending.aspect, AspectKind.BOOST, (owner,)),
            )
            verdict = ctx.tr("create.tie")
        else:
            verdict = ctx.tr("create.fail")
    elif outcome is Outcome.FAIL:
        verdict = ctx.tr("create.existing_fail", aspect=quoted)
    elif outcome is Outcome.TIE and existing.hidden:
        scene = (
            add_aspect(
                scene,
                f"character:{owner}" if owner != GM else "scene",
                Aspect(pending.aspect, AspectKind.BOOST, (owner,)),
            )
            if owner != GM
            else scene
        )
        verdict = ctx.tr("create.hidden_tie", aspect=quoted)
    else:
        count = max(count, 1)
        updated = existing.with_free_invokes(owner, count)
        if outcome.succeeded:
            updated = updated.revealed()
        scene = replace_aspect(scene, pending.holder, existing, updated)
        verdict = ctx.tr("create.existing", aspect=quoted, count=count, actor=actor)
    line = ctx.tr(
        "create.line",
        actor=actor,
        aspect=quoted,
        skill=pending.skill,
        effort=effort_text(ctx, result.effort),
        opposition=opposition_text(ctx, result),
        result=verdict,
    )
    return scene, (line,)


def _aspects_at(scene: Scene, holder: str) -> tuple[Aspect, ...]:
    kind, _, rest = holder.partition(":")
    if kind == "zone":
        return scene.zone(rest).aspects
    if kind == "character":
        return scene.character(rest).current_aspects
    return scene.aspects


# ---------------------------------------------------------------------------- invoke


@verb(
    "invoke",
    "invoke ASPECT [by WHO] [free|paid|hostile] [reroll [FACES]|oppose]",
    "Invoke an aspect on the last roll: +2 (default), reroll, or +2 to the opposition.",
    aliases=("i", "käytä"),
    example="invoke incense by rozio free",
)
def invoke(ctx: Context, args: Tokens) -> Applied:
    """Invoke an aspect on the pending roll and recompute its outcome."""
    pending = ctx.scene.pending_roll
    if pending is None:
        raise CommandError(ctx.tr("error.no_roll"))
    target = ctx.aspect(args.take("an aspect"))
    invoker = pending.actor or GM
    payment: Payment | None = None
    effect = InvokeEffect.BONUS
    reroll_dice = None
    while args:
        if args.keyword("by", "käyttäjä"):
            invoker = ctx.character(args.take("who invokes")).id
        elif word := args.keyword("free", "paid", "hostile", "ilmainen", "maksettu"):
            payment = {
                "free": Payment.FREE,
                "ilmainen": Payment.FREE,
                "paid": Payment.PAID,
                "maksettu": Payment.PAID,
                "hostile": Payment.HOSTILE,
            }[word]
        elif args.keyword("reroll", "uusinta"):
            effect = InvokeEffect.REROLL
            reroll_dice = args.faces()
        elif args.keyword("oppose", "vastusta"):
            effect = InvokeEffect.OPPOSE
        else:
            args.done()
    aspect = target.aspect
    if invoker not in ctx.scene.character_index and pending.actor in ctx.scene.obstacle_index:
        invoker = GM
    if payment is None:
        holds = aspect.free_invokes_of(invoker) > 0
        hostile = target.owner not in (None, invoker) and _opposes(ctx, invoker, target.owner)
        payment = Payment.FREE if holds else Payment.HOSTILE if hostile else Payment.PAID
    if effect is InvokeEffect.REROLL:
        reroll_dice = ctx.dice(reroll_dice)
    payer = invoker if invoker in ctx.scene.character_index else GM
    character = ctx.scene.character_index.get(invoker)
    if character is not None and character.kind is not CharacterKind.PC:
        payer = GM
    spec = Invoke(
        target.key,
        invoker,
        payment,
        effect,
        aspect_owner=target.owner,
        payer=payer,
        reroll_dice=reroll_dice,
    )
    if payment is not Payment.FREE and target.key in pending.paid_invokes:
        raise CommandError(f"{aspect.name!r} was already invoked for a fate point on this roll")
    try:
        outcome = apply_invokes(pending.result, [spec], {target.key: aspect}, ctx.rng)
    except Exception as error:  # a rules error: explain it, change nothing
        raise CommandError(str(error)) from None
    scene = ctx.scene
    record = outcome.records[0]
    new_aspect = outcome.aspects.get(target.key)
    if new_aspect != aspect:
        scene = replace_aspect(scene, target.holder, aspect, new_aspect)
    scene = _charge(ctx, scene, record.fate_point_from, record.held_for, aspect.name)
    paid = pending.paid_invokes + ((target.key,) if payment is not Payment.FREE else ())
    new_pending = replace(pending, result=outcome.result, paid_invokes=paid)
    effect_text = {
        InvokeEffect.BONUS: ctx.tr("invoke.bonus"),
        InvokeEffect.REROLL: ctx.tr(
            "invoke.reroll", before=str(record.dice_before), after=str(record.dice_after)
        ),
        InvokeEffect.OPPOSE: ctx.tr("invoke.oppose"),
    }[effect]
    payment_text = ctx.tr(f"invoke.{payment.value}", target=ctx.who(target.owner or ""))
    head = ctx.tr(
        "invoke.line",
        who=ctx.who(invoker),
        aspect=f'"{aspect.name}"',
        payment=payment_text,
        effect=effect_text,
    )
    inner = Context(scene, ctx.rng, ctx.lang, ctx.ladder_names)
    lines, scene = recompute(inner, new_pending)
    return Applied(scene, (head, *lines), head, frozenset({"pending", "aspects", "pool", "all"}))


def _opposes(ctx: Context, invoker: str, owner: str | None) -> bool:
    if owner is None or owner not in ctx.scene.character_index:
        return False
    first = ctx.scene.character_index.get(invoker)
    second = ctx.scene.character(owner)
    if first is None:
        return second.kind is CharacterKind.PC
    return (first.kind is CharacterKind.PC) != (second.kind is CharacterKind.PC)


def _charge(
    ctx: Context, scene: Scene, payer: str | None, held_for: str | None, reason: str
) -> Scene:
    """Spend the payer's fate point (the GM pool for NPCs) and hold a hostile point."""
    from fatescreen.rules.fate_points import LedgerEntry

    if payer is not None:
        if payer == GM:
            if scene.gm_pool <= 0:
                raise CommandError("the GM pool is empty: no fate point to invoke with")
            scene = replace(scene, gm_pool=scene.gm_pool - 1)
        else:
            character = scene.character(payer)
            if character.fate_points <= 0:
                raise CommandError(f"{character.name} has no fate points left")
            scene = scene.with_character(replace(character, fate_points=character.fate_points - 1))
    if held_for is not None:
        entry = LedgerEntry(held_for, 1, f"hostile invoke of {reason}", held_until_scene_end=True)
        scene = replace(scene, held=(*scene.held, entry))
    return scene


def recompute(ctx: Context, pending: PendingRoll) -> tuple[tuple[str, ...], Scene]:
    """Show a changed pending roll again and re-derive what it does."""
    if pending.action is Action.ATTACK and pending.target is not None:
        return attack_result_lines(ctx, pending)
    scene = replace(ctx.scene, pending_roll=pending)
    if pending.action is Action.OVERCOME:
        return (overcome_line(ctx, pending),), scene
    if pending.action is Action.CREATE_ADVANTAGE:
        # the first settlement stands; show the new outcome for the table to apply
        inner = Context(scene, ctx.rng, ctx.lang, ctx.ladder_names)
        before = ctx.scene.pending_roll
        base = scene
        if before is not None and before.result.outcome is not pending.result.outcome:
            base = replace(scene, pending_roll=pending)
            base, lines = settle_create(inner, base, pending)
            return lines, base
        return (), base
    result = pending.result
    line = ctx.tr(
        "roll.line",
        who=f"{ctx.who(pending.actor)}: " if pending.actor else "",
        effort=effort_text(ctx, result.effort),
        opposition=opposition_text(ctx, result),
        outcome=ctx.tr(f"outcome.{result.outcome.value}"),
        shifts=result.shifts,
    )
    return (line,), scene


@verb(
    "stunt",
    "stunt [WHO] BONUS",
    "Add a stunt's bonus (usually +2) to the last roll.",
    aliases=("st", "temppu"),
    example="stunt rozio 2",
)
def stunt(ctx: Context, args: Tokens) -> Applied:
    """A stunt bonus on the pending roll."""
    pending = ctx.scene.pending_roll
    if pending is None:
        raise CommandError(ctx.tr("error.no_roll"))
    who = pending.actor
    bonus_value = args.optional_number()
    if bonus_value is None:
        who = ctx.character(args.take("who")).id
        bonus_value = args.number("the bonus")
    args.done()
    result = pending.result
    if who == pending.actor:
        effort = result.effort.with_bonus(Bonus("stunt", bonus_value))
        result = RollResult(effort, result.opposition + 0, result.opposing_effort)
    elif result.opposing_effort is not None:
        opposing = result.opposing_effort.with_bonus(Bonus("stunt", bonus_value))
        result = RollResult(result.effort, opposing.total, opposing)
    else:
        result = RollResult(result.effort, result.opposition + bonus_value)
    head = ctx.tr("stunt.line", name=ctx.who(who), bonus=bonus_value)
    lines, scene = recompute(ctx, replace(pending, result=result))
    return Applied(scene, (head, *lines), head, frozenset({"pending"}))
