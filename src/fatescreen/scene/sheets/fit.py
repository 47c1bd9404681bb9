"""A character read from another tool's sheet, fitted to where it goes: a scene's record in
fatescreen's short forms (``[[pc]]``/``[[npc]]``), or a party's, with the report of what was
mapped where and what was left out.

The scene decides what the sheet's words become: its skill list (a skill of the default list
named in English or Finnish takes the list's name; any other is kept as the scene's own
skill), its stress rules (Fate Core's valued boxes become one-point boxes by the rule of
:mod:`fatescreen.rules.stress_boxes` unless the scene counts escalating boxes itself) and the
kind of character asked for.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass
from typing import Any

from fatescreen.rules.character import CharacterKind, StressKind
from fatescreen.rules.npcs import MAX_MINOR_BOXES
from fatescreen.rules.skills import listed_skill
from fatescreen.rules.stress_boxes import BoxRule, OnePointTrack, one_point_track
from fatescreen.scene.codec import standard_layout
from fatescreen.scene.errors import Text, text
from fatescreen.scene.model import RulesInPlay
from fatescreen.scene.reader import MAX_TEXT
from fatescreen.scene.sheets.model import (
    Dropped,
    Found,
    SheetCharacter,
    SheetStunt,
    SheetTrack,
    Source,
)

Record = dict[str, Any]
SHOWN = 48
"""The longest text the report shows of a value."""


@dataclass(frozen=True)
class Target:
    """Where imported characters go: the rules in play there, the kind of character asked
    for, and the skill list a campaign's party keeps to (None: any skill name)."""

    rules: RulesInPlay
    kind: CharacterKind = CharacterKind.PC
    skills: tuple[str, ...] | None = None
    party: bool = False
    """A campaign's party.toml: its records hold no ``kind``."""


@dataclass(frozen=True)
class Mapped:
    """One value taken from the sheet: the field it fills, the value as the report shows it,
    where it came from, and a note when it was changed on the way (a skill's name, a stress
    track's boxes)."""

    field: str
    value: str | Text
    source: Source
    note: Text | None = None


@dataclass(frozen=True)
class Fitted:
    """A sheet's character as a record of the target, with the report."""

    sheet: SheetCharacter
    record: Record
    mapped: tuple[Mapped, ...]
    dropped: tuple[Dropped, ...]


