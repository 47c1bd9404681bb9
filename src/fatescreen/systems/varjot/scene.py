"""Menneisyyden varjot scene files: the table's players, the characters' abilities and
pools, the gift dice left this session; and the scene value play changes (seed 002).

::

    format = 1
    system = "menneisyyden-varjot"
    title = "Sillalla"
    players = ["Eevi", "Tuomas", "Anni"]
    gm = "PJ"

    [[pc]]
    name = "Ilse"
    player = "Eevi"
    abilities = { Miekkailu = 3, Ratsastus = 2 }
    pools = { Ruumis = { max = 5, left = 4 }, Mieli = 3 }

    [[npc]]
    name = "Vartija"
    abilities = { Miekkailu = 2 }
    hidden = true       # the players do not see the character (docs/player-view.md)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from fatescreen.scene.errors import KeyPath, text
from fatescreen.scene.reader import MAX_COUNT, Reader
from fatescreen.scene.systems.tables import (
    FREE,
    TEXT,
    WHOLE,
    AnyKey,
    Columns,
    character_table,
    records,
)
from fatescreen.systems.varjot import VARJOT
from fatescreen.systems.varjot.rules.check import Check, Resolution
from fatescreen.systems.varjot.rules.sheet import (
    GRANDMASTER,
    MAX_POOL,
    UNSKILLED,
    Ability,
    Character,
    GiftDice,
    Pool,
)

KEYS = ("players", "gm", "gift_dice", "pc", "npc")
CHARACTER_KEYS = ("name", "player", "abilities", "pools", "notes")
NPC_KEYS = ("name", "abilities", "pools", "notes", "hidden")
POOL_KEYS = ("max", "left")
MAX_PLAYERS = 50
DEFAULT_GM = "GM"


@dataclass(frozen=True)
class Settled:
    """The last check the GM settled: what a support chain or an extended conflict's
    first round takes its dice from."""

    check: Check
    resolution: Resolution


@dataclass(frozen=True)
class VarjotScene:
    """A Menneisyyden varjot scene being played: the sheets, the gift dice, the check."""

    title: str
    notes: str = ""
    players: tuple[str, ...] = ()
    """The players around the table, not counting the GM."""
    gm: str = DEFAULT_GM
    """The GM's name in the gift-dice count."""
    characters: tuple[Character, ...] = ()
    """PCs (each with a player) in file order, then the GM's characters."""
    gifts: GiftDice = field(default_factory=lambda: GiftDice(()))
    check: Check | None = None
    """The check being built, rolled, or having dice added; None between checks."""
    last: Settled | None = None
    """The check settled last."""
    hidden: frozenset[str] = frozenset()
    """The GM's characters the players do not see, by name."""

    @property
    def table(self) -> tuple[str, ...]:
        """Everyone who holds gift dice: the players, then the GM."""
        return (*self.players, self.gm)

    def character(self, name: str) -> Character:
        """A character by exact name (the commands resolve prefixes first)."""
        for character in self.characters:
            if character.name == name:
                return character
        raise KeyError(name)

    def visibility(self) -> dict[str, bool | None]:
        """Every character by name: whether the players do not see it (None for a PC)."""
        return {
            c.name: None if c.player is not None else c.name in self.hidden for c in self.characters
        }

    def with_hidden(self, name: str, hidden: bool) -> VarjotScene:
        """The scene with the GM's character ``name`` kept from the players, or shown."""
        return replace(self, hidden=self.hidden | {name} if hidden else self.hidden - {name})

    def with_character(self, character: Character) -> VarjotScene:
        """The scene with one character (by name) replaced."""
        return replace(
            self,
            characters=tuple(character if c.name == character.name else c for c in self.characters),
        )


