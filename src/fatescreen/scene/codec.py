"""The scene file format: plain TOML data to model values and back, in hand-written short forms.

Each ``decode_*`` reads one record and records problems on a :class:`Reader`; each
``encode_*`` is its inverse and returns the shortest form a GM would write, leaving out
every key that holds its default. ``decode(encode(x)) == x`` for every value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from fatescreen.rules.aspects import GM, Aspect, AspectKind, make_id
from fatescreen.rules.big_bads import Immunity, ImmunityVia, SoloBonus, Swarm
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    Form,
    Recovery,
    Scale,
    Severity,
    StressKind,
    StressTrack,
    Stunt,
)
from fatescreen.rules.conflict import TurnOrder
from fatescreen.rules.errors import InvalidCharacter, RulesError
from fatescreen.rules.fate_points import DEFAULT_REFRESH, LedgerEntry
from fatescreen.rules.harm import Condition, ConsequenceStyle, HarmOptions, standard_tracks
from fatescreen.rules.npcs import validate_members, validate_minor
from fatescreen.rules.obstacles import (
    Block,
    Countdown,
    CountdownVisibility,
    Distraction,
    DistractionAnswer,
    Hazard,
)
from fatescreen.rules.outcomes import Outcome
from fatescreen.rules.skills import ROLE_NAMES, SKILL_LISTS
from fatescreen.scene.errors import KeyPath, rules_text
from fatescreen.scene.errors import text as catalog_text
from fatescreen.scene.made import Maker, bare_aspect
from fatescreen.scene.memo import ByIdentity
from fatescreen.scene.model import Link, Obstacle, RulesInPlay, Zone
from fatescreen.scene.reader import MAX_COUNT, MAX_TEXT, Reader, plain_name

if TYPE_CHECKING:
    # read when a scene has contests or challenges (see scene/model.py)
    from fatescreen.rules.contests import Challenge, Contest

Data = dict[str, Any]
RATING = {"low": -10, "high": 20}
"""The range of ratings, difficulties and skills a scene may use."""

OVERLAY_EMPTY: Mapping[str, Any] = {
    "stress_checked": [],
    "consequences": {},
    "aspects": [],
    "minions": [],
    "taken_out": False,
    "conceded": False,
    "hidden": False,
    "fate_points": 0,
    "members": 1,
    "revealed": 0,
    "weapon": 0,
    "armor": 0,
}
"""What a template instance's override says when a key has gone back to nothing."""

# ---------------------------------------------------------------------------- aspects


def decode_free_invokes(
    reader: Reader, value: object, path: KeyPath, default_owner: str
) -> tuple[str, ...]:
    """``1`` (held by the default owner) or ``{ vitor = 1, gm = 2 }``."""
    if isinstance(value, dict):
        owners: list[str] = []
        for owner, count in value.items():
            number = reader.integer(count, (*path, owner), low=0, high=100)
            if number is not None and reader.text(owner, (*path, owner)) is not None:
                owners += [owner] * number
        return tuple(owners)
    count = reader.integer(value, path, low=0, high=100)
    return (default_owner,) * (count or 0)


def encode_free_invokes(owners: tuple[str, ...], default_owner: str) -> int | Data:
    """The inverse of :func:`decode_free_invokes`."""
    if all(owner == default_owner for owner in owners):
        return len(owners)
    counts: Data = {}
    for owner in owners:
        counts[owner] = counts.get(owner, 0) + 1
    return counts


ASPECT_KEYS = ("name", "free_invokes", "hidden", "boost")


def decode_aspect(
    reader: Reader,
    value: object,
    path: KeyPath,
    kind: AspectKind = AspectKind.SITUATION,
    default_owner: str = GM,
) -> Aspect | None:
    """A bare string, or ``{ name, free_invokes, hidden, boost }``."""
    if isinstance(value, str):
        name = value if plain_name(value) else reader.text(value, path)
        return bare_aspect(name, kind) if name else None
    table = reader.table(value, path, ASPECT_KEYS)
    if table is None:
        return None
    if "name" not in table:
        reader.fail(path, catalog_text("check.aspect_name"))
        return None
    name = table["name"]
    if not plain_name(name):
        name = reader.text(name, (*path, "name"))
    invokes = (
        decode_free_invokes(reader, table["free_invokes"], (*path, "free_invokes"), default_owner)
        if "free_invokes" in table
        else ()
    )
    hidden = table.get("hidden", False)
    if type(hidden) is not bool:
        hidden = bool(reader.boolean(hidden, (*path, "hidden")))
    boost = table.get("boost", False)
    if boost is True or (type(boost) is not bool and reader.boolean(boost, (*path, "boost"))):
        kind = AspectKind.BOOST
    return Aspect(name, kind, invokes, hidden) if name else None


def encode_aspect(
    aspect: Aspect, kind: AspectKind = AspectKind.SITUATION, default_owner: str = GM
) -> str | Data:
    """The inverse of :func:`decode_aspect`: a bare string when nothing else is set."""
    if not aspect.free_invokes and not aspect.hidden and aspect.kind is kind:
        return aspect.name
    out: Data = {"name": aspect.name}
    if aspect.free_invokes:
        out["free_invokes"] = encode_free_invokes(aspect.free_invokes, default_owner)
    if aspect.hidden:
        out["hidden"] = True
    if aspect.kind is AspectKind.BOOST and kind is not AspectKind.BOOST:
        out["boost"] = True
    return out


def decode_aspects(
    reader: Reader,
    value: object,
    path: KeyPath,
    kind: AspectKind = AspectKind.SITUATION,
    default_owner: str = GM,
) -> tuple[Aspect, ...]:
    """An array of aspects (a bare string counts as one)."""
    if isinstance(value, (str, dict)):
        value = [value]
    items = reader.array(value, path)
    if items is None:
        return ()
    out: list[Aspect] = []
    for index, item in enumerate(items):
        if plain_name(item):
            out.append(bare_aspect(item, kind))  # the common case: a bare name, valid as written
            continue
        aspect = decode_aspect(reader, item, (*path, index), kind, default_owner)
        if aspect is not None:
            out.append(aspect)
    return tuple(out)


# ---------------------------------------------------------------------------- characters

CHARACTER_KEYS = (
    "name",
    "id",
    "kind",
    "player",
    "zone",
    "high_concept",
    "trouble",
    "aspects",
    "skills",
    "stunts",
    "notes",
    "stress",
    "stress_checked",
    "consequence_slots",
    "consequences",
    "fate_points",
    "refresh",
    "scale",
    "weapon",
    "armor",
    "minions",
    "members",
    "revealed",
    "form",
    "taken_out",
    "conceded",
    "hidden",
    "solo",
    "immune_until",
    "immune_via",
    "immune_to",
    "parts",
    "shields",
)
SOLO_OPTIONS = {
    "skill": "skill_bonus",
    "harm": "harm_reduction",
    "minimum_harm": "minimum_harm",
    "boosted_invokes": "boosted_invokes",
    "damped_invokes": "damped_invokes",
    "one_free_invoke": "one_free_invoke",
}
"""The file's names for the solo-bonus options (§7), and the fields they set."""
IMMUNE_TO: dict[str, frozenset[StressKind]] = {
    "both": frozenset({StressKind.PHYSICAL, StressKind.MENTAL}),
    "physical": frozenset({StressKind.PHYSICAL}),
    "mental": frozenset({StressKind.MENTAL}),
}
"""The file's names for the harm a big bad's immunity stops (§7: «fyysisesti, henkisesti,
tai kummallakaan tavalla»), the first the default."""
TEMPLATE_KEYS = ("template", "count", "each")
FORM_KEYS = ("name", "aspects", "skills", "stunts", "stress", "consequence_slots", "reveal")
SLOT_NAMES: dict[str, tuple[Severity, StressKind | None]] = {
    "mild": (Severity.MILD, None),
    "moderate": (Severity.MODERATE, None),
    "severe": (Severity.SEVERE, None),
    "extreme": (Severity.EXTREME, None),
    "mild_physical": (Severity.MILD, StressKind.PHYSICAL),
    "mild_mental": (Severity.MILD, StressKind.MENTAL),
    **{condition.value: (condition.severity, None) for condition in Condition},
}
"""Consequence slots, and condition boxes by the condition's name (§8 «Tilat»)."""
CONSEQUENCE_KEYS = ("text", "free_invokes", "recovering_since", "this_scene")


