"""Verbs for fate points: give and spend (PCs and the GM pool), story details declared
with an aspect, and compels."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.names import fold
from fatescreen.commands.requests import Compel, Declare
from fatescreen.commands.text import quoted
from fatescreen.i18n import tr
from fatescreen.rules.aspects import GM
from fatescreen.rules.character import CharacterKind
from fatescreen.rules.errors import IllegalCompel, NotEnoughFatePoints
from fatescreen.rules.fate_points import (
    Ledger,
    accept_compel,
    declare_story_detail,
    offer_compel,
    opening_ledger,
    refuse_compel,
    withdraw_compel,
)
from fatescreen.rules.invokes import invoke_payer
from fatescreen.scene.model import Scene

MAX_POINTS = 100
"""The most fate points one command moves."""

GM_WORDS = ("gm", "pj", "pool", "pooli")


def _account(ctx: Context, ref: str) -> str:
    """A character's id, or the GM pool."""
    return GM if fold(ref) in GM_WORDS else ctx.character(ref).id


@dataclass(frozen=True)
class FatePointsRequest:
    """``fp give|spend WHO [N] [REASON...]``: points given or spent (one unless counted),
    with the reason the log keeps."""

    give: bool
    who: str
    count: int | None = None
    reason: str = ""


def parse_fp(args: Tokens) -> FatePointsRequest:
    """Stage one of ``fp``: give or spend, whose, how many, and why (the words left)."""
    action = args.keyword("give", "spend")
    if action is None:
        raise args.missing(args.words_in("give", "spend", sep="/"))
    who = args.take(tr(args.lang, "what.character"))
    count = args.optional_number()
    return FatePointsRequest(action == "give", who, count, args.rest())


@verb(
    "fp",
    "fp give|spend WHO [N] [REASON...]",
    aliases=("fate", "kohtalo"),
    example="fp spend silbestre 1 declare a story detail",
    parse=parse_fp,
)
def fate_points(ctx: Context, args: Tokens, request: FatePointsRequest) -> Applied:
    """Fate point bookkeeping; every change is a log line with its reason. Parsed, the
    ledger's give or spend deciding it (:func:`decide_fp`), applied, said."""
    who, count, after = decide_fp(ctx, request)
    scene = _with_balances(ctx.scene, after, (who,))
    name = ctx.tr("fp.gm") if who == GM else ctx.who(who)
    key = "fp.give" if request.give else "fp.spend"
    if request.reason:
        line = ctx.tr(key, who=name, count=count, reason=request.reason, total=after.balance(who))
    else:  # no reason given: no empty brackets
        line = ctx.tr(f"{key}.bare", who=name, count=count, total=after.balance(who))
    tags = {"pool"} | ({f"character:{who}"} if who != GM else set())
    return Applied(scene, (line,), line, frozenset(tags))


def decide_fp(ctx: Context, request: FatePointsRequest) -> tuple[str, int, Ledger]:
    """Stage two of ``fp``: whose account (a character or the GM pool), how many points,
    and the ledger after the rules' give or spend (§3: no one spends points they lack).

    Raises:
        CommandError: An unknown name, a count out of range, or too few points to spend.
    """
    who = _account(ctx, request.who)
    count = 1 if request.count is None else request.count
    if not 1 <= count <= MAX_POINTS:
        raise ctx.error("error.points_range", high=MAX_POINTS)
    ledger = opening_ledger({who: _balance(ctx.scene, who)})
    reason = request.reason or "-"
    if request.give:
        return who, count, ledger.give(who, reason, count)
    try:
        return who, count, ledger.spend(who, reason, count)
    except NotEnoughFatePoints:
        if who == GM:
            raise ctx.error("error.pool_short", count=ctx.scene.gm_pool) from None
        name = ctx.who(who)
        raise ctx.error("error.points_short", name=name, count=_balance(ctx.scene, who)) from None


def _balance(scene: Scene, who: str) -> int:
    return scene.gm_pool if who == GM else scene.character(who).fate_points


def _with_balances(scene: Scene, ledger: Ledger, people: tuple[str, ...]) -> Scene:
    """The scene with each person's fate points (or the GM pool) as the ledger has them."""
    for who in people:
        total = ledger.balance(who)
        if who == GM:
            scene = replace(scene, gm_pool=total)
        else:
            scene = scene.with_character(replace(scene.character(who), fate_points=total))
    return scene


def parse_declare(args: Tokens) -> Declare:
    """Stage one of ``declare``: who declares what, and whether an aspect covers it."""
    who = args.take(tr(args.lang, "what.character"))
    detail = args.take(tr(args.lang, "what.detail")).strip()
    if not detail:
        raise args.missing(tr(args.lang, "what.detail"))
    free = args.keyword("free") is not None
    args.done()
    return Declare(who, detail, free)


