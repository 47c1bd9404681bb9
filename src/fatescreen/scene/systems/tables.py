"""Reading helpers the systems' scene formats share: arrays of tables, tables of free names,
the name and player every character's table starts with."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fatescreen.scene.errors import KeyPath, text
from fatescreen.scene.reader import Reader


def records(reader: Reader, top: Mapping[str, Any], key: str) -> list[Any]:
    """The tables of an array of tables ``[[key]]`` (none if absent)."""
    if key not in top:
        return []
    if isinstance(top[key], dict):
        reader.fail((key,), text("check.array_of_tables", name=key))
        return []
    return reader.array(top[key], (key,)) or []


class AnyKey(tuple[str, ...]):
    """Allowed keys for a table whose keys are names the GM chooses (any key)."""

    def __contains__(self, key: object) -> bool:
        return True


@dataclass(frozen=True)
class CharacterTable:
    """A character's table as read: its keys, and its name and player (None where missing or
    wrong, the problem recorded)."""

    table: Mapping[str, Any]
    name: str | None
    player: str | None


def character_table(
    reader: Reader,
    item: object,
    path: KeyPath,
    allowed: tuple[str, ...],
    *,
    is_pc: bool,
) -> CharacterTable | None:
    """A ``[[pc]]`` or ``[[npc]]`` table with only the ``allowed`` keys, and its name,
    which every character needs, and its player, which every player character needs (an
    NPC has none); None if ``item`` is no table."""
    table = reader.table(item, path, allowed)
    if table is None:
        return None
    if "name" not in table:
        reader.fail((*path, "name"), text("check.no_character_name"))
    name = reader.text(table.get("name"), (*path, "name")) if "name" in table else None
    player: str | None = None
    if is_pc:
        if "player" not in table:
            reader.fail((*path, "player"), text("check.no_player"))
        else:
            player = reader.text(table["player"], (*path, "player"))
    return CharacterTable(table, name, player)
