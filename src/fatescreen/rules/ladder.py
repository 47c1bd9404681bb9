"""The ladder of adjectives and numbers (docs/rules.md §1), in English and Finnish."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

LADDER: Final[dict[str, dict[int, str]]] = {
    "en": {
        8: "Legendary",
        7: "Epic",
        6: "Fantastic",
        5: "Superb",
        4: "Great",
        3: "Good",
        2: "Fair",
        1: "Average",
        0: "Mediocre",
        -1: "Poor",
        -2: "Terrible",
        -3: "Catastrophic",
        -4: "Horrifying",
    },
    "fi": {
        8: "Legendaarinen",
        7: "Eeppinen",
        6: "Fantastinen",
        5: "Mieletön",
        4: "Mahtava",
        3: "Hyvä",
        2: "Kohtalainen",
        1: "Keskiverto",
        0: "Välttävä",
        -1: "Heikko",
        -2: "Kamala",
        -3: "Katastrofaalinen",
        -4: "Kammottava",
    },
}
"""Ladder adjectives by language and value; values outside -4..+8 have no name."""

LANGUAGES: Final = tuple(LADDER)


def signed(value: int) -> str:
    """Return a value with its sign, as the ladder writes it: ``+4``, ``+0``, ``-1``."""
    return f"+{value}" if value >= 0 else str(value)


def ladder_name(value: int, lang: str = "en") -> str | None:
    """Return the ladder adjective for a value, or None beyond the named range.

    Args:
        value: A rating, effort or difficulty.
        lang: ``"en"`` or ``"fi"``; an unknown language falls back to English.
    """
    return LADDER.get(lang, LADDER["en"]).get(value)


def describe(value: int, lang: str = "en", names: bool = True) -> str:
    """Describe a value on the ladder: ``Great (+4)``, or ``+10`` beyond the named range.

    Args:
        value: The number to describe.
        lang: The language of the adjective.
        names: False to show only the number (some GMs dislike the adjectives).
    """
    name = ladder_name(value, lang) if names else None
    return f"{name} ({signed(value)})" if name else signed(value)


@dataclass(frozen=True)
class Rung:
    """A value a rule's message names as a step of the ladder, so that the layers that
    word the message name it in the GM's language (``str``: the English words)."""

    value: int

    def __str__(self) -> str:
        return describe(self.value)


def parse_rating(text: str) -> int:
    """Read a rating typed as a number (``3``, ``+3``, ``-1``) or a ladder word (any language).

    Raises:
        ValueError: The text is neither a number nor a ladder adjective.
    """
    cleaned = text.strip()
    try:
        return int(cleaned)
    except ValueError:
        pass
    folded = cleaned.casefold()
    for names in LADDER.values():
        for value, name in names.items():
            if name.casefold() == folded:
                return value
    raise ValueError(f"not a rating: {text!r} (a number such as +3, or a ladder word)")
