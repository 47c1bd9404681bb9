"""A Mekanismi character sheet: abilities in dice, gear with its advantage, damage taken (§11)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from fatescreen.rules.mekanismi.damage import DamageTrack
from fatescreen.rules.mekanismi.errors import InvalidPool, UnknownAbility
from fatescreen.rules.mekanismi.pools import Advantage, PartKind, Pool, ability_pool


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
                raise InvalidPool(f"{self.name}: {ability} cannot be below 0 dice, got {rating}")

    def ability(self, name: str) -> int:
        """The rating of the ability called ``name`` (case-insensitive).

        Raises:
            UnknownAbility: The character has no such ability.
        """
        for ability, rating in self.abilities:
            if ability.casefold() == name.casefold():
                return rating
        raise UnknownAbility(f"{self.name} has no ability {name!r}")

    def gear_advantage(self, name: str) -> Advantage:
        """The advantage of the gear called ``name`` (case-insensitive).

        Raises:
            UnknownAbility: The character has no such gear.
        """
        for item, advantage in self.gear:
            if item.casefold() == name.casefold():
                return advantage
        raise UnknownAbility(f"{self.name} has no gear {name!r}")

    def pool(self, ability: str, gear: Sequence[str] = ()) -> Pool:
        """The pool for a check with ``ability``, plus the named gear's advantages.

        Raises:
            UnknownAbility: The ability or a piece of gear is not on the sheet.
        """
        pool = ability_pool(self.ability(ability), f"{self.name}: {ability}")
        for item in gear:
            pool = pool.plus(PartKind.ADVANTAGE, int(self.gear_advantage(item)), item)
        return pool