def slot_name(slot: ConsequenceSlot) -> str:
    """The file's key for a consequence slot: ``mild``, ``mild_physical``, ``hurt``..."""
    if slot.condition:
        return slot.condition
    if slot.kind is None:
        return slot.severity.value
    return f"{slot.severity.value}_{slot.kind.value}"


Layout = tuple[tuple[StressTrack, ...], tuple[ConsequenceSlot, ...]]
"""A character's stress tracks and consequence slots."""


@dataclass(frozen=True)
class _Made:
    """Values worked out once for one :class:`RulesInPlay` (all immutable, so shared by
    every character a load reads): its harm options, the empty slot of each file key and
    the standard layout for each pair of stress-skill ratings."""

    options: HarmOptions
    slots: dict[str, ConsequenceSlot] = field(default_factory=dict)
    layouts: dict[tuple[int, int], Layout] = field(default_factory=dict)


_made_for: ByIdentity[RulesInPlay, _Made] = ByIdentity(lambda rules: _Made(rules.harm_options))
_tracks: dict[tuple[StressKind, int], StressTrack] = {}


def empty_track(kind: StressKind, boxes: int) -> StressTrack:
    """An empty stress track (the same value for every character that has one like it)."""
    track = _tracks.get((kind, boxes))
    if track is None:
        track = _tracks[(kind, boxes)] = StressTrack(kind, boxes)
    return track


def empty_slot(name: str, rules: RulesInPlay) -> ConsequenceSlot:
    """An empty slot from its file key; a condition keeps its kind in the split variant."""
    made = _made_for(rules)
    slot = made.slots.get(name)
    if slot is None:
        severity, kind = SLOT_NAMES[name]
        if name in Condition.__members__.values():
            condition = Condition(name)
            split = made.options.style is ConsequenceStyle.SPLIT_CONDITIONS
            slot = ConsequenceSlot(severity, condition.kind if split else None, condition=name)
        else:
            slot = ConsequenceSlot(severity, kind)
        made.slots[name] = slot
    return slot


def standard_layout(kind: CharacterKind, skills: Mapping[str, int], rules: RulesInPlay) -> Layout:
    """The stress tracks and empty slots the rules give a character whose file does not
    list them (:func:`~fatescreen.rules.harm.standard_tracks`); none for minor NPCs and
    mooks, whose files give theirs."""
    if kind is not CharacterKind.PC and kind is not CharacterKind.MAJOR:
        return (), ()
    made = _made_for(rules)
    options = made.options
    # the standard layout depends on the two stress skills' ratings alone
    ratings = (skills.get(options.physical_skill, 0), skills.get(options.mental_skill, 0))
    layout = made.layouts.get(ratings)
    if layout is None:
        tracks = standard_tracks(skills, options)
        layout = made.layouts[ratings] = (tracks.stress, tracks.consequences)
    return layout


_skill_names: set[str] = set()
"""Skill names already found valid as written (a scene's characters share a few dozen)."""
_INT = {int}


def decode_skills(reader: Reader, value: object, path: KeyPath) -> dict[str, int]:
    """``{ Fight = 3, Athletics = 2 }``."""
    low, high = RATING["low"], RATING["high"]
    if type(value) is dict and value and value.keys() <= _skill_names:
        ratings = value.values()
        if set(map(type, ratings)) == _INT and low <= min(ratings) and max(ratings) <= high:
            return dict(value)  # the common case: known names, whole numbers in range
    table = reader.table(value, path, ()) if not isinstance(value, dict) else value
    skills: dict[str, int] = {}
    if table is None:
        return skills
    for name, rating in table.items():
        if type(rating) is int and low <= rating <= high and plain_name(name):
            skills[name] = rating  # valid as written
            if len(_skill_names) < MAX_SKILL_NAMES:
                _skill_names.add(name)
            continue
        where = (*path, name)
        if reader.text(name, where) is None:
            continue
        number = reader.integer(rating, where, **RATING)
        if number is not None:
            skills[name] = number
    return skills


def decode_stunts(reader: Reader, value: object, path: KeyPath) -> tuple[Stunt, ...]:
    """An array of stunt texts or ``{ text, skill, action, bonus }`` tables."""
    if isinstance(value, (str, dict)):
        value = [value]
    items = reader.array(value, path) or []
    stunts = []
    for index, item in enumerate(items):
        where = (*path, index)
        if isinstance(item, str):
            text = reader.text(item, where, limit=MAX_TEXT)
            if text:
                stunts.append(Stunt(text))
            continue
        table = reader.table(item, where, ("text", "skill", "action", "bonus"))
        if table is None:
            continue
        text = reader.text(table.get("text"), (*where, "text"), limit=MAX_TEXT)
        skill = reader.text(table["skill"], (*where, "skill")) if "skill" in table else None
        action = (
            reader.choice(
                table["action"], (*where, "action"), ("overcome", "create", "attack", "defend")
            )
            if "action" in table
            else None
        )
        bonus = reader.integer(table.get("bonus", 0), (*where, "bonus"), low=-10, high=10)
        if text:
            stunts.append(Stunt(text, skill, action, bonus or 0))
    return tuple(stunts)


def encode_stunt(stunt: Stunt) -> str | Data:
    """A stunt as a bare string, or a table when it carries a mechanical bonus."""
    if stunt.skill is None and stunt.action is None and not stunt.bonus:
        return stunt.text
    out: Data = {"text": stunt.text}
    if stunt.skill is not None:
        out["skill"] = stunt.skill
    if stunt.action is not None:
        out["action"] = stunt.action
    if stunt.bonus:
        out["bonus"] = stunt.bonus
    return out


MAX_SKILL_NAMES = 1000
"""The most skill names remembered as valid (see :func:`decode_skills`)."""
MAX_BOXES = 100
"""The most boxes a stress track may have in a scene file."""


def decode_stress_sizes(
    reader: Reader, value: object, path: KeyPath
) -> dict[StressKind, int] | None:
    """``3`` (one track) or ``{ physical = 4, mental = 3 }``."""
    if isinstance(value, dict):
        table = reader.table(value, path, [kind.value for kind in StressKind])
        sizes: dict[StressKind, int] = {}
        for key, count in (table or {}).items():
            number = reader.integer(count, (*path, key), low=0, high=MAX_BOXES)
            if number is not None and key in StressKind._value2member_map_:
                sizes[StressKind(key)] = number
        return sizes
    number = reader.integer(value, path, low=0, high=MAX_BOXES)
    return None if number is None else {StressKind.COMBINED: number}


