"""A quick pick over the bottom of the dashboard: choose one of a few options in a key or
two, without opening a dialog (which swaps the whole screen)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import events
from textual.color import Color
from textual.message import Message
from textual.screen import Screen

from fatescreen.ui.kept import KeptLines
from fatescreen.ui.keys import LocalFooter, footer_ids, shown_description
from fatescreen.ui.lines import TextBlock
from fatescreen.ui.state import View
from fatescreen.ui.text import Part, assemble

if TYPE_CHECKING:
    from fatescreen.commands.requests import Order

PREVIOUS = ("left", "up", "shift+tab")
NEXT = ("right", "down", "tab")


class QuickPick(TextBlock):
    """One line of options: a digit picks at once, arrows and Enter pick the highlighted
    one, Esc closes it.

    The pick is the line under the command bar, empty until it opens (then on the theme's
    panel colour), so opening and closing it repaints that one line and lays nothing out.
    It never takes the focus (Textual repaints the whole screen when the focus moves):
    while it is open the app hands it every key (:meth:`take_key`), so no dashboard key
    fires meanwhile. The choice goes up as :class:`QuickPick.Picked` with the command line
    of the option.
    """

    class Picked(Message):
        """The GM picked an option."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title = ""
        self.options: list[tuple[Order, str]] = []
        self.highlighted = 0
        self.is_open = False
        """Whether the pick is showing (and taking the keys)."""
        self._view = View()

    def open(self, view: View, title: str, options: Sequence[tuple[Order, str]]) -> None:
        """Show ``options`` (request, label) under ``title``."""
        self._view, self.title = view, title
        self.options = list(options)
        self.highlighted = 0
        self.is_open = True
        # the open line's background set on the widget itself: a class would have the
        # stylesheet matched against the widget again, on opening and on closing
        self.styles.background = Color.parse(self.app.theme_variables["panel"])
        self._draw()

    def close(self) -> None:
        """Empty the line: the keys go back to the dashboard."""
        self.is_open = False
        self.styles.background = None
        self.set("")

    def _draw(self) -> None:
        """The title and the options on one line; when they do not all fit, the list
        starts late enough for the highlighted option to show."""
        room = max(self.content_size.width, 20)
        labels = [
            (f" {index + 1} {label} " if index < 9 else f" {label} ", index)
            for index, (_, label) in enumerate(self.options)
        ]
        # a question keeps its own mark: "Tick which countdown? ", never "?: "
        title = f"{self.title} " if self.title.endswith(("?", ":")) else f"{self.title}: "
        hint = "  " + self._view.tr("ui.pick_keys")
        first = 0
        while first < self.highlighted and (
            len(title) + sum(len(text) + 1 for text, _ in labels[first : self.highlighted + 1])
            > room - 2
        ):
            first += 1
        parts: list[Part] = [(title, "bold $secondary")]
        if first:
            parts.append(("… ", "$text-muted"))
        for text, index in labels[first:]:
            style = "reverse bold $accent" if index == self.highlighted else ""
            parts += [(text, style), " "]
        # the keys' hint whole or not at all: never "Enter: choos…"
        used = sum(cell_len(part[0] if isinstance(part, tuple) else str(part)) for part in parts)
        if used + cell_len(hint) <= room:
            parts.append((hint, "$text-muted"))
        self.set(assemble(*parts))

    def _pick(self, index: int) -> None:
        from fatescreen.commands.requests import command_line

        line = command_line(self.options[index][0])
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


class SteadyFooter(LocalFooter, KeptLines):
    """The footer, rebuilt only when the keys it shows change.

    Textual's footer mounts a widget per key again on every change of focus; most focus
    changes on the dashboard (a pane, the quick pick) keep the same keys.
    """

    _shown: object = None
    _composed: object = None
    """The keys the footer's widgets show (``_shown`` when they were last rebuilt)."""

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Rebuild if the keys shown differ from those last shown."""
        shown = (
            tuple(
                (
                    binding.key,
                    binding.action,
                    shown_description(found),
                    enabled,
                    tooltip,
                    footer_ids(found.node),
                )
                for found in screen.active_bindings.values()
                for (_, binding, enabled, tooltip) in [found]
                if binding.show or binding.key == self.app.COMMAND_PALETTE_BINDING
            ),
            self.compact,
        )
        if shown == self._shown:
            return
        first = self._shown is None
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._shown = shown  # what the rebuild below shows
        super().bindings_changed(screen)
        if first:
            # the first keys come before the first frame (Textual's footer shows them
            # only after it, which makes the screen settle a layout later)
            self.refresh(recompose=True)

    async def recompose(self) -> None:
        """Rebuild, unless the keys are those already shown (the rebuild Textual's footer
        asks for after the first frame shows the keys the first frame has)."""
        if self._shown is not None and self._shown == self._composed:
            return
        self._composed = self._shown
        await super().recompose()
