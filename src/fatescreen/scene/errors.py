"""Errors in scene files, each naming the file, the line and the key path."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

KeyPath = tuple[str | int, ...]
"""A path into a TOML document: table keys and 0-based array indices."""


def render_path(path: KeyPath) -> str:
    """Show a key path as a GM reads it: ``npc[3].skills.Fight`` (array items 1-based)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += ("." if out else "") + part
    return out or "(top level)"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a scene file."""

    path: KeyPath
    message: str
    line: int | None = None
    file: Path | None = None

    def __str__(self) -> str:
        where = str(self.file) if self.file else "<scene>"
        if self.line is not None:
            where += f":{self.line}"
        return f"{where}: {render_path(self.path)}: {self.message}"


class SceneFileError(Exception):
    """A scene file could not be loaded; ``problems`` lists everything wrong with it."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(problem) for problem in problems))
