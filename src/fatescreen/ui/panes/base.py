"""The common shape of a dashboard pane: a titled box that redraws only what changed."""

from __future__ import annotations

from textual.containers import VerticalScroll

from fatescreen.scene.model import Scene
from fatescreen.ui.kept import KeptLines
from fatescreen.ui.state import View


class Pane(VerticalScroll, KeptLines):
    """A dashboard pane. Subclasses redraw from the scene in :meth:`show`.

    ``changed`` holds the tags of what a command changed (see ``commands.core.Applied``);
    a pane ignores changes that cannot affect it, and compares entity values by identity
    so that an unchanged character is never redrawn.
    """

    TITLE_KEY = ""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="pane")
        self.can_focus = True

    def relabel(self, view: View) -> None:
        """Set the border title in the current language."""
        title = view.tr(self.TITLE_KEY)
        if self.border_title != title:
            self.border_title = title

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """Redraw from ``scene``; ``changed`` is ``{"all"}`` for a full redraw."""
        raise NotImplementedError


def touches(changed: frozenset[str], *tags: str) -> bool:
    """True if a change set includes ``all`` or any of the tags (or a tag prefix)."""
    if "all" in changed:
        return True
    return any(t == tag or t.startswith(tag + ":") for t in changed for tag in tags)
