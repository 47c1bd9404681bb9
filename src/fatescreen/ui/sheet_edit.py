"""Editing one field of a PC's sheet as party.toml would hold it, checked as the file is.

An edit turns the GM's text for one field into the value party.toml would hold, writes it
into the PC's record, and decodes the record with the scene format's own readers and the
campaign's skill checks, so an edit is refused for exactly the reasons a hand-edited file
would be. Nothing here knows about Textual.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from fatescreen.commands.campaign import SHEET_ASPECTS
from fatescreen.i18n import tr
from fatescreen.rules.advancement import SkillLayout
from fatescreen.rules.aspects import AspectKind
from fatescreen.rules.character import Character, CharacterKind, Recovery, StressKind
from fatescreen.scene import codec
from fatescreen.scene.campaign import Member, check_sheet, encode_member
from fatescreen.scene.errors import render_path, said
from fatescreen.scene.model import RulesInPlay
from fatescreen.scene.reader import Reader


class FieldKind(StrEnum):
    """The editable fields of a sheet, named after their party.toml keys."""

    NAME = "name"
    PLAYER = "player"
    HIGH_CONCEPT = "high_concept"
    TROUBLE = "trouble"
    ASPECT = "aspects"
    SKILLS = "skills"
    STUNT = "stunts"
    REFRESH = "refresh"
    FATE_POINTS = "fate_points"
    STRESS = "stress"
    CONSEQUENCE = "consequences"
    WEAPON = "weapon"
    ARMOR = "armor"


TEXT_FIELDS = (FieldKind.NAME, FieldKind.PLAYER, FieldKind.HIGH_CONCEPT, FieldKind.TROUBLE)
NUMBER_FIELDS = (FieldKind.REFRESH, FieldKind.FATE_POINTS, FieldKind.WEAPON, FieldKind.ARMOR)
PAIR = re.compile(r"^(?P<name>.*?)\s*[=:]?\s*(?P<number>[+-]?\d+)$")
"""One ``NAME NUMBER`` item of a skills or stress text (``Fight 3``, ``Fight = +3``)."""


@dataclass(frozen=True)
class SheetField:
    """One editable line of a sheet.

    ``place`` is the index of an aspect or stunt (None for a new one) or a consequence
    slot's file key (``mild``, ``mild_physical``...); other fields have none.
    """

    kind: FieldKind
    place: int | str | None = None

    @property
    def key(self) -> str:
        """A stable name for the field: ``skills``, ``aspects.2``, ``consequences.mild``."""
        return self.kind.value if self.place is None else f"{self.kind.value}.{self.place}"


class SheetEditError(Exception):
    """An edit the sheet refuses; the message says why, and nothing changed."""


def sheet_fields(character: Character, rules: RulesInPlay) -> tuple[SheetField, ...]:
    """The sheet's editable fields, in the order the sheet screen shows them.

    Every sheet aspect and stunt has its own field, followed by one for a new one;
    weapon and armor appear only where the campaign plays with them.
    """
    aspects = [a for a in character.aspects if a.kind is AspectKind.CHARACTER]
    fields = [SheetField(kind) for kind in TEXT_FIELDS]
    fields += [SheetField(FieldKind.ASPECT, index) for index in range(len(aspects))]
    fields += [SheetField(FieldKind.ASPECT), SheetField(FieldKind.SKILLS)]
    fields += [SheetField(FieldKind.STUNT, index) for index in range(len(character.stunts))]
    fields += [SheetField(FieldKind.STUNT)]
    fields += [SheetField(kind) for kind in (FieldKind.REFRESH, FieldKind.FATE_POINTS)]
    fields.append(SheetField(FieldKind.STRESS))
    fields += [
        SheetField(FieldKind.CONSEQUENCE, codec.slot_name(slot)) for slot in character.consequences
    ]
    if rules.weapons_and_armor:
        fields += [SheetField(FieldKind.WEAPON), SheetField(FieldKind.ARMOR)]
    return tuple(fields)


def _sheet_aspect(character: Character, kind: AspectKind) -> str:
    return next((a.name for a in character.aspects if a.kind is kind), "")


def edit_text(character: Character, field: SheetField) -> str:
    """The text a field starts from when the GM edits it."""
    kind = field.kind
    if kind is FieldKind.NAME:
        return character.name
    if kind is FieldKind.PLAYER:
        return character.player
    if kind is FieldKind.HIGH_CONCEPT:
        return _sheet_aspect(character, AspectKind.HIGH_CONCEPT)
    if kind is FieldKind.TROUBLE:
        return _sheet_aspect(character, AspectKind.TROUBLE)
    if kind is FieldKind.ASPECT:
        aspects = [a for a in character.aspects if a.kind is AspectKind.CHARACTER]
        return aspects[field.place].name if isinstance(field.place, int) else ""
    if kind is FieldKind.STUNT:
        return character.stunts[field.place].text if isinstance(field.place, int) else ""
    if kind is FieldKind.SKILLS:
        ordered = sorted(character.skills.items(), key=lambda item: (-item[1], item[0]))
        return ", ".join(f"{name} {rating}" for name, rating in ordered)
    if kind is FieldKind.STRESS:
        return ", ".join(f"{track.kind.value} {track.boxes}" for track in character.stress)
    if kind is FieldKind.CONSEQUENCE:
        slot = next(s for s in character.consequences if codec.slot_name(s) == field.place)
        return slot.aspect.name if slot.aspect is not None else ""
    numbers = {
        FieldKind.REFRESH: character.refresh,
        FieldKind.FATE_POINTS: character.fate_points,
        FieldKind.WEAPON: character.weapon,
        FieldKind.ARMOR: character.armor,
    }
    return str(numbers[kind])


# ---------------------------------------------------------------------------- the edit


def _pairs(text: str, lang: str, example: str) -> dict[str, int]:
    """``Fight 3, Athletics 2`` as ``{"Fight": 3, "Athletics": 2}``.

    Raises:
        SheetEditError: An item is not a name and a number, or a name comes twice.
    """
    pairs: dict[str, int] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        found = PAIR.match(item)
        if found is None or not found["name"].strip():
            raise SheetEditError(tr(lang, "ui.sheet.bad_pair", item=item, example=example))
        name = found["name"].strip()
        if name in pairs:
            raise SheetEditError(tr(lang, "ui.sheet.twice", name=name))
        pairs[name] = int(found["number"])
    return pairs


def _stress_value(text: str, lang: str) -> int | dict[str, int]:
    """``3`` (one track) or ``physical 3, mental 2``; the track names also in ``lang``."""
    if text.strip().lstrip("+").isdigit():
        return int(text)
    names = {tr(lang, f"ui.stress.{kind.value}").casefold(): kind.value for kind in StressKind}
    names.update({kind.value: kind.value for kind in StressKind})
    pairs = _pairs(text, lang, "physical 3, mental 2")
    return {names.get(name.casefold(), name): number for name, number in pairs.items()}


def _number(text: str, lang: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise SheetEditError(tr(lang, "ui.sheet.not_a_number", text=text.strip())) from None


def _set_listed(record: dict[str, Any], key: str, place: int | None, text: str, name: str) -> None:
    """Change, remove (empty text) or add (no place) one aspect or stunt of a record."""
    items = list(record.get(key, []))
    if place is None:
        if text:
            items.append(text)
    elif not text:
        del items[place]
    elif isinstance(items[place], dict):
        items[place] = {**items[place], name: text}
    else:
        items[place] = text
    if items:
        record[key] = items
    else:
        record.pop(key, None)


def _set_text(record: dict[str, Any], key: str, text: str) -> None:
    """A plain text key; empty removes it, a table (free invokes) keeps its other keys."""
    if not text:
        record.pop(key, None)
    elif isinstance(record.get(key), dict):
        record[key] = {**record[key], "name": text}
    else:
        record[key] = text


def _set_consequence(record: dict[str, Any], slot: str, text: str) -> None:
    """A consequence's text; empty clears the slot, a new text keeps invokes and recovery."""
    consequences = dict(record.get("consequences", {}))
    old = consequences.get(slot)
    if not text:
        consequences.pop(slot, None)
    elif isinstance(old, dict):
        consequences[slot] = {**old, "text": text}
    else:
        consequences[slot] = text
    if consequences:
        record["consequences"] = consequences
    else:
        record.pop("consequences", None)


