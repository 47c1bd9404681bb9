"""The common shape of a dashboard pane: a titled box that redraws only what changed."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.layout import DockArrangeResult

from fatescreen.rules.character import Character
from fatescreen.scene.model import Scene
from fatescreen.ui.kept import KeptLines
from fatescreen.ui.lines import LinesView, show_scrollbar
from fatescreen.ui.state import View


@runtime_checkable
class Fits(Protocol):
    """A view that takes the size it is laid out at before it is first drawn (see
    :meth:`LinesView.fit`)."""

    def fit(self, size: Size) -> None:
        """Take ``size`` (border and padding included)."""


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
        self._measuring = False
        """True while Textual arranges the children to measure the pane's height (at a
        provisional size, not the one they get)."""

    def arrange(self, size: Size, optimal: bool = False) -> DockArrangeResult:
        """Lay the pane's children out, and give a line view among them its size before
        it is first drawn (:class:`Fits`): a view whose lines overflow shows its
        scrollbar in the first frame."""
        arrangement = super().arrange(size, optimal)
        if self._measuring:
            return arrangement
        for placement in arrangement.placements:
            if isinstance(placement.widget, Fits):
                placement.widget.fit(placement.region.size)
        return arrangement

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As tall as the children, measured at the width they get: beside the scrollbar
        when the pane shows one (Textual measures them at the width without it, and
        lays them out beside it: lines wrapped at two widths in every layout).

        A pane sized to its children up to a maximum height shows its scrollbar in its
        first layout when they are taller than that (Textual would show it a layout, and
        a frame, later), before measuring them when its line views alone have more lines
        than that."""
        styles = self.styles
        bar = styles.scrollbar_size_vertical
        room = None
        # children as tall as a share of the pane fill it and never overflow it (and are
        # measured as tall as the room around the pane)
        fills = all(
            child.styles.height is not None and child.styles.height.is_fraction
            for child in self.displayed_children
        )
        if styles.overflow_y == "auto" and bar and not fills:
            room = self.room(container, viewport)
        if room is not None:
            if not self.size and not self.show_vertical_scrollbar:
                lines = sum(len(child.lines) for child in self.query_children(LinesView))
                if lines > room:
                    show_scrollbar(self)
            if self.show_vertical_scrollbar and width > bar:
                width -= bar
        self._measuring = True
        try:
            height = super().get_content_height(container, viewport, width)
        finally:
            self._measuring = False
        if room is not None and not self.size and height > room:
            show_scrollbar(self)
        return height

    def room(self, container: Size, viewport: Size) -> int | None:
        """The most rows inside the pane's border and padding (its maximum height, as
        Textual resolves it), for the ``container`` given to :meth:`get_content_height`
        (the room inside the border and padding); None without a maximum height."""
        limit = self.styles.max_height
        if limit is None:
            return None
        gutter = self.styles.gutter
        return int(limit.resolve(container + gutter.totals, viewport)) - gutter.height

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


def shows_gm_mark(scene: Scene, character: Character) -> bool:
    """Whether ``character`` gets the GM's mark: the players cannot see it (decided by
    :func:`fatescreen.scene.public.secret_character`)."""
    zone = scene.zone_index.get(character.zone or "")
    if not character.hidden and (zone is None or not zone.hidden):
        return False  # public for sure: the first frame needs no player-view module
    from fatescreen.scene.public import secret_character

    return secret_character(scene, character)
