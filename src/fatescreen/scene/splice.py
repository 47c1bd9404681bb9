"""Saving a scene over the GM's text without the style-preserving document: each change
is written over its own span.

A save of the dashboard mostly changes values (a stress box, fate points, who is up),
adds a record (an aspect, a boost, an NPC) or takes one out, and parsing a large file with
tomlkit takes seconds and many megabytes. Here the text is scanned once for where each
plain ``key = value`` and each table header is written; a changed value replaces its span
with the same short form the tomlkit patcher writes, a new top-level key goes after the
last one, a new record is written at the end of its ``[[section]]`` and a record taken
out leaves with its sub-tables (the comments that close it stay: they introduce what
follows). The result is the text :func:`fatescreen.scene.save.patched_document` gives
(but for those comments, which the patcher moves or drops). Anything else (a value
written as dotted keys or across lines, a template instance's overrides, a renamed zone,
a template entry's records) is left to that patcher: :func:`spliced` answers None.
"""

from __future__ import annotations

import copy
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any

from fatescreen.rules.character import Character, CharacterKind
from fatescreen.scene import codec
from fatescreen.scene.load import LoadedScene, Origin, SourceMap
from fatescreen.scene.model import Scene
from fatescreen.scene.shortforms import (
    block_names,
    character_data,
    embedded_party,
    render_key,
    render_value,
    top_data,
    with_zone_names,
)

TablePath = tuple[str | int, ...]
Span = tuple[int, int]
Data = dict[str, Any]

_LINE = re.compile(
    r"([ \t]*)(?:(#[^\n]*)?\n|([A-Za-z0-9_-]+)[ \t]*=[ \t]*"
    r'("(?:[^"\\\n]|\\.)*"(?!")|[-+0-9A-Za-z_.:]+'
    r'|\[(?:[ \t]*(?:"(?:[^"\\\n]|\\.)*"|[-+0-9.]+)[ \t]*,?)*[ \t]*\])'
    r"[ \t]*(?:#[^\n]*)?\n)"
)
"""A blank line, a comment line, or a key with a one-line plain value: most lines of a
scene, read without stepping through their characters (anything else is read the
careful way)."""

_PLAIN_RUN = re.compile(r"[^\"'#\[\]{}]*")

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class _Unhandled(Exception):
    """The change is not one of plain values: the tomlkit patcher writes it."""


