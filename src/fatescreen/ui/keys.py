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


def translate_bindings(node: DOMNode, lang: str, shown: frozenset[str] | None = None) -> None:
    """Give a node's key bindings their descriptions in ``lang``, for the footer to show.

    Textual has no public call to change a binding's description, and the footer reads
    the node's own map of bindings (a per-node copy of the class's), so translated copies
    of the bindings replace the ones in that map.

    Args:
        node: the app, screen or widget whose bindings are described.
        lang: the GM's language.
        shown: on a narrow footer, the ids of the bindings it shows (of those the class
            shows); None shows every binding the class marks as shown.
    """
    declared = {
        binding.id: binding.show
        for binding in getattr(type(node), "BINDINGS", [])
        if isinstance(binding, Binding) and binding.id
    }
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [
            replace(
                binding,
                description=described(binding, lang),
                show=declared.get(binding.id or "", binding.show)
                and (shown is None or binding.id in shown),
            )
            for binding in bindings
        ]
    node.refresh_bindings()
