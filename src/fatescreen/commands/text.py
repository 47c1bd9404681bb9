"""Turning rolls into words: efforts, oppositions and outcomes as a GM reads them aloud."""

from __future__ import annotations

from fatescreen.commands.core import Context
from fatescreen.rules.outcomes import Bonus, Effort, Outcome, RollResult


def effort_text(ctx: Context, effort: Effort) -> str:
    """``Great (+4) + [0 0 + +] + 2 (invoke: X) = Fantastic (+6)``."""
    bonuses = "".join(
        f" {'+' if b.value >= 0 else '-'} {abs(b.value)} ({bonus_label(ctx, b)})"
        for b in effort.bonuses
    )
    return ctx.tr(
        "roll.effort",
        rating=ctx.rating(effort.rating),
        dice=str(effort.dice),
        bonuses=bonuses,
        total=ctx.rating(effort.total),
    )


def bonus_label(ctx: Context, bonus: Bonus) -> str:
    """A bonus's label in the GM's language (the rules core labels them in English)."""
    if bonus.kind:
        return ctx.tr(f"bonus.{bonus.kind}", detail=bonus.detail)
    return bonus.label


def opposition_text(ctx: Context, result: RollResult) -> str:
    """The opposition: a difficulty, or the opposing effort in full."""
    if result.opposing_effort is not None:
        return effort_text(ctx, result.opposing_effort)
    return ctx.rating(result.opposition)


def outcome_word(ctx: Context, outcome: Outcome) -> str:
    """``fail``, ``tie``, ``success`` or ``success with style``."""
    return ctx.tr(f"outcome.{outcome.value}")


def quoted(name: str) -> str:
    """An aspect's name as shown in a line: in double quotes."""
    return f'"{name}"'


def percent(value: float) -> str:
    """A chance as a whole percentage."""
    return f"{value:.0f}%"
