"""The Mekanismi command language: gather two pools, add advantages and helpers, roll, compare
successes, spend the margin as damage (seed 003).

Every verb reads its words into a request, asks :mod:`fatescreen.systems.mekanismi.rules` for the
decision and returns the new :class:`~fatescreen.systems.mekanismi.scene.MekanismiScene`.
"""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.names import fold, resolve
from fatescreen.commands.systems.base import (
    SystemApplied,
    SystemContext,
    VerbSet,
    Words,
    percent,
)
from fatescreen.commands.systems.visibility import add_visibility_verbs
from fatescreen.i18n import tr
from fatescreen.scene.reader import MAX_COUNT
from fatescreen.systems.mekanismi.rules.check import Check, CheckResult, Side, SuccessLevel
from fatescreen.systems.mekanismi.rules.check import resolve as resolve_check
from fatescreen.systems.mekanismi.rules.damage import MarginTarget, margin_target, split_damage
from fatescreen.systems.mekanismi.rules.dice import PoolRoll, parse_pool_roll, roll_pool
from fatescreen.systems.mekanismi.rules.odds import CheckOdds, check_odds
from fatescreen.systems.mekanismi.rules.pools import (
    Advantage,
    PartKind,
    Pool,
    PoolPart,
    ability_pool,
    best_actor,
    group_pool,
    static_difficulty,
)
from fatescreen.systems.mekanismi.rules.sheet import Character
from fatescreen.systems.mekanismi.scene import MekanismiScene, OpenCheck, Settled, SideOf

KEYWORDS = {
    "vs": ("vastaan",),
    "for": ("puolelle",),
    "major": ("merkittävä", "iso"),
    "ranged": ("ampuma", "kauko"),
    "dice": ("nopat",),
    "actor": ("toimija",),
    "opposition": ("vastapuoli", "gm", "pj"),
}
VERBS = VerbSet("mekanismi", KEYWORDS)
MAX_POOL = 200
"""The most dice a pool may roll: an army of rowers is still a number one can count, and the
exact odds of larger pools take too long to wait for at the table."""

Ctx = SystemContext[MekanismiScene]
Applied = SystemApplied[MekanismiScene]


# ---- saying it -----------------------------------------------------------------------


def part_text(lang: str, part: PoolPart) -> str:
    """One part of a pool: ``Taistelu 3``, ``Tikari +1``, ``2 helper(s) +2``."""
    if part.kind is PartKind.ABILITY:
        return f"{part.reason} {part.dice}" if part.reason else str(part.dice)
    if part.kind is PartKind.DIFFICULTY:
        return tr(lang, "mekanismi.part.difficulty", dice=part.dice)
    if part.kind is PartKind.HELPERS:
        reason = part.reason or tr(lang, "mekanismi.part.helpers", count=part.dice)
        return f"{reason} +{part.dice}"
    key = "mekanismi.part.advantage" if part.kind is PartKind.ADVANTAGE else "mekanismi.part.other"
    reason = part.reason or tr(lang, key)
    return f"{reason} +{part.dice}"


def pool_text(lang: str, pool: Pool) -> str:
    """A pool part by part and its size: ``Taistelu 3 + Tikari +1 = 4 dice``."""
    parts = " + ".join(part_text(lang, part) for part in pool.parts)
    return tr(lang, "mekanismi.pool", parts=parts or "0", dice=pool.size)


def side_name(lang: str, side: SideOf) -> str:
    """Who rolls a side: its best actor, or the GM."""
    return side.names[0] if side.names else tr(lang, "mekanismi.gm")


def level_text(lang: str, level: SuccessLevel) -> str:
    """A level of success by name: ``good success``."""
    return tr(lang, f"mekanismi.level.{int(level)}")


