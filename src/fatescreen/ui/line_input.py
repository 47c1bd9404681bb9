"""The command line of every dashboard, as the GM types it fast (over ssh, type-ahead):
Enter sends the line in turn with the keys typed before and after it, and the keys typed
right after it are the dashboard's."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.message import Message
from textual.widgets import Input


class LineInput(Input):
    """An input line that sends what was typed up as a message (:meth:`sent`)."""

    async def on_key(self, event: events.Key) -> None:
        """Enter sends the line. As a binding it would run only once the key had gone up to
        the app, after the keys typed next had joined the line (``undo7``); those keys,
        sent here before the focus left, are the dashboard's, as if typed a moment later."""
        if self.app.focused is not self:
            event.stop()
            event.prevent_default()
            self.app.post_message(events.Key(event.key, event.character))
        elif event.key == "enter":
            event.stop()
            event.prevent_default()
            await self.action_submit()

    async def action_submit(self) -> None:
        """Send the line up, to the screen, ahead of the keys typed after Enter (which go
        there too); the focus leaves at once, so the next key is the dashboard's."""
        line = self.value.strip()
        screen = self.app.screen  # the one shown: a line may be moved between screens
        if line:
            screen.post_message(self.sent(line))
        self.value = ""
        screen.set_focus(None)

    def sent(self, line: str) -> Message:
        """The message that carries a line sent (and notes it, for a history)."""
        raise NotImplementedError


def quiet_after_close(app_screens: Sequence[object], event: events.Event) -> bool:
    """Whether an app should let a key go unheard: one a line sent on as the app closed,
    with no screen left to hear it."""
    return isinstance(event, events.Key) and not app_screens
