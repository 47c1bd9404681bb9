"""Numbered copies of one NPC: ``Cultist 1``, ``Cultist 2`` with ids ``cultist-1``... (§7).

Minion armor names its minions by the copies' base (``minions = ["cultist"]``), and a GM adds
reinforcements numbered after those present; this is the one place that reads and makes
those numbers.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

_NUMBERED_NAME = re.compile(r"^(.*\S)\s+(\d+)$")
_NUMBERED_ID = re.compile(r"^(.+)-(\d+)$")


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold()


def base_name(name: str) -> str:
    """A numbered copy's name without its number: ``Cultist 4`` → ``Cultist``."""
    match = _NUMBERED_NAME.match(name)
    return match.group(1) if match else name


def base_id(character_id: str) -> str:
    """A numbered copy's id without its number: ``cultist-2`` → ``cultist``."""
    match = _NUMBERED_ID.match(character_id)
    return match.group(1) if match else character_id


def copies_of(base: str, ids: Iterable[str]) -> list[str]:
    """The ids numbered after ``base`` (``cultist-1``, ``cultist-2``...), by number."""
    found = [
        (int(match.group(2)), cid)
        for cid in ids
        if (match := _NUMBERED_ID.match(cid)) and match.group(1) == base
    ]
    return [cid for _, cid in sorted(found)]


def numbered_names(base: str, count: int, taken: Iterable[str], *, plain: bool) -> list[str]:
    """Names for ``count`` new copies of ``base``, numbered after those already there.

    With Cultist 1 to 3 present, three more are Cultist 4, 5 and 6; a lone ``Cultist``
    counts as number 1. ``plain`` lets a single copy keep the bare name when no copy of
    it exists yet.
    """
    wanted = _fold(base)
    numbers = []
    for name in taken:
        if _fold(name) == wanted:
            numbers.append(1)
        elif (match := _NUMBERED_NAME.match(name)) and _fold(match.group(1)) == wanted:
            numbers.append(int(match.group(2)))
    if plain and count == 1 and not numbers:
        return [base]
    start = max(numbers, default=0) + 1
    return [f"{base} {number}" for number in range(start, start + count)]
