"""The line views the panes draw with: a change of style alone repaints, lines alike in
text but not in style never share their look, and one changed line repaints alone."""

from __future__ import annotations

import itertools
from typing import Any
from unittest.mock import patch

from hypothesis import given
from hypothesis import strategies as st
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.drivers.headless_driver import HeadlessDriver
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from fatescreen.ui.lines import LinesView, TextBlock
from fatescreen.ui.text import reflow


class Lines(App[None]):
    def compose(self) -> ComposeResult:
        yield LinesView(id="lines")
        yield TextBlock(id="block")


def styles_of(view: LinesView, y: int) -> set[str]:
    """The styles a painted line shows (bold, italic...)."""
    strip = view.render_line(y)
    return {str(segment.style) for segment in strip if segment.text.strip()}


async def test_a_change_of_style_alone_is_shown() -> None:
    app = Lines()
    async with app.run_test() as pilot:
        view = app.query_one(LinesView)
        view.set_lines([Content.assemble(("Rozio", "bold"))])
        await pilot.pause()
        assert any("bold" in style for style in styles_of(view, 0))
        view.set_lines([Content.assemble(("Rozio", "italic"))])
        await pilot.pause()
        shown = styles_of(view, 0)
        assert any("italic" in style for style in shown)
        assert not any("bold" in style for style in shown)


async def test_lines_alike_in_text_keep_their_own_styles() -> None:
    app = Lines()
    async with app.run_test() as pilot:
        view = app.query_one(LinesView)
        view.set_lines(
            [Content.assemble(("failed", "bold")), Content.assemble(("failed", "italic"))]
        )
        await pilot.pause()
        assert any("bold" in style for style in styles_of(view, 0))
        assert any("italic" in style for style in styles_of(view, 1))
        assert not any("bold" in style for style in styles_of(view, 1))


async def test_one_changed_line_repaints_only_that_line() -> None:
    app = Lines()
    async with app.run_test() as pilot:
        view = app.query_one(LinesView)
        lines = [Content(f"line {number}") for number in range(10)]
        view.set_lines(lines)
        await pilot.pause()
        repainted: list[object] = []
        original = view.refresh

        def counting(*regions: object, **options: object) -> LinesView:
            repainted.append(regions)
            return original(*regions, **options)  # type: ignore[arg-type]

        view.refresh = counting  # type: ignore[method-assign]
        view.set_lines([*lines[:4], Content("line four, changed"), *lines[5:]])
        assert len(repainted) == 1
        [regions] = repainted
        assert [(region.y, region.height) for region in regions] == [(4, 1)]  # type: ignore[attr-defined]
        await pilot.pause()
        assert view.plain.split("\n")[4] == "line four, changed"


async def test_a_text_block_shows_a_change_of_style_alone() -> None:
    app = Lines()
    async with app.run_test() as pilot:
        block = app.query_one(TextBlock)
        block.set(Content.assemble(("1 Crypt", "bold")))
        await pilot.pause()
        assert block.visual is not None
        block.set(Content.assemble(("1 Crypt", "italic")))
        await pilot.pause()
        spans = block.visual.spans  # type: ignore[union-attr]
        assert [span.style for span in spans] == ["italic"]


class Narrow(App[None]):
    """A line view in a pane six rows tall that scrolls it, as the dashboard's panes do."""

    CSS = "VerticalScroll { width: 20; height: 6; }"

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield LinesView(id="lines")


async def test_wrapped_lines_are_measured_all_and_drawn_only_when_shown() -> None:
    """A long list of lines that wrap: the view is as tall as all their rows, but only
    the lines on screen are wrapped into strips, and a row scrolled to shows its part."""
    app = Narrow()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one(LinesView)
        pane = app.query_one(VerticalScroll)
        lines = [
            Content.assemble((f"hazard {n} ", "bold"), "burning rubble by the north gate")
            for n in range(300)
        ]
        drawn: list[object] = []
        original = Visual.to_strips

        def counting(widget: Widget, visual: Visual, *args: Any, **kwargs: Any) -> list[Strip]:
            if widget is view:
                drawn.append(visual)
            return original(widget, visual, *args, **kwargs)

        with patch.object(Visual, "to_strips", counting):
            view.set_lines(lines)
            await pilot.pause()
            width = view.scrollable_content_region.width
            wrapped = [piece.plain.rstrip() for line in lines for piece in line.wrap(width)]
            assert view.virtual_size.height == len(wrapped) > 600
            assert 0 < len(drawn) <= 6
            assert [view.render_line(y).text.rstrip() for y in range(3)] == wrapped[:3]
            pane.scroll_end(animate=False)
            await pilot.pause()
            assert view.render_line(len(wrapped) - 1).text.rstrip() == wrapped[-1]
            assert len(drawn) <= 12