class _Scanner:
    """Where each plain key's value is written, table by table (arrays of tables
    numbered as the loader numbers them)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.values: dict[TablePath, dict[str, Span]] = {}
        self.dotted: dict[TablePath, set[str]] = {}
        self.lines: dict[TablePath, list[tuple[str, str, int, int, str]]] = {}
        """Each table's statements in order: (kind, key, start, end, indent), kind being
        ``key``, ``dotted``, ``comment`` or ``blank``; ``end`` is after the newline."""
        self.nested: set[TablePath] = set()
        """Tables with sub-tables written after them (``[npc.each."NAME"]``)."""
        self.headers: list[tuple[TablePath, int]] = []
        """Each table header in order: the table's path and where its line starts."""
        self._scan()

    # -- lexing ----------------------------------------------------------------------

    def _skip_blank(self, index: int) -> int:
        text = self.text
        while index < len(text) and text[index] in " \t":
            index += 1
        return index

    def _string_end(self, index: int) -> int:
        """The index after the string starting at ``index``."""
        text = self.text
        for quote in ('"""', "'''"):
            if text.startswith(quote, index):
                position = index + 3
                while True:
                    found = text.find(quote, position)
                    if found == -1:
                        raise _Unhandled
                    if quote[0] == '"' and _escaped(text, found):
                        position = found + 1
                        continue
                    end = found + 3
                    # up to two quotes of the content may touch the closing delimiter
                    while end < len(text) and text[end] == quote[0] and end - found < 5:
                        end += 1
                    return end
        quote = text[index]
        position = index + 1
        while position < len(text):
            char = text[position]
            if char == "\n":
                raise _Unhandled
            if quote == '"' and char == "\\":
                position += 2
                continue
            if char == quote:
                return position + 1
            position += 1
        raise _Unhandled

    def _value_end(self, index: int) -> int:
        """The index after the value starting at ``index``."""
        text = self.text
        if index >= len(text):
            raise _Unhandled
        char = text[index]
        if char in "\"'":
            return self._string_end(index)
        if char in "[{":
            depth = 0
            position = index
            size = len(text)
            while position < size:
                run = _PLAIN_RUN.match(text, position)  # on to the next bracket or quote
                position = run.end() if run is not None else position
                if position >= size:
                    break
                char = text[position]
                if char in "\"'":
                    position = self._string_end(position)
                    continue
                if char == "#":
                    stop = text.find("\n", position)
                    position = len(text) if stop == -1 else stop
                    continue
                if char in "[{":
                    depth += 1
                elif char in "]}":
                    depth -= 1
                    if depth == 0:
                        return position + 1
                position += 1
            raise _Unhandled
        position = index
        while position < len(text) and text[position] not in " \t\r\n#,]}":
            position += 1
        return position

    def _key(self, index: int) -> tuple[list[str], int]:
        """The parts of the (maybe dotted) key at ``index`` and the index after it."""
        text = self.text
        parts: list[str] = []
        while True:
            index = self._skip_blank(index)
            if index < len(text) and text[index] in "\"'":
                end = self._string_end(index)
                parts.append(tomllib.loads("k = " + text[index:end])["k"])
                index = end
            else:
                start = index
                while index < len(text) and text[index] in _BARE:
                    index += 1
                if index == start:
                    raise _Unhandled
                parts.append(text[start:index])
            index = self._skip_blank(index)
            if index < len(text) and text[index] == ".":
                index += 1
                continue
            return parts, index

    def _line_end(self, index: int) -> int:
        """The index after the newline that ends a statement (only blanks and a comment
        may follow its value)."""
        text = self.text
        index = self._skip_blank(index)
        if index < len(text) and text[index] == "#":
            stop = text.find("\n", index)
            return len(text) if stop == -1 else stop + 1
        if index < len(text) and text[index] == "\r":
            index += 1
        if index < len(text) and text[index] != "\n":
            raise _Unhandled
        return index + 1

    # -- tables ----------------------------------------------------------------------

    def _scan(self) -> None:
        text = self.text
        counters: dict[TablePath, int] = {}
        current: TablePath = ()
        index = 0
        lines = self.lines.setdefault(current, [])
        size = len(text)
        while index < size:
            line_start = index
            line = _LINE.match(text, index)
            if line is not None:
                # the common lines in one step: blank, a comment, a key with a plain value
                indent, key = line.group(1), line.group(3)
                index = line.end()
                if key is None:
                    lines.append(
                        ("comment" if line.group(2) else "blank", "", line_start, index, indent)
                    )
                else:
                    self.values.setdefault(current, {})[key] = line.span(4)
                    lines.append(("key", key, line_start, index, indent))
                continue
            index = self._skip_blank(index)
            indent = text[line_start:index]
            if index >= len(text):
                break
            char = text[index]
            if char in "\r\n":
                index = self._line_end(index)
                lines.append(("blank", "", line_start, index, indent))
            elif char == "#":
                stop = text.find("\n", index)
                index = len(text) if stop == -1 else stop + 1
                lines.append(("comment", "", line_start, index, indent))
            elif char == "[":
                is_array = text.startswith("[[", index)
                parts, after = self._key(index + (2 if is_array else 1))
                closing = "]]" if is_array else "]"
                if not text.startswith(closing, after):
                    raise _Unhandled
                current = self._table(parts, is_array, counters)
                self.headers.append((current, line_start))
                lines = self.lines.setdefault(current, [])
                self.nested.update(current[:cut] for cut in range(1, len(current)))
                index = self._line_end(after + len(closing))
            else:
                parts, after = self._key(index)
                if after >= len(text) or text[after] != "=":
                    raise _Unhandled
                start = self._skip_blank(after + 1)
                end = self._value_end(start)
                if len(parts) == 1:
                    self.values.setdefault(current, {})[parts[0]] = (start, end)
                else:
                    self.dotted.setdefault(current, set()).add(parts[0])
                index = self._line_end(end)
                kind = "key" if len(parts) == 1 else "dotted"
                lines.append((kind, parts[0], line_start, index, indent))

    @staticmethod
    def _table(parts: list[str], is_array: bool, counters: dict[TablePath, int]) -> TablePath:
        resolved: list[str | int] = []
        for depth, name in enumerate(parts):
            resolved.append(name)
            prefix = tuple(resolved)
            last = depth == len(parts) - 1
            if last and is_array:
                number = counters.get(prefix, -1) + 1
                counters[prefix] = number
                resolved.append(number)
                inner = [k for k in counters if len(k) > len(prefix) and k[: len(prefix)] == prefix]
                for key in inner:  # a new item numbers its own sub-arrays afresh
                    del counters[key]
            elif prefix in counters and not last:
                resolved.append(counters[prefix])
        return tuple(resolved)


