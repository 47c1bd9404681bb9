"""The zones map: zones drawn as boxes on a grid, linked by lines that show barriers and blocks."""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import accumulate, compress, groupby
from operator import is_, is_not, itemgetter
from typing import overload

from rich.cells import cell_len, get_character_cell_size, set_cell_size
from textual.content import Content
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.ladder import signed
from fatescreen.rules.obstacles import Block, Distraction, Hazard
from fatescreen.scene.model import Link, Obstacle, Scene, Zone
from fatescreen.ui.kept import KeptLines
from fatescreen.ui.lines import resize_scrollbar, show_scrollbar
from fatescreen.ui.panes.base import Pane, touches
from fatescreen.ui.state import View
from fatescreen.ui.text import literal, middle_cut, secret_mark

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
        """Write text from (x, y), clipped to the canvas, a cell a column: a wide
        character (CJK, most emoji) takes two cells, a combining one joins the character
        before it, as the terminal draws them."""
        if not 0 <= y < self.height:
            return
        if text.isascii():  # the common case: a character a cell
            start, end = max(x, 0), min(x + len(text), self.width)
            if start < end:
                self.cells[y][start:end] = text[start - x : end - x]
                self.styles[y][start:end] = [style] * (end - start)
            return
        cells, styles = self.cells[y], self.styles[y]
        column = x
        for char in text:
            size = get_character_cell_size(char)
            if size == 0:
                if 0 < column <= self.width:
                    cells[column - 1] += char
                continue
            if column + size > self.width:
                if 0 <= column < self.width:
                    cells[column], styles[column] = " ", style  # half a wide character
                break
            if column >= 0:
                cells[column], styles[column] = char, style
                if size == 2:
                    cells[column + 1], styles[column + 1] = "", style
            column += size

    def lines(self) -> list[Content]:
        """The canvas as Content lines, trailing blanks trimmed, one span per run of a
        style."""
        lines = []
        for row, styles in zip(self.cells, self.styles, strict=True):
            end = len(row)
            while end and row[end - 1] == " ":
                end -= 1
            lines.append(
                Content.assemble(
                    *(
                        ("".join(cell for cell, _ in run), style)
                        for style, run in groupby(
                            zip(row[:end], styles[:end], strict=True), itemgetter(1)
                        )
                    )
                )
            )
        return lines


MadeFrom = tuple[Zone, tuple["Character", ...], tuple[Obstacle, ...], int, str]
"""What a zone box shows is made from: the zone, who is there, the obstacles in it, the
width inside the box, and the GM's name."""


class ZoneBox:
    """What one zone box shows: its title, and its lines (zone aspects, who is there,
    obstacles in it), worked out when the box is first drawn or compared with another.

    A large map has hundreds of boxes and shows a few: the others' lines wait until they
    scroll into view. Two boxes made from the very same zone, characters and obstacles
    are equal without working their lines out. ``size`` is how many lines the box shows,
    known before they are worked out.
    """

    __slots__ = ("_lines", "_made_from", "mark", "size", "title", "zone_id")

    def __init__(
        self,
        zone_id: str,
        title: str,
        lines: tuple[tuple[str, str], ...] | None = None,
        *,
        made_from: MadeFrom | None = None,
        mark: str = "",
    ) -> None:
        self.zone_id = zone_id
        self.title = title
        self.mark = mark
        """The GM's mark after the title, for a secret zone ("" for none)."""
        self._lines = lines
        self._made_from = made_from
        self.size = len(lines) if lines is not None else _box_size(made_from)

    @property
    def lines(self) -> tuple[tuple[str, str], ...]:
        """Each line's text and style."""
        if self._lines is None:
            assert self._made_from is not None
            self._lines = _box_lines(*self._made_from)
        return self._lines

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ZoneBox):
            return NotImplemented
        if self is other:
            return True
        if (self.zone_id, self.title, self.mark, self.size) != (
            other.zone_id,
            other.title,
            other.mark,
            other.size,
        ):
            return False
        mine, theirs = self._made_from, other._made_from
        if (
            mine is not None
            and theirs is not None
            and mine[0] is theirs[0]
            and mine[3:] == theirs[3:]
            and all(map(is_, mine[1], theirs[1]))
            and all(map(is_, mine[2], theirs[2]))
        ):
            return True
        return self.lines == other.lines

    def __hash__(self) -> int:
        return hash((self.zone_id, self.title, self.mark, self.size))

    def __repr__(self) -> str:
        return f"ZoneBox({self.zone_id!r}, {self.title!r}, {self.lines!r})"


