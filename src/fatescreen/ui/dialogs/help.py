"""The help screen: every key of the dashboard and every command of the language."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from fatescreen.commands.core import registry, verb_help
from fatescreen.ui.keys import described, key_names, translate_bindings
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble


class HelpScreen(ModalScreen[None]):
    """Keys first, then commands with their usage; Esc or ? closes."""

    BINDINGS = [
        Binding("escape,question_mark,q", "close", "Close", id="help.close"),
    ]

    def __init__(self, view: View, app: App[None]) -> None:
        super().__init__()
        self.view = view
        self.source = app

    def compose(self) -> ComposeResult:
        lines = [assemble((self.view.tr("ui.help_keys"), "bold $accent"))]
        for binding in self.source.BINDINGS:
            if not isinstance(binding, Binding) or not binding.id:
                continue
            keys = key_names(binding.key)
            lines.append(assemble((f"  {keys:<14}", "bold"), described(binding, self.view.lang)))
        lines.append(Content(""))
        lines.append(assemble((self.view.tr("ui.help_commands"), "bold $accent")))
        lang = self.view.lang
        for found in sorted(registry().values(), key=lambda found: found.word(lang)):
            lines.append(assemble((f"  {found.word(lang):<10}", "bold"), verb_help(found, lang)))
            lines.append(assemble(("            " + found.usage_in(lang), "$text-muted")))
        with VerticalScroll(classes="dialog-body help-body") as body:
            body.border_title = self.view.tr("ui.help_title")
            yield Static(Content("\n").join(lines))

    def on_mount(self) -> None:
        """Describe the keys in the GM's language."""
        translate_bindings(self, self.view.lang)

    def action_close(self) -> None:
        """Back to the dashboard."""
        self.dismiss(None)
