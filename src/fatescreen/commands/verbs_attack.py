"""Verbs for attacks and defenses: attack (one target, a split among several, a zone),
hazards' attacks, changing a defense, splitting an effort, and full defense."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.errors import CommandError
from fatescreen.commands.requests import Attack, Defend, Trade
from fatescreen.commands.settle import (
    action_effort,
    add_boost,
    defense_effort,
    no_hit_waiting,
    reopen,
    require_roll_of,
    settle,
)
from fatescreen.i18n import tr
from fatescreen.rules.actions import Action, best_defense, default_attack_skill, style_trade
from fatescreen.rules.character import Character, StressKind
from fatescreen.rules.conflict import (
    FullDefense,
    declare_full_defense,
    full_defense_earns_boost,
    split_effort,
)
from fatescreen.rules.dice import DiceRoll, looks_like_faces, parse_faces
from fatescreen.rules.errors import InvalidSplit
from fatescreen.rules.obstacles import CoverMode, Hazard, block_cover
from fatescreen.rules.outcomes import Effort, RollResult, resolve
from fatescreen.scene.model import PendingRoll, RollPurpose, Scene, TargetDefense


def parse_attack(args: Tokens, *, hazard: bool = False) -> Attack:
    """Stage one of ``attack`` and ``hazard``: the whole line as a typed request (names and
    skills as typed; nothing is looked up).

    Raises:
        CommandError: The line does not follow the verb's usage.
    """
    actor = args.take(tr(args.lang, "what.hazard" if hazard else "what.attacker"))
    zone: str | None = None
    target: str | None = None
    if args.keyword("zone"):
        zone = args.take(tr(args.lang, "what.zone"))
    else:
        target = ",".join(args.names(tr(args.lang, "what.defender")))
    skill: str | None = None
    kind: str | None = None
    dice: str | None = None
    helpers: list[str] = []
    defense: list[str] = []
    cover: str | None = None
    cover_mode: str | None = None
    while args:
        faces = args.faces_text()
        if faces is not None:
            if dice is not None:
                raise args.error(
                    "error.twice", verb=args.verb_word, what=tr(args.lang, "what.dice")
                )
            dice = faces
        elif args.keyword("with"):
            helpers += args.names(tr(args.lang, "what.helpers"))
        elif cover is None and args.keyword("cover"):
            cover = args.take(tr(args.lang, "what.block"))
            cover_mode = args.keyword("blocks", "weakens")
            if cover_mode is None:
                raise args.missing(args.words_in("blocks", "weakens", sep="/"))
        elif args.keyword("vs"):
            while (faces := args.faces_text()) is not None:
                defense.append(faces)
            if not defense:
                raise args.missing(tr(args.lang, "what.defense_dice"))
        elif (word := args.keyword("physical", "mental")) is not None:
            kind = word
        elif skill is None and not hazard:
            skill = args.take(tr(args.lang, "what.skill"))
        else:
            args.done()
    return Attack(
        actor,
        target,
        skill,
        dice,
        tuple(defense),
        hazard,
        zone,
        kind,
        tuple(helpers),
        cover,
        cover_mode,
    )


def _targets(ctx: Context, request: Attack, attacker_id: str) -> tuple[list[Character], str | None]:
    """The defenders: the names listed, or everyone standing in the zone."""
    if request.zone is not None:
        zone = ctx.zone(request.zone)
        people = [
            c
            for c in ctx.scene.characters_in(zone.id)
            if c.id != attacker_id and not c.taken_out and not c.conceded
        ]
        if not people:
            raise ctx.error("error.zone_empty", zone=zone.name)
        return people, zone.id
    defenders = [ctx.standing(ref) for ref in request.targets]
    ids = [d.id for d in defenders]
    if attacker_id in ids:
        raise ctx.error("error.self", name=ctx.who(attacker_id))
    if len(set(ids)) != len(ids):
        verb = "hazard" if request.hazard else "attack"
        raise ctx.error("error.twice", verb=ctx.tr(f"cmd.{verb}"), what=ctx.tr("what.defender"))
    return defenders, None


def decide_attack(ctx: Context, request: Attack) -> PendingRoll:
    """Stage two: the attack as the rules decide it (skills, defenses, efforts and
    outcome), as the roll that settles it.

    Raises:
        CommandError: A name is unknown or out of the fight, or the dice do not fit.
    """
    attacker: Character | Hazard = (
        ctx.hazard(request.actor) if request.hazard else ctx.standing(request.actor)
    )
    defenders, zone = _targets(ctx, request, attacker.id)
    roles = ctx.scene.rules.roles
    entered_kind = StressKind(request.kind) if request.kind else None
    if isinstance(attacker, Hazard):
        skill = attacker.name
        kind = entered_kind or StressKind.PHYSICAL
        weapon = attacker.weapon
    else:
        chosen = ctx.skill(attacker, request.skill) if request.skill else None
        skill = chosen or default_attack_skill(attacker, defenders, roles=roles)
        kind = entered_kind or roles.attack_kind(skill) or StressKind.PHYSICAL
        weapon = attacker.weapon if ctx.scene.rules.weapons_and_armor else 0
    defense_dice = [parse_faces(faces) for faces in request.defense_dice]
    several = zone is not None or len(defenders) > 1
    if len(defense_dice) > len(defenders):
        raise ctx.error("error.too_many_dice", count=len(defenders))
    if several and zone is None and defense_dice:
        raise ctx.error("error.split_dice")
    single = defenders[0] if len(defenders) == 1 else None
    dice = parse_faces(request.dice) if request.dice else None
    effort, helpers, _ = action_effort(ctx, attacker, skill, dice, request.helpers, against=single)
    skills = [
        best_defense(d, "" if isinstance(attacker, Hazard) else skill, kind, roles)
        for d in defenders
    ]
    pending = PendingRoll(
        attacker.id,
        Action.ATTACK,
        skill,
        RollResult(effort, 0),
        kind=kind,
        weapon=weapon,
        helpers=helpers,
    )
    if request.cover is not None:
        if several:
            raise ctx.error("error.cover_one")
        pending = _behind_cover(ctx, request, pending, defenders[0])
    if not several:
        entered = defense_dice[0] if defense_dice else None
        defense = defense_effort(ctx, defenders[0], skills[0], entered, against=attacker)
        return replace(
            pending,
            result=resolve(effort, defense),
            target=defenders[0].id,
            defense_skill=skills[0],
        )
    if zone is not None:
        dice_list = defense_dice + [None] * (len(defenders) - len(defense_dice))
        targets = tuple(
            TargetDefense(d.id, s, defense_effort(ctx, d, s, entered, against=attacker))
            for d, s, entered in zip(defenders, skills, dice_list, strict=True)
        )
        return replace(pending, purpose=RollPurpose.ZONE_ATTACK, refs=(zone,), targets=targets)
    targets = tuple(TargetDefense(d.id, s) for d, s in zip(defenders, skills, strict=True))
    return replace(pending, purpose=RollPurpose.SPLIT, targets=targets)


def _behind_cover(
    ctx: Context, request: Attack, pending: PendingRoll, defender: Character
) -> PendingRoll:
    """The attack on a defender behind a block (§7 «Hidastavat esteet»): as the table
    decided, the block stops it (it cannot be made) or weakens it (Armor of half the
    block's rating, at least 1), as :func:`~fatescreen.rules.obstacles.block_cover` says.

    Raises:
        CommandError: The block stops the attack.
    """
    assert request.cover is not None and request.cover_mode is not None
    block = ctx.block(request.cover)
    cover = block_cover(block, CoverMode(request.cover_mode))
    if cover.blocked:
        raise ctx.error("error.cover_blocks", block=block.name, defender=defender.name)
    return replace(pending, armor=cover.armor, refs=(block.id,))


def _attack(ctx: Context, request: Attack) -> Applied:
    no_hit_waiting(ctx)
    pending = decide_attack(ctx, request)
    scene, lines = settle(ctx, ctx.scene, pending)
    return said_attack(ctx, pending, scene, lines)


def said_attack(
    ctx: Context, pending: PendingRoll, scene: Scene, lines: tuple[str, ...]
) -> Applied:
    """Stage four: what the attack did, as the log and the undo history say it."""
    defenders = [t.target for t in pending.targets] or (
        [pending.target] if pending.target is not None else []
    )
    label = ctx.tr("label.attack", attacker=ctx.who(pending.actor), defender=ctx.names(defenders))
    changed = {"pending", *(f"character:{d}" for d in defenders)}
    return Applied(scene, lines, label, frozenset(changed))


@verb(
    "attack",
    "attack ATTACKER DEFENDER[,DEFENDER...]|zone ZONE [SKILL] [physical|mental] [FACES] "
    "[with H,H] [cover BLOCK blocks|weakens] [vs FACES...]",
    aliases=("a", "hyökkää"),
    example="attack leader rozio Fight +0++ vs -000",
    parse=parse_attack,
)
def attack(ctx: Context, args: Tokens, request: Attack) -> Applied:
    """An attack; leaves the hit pending for ``absorb``, or the effort for ``split``.

    Four stages: :func:`parse_attack`, :func:`decide_attack`, :func:`settle` (which applies
    the roll to the scene) and :func:`said_attack`.
    """
    return _attack(ctx, request)


def parse_hazard(args: Tokens) -> Attack:
    """Stage one of ``hazard``: an attack whose attacker is a hazard (it names no skill)."""
    return parse_attack(args, hazard=True)


@verb(
    "hazard",
    "hazard HAZARD DEFENDER[,DEFENDER...]|zone ZONE [FACES] [cover BLOCK blocks|weakens] "
    "[vs FACES...]",
    aliases=("hz", "vaarallinen", "vaara"),
    example="hazard rocks riesa ++0- vs 0000",
    parse=parse_hazard,
)
def hazard_verb(ctx: Context, args: Tokens, request: Attack) -> Applied:
    """A hazard attacks."""
    return _attack(ctx, request)


# ---------------------------------------------------------------------------- defend


def parse_defend(args: Tokens) -> Defend:
    """Stage one of ``defend``: the whole line as a typed request (a lone word is kept as
    the skill; :func:`decide_defend` reads it as the defender if it names one).

    Raises:
        CommandError: Words are left over.
    """
    first: list[str] = []
    while args and len(first) < 2 and not _dice_next(args):
        first.append(args.take(""))
    dice = args.faces_text()
    args.done()
    if len(first) == 2:
        return Defend(first[0], first[1], dice)
    return Defend(None, first[0] if first else None, dice)


@verb(
    "defend",
    "defend [DEFENDER] [SKILL] [FACES]",
    aliases=("d", "puolusta"),
    example="defend rozio Fight -0+0",
    parse=parse_defend,
)
def defend(ctx: Context, args: Tokens, request: Defend) -> Applied:
    """Roll the defense again with another skill or entered dice, and settle again.

    Four stages: :func:`parse_defend`, :func:`decide_defend`, :func:`settle` (which applies
    the roll to the scene again) and the head line said here.
    """
    pending, base = reopen(ctx)
    defender, skill, new_pending = decide_defend(ctx, args, pending, request)
    scene, lines = settle(ctx, base, new_pending)
    head = ctx.tr(
        "defend.line", name=defender.name, skill=skill or _skill_of(new_pending, defender.id)
    )
    return Applied(scene, (head, *lines), head, frozenset({"pending", f"character:{defender.id}"}))


def decide_defend(
    ctx: Context, args: Tokens, pending: PendingRoll, request: Defend
) -> tuple[Character, str | None, PendingRoll]:
    """Stage two of ``defend``: who defends again, with which skill, and the roll with the
    new defense.

    Raises:
        CommandError: No defense to change, the defender is not clear, or nothing new.
    """
    defenders = [t.target for t in pending.targets] or (
        [pending.target] if pending.target is not None else []
    )
    if not defenders:
        raise ctx.error("error.no_defense")
    defender_id: str | None = defenders[0] if len(defenders) == 1 else None
    skill_ref = request.skill
    if request.defender is not None:
        named = _defender_named(ctx, request.defender, defenders)
        if named is None:
            # Not one of the defenders: it was the skill, and the next word is extra.
            args.words = [request.skill or ""]
            args.done()
        defender_id = named
    elif skill_ref is not None:
        named = _defender_named(ctx, skill_ref, defenders)
        if named is not None:
            defender_id, skill_ref = named, None
    if defender_id is None:
        raise ctx.error("error.which_defender", names=ctx.names(defenders))
    defender = ctx.scene.character(defender_id)
    skill = ctx.skill(defender, skill_ref) if skill_ref is not None else None
    dice = parse_faces(request.dice) if request.dice is not None else None
    if skill is None and dice is None:
        raise args.missing(ctx.tr("what.skill_or_dice"))
    return defender, skill, _with_defense(ctx, pending, defender, skill, dice)


def _dice_next(args: Tokens) -> bool:
    word = args.peek()
    return word is not None and (looks_like_faces(word) or args.at_keyword("dice"))


def _defender_named(ctx: Context, word: str, defenders: list[str]) -> str | None:
    try:
        found = ctx.character(word)
    except CommandError:
        return None
    return found.id if found.id in defenders else None


def _skill_of(pending: PendingRoll, defender: str) -> str:
    for entry in pending.targets:
        if entry.target == defender:
            return entry.skill
    return pending.defense_skill or ""


def _redone(old: Effort, rating: int, dice: DiceRoll) -> Effort:
    return Effort(rating, dice, old.bonuses)


def _with_defense(
    ctx: Context,
    pending: PendingRoll,
    defender: Character,
    skill: str | None,
    dice: DiceRoll | None,
) -> PendingRoll:
    if pending.targets:
        targets: list[TargetDefense] = []
        for entry in pending.targets:
            if entry.target == defender.id:
                if entry.effort is None:
                    raise ctx.error("error.no_defense_yet", name=defender.name)
                new_skill = skill or entry.skill
                new_dice = ctx.dice(dice) if dice is not None else entry.effort.dice
                entry = replace(
                    entry,
                    skill=new_skill,
                    effort=_redone(entry.effort, defender.skill(new_skill), new_dice),
                )
            targets.append(entry)
        return replace(pending, targets=tuple(targets))
    opposing = pending.result.opposing_effort
    if opposing is None:
        raise ctx.error("error.no_defense")
    new_skill = skill or pending.defense_skill or ctx.scene.rules.roles.physical_defense
    new_dice = ctx.dice(dice) if dice is not None else opposing.dice
    defense = _redone(opposing, defender.skill(new_skill), new_dice)
    return replace(pending, result=resolve(pending.result.effort, defense), defense_skill=new_skill)


# ---------------------------------------------------------------------------- trade


def parse_trade(args: Tokens) -> Trade:
    """Stage one of ``trade``: the boost's name, if one is given."""
    return Trade(args.optional())


@verb(
    "trade",
    'trade ["BOOST"]',
    aliases=("tr", "särmäksi"),
    example='trade "Off balance"',
    parse=parse_trade,
)
def trade(ctx: Context, args: Tokens, request: Trade) -> Applied:
    """Trade one shift of a stylish hit for a boost, and settle the attack again.

    Stages: :func:`parse_trade`, the rules' :func:`style_trade` deciding whether the hit
    may be traded, :func:`settle` applying and saying the attack again, and the head line.
    """
    pending, base = reopen(ctx)
    name = (request.boost or ctx.tr("attack.boost_name")).strip()
    if (
        pending.action is not Action.ATTACK
        or pending.purpose is not RollPurpose.PLAIN
        or style_trade(pending.result) is None
    ):
        raise ctx.error("error.no_style")
    if pending.traded_for is not None:
        raise ctx.error("error.traded")
    if not name:
        raise args.missing(ctx.tr("what.aspect_name"))
    scene, lines = settle(ctx, base, replace(pending, traded_for=name))
    head = ctx.tr("trade.line", attacker=ctx.who(pending.actor), aspect=f'"{name}"')
    return Applied(scene, (head, *lines), head, frozenset({"pending", "aspects"}))


# ---------------------------------------------------------------------------- split


@dataclass(frozen=True)
class SplitRequest:
    """``split SHARE SHARE... [vs FACES...]``: each target's share of the effort, and the
    dice of their defenses, in the targets' order."""

    shares: tuple[int, ...]
    dice: tuple[DiceRoll, ...] = ()


def parse_split(args: Tokens) -> SplitRequest:
    """Stage one of ``split``: the shares, then the defenders' dice after ``vs``."""
    shares: list[int] = []
    while args and not args.at_keyword("vs"):
        shares.append(args.number(tr(args.lang, "what.share")))
    dice: list[DiceRoll] = []
    if args.keyword("vs"):
        while (faces := args.faces()) is not None:
            dice.append(faces)
    return SplitRequest(tuple(shares), tuple(dice))


@verb(
    "split",
    "split SHARE SHARE... [vs FACES...]",
    aliases=("sp", "jaa"),
    example="split 3 2 2 vs 0000 -0+0 +++0",
    parse=parse_split,
)
def split(ctx: Context, args: Tokens, request: SplitRequest) -> Applied:
    """Assign each target its share of a split attack or create an advantage; each then
    rolls its defense.

    Stages: :func:`parse_split`, the rules' :func:`split_attack` or
    :func:`split_advantage` (in :func:`settle`) deciding the shares are legal,
    :func:`settle` applying and saying it, and the head line.
    """
    pending = require_roll_of(ctx, Action.ATTACK, Action.CREATE_ADVANTAGE)
    if pending.purpose is not RollPurpose.SPLIT:
        raise ctx.error("error.not_split")
    if all(t.effort is not None for t in pending.targets):
        raise ctx.error("error.already_split")
    pending, base = reopen(ctx)
    shares, dice = request.shares, request.dice
    _check_split(ctx, pending, shares)
    count = len(pending.targets)
    if len(dice) > count:
        raise ctx.error("error.too_many_dice", count=count)
    dice_list: list[DiceRoll | None] = [*dice, *([None] * (count - len(dice)))]
    targets = tuple(
        replace(
            t, share=share, effort=defense_effort(ctx, ctx.scene.character(t.target), t.skill, d)
        )
        for t, share, d in zip(pending.targets, shares, dice_list, strict=True)
    )
    scene, lines = settle(ctx, base, replace(pending, targets=targets))
    head = ctx.tr(
        "split.line",
        attacker=ctx.who(pending.actor),
        shares=", ".join(
            f"{ctx.who(t.target)} {s}" for t, s in zip(pending.targets, shares, strict=True)
        ),
    )
    return Applied(
        scene,
        (head, *lines[1:]),
        head,
        frozenset({"pending", "aspects", *(f"character:{t.target}" for t in targets)}),
    )


def _check_split(ctx: Context, pending: PendingRoll, shares: tuple[int, ...]) -> None:
    """Stage two of ``split``: one share per target, as the rules' :func:`split_effort`
    allows them (§8: a positive effort, at least 1 each, adding up to the effort).

    Raises:
        CommandError: The effort cannot be split, or the shares break the rule.
    """
    total = pending.result.effort.total
    by_target = dict(zip((t.target for t in pending.targets), shares, strict=False))
    try:
        split_effort(total, by_target)
    except InvalidSplit as error:
        if error.code == "conflict.split_effort":
            raise ctx.error("error.split_effort", total=ctx.rating(total)) from None
    else:
        if len(shares) == len(pending.targets):
            return
    raise ctx.error(
        "error.split_shares",
        count=len(pending.targets),
        total=total,
        names=ctx.names(t.target for t in pending.targets),
    )


# ---------------------------------------------------------------------------- full defense


@dataclass(frozen=True)
class FullDefenseRequest:
    """``fulldefense NAME [for OTHER]``: who defends fully, and whom they cover."""

    character: str
    covered: str | None = None


def parse_fulldefense(args: Tokens) -> FullDefenseRequest:
    """Stage one of ``fulldefense``: the defender, and the one covered after ``for``."""
    character = args.take(tr(args.lang, "what.character"))
    covered = args.take(tr(args.lang, "what.character")) if args.keyword("for") else None
    return FullDefenseRequest(character, covered)


@verb(
    "fulldefense",
    "fulldefense NAME [for OTHER]",
    aliases=("fd", "täysipuolustus"),
    example="fulldefense silbestre",
    parse=parse_fulldefense,
)
def fulldefense(ctx: Context, args: Tokens, request: FullDefenseRequest) -> Applied:
    """Declare a full defense (§8), of oneself or covering another character: parsed,
    decided (:func:`decide_fulldefense`), applied to the scene, said."""
    declared = decide_fulldefense(ctx, request)
    scene = replace(ctx.scene, full_defenses=(*ctx.scene.full_defenses, declared.declared))
    line = say_fulldefense(ctx, declared)
    changed = frozenset({f"character:{declared.character.id}", "turn"})
    return Applied(scene, (line,), line, changed)


@dataclass(frozen=True)
class FullDefenseDeclared:
    """A full defense as the rules declare it, and who it is for."""

    character: Character
    covered: Character | None
    declared: FullDefense


def decide_fulldefense(ctx: Context, request: FullDefenseRequest) -> FullDefenseDeclared:
    """Stage two of ``fulldefense``: the declaration the rules' :func:`declare_full_defense`
    makes for this exchange (covering oneself is no cover).

    Raises:
        CommandError: A name is unknown or out, the option is off, or it is declared twice.
    """
    character = ctx.standing(request.character)
    covered = ctx.standing(request.covered) if request.covered is not None else None
    if covered is not None and covered.id == character.id:
        covered = None
    if not ctx.scene.rules.full_defense:
        raise ctx.error("error.no_full_defense")
    if any(fd.defender == character.id for fd in ctx.scene.full_defenses):
        raise ctx.error("error.full_defense_twice", name=character.name)
    exchange = ctx.scene.turn.exchange if ctx.scene.turn is not None else 1
    declared = declare_full_defense(
        character.id, covered.id if covered else None, exchange=exchange
    )
    return FullDefenseDeclared(character, covered, declared)


def say_fulldefense(ctx: Context, declared: FullDefenseDeclared) -> str:
    """Stage four of ``fulldefense``: who defends fully, and whom they cover."""
    name = declared.character.name
    line = ctx.tr("fulldefense.line", name=name)
    if declared.covered is not None:
        line += " · " + ctx.tr("fulldefense.for", name=name, other=declared.covered.name)
    return line


def end_full_defense(ctx: Context, scene: Scene, actor: str) -> tuple[Scene, tuple[str, ...]]:
    """At the defender's next turn their full defense ends; a boost if it went unused."""
    ended = [fd for fd in scene.full_defenses if fd.defender == actor]
    if not ended:
        return scene, ()
    scene = replace(
        scene, full_defenses=tuple(fd for fd in scene.full_defenses if fd.defender != actor)
    )
    name = ctx.who(actor)
    if full_defense_earns_boost(ended[0]):
        scene, boost = add_boost(scene, ctx.tr("fulldefense.boost_name"), actor)
        return scene, (ctx.tr("fulldefense.boost", name=name, aspect=f'"{boost.name}"'),)
    return scene, (ctx.tr("fulldefense.over", name=name),)
