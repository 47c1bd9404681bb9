"""The Menneisyyden varjot command language: build a check step by step, roll it, add dice
after the roll until the player is satisfied, settle it (seed 002).

Every verb reads its words into a request, asks :mod:`fatescreen.systems.varjot.rules` for the
decision and returns the new :class:`~fatescreen.systems.varjot.scene.VarjotScene`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fatescreen.commands.names import resolve
from fatescreen.commands.systems.base import (
    SystemApplied,
    SystemContext,
    VerbSet,
    Words,
    percent,
)
from fatescreen.commands.systems.visibility import add_visibility_verbs
from fatescreen.i18n import tr
from fatescreen.systems.varjot.rules.check import (
    GM_PENALTY_MAX,
    Check,
    ExtraDice,
    OnFailure,
    Resolution,
    Side,
    Source,
    level,
    margin_dice,
    support,
)
from fatescreen.systems.varjot.rules.dice import (
    MAX_EXTRA_DICE,
    dice_rolled,
    kept,
    looks_like_faces,
    parse_faces,
    roll_faces,
    symbols,
)
from fatescreen.systems.varjot.rules.errors import ChainBroken
from fatescreen.systems.varjot.rules.odds import (
    improve_odds,
    level_odds,
    opposed_odds,
    success_odds,
)
from fatescreen.systems.varjot.rules.sheet import GRANDMASTER, UNSKILLED, Character
from fatescreen.systems.varjot.scene import Settled, VarjotScene

KEYWORDS = {
    "vs": ("vastaan",),
    "on": ("@", "kohde", "hahmolle"),
    "to": ("kohteelle", "hahmolle"),
    "support": ("tuki",),
    "fail-penalty": ("moka-sakko",),
    "fail-stop": ("moka-keskeyttää",),
    "margin": ("ero", "aste"),
    "no-tie": ("ei-tasapeliä", "ratkaistava"),
}
VERBS = VerbSet("varjot", KEYWORDS)

Ctx = SystemContext[VarjotScene]
Applied = SystemApplied[VarjotScene]


# ---- words into values ----------------------------------------------------------------


def _character(ctx: Ctx, ref: str) -> Character:
    return resolve(ref, ((c.name, c.name, c) for c in ctx.value.characters), "character", ctx.lang)


def _ability(ctx: Ctx, character: Character, ref: str) -> tuple[str, int, list[str]]:
    """An ability by unique prefix; one not on the sheet is unskilled (0)."""
    entries = [(a.name, a.name, a) for a in character.abilities]
    folded = ref.casefold()
    if any(a.name.casefold().startswith(folded) for a in character.abilities):
        ability = resolve(ref, entries, "ability", ctx.lang)
        return ability.name, ability.rating, []
    name = ref[:1].upper() + ref[1:]
    return name, UNSKILLED, [ctx.tr("varjot.unskilled", ability=name, name=character.name)]


def _open_check(ctx: Ctx) -> Check:
    if ctx.value.check is None:
        raise ctx.error("varjot.error.no_check")
    return ctx.value.check


def _side_index(ctx: Ctx, check: Check, ref: str | None) -> int:
    if ref is None:
        if len(check.sides) == 1:
            return 0
        names = ", ".join(side.character for side in check.sides)
        raise ctx.error("varjot.error.which_side", names=names)
    character = _character(ctx, ref)
    for index, side in enumerate(check.sides):
        if side.character == character.name:
            return index
    raise ctx.error("varjot.error.side", name=character.name)


def _entered(words: Words) -> str | None:
    """Entered dice faces, if the next word is written only with + 0 -."""
    word = words.peek()
    if word is not None and looks_like_faces(word):
        return words.take("dice")
    return None


def _roll(ctx: Ctx, count: int) -> str:
    """``count`` Fudge dice rolled (or replayed from the journal), as text."""
    return ctx.dice(lambda rng: symbols(roll_faces(rng, count)))


def _net(words: Words, *, before_faces: bool = False) -> int:
    """``+N`` bonus or ``-N`` penalty dice, if the next word is one. Where typed faces may
    follow (``roll 4 +00``), a word of faces only (``+``, ``-``, ``0``) is the faces, never
    "+0 net dice": typed faces are always faces."""
    word = words.peek()
    if word is None or len(word) < 2 or word[0] not in "+-" or not word[1:].isdigit():
        return 0
    if before_faces and not word[1:].strip("0"):
        return 0
    return words.integer("dice", low=-MAX_EXTRA_DICE, high=MAX_EXTRA_DICE)


# ---- saying it -----------------------------------------------------------------------


def level_text(lang: str, reached: int) -> str:
    """A level by name and number: ``Legendaarinen (5)``."""
    return f"{tr(lang, f'varjot.level.{reached}')} ({reached})"


def faces_text(faces: tuple[int, ...]) -> str:
    """Dice as ``+ 0 -``."""
    return " ".join(symbols(faces))


def net_text(lang: str, net: int) -> str:
    """Net bonus or penalty dice in words: ``1 bonus die``, ``no bonus or penalty dice``."""
    if net == 0:
        return tr(lang, "varjot.dice.none")
    key = "varjot.dice.bonus" if net > 0 else "varjot.dice.penalty"
    return tr(lang, key, count=abs(net))


def side_text(side: Side) -> str:
    """``Ilse, Miekkailu 3``."""
    return f"{side.character}, {side.ability} {side.rating}"


def _roll_line(ctx: Ctx, side: Side) -> str:
    faces = side.faces or ()
    total = sum(side.kept)
    return ctx.tr(
        "varjot.roll.line",
        name=side.character,
        faces=faces_text(faces),
        kept=faces_text(side.kept),
        rating=side.rating,
        total=f"{total:+d}",
        level=level_text(ctx.lang, side.level or 0),
    )


def _odds_lines(ctx: Ctx, sides: tuple[Side, ...]) -> list[str]:
    """The odds of a check's sides, as built so far."""
    return _rating_odds_lines(ctx, [(side.rating, side.net) for side in sides])


