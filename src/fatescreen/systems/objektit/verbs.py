"""The Objektien luonti command language: set up a conflict with the GM's chance, roll 2d6,
name the result, resolve a hit's damage on the condition track, order initiative (seed 001).

Every verb reads its words into a request, asks :mod:`fatescreen.systems.objektit.rules` for the
decision and returns the new :class:`~fatescreen.systems.objektit.scene.ObjektitScene`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from fatescreen.commands.names import fold, resolve
from fatescreen.commands.systems.base import SystemApplied, SystemContext, VerbSet, Words, percent
from fatescreen.commands.systems.visibility import add_visibility_verbs
from fatescreen.i18n import tr
from fatescreen.systems.objektit.rules.condition import CONDITION_MAX, condition_level
from fatescreen.systems.objektit.rules.conflict import Conflict, ConflictResult, Step, step_for
from fatescreen.systems.objektit.rules.dice import TwoDice, parse_2d6, roll_2d6
from fatescreen.systems.objektit.rules.initiative import (
    InitiativeEntry,
    initiative_order,
    rolled_this_fight,
)
from fatescreen.systems.objektit.rules.odds import ConflictOdds, conflict_odds, damage_odds
from fatescreen.systems.objektit.rules.sheet import ObjectSheet
from fatescreen.systems.objektit.scene import (
    DEFAULT_RESIST,
    LOWEST_CONDITION,
    ObjektitScene,
    OpenConflict,
    Resolved,
)

KEYWORDS = {
    "dice": ("nopat",),
    "clear": ("tyhjennä", "uusi"),
    "on": ("kohde", "@"),
}
VERBS = VerbSet("objektit", KEYWORDS)
MAX_CHANCE = 1000
"""The largest chance (or danger) in either direction a GM may type."""
MAX_DECIMALS = 6

Ctx = SystemContext[ObjektitScene]
Applied = SystemApplied[ObjektitScene]


# ---- saying it -----------------------------------------------------------------------


def number_text(lang: str, value: Fraction, *, signed: bool = True) -> str:
    """A number as the seed writes it: ``+3``, ``-6``, ``+3,14`` (a decimal comma in
    Finnish)."""
    if value.denominator == 1:
        text = f"{int(value):+d}" if signed else str(int(value))
    else:
        decimal = Decimal(value.numerator) / Decimal(value.denominator)
        text = format(decimal.normalize(), "+f" if signed else "f")
    text = text.replace("-", "−")
    return text.replace(".", ",") if lang == "fi" else text


def rating_text(lang: str, name: str, value: int, *, developed: bool) -> str:
    """An ability as the seed writes it: ``erittäin nokkela (+5)``, ``melko kyvykäs poliisi
    (+4)``."""
    key = "objektit.kk" if developed else "objektit.lk"
    return f"{tr(lang, f'{key}.{value}')} {name} ({value:+d})"


def developed_text(lang: str, opened: OpenConflict) -> str:
    """The conflict's developed ability as the seed writes it, or the concept's default."""
    value = opened.conflict.developed
    if opened.developed is None:
        return f"{tr(lang, 'objektit.default')} ({value:+d})"
    return rating_text(lang, opened.developed, value, developed=True)


def step_text(lang: str, step: Step, *, chance: bool = False) -> str:
    """A step of the ladder by name: a result («seuraus») or a chance («mahdollisuus»)."""
    key = "objektit.chance" if chance else "objektit.result"
    return tr(lang, f"{key}.{int(step)}")


def condition_text(lang: str, condition: int) -> str:
    """A condition with its name: ``4 Vahingoittunut``, ``−1 PJn vallassa``."""
    name = tr(lang, f"objektit.condition.{int(condition_level(condition))}")
    return f"{number_text(lang, Fraction(condition), signed=False)} {name}"


def conflict_lines(lang: str, opened: OpenConflict) -> list[str]:
    """The conflict as set up: LK + KK + chance, and its odds."""
    conflict = opened.conflict
    line = tr(
        lang,
        "objektit.conflict.line",
        name=opened.name,
        lk=rating_text(lang, opened.inherent, conflict.inherent, developed=False),
        kk=developed_text(lang, opened),
        chance=number_text(lang, conflict.chance),
        chance_name=step_text(lang, step_for(conflict.chance), chance=True),
        base=number_text(lang, conflict.base, signed=False),
    )
    return [line, *odds_lines(lang, conflict_odds(conflict.base))]


def odds_lines(lang: str, odds: ConflictOdds) -> list[str]:
    """The chance of a good, an average and a bad result, and of each named result."""
    head = tr(
        lang,
        "objektit.odds.line",
        good=percent(odds.good),
        average=percent(odds.average),
        bad=percent(odds.bad),
    )
    steps = " · ".join(
        f"{step_text(lang, step)} {percent(odds.of_step(step))}"
        for step in reversed(Step)
        if odds.of_step(step)
    )
    return [head, steps]


def result_line(lang: str, name: str, base: Fraction, result: ConflictResult) -> str:
    """``Aino: 8 − [3 5] = +0: Keskinkertainen seuraus (neither good nor bad)``."""
    verdict = "good" if result.good else "bad" if result.bad else "even"
    return tr(
        lang,
        "objektit.roll.line",
        name=name,
        base=number_text(lang, base, signed=False),
        dice=str(result.dice),
        value=number_text(lang, result.value),
        result=step_text(lang, result.step),
        verdict=tr(lang, f"objektit.verdict.{verdict}"),
    )


# ---- words into values ---------------------------------------------------------------


def number(word: str) -> Fraction | None:
    """A number as a GM types it (``+3``, ``-6``, ``3,14``, ``−2``), or None."""
    text = word.replace("−", "-").replace(",", ".")
    if not text or not all(char in "0123456789.+-" for char in text):
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    exponent = value.as_tuple().exponent
    if not value.is_finite() or not isinstance(exponent, int) or -exponent > MAX_DECIMALS:
        return None
    if abs(value) > MAX_CHANCE:
        return None
    return Fraction(value)


def _chance(ctx: Ctx, words: Words, what: str = "what.chance") -> Fraction:
    """The next word as a number (a chance, a danger, a base value...), named ``what`` when
    it is missing."""
    word = words.take(ctx.tr(what))
    found = number(word)
    if found is None:
        raise words.not_a_number(word)
    return found


def _entry_sheet(ctx: Ctx, ref: str) -> ObjectSheet:
    return resolve(ref, ((s.name, s.name, s) for s in ctx.value.sheets), "object", ctx.lang)


def _inherent(ctx: Ctx, sheet: ObjectSheet, ref: str) -> tuple[str, int]:
    return resolve(ref, ((a, a, (a, r)) for a, r in sheet.inherent), "inherent", ctx.lang)


def _developed(ctx: Ctx, sheet: ObjectSheet, words: Words) -> tuple[str | None, int]:
    """The next word as a developed ability, ``-`` for none, or (absent, or a number next)
    the concept's default."""
    word = words.peek()
    if word is None or number(word) is not None or fold(word) in ("dice", *KEYWORDS["dice"]):
        return None, _default(ctx, sheet)
    words.take(ctx.tr("what.developed"))
    if word == "-":
        return None, _default(ctx, sheet)
    return _named_developed(ctx, sheet, word)


