"""Verbs for blocks: getting past one (falling short may hurt) and getting rid of one."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.harm_text import hit_lines
from fatescreen.commands.settle import (
    action_effort,
    no_hit_waiting,
    overcome_achieved,
    overcome_line,
    settle,
    settles,
    with_hits,
)
from fatescreen.rules.actions import Action
from fatescreen.rules.character import Character, StressKind
from fatescreen.rules.dice import DiceRoll, looks_like_faces
from fatescreen.rules.obstacles import Block, overcome_block, remove_block
from fatescreen.rules.outcomes import resolve
from fatescreen.scene.model import PendingHit, PendingRoll, RollPurpose, Scene


def optional_skill(ctx: Context, args: Tokens, character: Character, default: str) -> str:
    """A skill named next (not dice, not a keyword), else ``default``."""
    word = args.peek()
    if word is None or looks_like_faces(word) or args.at_keyword("with", "dice", "vs"):
        return default
    return ctx.skill(character, args.take(ctx.tr("what.skill")))


def block_hit(block: Block, character: Character, effort: int) -> PendingHit | None:
    """The hit for falling short against a block: the shortfall plus its Weapon, if it can
    harm at all (§7, the rules' :func:`overcome_block`)."""
    rolled = overcome_block(block, effort)
    if rolled.harm <= 0:
        return None
    return PendingHit(character.id, rolled.harm, StressKind.PHYSICAL, None)


def block_hit_line(ctx: Context, block: Block, hit: PendingHit, effort: int) -> str:
    """The words that announce a block's hit."""
    return ctx.tr(
        "block.harm",
        name=ctx.who(hit.target),
        block=block.name,
        shortfall=block.rating - effort,
        weapon=block.weapon,
        shifts=hit.shifts,
    )


def block_harm(
    ctx: Context, block: Block, character: Character, effort: int
) -> tuple[PendingHit | None, str]:
    """The hit for falling short against a block and the line that announces it."""
    hit = block_hit(block, character, effort)
    return hit, "" if hit is None else block_hit_line(ctx, block, hit, effort)


@verb(
    "block",
    "block pass|remove NAME BLOCK [SKILL] [FACES] [with H,H]",
    aliases=("bl", "este"),
    example="block remove riesa portcullis Physique ++0+",
)
def block_verb(ctx: Context, args: Tokens) -> Applied:
    """An overcome against a block, to get past it or to get rid of it."""
    no_hit_waiting(ctx)
    action = args.keyword("pass", "remove")
    if action is None:
        raise args.missing("pass/remove")
    character = ctx.standing(args.take(ctx.tr("what.character")))
    block = ctx.block(args.take(ctx.tr("what.block")))
    roles = ctx.scene.rules.roles
    default = roles.physical_defense if action == "pass" else roles.physical_stress
    skill = optional_skill(ctx, args, character, default)
    entered: DiceRoll | None = None
    helpers: list[str] = []
    while args:
        if args.keyword("with"):
            helpers += args.names(ctx.tr("what.helpers"))
        elif entered is None and (faces := args.faces()) is not None:
            entered = faces
        else:
            args.done()
    effort, counted, _ = action_effort(ctx, character, skill, entered, helpers)
    removing = action == "remove"
    # Getting past faces the block's rating; getting rid of it, its removal difficulty (§7).
    attempt = remove_block(block, effort) if removing else overcome_block(block, effort)
    pending = PendingRoll(
        character.id,
        Action.OVERCOME,
        skill,
        resolve(effort, attempt.difficulty),
        purpose=RollPurpose.REMOVE_BLOCK if removing else RollPurpose.PASS_BLOCK,
        refs=(block.id,),
        helpers=counted,
    )
    scene, lines = settle(ctx, ctx.scene, pending)
    key = "label.block_remove" if removing else "label.block_pass"
    label = ctx.tr(key, name=character.name, block=block.name)
    return Applied(
        scene,
        lines,
        label,
        frozenset({"pending", "obstacles", "zones", f"character:{character.id}"}),
    )


@settles(Action.OVERCOME, RollPurpose.PASS_BLOCK)
def settle_pass(ctx: Context, scene: Scene, pending: PendingRoll) -> tuple[Scene, tuple[str, ...]]:
    """Past the block on a success; short of a harmful block, a hit to absorb."""
    block = scene.obstacle_index[pending.refs[0]]
    assert isinstance(block, Block)
    character = scene.character(pending.actor)
    lines = [overcome_line(ctx, pending, "block.pass_line", block=block.name)]
    hit, harm_line = block_harm(ctx, block, character, pending.result.effort.total)
    if hit is not None:
        scene = with_hits(scene, (hit,))
        lines += [harm_line, *hit_lines(ctx.on(scene), scene, hit)]
    return scene, tuple(lines)


@settles(Action.OVERCOME, RollPurpose.REMOVE_BLOCK)
def settle_remove(
    ctx: Context, scene: Scene, pending: PendingRoll
) -> tuple[Scene, tuple[str, ...]]:
    """The block is gone on a success (or a tie, at a minor cost), from the links too."""
    block = scene.obstacle_index[pending.refs[0]]
    assert isinstance(block, Block)
    line = overcome_line(ctx, pending, "block.remove_line", block=block.name)
    if not overcome_achieved(pending):
        return scene, (line, ctx.tr("block.stays", block=block.name))
    scene = replace(
        scene,
        obstacles=tuple(o for o in scene.obstacles if o.id != block.id),
        links=tuple(
            replace(link, block=None) if link.block == block.id else link for link in scene.links
        ),
    )
    return scene, (line, ctx.tr("block.removed", block=block.name))
