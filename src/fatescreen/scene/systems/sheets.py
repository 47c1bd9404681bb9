"""Characters of the systems on the shared stack (Menneisyyden varjot, Mekanismi, Objektien
luonti) from a CSV sheet, one character a row, added to a scene file of their system
(docs/import.md).

A column is a key of the system's character (``name``, ``player``, ``notes``...) or a key
and an entry of one of its tables joined by a colon (``ability:Miekkailu``,
``pool:Ruumis``, ``gear:Tikari``, ``inherent:vikkelä``): the ``Columns`` its scene format
declares (``SceneFormat.columns``, ``tables.py``). The records are appended to the scene
file's text and the whole read again by the system's own loader before anything is
written, so a sheet is held to exactly the rules a hand-written record is.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fatescreen.scene.errors import KeyPath, Problem, SceneFileError, Text, render_path, text
from fatescreen.scene.reader import MAX_NAME, MAX_TEXT, control_character
from fatescreen.scene.systems import LoadedSystemScene, load_system_text, scene_format
from fatescreen.scene.systems.tables import FREE, LIST, WHOLE, WORD_OR_WHOLE, Columns

MAX_BYTES = 10 * 1024 * 1024
"""The largest sheet read, as for the Fate formats."""
MAX_ROWS = 500


@dataclass(frozen=True)
class Cell:
    """Where a value stood: its row (counted from 1, the header being row 1) and column."""

    row: int
    column: str


@dataclass(frozen=True)
class SheetRow:
    """One row's character: its scene section and record, what was taken from which column
    and what was left out."""

    section: str
    record: dict[str, Any]
    mapped: tuple[tuple[Cell, str], ...] = ()
    dropped: tuple[tuple[Cell, Text], ...] = ()


@dataclass(frozen=True)
class CellProblem:
    """Something wrong in a sheet, at its cell (column "" for the whole row or file)."""

    cell: Cell
    text: Text

    def render(self, lang: str) -> str:
        """``row 3, ability:Miekkailu: what is wrong``."""
        where = text("import.csv.row", row=self.cell.row).render(lang)
        if self.cell.column:
            where += f", {self.cell.column}"
        return f"{where}: {self.text.render(lang)}"


class SheetError(Exception):
    """A sheet that cannot be imported, with every problem at its cell; nothing is written."""

    def __init__(self, problems: list[CellProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(problem.render("en") for problem in problems))


@dataclass
class _Row:
    record: dict[str, Any] = field(default_factory=dict)
    mapped: list[tuple[Cell, str]] = field(default_factory=list)
    dropped: list[tuple[Cell, Text]] = field(default_factory=list)


def read_sheet(file: Path, system: str) -> list[SheetRow]:
    """Every row's character of a CSV sheet for ``system``.

    Raises:
        SheetError: The file cannot be read, is too large, has no header or no row, or a
            cell breaks its column's kind or the text rule.
        KeyError: ``system`` has no sheet (its scene format declares no columns).
    """
    columns = scene_format(system).columns
    if columns is None:
        raise KeyError(system)
    try:
        size = file.stat().st_size
        if not file.is_file():
            raise SheetError([CellProblem(Cell(0, ""), text("import.not_a_file"))])
        if size > MAX_BYTES:
            megabytes = f"{size / (1024 * 1024):.1f}"
            limit = f"{MAX_BYTES / (1024 * 1024):.1f}"
            problem = text("import.too_large", size=megabytes, limit=limit)
            raise SheetError([CellProblem(Cell(0, ""), problem)])
        data = file.read_bytes()
        document = data.decode("utf-8-sig")
    except OSError as error:
        problem = text("import.unreadable", reason=error.strerror or str(error))
        raise SheetError([CellProblem(Cell(0, ""), problem)]) from None
    except UnicodeDecodeError as error:
        # the row of the bad byte: its line (a row's cell may hold a line break, rarely)
        row = data[: error.start].count(b"\n") + 1
        raise SheetError(
            [CellProblem(Cell(row, ""), text("import.not_utf8", offset=error.start))]
        ) from None
    return sheet_rows(document, columns)


def _dialect(document: str) -> type[csv.Dialect] | csv.Dialect:
    first = document.split("\n", 1)[0]
    try:
        return csv.Sniffer().sniff(first, delimiters=",;\t")
    except csv.Error:
        return csv.excel


def sheet_rows(document: str, columns: Columns) -> list[SheetRow]:
    """The characters of a sheet's text (see :func:`read_sheet`)."""
    lines = list(csv.reader(io.StringIO(document), _dialect(document)))
    problems: list[CellProblem] = []
    if not lines or not any(cell.strip() for cell in lines[0]):
        raise SheetError([CellProblem(Cell(1, ""), text("import.csv.no_header"))])
    header = [cell.strip() for cell in lines[0]]
    rows = [line for line in lines[1:] if any(cell.strip() for cell in line)]
    if not rows:
        raise SheetError([CellProblem(Cell(1, ""), text("import.no_characters"))])
    if len(rows) > MAX_ROWS:
        raise SheetError(
            [CellProblem(Cell(1, ""), text("import.too_many", count=len(rows), limit=MAX_ROWS))]
        )
    found: list[SheetRow] = []
    for number, line in enumerate(lines[1:], start=2):
        if not any(cell.strip() for cell in line):
            continue
        row = _Row()
        for column, value in zip(header, line, strict=False):
            _cell(Cell(number, column), value.strip(), columns, row, problems)
        if "name" not in row.record:
            problems.append(CellProblem(Cell(number, "name"), text("import.no_name")))
            continue
        section = columns.section or ("pc" if "player" in row.record else "npc")
        found.append(SheetRow(section, row.record, tuple(row.mapped), tuple(row.dropped)))
    if problems:
        raise SheetError(problems)
    return found


