"""Load a scene file: strict validation with every problem located at file:line and key path."""

from __future__ import annotations

from collections.abc import Callable, Iterable, KeysView, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from fatescreen.rules.aspects import GM, Aspect, make_id
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.copies import base_id
from fatescreen.rules.obstacles import Hazard
from fatescreen.scene import codec
from fatescreen.scene.errors import KeyPath, Problem, SceneFileError, Text
from fatescreen.scene.errors import text as catalog_text
from fatescreen.scene.made import Maker, with_fields
from fatescreen.scene.model import Link, Obstacle, RulesInPlay, Scene, Zone
from fatescreen.scene.reader import MAX_COUNT, MAX_TEXT, Reader, shown
from fatescreen.scene.source import file_problem, parse, read_text

FORMAT_VERSION = 1
TOP_KEYS = (
    "format",
    "system",
    "title",
    "notes",
    "rules",
    "gm_pool",
    "compel_points",
    "pcs",
    "aspects",
    "zone",
    "link",
    "pc",
    "npc",
    "obstacle",
    "countdown",
    "contest",
    "challenge",
    "turn",
    "held",
)
MAX_PROBLEMS = 100
"""Problems located and listed at most; a file with more gets a count of the rest."""


class Origin(NamedTuple):
    """Where an entity of the scene is written in its file.

    ``path`` is the record's key path (``("npc", 2)``); ``instance`` is set for one of
    several numbered characters made from one template entry (its overrides live in
    ``each."NAME"`` under that entry).
    """

    path: KeyPath
    instance: str | None = None


@dataclass
class SourceMap:
    """Which record of the file each entity of the loaded scene came from."""

    characters: dict[str, Origin] = field(default_factory=dict)
    zones: dict[str, Origin] = field(default_factory=dict)
    obstacles: dict[str, Origin] = field(default_factory=dict)
    countdowns: dict[str, Origin] = field(default_factory=dict)
    contests: dict[str, Origin] = field(default_factory=dict)
    challenges: dict[str, Origin] = field(default_factory=dict)
    links: dict[tuple[str, str], Origin] = field(default_factory=dict)


@dataclass(frozen=True)
class LoadedScene:
    """A scene with what is needed to save it back in the GM's own style.

    The style-preserving tomlkit document is parsed only when a save needs it (or ahead
    of time by :meth:`warm`, off the main path), never while loading.
    """

    scene: Scene
    path: Path | None
    text: str
    origins: SourceMap

    @property
    def value(self) -> Scene:
        """The scene (the name every system's loaded file gives its value)."""
        return self.scene

    def warm(self) -> None:
        """Parse the tomlkit document now (e.g. from a worker thread), for a fast save."""
        if "_document" not in self.__dict__:
            import tomlkit

            object.__setattr__(self, "_document", tomlkit.parse(self.text))

    def take_document(self) -> Any:
        """The parsed document of :attr:`text`, handed over to be patched: a later call
        parses afresh, so a failed save can never leave a half-patched copy behind."""
        self.warm()
        return self.__dict__.pop("_document")

    def with_document(self, document: Any) -> LoadedScene:
        """This value, holding ``document`` (which must be the parse of :attr:`text`)."""
        object.__setattr__(self, "_document", document)
        return self


PartyLoader = Callable[[tuple[str, ...]], Mapping[str, Character]]
TemplateFiles = dict[str, "dict[str, Any] | SceneFileError"]
"""Template files read by one load, by the name the scene gives them (or why not)."""


def load_scene(path: Path, party: PartyLoader | None = None) -> LoadedScene:
    """Read and validate a scene file.

    Args:
        path: The ``.toml`` file.
        party: Looks up the campaign's PCs by id, for scenes that list ``pcs``.

    Raises:
        SceneFileError: The file is missing, unreadable, not TOML, or breaks the format;
            every problem found is listed, each with its line and key path.
    """
    return load_text(read_text(path), path, party)