@verb(
    "declare",
    'declare WHO "DETAIL" [free]',
    aliases=("julista",),
    example='declare silbestre "The harbour master owes me a favour"',
    parse=parse_declare,
)
def declare(ctx: Context, args: Tokens, request: Declare) -> Applied:
    """Declare a story detail with an aspect (§3): a fate point, or ``free`` when an aspect
    in play clearly covers it; :func:`~fatescreen.rules.fate_points.declare_story_detail`
    decides the cost. An NPC's point comes from the GM pool."""
    character = ctx.character(request.who)
    scene = ctx.scene
    account = invoke_payer(character.id, frozenset(c.id for c in scene.pcs))
    ledger = opening_ledger({account: _balance(scene, account)})
    try:
        after = declare_story_detail(ledger, account, request.detail, covered=request.free)
    except NotEnoughFatePoints:
        raise ctx.error(
            "error.pool_short" if account == GM else "error.points_short",
            name=character.name,
            count=ledger.balance(account),
        ) from None
    detail = quoted(request.detail)
    if after == ledger:
        line = ctx.tr("declare.free", name=character.name, detail=detail)
        return Applied(scene, (line,), line, frozenset())
    scene = _with_balances(scene, after, (account,))
    payer = ctx.tr("fp.gm") if account == GM else character.name
    line = ctx.tr(
        "declare.paid",
        name=character.name,
        detail=detail,
        payer=payer,
        total=after.balance(account),
    )
    tags = {"pool"} | ({f"character:{account}"} if account != GM else set())
    return Applied(scene, (line,), line, frozenset(tags))


def parse_compel(args: Tokens) -> Compel:
    """Stage one of ``compel``: whose aspect, the answer, and the player who offers it."""
    character = args.take(tr(args.lang, "what.character"))
    aspect = args.take(tr(args.lang, "what.aspect"))
    answer = args.keyword("offer", "accept", "refuse", "withdraw")
    if answer is None:
        raise args.missing(args.words_in("offer", "accept", "refuse", "withdraw", sep="/"))
    by = args.take(tr(args.lang, "what.character")) if args.keyword("by") else None
    args.done()
    return Compel(character, aspect, answer, by)


@verb(
    "compel",
    "compel WHO ASPECT offer|accept|refuse|withdraw [by PLAYER]",
    aliases=("cp", "painosta", "pakota"),
    example="compel rozio wanted accept",
    parse=parse_compel,
)
def compel(ctx: Context, args: Tokens, request: Compel) -> Applied:
    """Offer or settle a compel as :mod:`fatescreen.rules.fate_points` decides it: the GM's
    compels never cost the GM pool; a player compelling another character pays a point; a
    compel the table finds unfitting is withdrawn at no one's cost."""
    character = ctx.standing(request.character)
    target = ctx.aspect(request.aspect)
    answer = request.answer
    offerer = ctx.character(request.by) if request.by is not None else None
    aspect = quoted(target.aspect.name)
    if offerer is not None and (offerer.kind is not CharacterKind.PC or offerer.id == character.id):
        raise ctx.error("error.compel_by", name=offerer.name)
    scene = ctx.scene
    account = invoke_payer(character.id, frozenset(c.id for c in scene.pcs))
    people = tuple(dict.fromkeys((account, *((offerer.id,) if offerer else ()))))
    ledger = opening_ledger({who: _balance(scene, who) for who in people})
    try:
        step = offer_compel(
            ledger, target.aspect, character.id, offerer.id if offerer else GM, account
        )
    except IllegalCompel:
        raise ctx.error("error.compel_boost", aspect=aspect) from None
    except NotEnoughFatePoints:
        assert offerer is not None
        raise ctx.error("error.points_short", name=offerer.name, count=0) from None
    if answer == "offer":
        line = ctx.tr("compel.offer", name=character.name, aspect=aspect)
        return Applied(ctx.scene, (line,))
    if answer == "withdraw":
        step = withdraw_compel(step.ledger, step.compel)
        scene = _with_balances(scene, step.ledger, people)
        line = ctx.tr("compel.withdraw", name=character.name, aspect=aspect)
        return Applied(scene, (line,), line, frozenset({"pool", f"character:{character.id}"}))
    if answer == "accept":
        step = accept_compel(step.ledger, step.compel)
        key = "compel.accept"
    else:
        try:
            step = refuse_compel(step.ledger, step.compel)
        except NotEnoughFatePoints:
            raise ctx.error("error.no_compel", name=character.name) from None
        key = "compel.refuse"
    scene = _with_balances(scene, step.ledger, people)
    line = ctx.tr(key, name=character.name, aspect=aspect, total=step.ledger.balance(account))
    if offerer is not None:
        line += " · " + ctx.tr("compel.paid_by", name=offerer.name)
    tags = {"pool", f"character:{character.id}"}
    if offerer is not None:
        tags.add(f"character:{offerer.id}")
    return Applied(scene, (line,), line, frozenset(tags))
