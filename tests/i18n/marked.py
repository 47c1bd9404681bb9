"""A Finnish catalog whose every message is marked, to find text on screen that did not
come from a catalog."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from fatescreen import i18n
from fatescreen.rules import ladder

OPEN, CLOSE = "⟦", "⟧"
WORD = re.compile(r"[A-Za-zÅÄÖåäöÉé]{2,}")


@contextmanager
def marked_finnish(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every Finnish message (and the rules' Finnish ladder, the one other table of
    Finnish words) wrapped in ⟦ ⟧ while the block runs."""
    catalog = i18n.PO["fi"]
    for key, text in list(catalog.messages.items()):
        monkeypatch.setitem(catalog.messages, key, OPEN + text + CLOSE)
    for key, (number, forms) in list(catalog.plurals.items()):
        monkeypatch.setitem(
            catalog.plurals, key, (number, tuple(OPEN + form + CLOSE for form in forms))
        )
    for value, name in list(ladder.LADDER["fi"].items()):
        monkeypatch.setitem(ladder.LADDER["fi"], value, OPEN + name + CLOSE)
    yield


def unmarked(text: str) -> str:
    """The text outside every ⟦ ⟧, line by line (a message wrapped or cut at a line's edge
    counts as marked up to its end)."""
    kept_lines = []
    for line in text.splitlines():
        depth = 0
        kept: list[str] = []
        for char in line:
            if char == OPEN:
                depth += 1
            elif char == CLOSE:
                if depth == 0:
                    kept = []  # the message began on an earlier line
                else:
                    depth -= 1
            elif depth == 0:
                kept.append(char)
        kept_lines.append("".join(kept))
    return "\n".join(kept_lines)


def stray_words(text: str, allowed: set[str]) -> list[str]:
    """Words outside the marks that are not allowed (names the GM wrote, key names); the
    part of a word a cut name ends in, just before its "…", counts as that word."""
    shown = re.sub(r"[\w-]+…", "…", unmarked(text))
    return sorted({word for word in WORD.findall(shown) if word not in allowed})


def scene_words(*paths: Path) -> set[str]:
    """Every word the GM wrote in these files: quoted names, aspects, notes and ids, and
    skills (keys that start with a capital)."""
    words: set[str] = set()
    for path in paths:
        text = path.read_text("utf-8")
        for literal in re.findall(r'"((?:[^"\\]|\\.)*)"', text):
            words |= set(WORD.findall(literal))
        # skill names are keys: { Fight = 4 } (other keys are the file's own words)
        words |= set(re.findall(r"\b([A-ZÅÄÖ][\w-]*)\s*=", text))
        # and so are the abilities of an inline table: { poliisi = 4, ammunta = 3 }
        for table in re.findall(r"\{([^}]*)\}", text):
            words |= set(re.findall(r"([\w-]+)\s*=", table))
    return words