class VarjotFormat:
    """The scene file format of Menneisyyden varjot."""

    system = VARJOT
    keys = KEYS
    transient = ("check", "last")
    columns = Columns(
        {"name": TEXT, "player": TEXT, "notes": FREE},
        {"ability": ("abilities", WHOLE), "pool": ("pools", WHOLE)},
    )

    def decode(
        self, reader: Reader, top: Mapping[str, Any], title: str, notes: str
    ) -> VarjotScene | None:
        """The scene from its file, every mistake recorded with its key path."""
        players = tuple(reader.texts(top.get("players", []), ("players",)))
        if len(players) > MAX_PLAYERS:
            reader.fail(("players",), text("check.varjot.players", most=MAX_PLAYERS))
        for index, player in enumerate(players):
            if player in players[:index]:
                reader.fail(("players", index), text("check.listed_twice", names=repr(player)))
        gm = reader.text(top.get("gm", DEFAULT_GM), ("gm",)) or DEFAULT_GM
        if gm in players:
            reader.fail(("gm",), text("check.varjot.gm", name=gm))
        characters: list[Character] = []
        seen: set[str] = set()
        hidden: set[str] = set()
        for section in ("pc", "npc"):
            for index, item in enumerate(records(reader, top, section)):
                character = _character(reader, item, (section, index), section == "pc", players)
                if character is None:
                    continue
                marked = item.get("hidden", False) if isinstance(item, dict) else False
                if reader.boolean(marked, (section, index, "hidden")):
                    hidden.add(character.name)
                if character.name in seen:
                    reader.fail(
                        (section, index, "name"), text("check.here_twice", name=character.name)
                    )
                    continue
                characters.append(character)
                seen.add(character.name)
        table = (*players, gm)
        gifts = GiftDice.new_session(table)
        if "gift_dice" in top:
            given = reader.table(top["gift_dice"], ("gift_dice",), table) or {}
            counts = dict(gifts.left)
            for player, value in given.items():
                count = reader.integer(value, ("gift_dice", player), low=0, high=MAX_COUNT)
                if count is not None and player in counts:
                    counts[player] = count
            gifts = GiftDice(tuple(counts.items()))
        if reader.problems:
            return None
        return VarjotScene(
            title, notes, players, gm, tuple(characters), gifts, hidden=frozenset(hidden)
        )

    def blank(self, title: str) -> VarjotScene:
        """A scene with nobody in it (quick rolls and odds)."""
        return VarjotScene(title)

    def file_state(self, value: VarjotScene) -> Mapping[KeyPath, Any]:
        """Pool points left per character, gift dice left per player, and the GM's
        characters kept from the players."""
        state: dict[KeyPath, Any] = {("gift_dice",): dict(value.gifts.left)}
        counters = {"pc": 0, "npc": 0}
        for character in value.characters:
            section = "pc" if character.player is not None else "npc"
            index = counters[section]
            counters[section] += 1
            if section == "npc":
                state[(section, index, "hidden")] = character.name in value.hidden or None
            for pool in character.pools:
                short = pool.maximum if pool.left == pool.maximum else None
                state[(section, index, "pools", pool.name)] = (
                    short if short is not None else {"max": pool.maximum, "left": pool.left}
                )
        return state


FORMAT = VarjotFormat()


def _character(
    reader: Reader, item: object, path: KeyPath, is_pc: bool, players: tuple[str, ...]
) -> Character | None:
    read = character_table(reader, item, path, CHARACTER_KEYS if is_pc else NPC_KEYS, is_pc=is_pc)
    if read is None:
        return None
    table, name, player = read.table, read.name, read.player
    if player is not None and player not in players:
        known = ", ".join(players) or text("none")
        reader.fail(
            (*path, "player"), text("check.varjot.unknown_player", name=player, known=known)
        )
    reader.text(table.get("notes", ""), (*path, "notes"), limit=4000, allow_empty=True)
    abilities: list[Ability] = []
    given = reader.table(table.get("abilities", {}), (*path, "abilities"), AnyKey()) or {}
    for ability, value in given.items():
        where = (*path, "abilities", ability)
        if reader.text(ability, where) is None:
            continue
        rating = reader.integer(value, where, low=UNSKILLED, high=GRANDMASTER)
        if rating is not None:
            abilities.append(Ability(ability, rating))
    pools: list[Pool] = []
    written = reader.table(table.get("pools", {}), (*path, "pools"), AnyKey()) or {}
    for pool_name, value in written.items():
        pool = _pool(reader, pool_name, value, (*path, "pools", pool_name))
        if pool is not None:
            pools.append(pool)
    if name is None or (is_pc and player is None):
        return None
    return Character(name, tuple(abilities), tuple(pools), player)


def _pool(reader: Reader, name: str, value: object, path: KeyPath) -> Pool | None:
    """``Ruumis = 5`` (full) or ``Ruumis = { max = 5, left = 3 }``."""
    if reader.text(name, path) is None:
        return None
    if isinstance(value, dict):
        table = reader.table(value, path, POOL_KEYS) or {}
        if "max" not in table:
            reader.fail((*path, "max"), text("check.varjot.pool_size"))
            return None
        maximum = reader.integer(table["max"], (*path, "max"), low=0, high=MAX_POOL)
        if maximum is None:
            return None
        left = reader.integer(table.get("left", maximum), (*path, "left"), low=0, high=maximum)
        return Pool(name, maximum, left) if left is not None else None
    maximum = reader.integer(value, path, low=0, high=MAX_POOL)
    return Pool(name, maximum, maximum) if maximum is not None else None
