"""Key bindings in the GM's language: descriptions from the catalogs, keys as they are typed."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding
from textual.dom import DOMNode

from fatescreen.i18n import tr

KEY_NAMES = {
    "question_mark": "?",
    "colon": ":",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "down": "↓",
    "up": "↑",
    "escape": "Esc",
    "delete": "Del",
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


def translate_bindings(node: DOMNode, lang: str) -> None:
    """Give a node's key bindings their descriptions in ``lang``, for the footer to show.

    Textual has no public call to change a binding's description, and the footer reads
    the node's own map of bindings (a per-node copy of the class's), so translated copies
    of the bindings replace the ones in that map.
    """
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [
            replace(binding, description=described(binding, lang)) for binding in bindings
        ]
    node.refresh_bindings()
