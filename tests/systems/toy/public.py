"""What the players may see of a toy scene: the counters not marked hidden, the one place
that decides it."""

from __future__ import annotations

from dataclasses import dataclass

from fatescreen.scene.public_view import PublicOf
from tests.systems.toy.scene import ToyScene


@dataclass(frozen=True)
class PublicTally:
    """A tally as the players see it: no field for a hidden counter."""

    title: str
    counters: tuple[tuple[str, int], ...]


def public_tally(scene: ToyScene) -> PublicTally:
    """The counters the GM has not hidden, in file order."""
    shown = tuple((name, count) for name, count in scene.counters if name not in scene.hidden)
    return PublicTally(scene.title, shown)


PUBLIC = PublicOf(public_tally)
"""The toy system's ``public`` part."""
