"""Verbs for blocks: getting past one (falling short may hurt) and getting rid of one."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.harm_text import hit_lines
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
from fatescreen.i18n import tr
from fatescreen.rules.actions import Action
from fatescreen.rules.character import Character, StressKind
from fatescreen.rules.dice import DiceRoll, parse_faces
from fatescreen.rules.obstacles import Block, overcome_block, remove_block
from fatescreen.rules.outcomes import resolve
from fatescreen.scene.model import PendingHit, PendingRoll, RollPurpose, Scene


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


@dataclass(frozen=True)
class BlockRequest:
    """``block pass|remove NAME BLOCK [SKILL] [FACES] [with H,H]``: an overcome to get past
    a block or to get rid of it (names and the skill as typed)."""

    removing: bool
    character: str
    block: str
    skill: str | None = None
    dice: DiceRoll | None = None
    helpers: tuple[str, ...] = ()


def parse_block(args: Tokens) -> BlockRequest:
    """Stage one of ``block``: the whole line as a typed request."""
    action = args.keyword("pass", "remove")
    if action is None:
        raise args.missing(args.words_in("pass", "remove", sep="/"))
    character = args.take(tr(args.lang, "what.character"))
    block = args.take(tr(args.lang, "what.block"))
    skill = args.word_unless("with", "dice", "vs")
    dice, helpers = args.dice_and_helpers()
    entered = parse_faces(dice) if dice is not None else None
    return BlockRequest(action == "remove", character, block, skill, entered, helpers)


@verb(
    "block",
    "block pass|remove NAME BLOCK [SKILL] [FACES] [with H,H]",
    aliases=("bl", "este"),
    example="block remove riesa portcullis Physique ++0+",
    parse=parse_block,
)
def block_verb(ctx: Context, args: Tokens, request: BlockRequest) -> Applied:
    """An overcome against a block, to get past it or to get rid of it.

    Stages: :func:`parse_block`, :func:`decide_block` (the rules' :func:`overcome_block`
    or :func:`remove_block`), :func:`settle` applying and saying it (the pass and remove
    settlers, each an apply and a say stage), and the label.
    """
    no_hit_waiting(ctx)
    pending = decide_block(ctx, request)
    scene, lines = settle(ctx, ctx.scene, pending)
    character, block = ctx.scene.character(pending.actor), ctx.scene.obstacle_index[pending.refs[0]]
    key = "label.block_remove" if request.removing else "label.block_pass"
    label = ctx.tr(key, name=character.name, block=block.name)
    return Applied(
        scene,
        lines,
        label,
        frozenset({"pending", "obstacles", "zones", f"character:{character.id}"}),
    )


def decide_block(ctx: Context, request: BlockRequest) -> PendingRoll:
    """Stage two of ``block``: the overcome roll as the rules decide it, ready to settle.

    Raises:
        CommandError: A name is unknown, or the character is out of the fight.
    """
    character = ctx.standing(request.character)
    block = ctx.block(request.block)
    roles = ctx.scene.rules.roles
    default = roles.physical_stress if request.removing else roles.physical_defense
    skill = default if request.skill is None else ctx.skill(character, request.skill)
    effort, counted, _ = action_effort(ctx, character, skill, request.dice, list(request.helpers))
    # Getting past faces the block's rating; getting rid of it, its removal difficulty (§7).
    attempt = remove_block(block, effort) if request.removing else overcome_block(block, effort)
    return PendingRoll(
        character.id,
        Action.OVERCOME,
        skill,
        resolve(effort, attempt.difficulty),
        purpose=RollPurpose.REMOVE_BLOCK if request.removing else RollPurpose.PASS_BLOCK,
        refs=(block.id,),
        helpers=counted,
    )


@dataclass(frozen=True)
class Passed:
    """What a roll to get past a block put in the scene: the hit for falling short of a
    harmful block, if any."""

    block: Block
    hit: PendingHit | None


def apply_pass(ctx: Context, scene: Scene, pending: PendingRoll) -> tuple[Scene, Passed]:
    """Past the block on a success; short of a harmful block, a hit to absorb (§7, the
    rules' :func:`overcome_block`)."""
    block = scene.obstacle_index[pending.refs[0]]
    assert isinstance(block, Block)
    hit = block_hit(block, scene.character(pending.actor), pending.result.effort.total)
    return (scene if hit is None else with_hits(scene, (hit,))), Passed(block, hit)


def say_pass(ctx: Context, scene: Scene, pending: PendingRoll, passed: Passed) -> tuple[str, ...]:
    """The roll's line, then the block's hit and its options."""
    lines = [overcome_line(ctx, pending, "block.pass_line", block=passed.block.name)]
    if passed.hit is not None:
        effort = pending.result.effort.total
        lines += [block_hit_line(ctx, passed.block, passed.hit, effort)]
        lines += hit_lines(ctx, scene, passed.hit)
    return tuple(lines)


settle_pass = settles(Action.OVERCOME, RollPurpose.PASS_BLOCK)(staged(apply_pass, say_pass))


@dataclass(frozen=True)
class Removed:
    """What a roll to get rid of a block did: the block, and whether it is gone."""

    block: Block
    gone: bool


def apply_remove(ctx: Context, scene: Scene, pending: PendingRoll) -> tuple[Scene, Removed]:
    """The block is gone on a success (or a tie, at a minor cost), from the links too."""
    block = scene.obstacle_index[pending.refs[0]]
    assert isinstance(block, Block)
    if not overcome_achieved(pending):
        return scene, Removed(block, gone=False)
    scene = replace(
        scene,
        obstacles=tuple(o for o in scene.obstacles if o.id != block.id),
        links=tuple(
            replace(link, block=None) if link.block == block.id else link for link in scene.links
        ),
    )
    return scene, Removed(block, gone=True)


def say_remove(
    ctx: Context, scene: Scene, pending: PendingRoll, removed: Removed
) -> tuple[str, ...]:
    """The roll's line, then whether the block is gone."""
    name = removed.block.name
    line = overcome_line(ctx, pending, "block.remove_line", block=name)
    return line, ctx.tr("block.removed" if removed.gone else "block.stays", block=name)


settle_remove = settles(Action.OVERCOME, RollPurpose.REMOVE_BLOCK)(staged(apply_remove, say_remove))