def _closing(lines: list[tuple[str, str, int, int, str]], end: int) -> tuple[int, bool]:
    """Where the comments that close a table start (``end`` when there are none), and
    whether its statements before them end with a blank line.

    As the patcher reads a table: the blank lines right after its last key stay with it;
    what follows them is a closing block when it is only comments and blank lines, with
    one comment at least."""
    keyed = [index for index, line in enumerate(lines) if line[0] in ("key", "dotted")]
    first = keyed[-1] + 1 if keyed else 0
    after = first
    while after < len(lines) and lines[after][0] == "blank":
        after += 1
    rest = lines[after:]
    if (
        rest
        and all(line[0] in ("comment", "blank") for line in rest)
        and any(line[0] == "comment" for line in rest)
    ):
        return rest[0][2], after > first
    return end, bool(lines) and lines[-1][0] == "blank"


def _record_text(section: str, data: Data) -> str:
    """A new record as the patcher writes it: ``[[section]]`` and a line a key."""
    if any(isinstance(value, (dict, list)) and key == "form" for key, value in data.items()):
        raise _Unhandled  # true forms are sub-tables of their own
    lines = [f"[[{render_key(section)}]]\n"]
    lines += [
        f"{render_key(key)} = {render_value(value)}\n"
        for key, value in data.items()
        if value is not None
    ]
    return "".join(lines)


def _escaped(text: str, index: int) -> bool:
    """True when the character at ``index`` follows an odd number of backslashes."""
    count = 0
    while index - count - 1 >= 0 and text[index - count - 1] == "\\":
        count += 1
    return count % 2 == 1


