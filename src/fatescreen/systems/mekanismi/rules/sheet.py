"""A Mekanismi character sheet: abilities in dice, gear with its advantage, damage taken (§11)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from fatescreen.systems.mekanismi.rules.damage import DamageTrack
from fatescreen.systems.mekanismi.rules.errors import InvalidPool, UnknownAbility
from fatescreen.systems.mekanismi.rules.pools import Advantage, PartKind, Pool, ability_pool

T = TypeVar("T")


@dataclass(frozen=True)
class Character:
    """One character: each ability is the number of dice it rolls."""

    name: str
    abilities: tuple[tuple[str, int], ...] = ()
    gear: tuple[tuple[str, Advantage], ...] = ()
    """Gear that gives an advantage when it matters (a dagger against the unarmed: minor)."""
    damage: DamageTrack = field(default_factory=DamageTrack)

    def __post_init__(self) -> None:
        for ability, rating in self.abilities:
            if rating < 0:
                raise InvalidPool(
                    f"{self.name}: {ability} cannot be below 0 dice, got {rating}",
                    code="mekanismi.sheet.values",
                    self_name=self.name,
                    ability=ability,
                    rating=rating,
                )

    def ability(self, name: str) -> int:
        """The rating of the ability called ``name`` (case-insensitive).

        Raises:
            UnknownAbility: The character has no such ability.
        """
        return _find(self.name, self.abilities, name, "ability")

    def gear_advantage(self, name: str) -> Advantage:
        """The advantage of the gear called ``name`` (case-insensitive).

        Raises:
            UnknownAbility: The character has no such gear.
        """
        return _find(self.name, self.gear, name, "gear")

    def pool(self, ability: str, gear: Sequence[str] = ()) -> Pool:
        """The pool for a check with ``ability``, plus the named gear's advantages.

        Raises:
            UnknownAbility: The ability or a piece of gear is not on the sheet.
        """
        pool = ability_pool(self.ability(ability), f"{self.name}: {ability}")
        for item in gear:
            pool = pool.plus(PartKind.ADVANTAGE, int(self.gear_advantage(item)), item)
        return pool


def _find(owner: str, entries: tuple[tuple[str, T], ...], name: str, kind: str) -> T:
    for entry, value in entries:
        if entry.casefold() == name.casefold():
            return value
    code = "mekanismi.sheet.no_gear" if kind == "gear" else "mekanismi.sheet.no_ability"
    raise UnknownAbility(f"{owner} has no {kind} {name!r}", code=code, owner=owner, name=name)
