"""Widgets that hand the compositor the lines they drew last while nothing asked them to
draw again.

Textual draws every widget between the regions a frame changes, whole: a name in the turn
order and the log below it make a frame draw every pane in between, although none of
them changed. Drawing an unchanged widget costs little per line (its lines are cached),
but each widget first works out its background from all of its ancestors, its title's
style and its filters, about as much as a repaint of a line or two. A :class:`KeptLines`
widget keeps the lines it handed over for an area and hands the very same ones over again
until something asks it to draw again.

Everything that changes what a widget shows asks it to draw again through
:meth:`Widget.refresh`: its content, its styles (a class, the focus, the hover, a theme;
a background set on an ancestor refreshes every descendant), its border title and its
scrolling. A new size or another visible area makes another key, and so do the line
filters (the app's colour filters, replaced with the theme).
"""

from __future__ import annotations

from typing import Self

from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


class KeptLines(Widget):
    """Hands over the lines drawn last for an area until :meth:`refresh` is called."""

    kept_lines: tuple[tuple[Region, Size, tuple[int, ...]], list[Strip]] | None = None
    """The area, the size and the filters the lines were drawn for, and the lines."""
    draw_count: int = 0
    """How many times the widget was asked to draw again."""

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines for ``crop``: those handed over last, if nothing asked for new ones."""
        key = (crop, self.size, tuple(map(id, self.get_line_filters())))
        kept = self.kept_lines
        if kept is not None and kept[0] == key:
            return kept[1]
        asked = self.draw_count
        strips = super().render_lines(crop)
        # a refresh asked for while drawing (a line view taking its first lines) makes
        # the next frame draw again
        self.kept_lines = (key, strips) if asked == self.draw_count else None
        return strips

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """Forget the kept lines, and refresh as Textual does."""
        self.kept_lines = None
        self.draw_count += 1
        super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        return self

    def notify_style_update(self) -> None:
        """New styles: draw again."""
        self.kept_lines = None
        self.draw_count += 1
        super().notify_style_update()