class _Splicer:
    """Collects the replacements of one save."""

    def __init__(self, text: str) -> None:
        self.scanner = _Scanner(text)
        self.text = text
        self.edits: dict[int, tuple[int, str]] = {}
        self.inserts: dict[int, str] = {}
        self.appended: dict[str, list[str]] = {}
        """New records of each ``[[section]]``, as text, in order."""
        self.removed: list[tuple[str, int]] = []
        """Records taken out: their section and number."""
        self.gone: dict[str, set[Any]] = {}
        """The keys of the entities taken out, by the source map's field."""
        self.new: list[tuple[str, Any, str]] = []
        """The entities added, in order: the source map's field, the key, the section."""

    def origins(self, before: SourceMap) -> SourceMap:
        """Where each entity is written after the save: records after one taken out move
        up, new records follow the last of their section."""
        counts: dict[str, int] = {}
        for path, _ in self.scanner.headers:
            if len(path) == 2 and isinstance(path[0], str) and isinstance(path[1], int):
                counts[path[0]] = max(counts.get(path[0], 0), path[1] + 1)
        removed: dict[str, list[int]] = {}
        for section, number in self.removed:
            removed.setdefault(section, []).append(number)

        def moved(origin: Origin) -> Origin:
            path = origin.path
            if len(path) < 2 or not isinstance(path[0], str) or not isinstance(path[1], int):
                return origin
            up = sum(1 for number in removed.get(path[0], ()) if number < path[1])
            return Origin((path[0], path[1] - up, *path[2:]), origin.instance) if up else origin

        after = SourceMap()
        for field in fields(SourceMap):
            gone = self.gone.get(field.name, set())
            kept = getattr(after, field.name)
            for key, origin in getattr(before, field.name).items():
                if key not in gone:
                    kept[key] = moved(origin)
        appended: dict[str, int] = {}
        for field_name, key, section in self.new:
            number = (
                counts.get(section, 0) - len(removed.get(section, ())) + appended.get(section, 0)
            )
            appended[section] = appended.get(section, 0) + 1
            getattr(after, field_name)[key] = Origin((section, number))
        return after

    # -- records that come or go ---------------------------------------------------------

    def append_record(self, section: str, data: Data) -> None:
        """Append a record at the end of its ``[[section]]`` (a new section at the end of
        the file), as the patcher's ``append_record`` does."""
        self.appended.setdefault(section, []).append(_record_text(section, data))

    def remove_record(self, path: TablePath) -> None:
        """Take out the record at ``path`` (``("npc", 2)``) with its sub-tables."""
        if len(path) != 2 or not isinstance(path[0], str) or not isinstance(path[1], int):
            raise _Unhandled
        self.removed.append((path[0], path[1]))

    def _block(self, section: str, number: int) -> tuple[int, int, int, bool]:
        """Where a record's text starts, where the comments that close it start (they
        introduce what follows), where it ends, and whether its statements before those
        comments end with a blank line."""
        headers = self.scanner.headers
        inside = [index for index, (path, _) in enumerate(headers) if path[:2] == (section, number)]
        if not inside or inside != list(range(inside[0], inside[-1] + 1)):
            raise _Unhandled
        start = headers[inside[0]][1]
        end = headers[inside[-1] + 1][1] if inside[-1] + 1 < len(headers) else len(self.text)
        last = headers[inside[-1]][0]
        closing, ends_blank = _closing(self.scanner.lines.get(last, []), end)
        return start, closing, end, ends_blank

    def _records_edits(self) -> dict[int, tuple[int, str]]:
        edits: dict[int, tuple[int, str]] = {}
        for section, number in self.removed:
            if section in self.appended:
                raise _Unhandled  # the new record would follow one that goes
            start, closing, _, _ = self._block(section, number)
            # the comments that close the record introduce what follows: they stay
            edits[start] = (closing, "")
        for section, records in self.appended.items():
            numbers = [
                path[1]
                for path, _ in self.scanner.headers
                if len(path) == 2 and path[0] == section and isinstance(path[1], int)
            ]
            if numbers:
                _, closing, end, ends_blank = self._block(section, max(numbers))
                trailer = self.text[closing:end]
                at = closing
            else:
                if any(path[:1] == (section,) for path, _ in self.scanner.headers):
                    raise _Unhandled  # a [section] table, not an array of them
                if section in self.scanner.values.get((), {}) or not self.text.endswith("\n"):
                    raise _Unhandled
                last = self.scanner.headers[-1][0] if self.scanner.headers else ()
                _, ends_blank = _closing(self.scanner.lines.get(last, []), len(self.text))
                trailer, at, end = "", len(self.text), len(self.text)
                if not ends_blank and last == () and not self.scanner.lines.get(()):
                    ends_blank = True  # an empty file: nothing to set the section off from
            if not self.text[:at].endswith("\n") or at in edits:
                raise _Unhandled
            if ends_blank:
                text = "".join(record + "\n" for record in records)
            else:
                text = "\n" + "\n".join(records)
            edits[at] = (end, text + trailer)
        return edits

    def record(self, table: TablePath, old: Data, new: Data) -> None:
        """Write the values of ``new`` that differ from ``old`` over the table's text, and
        a key ``new`` adds where the patcher adds it."""
        added = [key for key in new if key not in old]
        if len(added) > 1:
            raise _Unhandled  # several keys added: each moves the next one's place
        for key in old:
            if key not in new:
                self.remove(table, key, old[key])
            elif old[key] != new[key]:
                self.value(table, key, old[key], new[key])
        for key in added:
            self.add(table, key, new[key], list(new))

    def remove(self, table: TablePath, key: str, old: Any) -> None:
        """Take out the line of ``key`` (its comment goes with it, as with the patcher)."""
        self._current(table, key, old)
        line = next((line for line in self.scanner.lines[table] if line[:2] == ("key", key)), None)
        if line is None:
            raise _Unhandled
        self.edits[line[2]] = (line[3], "")

    def _current(self, table: TablePath, key: str, old: Any) -> tuple[int, int, Any]:
        """The span of the plain value of ``key`` and the value, which must be ``old``."""
        if key in self.scanner.dotted.get(table, ()):
            raise _Unhandled
        span = self.scanner.values.get(table, {}).get(key)
        if span is None:
            raise _Unhandled
        start, end = span
        written = self.text[start:end]
        current = tomllib.loads("v = " + written)["v"] if "\n" not in written else None
        if current is None or current != old:
            raise _Unhandled  # written across lines, or in another form: the patcher knows
        return start, end, current

    def add(self, table: TablePath, key: str, value: Any, order: list[str]) -> None:
        """Add ``key = value`` to a record's table: after the nearest key before it in
        the canonical ``order`` (with that key's indentation) when other keys follow it,
        else after the table's last statement but its trailing blank lines (with the last
        key's indentation), as the patcher's ``_add_in_order`` does."""
        lines = self.scanner.lines.get(table)
        if (
            not lines
            or table in self.scanner.nested
            or self.scanner.dotted.get(table)
            or key in self.scanner.values.get(table, {})
            or key in ("form", "consequences")
        ):
            raise _Unhandled
        keys = [index for index, line in enumerate(lines) if line[0] == "key"]
        position = {lines[index][1]: index for index in keys}
        earlier = [position[name] for name in order[: order.index(key)] if name in position]
        anchor = max(earlier, default=-1)
        if anchor >= 0 and any(
            line[0] != "blank" and line[0] != "comment" for line in lines[anchor + 1 :]
        ):
            at, indent = lines[anchor][3], lines[anchor][4]
        else:
            last = len(lines)
            while last > 0 and lines[last - 1][0] == "blank":
                last -= 1
            if last == 0:
                raise _Unhandled
            at = lines[last - 1][3]
            indent = lines[keys[-1]][4] if keys else ""
        if not self.text[:at].endswith("\n"):
            raise _Unhandled
        # keys added at one place follow each other in the order they are added
        line = f"{indent}{render_key(key)} = {render_value(value)}\n"
        self.inserts[at] = self.inserts.get(at, "") + line

    def add_top(self, key: str, value: Any) -> None:
        """Add a top-level ``key = value`` right after the last top-level key, as the
        patcher's ``insert_top_key`` does (the comments that lead to the first table stay
        where they are); keys added in one save follow each other in order."""
        lines = self.scanner.lines.get((), [])
        if self.scanner.dotted.get(()) or key in self.scanner.values.get((), {}):
            raise _Unhandled
        keys = [line for line in lines if line[0] == "key"]
        if not keys:
            raise _Unhandled
        at = keys[-1][3]
        if not self.text[:at].endswith("\n"):
            raise _Unhandled
        self.inserts[at] = self.inserts.get(at, "") + f"{render_key(key)} = {render_value(value)}\n"

    def value(self, table: TablePath, key: str, old: Any, new: Any) -> None:
        """Write ``new`` over the value of ``key`` that the file writes as ``old``."""
        start, end, current = self._current(table, key, old)
        written = self.text[start:end]
        if isinstance(old, dict) and isinstance(new, dict):
            if not written.startswith("{"):
                raise _Unhandled
            # as the patcher rewrites an inline table: the GM's key order first
            order = [name for name in current if name in new]
            new = {name: new[name] for name in [*order, *new]}
        elif (
            isinstance(old, list)
            and isinstance(new, list)
            and len(old) == len(new)
            and written != render_value(old)
        ):
            raise _Unhandled  # the patcher replaces elements one by one, keeping theirs
        self.edits[start] = (end, render_value(new))

    def result(self) -> str:
        edits = {start: (end, value) for start, (end, value) in self.edits.items()}
        for start, edit in self._records_edits().items():
            if start in edits:
                raise _Unhandled
            edits[start] = edit
        for at, line in self.inserts.items():
            if at in edits:
                raise _Unhandled
            edits[at] = (at, line)
        pieces: list[str] = []
        position = 0
        for start in sorted(edits):
            end, value = edits[start]
            if start < position:
                raise _Unhandled
            pieces += [self.text[position:start], value]
            position = end
        pieces.append(self.text[position:])
        return "".join(pieces)