def encode_stress_sizes(tracks: tuple[StressTrack, ...]) -> int | Data:
    """The inverse of :func:`decode_stress_sizes`."""
    if len(tracks) == 1 and tracks[0].kind is StressKind.COMBINED:
        return tracks[0].boxes
    return {track.kind.value: track.boxes for track in tracks}


def _apply_checked(
    reader: Reader, tracks: tuple[StressTrack, ...], value: object, path: KeyPath
) -> tuple[StressTrack, ...]:
    """Mark checked boxes given as ``[1, 2]`` (one track) or ``{ physical = [1] }``."""
    listed = isinstance(value, list)
    if listed:
        if not tracks:
            reader.fail(path, catalog_text("check.no_stress_track"))
            return tracks
        if len(tracks) != 1:
            reader.fail(path, catalog_text("check.name_the_track"))
            return tracks
        value = {tracks[0].kind.value: value}
    table = reader.table(value, path, [track.kind.value for track in tracks])
    if table is None:
        return tracks
    out = []
    for track in tracks:
        boxes = table.get(track.kind.value, [])
        where = path if listed else (*path, track.kind.value)
        items = reader.array(boxes, where) or []
        checked = set()
        for index, box in enumerate(items):
            number = reader.integer(box, (*where, index), low=1)
            if number is None:
                continue
            if number > track.boxes:
                reader.fail(
                    (*where, index),
                    catalog_text(
                        "check.box_past_end",
                        number=number,
                        track=catalog_text(f"check.track.{track.kind.value}"),
                        boxes=track.boxes,
                    ),
                )
                continue
            checked.add(number)
        out.append(StressTrack(track.kind, track.boxes, frozenset(checked)))
    return tuple(out)


def encode_checked(tracks: tuple[StressTrack, ...]) -> list[int] | Data | None:
    """Checked boxes in the shortest form, or None when all are empty."""
    marked = [track for track in tracks if track.checked]
    if not marked:
        return None
    if len(tracks) == 1:
        return sorted(tracks[0].checked)
    return {track.kind.value: sorted(track.checked) for track in marked}


def decode_consequences(
    reader: Reader,
    value: object,
    path: KeyPath,
    slots: tuple[ConsequenceSlot, ...],
    owner: str,
    rules: RulesInPlay,
) -> tuple[ConsequenceSlot, ...]:
    """Fill the slots from ``{ moderate = "Gaping chest wound", mild = { text, ... } }``; a
    condition checked more than once lists its entries (``hurt = ["Hurt", "Hurt"]``)."""
    layout = list(slots)
    table = reader.table(value, path, SLOT_NAMES) if value is not None else {}
    for key, given in (table or {}).items():
        if key not in SLOT_NAMES:
            continue
        entries = given if isinstance(given, list) else [given]
        for index, entry in enumerate(entries):
            where = (*path, key, index) if isinstance(given, list) else (*path, key)
            slot = _decode_one_consequence(reader, entry, where, owner)
            if slot is None:
                continue
            free = next(
                (i for i, s in enumerate(layout) if slot_name(s) == key and s.aspect is None),
                None,
            )
            if free is None:
                layout.append(replace(empty_slot(key, rules), aspect=None))
                free = len(layout) - 1
            layout[free] = replace(
                layout[free],
                aspect=slot.aspect,
                recovery=slot.recovery,
                taken_this_scene=slot.taken_this_scene,
            )
    return tuple(layout)


def _decode_one_consequence(
    reader: Reader, entry: object, where: KeyPath, owner: str
) -> ConsequenceSlot | None:
    """One filled slot's contents (its severity is the caller's)."""
    slot = ConsequenceSlot(Severity.MILD)
    if isinstance(entry, str):
        text = reader.text(entry, where)
        if text:
            return replace(slot, aspect=Aspect(text, AspectKind.CONSEQUENCE))
        return None
    item = reader.table(entry, where, CONSEQUENCE_KEYS)
    if item is None:
        return None
    text = reader.text(item.get("text"), (*where, "text"))
    invokes = decode_free_invokes(
        reader, item.get("free_invokes", 0), (*where, "free_invokes"), owner
    )
    recovery = None
    if "recovering_since" in item:
        since = reader.array(item["recovering_since"], (*where, "recovering_since"))
        if since is not None and len(since) == 2:
            session = reader.integer(since[0], (*where, "recovering_since", 0), low=0)
            scene = reader.integer(since[1], (*where, "recovering_since", 1), low=0)
            if session is not None and scene is not None:
                recovery = Recovery(session, scene)
        elif since is not None:
            reader.fail((*where, "recovering_since"), catalog_text("check.recovering_since"))
    fresh = "this_scene" in item and bool(
        reader.boolean(item["this_scene"], (*where, "this_scene"))
    )
    if not text:
        return None
    aspect = Aspect(text, AspectKind.CONSEQUENCE, invokes)
    return replace(slot, aspect=aspect, recovery=recovery, taken_this_scene=fresh)


def encode_consequences(slots: tuple[ConsequenceSlot, ...], owner: str) -> Data:
    """Only the filled slots, each a bare string when nothing else is known; a key filled
    more than once (a condition's boxes) lists its entries."""
    out: Data = {}
    for slot in slots:
        if slot.aspect is None:
            continue
        entry: str | Data
        if not slot.aspect.free_invokes and slot.recovery is None and not slot.taken_this_scene:
            entry = slot.aspect.name
        else:
            entry = {"text": slot.aspect.name}
            if slot.aspect.free_invokes:
                entry["free_invokes"] = encode_free_invokes(slot.aspect.free_invokes, owner)
            if slot.recovery is not None:
                entry["recovering_since"] = [slot.recovery.session, slot.recovery.scene]
            if slot.taken_this_scene:
                entry["this_scene"] = True
        key = slot_name(slot)
        if key not in out:
            out[key] = entry
        elif isinstance(out[key], list):
            out[key].append(entry)
        else:
            out[key] = [out[key], entry]
    return out


def _decode_slot_names(
    reader: Reader, value: object, path: KeyPath, rules: RulesInPlay
) -> tuple[ConsequenceSlot, ...]:
    slots = []
    for index, name in enumerate(reader.array(value, path) or []):
        choice = name if type(name) is str and name in SLOT_NAMES else None
        if choice is None:
            choice = reader.choice(name, (*path, index), SLOT_NAMES)
        if choice:
            slots.append(empty_slot(choice, rules))
    return tuple(slots)


