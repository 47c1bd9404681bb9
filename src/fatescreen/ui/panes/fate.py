"""Fate points: the GM pool in large type, each PC's points and refresh, held points."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Digits

from fatescreen.scene.model import Scene
from fatescreen.ui.kept import KeptLines
from fatescreen.ui.lines import TextBlock
from fatescreen.ui.panes.base import Pane, touches
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble, dots


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
        self._key = key
        self.query_one("#gm-pool-label", TextBlock).set(
            view.tr("ui.gm_pool_short", count=scene.gm_pool)
        )
        self.pool.update(str(scene.gm_pool))
        lines = []
        # names as wide as the longest (at most 12): the dots of a PC above refresh still
        # fit the narrow pane of two columns
        width = min(12, max((len(pc.name) for pc in pcs), default=0))
        for pc in pcs:
            lines.append(
                assemble(
                    f"{pc.name[:width]:<{width}} ",
                    (dots(pc.fate_points, pc.refresh), "$accent"),
                    (f" {pc.fate_points}/{pc.refresh}", "$text-muted"),
                )
            )
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
        self.body.set(Content("\n").join(lines))
