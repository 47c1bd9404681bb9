"""Foundry VTT's Fate Core Official actors (Sk1mble/fate-core-official,
``scripts/FateCoreOfficialModels.js``): an actor's "Export Data" JSON, read.

The actor's ``system`` holds ``details.fatePoints`` and four objects keyed by an id of each
entry: ``aspects`` (``name``, ``value``), ``skills`` (``name``, ``rank``), ``stunts``
(``name``, ``description``, ``linked_skill``, ``bonus`` and the actions it applies to) and
``tracks`` (stress tracks and consequences: ``boxes``, ``box_values``, ``label``,
``harm_can_absorb``, ``aspect``). Its ``items`` are its extras.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fatescreen.scene.errors import text
from fatescreen.scene.reader import MAX_TEXT
from fatescreen.scene.sheets import words
from fatescreen.scene.sheets.errors import JsonPath
from fatescreen.scene.sheets.json_reader import JsonReader
from fatescreen.scene.sheets.model import (
    Dropped,
    Found,
    SheetCharacter,
    SheetConsequence,
    SheetStunt,
    SheetTrack,
    Source,
)

ACTOR_TYPE = "fate-core-official"
"""The ``type`` of a Fate Core Official character actor."""
THING_TYPE = "Thing"
"""The ``type`` of the system's other actors: things, not characters."""
HARM_SLOTS = {2: "mild", 4: "moderate", 6: "severe", 8: "extreme"}
"""A consequence track's ``harm_can_absorb`` and the slot it is."""
ACTIONS = {"overcome": "overcome", "caa": "create", "attack": "attack", "defend": "defend"}
"""A stunt's action flags and fatescreen's names of the actions."""
MAX_BOXES = 100


def is_fco_actor(data: dict[str, Any]) -> bool:
    """Whether a JSON object is an actor of Fate Core Official (a character or a thing)."""
    return data.get("type") in (ACTOR_TYPE, THING_TYPE) and ("system" in data or "data" in data)


@dataclass
class _Actor:
    dropped: list[Dropped] = field(default_factory=list)
    notes: list[Found[str]] = field(default_factory=list)

    def drop(self, path: JsonPath, labels: tuple[str, ...], key: str, **values: object) -> None:
        self.dropped.append(Dropped(Source(path, labels), text(key, **values)))


def _entries(
    reader: JsonReader, system: dict[str, Any], key: str, path: JsonPath
) -> Iterator[tuple[dict[str, Any], JsonPath]]:
    """The entries of one of the system's objects (``aspects``...), each with its path."""
    value = system.get(key)
    if value is None:
        return
    table = reader.table(value, (*path, key))
    for entry_key, entry in (table or {}).items():
        where = (*path, key, entry_key)
        found = reader.table(entry, where)
        if found is not None:
            yield found, where


def read_fco(reader: JsonReader, data: dict[str, Any], path: JsonPath) -> SheetCharacter | None:
    """One Fate Core Official character actor (problems recorded on ``reader``)."""
    system_key = "system" if "system" in data else "data"
    where = (*path, system_key)
    system = reader.table(data.get(system_key), where)
    name = reader.name(data.get("name", ""), (*path, "name"), html=False)
    if name == "":
        reader.fail((*path, "name"), text("import.no_name"))
    if system is None:
        return None
    actor = _Actor()
    details = system.get("details", {})
    details = reader.table(details, (*where, "details")) or {}
    high_concept, trouble, aspects = _aspects(reader, system, where)
    fate_points, refresh = _points(reader, actor, details, (*where, "details"))
    tracks, consequences = _tracks(reader, actor, system, where)
    stunts = _stunts(reader, system, where)
    _details(reader, actor, details, (*where, "details"))
    _extras(reader, actor, data, path)
    version = _version(data)
    skills = _skills(reader, actor, system, where)
    if not name:
        return None  # its problem is recorded; the entries were read for theirs
    return SheetCharacter(
        origin="Fate Core Official" + (f" {version}" if version else ""),
        source=Source(path),
        name=Found(name, Source((*path, "name"))),
        high_concept=high_concept,
        trouble=trouble,
        aspects=aspects,
        skills=skills,
        stunts=stunts,
        tracks=tracks,
        consequences=consequences,
        fate_points=fate_points,
        refresh=refresh,
        notes=tuple(actor.notes),
        dropped=tuple(actor.dropped),
    )