def decode_form(
    reader: Reader, value: object, path: KeyPath, owner: str, rules: RulesInPlay
) -> Form | None:
    """One ``[[npc.form]]``: a later true form of a big bad."""
    table = reader.table(value, path, FORM_KEYS)
    if table is None:
        return None
    name = reader.text(table.get("name"), (*path, "name"))
    skills = decode_skills(reader, table.get("skills", {}), (*path, "skills"))
    sizes = (
        decode_stress_sizes(reader, table["stress"], (*path, "stress"))
        if "stress" in table
        else None
    )
    stress = tuple(empty_track(kind, boxes) for kind, boxes in (sizes or {}).items())
    slots = (
        _decode_slot_names(reader, table["consequence_slots"], (*path, "consequence_slots"), rules)
        if "consequence_slots" in table
        else ()
    )
    reveal = reader.choice(table.get("reveal", "full"), (*path, "reveal"), ("full", "soft"))
    if not name:
        return None
    return Form(
        name=name,
        aspects=decode_aspects(
            reader, table.get("aspects", []), (*path, "aspects"), AspectKind.CHARACTER, owner
        ),
        skills=skills,
        stunts=decode_stunts(reader, table["stunts"], (*path, "stunts"))
        if "stunts" in table
        else (),
        stress=stress,
        consequences=slots,
        soft=reveal == "soft",
    )


def encode_form(form: Form) -> Data:
    """The inverse of :func:`decode_form`."""
    out: Data = {"name": form.name}
    if form.aspects:
        out["aspects"] = [encode_aspect(a, AspectKind.CHARACTER) for a in form.aspects]
    if form.skills:
        out["skills"] = dict(form.skills)
    if form.stunts:
        out["stunts"] = [encode_stunt(s) for s in form.stunts]
    if form.stress:
        out["stress"] = encode_stress_sizes(form.stress)
    if form.consequences:
        out["consequence_slots"] = [slot_name(s) for s in form.consequences]
    if form.soft:
        out["reveal"] = "soft"
    return out


_KINDS = {k.value: k for k in CharacterKind}
_KIND_VALUES = tuple(_KINDS)
_SCALE_VALUES = tuple(s.value for s in Scale)
_NUMBER_RANGES = (
    ("fate_points", 0, 100),
    ("refresh", 0, 100),
    ("weapon", 0, 20),
    ("armor", 0, 20),
    ("members", 0, MAX_COUNT),
    ("revealed", 0, 100),
)
"""A character's whole-number keys and the range each may take."""
_NUMBER_KEYS = frozenset(key for key, _, _ in _NUMBER_RANGES)


def decode_character(
    reader: Reader,
    table: Mapping[str, Any],
    path: KeyPath,
    default_kind: CharacterKind,
    rules: RulesInPlay,
    zone_of: Callable[[str], str | None] | None = None,
) -> Character | None:
    """One ``[[pc]]`` or ``[[npc]]`` table (already checked for unknown keys).

    Values valid as written take a direct path (checked at C speed where they can be);
    anything else goes through the reader, which says what is wrong with it. ``zone_of``
    gives the id of a zone of the scene named by its id or its name (None for a zone it
    does not know, which is kept as written for the caller to report).
    """
    name: Any = table.get("name")
    if not plain_name(name):
        if "name" not in table:
            reader.fail(path, catalog_text("check.character_name"))
            return None
        name = reader.text(name, (*path, "name"))
        if name is None:
            return None
    character_id = reader.text(table["id"], (*path, "id")) if "id" in table else None
    if character_id is not None and ":" in character_id:
        # ':' separates the parts of a reference to what a character holds (a consequence
        # is ``consequence:ID:SLOT``), so an id holding one would be read as another's
        reader.fail((*path, "id"), catalog_text("check.id_colon", id=character_id))
    character_id = character_id or make_id(name)
    kind = default_kind
    if "kind" in table:
        value = table["kind"]
        found = _KINDS.get(value) if type(value) is str else None
        if found is None:
            reader.choice(value, (*path, "kind"), _KIND_VALUES)
        else:
            kind = found
    aspects: list[Aspect] = []
    if "high_concept" in table:
        value = table["high_concept"]
        aspect = (
            bare_aspect(value, AspectKind.HIGH_CONCEPT)
            if plain_name(value)
            else decode_aspect(
                reader, value, (*path, "high_concept"), AspectKind.HIGH_CONCEPT, character_id
            )
        )
        if aspect:
            aspects.append(aspect)
    if "trouble" in table:
        value = table["trouble"]
        aspect = (
            bare_aspect(value, AspectKind.TROUBLE)
            if plain_name(value)
            else decode_aspect(reader, value, (*path, "trouble"), AspectKind.TROUBLE, character_id)
        )
        if aspect:
            aspects.append(aspect)
    if "aspects" in table:
        aspects += decode_aspects(
            reader, table["aspects"], (*path, "aspects"), AspectKind.CHARACTER, character_id
        )
    skills = decode_skills(reader, table["skills"], (*path, "skills")) if "skills" in table else {}
    tracks, slots = standard_layout(kind, skills, rules)
    if "stress" in table:
        value = table["stress"]
        if type(value) is int and 0 <= value <= MAX_BOXES:
            tracks = (empty_track(StressKind.COMBINED, value),)
        else:
            sizes = decode_stress_sizes(reader, value, (*path, "stress"))
            if sizes is not None:
                tracks = tuple(empty_track(k, boxes) for k, boxes in sizes.items())
    if "stress_checked" in table:
        tracks = _apply_checked(reader, tracks, table["stress_checked"], (*path, "stress_checked"))
    if "consequence_slots" in table:
        slots = _decode_slot_names(
            reader, table["consequence_slots"], (*path, "consequence_slots"), rules
        )
    consequences = (
        decode_consequences(
            reader, table["consequences"], (*path, "consequences"), slots, GM, rules
        )
        if "consequences" in table
        else slots
    )
    number: dict[str, int | None] = {
        "fate_points": 0,
        "refresh": DEFAULT_REFRESH if kind is CharacterKind.PC else 0,
        "weapon": 0,
        "armor": 0,
        "members": 1,
        "revealed": 0,
    }
    for key, low, high in _NUMBER_RANGES if not _NUMBER_KEYS.isdisjoint(table) else ():
        if key in table:
            value = table[key]
            number[key] = (
                value
                if type(value) is int and low <= value <= high
                else reader.integer(value, (*path, key), low=low, high=high)
            )
    revealed = number["revealed"] or 0
    scale = Scale.MUNDANE
    if "scale" in table:
        scale_text = reader.choice(table["scale"], (*path, "scale"), _SCALE_VALUES)
        scale = Scale(scale_text) if scale_text else Scale.MUNDANE
    forms_list = (reader.array(table["form"], (*path, "form")) or []) if "form" in table else []
    forms = (
        tuple(
            form
            for index, item in enumerate(forms_list)
            if (form := decode_form(reader, item, (*path, "form", index), character_id, rules))
        )
        if forms_list
        else ()
    )
    if revealed > len(forms):
        reader.fail((*path, "revealed"), catalog_text("check.forms_listed", count=len(forms)))
        revealed = 0
    taken_out = "taken_out" in table and bool(
        reader.boolean(table["taken_out"], (*path, "taken_out"))
    )
    conceded = "conceded" in table and bool(reader.boolean(table["conceded"], (*path, "conceded")))
    hidden = "hidden" in table and bool(reader.boolean(table["hidden"], (*path, "hidden")))
    if hidden and kind is CharacterKind.PC:
        reader.fail((*path, "hidden"), "a PC is always known to the players; only NPCs hide")
        hidden = False
    stunts = decode_stunts(reader, table["stunts"], (*path, "stunts")) if "stunts" in table else ()
    notes = (
        (reader.text(table["notes"], (*path, "notes"), limit=MAX_TEXT, allow_empty=True) or "")
        if "notes" in table
        else ""
    )
    zone = None
    if "zone" in table:
        zone = table["zone"]
        if not plain_name(zone):
            zone = reader.text(zone, (*path, "zone"))
        if zone is not None and zone_of is not None:
            zone = zone_of(zone) or zone
    minions = (
        tuple(reader.texts(table["minions"], (*path, "minions"))) if "minions" in table else ()
    )
    player = (reader.text(table["player"], (*path, "player")) or "") if "player" in table else ""
    fields = _CHARACTERS.fields()
    fields["name"] = name
    fields["kind"] = kind
    fields["id"] = character_id
    fields["aspects"] = tuple(aspects)
    fields["skills"] = MappingProxyType(skills)
    fields["stunts"] = stunts
    fields["stress"] = tracks
    fields["consequences"] = consequences
    fields["fate_points"] = number["fate_points"] or 0
    fields["refresh"] = number["refresh"] or 0
    fields["zone"] = zone
    fields["scale"] = scale
    fields["weapon"] = number["weapon"] or 0
    fields["armor"] = number["armor"] or 0
    fields["forms"] = forms
    fields["form"] = revealed
    fields["minions"] = minions
    fields["members"] = number["members"] if number["members"] is not None else 1
    fields["taken_out"] = taken_out
    fields["conceded"] = conceded
    fields["hidden"] = hidden
    fields["player"] = player
    fields["notes"] = notes
    character = _CHARACTERS.make(fields)
    if not _BIG_BAD_KEYS.isdisjoint(table):
        solo = _decode_solo(reader, table, path)
        immunity = _decode_immunity(reader, table, path)
        swarm = _decode_swarm(reader, table, path, character_id)
        if solo is not None or immunity is not None or swarm is not None:
            character = replace(character, solo=solo, immunity=immunity, swarm=swarm)
    if kind is CharacterKind.MINOR or kind is CharacterKind.MOOKS:
        try:
            validate_minor(character)
        except InvalidCharacter as error:
            reader.fail((*path, "stress") if "stress" in table else path, rules_text(error))
            return None
    if kind is CharacterKind.MOOKS and not character.taken_out:
        try:
            # A group still standing has at least one member (§7), as the builder requires.
            validate_members(character.name, character.members)
        except InvalidCharacter as error:
            reader.fail((*path, "members") if "members" in table else path, rules_text(error))
            return None
    return character


