"""Problems of a character file from another tool, each at a JSON path (``$.pages[0].label``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from fatescreen.scene.errors import Text, escape_controls

JsonPath = tuple[str | int, ...]
"""A path into a JSON document: object keys and 0-based array indices."""

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_LONGEST_KEY = 60


def render_json_path(path: JsonPath) -> str:
    """A JSON path as JSONPath writes it: ``$.pages[0].sections[2].blocks[1].label``; a key
    that is not a plain word in brackets (``$.system.aspects['SGlnaA==']``), cut short if
    huge, with its control characters escaped."""
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _IDENTIFIER.fullmatch(part) and len(part) <= _LONGEST_KEY:
            out += "." + part
        else:
            shown = part if len(part) <= _LONGEST_KEY else part[:_LONGEST_KEY] + "..."
            quoted = shown.replace("\\", "\\\\").replace("'", "\\'")
            out += "['" + escape_controls(quoted, keep="") + "']"
    return out


@dataclass(frozen=True)
class SheetProblem:
    """One thing wrong with a character file: where (file and JSON path) and what."""

    path: JsonPath
    text: Text
    file: Path | None = None

    def render(self, lang: str) -> str:
        """The problem as a GM reads it: ``FILE: $.JSON.PATH: what is wrong``."""
        where = f"{self.file}: " if self.file is not None else ""
        return escape_controls(f"{where}{render_json_path(self.path)}: {self.text.render(lang)}")

    def in_file(self, file: Path) -> SheetProblem:
        """The same problem, naming its file."""
        return replace(self, file=file)


class SheetFileError(Exception):
    """A character file that cannot be imported; ``problems`` says why, each at its path.
    Nothing of such a file is imported."""

    def __init__(self, problems: list[SheetProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(problem.render("en") for problem in problems))
