"""Verbs for the flow of a scene: moving, popcorn turn order, countdowns, scene end."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.errors import CommandError, refused, rules_message
from fatescreen.commands.flow import default_participants, next_scene_pool, scene_end
from fatescreen.commands.harm_text import hit_lines
from fatescreen.commands.requests import EndScene, Move, NextExchange, NextTurn, Tick
from fatescreen.commands.settle import (
    action_effort,
    no_hit_waiting,
    overcome_achieved,
    overcome_line,
    settle,
    settles,
    staged,
    with_hits,
)
from fatescreen.commands.verbs_attack import end_full_defense
from fatescreen.commands.verbs_obstacles import block_hit, block_hit_line
from fatescreen.i18n import tr
from fatescreen.rules.actions import Action
from fatescreen.rules.character import Character
from fatescreen.rules.conflict import TurnOrder, add_participant, hand_to, may_pick, next_exchange
from fatescreen.rules.conflict import start as start_exchange
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.errors import RulesError
from fatescreen.rules.obstacles import (
    Block,
    crossing_difficulty,
    tick,
    ticks_each_exchange,
    untick,
)
from fatescreen.rules.outcomes import resolve
from fatescreen.scene.model import PendingHit, PendingRoll, RollPurpose, Scene


def parse_move(args: Tokens) -> Move:
    """Stage one of ``move``: who, where to, and the skill, dice and helpers of the overcome
    a barrier or a block asks for (names and skills as typed)."""
    character = args.take(tr(args.lang, "what.character"))
    zone = args.take(tr(args.lang, "what.zone"))
    skill = args.word_unless("with", "dice", "vs")
    dice, helpers = args.dice_and_helpers()
    return Move(character, zone, skill, dice, helpers)


@verb(
    "move",
    "move NAME ZONE [SKILL] [FACES] [with H,H]",
    aliases=("m", "siirry", "siirrä"),
    example="move rozio crypt Athletics +0+0",
    parse=parse_move,
)
def move(ctx: Context, args: Tokens, request: Move) -> Applied:
    """Move a character; crossing a barrier or a block rolls an overcome first."""
    no_hit_waiting(ctx)
    character = ctx.standing(request.character)
    zone = ctx.zone(request.zone)
    skill = (
        ctx.scene.rules.roles.physical_defense
        if request.skill is None
        else ctx.skill(character, request.skill)
    )
    entered = parse_faces(request.dice) if request.dice is not None else None
    helpers = list(request.helpers)
    here = character.zone
    if here == zone.id:
        raise ctx.error("error.already_there", name=character.name, zone=zone.name)
    changed = frozenset({f"character:{character.id}", "zones"})
    difficulty: int | None = None
    block: Block | None = None
    if here is not None:
        link = ctx.scene.link_between(here, zone.id)
        if link is None:
            raise ctx.error(
                "error.no_path", zone=zone.name, name=character.name, here=ctx.scene.zone(here).name
            )
        found = ctx.scene.obstacle_index.get(link.block) if link.block else None
        block = found if isinstance(found, Block) else None
        difficulty = crossing_difficulty(link.barrier, block)
    if difficulty is None:
        if entered is not None or helpers:
            raise ctx.error("error.no_barrier", zone=zone.name)
        line = ctx.tr("move.line", name=character.name, zone=zone.name)
        moved = replace(character, zone=zone.id)
        return Applied(ctx.scene.with_character(moved), (line,), line, changed)
    effort, counted, _ = action_effort(ctx, character, skill, entered, helpers)
    pending = PendingRoll(
        character.id,
        Action.OVERCOME,
        skill,
        resolve(effort, difficulty),
        purpose=RollPurpose.MOVE,
        refs=(zone.id, block.id) if block else (zone.id,),
        helpers=counted,
    )
    scene, lines = settle(ctx, ctx.scene, pending)
    label = ctx.tr("label.move", name=character.name, zone=zone.name)
    return Applied(scene, lines, label, changed | {"pending"})


@dataclass(frozen=True)
class Moved:
    """What a roll to move across a barrier or a block put in the scene."""

    crossed: bool
    hit: PendingHit | None
    """The hit for falling short of a harmful block."""


def apply_move(ctx: Context, scene: Scene, pending: PendingRoll) -> tuple[Scene, Moved]:
    """Across on a success (or a tie, at a minor cost); short of a harmful block, a hit."""
    zone_id, *block_id = pending.refs
    character = scene.character(pending.actor)
    block = scene.obstacle_index.get(block_id[0]) if block_id else None
    hit = None
    if isinstance(block, Block):
        hit = block_hit(block, character, pending.result.effort.total)
        if hit is not None:
            scene = with_hits(scene, (hit,))
    crossed = overcome_achieved(pending)
    if crossed:
        scene = scene.with_character(replace(scene.character(character.id), zone=zone_id))
    return scene, Moved(crossed, hit)


def say_move(ctx: Context, scene: Scene, pending: PendingRoll, moved: Moved) -> tuple[str, ...]:
    """The roll's line, the block's hit, where the character is now, and the hit to take."""
    zone_id, *block_id = pending.refs
    name = ctx.who(pending.actor)
    zone = scene.zone(zone_id).name
    lines = [overcome_line(ctx, pending, "move.cross", name=name, zone=zone)]
    if moved.hit is not None:
        block = scene.obstacle_index[block_id[0]]  # only a block on the way hits
        assert isinstance(block, Block)
        lines.append(block_hit_line(ctx, block, moved.hit, pending.result.effort.total))
    key = "move.line" if moved.crossed else "move.stays"
    lines.append(ctx.tr(key, name=name, zone=zone))
    if scene.pending_hit is not None:
        lines += hit_lines(ctx, scene, scene.pending_hit)
    return tuple(lines)


settle_move = settles(Action.OVERCOME, RollPurpose.MOVE)(staged(apply_move, say_move))


def _who(args: Tokens) -> str:
    who = args.take(tr(args.lang, "what.actor"))
    args.done()
    return who


def parse_next(args: Tokens) -> NextTurn:
    """Stage one of ``next``: who takes the turn."""
    return NextTurn(_who(args))


def parse_exchange(args: Tokens) -> NextExchange:
    """Stage one of ``exchange``: who starts the next exchange."""
    return NextExchange(_who(args))


@verb(
    "next",
    "next NAME",
    aliases=("n", "seuraava"),
    example="next rozio",
    parse=parse_next,
)
def next_turn(ctx: Context, args: Tokens, request: NextTurn) -> Applied:
    """Hand the turn on; the first ``next`` of a scene starts exchange 1."""
    actor = ctx.actor(request.who)
    if isinstance(actor, Character) and (actor.taken_out or actor.conceded):
        raise ctx.error("error.not_taking_part", name=actor.name)
    order = ctx.scene.turn or TurnOrder(participants=default_participants(ctx.scene))
    if actor.id not in order.participants:
        order = add_participant(order, actor.id)
    try:
        order = hand_to(order, actor.id) if order.started else start_exchange(order, actor.id)
    except RulesError as error:
        raise CommandError(_explain(ctx, rules_message(error, ctx.lang), order)) from None
    lines = [ctx.tr("turn.next", name=actor.name, exchange=order.exchange)]
    waiting = may_pick(order)
    if waiting:
        lines.append(ctx.tr("turn.waiting", names=ctx.names(waiting)))
    else:
        lines.append(ctx.tr("turn.all_acted", name=actor.name))
    scene, ended = end_full_defense(ctx, replace(ctx.scene, turn=order), actor.id)
    return Applied(scene, (*lines, *ended), lines[0], frozenset({"turn", "aspects"}))


def _explain(ctx: Context, message: str, order: TurnOrder) -> str:
    for pid in order.participants:
        message = message.replace(pid, ctx.who(pid))
    return message


@verb(
    "exchange",
    "exchange NAME",
    aliases=("x", "kierros"),
    example="exchange leader",
    parse=parse_exchange,
)
def exchange(ctx: Context, args: Tokens, request: NextExchange) -> Applied:
    """The next exchange of the conflict."""
    actor = ctx.actor(request.who)
    order = ctx.scene.turn
    if order is None:
        raise CommandError(ctx.tr("error.no_turn"))
    standing = default_participants(ctx.scene)
    try:
        new = next_exchange(order, actor.id)
    except RulesError as error:
        raise CommandError(_explain(ctx, rules_message(error, ctx.lang), order)) from None
    if actor.id not in standing:
        raise ctx.error("error.not_taking_part", name=actor.name)
    new = replace(new, participants=tuple(p for p in new.participants if p in standing))
    line = ctx.tr("turn.exchange", exchange=new.exchange, name=actor.name)
    scene, ended = end_full_defense(ctx, replace(ctx.scene, turn=new), actor.id)
    scene, ticked = _tick_each_exchange(ctx, scene)
    tags = {"turn", "aspects"} | ({"countdowns"} if ticked else set())
    return Applied(scene, (line, *ended, *ticked), line, frozenset(tags))


def _tick_each_exchange(ctx: Context, scene: Scene) -> tuple[Scene, tuple[str, ...]]:
    """The exchange that ended ticks every countdown triggered at the end of each one;
    says so, and says the outcome of one that runs out."""
    lines: list[str] = []
    countdowns = []
    for countdown in scene.countdowns:
        if ticks_each_exchange(countdown):
            countdown, finished = tick(countdown)
            lines.append(
                ctx.tr(
                    "countdown.tick",
                    name=countdown.name,
                    checked=countdown.checked,
                    boxes=countdown.boxes,
                )
            )
            if finished:
                lines.append(
                    ctx.tr("countdown.done", name=countdown.name, outcome=countdown.outcome or "!")
                )
        countdowns.append(countdown)
    if not lines:
        return scene, ()
    return replace(scene, countdowns=tuple(countdowns)), tuple(lines)


def parse_tick(args: Tokens) -> Tick:
    """Stage one of ``tick``: which countdown, whether taken back, and how many boxes."""
    countdown = args.take(tr(args.lang, "what.countdown"))
    back = bool(args.keyword("back"))
    count = args.optional_number()
    args.done()
    return Tick(countdown, back, count)


@verb(
    "tick",
    "tick COUNTDOWN [N] | tick COUNTDOWN back [N]",
    aliases=("t", "tikitä"),
    example="tick ritual",
    parse=parse_tick,
)
def tick_verb(ctx: Context, args: Tokens, request: Tick) -> Applied:
    """Advance (or take back) a countdown."""
    countdown = ctx.countdown(request.countdown)
    back = request.back
    count = 1 if request.count is None else request.count
    try:
        if back:
            new, finished = untick(countdown, count), False
        else:
            new, finished = tick(countdown, count)
    except RulesError as error:
        raise refused(error, ctx.lang) from None
    lines = [ctx.tr("countdown.tick", name=new.name, checked=new.checked, boxes=new.boxes)]
    if finished:
        lines.append(ctx.tr("countdown.done", name=new.name, outcome=new.outcome or "!"))
    countdowns = tuple(new if c.id == countdown.id else c for c in ctx.scene.countdowns)
    scene = replace(ctx.scene, countdowns=countdowns)
    return Applied(scene, tuple(lines), lines[0], frozenset({"countdowns"}))


@dataclass(frozen=True)
class PoolRequest:
    """``pool N``: the GM pool set to N."""

    total: int


def parse_pool(args: Tokens) -> PoolRequest:
    """Stage one of ``pool``: the new total.

    Raises:
        CommandError: It is not a number from 0 to 1000.
    """
    total = args.number(tr(args.lang, "what.pool"))
    args.done()
    if not 0 <= total <= 1000:
        raise CommandError(tr(args.lang, "error.pool_range"))
    return PoolRequest(total)


@verb(
    "pool",
    "pool N",
    aliases=("gm", "varanto"),
    example="pool 6",
    parse=parse_pool,
)
def pool(ctx: Context, args: Tokens, request: PoolRequest) -> Applied:
    """Set the GM pool directly."""
    total = request.total
    line = ctx.tr("pool.set", total=total)
    return Applied(replace(ctx.scene, gm_pool=total), (line,), line, frozenset({"pool"}))


def parse_endscene(args: Tokens) -> EndScene:
    """Stage one of ``endscene`` outside a campaign: nothing follows the verb."""
    return EndScene()


# A campaign replaces this verb with its own scene end, so the help is given here rather than
# in the catalog, whose key belongs to whichever endscene is registered last.
@verb(
    "endscene",
    "endscene",
    "End the scene: stress cleared, boosts gone, held points delivered, conflict closed.",
    aliases=("end", "lopeta"),
    example="endscene",
    parse=parse_endscene,
)
def endscene(ctx: Context, args: Tokens, request: EndScene) -> Applied:
    """End the scene (a scene outside a campaign carries no compel points)."""
    scene, delivered, cleared, boosts = scene_end(ctx.scene)
    pool = next_scene_pool(ctx.scene)
    scene = replace(scene, gm_pool=pool, compel_points=0)
    points = ", ".join(f"{ctx.who(who)} +{n}" for who, n in delivered.items()) or ctx.tr("none")
    line = ctx.tr("scene.end", characters=ctx.names(cleared), boosts=boosts, delivered=points)
    lines = (line, ctx.tr("scene.pool_reset", total=pool))
    return Applied(scene, lines, line, frozenset({"all"}))
