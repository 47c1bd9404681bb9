"""Verbs for the flow of a scene: moving, popcorn turn order, countdowns, scene end."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.errors import CommandError
from fatescreen.commands.verbs_rolls import effort_text
from fatescreen.rules.aspects import AspectKind
from fatescreen.rules.character import CharacterKind
from fatescreen.rules.conflict import TurnOrder, add_participant, hand_to, may_pick, next_exchange
from fatescreen.rules.conflict import start as start_exchange
from fatescreen.rules.errors import RulesError
from fatescreen.rules.fate_points import npc_carried_points
from fatescreen.rules.harm import clear_stress
from fatescreen.rules.obstacles import Block, Hazard, tick, untick
from fatescreen.rules.outcomes import Effort, resolve
from fatescreen.scene.model import Scene


def default_participants(scene: Scene) -> tuple[str, ...]:
    """Everyone standing, then the hazards: the turn order of a new conflict."""
    people = tuple(c.id for c in scene.characters if not c.taken_out and not c.conceded)
    hazards = tuple(o.id for o in scene.obstacles if isinstance(o, Hazard))
    return people + hazards


def _names(ctx: Context, ids: tuple[str, ...]) -> str:
    return ", ".join(ctx.who(i) for i in ids) or ctx.tr("none")


@verb(
    "move",
    "move NAME ZONE [SKILL] [FACES]",
    "Move to an adjacent zone; a barrier or a block on the way needs an overcome roll.",
    aliases=("m", "siirrä"),
    example="move rozio crypt Athletics +0+0",
)
def move(ctx: Context, args: Tokens) -> Applied:
    """Move a character; crossing a barrier rolls an overcome with the given dice."""
    character = ctx.character(args.take("who moves"))
    zone = ctx.zone(args.take("the zone"))
    skill = "Athletics"
    entered = args.faces()
    if entered is None and args:
        skill = ctx.skill(character, args.take("a skill"))
        entered = args.faces()
    args.done()
    here = character.zone
    lines: list[str] = []
    if here is not None and here != zone.id:
        link = ctx.scene.link_between(here, zone.id)
        if link is None:
            raise CommandError(
                ctx.tr(
                    "error.no_path",
                    zone=zone.name,
                    name=character.name,
                    here=ctx.scene.zone(here).name,
                )
            )
        difficulty = link.barrier
        if link.block is not None:
            block = ctx.scene.obstacle_index.get(link.block)
            if isinstance(block, Block):
                difficulty = max(difficulty or 0, block.rating)
        if difficulty is not None:
            rolled = ctx.dice(entered)
            effort = Effort(character.skill(skill), rolled)
            result = resolve(effort, difficulty)
            lines.append(
                ctx.tr(
                    "move.overcome",
                    name=character.name,
                    zone=zone.name,
                    effort=effort_text(ctx, effort),
                    difficulty=ctx.rating(difficulty),
                    result=ctx.tr(f"overcome.{result.outcome.value}"),
                )
            )
            if result.shifts < 0:
                return Applied(ctx.scene, tuple(lines), "")
    moved = replace(character, zone=zone.id)
    lines.append(ctx.tr("move.line", name=character.name, zone=zone.name))
    return Applied(
        ctx.scene.with_character(moved),
        tuple(lines),
        lines[-1],
        frozenset({f"character:{character.id}", "zones"}),
    )


@verb(
    "next",
    "next NAME",
    "Popcorn: the one who is up hands the turn to NAME (who has not acted this exchange).",
    aliases=("n", "seuraava"),
    example="next rozio",
)
def next_turn(ctx: Context, args: Tokens) -> Applied:
    """Hand the turn on; the first ``next`` of a scene starts exchange 1."""
    actor = ctx.actor(args.take("who acts next"))
    args.done()
    order = ctx.scene.turn or TurnOrder(participants=default_participants(ctx.scene))
    if actor.id not in order.participants:
        order = add_participant(order, actor.id)
    try:
        order = hand_to(order, actor.id) if order.started else start_exchange(order, actor.id)
    except RulesError as error:
        raise CommandError(_explain(ctx, str(error), order)) from None
    lines = [ctx.tr("turn.next", name=actor.name, exchange=order.exchange)]
    waiting = may_pick(order)
    if waiting:
        lines.append(ctx.tr("turn.waiting", names=_names(ctx, waiting)))
    else:
        lines.append(ctx.tr("turn.all_acted", name=actor.name))
    return Applied(replace(ctx.scene, turn=order), tuple(lines), lines[0], frozenset({"turn"}))


def _explain(ctx: Context, message: str, order: TurnOrder) -> str:
    for pid in order.participants:
        message = message.replace(pid, ctx.who(pid))
    return message


@verb(
    "exchange",
    "exchange NAME",
    "Start the next exchange once everyone has acted; the last actor picks who starts it.",
    aliases=("x", "kierros"),
    example="exchange leader",
)
def exchange(ctx: Context, args: Tokens) -> Applied:
    """The next exchange of the conflict."""
    actor = ctx.actor(args.take("who starts the exchange"))
    args.done()
    order = ctx.scene.turn
    if order is None:
        raise CommandError(ctx.tr("error.no_turn"))
    standing = default_participants(ctx.scene)
    try:
        new = next_exchange(order, actor.id)
    except RulesError as error:
        raise CommandError(_explain(ctx, str(error), order)) from None
    new = replace(new, participants=tuple(p for p in new.participants if p in standing))
    if actor.id not in new.participants:
        raise CommandError(f"{actor.name} is not taking part any more")
    line = ctx.tr("turn.exchange", exchange=new.exchange, name=actor.name)
    return Applied(replace(ctx.scene, turn=new), (line,), line, frozenset({"turn"}))


@verb(
    "tick",
    "tick COUNTDOWN [N] | tick COUNTDOWN back [N]",
    "Check a countdown's next box (or N); the last box announces its outcome.",
    aliases=("t", "tikitä"),
    example="tick ritual",
)
def tick_verb(ctx: Context, args: Tokens) -> Applied:
    """Advance (or take back) a countdown."""
    countdown = ctx.countdown(args.take("the countdown"))
    back = bool(args.keyword("back", "takaisin"))
    count = args.optional_number() or 1
    args.done()
    try:
        if back:
            new, finished = untick(countdown, count), False
        else:
            new, finished = tick(countdown, count)
    except RulesError as error:
        raise CommandError(str(error)) from None
    lines = [ctx.tr("countdown.tick", name=new.name, checked=new.checked, boxes=new.boxes)]
    if finished:
        lines.append(ctx.tr("countdown.done", name=new.name, outcome=new.outcome or "!"))
    countdowns = tuple(new if c.id == countdown.id else c for c in ctx.scene.countdowns)
    scene = replace(ctx.scene, countdowns=countdowns)
    return Applied(scene, tuple(lines), lines[0], frozenset({"countdowns"}))


@verb(
    "pool",
    "pool N",
    "Set the GM's fate point pool.",
    aliases=("gm",),
    example="pool 6",
)
def pool(ctx: Context, args: Tokens) -> Applied:
    """Set the GM pool directly."""
    total = args.number("the pool size")
    args.done()
    if total < 0 or total > 1000:
        raise CommandError("the GM pool is 0 or more")
    line = ctx.tr("pool.set", total=total)
    return Applied(replace(ctx.scene, gm_pool=total), (line,), line, frozenset({"pool"}))


def scene_end(scene: Scene) -> tuple[Scene, dict[str, int], tuple[str, ...], int]:
    """What ending the scene does: stress cleared, boosts gone, held points delivered,
    NPCs' earned points carried; the conflict's turn order closed.

    Returns:
        The new scene, points delivered by character id, ids whose stress was cleared,
        and the number of boosts removed.
    """
    delivered: dict[str, int] = {}
    for entry in scene.held:
        delivered[entry.who] = delivered.get(entry.who, 0) + entry.delta
    cleared = tuple(c.id for c in scene.characters if any(t.checked for t in c.stress))
    boosts = sum(1 for a in scene.aspects if a.kind is AspectKind.BOOST)
    characters = []
    for character in scene.characters:
        boosts += sum(1 for a in character.aspects if a.kind is AspectKind.BOOST)
        points = delivered.get(character.id, 0)
        if character.kind is not CharacterKind.PC:
            points += (
                npc_carried_points(
                    conceded=character.conceded,
                    consequences_taken=len(character.consequence_aspects),
                    hostile_invokes=0,
                )
                if character.conceded
                else 0
            )
        updated = clear_stress(character)
        updated = replace(
            updated,
            fate_points=updated.fate_points + points,
            aspects=tuple(a for a in updated.aspects if a.kind is not AspectKind.BOOST),
        )
        characters.append(updated)
    zones = tuple(
        replace(z, aspects=tuple(a for a in z.aspects if a.kind is not AspectKind.BOOST))
        for z in scene.zones
    )
    new = replace(
        scene,
        characters=tuple(characters),
        zones=zones,
        aspects=tuple(a for a in scene.aspects if a.kind is not AspectKind.BOOST),
        held=(),
        turn=None,
        pending_roll=None,
        pending_hit=None,
    )
    return new, delivered, cleared, boosts


@verb(
    "endscene",
    "endscene",
    "End the scene: stress cleared, boosts gone, held points delivered, conflict closed.",
    aliases=("end", "lopeta"),
    example="endscene",
)
def endscene(ctx: Context, args: Tokens) -> Applied:
    """End the scene."""
    args.done()
    scene, delivered, cleared, boosts = scene_end(ctx.scene)
    points = ", ".join(f"{ctx.who(who)} +{n}" for who, n in delivered.items()) or ctx.tr("none")
    line = ctx.tr("scene.end", characters=_names(ctx, cleared), boosts=boosts, delivered=points)
    return Applied(scene, (line,), line, frozenset({"all"}))
