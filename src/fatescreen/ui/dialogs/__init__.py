"""Dialogs: each builds one command line from a few choices, or changes nothing on Esc."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Self

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from fatescreen.commands.requests import Order, Request, command_line
from fatescreen.ui.keys import translate_bindings
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble, fit_title


class DialogBody(Vertical):
    """A dialog's box: its title fitted to the box's width, the names in it cut in the
    middle (``New situation aspect (1 free invoke for The Br…Mother)``), never at the
    end where Textual would cut them."""

    def __init__(self, title: str, names: Sequence[str], *, classes: str = "dialog-body") -> None:
        super().__init__(classes=classes)
        self.title_text = title
        self.title_names: tuple[str, ...] = ()
        """The names in the title, cut in the middle when it is too wide (:meth:`naming`)."""
        self.names = tuple(names)
        self.border_title = assemble(title)

    def on_resize(self) -> None:
        """Fit the title to the new width."""
        room = self.outer_size.width - 6  # the corners, "─ " before the title and " ─" after
        self.border_title = assemble(fit_title(self.title_text, self.names, room))


class Dialog(ModalScreen[str | None]):
    """A modal dialog that returns a command line, or None when cancelled with Esc.

    A dialog that ``applies`` its command posts :class:`Dialog.Submitted` up to the app and
    stays open until the app answers (:meth:`answer`): a refused command leaves the dialog
    open, showing why, with everything the GM entered still in it.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]
    DEFAULT_CLASSES = "dialog"

    class Submitted(Message):
        """A dialog that applies its command asks the app to apply it; the app answers
        with :meth:`Dialog.answer`."""

        def __init__(self, dialog: Dialog, line: str, *, announce: bool) -> None:
            super().__init__()
            self.dialog = dialog
            """The dialog waiting for the answer."""
            self.line = line
            """The command line to apply."""
            self.announce = announce
            """Whether to say what a command that changes no scene did."""

    def __init__(
        self, view: View, title: str, *, applies: bool = False, announce: bool = False
    ) -> None:
        super().__init__()
        self.view = view
        self.title_text = title
        self.title_names: tuple[str, ...] = ()
        """The names in the title, cut in the middle when it is too wide (:meth:`naming`)."""
        self.applies = applies
        """Whether the dialog has its command applied before it closes."""
        self.announce = announce
        """Whether the app says what an applied command that changes no scene did."""
        self.waiting = False
        """True from a submit until the app answers it."""

    def naming(self, *names: str) -> Self:
        """The dialog, its title's ``names`` to be cut in the middle should the title not
        fit its box."""
        self.title_names = names
        return self

    def body(self) -> DialogBody:
        """The dialog's box, titled."""
        return DialogBody(self.title_text, self.title_names)

    def submit(self, order: Order) -> None:
        """Close with a request's command line; a dialog that ``applies`` asks the app to
        apply it first and closes only once it was applied."""
        line = command_line(order)
        if not self.applies:
            self.dismiss(line)
        elif not self.waiting:
            # a second Enter before the app answers must not apply the command twice
            self.waiting = True
            self.post_message(self.Submitted(self, line, announce=self.announce))

    def answer(self, line: str, refusal: str | None) -> None:
        """The app applied ``line`` (close, returning it) or refused it (stay open and show
        why)."""
        self.waiting = False
        if refusal is None:
            self.dismiss(line)
        else:
            self.show_error(refusal)

    def error_line(self) -> Static:
        """Where a refusal is shown (hidden until there is one)."""
        line = Static("", classes="dialog-error")
        line.display = False
        return line

    def show_error(self, text: str) -> None:
        """Show why the command was refused."""
        for line in self.query(".dialog-error").results(Static):
            line.update(assemble((text, "$error")))
            line.display = True

    @on(events.Mount)
    def describe_keys(self) -> None:
        """Describe the dialog's keys in the GM's language (runs besides ``on_mount``)."""
        translate_bindings(self, self.view.lang)

    def action_cancel(self) -> None:
        """Close without doing anything."""
        self.dismiss(None)