_CHARACTERS: Maker[Character] = Maker.defaults(Character(""))

_BIG_BAD_KEYS = frozenset(("solo", "immune_until", "immune_via", "immune_to", "parts", "shields"))
"""The keys :func:`_decode_solo`, :func:`_decode_immunity` and :func:`_decode_swarm` read."""


def _decode_solo(reader: Reader, table: Mapping[str, Any], path: KeyPath) -> SoloBonus | None:
    """``solo = ["skill", "harm"]``: the solo-bonus options a big bad uses."""
    if "solo" not in table:
        return None
    chosen = [
        choice
        for index, name in enumerate(reader.array(table["solo"], (*path, "solo")) or [])
        if (choice := reader.choice(name, (*path, "solo", index), SOLO_OPTIONS))
    ]
    return SoloBonus(**{SOLO_OPTIONS[name]: True for name in chosen})


def _decode_swarm(
    reader: Reader, table: Mapping[str, Any], path: KeyPath, heart_id: str
) -> Swarm | None:
    """``parts = ["claw", "shell"]`` (and ``shields = ["shell"]``): the character is the
    heart of a swarm of those characters (§7)."""
    if "parts" not in table:
        if "shields" in table:
            reader.fail((*path, "shields"), catalog_text("check.shields_need_parts"))
        return None
    parts = tuple(reader.texts(table["parts"], (*path, "parts")))
    shields = (
        tuple(reader.texts(table["shields"], (*path, "shields"))) if "shields" in table else ()
    )
    if heart_id in parts:
        reader.fail((*path, "parts"), catalog_text("check.heart_in_parts", id=heart_id))
        return None
    stray = [shield for shield in shields if shield not in parts]
    if stray:
        reader.fail((*path, "shields"), catalog_text("check.shield_not_part", id=stray[0]))
        return None
    return Swarm(heart_id, parts, shields)


def _decode_immunity(reader: Reader, table: Mapping[str, Any], path: KeyPath) -> Immunity | None:
    """``immune_until = "Break the ward"`` (and ``immune_via = "contest"``, ``immune_to =
    "physical"``)."""
    if "immune_until" not in table:
        for key in ("immune_via", "immune_to"):
            if key in table:
                reader.fail((*path, key), catalog_text("check.immune_needs_until", name=key))
        return None
    until = reader.text(table["immune_until"], (*path, "immune_until"))
    via = ImmunityVia.CHALLENGE
    if "immune_via" in table:
        found = reader.choice(table["immune_via"], (*path, "immune_via"), list(ImmunityVia))
        via = ImmunityVia(found) if found else via
    kinds = IMMUNE_TO["both"]
    if "immune_to" in table:
        named = reader.choice(table["immune_to"], (*path, "immune_to"), IMMUNE_TO)
        kinds = IMMUNE_TO[named] if named else kinds
    return Immunity(until, via, kinds) if until else None


def encode_character(character: Character, rules: RulesInPlay) -> Data:
    """The inverse of :func:`decode_character`: only what differs from the defaults."""
    kind = character.kind
    out: Data = {"name": character.name}
    if character.id != make_id(character.name):
        out["id"] = character.id
    if kind not in (CharacterKind.PC, CharacterKind.MAJOR):
        out["kind"] = kind.value
    if character.player:
        out["player"] = character.player
    if character.zone is not None:
        out["zone"] = character.zone
    others = []
    for aspect in character.aspects:
        if aspect.kind is AspectKind.HIGH_CONCEPT and "high_concept" not in out:
            out["high_concept"] = encode_aspect(aspect, AspectKind.HIGH_CONCEPT, character.id)
        elif aspect.kind is AspectKind.TROUBLE and "trouble" not in out:
            out["trouble"] = encode_aspect(aspect, AspectKind.TROUBLE, character.id)
        else:
            others.append(encode_aspect(aspect, AspectKind.CHARACTER, character.id))
    if others:
        out["aspects"] = others
    if character.skills:
        out["skills"] = dict(character.skills)
    if character.stunts:
        out["stunts"] = [encode_stunt(s) for s in character.stunts]
    if character.notes:
        out["notes"] = character.notes
    default_tracks, default_layout = standard_layout(kind, character.skills, rules)
    sizes_only = tuple(track.cleared() for track in character.stress)
    if sizes_only != default_tracks:
        out["stress"] = encode_stress_sizes(character.stress)
    checked = encode_checked(character.stress)
    if checked is not None:
        out["stress_checked"] = checked
    slots = tuple(slot_name(s) for s in character.consequences)
    defaults = tuple(slot_name(s) for s in default_layout)
    filled_extra = tuple(
        slot_name(s) for s in character.consequences if s.aspect and slot_name(s) not in defaults
    )
    if slots != defaults + filled_extra or any(
        s.kind != d.kind for s, d in zip(character.consequences, default_layout, strict=False)
    ):
        out["consequence_slots"] = list(slots)
    consequences = encode_consequences(character.consequences, GM)
    if consequences:
        out["consequences"] = consequences
    default_refresh = DEFAULT_REFRESH if kind is CharacterKind.PC else 0
    for key, value, default in (
        ("fate_points", character.fate_points, 0),
        ("refresh", character.refresh, default_refresh),
        ("weapon", character.weapon, 0),
        ("armor", character.armor, 0),
        ("members", character.members, 1),
        ("revealed", character.form, 0),
    ):
        if value != default:
            out[key] = value
    if character.scale is not Scale.MUNDANE:
        out["scale"] = character.scale.value
    if character.minions:
        out["minions"] = list(character.minions)
    if character.taken_out:
        out["taken_out"] = True
    if character.conceded:
        out["conceded"] = True
    if character.hidden:
        out["hidden"] = True
    if character.solo is not None:
        out["solo"] = [
            name for name, field in SOLO_OPTIONS.items() if getattr(character.solo, field)
        ]
    if character.swarm is not None:
        out["parts"] = list(character.swarm.part_ids)
        if character.swarm.shields:
            out["shields"] = list(character.swarm.shields)
    if character.immunity is not None:
        out["immune_until"] = character.immunity.until
        if character.immunity.via is not ImmunityVia.CHALLENGE:
            out["immune_via"] = character.immunity.via.value
        if character.immunity.kinds != IMMUNE_TO["both"]:
            out["immune_to"] = next(
                name for name, kinds in IMMUNE_TO.items() if kinds == character.immunity.kinds
            )
    if character.forms:
        out["form"] = [encode_form(form) for form in character.forms]
    return out


