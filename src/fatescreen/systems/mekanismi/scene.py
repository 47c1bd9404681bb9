"""Mekanismi scene files: the characters' abilities in dice, their gear and damage taken; and
the scene value play changes (seed 003).

::

    format = 1
    system = "mekanismi"
    title = "Kuilun reunalla"

    [[pc]]
    name = "Ragnar"
    player = "Eevi"
    abilities = { Taistelu = 3, Ratsastus = 3 }
    gear = { Tikari = "pieni", Rengaspaita = "merkittävä" }   # or 1 and 3 dice
    damage = 0          # points taken, written by fatescreen
    health = 4          # optional: the points that take the character out

    [[npc]]
    name = "Rosvo"
    abilities = { Taistelu = 2 }
    health = 1
    hidden = true       # the players do not see the character (docs/player-view.md)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from fatescreen.scene.errors import KeyPath, text
from fatescreen.scene.reader import MAX_COUNT, MAX_TEXT, Reader, shown
from fatescreen.scene.systems.tables import (
    FREE,
    TEXT,
    WHOLE,
    WORD_OR_WHOLE,
    AnyKey,
    Columns,
    character_table,
    records,
)
from fatescreen.systems.mekanismi import MEKANISMI
from fatescreen.systems.mekanismi.rules.check import Check, CheckResult, Side
from fatescreen.systems.mekanismi.rules.damage import DamageTrack
from fatescreen.systems.mekanismi.rules.pools import Advantage
from fatescreen.systems.mekanismi.rules.sheet import Character

KEYS = ("pc", "npc")
CHARACTER_KEYS = ("name", "player", "abilities", "gear", "damage", "health", "notes")
NPC_KEYS = (*(key for key in CHARACTER_KEYS if key != "player"), "hidden")
MAX_DICE = 99
"""The largest ability rating, in dice (a pool may grow past it with advantages)."""
GEAR_WORDS: Mapping[str, Advantage] = {
    "pieni": Advantage.MINOR,
    "minor": Advantage.MINOR,
    "merkittävä": Advantage.MAJOR,
    "major": Advantage.MAJOR,
}
"""How a piece of gear's advantage may be written besides its dice (1 or 3)."""


@dataclass(frozen=True)
class Member:
    """A character of the scene and the player who plays it (None for the GM's)."""

    sheet: Character
    player: str | None = None
    notes: str = ""
    hidden: bool = False
    """A GM's character the players do not see."""

    @property
    def name(self) -> str:
        """The character's name."""
        return self.sheet.name


@dataclass(frozen=True)
class SideOf:
    """Who is on one side of a check and what they roll with."""

    names: tuple[str, ...]
    """The characters on the side, the best actor first (helpers after); empty for the GM's
    pool without a sheet (the static difficulty or a number of dice)."""
    ability: str = ""
    """The ability rolled ('' for the static difficulty or a bare number of dice)."""


@dataclass(frozen=True)
class OpenCheck:
    """A check being built: its pools and who is on each side."""

    check: Check
    actor: SideOf
    opposition: SideOf

    def side(self, side: Side) -> SideOf:
        """Who is on ``side``."""
        return self.actor if side is Side.ACTOR else self.opposition


@dataclass(frozen=True)
class Settled:
    """The check rolled last, and how many of the winner's damage points are still unspent."""

    opened: OpenCheck
    result: CheckResult
    damage_left: int


@dataclass(frozen=True)
class MekanismiScene:
    """A Mekanismi scene being played: the sheets, the check under way, the last result."""

    title: str
    notes: str = ""
    members: tuple[Member, ...] = ()
    """PCs (each with a player) in file order, then the GM's characters."""
    check: OpenCheck | None = None
    last: Settled | None = None

    @property
    def characters(self) -> tuple[Character, ...]:
        """Every character's sheet, PCs first."""
        return tuple(member.sheet for member in self.members)

    def character(self, name: str) -> Character:
        """A character by exact name (the commands resolve prefixes first)."""
        for member in self.members:
            if member.name == name:
                return member.sheet
        raise KeyError(name)

    def visibility(self) -> dict[str, bool | None]:
        """Every character by name: whether the players do not see it (None for a PC)."""
        return {m.name: None if m.player is not None else m.hidden for m in self.members}

    def with_hidden(self, name: str, hidden: bool) -> MekanismiScene:
        """The scene with the GM's character ``name`` kept from the players, or shown."""
        members = tuple(
            replace(member, hidden=hidden) if member.name == name else member
            for member in self.members
        )
        return replace(self, members=members)

    def with_character(self, sheet: Character) -> MekanismiScene:
        """The scene with one character's sheet (by name) replaced."""
        members = tuple(
            replace(member, sheet=sheet) if member.name == sheet.name else member
            for member in self.members
        )
        return replace(self, members=members)