def load_text(text: str, path: Path | None = None, party: PartyLoader | None = None) -> LoadedScene:
    """Validate scene TOML text; see :func:`load_scene`."""
    return load_parsed(text, parse(text, path), path, party)


def load_parsed(
    text: str, data: Mapping[str, Any], path: Path | None, party: PartyLoader | None
) -> LoadedScene:
    """Validate the parsed TOML ``data`` of ``text``; see :func:`load_scene`."""
    reader = Reader()
    base = path.parent if path else Path.cwd()
    scene, origins = _decode(reader, data, base, party)
    if reader.problems or scene is None:
        from fatescreen.scene.locate import locate  # the error path only

        problems = [
            replace(problem, line=locate(text, problem.path), file=path)
            for problem in reader.problems[:MAX_PROBLEMS]
        ]
        if len(reader.problems) > MAX_PROBLEMS:
            more = len(reader.problems) - MAX_PROBLEMS
            problems.append(
                Problem.of((), catalog_text("check.more_problems", count=more), None, path)
            )
        unread = Problem.of((), catalog_text("check.unread"), None, path)
        raise SceneFileError(problems or [unread])
    return LoadedScene(scene, path, text, origins)


def _decode(
    reader: Reader, data: Mapping[str, Any], base: Path, party: PartyLoader | None
) -> tuple[Scene | None, SourceMap]:
    origins = SourceMap()
    if "system" in data:
        # a file naming another system is read by that system's loader: one naming none
        # that is registered is told them all, and the id an alias stands for
        from fatescreen import systems

        fate = systems.default().id  # the system of the files that name none: this loader's
        named = data["system"]
        if named in systems.ids():
            reader.choice(named, ("system",), (fate,))  # another system's file: not Fate's
        elif reader.choice(named, ("system",), systems.ids()) is None:
            meant = systems.find(named) if isinstance(named, str) else None
            if meant is not None:
                reader.fail(("system",), catalog_text("check.system_alias", id=meant.id))
        if named != fate:
            # a file of no system known: Fate's keys would only bury what to mend
            return None, origins
    top = reader.table(data, (), TOP_KEYS) or {}
    if "format" not in top:
        reader.fail(("format",), catalog_text("check.no_format", version=FORMAT_VERSION))
    elif top["format"] != FORMAT_VERSION:
        reader.fail(
            ("format",),
            catalog_text("check.format", found=repr(top["format"]), version=FORMAT_VERSION),
        )
    title = reader.text(top.get("title"), ("title",)) if "title" in top else None
    if "title" not in top:
        reader.fail(("title",), catalog_text("check.no_title"))
    notes = reader.text(top.get("notes", ""), ("notes",), limit=MAX_TEXT, allow_empty=True)
    rules = codec.decode_rules(reader, top.get("rules", {}), ("rules",))
    gm_pool = reader.integer(top.get("gm_pool", 0), ("gm_pool",), low=0, high=1000)
    pool_given = "gm_pool" in top
    compel_points = reader.integer(
        top.get("compel_points", 0), ("compel_points",), low=0, high=1000
    )
    aspects = codec.decode_aspects(reader, top.get("aspects", []), ("aspects",))

    zones: list[Zone] = []
    for index, item in enumerate(_records(reader, top, "zone")):
        zone = codec.decode_zone(reader, item, ("zone", index))
        if zone:
            if zone.id in origins.zones:
                reader.fail(
                    ("zone", index, "name"), catalog_text("check.duplicate_zone", id=zone.id)
                )
                continue
            zones.append(zone)
            origins.zones[zone.id] = Origin(("zone", index))
    zone_ids = _NameIndex({z.id: z.name for z in zones})

    obstacles: list[Obstacle] = []
    for index, item in enumerate(_records(reader, top, "obstacle")):
        obstacle = codec.decode_obstacle(reader, item, ("obstacle", index))
        if obstacle is None:
            continue
        if obstacle.id in origins.obstacles:
            reader.fail(
                ("obstacle", index), catalog_text("check.duplicate_obstacle", id=obstacle.id)
            )
            continue
        obstacle = _resolve_obstacle_zones(reader, obstacle, zone_ids, ("obstacle", index))
        obstacles.append(obstacle)
        origins.obstacles[obstacle.id] = Origin(("obstacle", index))

    links: list[Link] = []
    linked: set[frozenset[str]] = set()
    for index, item in enumerate(_records(reader, top, "link")):
        link = codec.decode_link(reader, item, ("link", index))
        if link is None:
            continue
        where = ("link", index, "zones")
        a: str | None
        b: str | None
        a, b = link.zones
        if a not in zone_ids.names or b not in zone_ids.names:
            a = zone_ids.resolve(reader, link.zones[0], (*where, 0), "zone")
            b = zone_ids.resolve(reader, link.zones[1], (*where, 1), "zone")
        if a is None or b is None:
            continue
        if a == b:
            reader.fail(where, catalog_text("check.link_same_zone"))
            continue
        pair = frozenset((a, b))
        if pair in linked:
            reader.fail(where, catalog_text("check.link_twice"))
            continue
        linked.add(pair)
        block = link.block
        if block is not None:
            block = _obstacle_ref(reader, block, obstacles, ("link", index, "block"))
        if (a, b) != link.zones or block != link.block:
            link = Link((a, b), link.barrier, block)
        links.append(link)
        origins.links[(a, b)] = Origin(("link", index))

    characters: list[Character] = []
    templates: TemplateFiles = {}

    party_zones = _party_places(reader, top.get("pcs", []), zone_ids)
    party_ids = tuple(party_zones)
    if party_ids:
        if party is None:
            reader.fail(("pcs",), catalog_text("check.no_party"))
        else:
            found = party(party_ids)
            for pc_id, placed_in in party_zones.items():
                if pc_id in found:
                    characters.append(with_fields(found[pc_id], zone=placed_in))
                else:
                    known = ", ".join(sorted(found)) or catalog_text("none")
                    reader.fail(("pcs",), catalog_text("check.no_such_pc", id=pc_id, known=known))

    placed = origins.characters
    for section, kind in (("pc", CharacterKind.PC), ("npc", CharacterKind.MAJOR)):
        for index, item in enumerate(_records(reader, top, section)):
            path: KeyPath = (section, index)
            entries = _decode_entry(reader, item, path, kind, rules, base, zone_ids, templates)
            for character, origin in entries:
                if character.id in placed or character.id in party_zones:
                    said = catalog_text("check.duplicate_character", id=character.id)
                    reader.fail((*origin.path, "name"), said)
                    continue
                if character.zone is not None and character.zone not in zone_ids.names:
                    at: KeyPath = (*origin.path, "zone")
                    zone_id = zone_ids.resolve(reader, character.zone, at, "zone")
                    if zone_id != character.zone:
                        character = with_fields(character, zone=zone_id)
                characters.append(character)
                placed[character.id] = origin

    index_by_id = {c.id: c for c in characters}
    with_minions = []
    swarms = []
    for character in characters:
        if character.minions:
            with_minions.append(character)
        if character.swarm is not None:
            swarms.append((character, character.swarm))
    bases: set[str] | None = None  # the numbered copies' base ids, made only when needed
    for character in with_minions:
        for minion in character.minions:
            if minion in index_by_id:
                continue
            first = f"{minion}-1"  # a copy's base, found without listing every base
            if first in index_by_id and _base_id(first) == minion:
                continue
            if bases is None:
                bases = {_base_id(c.id) for c in characters}
            if minion not in bases:
                found_origin = origins.characters.get(character.id)
                path = found_origin.path if found_origin else ("pcs",)
                reader.fail((*path, "minions"), _unknown("character", minion, index_by_id))
    for character, swarm in swarms:
        found_origin = origins.characters.get(character.id)
        path = found_origin.path if found_origin else ("pcs",)
        for part in swarm.part_ids:
            if part not in index_by_id:
                reader.fail((*path, "parts"), _unknown("character", part, index_by_id))

    countdowns = []
    for index, item in enumerate(_records(reader, top, "countdown")):
        countdown = codec.decode_countdown(reader, item, ("countdown", index))
        if countdown:
            if countdown.id in origins.countdowns:
                reader.fail(
                    ("countdown", index), catalog_text("check.duplicate_countdown", id=countdown.id)
                )
                continue
            countdowns.append(countdown)
            origins.countdowns[countdown.id] = Origin(("countdown", index))
    contests = []
    for index, item in enumerate(_records(reader, top, "contest")):
        contest = codec.decode_contest(reader, item, ("contest", index))
        if contest:
            for side_index, side in enumerate(contest.sides):
                for member in side.members:
                    if member not in index_by_id:
                        reader.fail(
                            ("contest", index, "sides", side_index, "members"),
                            _unknown("character", member, index_by_id),
                        )
            hazards = {o.id: o for o in obstacles if isinstance(o, Hazard)}
            if contest.threat is not None and contest.threat not in hazards:
                reader.fail(
                    ("contest", index, "threat"), _unknown("hazard", contest.threat, hazards)
                )
                contest = replace(contest, threat=None)
            contests.append(contest)
            origins.contests[contest.name] = Origin(("contest", index))
    challenges = []
    for index, item in enumerate(_records(reader, top, "challenge")):
        challenge = codec.decode_challenge(reader, item, ("challenge", index))
        if challenge:
            challenges.append(challenge)
            origins.challenges[challenge.name] = Origin(("challenge", index))

    turn = None
    if "turn" in top:
        turn = codec.decode_turn(reader, top["turn"], ("turn",))
        actors = index_by_id.keys() | {o.id for o in obstacles}
        if turn:
            for key, ids in (
                ("participants", turn.participants),
                ("acted", turn.acted),
                ("up", (turn.up,) if turn.up else ()),
            ):
                for actor in ids:
                    if actor not in actors:
                        reader.fail(("turn", key), _unknown("participant", actor, actors))
    held = codec.decode_held(reader, top.get("held", []), ("held",))
    for index, entry in enumerate(held):
        if entry.who not in index_by_id:
            reader.fail(("held", index, "to"), _unknown("character", entry.who, index_by_id))

    _check_holders(reader, aspects, zones, characters, index_by_id.keys(), obstacles, origins)

    if reader.problems or title is None:
        return None, origins
    if not pool_given:
        # §3: at the start of a scene the GM has one fate point per PC present
        gm_pool = sum(1 for c in characters if c.kind is CharacterKind.PC)
    return (
        Scene(
            title=title,
            rules=rules,
            gm_pool=gm_pool or 0,
            zones=tuple(zones),
            links=tuple(links),
            aspects=aspects,
            characters=tuple(characters),
            obstacles=tuple(obstacles),
            countdowns=tuple(countdowns),
            contests=tuple(contests),
            challenges=tuple(challenges),
            turn=turn,
            held=held,
            compel_points=compel_points or 0,
            party=party_ids,
            notes=notes or "",
        ),
        origins,
    )