def _rating_odds_lines(ctx: Ctx, sides: list[tuple[int, int]]) -> list[str]:
    """The odds of one ability, or of two opposed, each with its net bonus (+) or penalty (-)
    dice: ``(rating, net)``."""
    if len(sides) == 2:
        (rating, net), (other_rating, other_net) = sides
        odds = opposed_odds(rating, net, other_rating, other_net)
        return [
            ctx.tr(
                "varjot.odds.opposed",
                win=percent(odds.win),
                tie=percent(odds.tie),
                lose=percent(odds.lose),
            )
        ]
    rating, net = sides[0]
    levels = " · ".join(
        f"{ctx.tr(f'varjot.level.{found}')} {percent(chance)}"
        for found, chance in level_odds(rating, net).items()
    )
    chance = percent(success_odds(rating, net))
    return [ctx.tr("varjot.odds.independent", chance=chance, levels=levels)]


def _with_check(ctx: Ctx, check: Check | None, **changes: Any) -> VarjotScene:
    return replace(ctx.value, check=check, **changes)


# ---- verbs ---------------------------------------------------------------------------


@VERBS.verb(
    "check",
    "check CHARACTER ABILITY [vs CHARACTER ABILITY] [support [fail-penalty|fail-stop]] [margin]",
    aliases=("tarkistus", "kykytarkistus"),
    example="check Ilse Miekkailu vs Vartija Miekkailu",
)
def check_verb(ctx: Ctx, words: Words) -> Applied:
    """Start a check: independent, or opposed (the first character started it)."""
    if ctx.value.check is not None:
        raise ctx.error("varjot.error.check_open")
    lines: list[str] = []
    sides: list[Side] = []
    while True:
        character = _character(ctx, words.take(ctx.tr("what.character")))
        name, rating, notes = _ability(ctx, character, words.take(ctx.tr("what.ability")))
        lines += notes
        if sides and sides[0].character == character.name:
            raise ctx.error("varjot.error.both_sides", name=character.name)
        sides.append(Side(character.name, name, rating))
        if len(sides) == 2 or not words.keyword("vs"):
            break
    extras: list[str] = []
    on_failure = OnFailure.CONTINUE
    while words:
        found = words.keyword("support", "margin", "fail-penalty", "fail-stop")
        if found is None:
            words.done()
        elif found == "fail-penalty":
            on_failure = OnFailure.PENALTY
        elif found == "fail-stop":
            on_failure = OnFailure.STOP
        else:
            extras.append(found)
    first = sides[0]
    last = ctx.value.last
    if extras and last is None:
        raise ctx.error("varjot.error.nothing_settled")
    if "support" in extras and last is not None:
        helper = last.check.sides[0]
        try:
            extra = support(helper.level or 0, helper.character, on_failure)
        except ChainBroken:
            raise ctx.error("varjot.error.chain", helper=helper.character) from None
        if extra is None:
            lines.append(ctx.tr("varjot.support.failed", helper=helper.character))
        elif extra.penalty:
            first = first.add(extra)
            lines.append(
                ctx.tr("varjot.support.penalty", helper=helper.character, name=first.character)
            )
        else:
            first = first.add(extra)
            lines.append(
                ctx.tr(
                    "varjot.support.line",
                    helper=helper.character,
                    level=level_text(ctx.lang, helper.level or 0),
                    name=first.character,
                    count=extra.count,
                )
            )
    if "margin" in extras and last is not None:
        won = [i for i, s in enumerate(last.check.sides) if s.character == first.character]
        count = margin_dice(last.resolution, won[0]) if won else 0
        if count == 0:
            raise ctx.error("varjot.error.no_margin", name=first.character)
        first = first.add(ExtraDice(Source.MARGIN, count))
        lines.append(ctx.tr("varjot.margin.line", name=first.character, count=count))
    sides[0] = first
    check = Check(tuple(sides))
    if check.opposed:
        head = ctx.tr("varjot.check.opposed", side=side_text(sides[0]), other=side_text(sides[1]))
    else:
        head = ctx.tr("varjot.check.start", side=side_text(sides[0]))
    lines = [head, *lines, *_odds_lines(ctx, check.sides)]
    return Applied(_with_check(ctx, check), tuple(lines), head)