class MekanismiFormat:
    """The scene file format of Mekanismi."""

    system = MEKANISMI
    keys = KEYS
    transient = ("check", "last")
    columns = Columns(
        {"name": TEXT, "player": TEXT, "notes": FREE, "health": WHOLE, "damage": WHOLE},
        {"ability": ("abilities", WHOLE), "gear": ("gear", WORD_OR_WHOLE)},
    )

    def decode(
        self, reader: Reader, top: Mapping[str, Any], title: str, notes: str
    ) -> MekanismiScene | None:
        """The scene from its file, every mistake recorded with its key path."""
        members: list[Member] = []
        seen: set[str] = set()
        for section in ("pc", "npc"):
            for index, item in enumerate(records(reader, top, section)):
                member = _member(reader, item, (section, index), section == "pc")
                if member is None:
                    continue
                if member.name in seen:
                    reader.fail(
                        (section, index, "name"), text("check.here_twice", name=member.name)
                    )
                    continue
                members.append(member)
                seen.add(member.name)
        if reader.problems:
            return None
        return MekanismiScene(title, notes, tuple(members))

    def blank(self, title: str) -> MekanismiScene:
        """A scene with nobody in it (quick rolls and odds)."""
        return MekanismiScene(title)

    def file_state(self, value: MekanismiScene) -> Mapping[KeyPath, Any]:
        """The damage points each character has taken (0 is left unwritten), and the GM's
        characters kept from the players."""
        state: dict[KeyPath, Any] = {}
        counters = {"pc": 0, "npc": 0}
        for member in value.members:
            section = "pc" if member.player is not None else "npc"
            index = counters[section]
            counters[section] += 1
            state[(section, index, "damage")] = member.sheet.damage.taken or None
            if section == "npc":
                state[(section, index, "hidden")] = member.hidden or None
        return state


FORMAT = MekanismiFormat()


def _member(reader: Reader, item: object, path: KeyPath, is_pc: bool) -> Member | None:
    read = character_table(reader, item, path, CHARACTER_KEYS if is_pc else NPC_KEYS, is_pc=is_pc)
    if read is None:
        return None
    table, name, player = read.table, read.name, read.player
    notes = reader.text(table.get("notes", ""), (*path, "notes"), limit=MAX_TEXT, allow_empty=True)
    abilities = _abilities(reader, table.get("abilities", {}), (*path, "abilities"))
    gear = _gear(reader, table.get("gear", {}), (*path, "gear"))
    taken = reader.integer(table.get("damage", 0), (*path, "damage"), low=0, high=MAX_COUNT)
    health = (
        reader.integer(table["health"], (*path, "health"), low=1, high=MAX_COUNT)
        if "health" in table
        else None
    )
    hidden = reader.boolean(table.get("hidden", False), (*path, "hidden"))
    if name is None or (is_pc and player is None) or taken is None:
        return None
    sheet = Character(name, abilities, gear, DamageTrack(taken, health))
    return Member(sheet, player, notes or "", hidden=bool(hidden))


def _abilities(reader: Reader, value: object, path: KeyPath) -> tuple[tuple[str, int], ...]:
    found: list[tuple[str, int]] = []
    for ability, rating in (reader.table(value, path, AnyKey()) or {}).items():
        where = (*path, ability)
        if reader.text(ability, where) is None:
            continue
        if isinstance(rating, int) and not isinstance(rating, bool) and rating < 0:
            reader.fail(where, text("check.mekanismi.pool", found=rating))
            continue
        dice = reader.integer(rating, where, low=0, high=MAX_DICE)
        if dice is not None:
            found.append((ability, dice))
    return tuple(found)


def _gear(reader: Reader, value: object, path: KeyPath) -> tuple[tuple[str, Advantage], ...]:
    found: list[tuple[str, Advantage]] = []
    for item, advantage in (reader.table(value, path, AnyKey()) or {}).items():
        where = (*path, item)
        if reader.text(item, where) is None:
            continue
        if isinstance(advantage, str) and advantage.casefold() in GEAR_WORDS:
            found.append((item, GEAR_WORDS[advantage.casefold()]))
        elif not isinstance(advantage, bool) and advantage in (1, 3):
            found.append((item, Advantage(advantage)))
        else:
            written = shown(advantage) if isinstance(advantage, str) else repr(advantage)
            reader.fail(where, text("check.mekanismi.advantage", found=written))
    return tuple(found)