class Written(HeadlessDriver):
    """A headless driver that renders and keeps each write, as a terminal would get it."""

    writes: list[str] = []

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        Written.writes.append(data)

    def flush(self) -> None:
        pass


class FilledOnMount(App[None]):
    """A line view as tall as its pane allows (not as its lines), filled before it has a
    size, as the turn order and the aspects are when the dashboard starts."""

    CSS = "LinesView { height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield LinesView(id="lines")

    def on_mount(self) -> None:
        self.query_one(LinesView).set_lines([Content("Aino the Bold"), Content("Bertil")])

    def on_ready(self) -> None:
        self.set_timer(0.3, self.exit)


def test_lines_set_before_the_first_layout_are_in_the_first_frame() -> None:
    """The first frame drawn shows the lines: the view does not wait for its resize event
    (which comes after that frame) to take them."""
    Written.writes = []
    app = FilledOnMount()
    app.driver_class = Written
    app.run(size=(30, 6))
    frames = [data for data in Written.writes if "\x1b[" in data and "H" in data]
    assert frames
    assert "Aino the Bold" in frames[0]
    assert "Bertil" in frames[0]


class ShortLines(App[None]):
    CSS = "LinesView { height: 5; }"

    def compose(self) -> ComposeResult:
        yield LinesView(id="lines")


async def test_the_scrollbar_repaints_only_when_its_thumb_changes() -> None:
    """A line more in a long list leaves the thumb as it was: the bar learns the new
    length without a repaint (which would widen the frame to the whole bar); ten lines
    in a view of five give a thumb half the bar, which is repainted."""
    app = ShortLines()
    async with app.run_test() as pilot:
        view = app.query_one(LinesView)
        lines = [Content(f"line {number}") for number in range(400)]
        view.set_lines(lines)
        await pilot.pause()
        bar = view.vertical_scrollbar
        assert bar.window_virtual_size == 400
        repainted: list[object] = []
        original = bar.refresh

        def counting(*regions: object, **options: object) -> object:
            repainted.append(regions)
            return original(*regions, **options)  # type: ignore[arg-type]

        bar.refresh = counting  # type: ignore[method-assign,assignment]
        view.set_lines([*lines, Content("line 400")])
        assert (bar.window_virtual_size, bar.window_size) == (401, 5)
        assert repainted == []
        view.set_lines(lines[:10])
        assert bar.window_virtual_size == 10
        assert repainted != []


async def test_a_log_trimmed_by_whole_entries_keeps_what_it_drew() -> None:
    """Entries prepended and the oldest dropped whole (as the log does) keep the strips
    already drawn for the lines that stay; a trim inside an entry draws the lines again.
    Either way the view shows the newest lines first and nothing dropped."""
    app = ShortLines()
    async with app.run_test() as pilot:
        view = app.query_one(LinesView)
        entries: list[list[Content]] = []
        for number in range(8):
            entry = [Content(f"› entry {number}"), Content(f"  result {number}")]
            entries.insert(0, entry)
            view.prepend(entry, 2 * 5)  # five entries
        await pilot.pause()
        expected = [line.plain for entry in entries[:5] for line in entry]
        assert view.plain.split("\n") == expected
        assert "› entry 7" in view.render_line(0).text
        asked: list[int] = []
        original = view._strips_for

        def counting(lines: list[Content], width: int, **options: bool) -> list[Strip]:
            asked.append(len(lines))
            return original(lines, width, **options)

        view._strips_for = counting  # type: ignore[method-assign]
        view.prepend([Content("› entry 8"), Content("  result 8")])
        view.trim(10)  # the oldest entry dropped whole
        assert asked == [2]  # the new entry's lines alone
        view.trim(3)  # inside an entry: drawn again
        assert asked == [2, 3]
        await pilot.pause()
        assert view.plain.split("\n") == ["› entry 8", "  result 8", "› entry 7"]
        assert "› entry 7" in view.render_line(2).text


class LogLines(App[None]):
    CSS = "LinesView { height: 5; scrollbar-gutter: stable; }"  # as the log's

    def compose(self) -> ComposeResult:
        yield LinesView(id="lines")