def cut(value: str, limit: int = SHOWN) -> str:
    """A text on one line, cut short for the report."""
    line = " ".join(value.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


class _Fitting:
    """The record and report of one character being fitted."""

    def __init__(self, sheet: SheetCharacter, target: Target) -> None:
        self.sheet = sheet
        self.target = target
        self.record: Record = {"name": sheet.name.value}
        self.mapped: list[Mapped] = [Mapped("name", sheet.name.value, sheet.name.source)]
        self.dropped: list[Dropped] = list(sheet.dropped)

    def map(self, field: str, value: str | Text, source: Source, note: Text | None = None) -> None:
        self.mapped.append(Mapped(field, value, source, note))

    def drop(self, source: Source, key: str, **values: object) -> None:
        self.dropped.append(Dropped(source, text(key, **values)))


def fit(sheet: SheetCharacter, target: Target) -> Fitted:
    """A sheet's character as a record of the target (see the module's docstring)."""
    fitting = _Fitting(sheet, target)
    if not target.party:
        fitting.record["kind"] = target.kind.value
    _aspects(fitting)
    skills = _skills(fitting)
    _stunts(fitting)
    _stress(fitting, skills)
    _consequences(fitting)
    _points(fitting)
    _notes(fitting)
    return Fitted(sheet, fitting.record, tuple(fitting.mapped), tuple(fitting.dropped))


def _aspects(fitting: _Fitting) -> None:
    sheet = fitting.sheet
    for key, found in (("high_concept", sheet.high_concept), ("trouble", sheet.trouble)):
        if found is not None:
            fitting.record[key] = found.value
            fitting.map(key, cut(found.value), found.source)
    if sheet.aspects:
        fitting.record["aspects"] = [found.value for found in sheet.aspects]
        for found in sheet.aspects:
            fitting.map("aspect", cut(found.value), found.source)


def skill_name(name: str, target: Target) -> tuple[str | None, Text | None]:
    """What the target calls a sheet's skill, with a note when that is not the sheet's word;
    None for a skill a campaign's list does not have.

    A skill of the default list in either language takes the name the target's list gives
    it (``URHEILU`` is ``Athletics`` in an English scene); in a scene, any other skill keeps
    its name (a name in capitals, as Fari's version 6 writes labels, is written as a name:
    ``PILOT`` is ``Pilot``), taking the spelling of a skill the scene's rules name
    (``physical_defense = "Dodge"``).
    """
    folded = name.casefold()
    if target.skills is not None:
        for listed in target.skills:
            if listed.casefold() == folded:
                return listed, None
        for language in ("en", "fi"):
            translated = listed_skill(name, language)
            if translated is not None and translated in target.skills:
                return translated, text("import.note.skill_named", name=name)
        return None, None
    translated = listed_skill(name, target.rules.skills)
    if translated is not None:
        same = translated.casefold() == folded
        return translated, None if same else text("import.note.skill_named", name=name)
    for role_skill in astuple(target.rules.roles):
        if isinstance(role_skill, str) and role_skill.casefold() == folded:
            return role_skill, None
    return as_written(name), text("import.note.custom_skill")


def as_written(name: str) -> str:
    """A sheet's name as a name is written: one in capitals (Fari's version 6 writes labels
    so) with a capital first letter only (``SAILING`` is ``Sailing``)."""
    return name.capitalize() if name.isupper() else name


def _skills(fitting: _Fitting) -> dict[str, int]:
    skills: dict[str, int] = {}
    for found in fitting.sheet.skills:
        name, rating = found.value
        written, note = skill_name(name, fitting.target)
        if written is None:
            fitting.drop(found.source, "import.dropped.off_list", skill=as_written(name))
        elif written in skills:
            fitting.drop(found.source, "import.dropped.skill_twice", skill=written)
        else:
            skills[written] = rating
            fitting.map("skill", f"{written} {rating:+d}", found.source, note)
    if skills:
        fitting.record["skills"] = skills
    return skills


def _stunts(fitting: _Fitting) -> None:
    stunts: list[str | Record] = []
    for found in fitting.sheet.stunts:
        stunts.append(_stunt(found.value, fitting.target))
        fitting.map("stunt", cut(found.value.text), found.source)
    if stunts:
        fitting.record["stunts"] = stunts


def _stunt(stunt: SheetStunt, target: Target) -> str | Record:
    if stunt.skill is None:
        return stunt.text
    skill = skill_name(stunt.skill, target)[0] or stunt.skill
    out: Record = {"text": stunt.text, "skill": skill, "bonus": stunt.bonus}
    if stunt.action is not None:
        out["action"] = stunt.action
    return out


_NOTES = {
    BoxRule.ESCALATING: "import.note.boxes_escalating",
    BoxRule.SUMMED: "import.note.boxes_summed",
    BoxRule.KEPT: "import.note.boxes_kept",
}


def _boxes(track: SheetTrack) -> str:
    """A track's boxes as the sheet values them: ``[1][2][3]``."""
    return "".join(f"[{value}]" for value in track.values)


@dataclass(frozen=True)
class _Track:
    """A track the character gets: its boxes, and the sheet's track it came from (None for
    a track the rules give, the sheet having none of that kind)."""

    made: OnePointTrack
    found: Found[SheetTrack] | None
    note: Text | None = None


def _converted(fitting: _Fitting, found: Found[SheetTrack]) -> _Track:
    track = found.value
    escalating = fitting.target.rules.escalating_stress_boxes
    made = one_point_track(track.values, track.checked, escalating_scene=escalating)
    note = None
    if made.rule in _NOTES:
        note = text(_NOTES[made.rule], boxes=_boxes(track), count=made.boxes)
    return _Track(made, found, note)


def _stress(fitting: _Fitting, skills: dict[str, int]) -> None:
    """The stress tracks: as the sheet has them, for the kinds of track the target keeps."""
    found_tracks = list(fitting.sheet.tracks)
    if not found_tracks:
        return
    if fitting.target.kind in (CharacterKind.MINOR, CharacterKind.MOOKS):
        made = {StressKind.COMBINED: _minor_track(fitting, found_tracks)}
    else:
        made = _tracks(fitting, found_tracks, skills)
    _write_tracks(fitting, made)


def _minor_track(fitting: _Fitting, found_tracks: list[Found[SheetTrack]]) -> _Track:
    """A minor NPC's or a mook's one track: the sheet's largest, at most three boxes."""
    converted = [_converted(fitting, found) for found in found_tracks]
    largest = max(converted, key=lambda track: track.made.boxes)
    for track in converted:
        if track is not largest and track.found is not None:
            fitting.drop(track.found.source, "import.dropped.minor_track")
    if largest.made.boxes <= MAX_MINOR_BOXES:
        return largest
    boxes = MAX_MINOR_BOXES
    checked = frozenset(box for box in largest.made.checked if box <= boxes)
    note = text("import.note.minor_boxes", count=largest.made.boxes, most=boxes)
    return _Track(OnePointTrack(boxes, checked, largest.made.rule), largest.found, note)


def _tracks(
    fitting: _Fitting, found_tracks: list[Found[SheetTrack]], skills: dict[str, int]
) -> dict[StressKind, _Track]:
    """A PC's or major NPC's tracks: physical and mental (or one combined track)."""
    target = fitting.target
    one_track = target.rules.one_stress_track
    made: dict[StressKind, _Track] = {}
    for found in found_tracks:
        kind = found.value.kind
        if one_track and kind is not StressKind.COMBINED:
            fitting.drop(found.source, "import.dropped.one_track")
        elif kind is StressKind.COMBINED and (
            StressKind.PHYSICAL in made or StressKind.MENTAL in made
        ):
            fitting.drop(found.source, "import.dropped.combined_track")
        else:
            if kind is not StressKind.COMBINED and StressKind.COMBINED in made:
                gone = made.pop(StressKind.COMBINED).found
                if gone is not None:
                    fitting.drop(gone.source, "import.dropped.combined_track")
            made[kind] = _converted(fitting, found)
    if StressKind.PHYSICAL in made or StressKind.MENTAL in made:
        for track in standard_layout(target.kind, skills, target.rules)[0]:
            if track.kind not in made and track.kind is not StressKind.COMBINED:
                made[track.kind] = _Track(
                    OnePointTrack(track.boxes, frozenset(), BoxRule.ONE_POINT), None
                )
    return made


def _write_tracks(fitting: _Fitting, made: dict[StressKind, _Track]) -> None:
    if not made:
        return
    order = [kind for kind in StressKind if kind in made]
    if order == [StressKind.COMBINED]:
        one = made[StressKind.COMBINED].made
        fitting.record["stress"] = one.boxes
        if one.checked:
            fitting.record["stress_checked"] = sorted(one.checked)
    else:
        fitting.record["stress"] = {kind.value: made[kind].made.boxes for kind in order}
        checked = {
            kind.value: sorted(made[kind].made.checked) for kind in order if made[kind].made.checked
        }
        if checked:
            fitting.record["stress_checked"] = checked
    for kind in order:
        track = made[kind]
        if track.found is None:
            continue
        value = text(
            "import.value.track",
            track=text(f"import.track.{kind.value}"),
            count=track.made.boxes,
            checked=len(track.made.checked),
        )
        fitting.map("stress", value, track.found.source, track.note)


def _consequences(fitting: _Fitting) -> None:
    found_all = fitting.sheet.consequences
    if not found_all:
        return
    if fitting.target.rules.conditions:
        for found in found_all:
            fitting.drop(found.source, "import.dropped.conditions")
        return
    slots: dict[str, str | list[str]] = {}
    for found in found_all:
        slot, name = found.value.slot, found.value.text
        held = slots.get(slot)
        slots[slot] = name if held is None else [*([held] if isinstance(held, str) else held), name]
        fitting.map(
            "consequence",
            text("import.value.consequence", slot=text(f"import.slot.{slot}"), text=cut(name)),
            found.source,
        )
    fitting.record["consequences"] = slots


def _points(fitting: _Fitting) -> None:
    for key, found in (
        ("fate_points", fitting.sheet.fate_points),
        ("refresh", fitting.sheet.refresh),
    ):
        if found is not None:
            fitting.record[key] = found.value
            fitting.map(key, str(found.value), found.source)


def _notes(fitting: _Fitting) -> None:
    kept: list[str] = []
    for found in fitting.sheet.notes:
        joined = "\n\n".join([*kept, found.value])
        if len(joined) > MAX_TEXT:
            fitting.drop(found.source, "import.dropped.notes_full", limit=MAX_TEXT)
            continue
        kept.append(found.value)
        fitting.map("notes", cut(found.value), found.source)
    if kept:
        fitting.record["notes"] = "\n\n".join(kept)
