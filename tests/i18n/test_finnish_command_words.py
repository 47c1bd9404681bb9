"""Where a Finnish message tells the GM what to type, it names the command and its keywords
by their Finnish words (each one the parser accepts), never by the English ones."""

from __future__ import annotations

import re

import pytest

import fatescreen.commands.session  # noqa: F401  (registers undo, redo, save, log, help)
from fatescreen.commands.core import KEYWORDS, registry
from fatescreen.commands.systems import verbs_of
from fatescreen.i18n import FI, tr

SYSTEMS = ("menneisyyden-varjot", "mekanismi", "objektien-luonti")
TYPED_AS_WRITTEN = ("check.", "cli.", "usage.", "cmd.")
"""Messages about what a scene file or the shell says, where the words are the file's keys
and the shell's subcommands (written in English in any language), and the words themselves."""
FINNISH_TOO = {"on", "vs", "bonus", "none", "default"}
"""English command words that are also Finnish words or typed as written (``vs.``)."""


def english_words() -> dict[str, str]:
    """Each English command word whose Finnish word differs, with that word."""
    words = {name: found.word("fi") for name, found in registry().items()}
    words |= {name: tr("fi", f"usage.{name}") for name in KEYWORDS}
    for system in SYSTEMS:
        verbs = verbs_of(system)
        for name, verb in verbs.verbs.items():
            words[name] = verb.word("fi")
            words |= {keyword: verb.term(keyword, "fi") for keyword in verbs.keywords}
    return {
        name: word
        for name, word in words.items()
        if word != name and not word.startswith("usage.") and name not in FINNISH_TOO
    }


MESSAGES = sorted(
    key
    for key in FI
    if not key.startswith(TYPED_AS_WRITTEN) and ".cmd." not in key and ".usage." not in key
)


@pytest.mark.parametrize("key", MESSAGES)
def test_a_finnish_message_names_commands_by_their_finnish_words(key: str) -> None:
    text = re.sub(r"\{[^}]*\}", "", FI[key])
    english = english_words()
    found = sorted({word for word in re.findall(r"[A-Za-z][\w-]*", text) if word in english})
    assert found == [], f"{key}: {FI[key]!r} ({', '.join(f'{w} → {english[w]}' for w in found)})"
