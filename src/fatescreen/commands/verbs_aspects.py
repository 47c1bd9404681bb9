"""Verbs for aspects: add, remove, reveal, rename; free invokes; boosts."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
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
from fatescreen.rules.invokes import pass_free_invokes
from fatescreen.scene.aspects import (
    SCENE_HOLDER,
    AspectInPlay,
    add_aspect,
    aspects_in_play,
    replace_aspect,
)
from fatescreen.scene.model import Scene

MAX_FREE_INVOKES = 20
"""The most free invokes one command puts on an aspect."""


def _owner(ctx: Context, ref: str | None, default: str) -> str:
    return default if ref is None else ctx.owner(ref)


def parse_aspect(args: Tokens) -> AspectRequest:
    """Stage one of ``aspect``: the whole line as a typed request.

    Raises:
        CommandError: The line does not follow the verb's usage.
    """
    action = args.keyword("add", "remove", "reveal", "rename")
    if action is None:
        raise args.missing(args.words_in("add", "remove", "reveal", "rename", sep="/"))
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


@verb(
    "aspect",
    'aspect add "NAME" [on WHERE] [concept|trouble] [free N [for WHO]] [hidden] '
    '| remove|reveal ASPECT | rename ASPECT "NEW"',
    aliases=("asp", "piirre"),
    example='aspect add "Choking smoke" on hall free 1',
    parse=parse_aspect,
)
def aspect(ctx: Context, args: Tokens, request: AspectRequest) -> Applied:
    """Aspect management: the line parsed (:func:`parse_aspect`), then each request
    applied and said by its own function."""
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


def _add(ctx: Context, request: AddAspect) -> Applied:
    """A new aspect where the request says, with its free invokes."""
    name, count = request.name, request.free
    holder = ctx.holder(request.holder)
    if not 0 <= count <= MAX_FREE_INVOKES:
        raise ctx.error("error.free_count", low=0, high=MAX_FREE_INVOKES)
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
    character = ctx.scene.character(holder.removeprefix("character:"))
    held = [a for a in character.aspects if a.kind is kind]
    if held:
        raise ctx.error("error.role_taken", name=character.name, aspect=quoted(held[0].name))
    return kind


def _added(ctx: Context, holder: str, aspect: Aspect) -> Scene:
    """The scene with a new aspect; a high concept goes first and a trouble after it, as a
    character's sheet (and file) lists them."""
    if aspect.kind not in (AspectKind.HIGH_CONCEPT, AspectKind.TROUBLE):
        return add_aspect(ctx.scene, holder, aspect)
    character = ctx.scene.character(holder.removeprefix("character:"))
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


@dataclass(frozen=True)
class FreeAdd:
    """``free add ASPECT [N] [for WHO]``: free invokes put on an aspect (the GM's unless
    someone is named)."""

    aspect: str
    count: int | None = None
    owner: str | None = None


@dataclass(frozen=True)
class FreeSpend:
    """``free spend ASPECT [by WHO]``: one free invoke used up (a boost is gone)."""

    aspect: str
    by: str | None = None


@dataclass(frozen=True)
class FreePass:
    """``free pass ASPECT FROM TO``: free invokes handed from one holder to another."""

    aspect: str
    giver: str
    receiver: str


FreeRequest = FreeAdd | FreeSpend | FreePass
"""Any request of the ``free`` verb."""


def parse_free(args: Tokens) -> FreeRequest:
    """Stage one of ``free``: what is done with the free invokes of which aspect, by whom.

    Raises:
        CommandError: The line does not follow the verb's usage.
    """
    action = args.keyword("add", "spend", "pass")
    if action is None:
        raise args.missing(args.words_in("add", "spend", "pass", sep="/"))
    ref = args.take(tr(args.lang, "what.aspect"))
    if action == "add":
        count = args.optional_number()
        owner = args.take(tr(args.lang, "what.character")) if args.keyword("for") else None
        return FreeAdd(ref, count, owner)
    if action == "spend":
        by = args.take(tr(args.lang, "what.character")) if args.keyword("by") else None
        return FreeSpend(ref, by)
    giver = args.take(tr(args.lang, "what.giver"))
    return FreePass(ref, giver, args.take(tr(args.lang, "what.receiver")))


@dataclass(frozen=True)
class FreeChange:
    """What the rules make of a ``free`` request: the aspect before and after (None: a
    boost used up), and the words that say it."""

    target: AspectInPlay
    new: Aspect | None
    said: str
    values: dict[str, object]


