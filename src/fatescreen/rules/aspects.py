"""Aspects of every kind with their free invokes and hidden flag (docs/rules.md §3)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

from fatescreen.rules.text import MAX_NAME, check_text

GM = "gm"
"""The owner id used for free invokes held by the game master."""


class AspectKind(StrEnum):
    """What an aspect is attached to or made of."""

    HIGH_CONCEPT = "high_concept"
    TROUBLE = "trouble"
    CHARACTER = "character"
    SITUATION = "situation"
    CONSEQUENCE = "consequence"
    BOOST = "boost"


_NOT_WORD = re.compile(r"[^\w]+")


@lru_cache(maxsize=4096)
def make_id(name: str) -> str:
    """Derive an id from a free-text name in any language: ``Silbestre`` -> ``silbestre``,
    ``Kultainen naamio`` -> ``kultainen-naamio``. Letters beyond ASCII are kept."""
    if name.isascii():
        # the common case, ASCII letters and digits between whitespace, at C speed: each
        # run of whitespace becomes one hyphen, and ASCII needs no normalising or folding
        words = name.split()
        if "".join(words).isalnum():
            return "-".join(words).lower()
    folded = unicodedata.normalize("NFC", name).casefold().strip()
    slug = _NOT_WORD.sub("-", folded).strip("-_")
    return slug or "x"


@dataclass(frozen=True)
class Aspect:
    """A phrase that is true in the fiction and can be invoked or compelled.

    ``free_invokes`` holds one owner id per free invoke (a character id, or :data:`GM`).
    """

    name: str
    kind: AspectKind = AspectKind.SITUATION
    free_invokes: tuple[str, ...] = ()
    hidden: bool = False

    def __post_init__(self) -> None:
        name = self.name
        if not (name.isprintable() and 0 < len(name) <= MAX_NAME and not name.isspace()):
            check_text(name)  # the one rule for text: what a file may hold

    @property
    def id(self) -> str:
        """The aspect's id, derived from its name."""
        return make_id(self.name)

    @property
    def is_boost(self) -> bool:
        """True for a boost, which vanishes once its free invoke is used."""
        return self.kind is AspectKind.BOOST

    def free_invokes_of(self, owner: str) -> int:
        """How many free invokes on this aspect ``owner`` holds."""
        return self.free_invokes.count(owner)

    def with_free_invokes(self, owner: str, count: int = 1) -> Aspect:
        """A copy with ``count`` more free invokes held by ``owner``."""
        if count < 0:
            raise ValueError("count must not be negative")
        # Keep each owner's invokes together, in the order owners first appear, so the
        # aspect reads (and saves) the same however its invokes were gained.
        owners = list(dict.fromkeys((*self.free_invokes, owner)))
        grouped = tuple(
            who
            for who in owners
            for _ in range(self.free_invokes.count(who) + (who == owner) * count)
        )
        return replace(self, free_invokes=grouped)

    def without_free_invoke(self, owner: str) -> Aspect:
        """A copy with one free invoke of ``owner`` removed.

        Raises:
            ValueError: ``owner`` holds no free invoke on this aspect.
        """
        if owner not in self.free_invokes:
            raise ValueError(f"{owner} holds no free invoke on {self.name!r}")
        index = self.free_invokes.index(owner)
        return replace(
            self, free_invokes=self.free_invokes[:index] + self.free_invokes[index + 1 :]
        )

    def revealed(self) -> Aspect:
        """A copy that is no longer hidden."""
        return replace(self, hidden=False)

    def renamed(self, name: str) -> Aspect:
        """A copy with a new name (free invokes and flags kept)."""
        return replace(self, name=name)


def boost(name: str, owner: str) -> Aspect:
    """A boost: an aspect with one free invoke for ``owner`` that vanishes once used."""
    return Aspect(name=name, kind=AspectKind.BOOST, free_invokes=(owner,))
