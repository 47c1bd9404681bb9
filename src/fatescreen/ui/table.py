"""What screens and dialog flows may ask of the dashboard that runs them.

The builder, the editor and the table's flows receive the dashboard as this protocol: the
scene and the view to show, a way to open a dialog or say something, and
:meth:`Table.post_message` to ask for a change (:mod:`fatescreen.ui.messages`): the app
applies it through the session, the single path by which the UI changes a scene. They never
import the app module, so the app can import them without a cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import Screen

from fatescreen.commands.core import Context
from fatescreen.commands.session import Session
from fatescreen.scene.model import Scene
from fatescreen.ui.messages import RequestSubmitted
from fatescreen.ui.state import View


class Table(Protocol):
    """The dashboard as a flow sees it."""

    @property
    def scene(self) -> Scene:
        """The scene being run."""

    session: Session[Scene] | None
    view_state: View

    def tr(self, key: str, **values: object) -> str:
        """A UI message in the GM's language."""

    def context(self) -> Context:
        """The scene, dice and language a command's words are read in."""

    def post_message(self, message: Message) -> bool:
        """Ask the dashboard for something (:mod:`fatescreen.ui.messages`)."""

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


def apply_chosen(table: Table) -> Callable[[str | None], None]:
    """A dialog's callback that asks ``table`` to apply the command line chosen (nothing
    when the dialog was closed with Esc)."""

    def chosen(line: str | None) -> None:
        if line:
            table.post_message(RequestSubmitted(line))

    return chosen
