"""The players' record of a Menneisyyden varjot scene: what the table saw of each step, said
from the public values only (:mod:`fatescreen.systems.varjot.public`), so no line of it
can hold a secret."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fatescreen.commands.systems.base import seen_lines
from fatescreen.i18n import tr
from fatescreen.systems.varjot.public import (
    PublicSettled,
    PublicVarjot,
    PublicVarjotCharacter,
)
from fatescreen.systems.varjot.verbs import level_text


def who(name: str, lang: str) -> str:
    """A character as the players know it: *someone* for one they do not see."""
    return name or tr(lang, "players.someone")


def settled_text(last: PublicSettled, lang: str) -> str:
    """The check settled last, as the table saw it: who won by how much, at what level."""
    (first, first_level), *rest = last.sides
    if not rest:
        key = "varjot.accept.success" if last.winner == 0 else "varjot.accept.failure"
        return tr(lang, key, name=who(first, lang), level=level_text(lang, first_level))
    if last.tie:
        tied = level_text(lang, first_level)
        if last.winner is None:
            return tr(lang, "players.varjot.tie", level=tied)
        return tr(lang, "varjot.accept.tie_loses", level=tied, name=who(first, lang))
    assert last.winner is not None
    winner, winner_level = last.sides[last.winner]
    other_level = last.sides[1 - last.winner][1]
    return tr(
        lang,
        "varjot.accept.win",
        name=who(winner, lang),
        margin=last.margin,
        level=level_text(lang, winner_level),
        other=level_text(lang, other_level),
    )


def same_check(first: PublicSettled | None, second: PublicSettled) -> bool:
    """Whether two public values show the same check settled: a character made secret or
    public changes its name there ("" for one the players do not see), not the check."""
    if first is None:
        return False
    blank = tuple(("", level) for _, level in second.sides)
    return replace(first, sides=tuple(("", level) for _, level in first.sides)) == replace(
        second, sides=blank
    )


def _pools_line(character: PublicVarjotCharacter, lang: str) -> str:
    pools = " · ".join(f"{p.name} {p.left}/{p.maximum}" for p in character.pools)
    return f"{character.name}: {tr(lang, 'varjot.ui.pools')} {pools}"


def players_record(before: Any, after: Any, lang: str) -> tuple[str, ...]:
    """What the players saw change from ``before`` to ``after`` (None: a scene opened): the
    check settled, a character come into view, a PC's pools, a player's gift dice."""
    assert isinstance(after, PublicVarjot)
    assert before is None or isinstance(before, PublicVarjot)
    lines: list[str] = []
    if after.last is not None and (before is None or not same_check(before.last, after.last)):
        lines.append(settled_text(after.last, lang))
    lines += seen_lines(
        before.characters if before is not None else None,
        after.characters,
        lambda was, now: None if was.pools == now.pools else _pools_line(now, lang),
        lang,
    )
    gifts = dict(before.gifts) if before is not None else {}
    for player, left in after.gifts:
        if before is not None and gifts.get(player) != left:
            lines.append(tr(lang, "players.record.gifts", player=player, count=left))
    return tuple(lines)
