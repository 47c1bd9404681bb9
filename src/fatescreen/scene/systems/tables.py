"""Reading helpers the systems' scene formats share: arrays of tables, tables of free names,
the name and player every character's table starts with, and the columns of a CSV sheet
(``SceneFormat.columns``, read by ``sheets.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fatescreen.scene.errors import KeyPath, text
from fatescreen.scene.reader import Reader

TEXT = "text"
"""A column's kind: a short text on one line (a name)."""
FREE = "free"
"""A column's kind: a long text, line breaks allowed (notes)."""
WHOLE = "whole"
"""A column's kind: a whole number."""
LIST = "list"
"""A column's kind: texts split at ``;``."""
WORD_OR_WHOLE = "word_or_whole"
"""A column's kind: a whole number if it reads as one, else a short text."""


@dataclass(frozen=True)
class Columns:
    """What a system's sheet may hold: plain keys and their kinds of value (:data:`TEXT`,
    :data:`FREE`, :data:`WHOLE`, :data:`LIST`, :data:`WORD_OR_WHOLE`), tables (the column's
    prefix, the record's key and the kind of value), and the scene's section, an array of
    tables (``[[pc]]``). A system's scene format declares them as its ``columns``."""

    plain: dict[str, str]
    tables: dict[str, tuple[str, str]]
    section: str | None = None
    """The section every row goes to (None: ``pc`` with a player, else ``npc``)."""


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