def _version(data: dict[str, Any]) -> str:
    stats = data.get("_stats")
    version = stats.get("systemVersion") if isinstance(stats, dict) else None
    return version if isinstance(version, str) and len(version) <= 20 else ""


def _aspects(
    reader: JsonReader, system: dict[str, Any], path: JsonPath
) -> tuple[Found[str] | None, Found[str] | None, tuple[Found[str], ...]]:
    high_concept: Found[str] | None = None
    trouble: Found[str] | None = None
    others: list[Found[str]] = []
    for entry, where in _entries(reader, system, "aspects", path):
        label = reader.label(entry.get("name"))
        value = reader.name(entry.get("value", ""), (*where, "value"), html=False)
        if not value:
            continue
        found = Found(value, Source((*where, "value"), (label,)))
        if high_concept is None and words.has(label, words.HIGH_CONCEPT):
            high_concept = found
        elif trouble is None and words.has(label, words.TROUBLE):
            trouble = found
        else:
            others.append(found)
    return high_concept, trouble, tuple(others)


def _skills(
    reader: JsonReader, actor: _Actor, system: dict[str, Any], path: JsonPath
) -> tuple[Found[tuple[str, int]], ...]:
    skills = []
    for entry, where in _entries(reader, system, "skills", path):
        name = reader.name(entry.get("name", ""), (*where, "name"), html=False)
        rank = reader.whole(entry.get("rank", 0), (*where, "rank"), low=-10, high=20)
        if not name or rank is None:
            continue
        if rank == 0:
            continue  # every skill of the world's list is on the sheet, Mediocre until rated
        skills.append(Found((name, rank), Source((*where, "rank"), (name,))))
    return tuple(skills)


def _stunts(
    reader: JsonReader, system: dict[str, Any], path: JsonPath
) -> tuple[Found[SheetStunt], ...]:
    stunts = []
    for entry, where in _entries(reader, system, "stunts", path):
        name = reader.name(entry.get("name", ""), (*where, "name"), html=False)
        body = reader.free_text(entry.get("description", ""), (*where, "description"))
        if not name and not body:
            continue
        stunt_text = f"{name}: {body}" if name and body else (name or body or "")
        if len(stunt_text) > MAX_TEXT:
            where_long = (*where, "description")
            reader.fail(
                where_long, text("rules.text.too_long", length=len(stunt_text), limit=MAX_TEXT)
            )
            continue
        bonus = reader.whole(entry.get("bonus", 0), (*where, "bonus"), low=-10, high=10) or 0
        actions = [ACTIONS[flag] for flag in ACTIONS if entry.get(flag) is True]
        skill = entry.get("linked_skill")
        named = skill if isinstance(skill, str) and skill.strip() not in ("", "None") else None
        if named is not None:
            named = reader.name(named, (*where, "linked_skill"), html=False) or None
        mechanical = bool(bonus) and named is not None and len(actions) == 1
        stunt = (
            SheetStunt(stunt_text, named, actions[0], bonus)
            if mechanical
            else SheetStunt(stunt_text)
        )
        stunts.append(Found(stunt, Source(where, (name,) if name else ())))
    return tuple(stunts)


def _points(
    reader: JsonReader, actor: _Actor, details: dict[str, Any], path: JsonPath
) -> tuple[Found[int] | None, Found[int] | None]:
    points = details.get("fatePoints")
    if points is None:
        return None, None
    where = (*path, "fatePoints")
    table = reader.table(points, where) or {}
    found: list[Found[int] | None] = []
    for key in ("current", "refresh"):
        value = table.get(key)
        number = None if value is None else reader.whole(value, (*where, key), low=0, high=100)
        found.append(None if number is None else Found(number, Source((*where, key))))
    boosts = table.get("boosts")
    if isinstance(boosts, int) and not isinstance(boosts, bool) and boosts > 0:
        actor.drop((*where, "boosts"), (), "import.dropped.boosts", count=boosts)
    return found[0], found[1]


def _box_values(label: object, count: int) -> tuple[int, ...]:
    """Each box's value as a track's ``label`` says: ``escalating`` 1, 2, 3...; a digit, every
    box that much; anything else (``none``) one each."""
    if label == "escalating":
        return tuple(range(1, count + 1))
    if isinstance(label, str) and len(label) == 1 and label.isdigit() and label != "0":
        return (int(label),) * count
    return (1,) * count


