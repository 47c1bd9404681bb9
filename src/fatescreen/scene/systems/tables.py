"""Reading helpers the systems' scene formats share: arrays of tables, tables of free names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fatescreen.scene.errors import text
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
