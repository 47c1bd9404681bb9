"""A scrolling view of groups of lines, each group's lines built and drawn only when one
of its rows is shown: a long list (every aspect of a large scene) costs the rows on
screen, not every line, and a changed group repaints only its lines that differ."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import is_

from textual.content import Content
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from fatescreen.ui.kept import KeptLines
from fatescreen.ui.lines import LineKey, fit_rows, line_key, resize_scrollbar


@dataclass(eq=False)
class Group:
    """A group of lines: which group it is, the value it shows (a group for the very same
    value, under the same key, is the same group), how wide each of its lines is in cells,
    and how to build the lines (done the first time one of them is shown)."""

    key: str
    value: object
    widths: Sequence[int]
    build: Callable[[], list[Content]]
    built: list[Content] | None = None
    """The lines, once built."""
    strips: list[list[Strip] | None] = field(default_factory=list)
    """Each line's strips at the view's width and look, once drawn."""
    rows: list[int] = field(default_factory=list)
    """How many rows each line wraps to at :attr:`width`."""
    height: int = 0
    """How many rows the lines take at :attr:`width`."""
    width: int = 0
    """The width the group was measured at (0: not yet)."""

    @property
    def lines(self) -> list[Content]:
        """The group's lines (built now if they were not yet)."""
        if self.built is None:
            self.built = self.build()
        return self.built


_Row = tuple[object, int]
"""What a row shows: a line's strips (or the group and line not drawn yet) and which of
its rows."""


