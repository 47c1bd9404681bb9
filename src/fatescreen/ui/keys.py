"""Key bindings in the GM's language: descriptions from the catalogs, keys as they are typed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any
from weakref import WeakKeyDictionary

from textual.app import App, ComposeResult, SystemCommand
from textual.binding import ActiveBinding, Binding, BindingType
from textual.command import CommandPalette
from textual.dom import DOMNode
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Footer

from fatescreen.i18n import tr

KEY_NAMES = {
    "question_mark": "?",
    "colon": ":",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "dollar_sign": "$",
    "down": "↓",
    "up": "↑",
    "escape": "Esc",
    "delete": "Del",
    "plus": "+",
    "minus": "-",
}


def key_names(keys: str) -> str:
    """A binding's keys as the GM types them: ``question_mark`` as ``?``, ``j,down`` as ``j ↓``."""
    return " ".join(KEY_NAMES.get(key, key) for key in keys.split(","))


def described(binding: Binding, lang: str) -> str:
    """A binding's description in ``lang`` (catalog key ``ui.key.ID``), else its own."""
    if not binding.id:
        return binding.description
    key = f"ui.key.{binding.id}"
    text = tr(lang, key)
    return binding.description if text == key else text


def palette_text(text: str) -> str:
    """Text shown as it is in the command palette, which reads its help as markup: every
    ``[`` escaped (usage lines hold ``[DICE]``, which Textual's own escape leaves a tag)."""
    return text.replace("[", "\\[")


def textual_commands_in(commands: Iterable[SystemCommand], lang: str) -> Iterator[SystemCommand]:
    """Textual's own palette commands in ``lang`` (catalog keys ``ui.system.TITLE`` and
    ``ui.system.TITLE.help``), else as Textual words them."""
    for command in commands:
        key = f"ui.system.{command.title.lower()}"
        title, text = tr(lang, key), tr(lang, f"{key}.help")
        yield command._replace(
            title=command.title if title == key else title,
            help=command.help if text == f"{key}.help" else text,
        )


def binding_commands(
    bindings: Iterable[BindingType], lang: str, run: Callable[[str], object]
) -> Iterator[SystemCommand]:
    """A palette command for each key binding with an id (``pane_`` ones aside): its
    description in ``lang`` and its keys; choosing it runs the binding's action."""
    for binding in bindings:
        if isinstance(binding, Binding) and binding.id and not binding.id.startswith("pane_"):
            description = described(binding, lang)
            yield SystemCommand(
                description,
                palette_text(f"{description} [{key_names(binding.key)}]"),
                partial(run, binding.action),
            )


def open_command_palette(app: App[Any], placeholder: str) -> None:
    """Open the command palette with its prompt in the GM's language (unless it is open)."""
    open_already = any(isinstance(screen, CommandPalette) for screen in app.screen_stack)
    if app.use_command_palette and not open_already:
        app.push_screen(CommandPalette(placeholder=placeholder, id="--command-palette"))


_LANGUAGES: WeakKeyDictionary[DOMNode, str] = WeakKeyDictionary()
"""The language each node's key bindings are described in (set by translate_bindings)."""


_SHOWN: WeakKeyDictionary[DOMNode, frozenset[str]] = WeakKeyDictionary()
"""On a narrow footer, the ids of the keys it shows of each node (set by translate_bindings)."""


def translate_bindings(node: DOMNode, lang: str, shown: frozenset[str] | None = None) -> None:
    """Describe a node's key bindings in ``lang`` wherever a :class:`LocalFooter` shows them.

    Textual has no public call to change a binding's description: the footer puts the
    description on each key it shows, and a LocalFooter replaces it there.

    Args:
        node: the app, screen or widget whose bindings are described.
        lang: the GM's language.
        shown: on a narrow footer, the ids of the node's keys it shows (of those marked
            shown); None shows them all.
    """
    _LANGUAGES[node] = lang
    if shown is None:
        _SHOWN.pop(node, None)
    else:
        _SHOWN[node] = shown
    node.refresh_bindings()


def footer_ids(node: DOMNode) -> frozenset[str] | None:
    """The ids of the keys a narrow footer shows of ``node`` (None: all that are shown)."""
    return _SHOWN.get(node)


def shown_description(found: ActiveBinding) -> str:
    """The description of an active binding in its node's language (see translate_bindings)."""
    lang = _LANGUAGES.get(found.node)
    return found.binding.description if lang is None else described(found.binding, lang)


class LocalFooter(Footer):
    """Textual's footer with each key described in the language of the node it is bound on."""

    def compose(self) -> ComposeResult:
        """Textual's keys, their descriptions replaced."""
        active = self.screen.active_bindings
        for widget in super().compose():
            key = getattr(widget, "key", None)
            found = active.get(key) if isinstance(key, str) else None
            shown = footer_ids(found.node) if found is not None else None
            # only keys of our own (with an id) give way on a narrow footer; the palette stays
            palette = key == self.app.COMMAND_PALETTE_BINDING
            if (
                found is not None
                and shown is not None
                and not palette
                and found.binding.id not in (None, *shown)
            ):
                continue
            description: object = getattr(widget, "description", None)
            if found is not None and isinstance(description, str) and description:
                widget.description = shown_description(found)  # type: ignore[attr-defined]
            self._match_compact(widget)
            yield widget

    def _match_compact(self, widget: Widget) -> None:
        """Give a key the footer's ``compact`` before it is mounted, as the footer's data
        binding would after: else each key takes its default (compact) when mounted and the
        footer's value a moment later, and each change of its class styles it again (twice
        for every key of the first frame). The palette's key is bound to nothing: it keeps
        its own."""
        compact = getattr(type(widget), "compact", None)
        if isinstance(compact, Reactive) and not widget.has_class("-command-palette"):
            widget.set_reactive(compact, self.compact)
            widget.set_class(self.compact, "-compact", update=False)
