"""Verbs for fate points: give and spend (PCs and the GM pool), compels."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.errors import CommandError
from fatescreen.scene.model import Scene


def _adjust(ctx: Context, who: str, delta: int) -> tuple[Scene, str, int]:
    """Change a character's points or the GM pool; returns the new scene, name and total."""
    if who.casefold() in ("gm", "pj", "pool", "pooli"):
        total = ctx.scene.gm_pool + delta
        if total < 0:
            raise CommandError(f"the GM pool has only {ctx.scene.gm_pool} fate point(s)")
        return replace(ctx.scene, gm_pool=total), ctx.tr("fp.gm"), total
    character = ctx.character(who)
    total = character.fate_points + delta
    if total < 0:
        raise CommandError(f"{character.name} has only {character.fate_points} fate point(s)")
    scene = ctx.scene.with_character(replace(character, fate_points=total))
    return scene, character.name, total


@verb(
    "fp",
    "fp give|spend WHO [N] [REASON...]",
    "Give or spend fate points for a character or the GM pool (gm), with a reason.",
    aliases=("fate", "kohtalo"),
    example="fp spend silbestre 1 declare a story detail",
)
def fate_points(ctx: Context, args: Tokens) -> Applied:
    """Fate point bookkeeping; every change is a log line with its reason."""
    action = args.keyword("give", "spend", "anna", "käytä")
    if action is None:
        raise CommandError(
            ctx.tr("error.missing", verb="fp", what="give/spend", usage=args.verb.usage)
        )
    who = args.take("who")
    count = args.optional_number() or 1
    if count <= 0 or count > 100:
        raise CommandError("fate points: 1 to 100 at a time")
    reason = args.rest() or "-"
    delta = count if action in ("give", "anna") else -count
    scene, name, total = _adjust(ctx, who, delta)
    key = "fp.give" if delta > 0 else "fp.spend"
    line = ctx.tr(key, who=name, count=count, reason=reason, total=total)
    tags = {"pool"} | ({f"character:{ctx.character(who).id}"} if name != ctx.tr("fp.gm") else set())
    return Applied(scene, (line,), line, frozenset(tags))


@verb(
    "compel",
    "compel WHO ASPECT accept|refuse",
    "A compel on WHO's aspect: accept (+1 fate point) or refuse (pay 1; not at 0).",
    aliases=("cp", "pakota"),
    example="compel rozio wanted accept",
)
def compel(ctx: Context, args: Tokens) -> Applied:
    """Settle a GM compel: the GM's compels never cost the pool."""
    character = ctx.character(args.take("who is compelled"))
    target = ctx.aspect(args.take("the aspect"))
    answer = args.keyword("accept", "refuse", "hyväksy", "kieltäydy", "a", "r")
    if answer is None:
        raise CommandError(
            ctx.tr("error.missing", verb="compel", what="accept/refuse", usage=args.verb.usage)
        )
    args.done()
    if target.aspect.is_boost:
        raise CommandError(f"{target.aspect.name!r} is a boost: boosts cannot be compelled")
    accept = answer in ("accept", "hyväksy", "a")
    if not accept and character.fate_points <= 0:
        raise CommandError(ctx.tr("error.no_compel", name=character.name))
    total = character.fate_points + (1 if accept else -1)
    scene = ctx.scene.with_character(replace(character, fate_points=total))
    key = "compel.accept" if accept else "compel.refuse"
    line = ctx.tr(key, name=character.name, aspect=f'"{target.aspect.name}"', total=total)
    return Applied(scene, (line,), line, frozenset({f"character:{character.id}", "pool"}))
