"""Typed access to a character file's JSON that records every problem at its JSON path and
holds every text to the scene files' text rule (docs/scene-format.md, Conventions)."""

from __future__ import annotations

import re
from typing import Any

from fatescreen.scene.errors import Text, text
from fatescreen.scene.reader import MAX_NAME, MAX_TEXT, control_character, shown
from fatescreen.scene.sheets.errors import JsonPath, SheetProblem
from fatescreen.scene.sheets.html_text import one_line, plain_text

_WHOLE = re.compile(r"\s*[+\-−]?\d{1,9}\s*")

_TYPES = {
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    list: "array",
    dict: "object",
    type(None): "null",
}


def json_type(value: object) -> Text:
    """A JSON value's type, for a message."""
    return text(f"import.type.{_TYPES.get(type(value), 'other')}")


class JsonReader:
    """Reads values out of parsed JSON, recording a problem for each bad one (none raised)."""

    def __init__(self) -> None:
        self.problems: list[SheetProblem] = []

    def fail(self, path: JsonPath, message: Text) -> None:
        """Record one problem."""
        self.problems.append(SheetProblem(path, message))

    def expected(self, path: JsonPath, kind: str, value: object) -> None:
        """Record that ``value`` is not of the JSON type ``kind`` (``object``, ``array``...)."""
        self.fail(
            path,
            text("import.expected", expected=text(f"import.type.{kind}"), found=json_type(value)),
        )

    def table(self, value: object, path: JsonPath) -> dict[str, Any] | None:
        """A JSON object, or None (recorded) if it is something else."""
        if isinstance(value, dict):
            return value
        self.expected(path, "object", value)
        return None

    def array(self, value: object, path: JsonPath) -> list[Any] | None:
        """A JSON array, or None (recorded) if it is something else."""
        if isinstance(value, list):
            return value
        self.expected(path, "array", value)
        return None

    def objects(self, value: object, path: JsonPath) -> list[tuple[dict[str, Any], JsonPath]]:
        """An array's objects with their paths (an item that is not an object is recorded)."""
        found = []
        for index, item in enumerate(self.array(value, path) or []):
            table = self.table(item, (*path, index))
            if table is not None:
                found.append((table, (*path, index)))
        return found

    def string(self, value: object, path: JsonPath) -> str | None:
        """A JSON string as it is, or None (recorded) if it is something else."""
        if isinstance(value, str):
            return value
        self.expected(path, "string", value)
        return None

    def label(self, value: object) -> str:
        """A label the sheet shows (of a section, a block, a box): its text on one line, ""
        when it has none. Labels are only compared and shown, never kept, so they are not
        held to the text rule."""
        return one_line(value)[:MAX_NAME] if isinstance(value, str) else ""

    def name(self, value: object, path: JsonPath, *, html: bool = True) -> str | None:
        """A name (an aspect, a skill, a consequence, the character's): one line of at most
        200 characters without control characters; "" for an empty one (a slot left blank).

        Args:
            value: The JSON value.
            path: Its path.
            html: The sheet writes the text as HTML (Fari's texts, Foundry's rich text).
        """
        found = self.string(value, path)
        if found is None:
            return None
        return self._rule(one_line(found) if html else found.strip(), path, MAX_NAME)

    def free_text(self, value: object, path: JsonPath, *, html: bool = True) -> str | None:
        """A free text (a stunt, a note): at most 4000 characters, lines allowed, no other
        control character; "" for an empty one."""
        found = self.string(value, path)
        if found is None:
            return None
        return self._rule(plain_text(found) if html else found.strip(), path, MAX_TEXT)

    def _rule(self, value: str, path: JsonPath, limit: int) -> str | None:
        bad = control_character(value, "\t\n" if limit > MAX_NAME else "\t")
        if bad:
            self.fail(path, text("rules.text.control_character", character=bad))
            return None
        if len(value) > limit:
            self.fail(path, text("rules.text.too_long", length=len(value), limit=limit))
            return None
        return value

    def whole(
        self, value: object, path: JsonPath, *, low: int, high: int, blank: bool = True
    ) -> int | None:
        """A whole number, written as one (``3``) or as a text (``"+3"``, Fari's way); None
        for a blank text when ``blank`` allows it, or (recorded) for anything else, or one
        outside ``low``..``high``."""
        number: int | None = None
        if isinstance(value, bool):
            number = None
        elif isinstance(value, int):
            number = value
        elif isinstance(value, float) and value.is_integer():
            number = int(value)
        elif isinstance(value, str):
            if blank and not plain_text(value):
                return None
            if _WHOLE.fullmatch(plain_text(value)):
                number = int(plain_text(value).replace("−", "-"))
        if number is None:
            shown_value = shown(value) if isinstance(value, str) else json_type(value)
            self.fail(path, text("import.not_a_number", found=shown_value))
            return None
        if not low <= number <= high:
            self.fail(path, text("import.out_of_range", value=number, low=low, high=high))
            return None
        return number
