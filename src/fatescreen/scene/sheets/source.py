"""Reading a character file's JSON: size, encoding and syntax checked before anything else."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from fatescreen.scene.errors import Text, text
from fatescreen.scene.sheets.errors import SheetFileError, SheetProblem

JSON_MESSAGES = (
    ("Expecting value", "import.json.value"),
    ("Expecting property name enclosed in double quotes", "import.json.name"),
    ("Expecting ':' delimiter", "import.json.colon"),
    ("Expecting ',' delimiter", "import.json.comma"),
    ("Unterminated string", "import.json.string"),
    ("Invalid control character", "import.json.control"),
    ("Invalid \\uXXXX escape", "import.json.unicode"),
    ("Invalid \\escape", "import.json.escape"),
    ("Extra data", "import.json.extra"),
    ("Illegal trailing comma", "import.json.trailing_comma"),
)
"""The JSON reader's messages (by how each begins) and the catalog's words for them."""


def json_detail(message: str) -> Text | str:
    """What the JSON reader found wrong, in the catalog's words (in the GM's language); a
    message the catalog does not know stays as the reader wrote it."""
    for start, key in JSON_MESSAGES:
        if message.startswith(start):
            return text(key)
    return message


MAX_BYTES = 10 * 1024 * 1024
"""The largest character file read: a Fari export of a party with its portraits is well
under it, and a file past it is refused before it is read."""


def _refused(file: Path, key: str, **values: object) -> SheetFileError:
    return SheetFileError([SheetProblem((), text(key, **values), file)])


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f}"


def read_json(file: Path) -> object:
    """The JSON document a character file holds.

    Raises:
        SheetFileError: The file is missing, not a regular file, larger than
            :data:`MAX_BYTES`, not UTF-8, empty, cut short (truncated), not JSON, or nested
            too deeply; the problem names the line and column where it can.
    """
    try:
        status = file.stat()
    except OSError as error:
        raise _refused(file, "import.unreadable", reason=error.strerror or str(error)) from None
    if not stat.S_ISREG(status.st_mode):
        raise _refused(file, "import.not_a_file")
    if status.st_size > MAX_BYTES:
        raise _refused(
            file, "import.too_large", size=_megabytes(status.st_size), limit=_megabytes(MAX_BYTES)
        )
    try:
        with file.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise _refused(file, "import.unreadable", reason=error.strerror or str(error)) from None
    if len(raw) > MAX_BYTES:  # it grew since it was looked at
        raise _refused(
            file, "import.too_large", size=_megabytes(len(raw)), limit=_megabytes(MAX_BYTES)
        )
    try:
        document = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise _refused(file, "import.not_utf8", offset=error.start) from None
    return parse_json(document, file)


def _no_constant(name: str) -> object:
    """``NaN`` and ``Infinity`` are not JSON (Python's reader takes them)."""
    raise ValueError(f"{name} is not a JSON value")


def parse_json(document: str, file: Path | None = None) -> object:
    """The JSON value of a document's text.

    Raises:
        SheetFileError: Empty, truncated, not JSON or nested too deeply.
    """
    if not document.strip():
        raise SheetFileError([SheetProblem((), text("import.empty"), file)])
    try:
        return json.loads(document, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        ended = error.pos >= len(document.rstrip()) or error.msg.startswith("Unterminated string")
        key = "import.truncated" if ended else "import.not_json"
        problem = SheetProblem(
            (),
            text(key, line=error.lineno, column=error.colno, detail=json_detail(error.msg)),
            file,
        )
        raise SheetFileError([problem]) from None
    except ValueError as error:
        problem = SheetProblem((), text("import.not_json_value", detail=str(error)), file)
        raise SheetFileError([problem]) from None
    except RecursionError:
        raise SheetFileError([SheetProblem((), text("import.too_deep"), file)]) from None
