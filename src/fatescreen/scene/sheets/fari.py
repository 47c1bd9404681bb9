"""Fari's character JSON (farirpgs/fari-app, ``lib/domains/character/types.tsx``): read from
its versions 3 to 6, written as version 6.

Version 3 keeps ``pages → sections``, version 4 ``pages → sections.left/right``, versions 5
and 6 ``pages → rows → columns → sections`` (Fari's own ``CharacterFactory`` migrations);
every version's sections hold typed blocks (``Text``, ``Skill``, ``PointCounter``,
``SlotTracker``...). What a block means is read from its type and the labels of its section
and itself (:mod:`fatescreen.scene.sheets.words`).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fatescreen.rules.aspects import AspectKind
from fatescreen.rules.character import Character
from fatescreen.scene.codec import slot_name
from fatescreen.scene.errors import Text, text
from fatescreen.scene.reader import MAX_TEXT
from fatescreen.scene.sheets import words
from fatescreen.scene.sheets.errors import JsonPath
from fatescreen.scene.sheets.html_text import html_text
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

FIRST_VERSION = 3
LATEST_VERSION = 6
"""The versions of Fari's character JSON this reads; it writes the latest."""
FARI_TYPE = "character"
"""What Fari's exports say a file of one character is (``fariType``)."""
MAX_BOX_VALUE = 100
_BOX_VALUE = re.compile(r"\d{1,3}")


def is_fari_character(data: dict[str, Any]) -> bool:
    """Whether a JSON object looks like a Fari character (pages and a version, or Fari's
    ``fariType``)."""
    return "pages" in data and ("version" in data or data.get("fariType") == FARI_TYPE)


@dataclass
class _Sheet:
    """What the blocks of a character have said so far."""

    high_concept: Found[str] | None = None
    trouble: Found[str] | None = None
    aspects: list[Found[str]] = field(default_factory=list)
    skills: list[Found[tuple[str, int]]] = field(default_factory=list)
    stunts: list[Found[SheetStunt]] = field(default_factory=list)
    tracks: list[Found[SheetTrack]] = field(default_factory=list)
    consequences: list[Found[SheetConsequence]] = field(default_factory=list)
    fate_points: Found[int] | None = None
    refresh: Found[int] | None = None
    notes: list[Found[str]] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)

    def drop(self, path: JsonPath, labels: tuple[str, ...], key: str, **values: object) -> None:
        self.dropped.append(Dropped(Source(path, labels), text(key, **values)))


def read_fari(reader: JsonReader, data: dict[str, Any], path: JsonPath) -> SheetCharacter | None:
    """One Fari character (problems recorded on ``reader``; None if it cannot be read)."""
    version = _version(reader, data, path)
    name = reader.name(data.get("name", ""), (*path, "name"))
    if name == "":
        reader.fail((*path, "name"), text("import.no_name"))
    if version is None:
        return None
    sheet = _Sheet()
    for section, where in _sections(reader, data, path, version):
        label = reader.label(section.get("label"))
        for block, block_path in reader.objects(section.get("blocks", []), (*where, "blocks")):
            _block(reader, sheet, label, block, block_path)
    group = data.get("group")
    if isinstance(group, str) and group.strip():
        sheet.drop((*path, "group"), (group,), "import.dropped.group")
    if not name:
        return None  # its problem is recorded; the blocks were read for theirs
    return SheetCharacter(
        origin=f"Fari v{version}",
        source=Source(path),
        name=Found(name, Source((*path, "name"))),
        high_concept=sheet.high_concept,
        trouble=sheet.trouble,
        aspects=tuple(sheet.aspects),
        skills=tuple(sheet.skills),
        stunts=tuple(sheet.stunts),
        tracks=tuple(sheet.tracks),
        consequences=tuple(sheet.consequences),
        fate_points=sheet.fate_points,
        refresh=sheet.refresh,
        notes=tuple(sheet.notes),
        dropped=tuple(sheet.dropped),
    )


def _version(reader: JsonReader, data: dict[str, Any], path: JsonPath) -> int | None:
    where = (*path, "version")
    value = data.get("version")
    if "version" not in data:
        reader.fail(where, text("import.fari.no_version", low=FIRST_VERSION, high=LATEST_VERSION))
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        reader.expected(where, "integer", value)
        return None
    if not FIRST_VERSION <= value <= LATEST_VERSION:
        reader.fail(
            where,
            text("import.fari.version", version=value, low=FIRST_VERSION, high=LATEST_VERSION),
        )
        return None
    return value