def odds_lines(lang: str, odds: CheckOdds, actor: str, opposition: str) -> list[str]:
    """The chance of each side winning, level by level, and of a tie."""
    lines = []
    for side, name in ((Side.ACTOR, actor), (Side.OPPOSITION, opposition)):
        levels = " · ".join(
            f"{level_text(lang, level)} {percent(odds.of_level(side, level))}"
            for level in SuccessLevel
            if odds.of_level(side, level)
        )
        if not odds.wins(side):
            lines.append(tr(lang, "mekanismi.odds.cannot_win", name=name))
            continue
        # a ranged target that wins only by ties has no level of success to list
        key = "mekanismi.odds.wins" if levels else "mekanismi.odds.wins_tie"
        lines.append(tr(lang, key, name=name, chance=percent(odds.wins(side)), levels=levels))
    key = "mekanismi.odds.tie_ranged" if odds.ranged else "mekanismi.odds.tie"
    lines.append(tr(lang, key, chance=percent(odds.tie)))
    return lines


def check_lines(lang: str, opened: OpenCheck) -> list[str]:
    """The check as built: both pools and the odds."""
    check = opened.check
    actor, opposition = side_name(lang, opened.actor), side_name(lang, opened.opposition)
    lines = [
        tr(lang, "mekanismi.check.side", name=actor, pool=pool_text(lang, check.actor)),
        tr(lang, "mekanismi.check.side", name=opposition, pool=pool_text(lang, check.opposition)),
    ]
    if check.ranged:
        lines.append(tr(lang, "mekanismi.check.ranged"))
    for side in Side:
        if check.pool(side).past_rule_of_thumb:
            name = side_name(lang, opened.side(side))
            lines.append(tr(lang, "mekanismi.check.thumb", name=name))
    return lines + odds_lines(lang, check_odds(check), actor, opposition)


def result_lines(lang: str, result: CheckResult, actor: str, opposition: str) -> list[str]:
    """Both rolls and who won by how much."""
    lines = [
        tr(
            lang,
            "mekanismi.roll.side",
            name=name,
            faces=str(roll),
            successes=roll.successes,
        )
        for name, roll in ((actor, result.actor_roll), (opposition, result.opposition_roll))
    ]
    if result.winner is None:
        lines.append(tr(lang, "mekanismi.result.tie"))
    elif result.level is None:
        lines.append(tr(lang, "mekanismi.result.tie_ranged", name=opposition))
    else:
        winner = actor if result.winner is Side.ACTOR else opposition
        lines.append(
            tr(
                lang,
                "mekanismi.result.win",
                name=winner,
                margin=result.damage_points,
                level=level_text(lang, result.level),
            )
        )
    return lines


# ---- words into values ---------------------------------------------------------------


def _character(ctx: Ctx, ref: str) -> Character:
    return resolve(ref, ((c.name, c.name, c) for c in ctx.value.characters), "character", ctx.lang)


def _open_check(ctx: Ctx) -> OpenCheck:
    if ctx.value.check is None:
        raise ctx.error("mekanismi.error.no_check")
    return ctx.value.check


def _group(ctx: Ctx, names: str, ability_ref: str) -> tuple[SideOf, Pool]:
    """A side of one or more characters (``A+B+C``) rolling one ability: the best actor's
    pool and a die for each helper."""
    members = [_character(ctx, ref) for ref in names.split("+") if ref]
    if not members:
        raise ctx.error("mekanismi.error.no_one")
    if len({member.name for member in members}) < len(members):
        raise ctx.error("mekanismi.error.twice")
    known = {fold(a): a for member in members for a, _ in member.abilities}
    ability = resolve(ability_ref, ((a, a, a) for a in known.values()), "ability", ctx.lang)

    pools = [
        ability_pool(next((r for a, r in member.abilities if fold(a) == fold(ability)), 0), ability)
        for member in members
    ]
    best = members[best_actor(pools)]
    helpers = [member.name for member in members if member is not best]
    return SideOf((best.name, *helpers), ability), group_pool(pools, ", ".join(helpers))


