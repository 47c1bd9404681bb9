"""Reading the TOML files fatescreen loads: regular files of bounded size, decoded and parsed
with every failure located at a line."""

from __future__ import annotations

import os
import re
import stat
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from fatescreen.scene.errors import KeyPath, Problem, SceneFileError, Text, text

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest file read as a scene, party, campaign or template (4 MiB): a scene of 200
characters takes about 100 KiB, so anything larger is not a scene someone wrote."""

_KINDS = (
    (stat.S_ISDIR, "check.kind.folder"),
    (stat.S_ISFIFO, "check.kind.fifo"),
    (stat.S_ISSOCK, "check.kind.socket"),
    (stat.S_ISCHR, "check.kind.character_device"),
    (stat.S_ISBLK, "check.kind.block_device"),
)
LIMIT_MIB = MAX_FILE_BYTES // (1024 * 1024)


def _kind(mode: int) -> Text:
    return text(next((key for test, key in _KINDS if test(mode)), "check.kind.special"))


def _fail(
    path: Path | None, message: Text, line: int | None = None, key: KeyPath = ()
) -> SceneFileError:
    return SceneFileError([Problem.of(key, message, line, path)])


def _unreadable(error: OSError) -> Text:
    return text("check.cannot_read", reason=error.strerror or str(error))


def file_problem(path: Path) -> Text | None:
    """Why ``path`` cannot be read as a scene file without even opening it (it is not a
    regular file, or too large), or None. Never blocks, whatever the file is."""
    try:
        status = os.stat(path)
    except OSError as error:
        return _unreadable(error)
    return _status_problem(status)


def _status_problem(status: os.stat_result) -> Text | None:
    if not stat.S_ISREG(status.st_mode):
        return text("check.not_regular", kind=_kind(status.st_mode))
    if status.st_size > MAX_FILE_BYTES:
        return text("check.file_too_large", size=status.st_size, limit=LIMIT_MIB)
    return None


def read_text(path: Path) -> str:
    """The text of a regular UTF-8 file of at most :data:`MAX_FILE_BYTES`.

    A named pipe, device or folder is refused at once (opening a pipe would wait for a
    writer forever), and so is a file over the limit.

    Raises:
        SceneFileError: One located problem saying why the file cannot be read.
    """
    problem = file_problem(path)
    if problem:
        raise _fail(path, problem)
    try:
        # O_NONBLOCK: should the file be swapped for a pipe after the check, opening it
        # still does not wait; the check is made again on what was opened
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise _fail(path, _unreadable(error)) from None
    try:
        problem = _status_problem(os.fstat(handle))
        if problem:
            raise _fail(path, problem)
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(handle, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise _fail(path, _unreadable(error)) from None
    finally:
        os.close(handle)
    raw = b"".join(chunks)
    if len(raw) > MAX_FILE_BYTES:
        raise _fail(path, text("check.file_too_large", size=len(raw), limit=LIMIT_MIB))
    try:
        return raw.decode("utf-8").removeprefix(BOM)
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise _fail(path, text("check.not_utf8"), line) from None


def parse(source: str, path: Path | None) -> dict[str, Any]:
    """Parse TOML text.

    Raises:
        SceneFileError: The text is not TOML, with the line the parser names (for nesting
            too deep to parse, the line of the deepest opening bracket).
    """
    line = long_key_line(source)
    if line is not None:
        # the TOML parser takes time growing with the square of a key's parts
        raise _fail(path, text("check.key_too_long", limit=MAX_KEY_PARTS), line)
    try:
        return tomllib.loads(source.removeprefix(BOM))  # text not read by read_text
    except tomllib.TOMLDecodeError as error:
        message, line = toml_error(error, source)
        detail = text("check.not_toml", detail=toml_detail(message))
        key = key_at(source, line) if line is not None else ()
        raise _fail(path, detail, line, key) from None
    except RecursionError:
        line = deepest_line(source)
        raise _fail(path, text("check.too_deep"), line, key_at(source, line)) from None


BOM = "\ufeff"
"""The byte order mark some editors put first in a UTF-8 file: not TOML, and not the GM's
text either. It is read past, and a save writes the file without it."""

_HEADER = re.compile(r"[ \t]*(\[\[?)[ \t]*(?P<name>[^\]\n#]*?)[ \t]*\]\]?[ \t]*(?:#.*)?$")
_KEY_LINE = re.compile(
    r"""[ \t]*(?P<key>(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
    r"""(?:[ \t]*\.[ \t]*(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'))*)[ \t]*="""
)
_KEY_PART = re.compile(r"""[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'""")


def _key_parts(key: str) -> tuple[str, ...]:
    """The parts of a dotted key as written, quotes taken off."""
    parts = []
    for found in _KEY_PART.finditer(key):
        part = found.group()
        parts.append(part[1:-1] if part[0] in "\"'" else part)
    return tuple(parts)


def key_at(source: str, line: int) -> KeyPath:
    """The key a line of a file that is not TOML belongs to, as far as its lines tell:
    the table or array-of-tables entry it is under, and the key the line (or the nearest
    line above it in that table) gives a value. Found line by line, without parsing, so
    that a TOML error names where it is, e.g. ``npc[2].skills``."""
    table: KeyPath = ()
    counts: dict[tuple[str, ...], int] = {}
    key: tuple[str, ...] = ()
    lines = source.removeprefix(BOM).split("\n")[: max(line, 1)]
    for text_line in lines:
        header = _HEADER.match(text_line)
        if header is not None and header.group("name"):
            name = _key_parts(header.group("name"))
            if header.group(1) == "[[":
                counts[name] = counts.get(name, 0) + 1
                table = (*name, counts[name] - 1)
            else:
                table = name
            key = ()
            continue
        found = _KEY_LINE.match(text_line)
        if found is not None:
            key = _key_parts(found.group("key"))
    return (*table, *key)


MAX_KEY_PARTS = 32
"""Most parts a dotted key or table name may have (``npc.each."Cultist 2".consequences``
has four): far more than a scene needs, few enough to parse at once."""


@cache
def _long_dotted_key() -> re.Pattern[str]:
    part = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
    return re.compile(rf"(?:{part}[ \t]*\.[ \t]*){{{MAX_KEY_PARTS}}}{part}")


def long_key_line(source: str) -> int | None:
    """The line of a key with more than :data:`MAX_KEY_PARTS` parts, if any (only lines
    with that many dots are looked at closely: a scene's lines have a few)."""
    if source.count(".") < MAX_KEY_PARTS:
        return None
    for number, line in enumerate(source.split("\n"), start=1):
        if line.count(".") >= MAX_KEY_PARTS and _long_dotted_key().search(line):
            return number
    return None


def toml_error(error: tomllib.TOMLDecodeError, text: str) -> tuple[str, int | None]:
    """The parser's message without its position, and the line it names.

    Python 3.11 and 3.12 only say where in the message: ``... (at line 3, column 16)``.
    """
    line: int | None = getattr(error, "lineno", None)
    message = str(error)
    where = re.search(r" \(at line (\d+), column \d+\)$| \(at end of document\)$", message)
    if where:
        message = message[: where.start()]
        if line is None:
            line = int(where.group(1)) if where.group(1) else text.count("\n") + 1
    return message, line


TOML_MESSAGES: tuple[tuple[str, str], ...] = (
    (r"Cannot overwrite a value", "check.toml.overwrite"),
    (r"Cannot declare (?P<name>.+) twice", "check.toml.declared_twice"),
    (r"Cannot (?:mutate immutable|redefine) namespace (?P<name>.+)", "check.toml.namespace"),
    (r"Duplicate inline table key (?P<name>.+)", "check.toml.duplicate_key"),
    (r"Expected '=' after a key in a key/value pair", "check.toml.expected_equals"),
    (r"Expected '\]' at the end of a table declaration", "check.toml.table_end"),
    (r"Expected '\]\]' at the end of an array declaration", "check.toml.array_end"),
    (r"Expected newline or end of document after a statement", "check.toml.newline"),
    (r"Expected (?P<char>.+)", "check.toml.expected"),
    (r"Invalid date or datetime", "check.toml.date"),
    (r"Invalid hex value", "check.toml.hex"),
    (r"Invalid initial character for a key part", "check.toml.key_start"),
    (r"Invalid statement", "check.toml.statement"),
    (r"Invalid value", "check.toml.value"),
    (r"Unclosed array", "check.toml.unclosed_array"),
    (r"Unclosed inline table", "check.toml.unclosed_table"),
    (r"Unescaped '\\' in a string", "check.toml.backslash"),
    (r"Unterminated string", "check.toml.unterminated"),
    (r"Escaped character is not a Unicode scalar value", "check.toml.escape"),
    (r"(?:Found invalid|Illegal) character (?P<char>.+)", "check.toml.character"),
)
"""The TOML parser's messages (as Python's tomllib words them, as patterns) and the
catalog key of each."""


@cache
def _toml_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """:data:`TOML_MESSAGES` compiled, once a file is not TOML (a load that succeeds
    never compiles them)."""
    return tuple((re.compile(pattern + r"\Z"), key) for pattern, key in TOML_MESSAGES)


def toml_detail(message: str) -> Text | str:
    """The TOML parser's message in the catalog's words (an unknown one as it is)."""
    for pattern, key in _toml_patterns():
        found = pattern.match(message)
        if found:
            return text(key, **found.groupdict())
    return message


_QUOTES = ('"""', "'''", '"', "'")


def deepest_line(text: str) -> int:
    """The 1-based line of the opening ``[`` or ``{`` nested deepest in TOML text (strings
    and comments skipped; lines counted at ``\\n`` only, as TOML counts them)."""
    depth = deepest = 0
    line = found = 1
    index, end = 0, len(text)
    while index < end:
        char = text[index]
        if char == "\n":
            line += 1
        elif char == "#":
            stop = text.find("\n", index)
            index = end if stop == -1 else stop
            continue
        elif char in "\"'":
            quote = next(q for q in _QUOTES if text.startswith(q, index))
            index += len(quote)
            while index < end and not text.startswith(quote, index):
                step = 2 if text[index] == "\\" and quote[0] == '"' else 1
                line += text.count("\n", index, index + step)
                index += step
            index += len(quote)
            continue
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest, found = depth, line
        elif char in "]}":
            depth -= 1
        index += 1
    return found