def _sections(
    reader: JsonReader, data: dict[str, Any], path: JsonPath, version: int
) -> Iterator[tuple[dict[str, Any], JsonPath]]:
    """Every section of every page, in the order Fari shows them, with its path."""
    for page, page_path in reader.objects(data.get("pages"), (*path, "pages")):
        if version == 3:
            yield from reader.objects(page.get("sections"), (*page_path, "sections"))
        elif version == 4:
            sides = reader.table(page.get("sections"), (*page_path, "sections")) or {}
            for side in ("left", "right"):
                where = (*page_path, "sections", side)
                yield from reader.objects(sides.get(side, []), where)
        else:
            for row, row_path in reader.objects(page.get("rows"), (*page_path, "rows")):
                for column, column_path in reader.objects(
                    row.get("columns"), (*row_path, "columns")
                ):
                    yield from reader.objects(column.get("sections"), (*column_path, "sections"))


def _block(
    reader: JsonReader, sheet: _Sheet, section: str, block: dict[str, Any], path: JsonPath
) -> None:
    kind = block.get("type")
    if not isinstance(kind, str):
        reader.expected((*path, "type"), "string", kind)
        return
    label = reader.label(block.get("label"))
    labels = (section, label) if label else (section,)
    reading = _READERS.get(kind)
    if reading is not None:
        reading(reader, sheet, section, label, block, path, labels)
    elif kind in _DROPPED:
        if _has_content(block):
            sheet.drop(path, labels, _DROPPED[kind])
    elif kind != "Separator":  # a line between blocks: it holds nothing
        sheet.drop(path, labels, "import.dropped.unknown_block", type=kind)


def _has_content(block: dict[str, Any]) -> bool:
    value = block.get("value")
    return bool(value.strip()) if isinstance(value, str) else value is not None


def _text_block(
    reader: JsonReader,
    sheet: _Sheet,
    section: str,
    label: str,
    block: dict[str, Any],
    path: JsonPath,
    labels: tuple[str, ...],
) -> None:
    where = (*path, "value")
    source = Source(where, labels)
    value = block.get("value", "")
    if value is None:
        return
    if words.has(section, words.ASPECTS):
        name = reader.name(value, where)
        if not name:
            return
        found = Found(name, source)
        if sheet.high_concept is None and words.has(label, words.HIGH_CONCEPT):
            sheet.high_concept = found
        elif sheet.trouble is None and words.has(label, words.TROUBLE):
            sheet.trouble = found
        else:
            sheet.aspects.append(found)
    elif words.has(section, words.CONSEQUENCES):
        name = reader.name(value, where)
        if not name:
            return
        slot = words.consequence_slot(label)
        if slot is None:
            sheet.drop(path, labels, "import.dropped.no_slot")
        else:
            sheet.consequences.append(Found(SheetConsequence(slot, name), source))
    elif words.has(section, words.STUNTS) and not words.has(label, words.EXTRAS):
        body = reader.free_text(value, where)
        if not body:
            return
        named = label and not words.is_stunt_placeholder(label)
        # a name in capitals (Fari's version 6 writes labels so) is written as a name
        shown = label.capitalize() if label.isupper() else label
        stunt = f"{shown}: {body}" if named else body
        if len(stunt) > MAX_TEXT:
            reader.fail(where, text("rules.text.too_long", length=len(stunt), limit=MAX_TEXT))
            return
        sheet.stunts.append(Found(SheetStunt(stunt), source))
    else:
        body = reader.free_text(value, where)
        if body:
            note = body if not label or words.has(label, words.NOTES) else f"{label}: {body}"
            sheet.notes.append(Found(note, source))


def _skill_block(
    reader: JsonReader,
    sheet: _Sheet,
    section: str,
    label: str,
    block: dict[str, Any],
    path: JsonPath,
    labels: tuple[str, ...],
) -> None:
    if not label or words.is_rating_placeholder(label):
        if _has_content(block):
            sheet.drop(path, labels, "import.dropped.skill_placeholder")
        return
    name = reader.name(block.get("label"), (*path, "label"))
    rating = reader.whole(block.get("value", ""), (*path, "value"), low=-10, high=20)
    if name and rating is not None:
        sheet.skills.append(Found((name, rating), Source((*path, "value"), labels)))