def _fit(text: str, width: int, keep: str = "") -> str:
    """``text`` and then ``keep`` in ``width`` cells: the text cut in the middle with "…"
    when they do not fit (its start and its end, a copy's number, stay), never ``keep`` (a
    count, the GM's mark) while there is room for it."""
    kept = cell_len(keep)
    if cell_len(text) + kept <= width:
        return text + keep
    if width - kept < 3:
        return set_cell_size(text + keep, width - 1) + "…"
    return middle_cut(text, width - kept) + keep


@dataclass
class MapCache:
    """What the last drawing of a map computed, kept for the next one: a move changes
    two boxes of hundreds, and neither the zones' places nor most of the links."""

    scene: Scene | None = None
    width: int = 0
    boxes: dict[str, ZoneBox] = field(default_factory=dict)
    place: tuple[object, object, int, dict[str, Cell]] | None = None
    """Zones, links and columns, and the places found for them."""
    links: tuple[object, ...] = ()
    """What the links' drawing depended on, then the puts by row and the far links."""
    extra: dict[Link, Content] = field(default_factory=dict)
    """The lines listing far links, for these zones and obstacles:"""
    extra_zones: object = None
    extra_obstacles: object = None
    gm: str = ""
    """The GM's name the boxes were drawn with (it marks hidden aspects)."""
    obstacles_in: tuple[object, dict[str | None, list[Obstacle]]] | None = None
    """The obstacles the next are grouped from, and the obstacles in each zone."""
    remade: set[str] | None = None
    """The zones whose boxes the last drawing made again (None: every zone's)."""
    rows: tuple[object, int, int, dict[str, int], list[list[tuple[int, str]]]] | None = None
    """The places and the box width the next are for: the columns and rows of the grid,
    each zone's row, and each row's zones with their x, left to right."""
    bands: tuple[tuple[object, ...], list[int], list[list[Put]], list[Band]] | None = None
    """What the bands were drawn from (the link plans and the box width), the rows'
    heights, the links' lines by row, and the bands: a row whose boxes and lines are the
    same keeps its very band."""


def zone_boxes(
    scene: Scene, view: View, width: int = BOX_WIDTH, cache: MapCache | None = None
) -> list[ZoneBox]:
    """The content of every zone box ``width`` columns wide: zone aspects, who is there,
    obstacles in it (``cache``: boxes drawn before, kept for zones where no character
    came, went or changed since)."""
    inner = width - 4
    gm = view.tr("gm.name")
    old = cache.scene if cache is not None else None
    dirty: set[str | None] | None = None
    if (
        cache is not None
        and old is not None
        and cache.width == width
        and cache.gm == gm
        and old.zones is scene.zones
        and old.obstacles is scene.obstacles
        and len(old.characters) == len(scene.characters)
    ):
        # the places that hold another object, found at C speed (a move changes one
        # character of thousands)
        places = compress(
            range(len(scene.characters)), map(is_not, old.characters, scene.characters)
        )
        dirty = set()
        for place in places:
            dirty.add(old.characters[place].zone)
            dirty.add(scene.characters[place].zone)
    if (
        cache is not None
        and cache.obstacles_in is not None
        and (cache.obstacles_in[0] is scene.obstacles)
    ):
        obstacles_in = cache.obstacles_in[1]
    else:
        obstacles_in = {}
        for obstacle in scene.obstacles:
            obstacles_in.setdefault(obstacle.zone, []).append(obstacle)
        if cache is not None:
            cache.obstacles_in = (scene.obstacles, obstacles_in)
    remade: set[str] | None = None
    if cache is not None and dirty is not None:
        # the boxes drawn before, those of the zones a character came to or left made again
        boxes = dict(cache.boxes)
        remade = set()
        for zone_id in dirty:
            if zone_id is not None and zone_id in boxes:
                zone = scene.zone(zone_id)
                boxes[zone_id] = _zone_box(scene, zone, inner, obstacles_in.get(zone_id, []), gm)
                remade.add(zone_id)
    else:
        boxes = {
            zone.id: _zone_box(scene, zone, inner, obstacles_in.get(zone.id, []), gm)
            for zone in scene.zones
        }
    if cache is not None:
        cache.scene, cache.width, cache.gm = scene, width, gm
        cache.boxes, cache.remade = boxes, remade
    return list(boxes.values())