def _check_holders(
    reader: Reader,
    aspects: tuple[Aspect, ...],
    zones: list[Zone],
    characters: list[Character],
    character_ids: KeysView[str],
    obstacles: Iterable[Obstacle],
    origins: SourceMap,
) -> None:
    """Every free invoke is held by the GM, a character or an obstacle of this scene (a
    hazard rolls, so it may spend one): an unknown holder would only show when the invoke
    is spent, at the table."""
    holders = character_ids | {o.id for o in obstacles} | {GM}

    def check_one(aspect: Aspect, path: KeyPath) -> None:
        for owner in dict.fromkeys(aspect.free_invokes):
            if owner not in holders:
                where = (*path, "free_invokes", owner)
                reader.fail(where, _unknown("holder", owner, holders))

    def check(owned: tuple[Aspect, ...], path: KeyPath) -> bool:
        held = False
        for index, aspect in enumerate(owned):
            if aspect.free_invokes:
                check_one(aspect, (*path, index))
                held = True
        return held

    check(aspects, ("aspects",))
    for zone in zones:
        check(zone.aspects, (*origins.zones[zone.id].path, "aspects"))
    clean: Character | None = None  # the last character found to hold no free invoke
    for character in characters:
        if (
            clean is not None
            and character.aspects is clean.aspects
            and character.consequences is clean.consequences
            and character.forms is clean.forms
        ):
            continue  # a numbered copy sharing what it holds: none there either
        origin = origins.characters.get(character.id)
        if origin is None:
            continue  # a PC of the party: its file checks it
        held = check(character.aspects, (*origin.path, "aspects"))
        for form_index, form in enumerate(character.forms):
            held = check(form.aspects, (*origin.path, "form", form_index, "aspects")) or held
        for slot in character.consequences:
            if slot.aspect is not None and slot.aspect.free_invokes:
                check_one(slot.aspect, (*origin.path, "consequences", codec.slot_name(slot)))
                held = True
        if not held:
            clean = character


