"""The command bar: type any command of the command language, with completion and history."""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding
from textual.message import Message
from textual.suggester import Suggester

from fatescreen.commands.core import registry
from fatescreen.commands.names import fold
from fatescreen.ui.line_input import LineInput


class CommandSuggester(Suggester):
    """Completes the verb, then names of characters, zones, aspects and obstacles."""

    def __init__(self, names: Callable[[], list[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.names = names

    async def get_suggestion(self, value: str) -> str | None:
        """The completed line for what has been typed so far, or None."""
        if not value or value.endswith(" "):
            return None
        head, _, last = value.rpartition(" ")
        if not head:
            verbs = sorted(registry())
            match = next((v for v in verbs if v.startswith(fold(last))), None)
            return match if match and match != last else None
        wanted = fold(last.lstrip('"'))
        for name in self.names():
            candidate = name.split()[0] if " " not in name else name
            if fold(candidate).startswith(wanted) and fold(candidate) != wanted:
                completion = f'"{name}"' if " " in name else name
                return f"{head} {completion}"
        return None


class CommandBar(LineInput):
    """Where the GM types commands; Enter submits, Up/Down walk the history."""

    BINDINGS = [
        Binding("up", "history(-1)", "Previous", show=False, id="command.previous"),
        Binding("down", "history(1)", "Next", show=False, id="command.next"),
        Binding("escape", "leave", "Leave", show=False, id="command.leave"),
    ]

    class Submitted(Message):
        """The GM entered a command line."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    def __init__(self, names: Callable[[], list[str]], *, id: str | None = None) -> None:
        super().__init__(
            placeholder=": command  (help, attack, next…)",
            id=id,
            suggester=CommandSuggester(names),
            select_on_focus=False,  # a pre-filled verb is kept: the name typed next follows it
        )
        self.history: list[str] = []
        self.position = 0

    def sent(self, line: str) -> Message:
        """The line sent, remembered for Up and Down."""
        self.history.append(line)
        self.position = len(self.history)
        return self.Submitted(line)

    def action_history(self, step: int) -> None:
        """Show an earlier or later command."""
        if not self.history:
            return
        self.position = max(0, min(len(self.history), self.position + step))
        self.value = self.history[self.position] if self.position < len(self.history) else ""
        self.cursor_position = len(self.value)

    def action_leave(self) -> None:
        """Give the keys back to the dashboard."""
        self.value = ""
        self.screen.set_focus(None)
