"""The verb for measuring time by shifts (§8 «Ajankulun mittaaminen»)."""

from __future__ import annotations

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.names import fold
from fatescreen.i18n import tr
from fatescreen.rules.time import Amount, TimeSpan, TimeUnit, shift_time

AMOUNT_WORDS: dict[Amount, tuple[str, ...]] = {
    Amount.HALF: ("half", "puoli"),
    Amount.ABOUT_ONE: ("one", "about", "noin"),
    Amount.A_FEW: ("few", "muutama"),
    Amount.SEVERAL: ("several", "useampi"),
}
"""The words that name each rough amount, in English and Finnish."""


def span_text(ctx: Context, span: TimeSpan) -> str:
    """``a few hours``, ``muutama tunti``..."""
    return ctx.tr(f"time.{span.amount.value}.{span.unit.value}")


def _unit(args: Tokens, word: str) -> TimeUnit:
    wanted = fold(word)
    for unit in TimeUnit:
        names = {fold(tr(args.lang, f"time.{a.value}.{unit.value}").split()[-1]) for a in Amount}
        names |= {unit.value, unit.value + "s"}
        if wanted in names:
            return unit
    raise args.error("error.time_unit", word=word, units=", ".join(u.value for u in TimeUnit))


def parse_duration(args: Tokens) -> TimeSpan:
    """Stage one of ``duration``: the task's base duration, a rough amount of a unit.

    Raises:
        CommandError: A word names no amount or no unit.
    """
    amount_word = fold(args.take(tr(args.lang, "what.amount")))
    amount = next((a for a, words in AMOUNT_WORDS.items() if amount_word in words), None)
    if amount is None:
        raise args.error("error.time_amount", word=amount_word)
    return TimeSpan(amount, _unit(args, args.take(tr(args.lang, "what.unit"))))


@verb(
    "duration",
    "duration AMOUNT UNIT",
    aliases=("aika", "kesto"),
    example="duration few hours",
    parse=parse_duration,
)
def time_verb(ctx: Context, args: Tokens, base: TimeSpan) -> Applied:
    """How long the last roll's task takes: its shifts move the base duration a step each
    (the rules' :func:`shift_time` decides; nothing in the scene changes)."""
    pending = ctx.scene.pending_roll
    if pending is None:
        raise ctx.error("error.no_roll")
    shifts = pending.result.shifts
    taken = shift_time(base, shifts)
    line = ctx.tr(
        "time.line",
        base=span_text(ctx, base),
        shifts=shifts,
        taken=span_text(ctx, taken),
    )
    return Applied(ctx.scene, (line,))
