"""A form dialog: a few labelled text fields and pickers that make one command line."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.content import Content
from textual.widgets import Button, Input, Label, Select, Static

from fatescreen.commands.requests import Order
from fatescreen.ui.dialogs import Dialog
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble, literal


@dataclass(frozen=True)
class FormField:
    """One line of a form: a text field, or a picker when it has options.

    ``options`` are ``(label, value)`` pairs; the field's value is the chosen one's value
    (a text field's value is its text, stripped).
    """

    key: str
    label: str
    value: str = ""
    options: tuple[tuple[str, str], ...] = ()
    required: bool = False
    placeholder: str = ""


class FormError(ValueError):
    """What the GM entered cannot make a command; the message says what to fix."""


Values = Mapping[str, str]
Build = Callable[[Values], Order]
"""Makes the request from the form's values ("" when there is nothing to do).

Raises:
    FormError: A value cannot be used; the message is shown in the form.
"""


class FormDialog(Dialog):
    """Fill in a few fields; Enter in a text field (or Confirm) applies, Esc cancels.

    Nothing happens until the GM confirms; a command the scene refuses keeps the form
    open with the refusal shown and every value still entered (``applies``).
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]

    def __init__(
        self,
        view: View,
        title: str,
        fields: Sequence[FormField],
        build: Build,
        *,
        note: Content | str = "",
        applies: bool = False,
        announce: bool = False,
    ) -> None:
        super().__init__(view, title, applies=applies, announce=announce)
        self.fields = list(fields)
        self.build = build
        self.note = note

    def compose(self) -> ComposeResult:
        with self.body():
            if self.note:
                note = assemble(self.note) if isinstance(self.note, str) else self.note
                yield Static(note, classes="dialog-note")
            with Grid(classes="form-grid"):
                for field in self.fields:
                    yield Label(assemble(field.label + (" *" if field.required else "")))
                    if field.options:
                        values = [value for _, value in field.options]
                        yield Select(
                            [(Text(literal(label)), value) for label, value in field.options],
                            value=field.value if field.value in values else values[0],
                            allow_blank=False,
                            id=f"form-{field.key}",
                        )
                    else:
                        yield Input(
                            value=field.value,
                            placeholder=field.placeholder,
                            id=f"form-{field.key}",
                        )
            yield self.error_line()
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.view.tr("ui.confirm"), variant="primary", id="confirm")
                yield Button(self.view.tr("ui.cancel"), id="cancel")
            yield Static(Content(self.view.tr("ui.form_keys")), classes="dialog-hint")

    def on_mount(self) -> None:
        """Focus the first text field (or the first field), cursor at the end of its text."""
        inputs = list(self.query(Input))
        first = inputs[0] if inputs else self.query_one(f"#form-{self.fields[0].key}")
        first.focus()

    def values(self) -> dict[str, str]:
        """Every field's value: a text field's text (stripped) or a picker's choice."""
        found: dict[str, str] = {}
        for field in self.fields:
            widget = self.query_one(f"#form-{field.key}")
            if isinstance(widget, Input):
                found[field.key] = widget.value.strip()
            elif isinstance(widget, Select):
                value = widget.value
                found[field.key] = value if isinstance(value, str) else ""
        return found

    def on_input_submitted(self) -> None:
        """Enter in a text field applies the form."""
        self.action_confirm()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Confirm or cancel by button."""
        if event.button.id == "confirm":
            self.action_confirm()
        else:
            self.dismiss(None)

    def action_confirm(self) -> None:
        """Check the required fields, make the command and apply it."""
        values = self.values()
        for field in self.fields:
            if field.required and not values[field.key]:
                self.show_error(self.view.tr("ui.fill_in_field", field=field.label))
                self.query_one(f"#form-{field.key}").focus()
                return
        try:
            line = self.build(values)
        except FormError as error:
            self.show_error(str(error))
            return
        if line:
            self.submit(line)
        else:
            self.dismiss(None)


__all__ = ["FormDialog", "FormError", "FormField"]