def _add_dice(
    ctx: Ctx, value: VarjotScene, index: int, extra: ExtraDice, entered: str | None, line: str
) -> Applied:
    """Add bonus or penalty dice to one side, rolling the new dice if the side has rolled."""
    check = value.check
    assert check is not None
    side = check.sides[index]
    if extra.source is Source.GM and side.gm_penalty + extra.count > GM_PENALTY_MAX:
        raise ctx.error("varjot.error.gm_dice")
    need = side.dice_for(extra)
    if entered is not None:
        _enterable(ctx, side, need, entered)
    fresh: tuple[int, ...] = ()
    if need:
        text = entered or _roll(ctx, need)
        fresh = parse_faces(text, need)
    after = side.add(extra, fresh)
    lines = [line]
    if after.faces is not None:
        key = "varjot.added.line" if need else "varjot.cancelled.line"
        lines.append(
            ctx.tr(
                key,
                name=after.character,
                faces=faces_text(fresh),
                table=faces_text(after.faces),
                kept=faces_text(after.kept),
                level=level_text(ctx.lang, after.level or 0),
            )
        )
    else:
        lines += _odds_lines(ctx, check.with_side(index, after).sides)
    return Applied(replace(value, check=check.with_side(index, after)), tuple(lines), line)


def _enterable(ctx: Ctx, side: Side, need: int, entered: str) -> None:
    """Refuse dice entered for dice added to a side, unless they are exactly the new dice
    rolled now (after the roll, the dice not cancelled)."""
    if not side.rolled:
        raise ctx.error("varjot.error.dice_before_roll", name=side.character)
    if need == 0:
        raise ctx.error("varjot.error.no_new_dice", name=side.character)
    if len(entered) != need:
        raise ctx.error(
            "varjot.error.dice_count", count=need, name=side.character, given=len(entered)
        )


@VERBS.verb(
    "pool",
    "pool CHARACTER POOL [DICE]",
    aliases=("voimavara", "piste"),
    example="pool Ilse Ruumis",
)
def pool_verb(ctx: Ctx, words: Words) -> Applied:
    """Spend a point of a character's pool: one bonus die on their side."""
    check = _open_check(ctx)
    character = _character(ctx, words.take(ctx.tr("what.character")))
    index = _side_index(ctx, check, character.name)
    pool_ref = words.take(ctx.tr("what.varjot_pool"))
    pool = resolve(
        pool_ref, ((p.name, p.name, p) for p in character.pools), "varjot_pool", ctx.lang
    )
    entered = _entered(words)
    words.done()
    spent = character.spend(pool.name)
    value = ctx.value.with_character(spent)
    left = spent.pool(pool.name).left
    line = ctx.tr("varjot.pool.line", name=character.name, pool=pool.name, left=left)
    return _add_dice(ctx, value, index, ExtraDice(Source.POOL, 1, detail=pool.name), entered, line)


