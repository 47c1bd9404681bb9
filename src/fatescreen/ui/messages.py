"""What the builder, the editor and the table's flows ask of the dashboard: messages that
go up to the app, the one coordinator that applies them (attributes down, messages up).

A dialog that applies its own command asks with :class:`~fatescreen.ui.dialogs.Dialog.Submitted`
and is answered with :meth:`~fatescreen.ui.dialogs.Dialog.answer`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from fatescreen.commands.requests import Request
    from fatescreen.commands.session import Result

AfterRequest = Callable[["Result | None"], None]
"""What follows a request once the dashboard has applied it, given its result (None when
no scene is open)."""


class RequestSubmitted(Message):
    """A request chosen: the dashboard applies it through the session, logs it, repaints,
    and (``flow``) follows up what it left waiting (a hit to absorb, a true form)."""

    def __init__(
        self, request: Request | str, *, flow: bool = True, then: AfterRequest | None = None
    ) -> None:
        super().__init__()
        self.request = request
        """The typed request (or a command line)."""
        self.flow = flow
        """Whether to follow up what the change left waiting."""
        self.then = then
        """What the asker does next, with the result."""


class CharacterChosen(Message):
    """A character to show in the stat block (None: nobody)."""

    def __init__(self, character_id: str | None) -> None:
        super().__init__()
        self.character_id = character_id
        """The character's id, or None."""


class EditChosen(Message):
    """The GM chose to edit the selected character's stat block."""


__all__ = ["AfterRequest", "CharacterChosen", "EditChosen", "RequestSubmitted"]
