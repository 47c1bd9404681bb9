"""The zones map: zones drawn as boxes on a grid, linked by lines that show barriers and blocks."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from textual.content import Content
from textual.widget import Widget

from fatescreen.rules.character import CharacterKind
from fatescreen.rules.ladder import signed
from fatescreen.rules.obstacles import Block, Distraction, Hazard
from fatescreen.scene.model import Link, Scene
from fatescreen.ui.lines import LinesView
from fatescreen.ui.panes.base import Pane, touches
from fatescreen.ui.state import View
from fatescreen.ui.text import literal

BOX_WIDTH = 26
"""The widest a zone box gets."""
MIN_BOX_WIDTH = 20
"""The narrowest a zone box gets before the map uses fewer columns."""
GAP = 7
ROW_GAP = 2


class Canvas:
    """A grid of characters with a style per cell, turned into Content line by line."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        """Write text from (x, y), clipped to the canvas."""
        if not 0 <= y < self.height:
            return
        start, end = max(x, 0), min(x + len(text), self.width)
        if start < end:
            self.cells[y][start:end] = text[start - x : end - x]
            self.styles[y][start:end] = [style] * (end - start)

    def lines(self, known: dict[tuple[str, tuple[str, ...]], Content]) -> list[Content]:
        """The canvas as Content lines, trailing blanks trimmed, one span per run of a
        style. ``known`` holds the lines of an earlier drawing: a row drawn alike again
        (most of them, after a move) is that same line."""
        lines = []
        drawn: dict[tuple[str, tuple[str, ...]], Content] = {}
        for row, styles in zip(self.cells, self.styles, strict=True):
            text = "".join(row).rstrip(" ")
            key = (text, tuple(styles[: len(text)]))
            line = drawn.get(key) or known.get(key)
            if line is None:
                line = Content.assemble(
                    *(
                        ("".join(char for char, _ in run), style)
                        for style, run in groupby(zip(text, key[1], strict=True), itemgetter(1))
                    )
                )
            drawn[key] = line
            lines.append(line)
        known.clear()
        known.update(drawn)
        while lines and not lines[-1].plain:
            lines.pop()
        return lines


@dataclass(frozen=True)
class ZoneBox:
    """What one zone box shows."""

    zone_id: str
    title: str
    lines: tuple[tuple[str, str], ...]


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def zone_boxes(scene: Scene, view: View, width: int = BOX_WIDTH) -> list[ZoneBox]:
    """The content of every zone box ``width`` columns wide: zone aspects, who is there,
    obstacles in it."""
    inner = width - 4
    boxes = []
    for zone in scene.zones:
        lines: list[tuple[str, str]] = []
        for aspect in zone.aspects:
            invokes = f" ({len(aspect.free_invokes)})" if aspect.free_invokes else ""
            hidden = " [GM]" if aspect.hidden else ""
            lines.append(
                (_fit(literal(aspect.name) + invokes + hidden, inner), "italic $secondary")
            )
        people = []
        for character in scene.characters_in(zone.id):
            name = literal(character.shown_name)
            if character.kind is CharacterKind.MOOKS:
                name += f" ×{character.members}"
            if character.taken_out:
                name = "✝" + name
            elif character.minions or character.forms:
                name += " ◆"
            style = "bold" if character.kind is CharacterKind.PC else ""
            if character.taken_out:
                style = "strike $text-muted"
            people.append((name, style))
        for name, style in people:
            lines.append((_fit(name, inner), style))
        for obstacle in scene.obstacles:
            if obstacle.zone != zone.id:
                continue
            mark = (
                "⚠" if isinstance(obstacle, Hazard) else "▦" if isinstance(obstacle, Block) else "?"
            )
            lines.append((_fit(f"{mark} {literal(obstacle.name)}", inner), "$warning"))
        boxes.append(ZoneBox(zone.id, literal(zone.name), tuple(lines)))
    return boxes


def grid_order(scene: Scene) -> list[str]:
    """Zones in breadth-first order over the links, so neighbours sit side by side."""
    order: list[str] = []
    seen: set[str] = set()
    for start in scene.zones:
        if start.id in seen:
            continue
        queue = deque([start.id])
        seen.add(start.id)
        while queue:
            zone_id = queue.popleft()
            order.append(zone_id)
            for neighbour in scene.adjacent(zone_id):
                if neighbour not in seen:
                    seen.add(neighbour)
                    queue.append(neighbour)
    return order


def link_label(scene: Scene, link: Link) -> str:
    """A barrier's difficulty or a block's name for a connection."""
    if link.block is not None and link.block in scene.obstacle_index:
        block = scene.obstacle_index[link.block]
        rating = getattr(block, "rating", 0)
        return f"▦{signed(rating)}"
    if link.barrier is not None:
        return signed(link.barrier)
    return ""


def most_columns(width: int) -> int:
    """How many columns of the narrowest zone boxes fit ``width`` columns."""
    return max(1, (width + GAP) // (MIN_BOX_WIDTH + GAP))


def box_width(columns: int, width: int) -> int:
    """How wide zone boxes are when ``columns`` of them share ``width`` columns."""
    widest = (width + GAP) // max(columns, 1) - GAP
    return max(min(BOX_WIDTH, widest), min(MIN_BOX_WIDTH, width))


Cell = tuple[int, int]


def place_zones(scene: Scene, columns: int) -> dict[str, Cell]:
    """A grid cell (row, column) for every zone, linked zones side by side where possible.

    Zones are taken breadth first over the links; each goes next to a zone it is linked
    to (right, below, left, above), preferring the free cell that touches most of its
    linked zones already placed; a zone with no free cell beside its neighbours (or none
    placed yet) takes the first free cell in reading order.
    """
    taken: dict[Cell, str] = {}
    cells: dict[str, Cell] = {}
    first_free = 0  # no cell before this one (in reading order) is free
    for zone_id in grid_order(scene):
        linked = [cells[z] for z in scene.adjacent(zone_id) if z in cells]
        candidates: list[Cell] = []
        for row, column in linked:
            for cell in (
                (row, column + 1),
                (row + 1, column),
                (row, column - 1),
                (row - 1, column),
            ):
                if 0 <= cell[1] < columns and cell[0] >= 0 and cell not in taken:
                    candidates.append(cell)
        if candidates:
            cell = max(candidates, key=lambda cell: _touching(cell, linked))
        else:
            while divmod(first_free, columns) in taken:
                first_free += 1
            cell = divmod(first_free, columns)
        taken[cell] = zone_id
        cells[zone_id] = cell
    return cells


def _touching(cell: Cell, others: list[Cell]) -> int:
    """How many of ``others`` are right beside ``cell``."""
    return sum(abs(cell[0] - row) + abs(cell[1] - column) == 1 for row, column in others)


def draw_map(
    scene: Scene,
    view: View,
    width: int,
    known: dict[tuple[str, tuple[str, ...]], Content] | None = None,
) -> list[Content]:
    """Draw the zones map to fit ``width`` columns, line by line (``known``: the lines of
    an earlier drawing, reused where a row is drawn alike, and replaced by this one's)."""
    if not scene.zones:
        return [Content(view.tr("ui.no_zones"))]
    place = place_zones(scene, min(len(scene.zones), most_columns(width)))
    columns = max(column for _, column in place.values()) + 1
    wide = box_width(columns, width)
    boxes = {box.zone_id: box for box in zone_boxes(scene, view, wide)}
    taken = {cell: zone_id for zone_id, cell in place.items()}
    rows = max(row for row, _ in place.values()) + 1
    heights = [
        max((max(len(boxes[z].lines), 1) + 2 for (r, _), z in taken.items() if r == row), default=3)
        for row in range(rows)
    ]
    tops = [sum(heights[:row]) + ROW_GAP * row for row in range(rows)]
    step = wide + GAP
    canvas = Canvas(columns * step, sum(heights) + ROW_GAP * rows)
    for zone_id, (row, column) in place.items():
        x, y = column * step, tops[row]
        box = boxes[zone_id]
        height = heights[row]
        title = _fit(f" {box.title} ", wide - 4)
        canvas.put(x, y, "┌" + "─" * (wide - 2) + "┐", "$primary")
        canvas.put(x + 2, y, title, "bold $primary")
        for line in range(1, height - 1):
            canvas.put(x, y + line, "│", "$primary")
            canvas.put(x + wide - 1, y + line, "│", "$primary")
        canvas.put(x, y + height - 1, "└" + "─" * (wide - 2) + "┘", "$primary")
        for index, (text, style) in enumerate(box.lines):
            canvas.put(x + 2, y + 1 + index, text, style)
    far: list[Link] = []
    for link in scene.links:
        a, b = link.zones
        if a not in place or b not in place:
            continue
        (ra, ca), (rb, cb) = place[a], place[b]
        label = link_label(scene, link)
        style = "$warning bold" if label else "$primary"
        if ra == rb and all((ra, c) not in taken for c in range(min(ca, cb) + 1, max(ca, cb))):
            # side by side, or with only empty cells between: a line across
            x = min(ca, cb) * step + wide
            length = (abs(ca - cb) - 1) * step + GAP
            y = tops[ra] + 1
            canvas.put(x, y, ("═" if label else "─") * length, style)
            if label:
                canvas.put(x + (length - len(label)) // 2, y + 1, label, style)
        elif ca == cb and all((r, ca) not in taken for r in range(min(ra, rb) + 1, max(ra, rb))):
            # one above the other, or with only empty cells between: a line down
            top, bottom = min(ra, rb), max(ra, rb)
            x = ca * step + wide // 2
            for y in range(tops[top] + heights[top], tops[bottom]):
                canvas.put(x, y, "║" if label else "│", style)
            if label:
                canvas.put(x + 2, tops[top] + heights[top], label, style)
        else:
            far.append(link)
    lines = canvas.lines({} if known is None else known)
    if far:
        extra = []
        for link in far:
            a, b = (literal(scene.zone(z).name) for z in link.zones)
            label = link_label(scene, link)
            extra.append(
                Content.assemble(
                    ("  ↔ ", "$primary"),
                    f"{a} — {b}",
                    (f" {label}" if label else "", "$warning bold"),
                )
            )
        lines += extra
    return lines


class ZonesPane(Pane):
    """The zones map."""

    TITLE_KEY = "ui.zones"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.canvas = LinesView(wrap=False, id="zone-map")
        self._scene: Scene | None = None
        self._view: View | None = None
        self._width = 0
        self._rows = 0
        self._known: dict[tuple[str, tuple[str, ...]], Content] = {}

    def compose(self):  # type: ignore[no-untyped-def]
        yield self.canvas

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """Redraw when zones, who stands where, or obstacles change."""
        relevant = touches(changed, "zones", "obstacles", "character") or self._scene is None
        if self._scene is not None and not relevant:
            return
        if self._scene is not None and "all" not in changed and _same_map(self._scene, scene):
            self._scene = scene
            return
        self._scene, self._view = scene, view
        self._redraw()

    def _redraw(self) -> None:
        if self._scene is None or self._view is None or not self.size.width:
            return  # drawn once the pane knows its width (on_resize)
        self._width = self.size.width
        width = max(self._width - 2, MIN_BOX_WIDTH)
        drawn = draw_map(self._scene, self._view, width, self._known)
        self._fit(len(drawn))
        self.canvas.set_lines(drawn)

    def _fit(self, rows: int) -> None:
        """Mark the pane tall when the map has more rows than the pane may take: it then
        keeps its full height and the map scrolls inside it (see app.tcss)."""
        self._rows = rows
        limit = self.styles.max_height
        parent = self.parent
        if limit is None or not isinstance(parent, Widget):
            return
        room = int(limit.resolve(parent.size, self.app.size)) - self.styles.gutter.height
        self.set_class(rows > room, "-tall")

    def on_resize(self) -> None:
        """Lay the map out again for a new width; check its height against the room."""
        if self.size.width != self._width:
            self._redraw()
        else:
            self._fit(self._rows)


def _same_map(old: Scene, new: Scene) -> bool:
    """True when nothing the map shows differs (stress or fate points do not show)."""
    if old.zones is not new.zones and old.zones != new.zones:
        return False
    if old.links != new.links or old.obstacles != new.obstacles:
        return False
    if len(old.characters) != len(new.characters):
        return False
    return all(
        a is b
        or (a.zone, a.shown_name, a.taken_out, a.members, a.kind)
        == (b.zone, b.shown_name, b.taken_out, b.members, b.kind)
        for a, b in zip(old.characters, new.characters, strict=True)
    )


__all__ = ["Distraction", "ZonesPane", "draw_map"]