def _collection(
    splicer: _Splicer,
    old: Iterable[Any],
    new: Iterable[Any],
    key: Callable[[Any], Any],
    origins: Mapping[Any, Origin],
    encode: Callable[[Any], Data],
    section: Callable[[Any], str],
    field: str,
) -> None:
    before = {key(item): item for item in old}
    after = {key(item) for item in new}
    for item in new:
        previous = before.get(key(item))
        origin = origins.get(key(item))
        if previous is None or origin is None:
            splicer.append_record(section(item), encode(item))
            splicer.new.append((field, key(item), section(item)))
            continue
        if previous is item or previous == item:
            continue
        if origin.instance is not None:
            raise _Unhandled  # a template instance's overrides: the patcher adds them
        splicer.record(origin.path, encode(previous), encode(item))
    for name in before:
        if name in after:
            continue
        origin = origins.get(name)
        if origin is None or origin.instance is not None:
            raise _Unhandled  # a template instance is marked removed in its overrides
        splicer.remove_record(origin.path)
        splicer.gone.setdefault(field, set()).add(name)


def spliced(loaded: LoadedScene, scene: Scene, folder: Path | None = None) -> str | None:
    """The text of ``scene`` written over the GM's file, or None when the change needs the
    tomlkit patcher (see the module's docstring)."""
    done = splice_save(loaded, scene, folder)
    return None if done is None else done[0]