# ---------------------------------------------------------------------------- zones

ZONE_KEYS = ("name", "id", "aspects", "hidden")
LINK_KEYS = ("zones", "barrier", "block")


def decode_zone(reader: Reader, value: object, path: KeyPath) -> Zone | None:
    """One ``[[zone]]``."""
    table = reader.table(value, path, ZONE_KEYS)
    if table is None:
        return None
    if "name" not in table:
        reader.fail(path, catalog_text("check.zone_name"))
        return None
    name = table["name"]
    if not plain_name(name):
        name = reader.text(name, (*path, "name"))
    zone_id = reader.text(table["id"], (*path, "id")) if "id" in table else None
    aspects = (
        decode_aspects(reader, table["aspects"], (*path, "aspects")) if "aspects" in table else ()
    )
    hidden = "hidden" in table and bool(reader.boolean(table["hidden"], (*path, "hidden")))
    return Zone(name, zone_id or "", aspects, hidden) if name else None


def encode_zone(zone: Zone) -> Data:
    """The inverse of :func:`decode_zone`."""
    out: Data = {"name": zone.name}
    if zone.id != make_id(zone.name):
        out["id"] = zone.id
    if zone.aspects:
        out["aspects"] = [encode_aspect(a) for a in zone.aspects]
    if zone.hidden:
        out["hidden"] = True
    return out


def decode_link(reader: Reader, value: object, path: KeyPath) -> Link | None:
    """One ``[[link]]``: ``zones = ["Hall", "Crypt"]`` with an optional barrier or block."""
    table = reader.table(value, path, LINK_KEYS)
    if table is None:
        return None
    zones = table.get("zones", [])
    if not (type(zones) is list and len(zones) == 2 and all(map(plain_name, zones))):
        zones = reader.texts(zones, (*path, "zones"))
        if len(zones) != 2:
            reader.fail((*path, "zones"), catalog_text("check.link_zones"))
            return None
    barrier = None
    if "barrier" in table:
        barrier = table["barrier"]
        if type(barrier) is not int or not RATING["low"] <= barrier <= RATING["high"]:
            barrier = reader.integer(barrier, (*path, "barrier"), **RATING)
    block = reader.text(table["block"], (*path, "block")) if "block" in table else None
    return Link((zones[0], zones[1]), barrier, block)


def encode_link(link: Link) -> Data:
    """The inverse of :func:`decode_link`."""
    out: Data = {"zones": list(link.zones)}
    if link.barrier is not None:
        out["barrier"] = link.barrier
    if link.block is not None:
        out["block"] = link.block
    return out


# ---------------------------------------------------------------------------- obstacles

OBSTACLE_KINDS = ("hazard", "block", "distraction")
OBSTACLE_KEYS = (
    *OBSTACLE_KINDS,
    "id",
    "rating",
    "weapon",
    "zone",
    "between",
    "removal",
    "harmful",
    "choice",
    "answers",
    "difficulty",
)


_OBSTACLE_FIELDS = {
    kind: frozenset(("id", "zone", kind, *fields))
    for kind, fields in (
        ("hazard", ("rating", "weapon")),
        ("block", ("rating", "weapon", "between", "removal", "harmful")),
        ("distraction", ("choice", "answers", "difficulty")),
    )
}
"""The keys each kind of obstacle takes."""


def decode_obstacle(reader: Reader, value: object, path: KeyPath) -> Obstacle | None:
    """One ``[[obstacle]]``: ``hazard = "Sniper"``, ``block = "..."`` or ``distraction``."""
    table = reader.table(value, path, OBSTACLE_KEYS)
    if table is None:
        return None
    kinds = [kind for kind in OBSTACLE_KINDS if kind in table]
    if len(kinds) != 1:
        reader.fail(path, catalog_text("check.obstacle_kind"))
        return None
    kind = kinds[0]
    name = table[kind]
    if not plain_name(name):
        name = reader.text(name, (*path, kind))
    obstacle_id = (reader.text(table["id"], (*path, "id")) or "") if "id" in table else ""
    zone = None
    if "zone" in table:
        zone = table["zone"]
        if not plain_name(zone):
            zone = reader.text(zone, (*path, "zone"))

    def number(key: str, default: int | None, low: int = -10, high: int = 20) -> int | None:
        if key not in table:
            return default
        value = table[key]
        if type(value) is int and low <= value <= high:
            return value
        return reader.integer(value, (*path, key), low=low, high=high)

    allowed = _OBSTACLE_FIELDS[kind]
    if not table.keys() <= allowed:
        for key in table:
            if key not in allowed:
                reader.fail((*path, key), catalog_text(f"check.{kind}_lacks", field=repr(key)))
    if name is None:
        return None
    if kind in ("hazard", "block") and "rating" not in table:
        reader.fail(path, catalog_text(f"check.{kind}_rating"))
        return None
    try:
        if kind == "hazard":
            return Hazard(
                name, number("rating", 0) or 0, number("weapon", 0, 0, 10) or 0, zone, obstacle_id
            )
        if kind == "block":
            between = None
            if "between" in table:
                zones = reader.texts(table["between"], (*path, "between"))
                if len(zones) == 2:
                    between = (zones[0], zones[1])
                else:
                    reader.fail((*path, "between"), catalog_text("check.two_zones"))
            harmful = (
                reader.boolean(table["harmful"], (*path, "harmful")) if "harmful" in table else None
            )
            return Block(
                name,
                number("rating", 0) or 0,
                number("weapon", 0, 0, 10) or 0,
                zone,
                between,
                number("removal", None),
                obstacle_id,
                harmful,
            )
        choice = reader.text(table.get("choice", ""), (*path, "choice"), limit=MAX_TEXT)
        answers = []
        answer_table = (
            reader.table(table.get("answers", {}), (*path, "answers"), ())
            if not isinstance(table.get("answers", {}), dict)
            else table.get("answers", {})
        )
        for answer, consequence in (answer_table or {}).items():
            text = reader.text(consequence, (*path, "answers", answer), limit=MAX_TEXT)
            if text and reader.text(answer, (*path, "answers", answer)):
                answers.append(DistractionAnswer(answer, text))
        return Distraction(
            name, choice or "", tuple(answers), number("difficulty", None), zone, obstacle_id
        )
    except RulesError as error:
        reader.fail(path, rules_text(error))
        return None


