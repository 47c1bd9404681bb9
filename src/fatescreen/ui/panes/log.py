"""The log: every result line, newest first."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.content import Content

from fatescreen.scene.model import Scene
from fatescreen.ui.lines import LinesView
from fatescreen.ui.panes.base import Pane
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble

MAX_ENTRIES = 300


@dataclass(frozen=True)
class LogEntry:
    """One command and its result lines."""

    command: str
    lines: tuple[str, ...]
    ok: bool

    @property
    def text(self) -> str:
        """The entry as plain text."""
        return "\n".join((f"› {self.command}", *(f"  {line}" for line in self.lines)))


class LogPane(Pane):
    """Results, newest at the top; errors marked. Adding an entry renders only that entry."""

    TITLE_KEY = "ui.log"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view_lines = LinesView(id="log-lines")
        self.entries: list[LogEntry] = []
        self._line_count = 0
        """How many lines the entries show (counted as they come, not for every entry)."""

    def compose(self) -> ComposeResult:
        yield self.view_lines

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """The log does not depend on the scene."""

    def add(self, command: str, lines: tuple[str, ...], ok: bool) -> None:
        """Put one command's result at the top.

        The entry is shown in the same frame as what the command changed: a change off
        screen (an aspect scrolled out of sight) leaves the entry as the one sign that
        the key did something, and a second frame would come a frame's time later.
        """
        entry = LogEntry(command, lines, ok)
        self.entries.insert(0, entry)
        style = "" if ok else "$error"
        rendered = [assemble((f"› {command}", "$text-muted"))]
        rendered += [assemble("  ", (line, style)) for line in lines]
        self._line_count += len(rendered)
        if len(self.entries) > MAX_ENTRIES:
            self.entries = self.entries[:MAX_ENTRIES]
            self._line_count = sum(1 + len(e.lines) for e in self.entries)
        self._show_entry(rendered, self._line_count)

    def _show_entry(self, rendered: list[Content], keep: int) -> None:
        self.view_lines.prepend(rendered, keep)
        if self.view_lines.scroll_offset.y:
            self.view_lines.scroll_home(animate=False)
