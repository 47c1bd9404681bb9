"""The zones map: zones drawn as boxes on a grid, linked by lines that show barriers and blocks."""

from __future__ import annotations

import math
from dataclasses import dataclass

from textual.content import Content

from fatescreen.rules.character import CharacterKind
from fatescreen.rules.ladder import signed
from fatescreen.rules.obstacles import Block, Distraction, Hazard
from fatescreen.scene.model import Link, Scene
from fatescreen.ui.lines import LinesView
from fatescreen.ui.panes.base import Pane, touches
from fatescreen.ui.state import View
from fatescreen.ui.text import literal

BOX_WIDTH = 26
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
        for offset, char in enumerate(text):
            if 0 <= x + offset < self.width:
                self.cells[y][x + offset] = char
                self.styles[y][x + offset] = style

    def content(self) -> Content:
        """The canvas as Content, trailing blanks trimmed, one span per run of a style."""
        lines = []
        for row, styles in zip(self.cells, self.styles, strict=True):
            end = len(row)
            while end and row[end - 1] == " ":
                end -= 1
            runs = []
            start = 0
            for index in range(1, end + 1):
                if index == end or styles[index] != styles[start]:
                    runs.append(("".join(row[start:index]), styles[start]))
                    start = index
            lines.append(Content.assemble(*runs))
        while lines and not lines[-1].plain:
            lines.pop()
        return Content("\n").join(lines)


@dataclass(frozen=True)
class ZoneBox:
    """What one zone box shows."""

    zone_id: str
    title: str
    lines: tuple[tuple[str, str], ...]


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def zone_boxes(scene: Scene, view: View) -> list[ZoneBox]:
    """The content of every zone box: zone aspects, who is there, obstacles in it."""
    inner = BOX_WIDTH - 4
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
            name = literal(character.name)
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
    for start in scene.zones:
        if start.id in order:
            continue
        queue = [start.id]
        while queue:
            zone_id = queue.pop(0)
            if zone_id in order:
                continue
            order.append(zone_id)
            queue += [z for z in scene.adjacent(zone_id) if z not in order]
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


def draw_map(scene: Scene, view: View, width: int) -> Content:
    """Draw the zones map to fit ``width`` columns."""
    boxes = {box.zone_id: box for box in zone_boxes(scene, view)}
    order = grid_order(scene)
    if not order:
        return Content(view.tr("ui.no_zones"))
    fit = max(1, (width + GAP) // (BOX_WIDTH + GAP))
    cols = max(1, min(fit, math.ceil(math.sqrt(len(order))) + 1, len(order)))
    rows = math.ceil(len(order) / cols)
    place = {zone_id: divmod(index, cols) for index, zone_id in enumerate(order)}
    heights = [
        max(len(boxes[z].lines) + 2 for z in order[r * cols : (r + 1) * cols]) for r in range(rows)
    ]
    tops = [sum(heights[:r]) + ROW_GAP * r for r in range(rows)]
    drawn: set[tuple[str, str]] = set()
    far: list[Link] = []
    canvas = Canvas(cols * (BOX_WIDTH + GAP), sum(heights) + ROW_GAP * rows)
    for zone_id in order:
        row, col = place[zone_id]
        x, y = col * (BOX_WIDTH + GAP), tops[row]
        box = boxes[zone_id]
        height = heights[row]
        title = _fit(f" {box.title} ", BOX_WIDTH - 4)
        canvas.put(x, y, "┌" + "─" * (BOX_WIDTH - 2) + "┐", "$primary")
        canvas.put(x + 2, y, title, "bold $primary")
        for line in range(1, height - 1):
            canvas.put(x, y + line, "│", "$primary")
            canvas.put(x + BOX_WIDTH - 1, y + line, "│", "$primary")
        canvas.put(x, y + height - 1, "└" + "─" * (BOX_WIDTH - 2) + "┘", "$primary")
        for index, (text, style) in enumerate(box.lines):
            canvas.put(x + 2, y + 1 + index, text, style)
    for link in scene.links:
        a, b = link.zones
        if a not in place or b not in place:
            continue
        (ra, ca), (rb, cb) = place[a], place[b]
        label = link_label(scene, link)
        style = "$warning bold" if label else "$primary"
        if ra == rb and abs(ca - cb) == 1:
            left = min(ca, cb)
            x = left * (BOX_WIDTH + GAP) + BOX_WIDTH
            y = tops[ra] + 1
            canvas.put(x, y, ("═" if label else "─") * GAP, style)
            if label:
                canvas.put(x + (GAP - len(label)) // 2, y + 1, label, style)
            drawn.add((a, b))
        elif ca == cb and abs(ra - rb) == 1:
            top = min(ra, rb)
            x = ca * (BOX_WIDTH + GAP) + BOX_WIDTH // 2
            y = tops[top] + heights[top]
            for step in range(ROW_GAP):
                canvas.put(x, y + step, "║" if label else "│", style)
            if label:
                canvas.put(x + 2, y, label, style)
            drawn.add((a, b))
        else:
            far.append(link)
    content = canvas.content()
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
        content = Content("\n").join([content, *extra])
    return content


class ZonesPane(Pane):
    """The zones map."""

    TITLE_KEY = "ui.zones"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.canvas = LinesView(wrap=False, id="zone-map")
        self._scene: Scene | None = None
        self._view: View | None = None
        self._width = 0

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
        drawn = draw_map(self._scene, self._view, max(self._width - 2, BOX_WIDTH))
        self.canvas.set_lines(drawn.split("\n"))

    def on_resize(self) -> None:
        """Lay the map out again for the new width."""
        if self.size.width != self._width:
            self._redraw()


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
        or (a.zone, a.name, a.taken_out, a.members, a.kind)
        == (b.zone, b.name, b.taken_out, b.members, b.kind)
        for a, b in zip(old.characters, new.characters, strict=True)
    )


__all__ = ["Distraction", "ZonesPane", "draw_map"]
