"""The log: every result line, newest first."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from fatescreen.scene.model import Scene
from fatescreen.ui.panes.base import Pane
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble

MAX_ENTRIES = 300


class LogEntry(Static):
    """The lines of one command."""


class LogPane(Pane):
    """Results, newest at the top; errors marked."""

    TITLE_KEY = "ui.log"

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """The log does not depend on the scene."""

    def add(self, command: str, lines: tuple[str, ...], ok: bool) -> None:
        """Put one command's result at the top."""
        style = "" if ok else "$error"
        parts = [assemble((f"› {command}", "$text-muted"))]
        parts += [assemble("  ", (line, style)) for line in lines]
        entry = LogEntry(Content("\n").join(parts), classes="log-entry" + ("" if ok else " -error"))
        children = list(self.query(LogEntry))
        if children:
            self.mount(entry, before=children[0])
        else:
            self.mount(entry)
        if len(children) >= MAX_ENTRIES:
            children[-1].remove()
        self.scroll_home(animate=False)