def _counter_block(
    reader: JsonReader,
    sheet: _Sheet,
    section: str,
    label: str,
    block: dict[str, Any],
    path: JsonPath,
    labels: tuple[str, ...],
) -> None:
    meta = block.get("meta")
    meta = meta if isinstance(meta, dict) else {}
    main = meta.get("isMainPointCounter") is True or words.has(label, words.FATE_POINTS)
    if main:
        if sheet.fate_points is not None:
            sheet.drop(path, labels, "import.dropped.second", what=text("import.counter"))
            return
        points = reader.whole(block.get("value", ""), (*path, "value"), low=0, high=100)
        if points is not None:
            sheet.fate_points = Found(points, Source((*path, "value"), labels))
        most = meta.get("max")
        if most is not None:
            refresh = reader.whole(most, (*path, "meta", "max"), low=0, high=100)
            if refresh is not None:
                sheet.refresh = Found(refresh, Source((*path, "meta", "max"), labels))
    elif words.has(label, words.REFRESH) and sheet.refresh is None:
        refresh = reader.whole(block.get("value", ""), (*path, "value"), low=0, high=100)
        if refresh is not None:
            sheet.refresh = Found(refresh, Source((*path, "value"), labels))
    elif _has_content(block):
        sheet.drop(path, labels, "import.dropped.number")


def _slots_block(
    reader: JsonReader,
    sheet: _Sheet,
    section: str,
    label: str,
    block: dict[str, Any],
    path: JsonPath,
    labels: tuple[str, ...],
) -> None:
    meta = block.get("meta")
    if isinstance(meta, dict) and meta.get("asClock") is True:
        sheet.drop(path, labels, "import.dropped.clock")
        return
    kind = None if words.has(section, words.CONSEQUENCES) else words.track_kind(label)
    if kind is None:
        sheet.drop(path, labels, "import.dropped.track")
        return
    if any(found.value.kind is kind for found in sheet.tracks):
        sheet.drop(path, labels, "import.dropped.second", what=text(f"import.track.{kind.value}"))
        return
    values: list[int] = []
    checked: list[bool] = []
    for box, _ in reader.objects(block.get("value"), (*path, "value")):
        mark = reader.label(box.get("label"))
        values.append(
            int(mark) if _BOX_VALUE.fullmatch(mark) and 0 < int(mark) <= MAX_BOX_VALUE else 1
        )
        checked.append(box.get("checked") is True)
    track = SheetTrack(kind, tuple(values), tuple(checked))
    sheet.tracks.append(Found(track, Source((*path, "value"), labels)))


_READERS = {
    "Text": _text_block,
    "Skill": _skill_block,
    "PointCounter": _counter_block,
    "Numeric": _counter_block,
    "SlotTracker": _slots_block,
}
"""The block types that can hold something fatescreen keeps, and how each is read."""
_DROPPED = {
    "InfoText": "import.dropped.info",
    "DicePool": "import.dropped.dice_pool",
    "Image": "import.dropped.image",
    "Link": "import.dropped.link",
}
"""Fari's other block types, and why each is left out (when it holds anything)."""


# ---------------------------------------------------------------------------- writing

_NAMESPACE = uuid.UUID("6f1d8e0c-4a53-5b8e-9c2a-1f3e5d7b9a10")
"""Ids of exported sheets are derived from the character's id, so that exporting the same
character again gives the same ids (Fari then updates the character it already has)."""


def _id(character: Character, *parts: object) -> str:
    key = "/".join(str(part) for part in (character.id, *parts))
    return str(uuid.uuid5(_NAMESPACE, key))


def _text(character: Character, where: str, label: str, value: str) -> dict[str, Any]:
    return {
        "id": _id(character, where),
        "type": "Text",
        "label": html_text(label),
        "value": html_text(value),
        "meta": {},
    }


def _section(character: Character, label: str, blocks: list[dict[str, Any]]) -> dict[str, Any]:
    return {"id": _id(character, "section", label), "label": label, "blocks": blocks}


def stunt_parts(stunt: str) -> tuple[str, str]:
    """A stunt's text as an exported block's label and value: the name before its first
    ``": "`` (as :func:`read_fari` joins them again), or a placeholder label when the text
    has no short name of its own (or one in capitals, which the reader would write as a
    name)."""
    name, colon, rest = stunt.partition(": ")
    if (
        colon
        and rest
        and rest.strip() == rest
        and name.strip() == name
        and "\n" not in name
        and len(name) <= 60
        and not name.isupper()
        and not words.is_stunt_placeholder(name)
    ):
        return name, rest
    return "", stunt