def _side(ctx: Ctx, opened: OpenCheck, words: Words) -> Side:
    """The side named after ``for``: a character on it, ``actor`` or ``opposition``."""
    if not words.keyword("for"):
        return Side.ACTOR
    named = words.keyword("actor", "opposition")
    if named is not None:
        return Side(named)
    character = _character(ctx, words.take(ctx.tr("what.character")))
    for side in Side:
        if character.name in opened.side(side).names:
            return side
    raise ctx.error("mekanismi.error.side", name=character.name)


def _entered(ctx: Ctx, words: Words, size: int, name: str) -> PoolRoll | None:
    """Faces of ``name``'s pool typed as one word (``6623``, ``6,6,2,3``; ``-`` for none)."""
    word = words.peek()
    if word is None or fold(word) in (fold("vs"), *KEYWORDS["vs"]):
        return None
    words.take(ctx.tr("what.dice"))
    faces = "" if word == "-" else word.replace(",", "")
    if len(faces) != size and (faces.isdigit() or not faces):
        pool = ctx.tr("mekanismi.dice", dice=size)
        raise ctx.error("mekanismi.error.faces", name=name, pool=pool, count=len(faces))
    return parse_pool_roll(faces, size)


def _rolled(ctx: Ctx, size: int, entered: PoolRoll | None) -> PoolRoll:
    if entered is not None:
        return entered
    text = ctx.dice(lambda rng: "".join(str(face) for face in roll_pool(size, rng).faces) or "-")
    return parse_pool_roll("" if text == "-" else text, size)


def _both_rolls(
    ctx: Ctx, words: Words, check: Check, names: tuple[str, str]
) -> tuple[PoolRoll, PoolRoll]:
    actor = _entered(ctx, words, check.actor.size, names[0])
    opposition = None
    if words.keyword("vs"):
        opposition = _entered(ctx, words, check.opposition.size, names[1])
    words.done()
    return (
        _rolled(ctx, check.actor.size, actor),
        _rolled(ctx, check.opposition.size, opposition),
    )


def _quick_check(ctx: Ctx, words: Words) -> Check:
    """``N [vs M] [ranged]``: bare pools; without ``vs`` against the static difficulty."""
    actor = ability_pool(words.integer(ctx.tr("what.dice"), low=0, high=MAX_POOL))
    opposition = static_difficulty()
    if words.keyword("vs"):
        opposition = ability_pool(words.integer(ctx.tr("what.dice"), low=0, high=MAX_POOL))
    ranged = words.keyword("ranged") is not None
    return Check(actor, opposition, ranged)


def _fits(ctx: Ctx, opened: OpenCheck) -> None:
    """Refuse a pool of more than :data:`MAX_POOL` dice."""
    for side in Side:
        size = opened.check.pool(side).size
        if size > MAX_POOL:
            name = side_name(ctx.lang, opened.side(side))
            raise ctx.error("mekanismi.error.too_many", name=name, dice=size, most=MAX_POOL)


def _changed(ctx: Ctx, changed: OpenCheck, line: str) -> Applied:
    """The scene with the check changed, its pools and odds shown."""
    _fits(ctx, changed)
    return Applied(replace(ctx.value, check=changed), (line, *check_lines(ctx.lang, changed)), line)


# ---- verbs ---------------------------------------------------------------------------