def splice_save(
    loaded: LoadedScene, scene: Scene, folder: Path | None = None
) -> tuple[str, SourceMap] | None:
    """As :func:`spliced`, with where each entity is written in the new text."""
    old = loaded.scene
    if folder is not None and loaded.path is not None and folder != loaded.path.parent:
        return None  # template references may need rebasing
    if scene.sources or scene.party != old.party:
        return None  # template entries and the party's sheets are written elsewhere
    if scene == old:
        return loaded.text, loaded.origins
    names = {zone.id: zone.name for zone in scene.zones}
    if any(names.get(zone.id, zone.name) != zone.name for zone in old.zones):
        return None  # references to a renamed zone are rewritten through the file
    try:
        splicer = _Splicer(loaded.text)
        origins = loaded.origins
        embedded = embedded_party(old, scene, origins.characters)
        if scene.zones is not old.zones:
            _collection(
                splicer,
                old.zones,
                scene.zones,
                lambda z: z.id,
                origins.zones,
                codec.encode_zone,
                lambda _: "zone",
                "zones",
            )
        if scene.links is not old.links:
            old_blocks, new_blocks = block_names(old), block_names(scene)
            if old_blocks != new_blocks:
                return None
            _collection(
                splicer,
                old.links,
                scene.links,
                lambda link: link.zones,
                origins.links,
                lambda link: _link_data(link, names, new_blocks),
                lambda _: "link",
                "links",
            )
        if scene.characters is not old.characters:
            # the party's PCs that ``pcs`` lists are written there (see _top)
            listed = set(scene.party) - embedded

            def encode(character: Character) -> Data:
                return character_data(character, scene.rules, names, embedded)

            _collection(
                splicer,
                [c for c in old.characters if c.id not in listed],
                [c for c in scene.characters if c.id not in listed],
                lambda c: c.id,
                origins.characters,
                encode,
                lambda c: "pc" if c.kind is CharacterKind.PC else "npc",
                "characters",
            )
        if scene.obstacles is not old.obstacles:
            _collection(
                splicer,
                old.obstacles,
                scene.obstacles,
                lambda o: o.id,
                origins.obstacles,
                lambda o: _obstacle_data(o, names),
                lambda _: "obstacle",
                "obstacles",
            )
        for kind, before, after, key, where, encoder in (
            (
                "countdown",
                old.countdowns,
                scene.countdowns,
                _id,
                origins.countdowns,
                codec.encode_countdown,
            ),
            (
                "contest",
                old.contests,
                scene.contests,
                _name,
                origins.contests,
                codec.encode_contest,
            ),
            (
                "challenge",
                old.challenges,
                scene.challenges,
                _name,
                origins.challenges,
                codec.encode_challenge,
            ),
        ):
            if before is not after:
                _collection(splicer, before, after, key, where, encoder, _section(kind), kind + "s")
        _top(splicer, old, scene, embedded)
        return splicer.result(), splicer.origins(origins)
    except _Unhandled:
        return None


def _section(kind: str) -> Callable[[Any], str]:
    return lambda _: kind


def _id(item: Any) -> Any:
    return item.id


def _name(item: Any) -> Any:
    return item.name


def _link_data(link: Any, names: Mapping[str, str], blocks: Mapping[str, str]) -> Data:
    data = codec.encode_link(link)
    data["zones"] = [names.get(z, z) for z in data["zones"]]
    if "block" in data:
        data["block"] = blocks.get(data["block"], data["block"])
    return data