def encode_obstacle(obstacle: Obstacle) -> Data:
    """The inverse of :func:`decode_obstacle`."""
    out: Data = {}
    if isinstance(obstacle, Hazard):
        out["hazard"] = obstacle.name
        out["rating"] = obstacle.rating
        if obstacle.weapon:
            out["weapon"] = obstacle.weapon
    elif isinstance(obstacle, Block):
        out["block"] = obstacle.name
        out["rating"] = obstacle.rating
        if obstacle.weapon:
            out["weapon"] = obstacle.weapon
        if obstacle.between is not None:
            out["between"] = list(obstacle.between)
        if obstacle.removal is not None:
            out["removal"] = obstacle.removal
        if obstacle.harmful is not None:
            out["harmful"] = obstacle.harmful
    else:
        out["distraction"] = obstacle.name
        if obstacle.choice:
            out["choice"] = obstacle.choice
        if obstacle.answers:
            out["answers"] = {a.answer: a.consequence for a in obstacle.answers}
        if obstacle.difficulty is not None:
            out["difficulty"] = obstacle.difficulty
    if obstacle.id != make_id(obstacle.name):
        out["id"] = obstacle.id
    if obstacle.zone is not None:
        out["zone"] = obstacle.zone
    return out


COUNTDOWN_KEYS = ("name", "id", "boxes", "checked", "trigger", "outcome", "visible")


def decode_countdown(reader: Reader, value: object, path: KeyPath) -> Countdown | None:
    """One ``[[countdown]]``."""
    table = reader.table(value, path, COUNTDOWN_KEYS)
    if table is None:
        return None
    name = reader.text(table.get("name"), (*path, "name"))
    boxes = reader.integer(table.get("boxes"), (*path, "boxes"), low=1, high=100)
    checked = reader.integer(table.get("checked", 0), (*path, "checked"), low=0, high=100)
    if boxes is not None and checked is not None and checked > boxes:
        reader.fail(
            (*path, "checked"), catalog_text("check.checked_boxes", checked=checked, boxes=boxes)
        )
        return None
    triggers = reader.texts(table.get("trigger", []), (*path, "trigger"), limit=MAX_TEXT)
    outcome = reader.text(
        table.get("outcome", ""), (*path, "outcome"), limit=MAX_TEXT, allow_empty=True
    )
    visible = reader.choice(
        table.get("visible", "full"), (*path, "visible"), [v.value for v in CountdownVisibility]
    )
    countdown_id = (reader.text(table["id"], (*path, "id")) or "") if "id" in table else ""
    if name is None or boxes is None or checked is None or visible is None:
        return None
    return Countdown(
        name,
        boxes,
        checked,
        tuple(triggers),
        outcome or "",
        CountdownVisibility(visible),
        countdown_id,
    )


def encode_countdown(countdown: Countdown) -> Data:
    """The inverse of :func:`decode_countdown`."""
    out: Data = {"name": countdown.name, "boxes": countdown.boxes}
    if countdown.id != make_id(countdown.name):
        out["id"] = countdown.id
    if countdown.checked:
        out["checked"] = countdown.checked
    if len(countdown.triggers) == 1:
        out["trigger"] = countdown.triggers[0]
    elif countdown.triggers:
        out["trigger"] = list(countdown.triggers)
    if countdown.outcome:
        out["outcome"] = countdown.outcome
    if countdown.visibility is not CountdownVisibility.FULL:
        out["visible"] = countdown.visibility.value
    return out


# ---------------------------------------------------------------------------- contests

CONTEST_KEYS = ("name", "victories", "exchange", "sides", "twists", "winner", "faster", "threat")
SIDE_KEYS = ("name", "members", "victories")
CHALLENGE_KEYS = ("name", "tasks", "done")
TASK_KEYS = ("name", "skill", "difficulty", "outcome", "cost", "note")


def decode_contest(reader: Reader, value: object, path: KeyPath) -> Contest | None:
    """One ``[[contest]]`` with its sides and victories so far."""
    from fatescreen.rules.contests import Contest, ContestSide

    table = reader.table(value, path, CONTEST_KEYS)
    if table is None:
        return None
    name = reader.text(table.get("name"), (*path, "name"))
    needed = reader.integer(table.get("victories", 3), (*path, "victories"), low=1, high=10)
    exchange = reader.integer(table.get("exchange", 1), (*path, "exchange"), low=1)
    sides = []
    for index, item in enumerate(reader.array(table.get("sides", []), (*path, "sides")) or []):
        where = (*path, "sides", index)
        side = reader.table(item, where, SIDE_KEYS)
        if side is None:
            continue
        side_name = reader.text(side.get("name"), (*where, "name"))
        members = reader.texts(side.get("members", []), (*where, "members"))
        won = reader.integer(side.get("victories", 0), (*where, "victories"), low=0, high=20)
        if side_name and won is not None:
            sides.append(ContestSide(side_name, tuple(members), won))
    if len(sides) < 2:
        reader.fail((*path, "sides"), catalog_text("check.two_sides"))
        return None
    twists = reader.texts(table.get("twists", []), (*path, "twists"))
    winner = reader.text(table["winner"], (*path, "winner")) if "winner" in table else None
    faster = "faster" in table and bool(reader.boolean(table["faster"], (*path, "faster")))
    threat = reader.text(table["threat"], (*path, "threat")) if "threat" in table else None
    if name is None or needed is None or exchange is None:
        return None
    try:
        return Contest(name, tuple(sides), needed, exchange, tuple(twists), winner, faster, threat)
    except RulesError as error:
        reader.fail(path, rules_text(error))
        return None


def encode_contest(contest: Contest) -> Data:
    """The inverse of :func:`decode_contest`."""
    out: Data = {"name": contest.name}
    if contest.victories_needed != 3:
        out["victories"] = contest.victories_needed
    if contest.exchange != 1:
        out["exchange"] = contest.exchange
    sides = []
    for side in contest.sides:
        entry: Data = {"name": side.name}
        if side.members:
            entry["members"] = list(side.members)
        if side.victories:
            entry["victories"] = side.victories
        sides.append(entry)
    out["sides"] = sides
    if contest.twists:
        out["twists"] = list(contest.twists)
    if contest.winner is not None:
        out["winner"] = contest.winner
    if contest.faster:
        out["faster"] = True
    if contest.threat is not None:
        out["threat"] = contest.threat
    return out