@VERBS.verb(
    "check",
    "check CHARACTER[+HELPER...] ABILITY [vs CHARACTER[+HELPER...] ABILITY | vs N] [ranged]",
    aliases=("tarkistus", "kykytarkistus", "c"),
    example="check Ragnar Taistelu vs Rosvo+Rosvo2+Rosvo3+Rosvo4 Taistelu",
)
def check_verb(ctx: Ctx, words: Words) -> Applied:
    """Gather both pools: a character's (or a group's) ability against another's, against a
    number of dice, or against the static difficulty of 3."""
    if ctx.value.check is not None:
        raise ctx.error("mekanismi.error.check_open")
    actor, actor_pool = _group(
        ctx, words.take(ctx.tr("what.character")), words.take(ctx.tr("what.ability"))
    )
    opposition, opposition_pool = SideOf(()), static_difficulty()
    if words.keyword("vs"):
        ref = words.take(ctx.tr("what.character"))
        if ref.isdigit():
            opposition_pool = ability_pool(int(ref), ctx.tr("mekanismi.gm"))
        else:
            opposition, opposition_pool = _group(ctx, ref, words.take(ctx.tr("what.ability")))
    ranged = words.keyword("ranged") is not None
    words.done()
    overlap = set(actor.names) & set(opposition.names)
    if overlap:
        raise ctx.error("mekanismi.error.both_sides", name=sorted(overlap)[0])
    opened = OpenCheck(Check(actor_pool, opposition_pool, ranged), actor, opposition)
    _fits(ctx, opened)
    head = ctx.tr(
        "mekanismi.check.start",
        name=side_name(ctx.lang, actor),
        other=side_name(ctx.lang, opposition),
    )
    lines = [head, *check_lines(ctx.lang, opened)]
    return Applied(replace(ctx.value, check=opened), tuple(lines), head)


def _grow(ctx: Ctx, words: Words, *, disadvantage: bool) -> Applied:
    opened = _open_check(ctx)
    advantage = Advantage.MAJOR if words.keyword("major") else Advantage.MINOR
    side = _side(ctx, opened, words)
    reason = words.rest()
    if disadvantage:
        check = opened.check.disadvantage(side, advantage, reason)
        key = "mekanismi.disadvantage.line"
    else:
        check = opened.check.advantage(side, advantage, reason)
        key = "mekanismi.advantage.line"
    changed = replace(opened, check=check)
    name = side_name(ctx.lang, opened.side(side))
    other = side_name(ctx.lang, opened.side(side.other))
    line = ctx.tr(key, name=name, other=other, dice=int(advantage), reason=reason or "-")
    return _changed(ctx, changed, line)


@VERBS.verb(
    "advantage",
    "advantage [major] [for CHARACTER|actor|opposition] [REASON]",
    aliases=("etu", "adv"),
    example="advantage major for Ragnar rengaspaita",
)
def advantage_verb(ctx: Ctx, words: Words) -> Applied:
    """An advantage: one more die (a major advantage three) for a side, the actor's unless
    named."""
    return _grow(ctx, words, disadvantage=False)


@VERBS.verb(
    "disadvantage",
    "disadvantage [major] [for CHARACTER|actor|opposition] [REASON]",
    aliases=("haitta", "disadv"),
    example="disadvantage for Ragnar sade",
)
def disadvantage_verb(ctx: Ctx, words: Words) -> Applied:
    """A disadvantage of a side: the other side's pool gains the dice (none are removed)."""
    return _grow(ctx, words, disadvantage=True)


@VERBS.verb(
    "gear",
    "gear ITEM [for CHARACTER|actor|opposition]",
    aliases=("varuste", "väline"),
    example="gear Tikari",
)
def gear_verb(ctx: Ctx, words: Words) -> Applied:
    """A piece of gear on the sheet of someone on a side gives that side its advantage."""
    opened = _open_check(ctx)
    ref = words.take(ctx.tr("what.gear"))
    side = _side(ctx, opened, words)
    words.done()
    items = [
        (item, item, (item, advantage))
        for name in opened.side(side).names
        for item, advantage in ctx.value.character(name).gear
    ]
    item, advantage = resolve(ref, items, "gear", ctx.lang)
    check = opened.check.with_pool(
        side, opened.check.pool(side).plus(PartKind.ADVANTAGE, int(advantage), item)
    )
    changed = replace(opened, check=check)
    name = side_name(ctx.lang, opened.side(side))
    line = ctx.tr("mekanismi.gear.line", name=name, item=item, dice=int(advantage))
    return _changed(ctx, changed, line)


