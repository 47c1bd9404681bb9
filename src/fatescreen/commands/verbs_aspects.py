"""Verbs for aspects: add, remove, reveal, rename; free invokes; boosts."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.errors import refused
from fatescreen.commands.requests import (
    AddAspect,
    AspectRequest,
    RemoveAspect,
    RenameAspect,
    RevealAspect,
)
from fatescreen.commands.text import quoted
from fatescreen.i18n import tr
from fatescreen.rules.aspects import GM, Aspect, AspectKind, make_id
from fatescreen.rules.errors import RulesError
from fatescreen.rules.invokes import pass_free_invokes
from fatescreen.scene.aspects import AspectInPlay, add_aspect, aspects_in_play, replace_aspect
from fatescreen.scene.model import Scene

MAX_FREE_INVOKES = 20
"""The most free invokes one command puts on an aspect."""


def _owner(ctx: Context, ref: str | None, default: str) -> str:
    return default if ref is None else ctx.owner(ref)


@verb(
    "aspect",
    'aspect add "NAME" [on WHERE] [concept|trouble] [free N [for WHO]] [hidden] '
    '| remove|reveal ASPECT | rename ASPECT "NEW"',
    aliases=("asp", "piirre"),
    example='aspect add "Choking smoke" on hall free 1',
)
def aspect(ctx: Context, args: Tokens) -> Applied:
    """Aspect management: the line parsed (:func:`parse_aspect`), then each request
    applied and said by its own function."""
    request = parse_aspect(args)
    if isinstance(request, AddAspect):
        return _add(ctx, request)
    target = ctx.aspect(request.aspect)
    if isinstance(request, RemoveAspect):
        scene = replace_aspect(ctx.scene, target.holder, target.aspect, None)
        line = ctx.tr("aspect.removed", aspect=quoted(target.aspect.name))
    elif isinstance(request, RevealAspect):
        if not target.aspect.hidden:
            raise ctx.error("error.not_hidden", aspect=quoted(target.aspect.name))
        scene = replace_aspect(ctx.scene, target.holder, target.aspect, target.aspect.revealed())
        line = ctx.tr("aspect.revealed", aspect=quoted(target.aspect.name))
    else:
        new_name = request.name
        clash = [
            a
            for a in _all(ctx)
            if a.holder == target.holder and a.aspect.id == make_id(new_name) and a != target
        ]
        if clash:
            raise ctx.error(
                "error.aspect_exists",
                aspect=quoted(new_name),
                holder=ctx.holder_name(target.holder),
            )
        scene = replace_aspect(
            ctx.scene, target.holder, target.aspect, target.aspect.renamed(new_name)
        )
        line = ctx.tr("aspect.renamed", old=quoted(target.aspect.name), new=quoted(new_name))
    return Applied(scene, (line,), line, _changed(target.holder))


def parse_aspect(args: Tokens) -> AspectRequest:
    """Stage one of ``aspect``: the whole line as a typed request.

    Raises:
        CommandError: The line does not follow the verb's usage.
    """
    action = args.keyword("add", "remove", "reveal", "rename")
    if action is None:
        raise args.missing("add/remove/reveal/rename")
    if action != "add":
        ref = args.take(tr(args.lang, "what.aspect"))
        if action == "remove":
            args.done()
            return RemoveAspect(ref)
        if action == "reveal":
            args.done()
            return RevealAspect(ref)
        new_name = args.take(tr(args.lang, "what.new_name")).strip()
        args.done()
        if not new_name:
            raise args.missing(tr(args.lang, "what.new_name"))
        return RenameAspect(ref, new_name)
    name = args.take(tr(args.lang, "what.aspect_name")).strip()
    if not name:
        raise args.missing(tr(args.lang, "what.aspect_name"))
    holder: str | None = None
    count = 0
    owner: str | None = None
    hidden = False
    role: str | None = None
    while args:
        if (word := args.keyword("concept", "trouble")) is not None:
            role = word
        elif args.keyword("on"):
            holder = args.take(tr(args.lang, "what.holder"))
        elif args.keyword("free"):
            count = args.number(tr(args.lang, "what.free_invokes"))
        elif args.keyword("for"):
            owner = args.take(tr(args.lang, "what.character"))
        elif args.keyword("hidden"):
            hidden = True
        else:
            args.done()
    return AddAspect(name, holder, role, count, owner, hidden)


def _add(ctx: Context, request: AddAspect) -> Applied:
    """A new aspect where the request says, with its free invokes."""
    name, count = request.name, request.free
    holder = ctx.holder(request.holder) if request.holder is not None else "scene"
    if not 0 <= count <= MAX_FREE_INVOKES:
        raise ctx.error("error.free_count", high=MAX_FREE_INVOKES)
    owner = _owner(ctx, request.owner, GM)
    kind = AspectKind.CHARACTER if holder.startswith("character:") else AspectKind.SITUATION
    if request.role is not None:
        kind = _role_kind(ctx, holder, request.role)
    new = Aspect(name, kind, (owner,) * count, request.hidden)
    existing = [a for a in _all(ctx) if a.holder == holder and a.aspect.id == make_id(name)]
    if existing:
        raise ctx.error("error.aspect_exists", aspect=quoted(name), holder=ctx.holder_name(holder))
    line = ctx.tr("aspect.added", aspect=quoted(name), holder=ctx.holder_name(holder))
    if request.hidden:
        line += " · " + ctx.tr("aspect.hidden")
    if count:
        line += " · " + ctx.tr("free.added", count=count, aspect=quoted(name), owner=ctx.who(owner))
    return Applied(_added(ctx, holder, new), (line,), line, _changed(holder))


def _role_kind(ctx: Context, holder: str, role: str) -> AspectKind:
    """The kind of a high concept or trouble added to a character who has none yet."""
    kind = AspectKind.HIGH_CONCEPT if role == "concept" else AspectKind.TROUBLE
    if not holder.startswith("character:"):
        raise ctx.error("error.role_holder")
    character = ctx.scene.character(holder.partition(":")[2])
    held = [a for a in character.aspects if a.kind is kind]
    if held:
        raise ctx.error("error.role_taken", name=character.name, aspect=quoted(held[0].name))
    return kind


def _added(ctx: Context, holder: str, aspect: Aspect) -> Scene:
    """The scene with a new aspect; a high concept goes first and a trouble after it, as a
    character's sheet (and file) lists them."""
    if aspect.kind not in (AspectKind.HIGH_CONCEPT, AspectKind.TROUBLE):
        return add_aspect(ctx.scene, holder, aspect)
    character = ctx.scene.character(holder.partition(":")[2])
    aspects = list(character.aspects)
    first = bool(aspects) and aspects[0].kind is AspectKind.HIGH_CONCEPT
    at = 1 if aspect.kind is AspectKind.TROUBLE and first else 0
    aspects.insert(at, aspect)
    return ctx.scene.with_character(replace(character, aspects=tuple(aspects)))


