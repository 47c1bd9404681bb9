"""The toy system's dashboard: one pane listing the counters, and ``m`` to mark one."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content

from fatescreen.ui.systems.shell import SystemPane, SystemScreen
from fatescreen.ui.text import assemble


class CountersPane(SystemPane):
    """Each counter and its count."""

    TITLE_KEY = "toy.ui.counters"

    def render_value(self, value: Any, lang: str) -> Content:
        """One line a counter, the name shown literally."""
        parts: list[Any] = []
        for name, count in value.counters:
            parts += [(name, "bold"), f" {count}\n"]
        return assemble(*parts)


class ToyScreen(SystemScreen):
    """The toy dashboard."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "prefill('mark ')", "Mark", id="toy.mark", priority=True),
    ]

    def compose_panes(self) -> ComposeResult:
        """The counters."""
        yield CountersPane(id="toy-counters")


SCREEN = ToyScreen
