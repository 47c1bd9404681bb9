"""How a system's public value is shown on the player view: its ``player_panes`` part, the
panes in their columns and what the status line adds (see ``docs/systems.md``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.content import Content

from fatescreen.ui.text import Part

COLUMNS = ("left", "middle", "right")
"""The player view's columns, left to right (one under another on a narrow screen)."""

Render = Callable[[Any, tuple[Any, ...], str], Content]
"""A pane's text from the public value, the last rolls kept apart from it (Fate's) and the
language."""


def no_status(public: Any, lang: str) -> list[Part]:
    """Nothing more on the status line."""
    return []


@dataclass(frozen=True)
class PlayerPane:
    """One bordered pane of the player view."""

    name: str
    """Its widget id (unique on the view)."""
    title: str
    """The catalog key of its title."""
    column: str
    """One of :data:`COLUMNS`."""
    render: Render
    """Its text."""

    def __post_init__(self) -> None:
        if self.column not in COLUMNS:
            raise ValueError(f"the pane {self.name} is in no column: {self.column!r}")


@dataclass(frozen=True)
class PlayerPanes:
    """A system's ``player_panes`` part: what the player view shows of its public value."""

    panes: tuple[PlayerPane, ...]
    status: Callable[[Any, str], list[Part]] = no_status
    """What the status line says of the scene after its title (Fate: the GM pool)."""

    def in_column(self, column: str) -> tuple[PlayerPane, ...]:
        """The panes of one column, top to bottom."""
        return tuple(pane for pane in self.panes if pane.column == column)
