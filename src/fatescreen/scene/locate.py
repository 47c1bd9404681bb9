"""Find the line of a key path in TOML text (only on the error path, so it may be slow)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from fatescreen.scene.errors import KeyPath

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


def _split_dotted(name: str) -> list[str]:
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"|\'([^\']*)\'|([^.\s]+)', name)
    return [a or b or c for a, b, c in parts]


_AFTER_KEY = re.compile(r"\s*[=.]")
_AFTER_INLINE_KEY = re.compile(r"\s*=")


def _forms(key: str) -> tuple[str, ...]:
    """The ways a key can be written: bare, "quoted" or 'literal'."""
    return (f'"{key}"', f"'{key}'", key)


def _starts_with_key(line: str, key: str) -> bool:
    """True if ``line`` assigns ``key`` (``key = ...`` or ``key.sub = ...``).

    Plain string tests, not a regular expression built from the key: a key may be huge.
    """
    stripped = line.lstrip()
    return any(
        stripped.startswith(form) and _AFTER_KEY.match(stripped, len(form)) for form in _forms(key)
    )


def _has_inline_key(text: str, key: str) -> bool:
    """True if ``text`` holds ``key = ...`` inside an inline table or after a comma."""
    for form in _forms(key):
        start = text.find(form)
        while start != -1:
            before = text[start - 1] if start else " "
            if (before in "{," or before.isspace()) and _AFTER_INLINE_KEY.match(
                text, start + len(form)
            ):
                return True
            start = text.find(form, start + 1)
    return False


Table = tuple[str | int, ...]


@dataclass(frozen=True)
class _Index:
    lines: list[str]
    headers: dict[Table, int]
    """The line of each table's header."""
    rows: dict[Table, list[int]]
    """The lines that belong to each table, in order."""


def locate(text: str, path: KeyPath) -> int:
    """The 1-based line where the value at ``path`` is written, or the nearest enclosing
    line: the first line for a key missing at the top of the document."""
    index = _index(text)
    lines, headers = index.lines, index.headers
    best = 1
    # the longest table prefix of the path that has a header
    for cut in range(len(path), -1, -1):
        table = tuple(path[:cut])
        if cut and table not in headers:
            continue
        rest = path[cut:]
        start = headers.get(table, 1) if cut else 1
        best = start
        if not rest:
            return best
        candidates = [n for n in index.rows.get(table, []) if n >= start]
        first = rest[0]
        if isinstance(first, int):
            return best
        for number in candidates:
            if _starts_with_key(lines[number - 1], first):
                return _inside_value(lines, number, rest[1:])
        return best
    return best


@lru_cache(maxsize=1)
def _index(text: str) -> _Index:
    """Which table each line belongs to; kept for the file's next problem."""
    lines = text.split("\n")  # TOML breaks lines at \n only (not U+2028, \x0c, ...)
    # Map each line to the table it belongs to, counting array-of-tables items.
    counters: dict[tuple[str | int, ...], int] = {}
    rows: dict[Table, list[int]] = {}
    headers: dict[tuple[str | int, ...], int] = {}
    current: tuple[str | int, ...] = ()
    for number, line in enumerate(lines, start=1):
        match = _HEADER.match(line)
        if match and not line.lstrip().startswith("#"):
            is_array = match.group(1) == "[["
            names = _split_dotted(match.group(2))
            resolved: list[str | int] = []
            for depth, name in enumerate(names):
                resolved.append(name)
                prefix = tuple(resolved)
                last = depth == len(names) - 1
                if last and is_array:
                    # the array as a whole is where its first item's header is
                    headers.setdefault(prefix, number)
                    index = counters.get(prefix, -1) + 1
                    counters[prefix] = index
                    resolved.append(index)
                    # a new array item resets counters of its sub-arrays
                    for key in list(counters):
                        if len(key) > len(prefix) and key[: len(prefix)] == prefix:
                            del counters[key]
                elif prefix in counters and not last:
                    resolved.append(counters[prefix])
            current = tuple(resolved)
            headers.setdefault(current, number)
        rows.setdefault(current, []).append(number)
    return _Index(lines, headers, rows)


def _inside_value(lines: list[str], number: int, rest: KeyPath) -> int:
    """Follow the rest of a path into an inline table or array starting at ``number``."""
    for part in rest:
        if isinstance(part, int):
            return number
        depth = 0
        for offset in range(number, min(number + 200, len(lines) + 1)):
            line = lines[offset - 1]
            search_from = line.find("=") + 1 if offset == number else 0
            if _has_inline_key(line[search_from:], part):
                number = offset
                break
            depth += line.count("[") + line.count("{") - line.count("]") - line.count("}")
            if depth <= 0 and offset > number:
                return number
        else:
            return number
    return number
