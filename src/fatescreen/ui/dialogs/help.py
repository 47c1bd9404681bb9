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


KeySection = tuple[str, list[Binding]]
"""A heading's catalog key ("" for none) and the keys listed under it."""


def help_bindings(app: App[None], screen: object) -> list[KeySection]:
    """What help lists for a screen, in sections: on the dashboard its keys (the app's)
    and Textual's command palette and quit; on another screen (the scene list, a sheet)
    that screen's own keys first, then the dashboard's under their own heading, less
    those the screen has too (``:`` and ``?`` listed once)."""
    if screen is app.screen_stack[0]:
        return [("", documented([*app.BINDINGS, *APP_KEYS]))]
    own = documented([*getattr(type(screen), "BINDINGS", []), *APP_KEYS])
    same = {(key_names(b.key), b.description) for b in own}
    dashboard = [
        b
        for b in documented(app.BINDINGS)
        if (key_names(b.key), b.description) not in same and b.action != "help"
    ]
    return [("ui.help_keys_here", own), ("ui.help_keys_dashboard", dashboard)]


class HangingText(Static):
    """Entries of a fixed-width head (a key, a command) and a text that wraps under itself,
    never back to the first column."""

    def __init__(self, entries: Sequence[tuple[Content, Content]]) -> None:
        super().__init__(Content("\n").join(head + text for head, text in entries))
        self.entries = list(entries)
        """Each line's head and its text (a heading: an empty head)."""
        self._width = 0

    def on_resize(self) -> None:
        """Wrap the texts to the width now (only when the width changed: the height
        follows the text)."""
        width = self.content_size.width
        if width and width != self._width:
            self._width = width
            self.update(Content("\n").join(self._lines(width)))

    def _lines(self, width: int) -> list[Content]:
        lines: list[Content] = []
        for head, text in self.entries:
            indent = head.cell_length
            parts = text.wrap(max(width - indent, 10)) if text.cell_length else [text]
            lines.append(head + parts[0])
            lines += [Content(" " * indent) + part for part in parts[1:]]
        return lines


class HelpScreen(ModalScreen[None]):
    """Keys first, then commands with their usage; Esc or ? closes."""

    BINDINGS = [
        Binding("escape,question_mark,q", "close", "Close", id="help.close"),
    ]

    def __init__(self, view: View, sections: Sequence[KeySection], *, note: str = "") -> None:
        super().__init__()
        self.view = view
        self.sections = list(sections)
        """The keys to list, in sections, as the screen that opened help has them."""
        self.note = note
        """What the keys act on, said before them ("" for nothing)."""

    def compose(self) -> ComposeResult:
        tr = self.view.tr
        entries: list[tuple[Content, Content]] = []

        def line(text: Content) -> None:
            entries.append((Content(""), text))

        line(assemble((tr("ui.help_keys"), "bold $accent")))
        if self.note:
            line(Content(self.note))
            line(Content(""))
        keys = [key_names(b.key) for _, bindings in self.sections for b in bindings]
        key_width = max((len(k) for k in keys), default=0) + 2
        for number, (heading, bindings) in enumerate(self.sections):
            if heading:
                if number:
                    line(Content(""))
                line(assemble((tr(heading), "bold")))
            for binding in bindings:
                head = assemble(("  " + key_names(binding.key).ljust(key_width), "bold"))
                entries.append((head, Content(described(binding, self.view.lang))))
        line(Content(""))
        line(assemble((tr("ui.help_commands"), "bold $accent")))
        lang = self.view.lang
        verbs = sorted(registry().values(), key=lambda found: found.word(lang))
        name_width = max((len(found.word(lang)) for found in verbs), default=0) + 2
        for found in verbs:
            word = found.word(lang)
            entries.append(
                (assemble(("  " + word.ljust(name_width), "bold")), Content(verb_help(found, lang)))
            )
            usage = assemble((found.usage_in(lang), "$text-muted"))
            entries.append((Content(" " * (name_width + 2)), usage))
        with VerticalScroll(classes="dialog-body help-body") as body:
            body.border_title = tr("ui.help_title")
            yield HangingText(entries)

    def on_mount(self) -> None:
        """Describe the keys in the GM's language."""
        translate_bindings(self, self.view.lang)

    def action_close(self) -> None:
        """Back to the screen help was opened from."""
        self.dismiss(None)