def _zone_box(scene: Scene, zone: Zone, inner: int, obstacles: list[Obstacle], gm: str) -> ZoneBox:
    """One zone's box (``gm``: the GM's name, marking hidden aspects), its lines worked
    out when first needed."""
    made_from = (zone, scene.characters_in(zone.id), tuple(obstacles), inner, gm)
    mark = secret_mark(gm) if zone.hidden else ""
    return ZoneBox(zone.id, literal(zone.name), made_from=made_from, mark=mark)


def _box_size(made_from: MadeFrom | None) -> int:
    """How many lines :func:`_box_lines` makes: one per aspect, character and obstacle."""
    assert made_from is not None
    zone, characters, obstacles, _, _ = made_from
    return len(zone.aspects) + len(characters) + len(obstacles)


def _box_lines(
    zone: Zone,
    characters: tuple[Character, ...],
    obstacles: tuple[Obstacle, ...],
    inner: int,
    gm: str,
) -> tuple[tuple[str, str], ...]:
    """A zone box's lines, ``inner`` columns wide."""
    lines: list[tuple[str, str]] = []
    for aspect in zone.aspects:
        invokes = f" ({len(aspect.free_invokes)})" if aspect.free_invokes else ""
        hidden = secret_mark(gm) if aspect.hidden else ""
        lines.append((_fit(literal(aspect.name), inner, invokes + hidden), "italic $secondary"))
    for character in characters:
        name = literal(character.shown_name)
        marks = f" ×{character.members}" if character.kind is CharacterKind.MOOKS else ""
        if character.taken_out:
            name = "✝" + name
        elif character.minions or character.forms:
            marks += " ◆"
        if character.hidden and character.kind is not CharacterKind.PC:
            marks += secret_mark(gm)  # the players cannot see it: docs/player-view.md
        style = "bold" if character.kind is CharacterKind.PC else ""
        if character.taken_out:
            style = "strike $text-muted"
        lines.append((_fit(name, inner, marks), style))
    for obstacle in obstacles:
        mark = "⚠" if isinstance(obstacle, Hazard) else "▦" if isinstance(obstacle, Block) else "?"
        lines.append((_fit(f"{mark} {literal(obstacle.name)}", inner), "$warning"))
    return tuple(lines)


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


Put = tuple[int, int, str, str]
"""Text written at (x, y) in a style."""


@dataclass(frozen=True)
class Band:
    """One row of zone boxes and the gap below it: the map is drawn band by band, and a
    band equal to one drawn before is not drawn again."""

    width: int
    height: int
    box_height: int
    boxes: tuple[tuple[int, ZoneBox], ...]
    """Each box with its column (x)."""
    puts: tuple[Put, ...]
    """The links' lines and labels in the band, y counted from its top."""
    box_width: int

    @cached_property
    def _hash(self) -> int:
        return hash(
            (self.width, self.height, self.box_height, self.boxes, self.puts, self.box_width)
        )

    def __hash__(self) -> int:
        """Worked out once: the map view looks its bands up by value on every change."""
        return self._hash

    def lines(self) -> list[Content]:
        """The band's lines."""
        canvas = Canvas(self.width, self.height)
        for x, box in self.boxes:
            _draw_box(canvas, x, box, self.box_width, self.box_height)
        for x, y, text, style in self.puts:
            canvas.put(x, y, text, style)
        return canvas.lines()


def _draw_box(canvas: Canvas, x: int, box: ZoneBox, wide: int, height: int) -> None:
    title = (
        _fit(f" {box.title}", wide - 4, f"{box.mark} ")
        if box.mark
        else _fit(f" {box.title} ", wide - 4)
    )
    canvas.put(x, 0, "┌" + "─" * (wide - 2) + "┐", "$primary")
    canvas.put(x + 2, 0, title, "bold $primary")
    for line in range(1, height - 1):
        canvas.put(x, line, "│", "$primary")
        canvas.put(x + wide - 1, line, "│", "$primary")
    canvas.put(x, height - 1, "└" + "─" * (wide - 2) + "┘", "$primary")
    for index, (text, style) in enumerate(box.lines):
        canvas.put(x + 2, 1 + index, text, style)


Plan = tuple[bool, int, int, int, int, str, str]
"""How a link is drawn: across or down, from row and column to row, x, length, label and
style; where it falls depends on the rows' heights."""


