"""The players' record of an Objektien luonti scene: what the table saw of each step, said
from the public values only (:mod:`fatescreen.systems.objektit.public`), so no line of
it can hold a secret."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fatescreen.commands.systems.base import seen_lines
from fatescreen.i18n import tr
from fatescreen.systems.objektit.public import PublicObjektit, PublicResult
from fatescreen.systems.objektit.verbs import condition_text, number_text, step_text


def result_text(last: PublicResult, lang: str) -> str:
    """The conflict rolled last: whose, its value and result on the ladder, good or bad."""
    return tr(
        lang,
        "players.objektit.result",
        name=last.name or tr(lang, "players.someone"),
        value=number_text(lang, last.value),
        result=step_text(lang, last.step),
        verdict=tr(lang, f"objektit.verdict.{last.verdict}"),
    )


def players_record(before: Any, after: Any, lang: str) -> tuple[str, ...]:
    """What the players saw change from ``before`` to ``after`` (None: a scene opened): the
    conflict rolled, the initiative order, an object come into view, an object's condition."""
    assert isinstance(after, PublicObjektit)
    assert before is None or isinstance(before, PublicObjektit)
    lines: list[str] = []
    was = before.last if before is not None else None
    # an object made secret or public changes its name there ("" unseen), not the roll
    if after.last is not None and (
        was is None or replace(was, name="") != replace(after.last, name="")
    ):
        lines.append(result_text(after.last, lang))
    order = before.initiative if before is not None else ()
    if after.initiative != order:
        # the acting order as the table hears it: names only (a hidden object is left out)
        if after.initiative:
            said = " · ".join(
                f"{place}. {' = '.join(names)}"
                for place, names in enumerate(after.initiative, start=1)
            )
            lines.append(tr(lang, "objektit.initiative.order", order=said))
        else:
            lines.append(tr(lang, "objektit.initiative.cleared"))
    lines += seen_lines(
        before.objects if before is not None else None,
        after.objects,
        lambda was, now: (
            None
            if was.condition == now.condition
            else f"{now.name}: {condition_text(lang, now.condition)}"
        ),
        lang,
    )
    return tuple(lines)
