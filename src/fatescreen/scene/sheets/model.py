"""A character as another tool's sheet holds it, read into fatescreen's terms: every value with
where it came from, and what could not be read with the reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from fatescreen.rules.character import StressKind
from fatescreen.scene.errors import Text
from fatescreen.scene.sheets.errors import JsonPath

T = TypeVar("T")


@dataclass(frozen=True)
class Source:
    """Where a value stands on the sheet: its JSON path, and the labels the sheet shows it
    under (``("ASPECTS", "HIGH CONCEPT")``)."""

    path: JsonPath
    labels: tuple[str, ...] = ()


@dataclass(frozen=True)
class Found(Generic[T]):
    """A value read from the sheet, with its source."""

    value: T
    source: Source


@dataclass(frozen=True)
class Dropped:
    """Something on the sheet that fatescreen does not take, and why."""

    source: Source
    reason: Text


@dataclass(frozen=True)
class SheetStunt:
    """A stunt: its text, and the bonus it gives when the sheet says so."""

    text: str
    skill: str | None = None
    action: str | None = None
    """``overcome``, ``create``, ``attack`` or ``defend``."""
    bonus: int = 0


@dataclass(frozen=True)
class SheetTrack:
    """A stress track: each box's value (1 unless the sheet numbers it) and check mark."""

    kind: StressKind
    values: tuple[int, ...]
    checked: tuple[bool, ...]


@dataclass(frozen=True)
class SheetConsequence:
    """A consequence taken: its slot (``mild``, ``moderate``, ``severe``, ``extreme``,
    ``mild_physical``, ``mild_mental``) and its text."""

    slot: str
    text: str


@dataclass(frozen=True)
class SheetCharacter:
    """One character of a file, in fatescreen's terms but not yet fitted to a scene (its
    skills as the sheet names them, its stress boxes as the sheet values them)."""

    origin: str
    """The format and version it was read from (``Fari v6``, ``Fate Core Official``)."""
    source: Source
    """Where the character stands in its file (``$`` for a file of one)."""
    name: Found[str]
    high_concept: Found[str] | None = None
    trouble: Found[str] | None = None
    aspects: tuple[Found[str], ...] = ()
    skills: tuple[Found[tuple[str, int]], ...] = ()
    """Each skill's name as the sheet writes it, and its rating."""
    stunts: tuple[Found[SheetStunt], ...] = ()
    tracks: tuple[Found[SheetTrack], ...] = ()
    consequences: tuple[Found[SheetConsequence], ...] = ()
    fate_points: Found[int] | None = None
    refresh: Found[int] | None = None
    notes: tuple[Found[str], ...] = ()
    """Extras, descriptions and the sheet's other texts, each already as one note."""
    dropped: tuple[Dropped, ...] = ()


@dataclass(frozen=True)
class SheetFile:
    """The characters of one file, and the entries of it that are not characters."""

    characters: tuple[SheetCharacter, ...]
    skipped: tuple[Dropped, ...] = ()