PARTY_PLACE_KEYS = frozenset(("id", "zone"))


def _party_places(reader: Reader, value: object, zone_ids: _NameIndex) -> dict[str, str | None]:
    """``pcs = ["silbestre", { id = "rozio", zone = "Stacks" }]``: the party's PCs taking
    part, in order, each with the zone the scene places it in (None: in no zone)."""
    if isinstance(value, str):
        value = [value]
    places: dict[str, str | None] = {}
    for index, item in enumerate(reader.array(value, ("pcs",)) or []):
        path: KeyPath = ("pcs", index)
        zone: str | None = None
        if isinstance(item, dict):
            table = reader.table(item, path, PARTY_PLACE_KEYS) or {}
            if "id" not in table:
                reader.fail(path, catalog_text("check.no_pc_id"))
                continue
            pc_id = reader.text(table["id"], (*path, "id"))
            if "zone" in table:
                ref = reader.text(table["zone"], (*path, "zone"))
                zone = ref and zone_ids.resolve(reader, ref, (*path, "zone"), "zone")
        else:
            pc_id = reader.text(item, path)
        if pc_id is None:
            continue
        if pc_id in places:
            reader.fail(path, catalog_text("check.duplicate_character", id=pc_id))
            continue
        places[pc_id] = zone
    return places


