"""Fate points: the GM pool in large type, each PC's points and refresh, held points."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Digits

from fatescreen.rules.character import Character
from fatescreen.scene.model import Scene
from fatescreen.ui.kept import KeptLines
from fatescreen.ui.lines import TextBlock
from fatescreen.ui.panes.base import Pane, touches
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble, dots, middle_cut


def pc_lines(pcs: Sequence[Character], room: int) -> list[Content]:
    """Each PC's name, dots and ``points/refresh`` in ``room`` cells (0: not laid out
    yet, as wide as they are): the names in a column as wide as the longest that fits,
    cut in the middle with "…" only when there is no room for them even without the
    dots; the dots give way first, the count never."""
    counts = [f" {pc.fate_points}/{pc.refresh}" for pc in pcs]
    marks = [dots(pc.fate_points, pc.refresh) for pc in pcs]
    longest = max((len(pc.name) for pc in pcs), default=0)
    tail = max((len(count) for count in counts), default=0)
    widest_dots = max((len(mark) for mark in marks), default=0)
    show_dots = not room or room - tail - widest_dots - 1 >= longest
    width = longest
    if room:
        width = min(longest, max(room - tail - (widest_dots + 1 if show_dots else 0), 1))
    return [
        assemble(
            f"{middle_cut(pc.name, width):<{width}} ", (mark, "$accent"), (count, "$text-muted")
        )
        if show_dots
        else assemble(f"{middle_cut(pc.name, width):<{width}}", (count, "$text-muted"))
        for pc, mark, count in zip(pcs, marks, counts, strict=True)
    ]


class PoolDigits(Digits, KeptLines):
    """The GM pool in large type."""


class FatePane(Pane):
    """The GM pool and the players' fate points."""

    TITLE_KEY = "ui.fate_points"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.pool = PoolDigits("0", id="gm-pool")
        self.body = TextBlock(id="fate-body")
        self._key: object = None
        self._scene: Scene | None = None
        self._view = View()
        self._room = 0
        """The width the PCs' lines were fitted to."""

    def compose(self) -> ComposeResult:
        yield TextBlock(id="gm-pool-label")
        yield self.pool
        yield self.body

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """Redraw when points, PCs or held points change."""
        pcs = scene.pcs
        key = (
            scene.gm_pool,
            tuple((c.name, c.fate_points, c.refresh) for c in pcs),
            scene.held,
            view,
        )
        if key == self._key and not touches(changed, "all"):
            return
        self._view = view
        self._key = key
        self.query_one("#gm-pool-label", TextBlock).set(
            view.tr("ui.gm_pool_short", count=scene.gm_pool)
        )
        self.pool.update(str(scene.gm_pool))
        self._scene = scene
        lines = pc_lines(pcs, self.scrollable_content_region.width)
        names = scene.character_names
        if scene.held:
            total = sum(entry.delta for entry in scene.held)
            lines.append(assemble((view.tr("ui.held", count=total), "$warning")))
            for entry in scene.held:
                lines.append(
                    assemble(
                        (f"  → {names.get(entry.who, entry.who)} +{entry.delta} ", "$warning"),
                        (entry.reason, "$text-muted"),
                    )
                )
        self._room = self.scrollable_content_region.width
        self.body.set(Content("\n").join(lines))

    def on_resize(self) -> None:
        """Fit the PCs' lines to the new width."""
        if self._scene is not None and self.scrollable_content_region.width != self._room:
            self._key = None
            self.show(self._scene, self._view, frozenset({"all"}))