def _tracks(
    reader: JsonReader, actor: _Actor, system: dict[str, Any], path: JsonPath
) -> tuple[tuple[Found[SheetTrack], ...], tuple[Found[SheetConsequence], ...]]:
    tracks: list[Found[SheetTrack]] = []
    consequences: list[Found[SheetConsequence]] = []
    for entry, where in _entries(reader, system, "tracks", path):
        label = reader.label(entry.get("name"))
        labels = (label,) if label else ()
        aspect = entry.get("aspect")
        named = aspect.get("name") if isinstance(aspect, dict) else None
        aspect_text = reader.name(named, (*where, "aspect", "name"), html=False) if named else ""
        boxes = entry.get("box_values")
        checked = tuple(box is True for box in boxes[:MAX_BOXES]) if isinstance(boxes, list) else ()
        if entry.get("enabled") is False:
            if aspect_text or any(checked):
                actor.drop(where, labels, "import.dropped.disabled")
            continue
        harm = entry.get("harm_can_absorb")
        slot = HARM_SLOTS.get(harm) if isinstance(harm, int) and harm else None
        if slot is not None or (isinstance(aspect, dict) and aspect.get("when_marked") is True):
            slot = words.consequence_slot(label) or slot
            if slot == "mild" and words.has(label, words.PHYSICAL):
                slot = "mild_physical"
            if not aspect_text:
                continue
            if slot is None:
                actor.drop(where, labels, "import.dropped.no_slot")
                continue
            source = Source((*where, "aspect", "name"), labels)
            consequences.append(Found(SheetConsequence(slot, aspect_text), source))
            continue
        kind = words.track_kind(label)
        if kind is None:
            if checked or aspect_text:
                actor.drop(where, labels, "import.dropped.track")
            continue
        if any(found.value.kind is kind for found in tracks):
            actor.drop(
                where, labels, "import.dropped.second", what=text(f"import.track.{kind.value}")
            )
            continue
        if not isinstance(boxes, list):
            count = reader.whole(entry.get("boxes", 0), (*where, "boxes"), low=0, high=MAX_BOXES)
            checked = (False,) * (count or 0)
        track = SheetTrack(kind, _box_values(entry.get("label"), len(checked)), checked)
        tracks.append(Found(track, Source((*where, "box_values"), labels)))
    return tuple(tracks), tuple(consequences)


def _details(reader: JsonReader, actor: _Actor, details: dict[str, Any], path: JsonPath) -> None:
    """The description, biography and notes (rich text) and the pronouns, as notes."""
    for key, label in (
        ("pronouns", "Pronouns"),
        ("description", "Description"),
        ("biography", "Biography"),
        ("notes", "Notes"),
    ):
        part = details.get(key)
        value = part.get("value") if isinstance(part, dict) else None
        if value is None:
            continue
        where = (*path, key, "value")
        body = reader.free_text(value, where, html=key != "pronouns")
        if body:
            note = body if key == "notes" else f"{label}: {body}"
            if len(note) > MAX_TEXT:
                reader.fail(where, text("rules.text.too_long", length=len(note), limit=MAX_TEXT))
                continue
            actor.notes.append(Found(note, Source(where, (label,))))


def _extras(reader: JsonReader, actor: _Actor, data: dict[str, Any], path: JsonPath) -> None:
    """The actor's extras (its ``Extra`` items) as notes: a name and a description each.
    Their aspects, skills, stunts and tracks are on the actor's sheet already."""
    items = data.get("items")
    if items is None:
        return
    for item, where in reader.objects(items, (*path, "items")):
        name = reader.name(item.get("name", ""), (*where, "name"), html=False)
        labels = (name,) if name else ()
        if item.get("type") != "Extra":
            actor.drop(where, labels, "import.dropped.item", type=str(item.get("type"))[:40])
            continue
        system = item.get("system", item.get("data"))
        description = system.get("description") if isinstance(system, dict) else None
        # the system's template has {"value": HTML}; a plain string is read the same
        if isinstance(description, str):
            value: object = description
            body_path: JsonPath = (*where, "system", "description")
        else:
            value = description.get("value") if isinstance(description, dict) else None
            body_path = (*where, "system", "description", "value")
        body = reader.free_text(value, body_path) if isinstance(value, str) else ""
        if description is not None and not isinstance(value, str):
            actor.drop(body_path, labels, "import.dropped.description")
        if not name and not body:
            continue
        note = f"{name}: {body}" if name and body else (name or body or "")
        if len(note) > MAX_TEXT:
            reader.fail(body_path, text("rules.text.too_long", length=len(note), limit=MAX_TEXT))
            continue
        actor.notes.append(Found(note, Source(where, labels)))