class GroupsView(ScrollView, KeptLines):
    """Groups of lines, a blank row between groups, wrapped to the width, scrolling.

    A line as wide as the view or narrower is one row, known from its width alone; only
    a wider line is built and measured to know how many rows it wraps to.
    """

    ALLOW_SELECT = False
    """Rows are drawn as they are shown and kept with their group: Textual's selection,
    which reads each row's text from its strip, is left out as in ``LinesView``."""

    DEFAULT_CSS = """
    GroupsView {
        overflow-x: hidden;
        overflow-y: auto;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.groups: list[Group] = []
        self._width = 0
        self._look: tuple[str, object] | None = None
        self._tops: list[int] = []
        """The row each group starts at."""
        self._height = 0

    @property
    def lines(self) -> list[Content]:
        """Every line, a blank one between groups (all built: for tests)."""
        lines: list[Content] = []
        for group in self.groups:
            if lines:
                lines.append(Content(""))
            lines += group.lines
        return lines

    @property
    def plain(self) -> str:
        """The text of every line, without styles (for tests and screen readers)."""
        return "\n".join(line.plain for line in self.lines)

    def set_groups(self, groups: Sequence[Group]) -> None:
        """Show these groups, repainting only the rows on screen that show something else.

        A new group in the place, or under the key, of one already drawn has its lines
        built at once and keeps the strips of every line that shows the same as before."""
        old_groups = self.groups
        if len(groups) == len(old_groups) and all(map(is_, groups, old_groups)):
            return
        before = self._visible_rows()
        old_height = self._height
        by_key: dict[str, Group] | None = None
        for index, group in enumerate(groups):
            old = old_groups[index] if index < len(old_groups) else None
            if old is group or not self._width:
                continue
            if old is None or old.key != group.key:
                if by_key is None:
                    by_key = {known.key: known for known in old_groups}
                old = by_key.get(group.key)
            if old is not None and old.built is not None and old.strips:
                self._carry(old, group)
        self.groups = list(groups)
        if not self._width:
            self.refresh()
            return
        self._measure()
        self._resize(old_height, before)

    def _carry(self, old: Group, new: Group) -> None:
        """Give ``new`` the strips of ``old``'s lines that show the same: the very same
        line objects (the panes keep those of what did not change), else lines alike in
        text and style. A group none of whose lines was drawn (off screen) gives nothing,
        and ``new`` is built only once shown."""
        assert old.built is not None
        # no strips yet at a new width
        drawn = [
            (line, strips) for line, strips in zip(old.built, old.strips, strict=False) if strips
        ]
        if not drawn:
            return
        by_line = {id(line): strips for line, strips in drawn}
        by_key: dict[LineKey, list[Strip]] | None = None
        carried: list[list[Strip] | None] = []
        for line in new.lines:
            strips = by_line.get(id(line))  # old.built keeps its lines (and their ids)
            if strips is None:
                if by_key is None:
                    by_key = {line_key(known): strips for known, strips in drawn}
                strips = by_key.get(line_key(line))
            carried.append(strips)
        new.strips = carried

    def _measure(self) -> None:
        """Each group's rows at ``_width`` (measured again only for a group not measured
        at that width), and where each group starts."""
        width = self._width
        styles = self.styles
        tops: list[int] = []
        top = 0
        for group in self.groups:
            if group.width != width:
                if any(w > width for w in group.widths):
                    group.rows = [
                        line.get_height(styles, width) if w > width else 1  # type: ignore[arg-type]
                        for line, w in zip(group.lines, group.widths, strict=True)
                    ]
                else:
                    group.rows = [1] * len(group.widths)
                group.height = sum(group.rows)
                group.width = width
            if len(group.strips) != len(group.rows):
                group.strips = [None] * len(group.rows)
            tops.append(top)
            top += group.height + 1
        self._tops, self._height = tops, max(top - 1, 0)

    def _row(self, index: int) -> tuple[int, int, int] | None:
        """Which group, which of its lines and which row of the line row ``index`` shows
        (None: a blank row between groups, or below the last)."""
        at = bisect_right(self._tops, index) - 1
        if at < 0:
            return None
        offset = index - self._tops[at]
        for line, rows in enumerate(self.groups[at].rows):
            if offset < rows:
                return at, line, offset
            offset -= rows
        return None

    def _visible_rows(self) -> list[_Row | None]:
        if not self._width:
            return []
        top = self.scroll_offset.y
        shown: list[_Row | None] = []
        for index in range(top, top + self.scrollable_content_region.height):
            found = self._row(index)
            if found is None:
                shown.append(None)
                continue
            at, line, row = found
            group = self.groups[at]
            strips = group.strips[line]
            shown.append((strips if strips is not None else (group, line), row))
        return shown

    def _resize(self, old_height: int, before: list[_Row | None]) -> None:
        """Tell Textual the new length and repaint the rows on screen that changed."""
        size = Size(self._width, self._height)
        if size != self.virtual_size:
            self.set_reactive(Widget.virtual_size, size)
            region = self.scrollable_content_region
            overflows = size.height > region.height
            if overflows != self.show_vertical_scrollbar:
                self.call_later(self.refresh, layout=True)
            elif overflows:
                resize_scrollbar(self.vertical_scrollbar, size.height, region.height)
        after = self._visible_rows()
        width = self.scrollable_content_region.width
        changed = [
            y for y in range(len(after)) if y >= len(before) or not _same_row(before[y], after[y])
        ]
        if changed and old_height != self._height:
            # the rows below a group that grew or shrank all moved
            start = changed[0]
            self.refresh(Region(0, start, width, len(after) - start))
        elif changed:
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    def fit(self, size: Size) -> None:
        """Take the size the view is laid out at before it is first drawn, and show the
        scrollbar in that layout if the rows overflow (see ``LinesView.fit``)."""
        if not self._width and self.groups:
            fit_rows(self, size, self._rows_at)

    def _rows_at(self, width: int) -> int:
        self._take_width(width)
        return self._height

    def _take_width(self, width: int) -> None:
        if width != self._width:
            for group in self.groups:
                group.strips = []
        self._width = width
        self._measure()

    def on_resize(self) -> None:
        """Wrap again for a new width."""
        width = self.scrollable_content_region.width
        if width > 0 and width != self._width:
            self._take_width(width)
            self.set_reactive(Widget.virtual_size, Size(width, self._height))
            self.refresh(layout=True)

    def notify_style_update(self) -> None:
        """Draw the rows again in a new theme or style (their colours are in the strips)."""
        super().notify_style_update()
        if self._look is not None and self._look != (self.app.theme, self.visual_style):
            self._look = None
            for group in self.groups:
                group.strips = [None] * len(group.strips)
            self.refresh()

    def render_line(self, y: int) -> Strip:
        """One visible row, its line drawn if it was not yet."""
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        style = self.visual_style
        if not self._width and width > 0 and self.groups:
            # laid out by a parent that did not give the size first (see ``fit``)
            self._take_width(width)
            self.set_reactive(Widget.virtual_size, Size(width, self._height))
            if self._height > self.scrollable_content_region.height:
                self.call_later(self.refresh, layout=True)
        look = (self.app.theme, style)
        if look != self._look:
            if self._look is not None:
                for group in self.groups:
                    group.strips = [None] * len(group.strips)
            self._look = look
        found = self._row(y + scroll_y)
        if found is None:
            return Strip.blank(width, style.rich_style)
        at, line, row = found
        group = self.groups[at]
        strips = group.strips[line]
        if strips is None:
            content = group.lines[line]
            rows = group.rows[line]
            if rows == 1 and group.widths[line] <= self._width:
                strips = [Strip(content.render_segments(style))]
            else:
                strips = Visual.to_strips(self, content, self._width, rows, style)
            group.strips[line] = strips
        strip = strips[row] if row < len(strips) else Strip.blank(0)
        return strip.crop_extend(scroll_x, scroll_x + width, style.rich_style)


def _same_row(a: _Row | None, b: _Row | None) -> bool:
    """True when two rows show the same: the very same strips, or the same line of the
    very same group not drawn yet."""
    if a is None or b is None:
        return a is b
    if a[1] != b[1]:
        return False
    shown, other = a[0], b[0]
    if shown is other:
        return True
    return (
        isinstance(shown, tuple)
        and isinstance(other, tuple)
        and shown[0] is other[0]
        and shown[1] == other[1]
    )