def _records(reader: Reader, top: Mapping[str, Any], key: str) -> list[Any]:
    if key not in top:
        return []
    value = top[key]
    if isinstance(value, dict):
        reader.fail((key,), catalog_text("check.array_of_tables", name=key))
        return []
    return reader.array(value, (key,)) or []


class _NameIndex:
    """Resolves a zone (or other) reference written as an id or a name."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names
        self.by_name = {name.casefold(): key for key, name in names.items()}

    def find(self, ref: str) -> str | None:
        """The key a reference names, or None (nothing recorded)."""
        return ref if ref in self.names else self.by_name.get(ref.casefold())

    def resolve(self, reader: Reader, ref: str, path: KeyPath, what: str) -> str | None:
        if ref in self.names:
            return ref
        key = self.by_name.get(ref.casefold())
        if key is None:
            reader.fail(path, _unknown(what, ref, self.names.values()))
        return key


def _unknown(what: str, ref: str, known: Any) -> Text:
    names = sorted(str(k) for k in known)
    shown = ", ".join(names[:12]) + (" ..." if len(names) > 12 else "")
    return catalog_text(
        "check.unknown_ref",
        what=catalog_text(f"check.what.{what}"),
        ref=ref,
        known=shown or catalog_text("none"),
    )


def _obstacle_ref(reader: Reader, ref: str, obstacles: list[Obstacle], path: KeyPath) -> str | None:
    for obstacle in obstacles:
        if ref in (obstacle.id, obstacle.name):
            if type(obstacle).__name__ != "Block":
                reader.fail(path, catalog_text("check.not_a_block", ref=ref))
                return None
            return obstacle.id
    reader.fail(path, _unknown("block", ref, [o.name for o in obstacles]))
    return None


def _resolve_obstacle_zones(
    reader: Reader, obstacle: Obstacle, zones: _NameIndex, path: KeyPath
) -> Obstacle:
    if obstacle.zone is not None and obstacle.zone not in zones.names:
        # a zone named by its name: only the zone changes, which nothing else depends on
        zone = zones.resolve(reader, obstacle.zone, (*path, "zone"), "zone")
        obstacle = with_fields(obstacle, zone=zone)
    between = getattr(obstacle, "between", None)
    if between is not None:
        a = zones.resolve(reader, between[0], (*path, "between", 0), "zone")
        b = zones.resolve(reader, between[1], (*path, "between", 1), "zone")
        if a and b:
            obstacle = replace(obstacle, between=(a, b))  # type: ignore[arg-type]
    return obstacle


_ENTRY_KEYS = frozenset(codec.CHARACTER_KEYS + codec.TEMPLATE_KEYS)
"""The keys of one [[pc]]/[[npc]] entry."""


def _decode_entry(
    reader: Reader,
    item: object,
    path: KeyPath,
    kind: CharacterKind,
    rules: RulesInPlay,
    base: Path,
    zones: _NameIndex | None = None,
    templates: TemplateFiles | None = None,
) -> list[tuple[Character, Origin]]:
    """One [[pc]]/[[npc]] entry: a character, or numbered characters from a template."""
    table = reader.table(item, path, _ENTRY_KEYS)
    if table is None:
        return []
    zone_of = zones.find if zones else None
    if "template" not in table:
        for key in ("count", "each"):
            if key in table:
                reader.fail((*path, key), catalog_text("check.template_only", name=repr(key)))
        single = codec.decode_character(reader, table, path, kind, rules, zone_of)
        return [(single, Origin(path))] if single else []
    template = _load_template(reader, table["template"], (*path, "template"), base, templates)
    if template is None:
        return []
    own = {k: v for k, v in table.items() if k not in codec.TEMPLATE_KEYS}
    merged = {**template, **own}
    count = reader.integer(table.get("count", 1), (*path, "count"), low=1, high=MAX_COUNT)
    if count is None or "name" not in merged:
        if "name" not in merged:
            reader.fail((*path, "template"), catalog_text("check.template_name"))
        return []
    each = table.get("each", {})
    each_table = reader.table(each, (*path, "each"), ()) if not isinstance(each, dict) else each
    names = (
        [merged["name"]]
        if "count" not in table
        else [f"{merged['name']} {number}" for number in range(1, count + 1)]
    )
    out = []
    shared: Maker[Character] | None = None
    character: Character | None
    counted = "count" in table
    id_prefix = _numbered_id_prefix(str(merged["name"])) if counted else ""
    for number, name in enumerate(names, 1):
        if shared is not None and (not each_table or name not in each_table):
            # the common case, many plain copies: nothing to read for this one
            fields = shared.fields()
            fields["name"] = name
            fields["id"] = id_prefix + str(number)
            out.append((shared.make(fields), Origin(path, name)))
            continue
        overrides = (each_table or {}).get(name, {})
        where = (*path, "each", name)
        if not isinstance(overrides, dict):
            reader.fail(where, catalog_text("check.each_table"))
            continue
        if overrides.get("removed") is True:
            continue
        overrides = {k: v for k, v in overrides.items() if k != "removed"}
        extra = reader.table(overrides, where, codec.CHARACTER_KEYS)
        if extra is None:
            continue
        if not extra and shared is not None:
            # Numbered copies without changes differ only in name and id: decode the
            # template once (a large scene holds many such copies).
            fields = shared.fields()
            fields["name"] = name
            fields["id"] = make_id(name)
            character = shared.make(fields)
        else:
            data = {**merged, "name": name, **extra}
            character = codec.decode_character(reader, data, path, kind, rules, zone_of)
            if character and not extra and _copyable(character):
                shared = Maker(character)
        if character:
            out.append((character, Origin(path, name if counted else None)))
    for name in each_table or {}:
        if name not in names:
            reader.fail((*path, "each", name), catalog_text("check.each_unknown", name=name))
    return out


def _base_id(character_id: str) -> str:
    """:func:`~fatescreen.rules.copies.base_id` without a regular expression for the
    common ``name-12`` (thousands of copies in a large scene)."""
    head, _, number = character_id.rpartition("-")
    if head and number.isdecimal() and "\n" not in character_id:
        return head
    return base_id(character_id)


def _numbered_id_prefix(name: str) -> str:
    """The id of every numbered copy ``f"{name} {n}"`` but for its number ``n``.

    :func:`make_id` of a name ending in a space and digits ends in ``-`` and those digits,
    and nothing before them depends on the digits (a space and digits neither compose nor
    fold with what precedes them), so one call serves all of an entry's copies.
    """
    return make_id(f"{name} 0")[:-1]


def _copyable(character: Character) -> bool:
    """True if nothing in the character depends on its id (free invokes default to it)."""
    return not any(aspect.free_invokes for aspect in character.aspects) and not any(
        slot.aspect is not None and slot.aspect.free_invokes for slot in character.consequences
    )


def template_data(file: Path) -> dict[str, Any]:
    """A template file's data.

    Raises:
        SceneFileError: The file cannot be read or parsed (one located problem).
    """
    problem = file_problem(file)
    if problem:
        raise SceneFileError([Problem.of((), problem, None, file)])
    status = file.stat()
    return _template_file(file, status.st_mtime_ns, status.st_size)


@lru_cache(maxsize=64)
def _template_file(file: Path, mtime_ns: int, size: int) -> dict[str, Any]:
    """A template file's data, parsed once per version of the file (many entries of a
    large scene share one file)."""
    return parse(read_text(file), file)


def _load_template(
    reader: Reader,
    ref: object,
    path: KeyPath,
    base: Path,
    templates: TemplateFiles | None = None,
) -> dict[str, Any] | None:
    """Read ``"library/cultist.toml"`` or ``"library/cultists.toml#cultist"``.

    ``templates`` holds the files already read by this load (or why they could not be),
    by the name written: many entries of a large scene name one file.
    """
    text = reader.text(ref, path, limit=1000)
    if text is None:
        return None
    file_part, _, wanted = text.partition("#")
    read = templates.get(file_part) if templates is not None else None
    if read is None:
        try:
            read = template_data((base / file_part).resolve())
        except SceneFileError as error:
            read = error
        if templates is not None:
            templates[file_part] = read
    if isinstance(read, SceneFileError):
        problem = read.problems[0]
        told = problem.text
        key = "check.template_unreadable"
        reason: object = told if told is not None else problem.message
        if told is not None and told.key == "check.not_toml":
            key = "check.template_not_toml"
        elif told is not None and told.key == "check.cannot_read":
            reason = dict(told.values).get("reason", told)
        if problem.line:
            reason = catalog_text("check.template_at_line", reason=reason, line=problem.line)
        reader.fail(path, catalog_text(key, file=file_part, reason=reason))
        return None
    data = read
    entries = data.get("npc", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        reader.fail(path, catalog_text("check.template_empty", file=file_part))
        return None
    found: dict[str, Any] | None = None
    if wanted:
        for entry in entries:
            name = str(entry.get("name", ""))
            if wanted in (entry.get("id"), name) or make_id(name) == wanted:
                found = dict(entry)
                break
        else:
            names = ", ".join(shown(str(e.get("name"))) for e in entries)
            reader.fail(
                path,
                catalog_text("check.template_unknown", name=wanted, file=file_part, known=names),
            )
            return None
    elif len(entries) != 1:
        reader.fail(path, catalog_text("check.template_choose", file=file_part, count=len(entries)))
        return None
    else:
        found = dict(entries[0])
    # The template's own keys are checked here (reported under ``template``); their
    # values when each character made from it is read.
    reader.table(found, path, codec.CHARACTER_KEYS)
    return found
