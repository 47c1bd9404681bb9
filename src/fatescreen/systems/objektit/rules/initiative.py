"""Initiative: one conflict roll each at the start of a fight, ties by KK, then LK (§12).

«Mikäli usealla osanottajalla on sama aloite, voidaan järestys ratkaista ensin kehittyvän- ja
sitten luotanisen kyvyn (jos KK on sama) perusteella. Jos tilanne on vieläkin tasan, alkavat
toiminnot aivan yhtä aikaa.»
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby


@dataclass(frozen=True)
class InitiativeEntry:
    """One participant's initiative: the result and the abilities that break ties."""

    name: str
    result: Fraction
    """The initiative conflict's result (the GM may also pull an NPC's from a hat)."""
    developed: int
    """The developed ability (KK) used for the roll: the first tie-breaker."""
    inherent: int
    """The inherent ability (LK) used for the roll: the second tie-breaker."""

    @property
    def rank(self) -> tuple[Fraction, int, int]:
        """What orders participants: result, then KK, then LK (higher acts first)."""
        return (Fraction(self.result), self.developed, self.inherent)


def initiative_order(entries: Iterable[InitiativeEntry]) -> tuple[tuple[InitiativeEntry, ...], ...]:
    """Participants in acting order, grouped: a group of several acts simultaneously.

    The highest result acts first; equal results go by KK, then by LK; participants equal
    in all three act at the same moment. Within a group the given order is kept.
    """
    ordered = sorted(entries, key=lambda entry: entry.rank, reverse=True)
    return tuple(tuple(group) for _, group in groupby(ordered, key=lambda entry: entry.rank))


def rolled_this_fight(entries: Iterable[InitiativeEntry], name: str) -> InitiativeEntry | None:
    """The initiative ``name`` has this fight, if any: it is rolled «vain kerran "taistelun"
    alussa», so a second roll is refused (the GM's value by hand stays an override)."""
    return next((entry for entry in entries if entry.name == name), None)