def _all(ctx: Context) -> tuple[AspectInPlay, ...]:
    return aspects_in_play(ctx.scene)


def _changed(holder: str) -> frozenset[str]:
    kind, _, rest = holder.partition(":")
    tags = {"aspects", "zones"}
    if kind in ("character", "consequence"):
        tags.add(f"character:{rest.split(':')[0]}")
    return frozenset(tags)


@verb(
    "free",
    "free add ASPECT [N] [for WHO] | spend ASPECT [by WHO] | pass ASPECT FROM TO",
    aliases=("fi", "ilmainen"),
    example="free pass incense silbestre rozio",
)
def free(ctx: Context, args: Tokens) -> Applied:
    """Free invoke bookkeeping."""
    action = args.keyword("add", "spend", "pass")
    if action is None:
        raise args.missing("add/spend/pass")
    target = ctx.aspect(args.take(ctx.tr("what.aspect")))
    old = target.aspect
    name = quoted(old.name)
    new: Aspect | None
    if action == "add":
        count = args.optional_number()
        count = 1 if count is None else count
        owner_ref = args.take(ctx.tr("what.character")) if args.keyword("for") else None
        args.done()
        if not 1 <= count <= MAX_FREE_INVOKES:
            raise ctx.error("error.free_count", high=MAX_FREE_INVOKES)
        if old.is_boost:
            raise ctx.error("error.boost_free", aspect=name)
        owner = _owner(ctx, owner_ref, GM)
        new = old.with_free_invokes(owner, count)
        line = ctx.tr("free.added", count=count, aspect=name, owner=ctx.who(owner))
    elif action == "spend":
        holders = sorted(set(old.free_invokes))
        owner_ref = args.take(ctx.tr("what.character")) if args.keyword("by") else None
        owner = _owner(ctx, owner_ref, holders[0] if len(holders) == 1 else GM)
        args.done()
        if owner not in old.free_invokes:
            raise ctx.error("error.no_free_invoke", name=ctx.who(owner), aspect=name)
        new = None if old.is_boost else old.without_free_invoke(owner)
        line = ctx.tr("free.spent", owner=ctx.who(owner), aspect=name)
    else:
        giver = _owner(ctx, args.take(ctx.tr("what.giver")), GM)
        receiver = _owner(ctx, args.take(ctx.tr("what.receiver")), GM)
        args.done()
        if giver == receiver:
            raise ctx.error("error.pass_self", name=ctx.who(giver))
        if giver not in old.free_invokes:
            raise ctx.error("error.no_free_invoke", name=ctx.who(giver), aspect=name)
        try:
            new = pass_free_invokes(old, giver, receiver)
        except RulesError as error:
            raise refused(error, ctx.lang) from None
        line = ctx.tr("free.passed", giver=ctx.who(giver), receiver=ctx.who(receiver), aspect=name)
    scene = replace_aspect(ctx.scene, target.holder, old, new)
    return Applied(scene, (line,), line, _changed(target.holder))


@verb(
    "boost",
    'boost WHO "NAME"',
    aliases=("b", "särmä"),
    example='boost rozio "Off balance"',
)
def boost(ctx: Context, args: Tokens) -> Applied:
    """A boost held by a character (kept on the scene so anyone can be its target)."""
    owner = ctx.character(args.take(ctx.tr("what.character")))
    name = args.take(ctx.tr("what.aspect_name")).strip()
    args.done()
    if not name:
        raise args.missing(ctx.tr("what.aspect_name"))
    if any(a.id == make_id(name) for a in ctx.scene.aspects):
        raise ctx.error("error.aspect_exists", aspect=quoted(name), holder=ctx.tr("holder.scene"))
    new = Aspect(name, AspectKind.BOOST, (owner.id,))
    line = ctx.tr("boost.added", aspect=quoted(name), owner=owner.name)
    return Applied(add_aspect(ctx.scene, "scene", new), (line,), line, frozenset({"aspects"}))
