"""A quick pick over the bottom of the dashboard: choose one of a few options in a key or
two, without opening a dialog (which swaps the whole screen)."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer

from fatescreen.ui.lines import TextBlock
from fatescreen.ui.state import View
from fatescreen.ui.text import Part, assemble

BELOW = 2
"""Rows under the pick: the command bar and the footer."""
PREVIOUS = ("left", "up", "shift+tab")
NEXT = ("right", "down", "tab")


class QuickPick(TextBlock):
    """One line of options: a digit picks at once, arrows and Enter pick the highlighted
    one, Esc closes it.

    The pick never takes the focus (Textual repaints the whole screen when the focus
    moves): while it is open the app hands it every key (:meth:`take_key`), so no
    dashboard key fires meanwhile. The choice goes up as :class:`QuickPick.Picked` with
    the command line of the option.
    """

    class Picked(Message):
        """The GM picked an option."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.display = False
        self.title = ""
        self.options: list[tuple[str, str]] = []
        self.highlighted = 0
        self._view = View()

    @property
    def is_open(self) -> bool:
        """Whether the pick is showing (and taking the keys)."""
        return bool(self.display)

    def open(self, view: View, title: str, options: Sequence[tuple[str, str]]) -> None:
        """Show ``options`` (command line, label) under ``title``."""
        self._view, self.title = view, title
        self.options = list(options)
        self.highlighted = 0
        self._draw()
        self._place()
        self.display = True

    def close(self) -> None:
        """Hide: the keys go back to the dashboard."""
        self.display = False

    def _place(self) -> None:
        """Just above the command bar and the footer, over the dashboard: placed, not
        docked, so nothing under it has to make room (which would repaint everything)."""
        width = self.screen.size.width
        inner = max(width - self.styles.gutter.width, 1)
        shown = self._shown if isinstance(self._shown, Content) else Content(self._shown or "")
        height = min(shown.get_height(self.styles, inner), 3) + 1  # type: ignore[arg-type]
        self.styles.offset = (0, max(self.screen.size.height - BELOW - height, 0))

    def _draw(self) -> None:
        parts: list[Part] = [(f"{self.title}: ", "bold $secondary")]
        for index, (_, label) in enumerate(self.options):
            number = f"{index + 1} " if index < 9 else ""
            style = "reverse bold $accent" if index == self.highlighted else ""
            parts += [(f" {number}{label} ", style), " "]
        parts.append(("  " + self._view.tr("ui.pick_keys"), "$text-muted"))
        self.set(assemble(*parts))

    def _pick(self, index: int) -> None:
        line = self.options[index][0]
        self.close()
        self.post_message(self.Picked(line))

    def take_key(self, event: events.Key) -> None:
        """Digits, arrows, Tab, Enter and Esc; every other key is swallowed."""
        event.stop()
        event.prevent_default()
        count = len(self.options)
        if event.key == "escape" or not count:
            self.close()
        elif event.key == "enter":
            self._pick(self.highlighted)
        elif event.key in PREVIOUS or event.key in NEXT:
            step = -1 if event.key in PREVIOUS else 1
            self.highlighted = (self.highlighted + step) % count
            self._draw()
        elif event.character and event.character.isdigit() and 0 < int(event.character) <= count:
            self._pick(int(event.character) - 1)


class SteadyFooter(Footer):
    """Textual's footer, rebuilt only when the keys it shows change.

    Textual's footer mounts a widget per key again on every change of focus; most focus
    changes on the dashboard (a pane, the quick pick) keep the same keys.
    """

    _shown: object = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Rebuild if the keys shown differ from those last shown."""
        shown = (
            tuple(
                (binding.key, binding.action, binding.description, enabled, tooltip)
                for (_, binding, enabled, tooltip) in screen.active_bindings.values()
                if binding.show or binding.key == self.app.COMMAND_PALETTE_BINDING
            ),
            self.compact,
        )
        if shown == self._shown:
            return
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._shown = shown  # what the rebuild below shows
        super().bindings_changed(screen)
