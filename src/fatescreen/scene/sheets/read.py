"""A character file of another tool read whole: a Fari character, a Fari export of several,
a Fate Core Official actor, or a bulk export of actors (docs/import.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fatescreen.scene.errors import text
from fatescreen.scene.sheets.errors import JsonPath, SheetFileError
from fatescreen.scene.sheets.fari import is_fari_character, read_fari
from fatescreen.scene.sheets.fco import ACTOR_TYPE, is_fco_actor, read_fco
from fatescreen.scene.sheets.json_reader import JsonReader
from fatescreen.scene.sheets.model import Dropped, SheetCharacter, SheetFile, Source
from fatescreen.scene.sheets.source import read_json

MAX_CHARACTERS = 500
"""The most characters one file may bring."""
COLLECTIONS = ("characters", "actors")
"""The keys under which an export of several holds its characters: Fari's full export
(``fariType`` ``full``: ``characters``, with its scenes and cards) and a bulk export of
Foundry actors (``actors``)."""


def read_sheets(file: Path) -> SheetFile:
    """Every character of a character file.

    Raises:
        SheetFileError: The file cannot be read, is not JSON, is not one of the formats
            read here, or a character in it breaks them (a wrong type, an unknown version,
            a name breaking the text rule); every problem at its JSON path. Nothing of such
            a file is imported.
    """
    return sheets_of(read_json(file), file)


def sheets_of(document: object, file: Path | None = None) -> SheetFile:
    """Every character of a character file's JSON (see :func:`read_sheets`)."""
    reader = JsonReader()
    characters: list[SheetCharacter] = []
    skipped: list[Dropped] = []
    for entry, path in _entries(reader, document):
        found = _character(reader, entry, path, skipped, alone=path == ())
        if found is not None:
            characters.append(found)
    if not reader.problems and not characters:
        reader.fail((), text("import.no_characters"))
    if len(characters) > MAX_CHARACTERS:
        reader.fail((), text("import.too_many", count=len(characters), limit=MAX_CHARACTERS))
    if reader.problems:
        problems = reader.problems if file is None else [p.in_file(file) for p in reader.problems]
        raise SheetFileError(problems)
    return SheetFile(tuple(characters), tuple(skipped))


def _entries(reader: JsonReader, document: object) -> list[tuple[dict[str, Any], JsonPath]]:
    """The objects that should be characters, each with its path."""
    if isinstance(document, list):
        return reader.objects(document, ())
    table = reader.table(document, ())
    if table is None:
        return []
    for key in COLLECTIONS:
        if key in table and not is_fari_character(table) and not is_fco_actor(table):
            return reader.objects(table[key], (key,))
    return [(table, ())]


def _character(
    reader: JsonReader,
    entry: dict[str, Any],
    path: JsonPath,
    skipped: list[Dropped],
    *,
    alone: bool,
) -> SheetCharacter | None:
    if is_fari_character(entry):
        return read_fari(reader, entry, path)
    if is_fco_actor(entry) and entry.get("type") == ACTOR_TYPE:
        return read_fco(reader, entry, path)
    if is_fco_actor(entry):  # a thing, not a character
        if alone:
            reader.fail(path, text("import.fco.thing"))
            return None
        name = reader.label(entry.get("name"))
        skipped.append(Dropped(Source(path, (name,) if name else ()), text("import.dropped.thing")))
        return None
    reader.fail(path, text("import.unknown_format"))
    return None