@verb(
    "free",
    "free add ASPECT [N] [for WHO] | spend ASPECT [by WHO] | pass ASPECT FROM TO",
    aliases=("fi", "ilmainen"),
    example="free pass incense silbestre rozio",
    parse=parse_free,
)
def free(ctx: Context, args: Tokens, request: FreeRequest) -> Applied:
    """Free invoke bookkeeping: parsed, decided (:func:`decide_free`), applied, said."""
    change = decide_free(ctx, request)
    scene = replace_aspect(ctx.scene, change.target.holder, change.target.aspect, change.new)
    line = ctx.tr(change.said, **change.values)
    return Applied(scene, (line,), line, _changed(change.target.holder))


def decide_free(ctx: Context, request: FreeRequest) -> FreeChange:
    """Stage two of ``free``: the aspect as the rules leave it (§4 free invokes).

    Raises:
        CommandError: A name is unknown, or the rules do not allow it.
    """
    target = ctx.aspect(request.aspect)
    old = target.aspect
    name = quoted(old.name)
    if isinstance(request, FreeAdd):
        count = 1 if request.count is None else request.count
        if not 1 <= count <= MAX_FREE_INVOKES:
            raise ctx.error("error.free_count", low=1, high=MAX_FREE_INVOKES)
        if old.is_boost:
            raise ctx.error("error.boost_free", aspect=name)
        owner = _owner(ctx, request.owner, GM)
        values = {"count": count, "aspect": name, "owner": ctx.who(owner)}
        return FreeChange(target, old.with_free_invokes(owner, count), "free.added", values)
    if isinstance(request, FreeSpend):
        holders = sorted(set(old.free_invokes))
        owner = _owner(ctx, request.by, holders[0] if len(holders) == 1 else GM)
        if owner not in old.free_invokes:
            raise ctx.error("error.no_free_invoke", name=ctx.who(owner), aspect=name)
        new = None if old.is_boost else old.without_free_invoke(owner)
        return FreeChange(target, new, "free.spent", {"owner": ctx.who(owner), "aspect": name})
    giver, receiver = ctx.owner(request.giver), ctx.owner(request.receiver)
    if giver == receiver:
        raise ctx.error("error.pass_self", name=ctx.who(giver))
    if giver not in old.free_invokes:
        raise ctx.error("error.no_free_invoke", name=ctx.who(giver), aspect=name)
    passed = pass_free_invokes(old, giver, receiver)  # the giver holds one: checked above
    values = {"giver": ctx.who(giver), "receiver": ctx.who(receiver), "aspect": name}
    return FreeChange(target, passed, "free.passed", values)


@dataclass(frozen=True)
class BoostRequest:
    """``boost WHO "NAME"``: a boost for a character."""

    owner: str
    name: str


def parse_boost(args: Tokens) -> BoostRequest:
    """Stage one of ``boost``: who holds it and its name.

    Raises:
        CommandError: A word is missing, or the name is blank.
    """
    owner = args.take(tr(args.lang, "what.character"))
    name = args.take(tr(args.lang, "what.aspect_name")).strip()
    args.done()
    if not name:
        raise args.missing(tr(args.lang, "what.aspect_name"))
    return BoostRequest(owner, name)


@verb(
    "boost",
    'boost WHO "NAME"',
    aliases=("b", "särmä"),
    example='boost rozio "Off balance"',
    parse=parse_boost,
)
def boost(ctx: Context, args: Tokens, request: BoostRequest) -> Applied:
    """A boost held by a character (kept on the scene so anyone can be its target)."""
    new = decide_boost(ctx, request)
    scene = add_aspect(ctx.scene, SCENE_HOLDER, new)
    line = ctx.tr("boost.added", aspect=quoted(new.name), owner=ctx.who(new.free_invokes[0]))
    return Applied(scene, (line,), line, frozenset({"aspects"}))


def decide_boost(ctx: Context, request: BoostRequest) -> Aspect:
    """Stage two of ``boost``: the boost, held by its owner (one free invoke, gone once
    used, §4), under a name no aspect in the scene has.

    Raises:
        CommandError: The owner is unknown, or the name is taken.
    """
    owner = ctx.character(request.owner)
    name = request.name
    if any(a.id == make_id(name) for a in ctx.scene.aspects):
        raise ctx.error("error.aspect_exists", aspect=quoted(name), holder=ctx.tr("holder.scene"))
    return Aspect(name, AspectKind.BOOST, (owner.id,))