def _named_developed(ctx: Ctx, sheet: ObjectSheet, ref: str) -> tuple[str, int]:
    return resolve(ref, ((a, a, (a, r)) for a, r in sheet.developed), "developed", ctx.lang)


def _default(ctx: Ctx, sheet: ObjectSheet) -> int:
    if sheet.default_developed is None:
        raise ctx.error("objektit.error.no_default", name=sheet.name)
    return sheet.default_developed


def _set_up(ctx: Ctx, words: Words) -> OpenConflict:
    """``OBJECT LK [KK|-] [CHANCE]``: an object's conflict with the GM's chance."""
    sheet = _entry_sheet(ctx, words.take(ctx.tr("what.object")))
    lk, lk_value = _inherent(ctx, sheet, words.take(ctx.tr("what.inherent")))
    kk, kk_value = _developed(ctx, sheet, words)
    word = words.peek()
    chance = _chance(ctx, words) if word is not None and number(word) is not None else Fraction(0)
    return OpenConflict(sheet.name, lk, kk, Conflict(lk_value, kk_value, chance))


def _dice(ctx: Ctx, words: Words) -> TwoDice:
    """Entered faces (the next word, or two words) or dice rolled."""
    if words:
        return parse_2d6(words.rest())
    rolled = ctx.dice(lambda rng: "{0.first}{0.second}".format(roll_2d6(rng)))
    return parse_2d6(rolled)