def _obstacle_data(obstacle: Any, names: Mapping[str, str]) -> Data:
    data = with_zone_names(codec.encode_obstacle(obstacle), names)
    if "between" in data:
        data["between"] = [names.get(z, z) for z in data["between"]]
    return data


def _top(splicer: _Splicer, old: Scene, new: Scene, embedded: frozenset[str]) -> None:
    """The top-level values, the rules and the turn order, as the patcher writes them."""
    before, after = top_data(old, embedded), top_data(new, embedded)
    for key in [*before, *(k for k in after if k not in before)]:
        if before.get(key) != after.get(key):
            if key not in after:
                splicer.remove((), key, before[key])
            elif key not in before:
                splicer.add_top(key, after[key])
            else:
                splicer.value((), key, before[key], after[key])
    if codec.encode_rules(old.rules) != codec.encode_rules(new.rules):
        raise _Unhandled
    turn_before = codec.encode_turn(old.turn) if old.turn else None
    turn_after = codec.encode_turn(new.turn) if new.turn else None
    if turn_before != turn_after:
        if turn_before is None or turn_after is None:
            raise _Unhandled
        splicer.record(("turn",), turn_before, turn_after)


def spliced_state(text: str, changes: Iterable[tuple[TablePath, Any, Any]]) -> str | None:
    """``text`` with each key path's value changed from ``before`` to ``after`` (None: not
    written) over its own span, as the style-preserving patcher would write it: the other
    systems' saves, whose formats name what play changes by key path. A path inside a
    value written inline (``pools.Ruumis`` of ``pools = { Ruumis = 5 }``) rewrites that
    value. None when a change is not of that kind (the patcher writes it then).
    """
    try:
        splicer = _Splicer(text)
        scanner = splicer.scanner
        inline: dict[tuple[TablePath, str], tuple[Any, Any]] = {}
        for path, before, after in changes:
            table, key, rest, written = _place(scanner, path)
            if rest:
                current, whole = inline.get((table, key)) or _written(splicer, table, key)
                inline[(table, key)] = (current, _set_in(whole, rest, after))
            elif not written and after is None:
                continue  # a default the file does not write: nothing to take out
            elif not written:
                if table == ():
                    splicer.add_top(key, after)
                else:
                    keys = [line[1] for line in scanner.lines.get(table, []) if line[0] == "key"]
                    splicer.add(table, key, after, [*keys, key])
            elif after is None:
                splicer.remove(table, key, before)
            else:
                splicer.value(table, key, before, after)
        for (table, key), (current, whole) in inline.items():
            if whole != current:
                splicer.value(table, key, current, whole)
        return splicer.result()
    except _Unhandled:
        return None


def _place(scanner: _Scanner, path: TablePath) -> tuple[TablePath, str, TablePath, bool]:
    """The table a key path is written in, its key there, the path inside the key's value
    (empty for the value itself), and whether the table writes the key."""
    for cut in range(len(path) - 1, -1, -1):
        table, key = path[:cut], path[cut]
        if not isinstance(key, str):
            continue
        if key in scanner.values.get(table, {}) or key in scanner.dotted.get(table, ()):
            return table, key, path[cut + 1 :], True
    table, key = path[:-1], path[-1]
    if isinstance(key, str) and (table == () or table in scanner.lines):
        return table, key, (), False  # a key the table does not write yet
    raise _Unhandled


def _written(splicer: _Splicer, table: TablePath, key: str) -> tuple[Any, Any]:
    """The value of ``key`` as the text writes it, twice (the second to change)."""
    start, end = splicer.scanner.values[table][key]
    written = splicer.text[start:end]
    if "\n" in written or key in splicer.scanner.dotted.get(table, ()):
        raise _Unhandled
    value = tomllib.loads("v = " + written)["v"]
    return value, copy.deepcopy(value)


def _set_in(value: Any, rest: TablePath, new: Any) -> Any:
    """``value`` (a table read from the text) with the value at ``rest`` set to ``new``
    (None: taken out)."""
    if not isinstance(value, dict) or not isinstance(rest[0], str):
        raise _Unhandled
    head = rest[0]
    if len(rest) == 1:
        if new is None:
            value.pop(head, None)
        else:
            value[head] = new
        return value
    inner = value.get(head)
    if inner is None:
        if new is None:
            return value
        inner = {}
    value[head] = _set_in(inner, rest[1:], new)
    return value
