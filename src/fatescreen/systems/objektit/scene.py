"""Objektien luonti scene files: the kinds of object with their inherent abilities, and the
objects (characters, ships, armies) with their sheets and condition (seed 001).

::

    format = 1
    system = "objektien-luonti"
    title = "Satamassa"

    [kinds.hahmo]
    inherent = ["vikkelä", "vaarallinen", "kurinalainen", "kätevä", "vaikuttava", "nokkela", "kova"]
    resist = "kova"      # the inherent ability used against damage

    [[object]]
    name = "Aino"
    kind = "hahmo"
    player = "Eevi"
    concept = "Melko kyvykäs poliisi"
    inherent = { vikkelä = 3, vaarallinen = 2, kurinalainen = 4, kätevä = 3, vaikuttava = 3,
    # ... (TOML wants an inline table on one line; here it is cut for the page)
    developed = { poliisi = 4, ammunta = 3 }
    default = 1          # the GM's value for a missing developed ability
    condition = 6        # written by fatescreen
    # hidden = true      # a GM's object the players do not see (docs/player-view.md)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from fatescreen.scene.errors import KeyPath, text
from fatescreen.scene.reader import MAX_COUNT, MAX_TEXT, Reader
from fatescreen.scene.systems.tables import FREE, LIST, TEXT, WHOLE, AnyKey, Columns, records
from fatescreen.systems.objektit import OBJEKTIT
from fatescreen.systems.objektit.rules.condition import CONDITION_MAX
from fatescreen.systems.objektit.rules.conflict import Conflict, ConflictResult
from fatescreen.systems.objektit.rules.initiative import InitiativeEntry
from fatescreen.systems.objektit.rules.ratings import RATING_MAX, RATING_MIN
from fatescreen.systems.objektit.rules.sheet import ObjectSheet

KEYS = ("kinds", "object")
KIND_KEYS = ("inherent", "resist")
OBJECT_KEYS = (
    "name",
    "kind",
    "player",
    "concept",
    "history",
    "appearance",
    "inherent",
    "developed",
    "default",
    "condition",
    "goal",
    "goals",
    "notes",
    "hidden",
)
DEFAULT_RESIST = "kova"
"""The inherent ability used against damage when a kind names none (the seed's «kova»)."""
LOWEST_CONDITION = -MAX_COUNT


@dataclass(frozen=True)
class Kind:
    """A kind of object: the inherent abilities every object of the kind has."""

    name: str
    inherent: tuple[str, ...]
    resist: str = DEFAULT_RESIST


@dataclass(frozen=True)
class Entry:
    """An object of the scene: its sheet, kind, player and the texts the dashboard shows."""

    sheet: ObjectSheet
    kind: str | None = None
    player: str | None = None
    history: str = ""
    appearance: str = ""
    notes: str = ""
    hidden: bool = False
    """A GM's object the players do not see."""

    @property
    def name(self) -> str:
        """The object's name."""
        return self.sheet.name


@dataclass(frozen=True)
class OpenConflict:
    """A conflict being set up: whose, with which abilities, and the GM's chance."""

    name: str
    inherent: str
    developed: str | None
    """The developed ability used; None when the concept's default stands in."""
    conflict: Conflict


@dataclass(frozen=True)
class Resolved:
    """The conflict rolled last (an attack's result is what its damage takes)."""

    opened: OpenConflict
    result: ConflictResult


@dataclass(frozen=True)
class ObjektitScene:
    """An Objektien luonti scene being played."""

    title: str
    notes: str = ""
    kinds: tuple[Kind, ...] = ()
    entries: tuple[Entry, ...] = ()
    conflict: OpenConflict | None = None
    last: Resolved | None = None
    initiative: tuple[InitiativeEntry, ...] = field(default=())
    """This fight's initiatives in the order they were rolled (the order is the rules')."""

    @property
    def sheets(self) -> tuple[ObjectSheet, ...]:
        """Every object's sheet in file order."""
        return tuple(entry.sheet for entry in self.entries)

    def entry(self, name: str) -> Entry:
        """An object by exact name (the commands resolve prefixes first)."""
        for entry in self.entries:
            if entry.name == name:
                return entry
        raise KeyError(name)

    def kind(self, name: str | None) -> Kind | None:
        """The kind called ``name``, if any."""
        return next((kind for kind in self.kinds if kind.name == name), None)

    def visibility(self) -> dict[str, bool | None]:
        """Every object by name: whether the players do not see it (None for a player's)."""
        return {e.name: None if e.player is not None else e.hidden for e in self.entries}

    def with_hidden(self, name: str, hidden: bool) -> ObjektitScene:
        """The scene with the GM's object ``name`` kept from the players, or shown."""
        entries = tuple(
            replace(entry, hidden=hidden) if entry.name == name else entry for entry in self.entries
        )
        return replace(self, entries=entries)

    def with_sheet(self, sheet: ObjectSheet) -> ObjektitScene:
        """The scene with one object's sheet (by name) replaced."""
        entries = tuple(
            replace(entry, sheet=sheet) if entry.name == sheet.name else entry
            for entry in self.entries
        )
        return replace(self, entries=entries)


class ObjektitFormat:
    """The scene file format of Objektien luonti."""

    system = OBJEKTIT
    keys = KEYS
    transient = ("conflict", "last", "initiative")
    columns = Columns(
        {
            "name": TEXT,
            "kind": TEXT,
            "player": TEXT,
            "concept": FREE,
            "history": FREE,
            "appearance": FREE,
            "default": WHOLE,
            "condition": WHOLE,
            "goal": FREE,
            "goals": LIST,
            "notes": FREE,
        },
        {"inherent": ("inherent", WHOLE), "developed": ("developed", WHOLE)},
        section="object",
    )

    def decode(
        self, reader: Reader, top: Mapping[str, Any], title: str, notes: str
    ) -> ObjektitScene | None:
        """The scene from its file, every mistake recorded with its key path."""
        kinds = _kinds(reader, top.get("kinds", {}))
        entries: list[Entry] = []
        seen: set[str] = set()
        for index, item in enumerate(records(reader, top, "object")):
            entry = _entry(reader, item, ("object", index), kinds)
            if entry is None:
                continue
            if entry.name in seen:
                reader.fail(("object", index, "name"), text("check.here_twice", name=entry.name))
                continue
            entries.append(entry)
            seen.add(entry.name)
        if reader.problems:
            return None
        return ObjektitScene(title, notes, tuple(kinds.values()), tuple(entries))

    def blank(self, title: str) -> ObjektitScene:
        """A scene with nothing in it (quick rolls and odds)."""
        return ObjektitScene(title)

    def file_state(self, value: ObjektitScene) -> Mapping[KeyPath, Any]:
        """Each object's condition (a good condition, 6, is left unwritten), and the GM's
        objects kept from the players."""
        state: dict[KeyPath, Any] = {}
        for index, entry in enumerate(value.entries):
            condition = entry.sheet.condition
            state[("object", index, "condition")] = (
                None if condition == CONDITION_MAX else condition
            )
            state[("object", index, "hidden")] = entry.hidden or None
        return state


FORMAT = ObjektitFormat()


def _kinds(reader: Reader, value: object) -> dict[str, Kind]:
    kinds: dict[str, Kind] = {}
    for name, item in (reader.table(value, ("kinds",), AnyKey()) or {}).items():
        path: KeyPath = ("kinds", name)
        table = reader.table(item, path, KIND_KEYS)
        if table is None or reader.text(name, path) is None:
            continue
        if "inherent" not in table:
            reader.fail((*path, "inherent"), text("check.objektit.no_inherent"))
            continue
        inherent = tuple(reader.texts(table["inherent"], (*path, "inherent")))
        resist = reader.text(table.get("resist", DEFAULT_RESIST), (*path, "resist"))
        if "resist" in table and resist is not None and resist not in inherent:
            reader.fail((*path, "resist"), text("check.objektit.resist", name=resist))
        kinds[name] = Kind(name, inherent, resist or DEFAULT_RESIST)
    return kinds


def _entry(reader: Reader, item: object, path: KeyPath, kinds: Mapping[str, Kind]) -> Entry | None:
    table = reader.table(item, path, OBJECT_KEYS)
    if table is None:
        return None
    if "name" not in table:
        reader.fail((*path, "name"), text("check.objektit.no_name"))
    name = reader.text(table.get("name"), (*path, "name")) if "name" in table else None
    texts = {
        key: reader.text(table.get(key, ""), (*path, key), limit=MAX_TEXT, allow_empty=True) or ""
        for key in ("concept", "history", "appearance", "goal", "notes")
    }
    player = reader.text(table["player"], (*path, "player")) if "player" in table else None
    kind = reader.choice(table["kind"], (*path, "kind"), kinds) if "kind" in table else None
    inherent = _ratings(reader, table.get("inherent", {}), (*path, "inherent"))
    if kind is not None:
        names = kinds[kind].inherent
        for ability, _ in inherent:
            if ability not in names:
                known = ", ".join(names)
                reader.fail(
                    (*path, "inherent", ability),
                    text("check.objektit.not_inherent", name=ability, kind=kind, known=known),
                )
        for ability in names:
            if all(ability != given for given, _ in inherent):
                reader.fail(
                    (*path, "inherent"), text("check.objektit.missing", kind=kind, name=ability)
                )
    developed = _ratings(reader, table.get("developed", {}), (*path, "developed"))
    default = _rating(reader, table["default"], (*path, "default")) if "default" in table else None
    condition = reader.integer(
        table.get("condition", CONDITION_MAX),
        (*path, "condition"),
        low=LOWEST_CONDITION,
        high=CONDITION_MAX,
    )
    goals = tuple(reader.texts(table.get("goals", []), (*path, "goals"), limit=MAX_TEXT))
    hidden = reader.boolean(table.get("hidden", False), (*path, "hidden"))
    if hidden and player is not None:
        reader.fail((*path, "hidden"), text("check.objektit.hidden_player"))
    if name is None or condition is None:
        return None
    sheet = ObjectSheet(
        name,
        texts["concept"],
        inherent,
        developed,
        default,
        condition,
        texts["goal"],
        goals,
    )
    return Entry(
        sheet,
        kind,
        player,
        texts["history"],
        texts["appearance"],
        texts["notes"],
        hidden=bool(hidden),
    )


def _ratings(reader: Reader, value: object, path: KeyPath) -> tuple[tuple[str, int], ...]:
    found: list[tuple[str, int]] = []
    for ability, rating in (reader.table(value, path, AnyKey()) or {}).items():
        where = (*path, ability)
        if reader.text(ability, where) is None:
            continue
        checked = _rating(reader, rating, where)
        if checked is not None:
            found.append((ability, checked))
    return tuple(found)


def _rating(reader: Reader, value: object, path: KeyPath) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= RATING_MAX:
        reader.fail(
            path, text("check.objektit.rating", low=RATING_MIN, high=RATING_MAX, found=value)
        )
        return None
    return reader.integer(value, path, low=RATING_MIN, high=RATING_MAX)
