"""Verbs for aspects: add, remove, reveal, rename; free invokes; boosts."""

from __future__ import annotations

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.errors import CommandError
from fatescreen.rules.aspects import GM, Aspect, AspectKind
from fatescreen.rules.invokes import pass_free_invokes
from fatescreen.scene.aspects import AspectInPlay, add_aspect, aspects_in_play, replace_aspect


def _owner(ctx: Context, ref: str | None, default: str) -> str:
    if ref is None:
        return default
    if ref.casefold() in ("gm", "pj"):
        return GM
    return ctx.character(ref).id


@verb(
    "aspect",
    'aspect add "NAME" [on WHERE] [free N [for WHO]] [hidden] | remove|reveal ASPECT '
    '| rename ASPECT "NEW"',
    "Add, remove, reveal or rename a situation, zone or character aspect.",
    aliases=("asp", "piirre"),
    example='aspect add "Choking smoke" on hall free 1',
)
def aspect(ctx: Context, args: Tokens) -> Applied:
    """Aspect management."""
    action = args.keyword(
        "add", "remove", "reveal", "rename", "lisää", "poista", "paljasta", "nimeä"
    )
    if action in ("add", "lisää"):
        name = args.take("the aspect's name")
        holder = "scene"
        count = 0
        owner_ref: str | None = None
        hidden = False
        while args:
            if args.keyword("on", "@"):
                holder = ctx.holder(args.take("where"))
            elif args.keyword("free", "ilmainen"):
                count = args.number("how many free invokes")
            elif args.keyword("for", "omistaja"):
                owner_ref = args.take("who holds the free invokes")
            elif args.keyword("hidden", "piilotettu"):
                hidden = True
            else:
                args.done()
        if count < 0 or count > 20:
            raise CommandError("free invokes: 0 to 20")
        owner = _owner(ctx, owner_ref, GM)
        kind = AspectKind.CHARACTER if holder.startswith("character:") else AspectKind.SITUATION
        new = Aspect(name, kind, (owner,) * count, hidden)
        existing = [a for a in _all(ctx) if a.holder == holder and a.aspect.id == new.id]
        if existing:
            raise CommandError(f"{ctx.holder_name(holder)} already has the aspect {name!r}")
        line = ctx.tr("aspect.added", aspect=f'"{name}"', holder=ctx.holder_name(holder))
        if count:
            line += " · " + ctx.tr(
                "free.added", count=count, aspect=f'"{name}"', owner=ctx.who(owner)
            )
        return Applied(
            add_aspect(ctx.scene, holder, new),
            (line,),
            line,
            frozenset({"aspects", "zones", holder.replace("character:", "character:")}),
        )
    if action is None:
        raise CommandError(
            ctx.tr(
                "error.missing",
                verb="aspect",
                what="add/remove/reveal/rename",
                usage=args.verb.usage,
            )
        )
    target = ctx.aspect(args.take("an aspect"))
    if action in ("remove", "poista"):
        args.done()
        scene = replace_aspect(ctx.scene, target.holder, target.aspect, None)
        line = ctx.tr("aspect.removed", aspect=f'"{target.aspect.name}"')
    elif action in ("reveal", "paljasta"):
        args.done()
        scene = replace_aspect(ctx.scene, target.holder, target.aspect, target.aspect.revealed())
        line = ctx.tr("aspect.revealed", aspect=f'"{target.aspect.name}"')
    else:
        new_name = args.take("the new name")
        args.done()
        scene = replace_aspect(
            ctx.scene, target.holder, target.aspect, target.aspect.renamed(new_name)
        )
        line = ctx.tr("aspect.renamed", old=f'"{target.aspect.name}"', new=f'"{new_name}"')
    return Applied(scene, (line,), line, _changed(target.holder))


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
    "Free invokes on an aspect: add them, spend one outside a roll, or pass one to an ally.",
    aliases=("fi", "ilmainen"),
    example="free pass incense silbestre rozio",
)
def free(ctx: Context, args: Tokens) -> Applied:
    """Free invoke bookkeeping."""
    action = args.keyword("add", "spend", "pass", "lisää", "käytä", "anna")
    if action is None:
        raise CommandError(
            ctx.tr("error.missing", verb="free", what="add/spend/pass", usage=args.verb.usage)
        )
    target = ctx.aspect(args.take("an aspect"))
    old = target.aspect
    name = f'"{old.name}"'
    new: Aspect | None
    if action in ("add", "lisää"):
        count = args.optional_number() or 1
        owner = _owner(ctx, args.take("who") if args.keyword("for", "omistaja") else None, GM)
        args.done()
        new = old.with_free_invokes(owner, count)
        line = ctx.tr("free.added", count=count, aspect=name, owner=ctx.who(owner))
    elif action in ("spend", "käytä"):
        holders = sorted(set(old.free_invokes))
        owner = _owner(
            ctx,
            args.take("who") if args.keyword("by", "käyttäjä") else None,
            holders[0] if len(holders) == 1 else GM,
        )
        args.done()
        if owner not in old.free_invokes:
            raise CommandError(f"{ctx.who(owner)} holds no free invoke on {old.name!r}")
        new = None if old.is_boost else old.without_free_invoke(owner)
        line = ctx.tr("free.spent", owner=ctx.who(owner), aspect=name)
    else:
        giver = _owner(ctx, args.take("who gives"), GM)
        receiver = _owner(ctx, args.take("who receives"), GM)
        args.done()
        try:
            new = pass_free_invokes(old, giver, receiver)
        except Exception as error:
            raise CommandError(str(error)) from None
        line = ctx.tr("free.passed", giver=ctx.who(giver), receiver=ctx.who(receiver), aspect=name)
    scene = replace_aspect(ctx.scene, target.holder, old, new)
    return Applied(scene, (line,), line, _changed(target.holder))


@verb(
    "boost",
    'boost WHO "NAME"',
    "Give a boost: one free invoke, gone once used.",
    aliases=("b", "särmä"),
    example='boost rozio "Off balance"',
)
def boost(ctx: Context, args: Tokens) -> Applied:
    """A boost held by a character (kept on the scene so anyone can be its target)."""
    owner = ctx.character(args.take("who gets the boost"))
    name = args.take("the boost's name")
    args.done()
    new = Aspect(name, AspectKind.BOOST, (owner.id,))
    line = ctx.tr("boost.added", aspect=f'"{name}"', owner=owner.name)
    return Applied(add_aspect(ctx.scene, "scene", new), (line,), line, frozenset({"aspects"}))