def _record(member: Member, rules: RulesInPlay) -> dict[str, Any]:
    """The PC's party.toml record, holding only the aspects of the sheet."""
    character = member.character
    sheet = replace(
        character,
        aspects=tuple(a for a in character.aspects if a.kind in SHEET_ASPECTS),
        zone=None,
    )
    # the id stays whatever the name becomes: scenes and the party refer to it
    return {**encode_member(replace(member, character=sheet), rules), "id": character.id}


def _decoded(
    record: Mapping[str, Any],
    current: Character,
    rules: RulesInPlay,
    skills: tuple[str, ...],
    layout: SkillLayout,
    lang: str = "en",
) -> Character:
    """The record read back as a sheet, with what the scene put on the PC kept (problems
    in ``lang``).

    Raises:
        SheetEditError: The record breaks the format or the campaign's skill rules.
    """
    reader = Reader()
    decoded = codec.decode_character(reader, record, (), CharacterKind.PC, rules)
    problems = [
        f"{render_path(p.path, lang)}: {p.text.render(lang) if p.text else p.message}"
        for p in reader.problems
    ]
    if decoded is not None and not problems:
        problems += [said(problem, lang) for problem in check_sheet(decoded, skills, layout)]
    if decoded is None or problems:
        raise SheetEditError("; ".join(problems))
    scene_aspects = tuple(a for a in current.aspects if a.kind not in SHEET_ASPECTS)
    return replace(
        current,
        name=decoded.name,
        player=decoded.player,
        aspects=decoded.aspects + scene_aspects,
        skills=decoded.skills,
        stunts=decoded.stunts,
        stress=decoded.stress,
        consequences=decoded.consequences,
        fate_points=decoded.fate_points,
        refresh=decoded.refresh,
        weapon=decoded.weapon,
        armor=decoded.armor,
    )