def _harm(ctx: Ctx, words: Words) -> tuple[ObjectSheet, Fraction, str, str | None]:
    """``OBJECT DANGER [LK [KK]]``: the target, the danger, the LK resisting (the kind's
    ``resist`` unless named) and a fitting KK if named."""
    sheet = _entry_sheet(ctx, words.take(ctx.tr("what.object")))
    danger = _chance(ctx, words, "what.danger")
    if words:
        lk, _ = _inherent(ctx, sheet, words.take(ctx.tr("what.inherent")))
    else:
        kind = ctx.value.kind(ctx.value.entry(sheet.name).kind)
        wanted = kind.resist if kind is not None else DEFAULT_RESIST
        matches = [a for a, _ in sheet.inherent if fold(a) == fold(wanted)]
        if not matches:
            raise ctx.error("objektit.error.no_resist", name=sheet.name, ability=wanted)
        lk = matches[0]
    kk = None
    if words:
        kk, _ = _named_developed(ctx, sheet, words.take(ctx.tr("what.developed")))
    return sheet, danger, lk, kk


def _open(ctx: Ctx) -> OpenConflict:
    if ctx.value.conflict is None:
        raise ctx.error("objektit.error.no_conflict")
    return ctx.value.conflict


# ---- verbs ---------------------------------------------------------------------------


@VERBS.verb(
    "check",
    "check OBJECT LK [KK|-] [CHANCE]",
    aliases=("konflikti", "tarkistus", "c"),
    example="check Aino vikkelä kiipeily +3",
)
def check_verb(ctx: Ctx, words: Words) -> Applied:
    """Set up an uncertain conflict: LK + KK (or the concept's default) + the GM's chance."""
    if ctx.value.conflict is not None:
        raise ctx.error("objektit.error.conflict_open")
    opened = _set_up(ctx, words)
    words.done()
    lines = conflict_lines(ctx.lang, opened)
    return Applied(replace(ctx.value, conflict=opened), tuple(lines), lines[0])


@dataclass(frozen=True)
class Chance:
    """``chance NUMBER``: the GM's chance of the conflict being set up."""

    chance: int

    def command(self) -> str:
        """The ``chance`` line."""
        return f"chance {self.chance:+d}"


@VERBS.verb(
    "chance",
    "chance NUMBER",
    aliases=("mahdollisuus", "ch"),
    example="chance -3",
)
def chance_verb(ctx: Ctx, words: Words) -> Applied:
    """Change the GM's chance of the conflict being set up (any number; ±9 are examples)."""
    opened = _open(ctx)
    chance = _chance(ctx, words)
    words.done()
    changed = replace(opened, conflict=replace(opened.conflict, chance=chance))
    lines = conflict_lines(ctx.lang, changed)
    return Applied(replace(ctx.value, conflict=changed), tuple(lines), lines[0])


