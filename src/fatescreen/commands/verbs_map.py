"""Verbs for the zone map: linking two zones (with a barrier or a block on the way) and
unlinking them."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.build import checked, with_link, with_obstacle
from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.fields import is_none, word_in
from fatescreen.commands.requests import Field, Unlink
from fatescreen.commands.requests import Link as LinkRequest
from fatescreen.i18n import tr
from fatescreen.rules.ladder import parse_rating
from fatescreen.rules.obstacles import Block
from fatescreen.scene import codec
from fatescreen.scene.model import Link, Scene, Zone
from fatescreen.scene.reader import Reader

LINK_WORDS = {"barrier": ("barrier", "este"), "block": ("block", "hidastava", "hidaste")}
"""What a link can carry, as typed."""


def _two_zones(ctx: Context, first: Zone, second: Zone) -> tuple[Zone, Zone]:
    if first.id == second.id:
        raise ctx.error("build.same_zone", zone=first.name)
    return first, second


def parse_link(args: Tokens) -> LinkRequest:
    """Stage one of ``link``: the two zones and what the way between them carries, as
    typed (``none`` clears a barrier or a block).

    Raises:
        CommandError: An unknown field, a barrier that is not a number, or a missing value.
    """
    first = args.take(tr(args.lang, "what.zone"))
    second = args.take(tr(args.lang, "what.zone"))
    fields: list[Field] = []
    while args:
        word = args.take(tr(args.lang, "what.field"))
        what = word_in(LINK_WORDS, word)
        if what is None:
            raise args.error("build.unknown_field", field=word, fields=", ".join(LINK_WORDS))
        if is_none(args):
            value = "none"
        elif what == "barrier":
            value = args.take(tr(args.lang, "what.difficulty"))
            try:
                parse_rating(value)
            except ValueError:
                raise args.not_a_number(value) from None
        else:
            value = args.take(tr(args.lang, "what.block"))
        fields.append(Field(what, (value,)))
    return LinkRequest(first, second, tuple(fields))


@verb(
    "link",
    "link ZONE ZONE [barrier N|none] [block BLOCK|none]",
    aliases=("yhdistä",),
    example="link hall crypt barrier 2",
    parse=parse_link,
)
def link(ctx: Context, args: Tokens, request: LinkRequest) -> Applied:
    """Join two zones, or change the barrier or block on the way between them."""
    first, second = _two_zones(ctx, ctx.zone(request.first), ctx.zone(request.second))
    old = ctx.scene.link_between(first.id, second.id)
    new = old or Link((first.id, second.id))
    block: Block | None = None
    clear_block = False
    for field in request.fields:
        value = field.values[0]
        if field.name == "barrier":
            new = replace(new, barrier=None if value == "none" else parse_rating(value))
        elif value == "none":
            clear_block = True
        else:
            block = ctx.block(value)
    if old is not None and new == old and block is None and not clear_block:
        raise ctx.error("build.linked", first=first.name, second=second.name)
    reader = Reader()
    decoded = codec.decode_link(reader, codec.encode_link(new), ())
    checked(ctx, f"{first.name} – {second.name}", reader, decoded)
    scene = with_link(ctx.scene, old, new)
    if clear_block and new.block is not None:
        scene = _unblock(scene, new)
    if block is not None:
        scene = with_obstacle(scene, block, replace(block, between=(first.id, second.id)))
        placed = scene.link_between(first.id, second.id)
        if placed is not None and placed.block != block.id:
            scene = with_link(scene, placed, replace(placed, block=block.id))
    line = _line(ctx, scene, first, second)
    return Applied(scene, (line,), line, frozenset({"zones", "obstacles"}))


def _unblock(scene: Scene, link: Link) -> Scene:
    """The scene with the block on a link taken off it (the block stays, standing nowhere)."""
    block = scene.obstacle_index.get(link.block or "")
    scene = with_link(scene, link, replace(link, block=None))
    if isinstance(block, Block) and block.between is not None:
        scene = with_obstacle(scene, block, replace(block, between=None))
    return scene


def _line(ctx: Context, scene: Scene, first: Zone, second: Zone) -> str:
    found = scene.link_between(first.id, second.id)
    assert found is not None
    parts = []
    if found.barrier is not None:
        parts.append(ctx.tr("build.barrier", rating=ctx.rating(found.barrier)))
    if found.block is not None:
        parts.append(ctx.tr("build.block_on", block=scene.obstacle_index[found.block].name))
    line = ctx.tr("build.linked_line", first=first.name, second=second.name)
    return line + (": " + ", ".join(parts) if parts else "")


def parse_unlink(args: Tokens) -> Unlink:
    """Stage one of ``unlink``: the two zones, as typed."""
    first = args.take(tr(args.lang, "what.zone"))
    second = args.take(tr(args.lang, "what.zone"))
    args.done()
    return Unlink(first, second)


@verb(
    "unlink",
    "unlink ZONE ZONE",
    aliases=("erota",),
    example="unlink hall stairs",
    parse=parse_unlink,
)
def unlink(ctx: Context, args: Tokens, request: Unlink) -> Applied:
    """Take away the way between two zones; a block that stood on it stays, standing nowhere."""
    first, second = _two_zones(ctx, ctx.zone(request.first), ctx.zone(request.second))
    found = ctx.scene.link_between(first.id, second.id)
    if found is None:
        raise ctx.error("build.not_linked", first=first.name, second=second.name)
    scene = _unblock(ctx.scene, found) if found.block is not None else ctx.scene
    current = scene.link_between(first.id, second.id)
    scene = with_link(scene, current, None)
    line = ctx.tr("build.unlinked", first=first.name, second=second.name)
    return Applied(scene, (line,), line, frozenset({"zones", "obstacles"}))