async def test_a_wrapped_line_prepended_is_wrapped_once() -> None:
    """A log entry's long line, shown at once at the top, is wrapped as it is added and
    never measured apart: its rows show as the same lines set at once show them."""
    app = LogLines()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one(LinesView)
        view.set_lines([Content("› first"), *(Content(f"  result {n}") for n in range(6))])
        await pilot.pause()  # taller than the view: the scrollbar shows
        long = Content("  still to act: " + ", ".join(f"name {n}" for n in range(12)))
        measured: list[object] = []
        original = Content.get_height

        def counting(content: Content, *args: Any, **kwargs: Any) -> int:
            measured.append(content)
            return original(content, *args, **kwargs)

        with patch.object(Content, "get_height", counting):
            view.prepend([Content("› next"), long])
        assert long not in measured
        await pilot.pause()
        rows = view.virtual_size.height
        assert rows > 10  # the long line takes two rows or more
        shown = [view.render_line(y).text for y in range(rows)]
        assert shown[0].startswith("› next") and shown[-7].startswith("› first")
        # as the same lines set at once show them (measured, and wrapped when shown)
        lines = list(view.lines)
        view.set_lines([])
        view.set_lines(lines)
        await pilot.pause()
        assert [view.render_line(y).text for y in range(rows)] == shown


async def test_lines_replaced_in_place_are_drawn_alone() -> None:
    """A group of a long list replaced in place (the aspects pane after a command) shows
    as the whole list set again would, and only the new lines are drawn."""
    app = ShortLines()
    async with app.run_test() as pilot:
        view = app.query_one(LinesView)
        lines = [Content(f"line {number}") for number in range(100)]
        view.set_lines(lines)
        await pilot.pause()
        asked: list[int] = []
        original = view._strips_for

        def counting(drawn: list[Content], width: int) -> list[Strip]:
            asked.append(len(drawn))
            return original(drawn, width)

        view._strips_for = counting  # type: ignore[method-assign]
        group = [Content("group"), Content("  one"), Content("  two")]
        view.replace_lines(1, 3, group)
        assert asked == [3]
        expected = [lines[0], *group, *lines[3:]]
        assert view.plain == "\n".join(line.plain for line in expected)
        view.replace_lines(1, 4, [Content("group"), Content("  one")])  # a line fewer
        assert asked == [3, 2]
        assert view.plain.split("\n")[:4] == ["line 0", "group", "  one", "line 3"]
        assert len(view.plain.split("\n")) == 100
        await pilot.pause()
        assert [view.render_line(y).text.strip() for y in range(4)] == [
            "line 0",
            "group",
            "one",
            "line 3",
        ]


@given(st.text(alphabet=st.sampled_from("ab .:-1\n\n"), max_size=60))
def test_reflowed_notes_keep_every_word_in_order(text: str) -> None:
    """Reflowing only moves line breaks: the words (and list markers) are the GM's, in order,
    and no line is blank at either end or twice in a row."""
    lines = reflow(text)
    assert " ".join(lines).split() == text.split()
    assert not lines or (lines[0] and lines[-1])
    assert all(a or b for a, b in itertools.pairwise(lines))


async def test_a_line_shown_again_is_not_drawn_again() -> None:
    """A name in the turn order back to how it was an exchange ago shows the strip it was
    drawn in then; a line never shown before is drawn, in its own style."""
    app = Lines()
    async with app.run_test() as pilot:
        view = app.query_one(LinesView)

        def turn(up: int) -> list[Content]:
            return [
                Content.assemble(("▶ " if n == up else "· ", "bold"), f"name {n}") for n in range(4)
            ]

        view.set_lines(turn(0))
        await pilot.pause()
        drawn_up = view.render_line(0)
        view.set_lines(turn(1))
        await pilot.pause()
        assert view.render_line(0).text.strip() == "· name 0"
        drawn: list[Content] = []
        original = Content.render_segments

        def counting(line: Content, *args: Any, **kwargs: Any) -> Any:
            drawn.append(line)
            return original(line, *args, **kwargs)

        with patch.object(Content, "render_segments", counting):
            view.set_lines(turn(0))
            await pilot.pause()
            assert view.render_line(0) is drawn_up
            assert drawn == []
            view.set_lines([Content.assemble(("▶ ", "italic"), "name 0")])
            await pilot.pause()
            assert [line.plain for line in drawn] == ["▶ name 0"]
            assert any("italic" in style for style in styles_of(view, 0))