def _plan_links(scene: Scene, place: dict[str, Cell], wide: int) -> tuple[list[Plan], list[Link]]:
    """The links drawn between boxes, and those that cannot be (listed below the map)."""
    step = wide + GAP
    taken = set(place.values())
    plans: list[Plan] = []
    far: list[Link] = []
    for link in scene.links:
        a, b = link.zones
        if a not in place or b not in place:
            continue
        (ra, ca), (rb, cb) = place[a], place[b]
        if ra == rb and all((ra, c) not in taken for c in range(min(ca, cb) + 1, max(ca, cb))):
            # side by side, or with only empty cells between: a line across
            length = (abs(ca - cb) - 1) * step + GAP
            across = True
            x = min(ca, cb) * step + wide
        elif ca == cb and all((r, ca) not in taken for r in range(min(ra, rb) + 1, max(ra, rb))):
            # one above the other, or with only empty cells between: a line down
            across = False
            x = ca * step + wide // 2
            length = 0
        else:
            far.append(link)
            continue
        label = link_label(scene, link)
        style = "$warning bold" if label else "$primary"
        plans.append((across, min(ra, rb), max(ra, rb), x, length, label, style))
    return plans, far


def _draw_links(plans: list[Plan], heights: list[int], tops: list[int]) -> list[list[Put]]:
    """The lines of the planned links, by row of boxes, y counted from the row's top."""
    puts: list[list[Put]] = [[] for _ in heights]

    def put(x: int, y: int, text: str, style: str) -> None:
        row = bisect_right(tops, y) - 1
        puts[row].append((x, y - tops[row], text, style))

    for across, top, bottom, x, length, label, style in plans:
        if across:
            y = tops[top] + 1
            put(x, y, ("═" if label else "─") * length, style)
            if label:
                put(x + (length - cell_len(label)) // 2, y + 1, label, style)
        else:
            for y in range(tops[top] + heights[top], tops[bottom]):
                put(x, y, "║" if label else "│", style)
            if label:
                put(x + 2, tops[top] + heights[top], label, style)
    return puts


def _same_depends(old: object, new: tuple[object, ...]) -> bool:
    """The same links, obstacles and places (the very objects), and width."""
    assert isinstance(old, tuple)
    return all(a is b for a, b in zip(old[:3], new[:3], strict=True)) and old[3:] == new[3:]


def map_bands(
    scene: Scene, view: View, width: int, cache: MapCache | None = None
) -> tuple[list[Band], Sequence[Content]]:
    """The zones map for ``width`` columns as bands of rows, and the lines listed below
    them (links between zones that are not drawn side by side or one above the other)."""
    if not scene.zones:
        return [], [Content(view.tr("ui.no_zones"))]
    cache = cache if cache is not None else MapCache()
    most = min(len(scene.zones), most_columns(width))
    if cache.place is None or cache.place[:3] != (scene.zones, scene.links, most):
        cache.place = (scene.zones, scene.links, most, place_zones(scene, most))
    place = cache.place[3]
    if cache.rows is None or cache.rows[0] is not place:
        cache.rows = _grid_rows(place)
    _, columns, rows, row_of, row_zones = cache.rows
    wide = box_width(columns, width)
    step = wide + GAP
    zone_boxes(scene, view, wide, cache)
    boxes = cache.boxes
    depends = (scene.links, scene.obstacles, place, wide)
    if len(cache.links) != 3 or not _same_depends(cache.links[0], depends):
        cache.links = (depends, *_plan_links(scene, place, wide))
    plans: list[Plan] = cache.links[1]  # type: ignore[assignment]
    far: list[Link] = cache.links[2]  # type: ignore[assignment]
    drawn = (plans, wide, columns)
    kept = cache.bands
    if kept is None or not all(map(is_, kept[0], drawn)) or len(kept[1]) != rows:
        kept = (drawn, [], [], [])
    _, old_heights, old_puts, old_bands = kept
    remade = cache.remade
    if old_bands and remade is not None:
        # only the rows of the boxes made again can differ
        redo = {row_of[zone_id] for zone_id in remade}
        heights = list(old_heights)
        for row in redo:
            heights[row] = _row_height(boxes, row_zones[row])
    else:
        redo = None
        heights = [_row_height(boxes, zones_in_row) for zones_in_row in row_zones]
    if old_heights == heights:
        puts = old_puts  # rows as tall as before: the links' lines are where they were
    else:
        tops = [0, *accumulate(height + ROW_GAP for height in heights)][:-1]
        puts = _draw_links(plans, heights, tops)
    bands = []
    for row in range(rows):
        old = old_bands[row] if old_bands else None
        if (
            old is not None
            and (redo is None or row in redo)
            and not all(
                map(is_, map(itemgetter(1), old.boxes), (boxes[z] for _, z in row_zones[row]))
            )
        ):
            old = None  # other boxes
        if (
            old is not None
            and old_heights[row] == heights[row]
            and (puts is old_puts or puts[row] == old_puts[row])
        ):
            # the same boxes, as tall, with the same lines of links: the very band
            bands.append(old)
            continue
        bands.append(
            Band(
                columns * step,
                heights[row] + (ROW_GAP if row < rows - 1 else 0),
                heights[row],
                tuple((x * step, boxes[zone_id]) for x, zone_id in row_zones[row]),
                tuple(puts[row]),
                wide,
            )
        )
    cache.bands = (drawn, heights, puts, bands)
    if cache.extra_zones is not scene.zones or cache.extra_obstacles is not scene.obstacles:
        cache.extra = {}
        cache.extra_zones, cache.extra_obstacles = scene.zones, scene.obstacles
    return bands, FarLines(scene, tuple(far), cache.extra)


def _grid_rows(
    place: dict[str, Cell],
) -> tuple[object, int, int, dict[str, int], list[list[tuple[int, str]]]]:
    """The places, the columns and rows of the grid, each zone's row, and each row's zones
    with their column, left to right (worked out once for a map's places)."""
    columns = max(column for _, column in place.values()) + 1
    rows = max(row for row, _ in place.values()) + 1
    row_zones: list[list[tuple[int, str]]] = [[] for _ in range(rows)]
    for zone_id, (row, column) in sorted(place.items(), key=lambda item: item[1]):
        row_zones[row].append((column, zone_id))
    row_of = {zone_id: row for zone_id, (row, _) in place.items()}
    return place, columns, rows, row_of, row_zones


def _row_height(boxes: dict[str, ZoneBox], zones_in_row: list[tuple[int, str]]) -> int:
    """How tall a row of boxes is: its tallest box, three rows at least."""
    return max([3, *(boxes[zone_id].size + 2 for _, zone_id in zones_in_row)])


class FarLines(Sequence[Content]):
    """The links listed below the map, each line made the first time it is asked for
    (a large map lists hundreds, far below what shows), kept in ``made`` by link."""

    def __init__(self, scene: Scene, links: tuple[Link, ...], made: dict[Link, Content]) -> None:
        self.scene = scene
        self.links = links
        self.made = made

    def __len__(self) -> int:
        return len(self.links)

    @overload
    def __getitem__(self, index: int) -> Content: ...

    @overload
    def __getitem__(self, index: slice) -> list[Content]: ...

    def __getitem__(self, index: int | slice) -> Content | list[Content]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        link = self.links[index]
        line = self.made.get(link)
        if line is None:
            line = self.made[link] = _far_line(self.scene, link)
        return line

    def __eq__(self, other: object) -> bool:
        """Equal when the lines read the same; at once for the same links between the
        same zones and obstacles, without making the lines."""
        if (
            isinstance(other, FarLines)
            and self.scene.zones is other.scene.zones
            and self.scene.obstacles is other.scene.obstacles
            and self.links == other.links
        ):
            return True
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]