@VERBS.verb(
    "roll",
    "roll [FACES] | roll BASE [CHANCE] [dice FACES]",
    aliases=("heitä", "r"),
    example="roll 3 5",
)
def roll_verb(ctx: Ctx, words: Words) -> Applied:
    """Roll 2d6 (or take the entered faces) and take them from the conflict's value; or a
    quick roll of a bare LK + KK and chance."""
    opened = ctx.value.conflict
    if opened is None:
        base = _chance(ctx, words, "what.base")
        word = words.peek()
        if word is not None and number(word) is not None:
            base += _chance(ctx, words)
        if words and words.keyword("dice") is None:
            words.done()
        dice = _dice(ctx, words)
        result = ConflictResult(base - dice.total, dice)
        return Applied(ctx.value, (result_line(ctx.lang, "", base, result).lstrip(": "),))
    dice = _dice(ctx, words)
    result = opened.conflict.resolve(dice)
    line = result_line(ctx.lang, opened.name, opened.conflict.base, result)
    value = replace(ctx.value, conflict=None, last=Resolved(opened, result))
    return Applied(value, (line,), line)


@VERBS.verb(
    "odds",
    "odds | odds on OBJECT DANGER [LK [KK]] | odds BASE [CHANCE]",
    aliases=("tn", "todennäköisyys"),
    example="odds 7 +3",
)
def odds_verb(ctx: Ctx, words: Words) -> Applied:
    """Exact odds of each result: of the conflict being set up, or of a bare value; with
    ``on``, the odds of each condition a target ends in if the conflict is its attack."""
    if not words:
        opened = _open(ctx)
        return Applied(ctx.value, tuple(conflict_lines(ctx.lang, opened)))
    if words.keyword("on"):
        opened = _open(ctx)
        sheet, danger, lk, kk = _harm(ctx, words)
        words.done()
        resistance = sheet.inherent_rating(lk) + (0 if kk is None else sheet.developed_rating(kk))
        after = damage_odds(opened.conflict.base, resistance, danger, sheet.condition)
        spread = " · ".join(
            f"{condition_text(ctx.lang, max(condition, LOWEST_CONDITION))} {percent(chance)}"
            for condition, chance in after.items()
        )
        line = ctx.tr("objektit.odds.damage", name=sheet.name, odds=spread)
        return Applied(ctx.value, (line,))
    base = _chance(ctx, words, "what.base")
    if words:
        base += _chance(ctx, words)
    words.done()
    return Applied(ctx.value, tuple(odds_lines(ctx.lang, conflict_odds(base))))


@VERBS.verb(
    "damage",
    "damage OBJECT DANGER [LK [KK]]",
    aliases=("vahinko", "dmg"),
    example="damage Bertil -6",
)
def damage_verb(ctx: Ctx, words: Words) -> Applied:
    """The last hit's damage: the target's LK (usually kova) + a fitting KK + the danger - the
    hit's result, added to the target's condition when below 0."""
    last = ctx.value.last
    if last is None:
        raise ctx.error("objektit.error.no_hit")
    sheet, danger, lk, kk = _harm(ctx, words)
    words.done()
    if not last.result.good:
        raise ctx.error("objektit.error.not_a_hit", value=number_text(ctx.lang, last.result.value))
    damage = sheet.damage(lk, kk, danger, last.result.value)
    after = max(damage.condition_after(sheet.condition), LOWEST_CONDITION)
    line = ctx.tr(
        "objektit.damage.line",
        name=sheet.name,
        lk=lk,
        lk_value=f"{damage.resistance:+d}",
        kk=f" + {kk} {damage.developed:+d}" if kk else "",
        danger=number_text(ctx.lang, damage.danger),
        hit=number_text(ctx.lang, damage.hit),
        value=number_text(ctx.lang, damage.value),
        before=condition_text(ctx.lang, sheet.condition),
        after=condition_text(ctx.lang, after),
    )
    value = ctx.value.with_sheet(replace(sheet, condition=after))
    return Applied(value, (line,), line)