def write_fari(character: Character, *, escalating: bool, updated: int) -> dict[str, Any]:
    """A character as Fari's latest character JSON (version 6, ``fariType`` ``character``).

    Args:
        character: The character.
        escalating: The scene counts stress boxes as Fate Core's escalating boxes: each box
            is labelled with its value (box N absorbs N), else every box with 1.
        updated: Fari's ``lastUpdated``: seconds since 1970.

    Returns:
        The JSON object (its texts, labels too, as Fari's HTML): one page with two
        columns, aspects, stunts, fate points and notes on the left, stress, consequences
        and skills on the right, labelled as Fari's own templates label them (section and
        block labels in capitals, as version 6 has them).
    """
    aspects: list[dict[str, Any]] = []
    for index, aspect in enumerate(character.aspects):
        label = {AspectKind.HIGH_CONCEPT: "HIGH CONCEPT", AspectKind.TROUBLE: "TROUBLE"}.get(
            aspect.kind, "ASPECT"
        )
        aspects.append(_text(character, f"aspect{index}", label, aspect.name))
    stunts = []
    for index, stunt in enumerate(character.stunts):
        label, value = stunt_parts(stunt.text)
        stunts.append(_text(character, f"stunt{index}", label or f"STUNT #{index + 1}", value))
    points = {
        "id": _id(character, "fate points"),
        "type": "PointCounter",
        "label": "FATE POINTS",
        "value": str(character.fate_points),
        "meta": {"isMainPointCounter": True, "max": str(character.refresh)},
    }
    left = [
        _section(character, "ASPECTS", aspects),
        _section(character, "STUNTS", stunts),
        _section(character, "FATE POINTS", [points]),
    ]
    if character.notes:
        left.append(
            _section(character, "NOTES", [_text(character, "notes", "NOTES", character.notes)])
        )
    tracks = [
        {
            "id": _id(character, "track", track.kind.value),
            "type": "SlotTracker",
            "label": track.kind.value.upper(),
            "value": [
                {"label": str(box if escalating else 1), "checked": box in track.checked}
                for box in range(1, track.boxes + 1)
            ],
            "meta": {},
        }
        for track in character.stress
    ]
    consequences = []
    for index, slot in enumerate(character.consequences):
        block = _text(
            character,
            f"consequence{index}",
            words.consequence_label(slot_name(slot)),
            slot.aspect.name if slot.aspect is not None else "",
        )
        block["meta"] = {"checked": slot.aspect is not None}
        consequences.append(block)
    skills = [
        {
            "id": _id(character, "skill", name),
            "type": "Skill",
            "label": html_text(name),
            "value": str(rating),
            "meta": {"commands": ["4dF"]},
        }
        for name, rating in character.skills.items()
    ]
    right = [
        _section(character, "STRESS", tracks),
        _section(character, "CONSEQUENCES", consequences),
        _section(character, "SKILLS", skills),
    ]
    return {
        "id": _id(character),
        "name": character.name,
        "wide": False,
        "pages": [
            {
                "id": _id(character, "page"),
                "label": "CHARACTER",
                "rows": [{"columns": [{"sections": left}, {"sections": right}]}],
            }
        ],
        "version": LATEST_VERSION,
        "lastUpdated": updated,
        "fariType": FARI_TYPE,
    }


def left_out_of_fari(character: Character) -> list[Text]:
    """What of a character a Fari sheet has no place for (said when it is exported)."""
    left: list[Text] = []
    if character.player:
        left.append(text("export.left.player", player=character.player))
    for aspect in character.aspects:
        if aspect.free_invokes:
            left.append(text("export.left.invokes", name=aspect.name))
    if any(stunt.bonus or stunt.skill or stunt.action for stunt in character.stunts):
        left.append(text("export.left.stunt_bonus"))
    for slot in character.consequences:
        if slot.aspect is not None and (slot.recovery is not None or slot.aspect.free_invokes):
            left.append(text("export.left.consequence", name=slot.aspect.name))
    for key, value in (("weapon", character.weapon), ("armor", character.armor)):
        if value:
            left.append(text(f"export.left.{key}", value=value))
    if character.scale.level:
        left.append(text("export.left.scale", scale=character.scale.value))
    return left