def _far_line(scene: Scene, link: Link) -> Content:
    """A link listed below the map: its zones' names and what stands in the way."""
    a, b = (literal(scene.zone(z).name) for z in link.zones)
    label = link_label(scene, link)
    return Content.assemble(
        ("  ↔ ", "$primary"), f"{a} — {b}", (f" {label}" if label else "", "$warning bold")
    )


def draw_map(scene: Scene, view: View, width: int) -> list[Content]:
    """Draw the whole zones map to fit ``width`` columns, line by line."""
    bands, extra = map_bands(scene, view, width)
    return [line for band in bands for line in band.lines()] + list(extra)


class MapView(ScrollView, KeptLines):
    """The map, drawn only where it shows: each band's lines are drawn the first time one
    of them is on screen, and a new map repaints only the bands that differ."""

    ALLOW_SELECT = False

    DEFAULT_CSS = """
    MapView {
        height: auto;
        overflow-x: hidden;
        overflow-y: auto;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.bands: list[Band] = []
        self.extra: Sequence[Content] = []
        self._tops: list[int] = []
        self._strips: dict[Band, list[Strip]] = {}
        self._look: tuple[str, object] | None = None
        self.limit: int | None = None
        """The most rows the map takes while it is sized to its rows (its pane's room,
        when the map is taller than that: the map then scrolls inside the pane)."""

    @property
    def plain(self) -> str:
        """The whole map's text (for tests)."""
        lines = [line for band in self.bands for line in band.lines()] + list(self.extra)
        return "\n".join(line.plain for line in lines)

    @property
    def rows(self) -> int:
        """How many lines the map has."""
        bottom = self._tops[-1] + self.bands[-1].height if self.bands else 0
        return bottom + len(self.extra)

    def show(self, bands: list[Band], extra: Sequence[Content]) -> None:
        """Show a new map, repainting the visible bands that changed."""
        old_bands, old_tops, old_extra = self.bands, self._tops, self.extra
        tops = []
        top = 0
        for band in bands:
            tops.append(top)
            top += band.height
        self.bands, self._tops, self.extra = bands, tops, extra
        self._strips = {band: self._strips[band] for band in bands if band in self._strips}
        width = max((band.width for band in bands), default=0)
        if self.styles.overflow_x != "hidden":
            # the lines below the map are as wide as they are only where the map may
            # scroll sideways (a long list of them is made only as it shows)
            width = max([width, *(line.cell_length for line in extra)])
        size = Size(width, self.rows)
        if size != self.virtual_size:
            self.set_reactive(Widget.virtual_size, size)
            region = self.scrollable_content_region
            auto = self.styles.height is not None and self.styles.height.is_auto
            overflows = size.height > region.height
            if (
                auto
                or overflows != self.show_vertical_scrollbar
                or (
                    self.styles.overflow_x != "hidden"
                    and (size.width > region.width) != self.show_horizontal_scrollbar
                )
            ):
                # the pane (sized to the map) or a scrollbar must make room
                self.call_later(self.refresh, layout=True)
            elif overflows:
                # a map that scrolls inside its pane (-tall): tell the scrollbar the new
                # length, and lay nothing out
                resize_scrollbar(self.vertical_scrollbar, size.height, region.height)
        changed = []
        for index, (band, band_top) in enumerate(zip(bands, tops, strict=True)):
            if index < len(old_bands) and old_tops[index] == band_top:
                old = old_bands[index]
                if old is band or old == band:
                    continue
            changed.append((band_top, band.height))
        if extra != old_extra or size.height != len(old_extra) + (
            old_tops[-1] + old_bands[-1].height if old_bands else 0
        ):
            changed.append((top, len(extra)))
        self._repaint(changed)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As tall as the map, up to :attr:`limit`."""
        rows = super().get_content_height(container, viewport, width)
        return rows if self.limit is None else min(rows, self.limit)

    def fit(self, size: Size) -> None:
        """Show the scrollbar in the layout that first gives the map more rows than its
        size shows (Textual would show it a layout, and a frame, later)."""
        styles = self.styles
        if (
            not self.show_vertical_scrollbar
            and styles.overflow_y == "auto"
            and styles.scrollbar_size_vertical
            and self.rows > size.height - styles.gutter.height
        ):
            show_scrollbar(self)

    def _repaint(self, spans: list[tuple[int, int]]) -> None:
        scroll_y = self.scroll_offset.y
        region = self.scrollable_content_region
        width, bottom = max(region.width, 1), scroll_y + region.height
        # the spans that overlap the rows shown (a map moved down by a taller row has
        # hundreds of spans below them)
        regions = [
            Region(0, start - scroll_y, width, height)
            for start, height in spans
            if height and start < bottom and scroll_y < start + height
        ]
        if regions:
            self.refresh(*regions)

    def _band_strips(self, band: Band) -> list[Strip]:
        style = self.visual_style
        look = (self.app.theme, style)
        if look != self._look:
            self._strips, self._look = {}, look
        strips = self._strips.get(band)
        if strips is None:
            strips = [Strip(line.render_segments(style)) for line in band.lines()]
            self._strips[band] = strips
        return strips

    def render_line(self, y: int) -> Strip:
        """One visible line, its band drawn if it was not yet."""
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        width = self.scrollable_content_region.width
        style = self.visual_style
        strip: Strip | None = None
        row = bisect_right(self._tops, index) - 1
        if 0 <= row < len(self.bands) and index - self._tops[row] < self.bands[row].height:
            strips = self._band_strips(self.bands[row])
            offset = index - self._tops[row]
            strip = strips[offset] if offset < len(strips) else None
        elif self.bands or self.extra:
            below = index - (self._tops[-1] + self.bands[-1].height if self.bands else 0)
            if 0 <= below < len(self.extra):
                strip = Strip(self.extra[below].render_segments(style))
        if strip is None:
            return Strip.blank(width, style.rich_style)
        return strip.crop_extend(scroll_x, scroll_x + width, style.rich_style)

    def notify_style_update(self) -> None:
        """Draw the map again in a new theme or style (the colours are in the strips)."""
        super().notify_style_update()
        if self._look is not None and self._look != (self.app.theme, self.visual_style):
            self._strips = {}
            self.refresh()


class ZonesPane(Pane):
    """The zones map."""

    TITLE_KEY = "ui.zones"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.canvas = MapView(id="zone-map")
        self._scene: Scene | None = None
        self._view: View | None = None
        self._width = 0
        self._drawn = MapCache()

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
        if self._scene is None or self._view is None:
            self._width = 0
            return
        if not self.size.width:
            if self.screen.has_class("-compact") and self.has_class("-shown"):
                # one pane at a time, as wide as the terminal: the first layout gives it
                # its height (1fr) without asking for its content's, so draw it now
                self._draw(self.app.size.width - self.styles.gutter.width)
                return
            # drawn once the pane knows its width (get_content_height, on_resize): a pane
            # hidden at 80x24 has none, and is drawn afresh when shown again
            self._width = 0
            return
        self._draw(self.size.width)
        self._fit(self.canvas.rows)

    def _draw(self, outer_width: int) -> None:
        """Lay the map out for the pane's width, border included."""
        assert self._scene is not None and self._view is not None
        self._width = outer_width
        width = max(outer_width - 2, MIN_BOX_WIDTH)
        bands, extra = map_bands(self._scene, self._view, width, self._drawn)
        self.canvas.show(bands, extra)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As tall as the map: the first layout asks this with the pane's width before
        the pane has a size, and the map is drawn for it then, so that the first frame
        shows it (``width`` leaves out the border and the scrollbar's stable gutter)."""
        if self._scene is not None and self._view is not None and not self._width and width:
            self._draw(width + self.styles.gutter.width + self.styles.scrollbar_size_vertical)
            self._fit(self.canvas.rows, container, viewport)
        # a tall map fills the pane's room and scrolls itself from this layout on, as it
        # will once the pane's styles for it apply
        self.canvas.limit = self.room(container, viewport) if self.has_class("-tall") else None
        return super().get_content_height(container, viewport, width)

    def _fit(self, rows: int, container: Size | None = None, viewport: Size | None = None) -> None:
        """Mark the pane tall when the map has more rows than the pane may take: it then
        keeps its full height and the map scrolls inside it (see app.tcss). The first
        layout gives the room it lays the pane out in (``container``, ``viewport``)."""
        limit = self.styles.max_height
        parent = self.parent
        if limit is None or not isinstance(parent, Widget):
            return
        room = (
            int(limit.resolve(container or parent.size, viewport or self.app.size))
            - self.styles.gutter.height
        )
        self.set_class(rows > room, "-tall")

    def on_resize(self) -> None:
        """Lay the map out again for a new width; check its height against the room."""
        if self.size.width != self._width:
            self._redraw()
        else:
            self._fit(self.canvas.rows)


def _same_map(old: Scene, new: Scene) -> bool:
    """True when nothing the map shows differs (stress or fate points do not show)."""
    if old.zones is not new.zones and old.zones != new.zones:
        return False
    if (old.links is not new.links and old.links != new.links) or (
        old.obstacles is not new.obstacles and old.obstacles != new.obstacles
    ):
        return False
    if len(old.characters) != len(new.characters):
        return False
    # only the places that hold another object are compared (found at C speed: a
    # command changes a few characters of thousands)
    places = compress(range(len(new.characters)), map(is_not, old.characters, new.characters))
    return all(
        (a.zone, a.shown_name, a.taken_out, a.members, a.kind, a.hidden)
        == (b.zone, b.shown_name, b.taken_out, b.members, b.kind, b.hidden)
        for a, b in ((old.characters[place], new.characters[place]) for place in places)
    )


__all__ = ["Distraction", "ZonesPane", "draw_map"]