class ChoiceDialog(Dialog):
    """Pick one of several options; Enter takes the highlighted one.

    Each option is ``(request or value, label)``; extra keys map a key to a request.
    """

    def __init__(
        self,
        view: View,
        title: str,
        options: Sequence[tuple[Order, Content | str]],
        *,
        note: Content | str = "",
        keys: Sequence[tuple[str, str, Order]] = (),
        highlighted: int = 0,
        list_keys: bool = True,
        applies: bool = False,
        alternates: Sequence[tuple[str, str, Sequence[Order]]] = (),
    ) -> None:
        super().__init__(view, title, applies=applies)
        self.options = list(options)
        self.alternates = list(alternates)
        """Keys that choose the highlighted option another way: ``(key, label, lines)``
        with one command line per option (e.g. r refuses the highlighted compel)."""
        self.note = note
        self.extra_keys = list(keys)
        self.highlighted = highlighted
        self.list_keys = list_keys
        """Whether the hint line lists the extra keys (off when the options show them)."""

    def compose(self) -> ComposeResult:
        with self.body():
            if self.note:
                yield Static(self.note, classes="dialog-note")
            yield OptionList(
                *[Option(label, id=str(index)) for index, (_, label) in enumerate(self.options)],
                id="choices",
            )
            yield self.error_line()
            shown = self.extra_keys if self.list_keys else []
            hints = "  ".join(
                [f"[{key}] {label}" for key, label, _ in shown]
                + [f"[{key}] {label}" for key, label, _ in self.alternates]
            )
            lettered = self.extra_keys and not self.list_keys
            footer = self.view.tr("ui.dialog_letter_keys" if lettered else "ui.dialog_keys")
            footer += "  " + hints if hints else ""
            yield Static(Content(footer), classes="dialog-hint")

    def on_mount(self) -> None:
        """Highlight the most likely choice."""
        choices = self.query_one(OptionList)
        if self.options:
            choices.highlighted = min(self.highlighted, len(self.options) - 1)
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click on an option."""
        index = int(event.option.id or 0)
        self.submit(self.options[index][0])

    def on_key(self, event: object) -> None:
        """Extra one-key choices (e.g. m for minion armor)."""
        key = getattr(event, "key", "")
        for extra_key, _, line in self.extra_keys:
            if key == extra_key:
                self.submit(line)
                if hasattr(event, "stop"):
                    event.stop()
                return
        for alternate_key, _, lines in self.alternates:
            highlighted = self.query_one(OptionList).highlighted
            if key == alternate_key and highlighted is not None:
                self.submit(lines[highlighted])
                if hasattr(event, "stop"):
                    event.stop()
                return


class TextDialog(Dialog):
    """Ask for one or more texts; Enter in the last field submits."""

    def __init__(
        self,
        view: View,
        title: str,
        fields: Sequence[tuple[str, str]],
        template: Callable[[list[str]], Request],
        *,
        note: Content | str = "",
        applies: bool = False,
    ) -> None:
        super().__init__(view, title, applies=applies)
        self.fields = list(fields)
        self.template = template
        """Makes the typed request from the texts entered, in the fields' order."""
        self.note = note

    def compose(self) -> ComposeResult:
        with self.body():
            if self.note:
                yield Static(self.note, classes="dialog-note")
            for index, (label, value) in enumerate(self.fields):
                yield Label(label)
                yield Input(value=value, id=f"field-{index}")
            yield self.error_line()
            yield Static(Content(self.view.tr("ui.dialog_keys")), classes="dialog-hint")

    def on_mount(self) -> None:
        """Focus the first field."""
        self.query_one("#field-0", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter: next field, or submit from the last."""
        index = int((event.input.id or "field-0").split("-")[1])
        if index + 1 < len(self.fields):
            self.query_one(f"#field-{index + 1}", Input).focus()
            return
        values = [self.query_one(f"#field-{i}", Input).value for i in range(len(self.fields))]
        if not all(value.strip() for value in values):
            self.notify(self.view.tr("ui.fill_in"), severity="warning", markup=False)
            return
        self.submit(self.template(values))


class ConfirmDialog(Dialog):
    """Show what will happen; Enter applies, Esc cancels."""

    BINDINGS = [
        Binding("enter", "confirm", "Confirm", id="dialog.confirm"),
        Binding("escape", "cancel", "Cancel", id="dialog.cancel"),
    ]

    def __init__(
        self,
        view: View,
        title: str,
        summary: Content | str,
        line: Order,
        *,
        applies: bool = False,
        buttons: tuple[str, str] = ("ui.confirm", "ui.cancel"),
    ) -> None:
        super().__init__(view, title, applies=applies)
        self.summary = summary
        self.line = line
        self.buttons = buttons
        """The catalog keys of the two buttons' words (what Enter and Esc do)."""

    def compose(self) -> ComposeResult:
        with self.body():
            yield Static(self.summary, classes="dialog-note")
            yield self.error_line()
            with Horizontal(classes="dialog-buttons"):
                confirm, cancel = (self.view.tr(key) for key in self.buttons)
                yield Button(confirm, variant="primary", id="confirm", compact=True)
                yield Button(cancel, id="cancel", compact=True)

    def on_mount(self) -> None:
        """Enter confirms."""
        self.query_one("#confirm", Button).focus()

    def action_confirm(self) -> None:
        """Apply."""
        self.submit(self.line)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Confirm or cancel by button."""
        if event.button.id == "confirm":
            self.submit(self.line)
        else:
            self.dismiss(None)
