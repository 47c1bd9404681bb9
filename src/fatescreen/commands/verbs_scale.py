"""The verb for the scale advantage the higher-scale actor picks on its roll (§8 «Skaala»)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.names import fold
from fatescreen.commands.settle import reopen, roll_scale_levels, settle
from fatescreen.i18n import tr
from fatescreen.rules.actions import Action
from fatescreen.rules.conflict import (
    ScaleAdvantage,
    scale_free_invokes,
    scale_result_bonus,
    scale_roll_bonus,
    with_scale_advantage,
)
from fatescreen.rules.outcomes import Outcome

ADVANTAGE_WORDS: dict[ScaleAdvantage, tuple[str, ...]] = {
    ScaleAdvantage.ROLL: ("roll", "heitto", "heitä"),
    ScaleAdvantage.RESULT: ("result", "tulos"),
    ScaleAdvantage.FREE_INVOKES: ("invokes", "käytöt"),
}
"""The words that name each advantage, in English and Finnish."""


@dataclass(frozen=True)
class ScaleRequest:
    """``scale roll|result|invokes``: the advantage the higher-scale actor takes."""

    advantage: ScaleAdvantage


def parse_scale(args: Tokens) -> ScaleRequest:
    """Stage one of ``scale``: which advantage, by its English or Finnish word.

    Raises:
        CommandError: The word names none.
    """
    word = fold(args.take(tr(args.lang, "what.scale_advantage")))
    advantage = next((a for a, words in ADVANTAGE_WORDS.items() if word in words), None)
    if advantage is None:
        raise args.error("error.scale_advantage", word=word)
    return ScaleRequest(advantage)


@verb(
    "scale",
    "scale roll|result|invokes",
    aliases=("skaala",),
    example="scale result",
    parse=parse_scale,
)
def scale_verb(ctx: Context, args: Tokens, request: ScaleRequest) -> Applied:
    """The actor of higher scale takes another advantage on the pending roll: +2 per level
    to a result that succeeds, or a free invoke per level on a successful create.

    Stages: :func:`parse_scale`, the rules' scale functions deciding the advantage,
    :func:`settle` applying and saying the roll again, and the head line.
    """
    pending, base = reopen(ctx)
    advantage = request.advantage
    levels = roll_scale_levels(base, pending)
    if levels == 0:
        raise ctx.error("error.no_scale", name=ctx.who(pending.actor))
    if advantage is ScaleAdvantage.FREE_INVOKES and pending.action is not Action.CREATE_ADVANTAGE:
        raise ctx.error("error.scale_invokes")
    result = with_scale_advantage(pending.result, levels, advantage)
    scene, lines = settle(ctx, base, replace(pending, scale_advantage=advantage, result=result))
    amount = {
        ScaleAdvantage.ROLL: scale_roll_bonus(levels).value,
        ScaleAdvantage.RESULT: scale_result_bonus(levels, Outcome.SUCCESS),
        ScaleAdvantage.FREE_INVOKES: scale_free_invokes(levels, Outcome.SUCCESS),
    }[advantage]
    head = ctx.tr(f"scale.{advantage.value}", actor=ctx.who(pending.actor), amount=amount)
    return Applied(scene, (head, *lines), head, frozenset({"pending", "aspects"}))