@VERBS.verb(
    "condition",
    "condition OBJECT N",
    aliases=("tila",),
    example="condition Aino 6",
)
def condition_verb(ctx: Ctx, words: Words) -> Applied:
    """Set an object's condition (healing, repairs, the GM's word): at most 6."""
    sheet = _entry_sheet(ctx, words.take(ctx.tr("what.object")))
    condition = words.integer(ctx.tr("what.condition"), low=LOWEST_CONDITION, high=CONDITION_MAX)
    words.done()
    line = ctx.tr(
        "objektit.condition.line",
        name=sheet.name,
        before=condition_text(ctx.lang, sheet.condition),
        after=condition_text(ctx.lang, condition),
    )
    return Applied(ctx.value.with_sheet(replace(sheet, condition=condition)), (line,), line)


@VERBS.verb(
    "initiative",
    "initiative [OBJECT LK [KK|-] [CHANCE] [dice FACES] | OBJECT = VALUE | clear]",
    aliases=("aloite", "init", "i"),
    example="initiative Aino vikkelä +0",
)
def initiative_verb(ctx: Ctx, words: Words) -> Applied:
    """Roll an object's initiative (once a fight: a second roll is refused until ``clear``
    starts the next fight), set it from the GM's hat (an explicit override), show the
    order, or clear it for the next fight."""
    if not words:
        return Applied(ctx.value, tuple(initiative_lines(ctx.lang, ctx.value.initiative)))
    if words.keyword("clear"):
        words.done()
        line = ctx.tr("objektit.initiative.cleared")
        return Applied(replace(ctx.value, initiative=()), (line,), line)
    sheet = _entry_sheet(ctx, words.peek() or "")
    if len(words.words) > 1 and words.words[1] == "=":
        words.take(ctx.tr("what.object"))
        words.take("=")
        drawn = _chance(ctx, words, "what.value")
        words.done()
        entry = InitiativeEntry(sheet.name, drawn, 0, 0)
        line = ctx.tr(
            "objektit.initiative.set", name=sheet.name, value=number_text(ctx.lang, drawn)
        )
    else:
        rolled = rolled_this_fight(ctx.value.initiative, sheet.name)
        if rolled is not None:
            raise ctx.error(
                "objektit.error.initiative_rolled",
                name=sheet.name,
                value=number_text(ctx.lang, rolled.result),
            )
        opened = _set_up(ctx, words)
        if words and words.keyword("dice") is None:
            words.done()
        dice = _dice(ctx, words)
        result = opened.conflict.resolve(dice)
        entry = InitiativeEntry(
            sheet.name, result.value, opened.conflict.developed, opened.conflict.inherent
        )
        line = result_line(ctx.lang, sheet.name, opened.conflict.base, result)
    kept = tuple(e for e in ctx.value.initiative if e.name != sheet.name)
    value = replace(ctx.value, initiative=(*kept, entry))
    return Applied(value, (line, *initiative_lines(ctx.lang, value.initiative)), line)


def initiative_lines(lang: str, entries: tuple[InitiativeEntry, ...]) -> list[str]:
    """The acting order, one line: ``1. Bertil +5 · 2. Aino +2 = Eemeli +2``."""
    if not entries:
        return [tr(lang, "objektit.initiative.none")]
    groups = [
        " = ".join(f"{entry.name} {number_text(lang, entry.result)}" for entry in group)
        for group in initiative_order(entries)
    ]
    order = " · ".join(f"{place}. {group}" for place, group in enumerate(groups, start=1))
    return [tr(lang, "objektit.initiative.order", order=order)]


@VERBS.verb("drop", "drop", aliases=("luovu", "peru"), example="drop")
def drop_verb(ctx: Ctx, words: Words) -> Applied:
    """Give up the conflict being set up."""
    opened = _open(ctx)
    words.done()
    line = ctx.tr("objektit.drop.line", name=opened.name)
    return Applied(replace(ctx.value, conflict=None), (line,), line)


add_visibility_verbs(VERBS, "object", "Merikotka")