@VERBS.verb(
    "helpers",
    "helpers N [for CHARACTER|actor|opposition] [REASON]",
    aliases=("avustajat", "apu"),
    example="helpers 15 for opposition lisäsoutajat",
)
def helpers_verb(ctx: Ctx, words: Words) -> Applied:
    """Helpers without a sheet: one die each for a side (the actor's unless named)."""
    opened = _open_check(ctx)
    count = words.integer(ctx.tr("what.helpers"), low=1, high=MAX_POOL)
    side = _side(ctx, opened, words)
    reason = words.rest()
    check = opened.check.with_pool(side, opened.check.pool(side).with_helpers(count, reason))
    changed = replace(opened, check=check)
    name = side_name(ctx.lang, opened.side(side))
    line = ctx.tr("mekanismi.helpers.line", name=name, count=count)
    return _changed(ctx, changed, line)


@VERBS.verb(
    "roll",
    "roll [FACES [vs FACES]] | roll N [vs M] [ranged] [dice FACES [vs FACES]]",
    aliases=("heitä", "r"),
    example="roll 6623 vs 615",
)
def roll_verb(ctx: Ctx, words: Words) -> Applied:
    """Roll the check (faces entered as one word per pool, or rolled); or a quick roll of
    bare pools."""
    opened = ctx.value.check
    if opened is None:
        check = _quick_check(ctx, words)
        if words.keyword("dice") is None:
            words.done()
        names = (ctx.tr("mekanismi.actor"), ctx.tr("mekanismi.gm"))
        actor_dice, opposition_dice = _both_rolls(ctx, words, check, names)
        result = resolve_check(check, actor_dice, opposition_dice)
        return Applied(ctx.value, tuple(result_lines(ctx.lang, result, *names)))
    actor, opposition = side_name(ctx.lang, opened.actor), side_name(ctx.lang, opened.opposition)
    actor_roll, opposition_roll = _both_rolls(ctx, words, opened.check, (actor, opposition))
    result = resolve_check(opened.check, actor_roll, opposition_roll)
    lines = result_lines(ctx.lang, result, actor, opposition)
    outcome = lines[-1]  # the undo names who won, not the hint about the damage points
    if result.level is not None:
        lines.append(ctx.tr("mekanismi.result.damage", count=result.damage_points))
    settled = Settled(opened, result, result.damage_points)
    value = replace(ctx.value, check=None, last=settled)
    return Applied(value, tuple(lines), outcome)


@VERBS.verb(
    "odds",
    "odds | odds N [vs M] [ranged]",
    aliases=("tn", "todennäköisyys"),
    example="odds 4 vs 3",
)
def odds_verb(ctx: Ctx, words: Words) -> Applied:
    """Exact odds of each margin: of the check being built, or of bare pools (without ``vs``
    against the static difficulty of 3)."""
    if not words:
        opened = _open_check(ctx)
        actor = side_name(ctx.lang, opened.actor)
        opposition = side_name(ctx.lang, opened.opposition)
        return Applied(
            ctx.value, tuple(odds_lines(ctx.lang, check_odds(opened.check), actor, opposition))
        )
    check = _quick_check(ctx, words)
    words.done()
    names = (ctx.tr("mekanismi.actor"), ctx.tr("mekanismi.gm"))
    head = ctx.tr(
        "mekanismi.odds.head",
        actor=ctx.tr("mekanismi.dice", dice=check.actor.size),
        other=ctx.tr("mekanismi.dice", dice=check.opposition.size),
    )
    return Applied(ctx.value, (head, *odds_lines(ctx.lang, check_odds(check), *names)))