@VERBS.verb(
    "gift",
    "gift PLAYER [to CHARACTER] [DICE]",
    aliases=("lahja", "lahjanoppa"),
    example="gift Tuomas to Ilse",
)
def gift_verb(ctx: Ctx, words: Words) -> Applied:
    """A player (or the GM) gives a gift die to another player's check."""
    check = _open_check(ctx)
    giver = resolve(
        words.take(ctx.tr("what.player")),
        ((p, p, p) for p in ctx.value.table),
        "player",
        ctx.lang,
    )
    target = words.take(ctx.tr("what.character")) if words.keyword("to") else None
    entered = _entered(words)
    words.done()

    def owner(side: Side) -> str:
        player = ctx.value.character(side.character).player
        return ctx.value.gm if player is None else player

    if target is None:
        others = [i for i, side in enumerate(check.sides) if owner(side) != giver]
        players = [i for i in others if owner(check.sides[i]) != ctx.value.gm]
        others = players if len(others) > 1 and len(players) == 1 else others
        if len(others) != 1:
            raise ctx.error("varjot.error.gift_side", giver=giver)
        index = others[0]
    else:
        index = _side_index(ctx, check, target)
    side = check.sides[index]
    gifts = ctx.value.gifts.give(giver, owner(side))
    value = replace(ctx.value, gifts=gifts)
    left = gifts.by_player[giver]
    line = ctx.tr("varjot.gift.line", giver=giver, name=side.character, left=left)
    return _add_dice(ctx, value, index, ExtraDice(Source.GIFT, 1, detail=giver), entered, line)


def _extra_dice(ctx: Ctx, words: Words, penalty: bool) -> Applied:
    check = _open_check(ctx)
    count = words.integer(ctx.tr("what.dice"), low=1, high=MAX_EXTRA_DICE)
    target = words.take(ctx.tr("what.character")) if words.keyword("on") else None
    entered = _entered(words)
    reason = words.rest()
    index = _side_index(ctx, check, target)
    name = check.sides[index].character
    if penalty and not reason:
        extra = ExtraDice(Source.GM, count, penalty=True)
        line = ctx.tr("varjot.penalty.gm", count=count, name=name)
    else:
        reason = reason or ctx.tr("varjot.bonus.reason")
        extra = ExtraDice(Source.OTHER, count, penalty=penalty, detail=reason)
        key = "varjot.penalty.line" if penalty else "varjot.bonus.line"
        line = ctx.tr(key, count=count, name=name, reason=reason)
    return _add_dice(ctx, ctx.value, index, extra, entered, line)


@VERBS.verb(
    "penalty",
    "penalty N [on CHARACTER] [DICE] [REASON]",
    aliases=("sakko", "sakkonoppa"),
    example="penalty 1 on Ilse",
)
def penalty_verb(ctx: Ctx, words: Words) -> Applied:
    """The GM's one or two penalty dice; with a reason, penalty dice of another source."""
    return _extra_dice(ctx, words, penalty=True)


@VERBS.verb(
    "bonus",
    "bonus N [on CHARACTER] [DICE] [REASON]",
    aliases=("bonusnoppa",),
    example="bonus 1 on Ilse konsti",
)
def bonus_verb(ctx: Ctx, words: Words) -> Applied:
    """Bonus dice from another source (a knack, a preparatory check...)."""
    return _extra_dice(ctx, words, penalty=False)


@VERBS.verb(
    "roll",
    "roll [DICE] [vs DICE] | roll ABILITY [+N|-N] [DICE]",
    aliases=("heitä", "r"),
    example="roll +0-+ vs 0-0",
)
def roll_verb(ctx: Ctx, words: Words) -> Applied:
    """Roll the check's dice (entered or rolled); or a quick roll of an ability."""
    word = words.peek()
    if word is not None and len(word) == 1 and word.isdigit() and word != "0":
        return _quick_roll(ctx, words)
    if word == "0" and ctx.value.check is None:
        return _quick_roll(ctx, words)
    check = _open_check(ctx)
    if check.rolled:
        raise ctx.error("varjot.error.check_open")
    lines: list[str] = []
    for index, side in enumerate(check.sides):
        if index and words.keyword("vs") is None and words:
            words.done()
        count = dice_rolled(side.net)
        entered = _entered(words)
        if entered is not None and len(entered) != count:
            raise ctx.error(
                "varjot.error.dice_count", count=count, name=side.character, given=len(entered)
            )
        text = entered or _roll(ctx, count)
        check = check.with_side(index, side.roll(parse_faces(text, count)))
        lines.append(_roll_line(ctx, check.sides[index]))
    words.done()
    for side in check.sides:
        if side.faces is not None and side.level is not None and side.level < 3 + side.rating:
            chance = improve_odds(side.rating, side.faces, side.net)
            lines.append(f"{side.character}: " + ctx.tr("varjot.improve", chance=percent(chance)))
    return Applied(_with_check(ctx, check), tuple(lines), lines[0])


