"""What screens and dialog flows may ask of the dashboard that runs them.

The builder, the editor and the dialogs receive the dashboard as this protocol: the scene
and the view to show, one way to apply a command (:meth:`Table.try_command`, the single
path by which the UI changes a scene), and a way to open a dialog or say something. They
never import the app module, so the app can import them without a cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.notifications import SeverityLevel
from textual.screen import Screen

from fatescreen.commands.core import Context
from fatescreen.commands.requests import Request
from fatescreen.commands.session import Result, Session
from fatescreen.scene.model import Scene
from fatescreen.ui.state import View


class Table(Protocol):
    """The dashboard as a flow sees it."""

    @property
    def scene(self) -> Scene:
        """The scene being run."""

    session: Session | None
    view_state: View

    def tr(self, key: str, **values: object) -> str:
        """A UI message in the GM's language."""

    def run_command(self, request: Request | str, *, flow: bool = True) -> Result | None:
        """Apply a request, log it, repaint, and (``flow``) follow up what it left waiting
        (a hit to absorb, a true form to reveal)."""

    def context(self) -> Context:
        """The scene, dice and language a command's words are read in."""

    def try_command(self, line: str) -> str | None:
        """Apply a command line: None when applied, else why it was refused."""

    def try_command_told(self, line: str) -> str | None:
        """As :meth:`try_command`, and say what a command that changes no scene did."""

    def select_character(self, character_id: str | None) -> None:
        """Show a character (or none) in the stat block."""

    def action_edit(self) -> None:
        """Edit the selected character."""

    def push_screen(self, screen: Screen[Any], callback: Callable[[Any], Any] | None = None) -> Any:
        """Open a dialog; ``callback`` gets what it returns."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Say something briefly."""
