"""Typed, error-collecting access to plain TOML data: every problem is recorded, none raised."""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from fatescreen.rules.text import MAX_NAME, MAX_TEXT, control_character, text_problem
from fatescreen.scene.errors import KeyPath, Problem, Text, text

__all__ = [
    "MAX_COUNT",
    "MAX_NAME",
    "MAX_TEXT",
    "Reader",
    "control_character",
    "plain_name",
    "shown",
]

MAX_COUNT = 10_000
"""Largest count (boxes, members, instances) a scene may use."""


def _type_name(value: object) -> Text:
    kind = {
        bool: "boolean",
        int: "integer",
        float: "number",
        str: "string",
        list: "array",
        dict: "table",
    }.get(type(value), "other")
    return text(f"check.type.{kind}")


def plain_name(value: object) -> bool:
    """True for a string that :meth:`Reader.text` takes as a name as it is (no control
    character, not blank, at most :data:`MAX_NAME` long): checked at C speed, for the
    loader's common case."""
    return (
        type(value) is str
        and value.isprintable()
        and len(value) <= MAX_NAME
        and value != ""
        and not value.isspace()
    )


def shown(value: str, limit: int = 60) -> str:
    """A text quoted for a message, cut short so a huge value cannot flood the screen."""
    return repr(value if len(value) <= limit else value[:limit] + "...")


class Reader:
    """Reads values out of parsed TOML, recording a :class:`Problem` for each bad one."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, path: KeyPath, message: str | Text) -> None:
        """Record one problem (a catalog message, told in the GM's language when shown)."""
        if isinstance(message, Text):
            self.problems.append(Problem.of(path, message))
        else:
            self.problems.append(Problem(path, message))

    def table(
        self, value: object, path: KeyPath, allowed: Iterable[str]
    ) -> Mapping[str, Any] | None:
        """Check that ``value`` is a table with only ``allowed`` keys; None if not a table."""
        if not isinstance(value, dict):
            self.fail(path, text("check.expected_table", found=_type_name(value)))
            return None
        if isinstance(allowed, frozenset):
            if value.keys() <= allowed:
                return value  # the common case, every key known: checked at C speed
            known: Collection[str] = allowed
        else:
            known = allowed if isinstance(allowed, (tuple, list, set)) else tuple(allowed)
        for key in value:
            if key not in known:
                # hints only for the problems a GM will read (see load.MAX_PROBLEMS)
                hinted = len(key) < 100 and len(self.problems) < 100
                close = difflib.get_close_matches(key, list(known), n=1) if hinted else []
                expected = ", ".join(sorted(known))
                if close:
                    message = text(
                        "check.unknown_key_hint", name=shown(key), close=close[0], expected=expected
                    )
                else:
                    message = text("check.unknown_key", name=shown(key), expected=expected)
                self.fail((*path, key), message)
        return value

    def text(
        self,
        value: object,
        path: KeyPath,
        *,
        limit: int = MAX_NAME,
        allow_empty: bool = False,
    ) -> str | None:
        """A string without control characters, at most ``limit`` long.

        Free texts longer than a name (``limit`` above :data:`MAX_NAME`: notes, stunts,
        outcomes) may span several lines; names may not.
        """
        if (
            type(value) is str
            and value.isprintable()
            and len(value) <= limit
            and (allow_empty or (value and not value.isspace()))
        ):
            return value  # the common case: no control character at all, checked at C speed
        if not isinstance(value, str):
            self.fail(path, text("check.expected_string", found=_type_name(value)))
            return None
        problem = text_problem(value, limit=limit, allow_empty=allow_empty)
        if problem is not None:
            self.fail(path, text(f"rules.{problem.code}", **problem.values))
            return None
        return value

    def integer(
        self,
        value: object,
        path: KeyPath,
        *,
        low: int | None = None,
        high: int | None = None,
    ) -> int | None:
        """An integer within ``low``..``high``."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, text("check.expected_integer", found=_type_name(value)))
            return None
        if low is not None and value < low:
            self.fail(path, text("check.too_small", value=value, low=low))
            return None
        if high is not None and value > high:
            self.fail(path, text("check.too_large", value=value, high=high))
            return None
        return value

    def boolean(self, value: object, path: KeyPath) -> bool | None:
        """A boolean."""
        if not isinstance(value, bool):
            self.fail(path, text("check.expected_boolean", found=_type_name(value)))
            return None
        return value

    def array(self, value: object, path: KeyPath, *, limit: int = MAX_COUNT) -> list[Any] | None:
        """An array of at most ``limit`` items."""
        if not isinstance(value, list):
            self.fail(path, text("check.expected_array", found=_type_name(value)))
            return None
        if len(value) > limit:
            self.fail(path, text("check.too_many", count=len(value), limit=limit))
            return None
        return value

    def choice(self, value: object, path: KeyPath, options: Iterable[str]) -> str | None:
        """One of a fixed set of strings."""
        known = list(options)
        if not isinstance(value, str) or value not in known:
            found: str | Text = shown(value) if isinstance(value, str) else _type_name(value)
            options = ", ".join(map(repr, known))
            self.fail(path, text("check.expected_choice", options=options, found=found))
            return None
        return value

    def texts(self, value: object, path: KeyPath, *, limit: int = MAX_NAME) -> list[str]:
        """An array of strings (a bare string counts as one)."""
        if isinstance(value, str):
            value = [value]
        items = self.array(value, path)
        if items is None:
            return []
        out = []
        for index, item in enumerate(items):
            text = self.text(item, (*path, index), limit=limit)
            if text is not None:
                out.append(text)
        return out