def edited(
    member: Member,
    field: SheetField,
    text: str,
    *,
    rules: RulesInPlay,
    skills: tuple[str, ...],
    layout: SkillLayout,
    lang: str,
) -> Character:
    """The PC's sheet with one field set from the GM's text, checked as party.toml is.

    Args:
        member: The party member, with the newest sheet.
        field: The field edited.
        text: What the GM typed (an empty aspect, stunt or consequence removes it).
        rules: The campaign's rules in play (stress and consequence defaults).
        skills: The campaign's skill list.
        layout: The campaign's skill layout.
        lang: The language of the messages.

    Raises:
        SheetEditError: The text cannot be read, or the sheet it makes breaks the format
            or the campaign's skill list or layout; every problem is named.
    """
    record = _record(member, rules)
    text = text.strip()
    kind = field.kind
    place = field.place
    if kind is FieldKind.NAME:
        record["name"] = text
    elif kind in TEXT_FIELDS:
        _set_text(record, kind.value, text)
    elif kind is FieldKind.ASPECT:
        _set_listed(record, "aspects", place if isinstance(place, int) else None, text, "name")
    elif kind is FieldKind.STUNT:
        _set_listed(record, "stunts", place if isinstance(place, int) else None, text, "text")
    elif kind is FieldKind.SKILLS:
        record["skills"] = _pairs(text, lang, "Fight 3, Athletics 2")
    elif kind is FieldKind.STRESS:
        record["stress"] = _stress_value(text, lang)
    elif kind is FieldKind.CONSEQUENCE:
        _set_consequence(record, str(place), text)
    else:
        record[kind.value] = _number(text, lang)
    return _decoded(record, member.character, rules, skills, layout, lang)


def with_treatment(character: Character, slot_key: str, when: Recovery | None) -> Character:
    """The sheet with treatment of one consequence started (at ``when``) or stopped (None).

    Raises:
        SheetEditError: The slot holds no consequence (the message is the slot's key).
    """
    slots = []
    for slot in character.consequences:
        if codec.slot_name(slot) == slot_key:
            if slot.aspect is None:
                raise SheetEditError(slot_key)
            slot = replace(slot, recovery=when)
        slots.append(slot)
    return replace(character, consequences=tuple(slots))
