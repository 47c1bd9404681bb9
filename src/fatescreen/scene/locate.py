"""Find the line of a key path in TOML text (only on the error path, so it may be slow)."""

from __future__ import annotations

import re

from fatescreen.scene.errors import KeyPath

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


def _split_dotted(name: str) -> list[str]:
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"|\'([^\']*)\'|([^.\s]+)', name)
    return [a or b or c for a, b, c in parts]


def _key_pattern(key: str) -> re.Pattern[str]:
    quoted = re.escape(key)
    return re.compile(rf'^\s*(?:"{quoted}"|\'{quoted}\'|{quoted})\s*(?:=|\.)')


def _inline_key(key: str) -> re.Pattern[str]:
    quoted = re.escape(key)
    return re.compile(rf'(?:^|[{{,\s])(?:"{quoted}"|\'{quoted}\'|{quoted})\s*=')


def locate(text: str, path: KeyPath) -> int | None:
    """The 1-based line where the value at ``path`` is written, or the nearest enclosing
    line; None if nothing of the path can be found."""
    lines = text.splitlines()
    # Map each line to the table it belongs to, counting array-of-tables items.
    counters: dict[tuple[str | int, ...], int] = {}
    owner: list[tuple[str | int, ...]] = []
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
        owner.append(current)

    best: int | None = None
    # the longest table prefix of the path that has a header
    for cut in range(len(path), -1, -1):
        table = tuple(path[:cut])
        if cut and table not in headers:
            continue
        rest = path[cut:]
        start = headers.get(table, 1) if cut else 1
        best = start if cut else None
        if not rest:
            return best
        candidates = [n for n in range(start, len(lines) + 1) if owner[n - 1] == table]
        first = rest[0]
        if isinstance(first, int):
            return best
        pattern = _key_pattern(first)
        for number in candidates:
            if pattern.match(lines[number - 1]):
                return _inside_value(lines, number, rest[1:])
        return best
    return best


def _inside_value(lines: list[str], number: int, rest: KeyPath) -> int:
    """Follow the rest of a path into an inline table or array starting at ``number``."""
    for part in rest:
        if isinstance(part, int):
            return number
        pattern = _inline_key(part)
        depth = 0
        for offset in range(number, min(number + 200, len(lines) + 1)):
            line = lines[offset - 1]
            search_from = line.find("=") + 1 if offset == number else 0
            if pattern.search(line[search_from:]):
                number = offset
                break
            depth += line.count("[") + line.count("{") - line.count("]") - line.count("}")
            if depth <= 0 and offset > number:
                return number
        else:
            return number
    return number
