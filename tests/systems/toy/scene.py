"""The toy system's scene files: a title and named counters, in a table of counts
(``counters = { Goblins = 0 }``) or one ``[[counter]]`` table each, as an import of a CSV
sheet adds them (``columns``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fatescreen.scene.errors import KeyPath, text
from fatescreen.scene.reader import MAX_COUNT, Reader
from fatescreen.scene.systems.tables import TEXT, WHOLE, AnyKey, Columns, records
from tests.systems.toy import TOY


@dataclass(frozen=True)
class ToyScene:
    """A tally being kept: each counter's name and count, in file order (the table's
    counters, then the ``[[counter]]`` tables')."""

    title: str
    notes: str = ""
    counters: tuple[tuple[str, int], ...] = ()
    hidden: tuple[str, ...] = ()
    """The counters the players do not see."""
    listed: tuple[str, ...] = ()
    """The counters the file writes as ``[[counter]]`` tables, in file order."""

    def count(self, name: str) -> int:
        """A counter's count."""
        return dict(self.counters)[name]


class ToyFormat:
    """The scene file format of the toy system."""

    system = TOY
    keys = ("counters", "hidden", "counter")
    transient = ()
    columns = Columns({"name": TEXT, "count": WHOLE}, {}, section="counter")
    """A sheet's row is a counter: its name and its count (0 if the sheet has none)."""

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
        listed = []
        for index, item in enumerate(records(reader, top, "counter")):
            found = _listed(reader, item, ("counter", index))
            if found is None:
                continue
            if found[0] in dict(counters):
                reader.fail(("counter", index, "name"), text("check.here_twice", name=found[0]))
                continue
            counters.append(found)
            listed.append(found[0])
        hidden = reader.texts(top.get("hidden", []), ("hidden",))
        for number, name in enumerate(hidden):
            if name not in dict(counters):
                reader.fail(("hidden", number), f"no counter is called {name!r}")
        if reader.problems:
            return None
        return ToyScene(title, notes, tuple(counters), tuple(hidden), tuple(listed))

    def blank(self, title: str) -> ToyScene:
        """A tally with no counters."""
        return ToyScene(title)

    def file_state(self, value: ToyScene) -> Mapping[KeyPath, Any]:
        """The counts are what play changes: the table's, and each ``[[counter]]``'s."""
        counts = dict(value.counters)
        state: dict[KeyPath, Any] = {
            ("counters",): {n: c for n, c in value.counters if n not in value.listed}
        }
        for index, name in enumerate(value.listed):
            state[("counter", index, "count")] = counts[name]
        return state


def _listed(reader: Reader, item: object, path: KeyPath) -> tuple[str, int] | None:
    """A ``[[counter]]`` table's name and count (0 if it has none)."""
    table = reader.table(item, path, ("name", "count"))
    if table is None:
        return None
    if "name" not in table:
        reader.fail((*path, "name"), text("toy.counter.no_name"))
        return None
    name = reader.text(table["name"], (*path, "name"))
    count = reader.integer(table.get("count", 0), (*path, "count"), low=0, high=MAX_COUNT)
    if name is None or count is None:
        return None
    return name, count


FORMAT = ToyFormat()
