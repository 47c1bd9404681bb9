"""The help screen: every key of the screen it was opened from, and every command."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from fatescreen.commands.core import registry, verb_help
from fatescreen.ui.keys import described, key_names, translate_bindings
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble

APP_KEYS = (
    Binding("ctrl+p", "command_palette", "Command palette", id="command_palette"),
    Binding("ctrl+q", "quit", "Quit", id="quit"),
)
"""Keys every screen has from Textual itself, described like ours."""


def documented(bindings: Iterable[BindingType]) -> list[Binding]:
    """The bindings a GM presses: those with an id (ours), in the order given, each once."""
    seen: set[str] = set()
    found: list[Binding] = []
    for binding in bindings:
        if isinstance(binding, Binding) and binding.id and binding.id not in seen:
            seen.add(binding.id)
            found.append(binding)
    return found


def help_bindings(app: App[None], screen: object) -> list[Binding]:
    """What help lists for a screen: its own keys, the app's (on the dashboard), and
    Textual's command palette and quit."""
    own = list(getattr(type(screen), "BINDINGS", [])) if screen is not app.screen_stack[0] else []
    return documented([*own, *app.BINDINGS, *APP_KEYS])


class HelpScreen(ModalScreen[None]):
    """Keys first, then commands with their usage; Esc or ? closes."""

    BINDINGS = [
        Binding("escape,question_mark,q", "close", "Close", id="help.close"),
    ]

    def __init__(self, view: View, bindings: Sequence[Binding], *, note: str = "") -> None:
        super().__init__()
        self.view = view
        self.bindings = list(bindings)
        """The keys to list, as the screen that opened help has them."""
        self.note = note
        """What the keys act on, said before them ("" for nothing)."""

    def compose(self) -> ComposeResult:
        lines = [assemble((self.view.tr("ui.help_keys"), "bold $accent"))]
        if self.note:
            lines += [Content(self.note), Content("")]
        keys = [key_names(binding.key) for binding in self.bindings]
        key_width = max((len(k) for k in keys), default=0) + 2
        for binding, shown in zip(self.bindings, keys, strict=True):
            lines.append(
                assemble(
                    ("  " + shown.ljust(key_width), "bold"), described(binding, self.view.lang)
                )
            )
        lines.append(Content(""))
        lines.append(assemble((self.view.tr("ui.help_commands"), "bold $accent")))
        lang = self.view.lang
        verbs = sorted(registry().values(), key=lambda found: found.word(lang))
        name_width = max((len(found.word(lang)) for found in verbs), default=0) + 2
        for found in verbs:
            word = found.word(lang)
            lines.append(assemble(("  " + word.ljust(name_width), "bold"), verb_help(found, lang)))
            lines.append(assemble((" " * (name_width + 2) + found.usage_in(lang), "$text-muted")))
        with VerticalScroll(classes="dialog-body help-body") as body:
            body.border_title = self.view.tr("ui.help_title")
            yield Static(Content("\n").join(lines))

    def on_mount(self) -> None:
        """Describe the keys in the GM's language."""
        translate_bindings(self, self.view.lang)

    def action_close(self) -> None:
        """Back to the screen help was opened from."""
        self.dismiss(None)
