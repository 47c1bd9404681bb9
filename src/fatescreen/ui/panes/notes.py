"""The GM's notes for the scene (the scene file's ``notes``), wrapped to the pane."""

from __future__ import annotations

from textual.app import ComposeResult

from fatescreen.scene.model import Scene
from fatescreen.ui.lines import TextBlock
from fatescreen.ui.panes.base import Pane, touches
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble, join_lines, reflow


class NotesPane(Pane):
    """The scene's prep text; a muted line when the scene has none."""

    TITLE_KEY = "ui.notes"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.body = TextBlock(id="notes-body")
        self._key: object = None

    def compose(self) -> ComposeResult:
        yield self.body

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """Redraw when the notes (or the language of the empty line) change."""
        key = (scene.notes, view.lang)
        if key == self._key and not touches(changed, "all"):
            return
        self._key = key
        if scene.notes.strip():
            # one line at a time: a line break is the GM's, not a character to escape
            self.body.set(join_lines(assemble(line) for line in reflow(scene.notes)))
        else:
            self.body.set(assemble((view.tr("ui.no_notes"), "$text-muted")))
