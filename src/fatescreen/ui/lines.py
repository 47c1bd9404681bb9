"""A scrolling view of lines drawn with Textual's line API: changing its lines repaints only
this widget and never makes the screen lay itself out again."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from math import ceil
from operator import is_not

from rich.segment import Segment
from rich.style import Style
from textual.content import Content, Span
from textual.geometry import Offset, Region, Size
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Static

from fatescreen.ui.kept import KeptLines

LineKey = tuple[str, tuple[Span, ...]]


def line_key(line: Content) -> LineKey:
    """What a line shows: its text and its styles (Content's own equality and hash look
    at the text alone)."""
    return (line.plain, tuple(line.spans))


def same_lines(old: Sequence[Content], new: Sequence[Content]) -> bool:
    """True when two lists of lines show exactly the same, styles included."""
    return len(old) == len(new) and all(
        a is b or line_key(a) == line_key(b) for a, b in zip(old, new, strict=True)
    )


def changed_span(old: Sequence[Content], new: Sequence[Content]) -> tuple[int, int, int] | None:
    """The run of lines that are other objects in ``new`` than in ``old``: where it
    starts, and where it ends in ``old`` and in ``new``; None when every line is the very
    same object. Found at C speed (a long list in which a command changed one line)."""
    shorter = min(len(old), len(new))
    start = next(compress(range(shorter), map(is_not, old, new)), shorter)
    if start == shorter and len(old) == len(new):
        return None
    room = shorter - start
    tail = next(compress(range(room), map(is_not, reversed(old), reversed(new))), room)
    return start, len(old) - tail, len(new) - tail


def _bar_picture(bar: ScrollBar, virtual: int, window: int) -> tuple[Segment, ...]:
    """What a vertical scrollbar shows for a virtual and a window height (as
    ``ScrollBar.render`` asks its renderer for it, in one colour: the thumb's place and
    size are what differ)."""
    renderer = bar.renderer
    size, thickness, position = bar.size.height, bar.thickness, bar.position
    window = window if window < virtual else 0
    key = (renderer, size, virtual, window, position, thickness)
    picture = _pictures.get(key)
    if picture is None:
        segments = renderer.render_bar(
            size=size,
            virtual_size=ceil(virtual),
            window_size=ceil(window),
            position=position,
            thickness=thickness,
            vertical=True,
        )
        picture = tuple(segments.segments)
        if len(_pictures) >= 256:
            _pictures.clear()
        _pictures[key] = picture
    return picture


_pictures: dict[tuple[object, ...], tuple[Segment, ...]] = {}


def resize_scrollbar(bar: ScrollBar, virtual: int, window: int) -> None:
    """Tell a vertical scrollbar a new virtual and window height, repainting it only when
    its thumb moves or changes size: a line more in a long list mostly leaves the thumb
    as it was, and a repaint of the bar alone widens the frame to the whole bar (the
    compositor redraws everything between a frame's changed regions)."""
    old_virtual, old_window = bar.window_virtual_size, bar.window_size
    if (old_virtual, old_window) == (virtual, window):
        return
    if bar.size.height > 0 and _bar_picture(bar, old_virtual, old_window) == _bar_picture(
        bar, virtual, window
    ):
        bar.set_reactive(ScrollBar.window_virtual_size, virtual)
        bar.set_reactive(ScrollBar.window_size, window)
        return
    bar.window_virtual_size = virtual
    bar.window_size = window


def show_scrollbar(widget: Widget) -> None:
    """Show a widget's vertical scrollbar in the layout under way (Textual decides a
    scrollbar once a layout has measured what overflows, and shows it a layout, and a
    frame, later): set quietly, as that layout places it."""
    widget.set_reactive(Widget.show_vertical_scrollbar, True)
    widget.vertical_scrollbar.display = True


def fit_rows(view: Widget, size: Size, take_width: Callable[[int], int]) -> None:
    """Give a view that draws its own lines the size it is laid out at (border and
    padding included) before it is first drawn: ``take_width`` wraps its lines to a
    width and says how many rows they take; the view's scrollbar shows in this layout
    when they overflow, and they are wrapped for the width beside it."""
    styles = view.styles
    height = size.height - styles.gutter.height
    width = size.width - styles.gutter.width
    bar = styles.scrollbar_size_vertical
    stable = styles.scrollbar_gutter == "stable"
    if height <= 0 or width - bar <= 0:
        return
    if stable:
        width -= bar
    rows = take_width(width)
    overflows = rows > height
    if overflows and not stable:
        width -= bar
        rows = take_width(width)
    view.set_reactive(Widget.virtual_size, Size(width, rows))
    if overflows and bar:
        show_scrollbar(view)


RECENT = 256
"""Lines kept a while after they are no longer shown (see ``LinesView._recent``)."""


class LinesView(ScrollView, KeptLines):
    """Shows a list of :class:`Content` lines, wrapped to the width, scrolling if needed.

    ``set_lines`` does nothing when the lines are equal; ``prepend`` adds lines at the top
    without re-rendering the rest (the log).
    """

    ALLOW_SELECT = False
    """Lines are cached and reused at other rows (see ``_strips_for``), so Textual's
    selection, which reads each character's row from its strip, would pick wrong rows;
    the terminal's own selection (Shift and drag in most terminals) still works."""

    DEFAULT_CSS = """
    LinesView {
        height: auto;
        overflow-x: hidden;
        overflow-y: auto;
    }
    """

    def __init__(
        self, *, wrap: bool = True, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.wrap = wrap
        self.lines: list[Content] = []
        self._blocks: list[list[Strip]] = []
        """The strips of each block of lines: the lines at first, then one block for each
        :meth:`prepend`."""
        self._block_lines: list[int] = []
        """How many lines each block holds."""
        self._counts: tuple[list[int], list[Strip]] | None = None
        """How many strips each line has, and the strips they were counted in."""
        self._strips: list[Strip] = []
        self._width = 0
        self._sizes: tuple[Size, Size, Size] | None = None
        self._painted: list[Strip] = []
        """The strips last asked to be painted."""
        self._caches: dict[int, dict[LineKey, list[Strip]]] = {}
        """Each line's strips by width, for the last two widths (a layout may try the width
        with and without a scrollbar in turn)."""
        self._by_line: dict[int, tuple[Content, LineKey, list[Strip]]] = {}
        self._by_line_width = 0
        self._look: tuple[str, object] | None = None
        """The theme and style the cached strips were drawn in."""
        self._recent: dict[LineKey, list[Strip]] = {}
        """Strips of lines shown before and no longer, at ``_recent_width``: a line that
        comes back (a name in the turn order back to how it was an exchange ago) is not
        drawn again."""
        self._recent_width = 0
        self._drawing: tuple[Offset, int, Style] | None = None
        """The scrolling, the width and the style of the lines being drawn (see
        :meth:`render_lines`)."""

    @property
    def plain(self) -> str:
        """The text shown, without styles (for tests and screen readers)."""
        return "\n".join(line.plain for line in self.lines)

    def set_lines(self, lines: Sequence[Content]) -> None:
        """Show these lines (repainting only if they differ).

        The panes keep the line objects of what did not change (see ``aspect_line``):
        the lines before and after the run of other objects are neither compared nor
        looked up again, and the run alone is drawn (see :meth:`replace_lines`).
        """
        new = list(lines)
        old = self.lines
        span = changed_span(old, new)
        if span is None:
            return
        start, old_stop, new_stop = span
        run = new[start:new_stop]
        if same_lines(old[start:old_stop], run):
            return
        if self._off_screen():
            # not on the screen (a pane behind another tab): drawn whole, at the width it
            # has, when it is shown again (strips made now would be made at no width)
            self.lines = new
            self._unfill()
            return
        if self._line_counts() is not None:
            self._replace(start, old_stop, run)
            return
        self.lines = new
        self._blocks, self._block_lines = [], []
        self._rebuild()

    def replace_lines(self, start: int, stop: int, lines: Sequence[Content]) -> None:
        """Show ``lines`` in place of the lines from ``start`` to ``stop``, as
        :meth:`set_lines` with the whole list would, drawing the new lines alone (a
        group of a long list changed: the rest is neither compared nor looked up)."""
        new = list(lines)
        if same_lines(self.lines[start:stop], new):
            return
        if self._off_screen():  # not on the screen: drawn whole when shown (see set_lines)
            self.lines = [*self.lines[:start], *new, *self.lines[stop:]]
            self._unfill()
            return
        if self._line_counts() is None:  # not drawn as one list at one width yet: draw it all
            self.lines = [*self.lines[:start], *new, *self.lines[stop:]]
            self._blocks, self._block_lines = [], []
            self._rebuild()
            return
        self._replace(start, stop, new)

    def _replace(self, start: int, stop: int, new: list[Content]) -> None:
        """Draw ``new`` in place of the lines from ``start`` to ``stop`` (the lines are
        drawn as one block at the view's width: see :meth:`_line_counts`)."""
        counts = self._line_counts()
        assert counts is not None
        old = self.lines[start:stop]
        strips = self._strips_for(new, self._width)  # kept with what is cached
        by_line = self._by_line
        new_counts = [len(by_line[id(line)][2]) for line in new]
        begin = sum(counts[:start])
        end = begin + sum(counts[start:stop])
        self.lines = [*self.lines[:start], *new, *self.lines[stop:]]
        self._strips = [*self._strips[:begin], *strips, *self._strips[end:]]
        self._blocks, self._block_lines = [self._strips], [len(self.lines)]
        self._counts = ([*counts[:start], *new_counts, *counts[stop:]], self._strips)
        # forget the lines replaced (those kept in the new lines stay), keeping their
        # strips a while (a name in the turn order back to how it was an exchange ago)
        kept = {id(line) for line in new}
        keys = {by_line[id(line)][1] for line in new}
        cache = self._caches.get(self._width, {})
        recent = self._recent
        for line in old:
            if id(line) in kept:
                continue
            known = by_line.pop(id(line), None)
            if known is not None and known[0] is line and known[1] not in keys:
                dropped = cache.pop(known[1], None)
                if dropped is not None and self._recent_width == self._width:
                    recent.pop(known[1], None)
                    recent[known[1]] = dropped
        while len(recent) > RECENT:
            del recent[next(iter(recent))]
        self._resize()

    def _line_counts(self) -> list[int] | None:
        """How many strips each line has, or None when the lines are not drawn as one
        block at the view's width."""
        if not (
            self._width
            and self._by_line_width == self._width
            and len(self._blocks) == 1
            and self._blocks[0] is self._strips
        ):
            return None
        if self._counts is not None and self._counts[1] is self._strips:
            return self._counts[0]
        counts = []
        for line in self.lines:
            known = self._by_line.get(id(line))
            if known is None or known[0] is not line:
                return None
            counts.append(len(known[2]))
        if sum(counts) != len(self._strips):
            return None
        self._counts = (counts, self._strips)
        return counts

    def prepend(self, lines: Sequence[Content], keep: int | None = None) -> None:
        """Add lines at the top, keeping what is already rendered below them, and then
        keep only the first ``keep`` lines if given (see :meth:`trim`)."""
        block = list(lines)
        self.lines[:0] = block
        if self._off_screen():
            # not on the screen: drawn whole when shown (see set_lines)
            if keep is not None:
                self.lines = self.lines[:keep]
            self._unfill()
            return
        if self._blocks and self._width:
            # shown at once at the top: a line that wraps is wrapped now, not measured
            # first and wrapped again when drawn
            strips = self._strips_for(block, self._width, wrap_now=True)
            self._blocks.insert(0, strips)
            self._block_lines.insert(0, len(block))
            below = len(self._strips)
            if keep is not None and len(self.lines) > keep:
                if not self._drop_blocks(keep):
                    self.lines = self.lines[:keep]
                    self._blocks, self._block_lines = [], []
                    self._rebuild()
                    return
                below = sum(map(len, self._blocks[1:]))
            # the strips below are those shown before, joined as a copy (the painted list
            # is compared with the new one)
            self._strips = strips + self._strips[:below]
            self._resize()
        else:
            if keep is not None:
                self.lines = self.lines[:keep]
            self._blocks, self._block_lines = [], []
            self._rebuild()

    def trim(self, keep: int) -> None:
        """Keep only the first ``keep`` lines: whole blocks dropped from the end when
        ``keep`` ends a block (the log drops its oldest entries), else drawn again."""
        if len(self.lines) <= keep:
            return
        if not self._drop_blocks(keep):
            self.lines = self.lines[:keep]
            self._blocks, self._block_lines = [], []
            self._rebuild()
            return
        self._strips = [strip for rendered in self._blocks for strip in rendered]
        self._resize()

    def _drop_blocks(self, keep: int) -> bool:
        """Drop the lines after the first ``keep`` when they are whole blocks, forgetting
        them; False (and nothing dropped) when ``keep`` ends inside a block."""
        kept, total = 0, 0
        while kept < len(self._block_lines) and total < keep:
            total += self._block_lines[kept]
            kept += 1
        if total != keep or not self._width or len(self._blocks) != len(self._block_lines):
            return False
        dropped = self.lines[keep:]
        self.lines = self.lines[:keep]
        self._blocks, self._block_lines = self._blocks[:kept], self._block_lines[:kept]
        # forget the dropped lines (a kept line alike in text is looked up again if asked)
        cache = self._caches.get(self._width, {})
        for line in dropped:
            known = self._by_line.pop(id(line), None)
            if known is not None and known[0] is line:
                cache.pop(known[1], None)
        return True

    def _strips_for(
        self, lines: list[Content], width: int, *, wrap_now: bool = False
    ) -> list[Strip]:
        """Each line's strips, reusing those of lines already rendered at this width (a
        hand-off in a long turn order changes two lines, not all of them); a new line
        that wraps is wrapped now with ``wrap_now`` (lines about to be shown), else
        measured now and wrapped when first shown."""
        style = self.visual_style
        look = (self.app.theme, style)
        if look != self._look:
            # another theme or style: every line's colours differ
            self._caches, self._by_line, self._look = {}, {}, look
            self._recent = {}
        if width != self._recent_width:
            self._recent, self._recent_width = {}, width
        recent = self._recent
        cache = self._caches.get(width, {})
        by_line = self._by_line if self._by_line_width == width else {}
        fresh: dict[LineKey, list[Strip]] = {}
        seen: dict[int, tuple[Content, LineKey, list[Strip]]] = {}
        out: list[Strip] = []
        for line in lines:
            # the very same line object as before (the panes keep theirs): no need to ask
            # what it shows
            known = by_line.get(id(line))
            if known is not None and known[0] is line:
                key, strips = known[1], known[2]
            else:
                key = line_key(line)
                found = fresh.get(key) or cache.get(key) or recent.get(key)
                if found is None:
                    # drawn when first shown, so a long list draws a screenful of its
                    # lines: a line that wraps is measured now (as Textual measures it)
                    # and wrapped only when one of its rows is shown
                    found = []
                    if not (self.wrap and (line.cell_length > width or "\n" in line.plain)):
                        found.append(_Undrawn(line, found))
                    elif wrap_now:
                        found += Visual.to_strips(self, line, width, None, style)
                    else:
                        rows = line.get_height(self.styles, width)  # type: ignore[arg-type]
                        found += (_Undrawn(line, found, row, width) for row in range(rows))
                strips = found
            fresh[key] = strips
            seen[id(line)] = (line, key, strips)
            out += strips
        if self._blocks:
            # prepended blocks keep their own lines: keep them cached as well (added to
            # what is kept, not copied: a long log would be copied for every entry)
            cache.update(fresh)
            by_line.update(seen)
            fresh, seen = cache, by_line
        elif len(cache) <= RECENT:
            # the lines no longer shown are kept a while (a short list: a long one keeps
            # nearly all of its lines from one change to the next)
            for key in cache.keys() - fresh.keys():
                recent.pop(key, None)
                recent[key] = cache[key]
            while len(recent) > RECENT:
                del recent[next(iter(recent))]
        others = {w: c for w, c in self._caches.items() if w != width}
        self._caches = {**dict(list(others.items())[-1:]), width: fresh}
        self._by_line, self._by_line_width = seen, width
        return out

    def _rebuild(self) -> None:
        width = self._content_width()
        if width <= 0:
            self._strips = []
            self.refresh()
            return
        self._width = width
        self._blocks = [self._strips_for(self.lines, width)]
        self._block_lines = [len(self.lines)]
        self._strips = self._blocks[0]
        self._resize()

    def _content_width(self) -> int:
        return self.scrollable_content_region.width or self.size.width

    def _resize(self) -> None:
        # wrapped lines are as wide as the view at most (and it hides what overflows)
        widest = 0 if self.wrap else max((strip.cell_length for strip in self._strips), default=0)
        size = Size(max(widest, self._width), len(self._strips))
        auto = self.styles.height is not None and self.styles.height.is_auto
        if size != self.virtual_size:
            self.set_reactive(Widget.virtual_size, size)
            overflows = size.height > self.scrollable_content_region.height
            if auto or overflows != self.show_vertical_scrollbar:
                # the screen (sized to its lines) or a scrollbar must make room; asked
                # for after this call, which may run while the screen is being laid out
                # (a parent's resize), which drops a request made from inside it
                self.call_later(self.refresh, layout=True)
                if auto:
                    self._painted = self._strips
                    return
            elif overflows:
                # a scrollbar that stays: tell it the new length, and lay nothing out
                resize_scrollbar(
                    self.vertical_scrollbar,
                    size.height,
                    self.scrollable_content_region.height,
                )
        self._repaint_changed()

    def _repaint_changed(self) -> None:
        """Repaint only the visible lines whose strips changed, and when the number of
        lines changed, every visible line from the first that differs down.

        Unchanged lines keep the very strips they had (see ``_strips_for``), so a changed
        line is one whose strip is another object. Textual repaints everything between
        the regions a frame repaints, so a one-line change must not dirty the whole view.
        """
        old, new = self._painted, self._strips
        self._painted = new
        top = self.scroll_offset.y
        region = self.scrollable_content_region
        bottom = top + region.height
        # compared at C speed, and no further than the view shows (a long list)
        if len(old) != len(new):
            shorter = min(len(old), len(new))
            end = min(shorter, bottom)
            first = next(compress(range(end), map(is_not, old[:end], new[:end])), shorter)
            if first < bottom:
                start = max(first, top)
                self.refresh(Region(0, start - top, region.width, bottom - start))
            return
        low, high = max(top, 0), min(bottom, len(new))
        changed = compress(range(low, high), map(is_not, old[low:high], new[low:high]))
        regions = [Region(0, index - top, region.width, 1) for index in changed]
        if regions:
            self.refresh(*regions)

    def notify_style_update(self) -> None:
        """Draw the lines again in a new theme or style (their colours are in the strips)."""
        super().notify_style_update()
        if (
            self.lines
            and self._look is not None
            and self._look != (self.app.theme, self.visual_style)
        ):
            self.call_later(self._restyle)

    def _restyle(self) -> None:
        self._blocks, self._block_lines = [], []
        self._rebuild()

    def on_resize(self) -> None:
        """Wrap again for a new width."""
        if self._content_width() != self._width:
            self._blocks, self._block_lines = [], []
            self._rebuild()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As tall as the lines (``height: auto``)."""
        if width != self._width and width > 0:
            self._width = width
            self._blocks = [self._strips_for(self.lines, width)]
            self._block_lines = [len(self.lines)]
            self._strips = self._blocks[0]
            # Set quietly: this runs inside a layout, and asking for another layout from
            # here makes one that tries two widths in turn go on forever.
            self.set_reactive(Widget.virtual_size, Size(width, len(self._strips)))
        return len(self._strips)

    def _off_screen(self) -> bool:
        """Drawn before, and now on no part of the screen (its pane behind another tab):
        a view merely as tall as no lines yet is on the screen."""
        return bool(self._width) and not self.region.width

    def _unfill(self) -> None:
        """Forget the strips: the lines are wrapped again at the first frame that shows
        the view (see :meth:`_first_fill`)."""
        self._width = 0
        self._blocks, self._block_lines = [], []
        self._strips = self._painted = []
        self.refresh()

    def _fill(self, width: int) -> None:
        """Take ``width`` and the strips of every line at it (drawn when shown)."""
        self._width = width
        self._blocks = [self._strips_for(self.lines, width)]
        self._block_lines = [len(self.lines)]
        self._strips = self._painted = self._blocks[0]

    def fit(self, size: Size) -> None:
        """Take the size the view is laid out at, before it is first drawn: its lines
        are wrapped to the width it will have, and its scrollbar shows in that very
        layout when they overflow (see :func:`fit_rows`). Called by the pane that lays
        the view out (``Pane.arrange``)."""
        styles = self.styles
        if self._width or not self.lines or styles.overflow_y != "auto":
            return
        if styles.height is not None and styles.height.is_auto:
            return  # as tall as its lines: never overflows
        fit_rows(self, size, self._rows_at)

    def _rows_at(self, width: int) -> int:
        self._fill(width)
        return len(self._strips)

    def _first_fill(self, width: int) -> None:
        """Take the lines set before the view had a size, in the first frame that shows
        it (a view sized by its pane, not by its lines, gets its width in a layout that
        never asks for its lines, and its resize event comes after that frame).

        Runs while the frame is drawn: the strips and the length are set quietly, and a
        scrollbar that must now make room is asked for after."""
        self._fill(width)
        widest = max((strip.cell_length for strip in self._strips), default=0)
        size = Size(max(widest, width), len(self._strips))
        if size != self.virtual_size:
            self.set_reactive(Widget.virtual_size, size)
            overflows = size.height > self.scrollable_content_region.height
            if overflows != self.show_vertical_scrollbar:
                self.call_later(self.refresh, layout=True)

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines for ``crop``, the scrolling, the width and the style they are drawn
        at worked out once for all of them (see :meth:`render_line`)."""
        self._drawing = None
        try:
            return super().render_lines(crop)
        finally:
            self._drawing = None

    def render_line(self, y: int) -> Strip:
        """One visible line."""
        drawing = self._drawing
        if drawing is None:
            # the same for every line drawn at once: asked of Textual once (the region
            # alone walks the widget's styles and scrollbars)
            width = self.scrollable_content_region.width
            if not self._width and width > 0 and self.lines:
                self._first_fill(width)
            drawing = self._drawing = (self.scroll_offset, width, self.visual_style.rich_style)
        (scroll_x, scroll_y), width, style = drawing
        index = y + scroll_y
        if index >= len(self._strips):
            return Strip.blank(width, style)
        strip = self._strips[index]
        if isinstance(strip, _Undrawn):
            strip = strip.draw(self)
            self._strips[index] = strip
        return strip.crop_extend(scroll_x, scroll_x + width, style)


class _Undrawn(Strip):
    """A row not drawn yet, drawn the first time it is shown, and then the strip of that
    row wherever it is cached.

    A line that fits is one row, as wide as the line. A line that wraps is as many rows as
    it measured, sharing one holder: the first of them shown wraps the whole line into the
    holder (each row as wide as the width it was measured at, at most).
    """

    def __init__(self, line: Content, holder: list[Strip], row: int = 0, width: int = 0) -> None:
        super().__init__([], min(line.cell_length, width) if width else line.cell_length)
        self.line = line
        self.holder = holder
        self.row = row
        self.width = width
        """The width the line wraps to (0: a line that fits, drawn as it is)."""

    def draw(self, view: Widget) -> Strip:
        """The row's strip (put in place of the placeholders in the cache that holds them;
        a line shown twice shares its holder, so it may be drawn already)."""
        holder = self.holder
        if holder[self.row] is not self:
            return holder[self.row]
        style = view.visual_style
        if not self.width:
            holder[0] = Strip(self.line.render_segments(style))
            return holder[0]
        strips = Visual.to_strips(view, self.line, self.width, len(holder), style)
        blank = Strip.blank(0)
        for row in range(len(holder)):
            if isinstance(holder[row], _Undrawn):
                holder[row] = strips[row] if row < len(strips) else blank
        return holder[self.row]


class TextBlock(Static, KeptLines):
    """Static text that asks for a screen layout only when its size changes.

    ``Static.update`` lays the whole screen out on every change; most changes on the
    dashboard (a box checked, a point spent) keep the widget's size, and then a repaint
    of this widget is enough. A block as wide as its container changes size only when
    its wrapped height does; one sized to its text, when any line's length does.
    """

    def __init__(
        self, content: Content | str = "", *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(content, id=id, classes=classes)
        self._shape: tuple[int, ...] | None = None
        self._shown: Content | str | None = None

    def set(self, content: Content | str) -> None:
        """Show ``content``, repainting only if it differs (in text or in style)."""
        shown = self._shown
        if isinstance(content, Content) and isinstance(shown, Content):
            if content is shown or line_key(content) == line_key(shown):
                return
        elif content == shown and type(content) is type(shown):
            return
        text = content if isinstance(content, Content) else Content(content)
        shape = self._shape_of(text)
        self._shown = content
        self.update(content, layout=shape != self._shape)
        self._shape = shape

    def _shape_of(self, text: Content) -> tuple[int, ...]:
        width = self.styles.width
        content_width = self.content_size.width
        if (width is not None and width.is_auto) or content_width <= 0:
            return tuple(line.cell_length for line in text.split("\n"))
        # measured as Widget.get_content_height measures it
        height = text.get_height(self.styles, content_width)  # type: ignore[arg-type]
        return (-1, content_width, height)