def decode_challenge(reader: Reader, value: object, path: KeyPath) -> Challenge | None:
    """One ``[[challenge]]`` with its tasks and their outcomes so far."""
    from fatescreen.rules.contests import Challenge, ChallengeTask

    table = reader.table(value, path, CHALLENGE_KEYS)
    if table is None:
        return None
    name = reader.text(table.get("name"), (*path, "name"))
    tasks = []
    for index, item in enumerate(reader.array(table.get("tasks", []), (*path, "tasks")) or []):
        where = (*path, "tasks", index)
        task = reader.table(item, where, TASK_KEYS)
        if task is None:
            continue
        task_name = reader.text(task.get("name"), (*where, "name"))
        skill = reader.text(task.get("skill"), (*where, "skill"))
        difficulty = reader.integer(task.get("difficulty"), (*where, "difficulty"), **RATING)
        outcome = (
            reader.choice(task["outcome"], (*where, "outcome"), [o.value for o in Outcome])
            if "outcome" in task
            else None
        )
        cost = reader.text(task.get("cost", ""), (*where, "cost"), limit=MAX_TEXT, allow_empty=True)
        note = reader.text(task.get("note", ""), (*where, "note"), limit=MAX_TEXT, allow_empty=True)
        if task_name and skill and difficulty is not None:
            try:
                tasks.append(
                    ChallengeTask(
                        task_name,
                        skill,
                        difficulty,
                        Outcome(outcome) if outcome else None,
                        cost or "",
                        note or "",
                    )
                )
            except RulesError as error:
                reader.fail((*where, "cost"), rules_text(error))
    done = reader.boolean(table.get("done", False), (*path, "done"))
    if not name:
        return None
    try:
        return Challenge(name, tuple(tasks), bool(done))
    except RulesError as error:
        reader.fail((*path, "tasks"), rules_text(error))
        return None


def encode_challenge(challenge: Challenge) -> Data:
    """The inverse of :func:`decode_challenge`."""
    tasks = []
    for task in challenge.tasks:
        entry: Data = {"name": task.name, "skill": task.skill, "difficulty": task.difficulty}
        if task.outcome is not None:
            entry["outcome"] = task.outcome.value
        if task.cost:
            entry["cost"] = task.cost
        if task.note:
            entry["note"] = task.note
        tasks.append(entry)
    out: Data = {"name": challenge.name, "tasks": tasks}
    if challenge.done:
        out["done"] = True
    return out


# ---------------------------------------------------------------------------- play state

TURN_KEYS = ("exchange", "participants", "acted", "up")
HELD_KEYS = ("to", "points", "reason")


def decode_turn(reader: Reader, value: object, path: KeyPath) -> TurnOrder | None:
    """The ``[turn]`` table: exchange number, who has acted, who is up."""
    table = reader.table(value, path, TURN_KEYS)
    if table is None:
        return None
    exchange = reader.integer(table.get("exchange", 1), (*path, "exchange"), low=1)
    participants = reader.texts(table.get("participants", []), (*path, "participants"))
    acted = reader.texts(table.get("acted", []), (*path, "acted"))
    up = reader.text(table["up"], (*path, "up")) if "up" in table else None
    for key, ids in (("participants", participants), ("acted", acted)):
        twice = sorted({actor for actor in ids if ids.count(actor) > 1})
        if twice:
            reader.fail(
                (*path, key), catalog_text("check.listed_twice", names=", ".join(map(repr, twice)))
            )
            return None
    if up is not None and (up not in participants or up not in acted):
        reader.fail((*path, "up"), catalog_text("check.up", id=up))
        return None
    if exchange is None:
        return None
    try:
        return TurnOrder(exchange, tuple(participants), tuple(acted), up)
    except RulesError as error:
        reader.fail(path, rules_text(error))
        return None


def encode_turn(turn: TurnOrder) -> Data:
    """The inverse of :func:`decode_turn`."""
    out: Data = {"exchange": turn.exchange}
    if turn.participants:
        out["participants"] = list(turn.participants)
    out["acted"] = list(turn.acted)
    if turn.up is not None:
        out["up"] = turn.up
    return out


def decode_held(reader: Reader, value: object, path: KeyPath) -> tuple[LedgerEntry, ...]:
    """``held = [{ to = "rozio", points = 1, reason = "hostile invoke" }]``."""
    entries = []
    for index, item in enumerate(reader.array(value, path) or []):
        where = (*path, index)
        table = reader.table(item, where, HELD_KEYS)
        if table is None:
            continue
        who = reader.text(table.get("to"), (*where, "to"))
        points = reader.integer(table.get("points", 1), (*where, "points"), low=1, high=100)
        reason = reader.text(
            table.get("reason", ""), (*where, "reason"), limit=MAX_TEXT, allow_empty=True
        )
        if who and points:
            entries.append(LedgerEntry(who, points, reason or "", held_until_scene_end=True))
    return tuple(entries)


def encode_held(entries: tuple[LedgerEntry, ...]) -> list[Data]:
    """The inverse of :func:`decode_held`."""
    out = []
    for entry in entries:
        item: Data = {"to": entry.who}
        if entry.delta != 1:
            item["points"] = entry.delta
        if entry.reason:
            item["reason"] = entry.reason
        out.append(item)
    return out


OPTION_KEYS = tuple(key for key in RulesInPlay.__dataclass_fields__ if key != "renamed_roles")
"""The ``[rules]`` keys of the options, each a field of :class:`RulesInPlay`."""
RULES_KEYS = (*OPTION_KEYS, *ROLE_NAMES)
"""Every ``[rules]`` key: the options, then a key per skill role a custom list renames."""


def rules_values(rules: RulesInPlay) -> dict[str, Any]:
    """Every ``[rules]`` key's value as the file writes it ("" for a role not renamed)."""
    renamed = dict(rules.renamed_roles)
    options = {key: getattr(rules, key) for key in OPTION_KEYS}
    return {**options, **{role: renamed.get(role, "") for role in ROLE_NAMES}}


def rules_from_values(values: Mapping[str, Any]) -> RulesInPlay:
    """The rules in play from ``[rules]`` values (as :func:`rules_values` gives them)."""
    options = {key: value for key, value in values.items() if key in OPTION_KEYS}
    renamed = tuple((role, values[role]) for role in ROLE_NAMES if values.get(role))
    return RulesInPlay(**options, renamed_roles=renamed)


_DEFAULT_VALUES = rules_values(RulesInPlay())


def decode_rules(reader: Reader, value: object, path: KeyPath) -> RulesInPlay:
    """The ``[rules]`` table of optional rules in play; a key that is neither an option
    nor a skill role is an error at its line."""
    table = reader.table(value, path, RULES_KEYS)
    if table is None:
        return RulesInPlay()
    values: dict[str, Any] = {}
    for key, item in table.items():
        if key not in RULES_KEYS:
            continue
        default = _DEFAULT_VALUES[key]
        if key == "skills":
            choice = reader.choice(item, (*path, key), tuple(SKILL_LISTS))
            if choice:
                values[key] = choice
        elif isinstance(default, str):
            text = reader.text(item, (*path, key), allow_empty=True)
            if text is not None:
                values[key] = text
        elif isinstance(default, bool):
            flag = reader.boolean(item, (*path, key))
            if flag is not None:
                values[key] = flag
        else:
            low, high = (3, 5) if key == "contest_victories" else (0, 2)
            number = reader.integer(item, (*path, key), low=low, high=high)
            if number is not None:
                values[key] = number
    if values.get("escalating_stress_boxes") and values.get("one_stress_track"):
        reader.fail((*path, "escalating_stress_boxes"), catalog_text("check.escalating_one_track"))
        values["escalating_stress_boxes"] = False
    return rules_from_values(values)


def encode_rules(rules: RulesInPlay) -> Data:
    """Only the rules that differ from the defaults."""
    values = rules_values(rules)
    return {key: value for key, value in values.items() if value != _DEFAULT_VALUES[key]}
