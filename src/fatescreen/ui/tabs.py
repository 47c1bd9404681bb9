"""The row of pane tabs every dashboard shows on a small terminal: one pane at a time, the
keys 1-9 (or a click) to switch. Fate's dashboard and the shared shell both use it."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.message import Message
from textual.widgets import Static

from fatescreen.ui.text import assemble


def tab_row(labels: Sequence[str], shown: int, width: int) -> list[str]:
    """Each tab's text (``1 Zones``), as much as fits in ``width`` columns with a space
    between tabs: every tab padded; else the shown one padded and the others plain; else the
    others by their number alone."""
    padded = [f" {index} {label} " for index, label in enumerate(labels, start=1)]
    plain = [f"{index} {label}" for index, label in enumerate(labels, start=1)]
    numbers = [str(index) for index in range(1, len(labels) + 1)]
    for others in (padded, plain, numbers):
        texts = [padded[i] if i == shown else text for i, text in enumerate(others)]
        if sum(map(len, texts)) + len(texts) - 1 <= width:
            break
    return texts


class PaneTabs(Static):
    """On small terminals: which pane is shown, and the keys that switch."""

    class Picked(Message):
        """The GM clicked a tab: show its pane."""

        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name

    shown = ""
    """The id of the pane on screen."""
    tabs: tuple[tuple[str, str], ...] = ()
    """Each pane's id and its tab's label, in the order of the keys."""

    def show_tabs(self, shown: str, tabs: Sequence[tuple[str, str]]) -> None:
        """Label the tabs and highlight the pane on screen."""
        self.shown, self.tabs = shown, tuple(tabs)
        self.update(assemble(*self._parts()))

    def _texts(self) -> list[str]:
        names = [name for name, _ in self.tabs]
        shown = names.index(self.shown) if self.shown in names else -1
        # before the first layout, the width it will have: the terminal's (it is shown
        # only on a compact screen, as wide as the terminal)
        width = self.content_size.width or self.app.size.width - self.styles.gutter.width
        return tab_row([label for _, label in self.tabs], shown, width)

    def _parts(self) -> list[tuple[str, str] | str]:
        parts: list[tuple[str, str] | str] = []
        for (name, _), text in zip(self.tabs, self._texts(), strict=True):
            style = "reverse bold $accent" if name == self.shown else "$text-muted"
            parts += [(text, style), " "]
        return parts[:-1]

    def on_resize(self) -> None:
        """Fit the tabs to the new width (once a pane is shown)."""
        if self.shown:
            self.update(assemble(*self._parts()))

    def on_click(self, event: events.Click) -> None:
        """Clicking a tab shows its pane."""
        where = event.get_content_offset(self)
        if where is None:
            return
        offset = 0
        for (name, _), text in zip(self.tabs, self._texts(), strict=True):
            if offset <= where.x < offset + len(text) + 1:
                self.post_message(self.Picked(name))
                return
            offset += len(text) + 1