@VERBS.verb(
    "damage",
    "damage CHARACTER N [CHARACTER N ...]",
    aliases=("vahinko", "dmg"),
    example="damage Rosvo 1 Rosvo2 1 Rosvo3 1",
)
def damage_verb(ctx: Ctx, words: Words) -> Applied:
    """Spend the last check's margin as damage points, split among targets."""
    last = ctx.value.last
    if last is None:
        raise ctx.error("mekanismi.error.no_check_rolled")
    if last.result.winner is None:
        raise ctx.error("mekanismi.error.no_margin_tie")
    if last.damage_left == 0:
        raise ctx.error("mekanismi.error.no_margin")
    shares: list[tuple[str, int]] = []
    while True:
        target = _character(ctx, words.take(ctx.tr("what.character")))
        _beaten(ctx, last, target.name)
        points = words.integer(ctx.tr("what.damage_points"), low=1, high=MAX_POOL)
        shares.append((target.name, points))
        if not words:
            break
    split = split_damage(last.damage_left, shares)
    value = ctx.value
    lines: list[str] = []
    for name, points in split:
        sheet = value.character(name)
        hurt = _taking(sheet, points)
        value = value.with_character(hurt)
        lines.append(_damage_line(ctx, hurt, points))
    spent = sum(points for _, points in split)
    left = last.damage_left - spent
    if left:
        lines.append(ctx.tr("mekanismi.damage.left", count=left))
    value = replace(value, last=replace(last, damage_left=left))
    return Applied(value, tuple(lines), lines[0])


def _beaten(ctx: Ctx, last: Settled, name: str) -> None:
    """Refuse a target the margin may not hurt (the rules: :func:`margin_target`)."""
    winner = last.result.winner
    if winner is None:
        raise ctx.error("mekanismi.error.no_margin")
    winners = last.opened.side(winner).names
    beaten = last.opened.side(Side.OPPOSITION if winner is Side.ACTOR else Side.ACTOR).names
    found = margin_target(name, winners, beaten)
    if found is MarginTarget.WINNER:
        raise ctx.error("mekanismi.error.damage_winner", name=name)
    if found is MarginTarget.OUTSIDE:
        raise ctx.error("mekanismi.error.damage_outside", name=name, names=", ".join(beaten))


def _taking(sheet: Character, points: int) -> Character:
    """The sheet after ``points`` of damage (negative: healing), kept within what a scene
    file can hold."""
    track = sheet.damage.take(points)
    return replace(sheet, damage=replace(track, taken=min(track.taken, MAX_COUNT)))


def _damage_line(ctx: Ctx, sheet: Character, points: int) -> str:
    track = sheet.damage
    key = "mekanismi.damage.line" if points > 0 else "mekanismi.heal.line"
    line = ctx.tr(key, name=sheet.name, points=abs(points), taken=track.taken)
    if track.out:
        line += ctx.tr("mekanismi.damage.out")
    elif track.left is not None:
        line += ctx.tr("mekanismi.damage.health", left=track.left)
    return line


@VERBS.verb(
    "hurt",
    "hurt CHARACTER N",
    aliases=("satuta", "paranna", "heal"),
    example="hurt Ragnar 1",
)
def hurt_verb(ctx: Ctx, words: Words) -> Applied:
    """The GM's damage points outside a margin (a fall, a trap); a negative number heals."""
    sheet = _character(ctx, words.take(ctx.tr("what.character")))
    points = words.integer(ctx.tr("what.damage_points"), low=-MAX_COUNT, high=MAX_COUNT)
    words.done()
    if points == 0:
        raise ctx.error("mekanismi.error.zero")
    hurt = _taking(sheet, points)
    line = _damage_line(ctx, hurt, points)
    return Applied(ctx.value.with_character(hurt), (line,), line)


@VERBS.verb("drop", "drop", aliases=("luovu", "peru"), example="drop")
def drop_verb(ctx: Ctx, words: Words) -> Applied:
    """Give up the check being built."""
    opened = _open_check(ctx)
    words.done()
    line = ctx.tr("mekanismi.drop.line", name=side_name(ctx.lang, opened.actor))
    return Applied(replace(ctx.value, check=None), (line,), line)


add_visibility_verbs(VERBS, "character", "Rosvopäällikkö")
