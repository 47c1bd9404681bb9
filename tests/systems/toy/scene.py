"""The toy system's scene files: a title and a table of named counters."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fatescreen.scene.errors import KeyPath
from fatescreen.scene.reader import MAX_COUNT, Reader
from fatescreen.scene.systems.tables import AnyKey
from tests.systems.toy import TOY


@dataclass(frozen=True)
class ToyScene:
    """A tally being kept: each counter's name and count, in file order."""

    title: str
    notes: str = ""
    counters: tuple[tuple[str, int], ...] = ()
    hidden: tuple[str, ...] = ()
    """The counters the players do not see."""

    def count(self, name: str) -> int:
        """A counter's count."""
        return dict(self.counters)[name]


class ToyFormat:
    """The scene file format of the toy system."""

    system = TOY
    keys = ("counters", "hidden")
    transient = ()

    def decode(
        self, reader: Reader, top: Mapping[str, Any], title: str, notes: str
    ) -> ToyScene | None:
        """The scene from its file, every mistake recorded with its key path."""
        table = reader.table(top.get("counters", {}), ("counters",), AnyKey()) or {}
        counters = []
        for name, value in table.items():
            count = reader.integer(value, ("counters", name), low=0, high=MAX_COUNT)
            if count is not None:
                counters.append((name, count))
        hidden = reader.texts(top.get("hidden", []), ("hidden",))
        for number, name in enumerate(hidden):
            if name not in dict(counters):
                reader.fail(("hidden", number), f"no counter is called {name!r}")
        if reader.problems:
            return None
        return ToyScene(title, notes, tuple(counters), tuple(hidden))

    def blank(self, title: str) -> ToyScene:
        """A tally with no counters."""
        return ToyScene(title)

    def file_state(self, value: ToyScene) -> Mapping[KeyPath, Any]:
        """The counters are what play changes."""
        return {("counters",): dict(value.counters)}


FORMAT = ToyFormat()