def _cell(cell: Cell, value: str, columns: Columns, row: _Row, problems: list[CellProblem]) -> None:
    if not value:
        return  # an empty cell: the character has nothing there
    prefix, colon, entry = cell.column.partition(":")
    if cell.column in columns.plain:
        kind, key, table = columns.plain[cell.column], cell.column, None
    elif colon and prefix in columns.tables and entry.strip():
        (table, kind), key = columns.tables[prefix], entry.strip()
    else:
        row.dropped.append((cell, text("import.csv.unknown_column")))
        return
    read = _value(value, kind)
    if isinstance(read, Text):
        problems.append(CellProblem(cell, read))
        return
    if table is None:
        row.record[key] = read
    else:
        row.record.setdefault(table, {})[key] = read
    row.mapped.append((cell, value))


def _value(value: str, kind: str) -> object:
    """A cell's value as its column's kind (a text, a whole number, a list split at ``;``),
    or the problem with it."""
    if kind in (WHOLE, WORD_OR_WHOLE):
        number = value.replace("−", "-").lstrip("+")
        if number.lstrip("-").isdigit() and len(number) < 10:
            return int(number)
        if kind == WHOLE:
            return text("import.not_a_number", found=repr(value[:40]))
    limit = MAX_TEXT if kind in (FREE, LIST) else MAX_NAME
    bad = control_character(value, "\t\n" if limit > MAX_NAME else "\t")
    if bad:
        return text("rules.text.control_character", character=bad)
    if len(value) > limit:
        return text("rules.text.too_long", length=len(value), limit=limit)
    if kind == LIST:
        return [part.strip() for part in value.split(";") if part.strip()]
    return value


def with_rows(loaded: LoadedSystemScene[Any], rows: list[SheetRow]) -> LoadedSystemScene[Any]:
    """The scene with the rows' characters added at the end of their sections, read again by
    the system's loader (its text is not written here).

    Raises:
        SheetError: A character breaks the system's scene format; each problem names the
            row it came from.
    """
    import tomlkit

    from fatescreen.scene.save import append_record

    document = tomlkit.parse(loaded.text)
    placed: dict[tuple[str, int], int] = {}
    for number, row in enumerate(rows):
        append_record(document, row.section, row.record)
        placed[(row.section, len(document[row.section]) - 1)] = number
    new_text = tomlkit.dumps(document)
    try:
        return load_system_text(new_text, loaded.path)
    except SceneFileError as error:
        raise SheetError(
            [_row_problem(problem, placed, rows) for problem in error.problems]
        ) from None


def _row_problem(
    problem: Problem, placed: dict[tuple[str, int], int], rows: list[SheetRow]
) -> CellProblem:
    """A loader's problem with an added record, told at the row it came from."""
    path: KeyPath = problem.path
    said = (
        problem.text if problem.text is not None else text("import.csv.said", said=problem.message)
    )
    if len(path) >= 2 and isinstance(path[1], int) and (str(path[0]), path[1]) in placed:
        number = placed[(str(path[0]), path[1])]
        rest = render_path(path[2:]) if len(path) > 2 else ""
        mapped = rows[number].mapped
        row = mapped[0][0].row if mapped else number + 2
        return CellProblem(Cell(row, rest if len(path) > 2 else ""), said)
    return CellProblem(Cell(0, render_path(path)), said)