def _quick_roll(ctx: Ctx, words: Words) -> Applied:
    rating = words.integer(ctx.tr("what.ability"), low=UNSKILLED, high=GRANDMASTER)
    net = _net(words, before_faces=True)
    entered = _entered(words)
    words.done()
    count = dice_rolled(net)
    if entered is not None and len(entered) != count:
        raise ctx.error(
            "varjot.error.quick_dice",
            rating=rating,
            extra=net_text(ctx.lang, net),
            count=count,
            given=len(entered),
        )
    text = entered or _roll(ctx, count)
    faces = parse_faces(text, count)
    counted = kept(faces, net)
    line = ctx.tr(
        "varjot.quick.roll",
        rating=rating,
        faces=faces_text(faces),
        kept=faces_text(counted),
        level=level_text(ctx.lang, level(rating, counted)),
    )
    return Applied(ctx.value, (line,))


@VERBS.verb(
    "accept",
    "accept [no-tie]",
    aliases=("hyväksy", "ok", "a"),
    example="accept",
)
def accept_verb(ctx: Ctx, words: Words) -> Applied:
    """Settle the rolled check: who won, by how much, and what it carries forward."""
    check = _open_check(ctx)
    strict = words.keyword("no-tie") is not None
    words.done()
    if not check.rolled:
        raise ctx.error("varjot.error.not_rolled")
    resolution = check.resolve(tie_plausible=not strict)
    lines = _settle_lines(ctx, check, resolution)
    value = _with_check(ctx, None, last=Settled(check, resolution))
    return Applied(value, tuple(lines), lines[0])


def _settle_lines(ctx: Ctx, check: Check, resolution: Resolution) -> list[str]:
    first = check.sides[0]
    if not check.opposed:
        key = "varjot.accept.success" if resolution.winner == 0 else "varjot.accept.failure"
        return [ctx.tr(key, name=first.character, level=level_text(ctx.lang, resolution.levels[0]))]
    if resolution.tie:
        tied = level_text(ctx.lang, resolution.levels[0])
        if resolution.winner is None:
            return [ctx.tr("varjot.accept.tie", level=tied)]
        return [ctx.tr("varjot.accept.tie_loses", level=tied, name=first.character)]
    assert resolution.winner is not None
    winner = check.sides[resolution.winner]
    loser = check.sides[1 - resolution.winner]
    return [
        ctx.tr(
            "varjot.accept.win",
            name=winner.character,
            margin=resolution.margin,
            level=level_text(ctx.lang, winner.level or 0),
            other=level_text(ctx.lang, loser.level or 0),
        ),
        ctx.tr("varjot.accept.carry", name=winner.character, count=resolution.margin),
    ]


@VERBS.verb("drop", "drop", aliases=("luovu", "peru"), example="drop")
def drop_verb(ctx: Ctx, words: Words) -> Applied:
    """Give up the check before the dice are rolled (afterwards it cannot be taken back)."""
    check = _open_check(ctx)
    words.done()
    if any(side.rolled for side in check.sides):
        raise ctx.error("varjot.error.rolled")
    line = ctx.tr("varjot.drop.line", name=check.sides[0].character)
    return Applied(_with_check(ctx, None), (line,), line)


@VERBS.verb("session", "session", aliases=("pelikerta",), example="session")
def session_verb(ctx: Ctx, words: Words) -> Applied:
    """A new session: everyone at the table, the GM too, gets a full hand of gift dice."""
    words.done()
    table = ctx.value.table
    gifts = type(ctx.value.gifts).new_session(table)
    line = ctx.tr("varjot.session.line", count=len(table), names=", ".join(table))
    return Applied(replace(ctx.value, gifts=gifts), (line,), line)


@VERBS.verb(
    "odds",
    "odds | odds ABILITY [+N|-N] [vs ABILITY [+N|-N]]",
    aliases=("tn", "todennäköisyys"),
    example="odds 3 +1 vs 2",
)
def odds_verb(ctx: Ctx, words: Words) -> Applied:
    """Exact odds of the check under way, or of abilities and net dice."""
    if not words:
        check = _open_check(ctx)
        return Applied(ctx.value, tuple(_odds_lines(ctx, check.sides)))
    sides: list[tuple[int, int]] = []
    while True:
        rating = words.integer(ctx.tr("what.ability"), low=UNSKILLED, high=GRANDMASTER)
        sides.append((rating, _net(words)))
        if len(sides) == 2 or not words.keyword("vs"):
            break
    words.done()
    return Applied(ctx.value, tuple(_rating_odds_lines(ctx, sides)))


add_visibility_verbs(VERBS, "character", "Kalmanlordi")
