"""Verbs that build a scene at the table: add characters (from a template, numbered, or
blank), zones, obstacles and countdowns; remove them again."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from fatescreen.commands.build import (
    checked,
    find_record,
    invalid,
    join_turn,
    new_pc,
    pool_for_new_pcs,
    read_character,
    read_countdown,
    read_obstacle,
    read_zone,
    unique,
    unique_character,
    with_obstacle,
    without_character,
    without_obstacle,
    without_zone,
)
from fatescreen.commands.core import Applied, Context, FateVerb, Tokens, verb
from fatescreen.commands.fields import (
    CHARACTER_FIELDS,
    COUNTDOWN_FIELDS,
    IN,
    OBSTACLE_FIELDS,
    ZONE_FIELDS,
    Fields,
    character_kind,
    finish,
    text_word,
    word_in,
)
from fatescreen.commands.names import resolve
from fatescreen.commands.requests import Add, Field, Remove
from fatescreen.i18n import tr
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.contests import Challenge, Contest
from fatescreen.rules.copies import numbered_names
from fatescreen.rules.obstacles import Countdown, Hazard
from fatescreen.scene import library
from fatescreen.scene.model import Obstacle, Scene, Zone
from fatescreen.scene.reader import Reader

Data = dict[str, Any]
MAX_COPIES = 100
"""The most characters or obstacles one ``add`` makes from a template."""

THINGS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "zone": ("zone", "alue"),
        "hazard": ("hazard", "vaarallinen", "vaara"),
        "block": ("block", "hidastava", "hidaste"),
        "distraction": ("distraction", "häiritsevä", "häiriö"),
        "countdown": ("countdown", "tikittävä", "kello"),
    }
)
"""What else ``add`` makes besides characters, as typed."""


def _fields_of_add(what: str) -> Fields | None:
    """The fields an ``add`` of a kind takes after its name and value (None: a template)."""
    if character_kind(what) is not None:
        return CHARACTER_FIELDS
    return {
        "zone": ZONE_FIELDS,
        "countdown": COUNTDOWN_FIELDS,
        "hazard": OBSTACLE_FIELDS,
        "block": OBSTACLE_FIELDS,
        "distraction": OBSTACLE_FIELDS,
        None: None,
    }[word_in(THINGS, what)]


def parse_add(args: Tokens) -> Add:
    """Stage one of ``add``: the kind (or template), the name, the value the kind takes
    after it (a mook group's members, a rating, a choice, boxes, a template's count), the
    fields' words and ``in ZONE``.

    Raises:
        CommandError: A word missing, a number that is not one, or a word that is not a
            field of the kind.
    """
    what = args.take(tr(args.lang, "what.kind_or_template"))
    fields = _fields_of_add(what)
    if fields is None:
        return _parse_template_add(args, what)
    name = text_word(args, "what.name")
    value: int | str | None = None
    kind = character_kind(what)
    thing = word_in(THINGS, what)
    if kind is CharacterKind.MOOKS:
        value = args.optional_number()
    elif thing == "distraction":
        value = text_word(args, "what.choice")
    elif thing == "countdown":
        value = args.number(tr(args.lang, "what.boxes"))
    elif thing in ("hazard", "block"):
        value = args.number(tr(args.lang, "what.rating"))
    given = fields.split(args, at_least_one=False)
    zones = [found.values for found in given if found.name == IN]
    zone = zones[-1][0] if zones and zones[-1] else None
    rest = tuple(found for found in given if found.name != IN)
    return Add(what, name, None if value is None else str(value), rest, zone)


@verb(
    "add",
    "add TEMPLATE [N] [in ZONE] [between ZONE ZONE] "
    '| add pc|major|minor|mooks "NAME" [N] [FIELD VALUE...] | add zone "NAME" '
    '| add hazard|block "NAME" RATING [FIELD VALUE...] '
    '| add distraction "NAME" "CHOICE" [FIELD VALUE...] '
    '| add countdown "NAME" BOXES [FIELD VALUE...]',
    aliases=("lisää",),
    example="add cultist 3 in hall",
    parse=parse_add,
)
def add(ctx: Context, args: Tokens, request: Add) -> Applied:
    """Add characters, a zone, an obstacle or a countdown."""
    return add_records(ctx, args.verb, request)


def _parse_template_add(args: Tokens, what: str) -> Add:
    count = args.optional_number()
    zone: str | None = None
    between: tuple[str, ...] | None = None
    while args:
        if args.keyword(IN):
            zone = args.take(tr(args.lang, "what.zone"))
        elif word_in(_BETWEEN, args.words[0]):
            args.take(tr(args.lang, "what.field"))
            between = tuple(args.take(tr(args.lang, "what.zone")) for _ in range(2))
        else:
            args.done()
    fields = () if between is None else (Field("between", between),)
    return Add(what, None, None if count is None else str(count), fields, zone)


def add_records(ctx: Context, verb: FateVerb, request: Add) -> Applied:
    """The stages after parsing: the records made, checked as the loader would, added and
    said."""
    kind = character_kind(request.what)
    if kind is not None:
        return _add_character(ctx, verb, request, kind)
    thing = word_in(THINGS, request.what)
    if thing == "zone":
        return _add_zone(ctx, verb, request)
    if thing == "countdown":
        return _add_countdown(ctx, verb, request)
    if thing is not None:
        return _add_obstacle(ctx, verb, request, thing)
    return _add_from_template(ctx, request)


def _named(request: Add) -> str:
    assert request.name is not None, "the parse stage names every record but a template's"
    return request.name


def _number(request: Add) -> int:
    assert request.value is not None, "the parse stage reads a number where one is needed"
    return int(request.value)


def _added(
    ctx: Context, scene: Scene, names: list[str], zone: str | None, joined: bool
) -> tuple[str, ...]:
    listing = ", ".join(names)
    if zone is None:
        lines = [ctx.tr("build.added", names=listing)]
    else:
        lines = [ctx.tr("build.added_in", names=listing, zone=scene.zone(zone).name)]
    if joined and scene.turn is not None:
        lines.append(ctx.tr("build.joined_turn", names=listing))
    return tuple(lines)


def _add_character(ctx: Context, verb: FateVerb, request: Add, kind: CharacterKind) -> Applied:
    data: Data = {"name": _named(request), "kind": kind.value}
    if kind is CharacterKind.MOOKS and request.value is not None:
        data["members"] = _number(request)
    _apply_fields(ctx, verb, CHARACTER_FIELDS, request, data)
    pc = kind is CharacterKind.PC
    character = new_pc(read_character(ctx, data, pc), data)
    unique_character(ctx, character)
    scene = join_turn(ctx.scene.with_character(character), [character.id])
    lines = _added(ctx, scene, [character.name], character.zone, joined=True)
    scene, lines = pool_for_new_pcs(ctx, scene, [character], lines)
    label = ctx.tr("build.label.add", names=character.name)
    return Applied(scene, lines, label, frozenset({"all"}))


def _apply_fields(ctx: Context, verb: FateVerb, fields: Fields, request: Add, data: Data) -> None:
    """The request's fields into the record, then its ``in ZONE``."""
    zone = () if request.zone is None else (Field(IN, (request.zone,)),)
    fields.apply(ctx, verb, (*request.fields, *zone), data)


def _add_zone(ctx: Context, verb: FateVerb, request: Add) -> Applied:
    data: Data = {"name": _named(request)}
    _apply_fields(ctx, verb, ZONE_FIELDS, request, data)
    zone = read_zone(ctx, data)
    unique(ctx, "zone", zone.name, zone.id, ((z.id, z.name) for z in ctx.scene.zones))
    scene = replace(ctx.scene, zones=(*ctx.scene.zones, zone))
    line = ctx.tr("build.added", names=zone.name)
    return Applied(scene, (line,), ctx.tr("build.label.add", names=zone.name), frozenset({"all"}))


def _unique_obstacle(ctx: Context, scene: Scene, obstacle: Obstacle) -> None:
    existing = ((o.id, o.name) for o in scene.obstacles)
    unique(ctx, "obstacle", obstacle.name, obstacle.id, existing)


def _add_obstacle(ctx: Context, verb: FateVerb, request: Add, kind: str) -> Applied:
    data: Data = {kind: _named(request)}
    if kind == "distraction":
        data["choice"] = request.value
    else:
        data["rating"] = _number(request)
    _apply_fields(ctx, verb, OBSTACLE_FIELDS, request, data)
    obstacle = read_obstacle(ctx, data)
    _unique_obstacle(ctx, ctx.scene, obstacle)
    scene = with_obstacle(ctx.scene, None, obstacle)
    hazard = isinstance(obstacle, Hazard)
    scene = join_turn(scene, [obstacle.id] if hazard else [])
    lines = _added(ctx, scene, [obstacle.name], obstacle.zone, joined=hazard)
    label = ctx.tr("build.label.add", names=obstacle.name)
    return Applied(scene, lines, label, frozenset({"all"}))


def _add_countdown(ctx: Context, verb: FateVerb, request: Add) -> Applied:
    data: Data = {"name": _named(request), "boxes": _number(request)}
    _apply_fields(ctx, verb, COUNTDOWN_FIELDS, request, data)
    countdown = read_countdown(ctx, finish(data))
    existing = ((c.id, c.name) for c in ctx.scene.countdowns)
    unique(ctx, "countdown", countdown.name, countdown.id, existing)
    scene = replace(ctx.scene, countdowns=(*ctx.scene.countdowns, countdown))
    line = ctx.tr("build.added", names=countdown.name)
    label = ctx.tr("build.label.add", names=countdown.name)
    return Applied(scene, (line,), label, frozenset({"countdowns"}))


def find_template(ctx: Context, ref: str) -> library.Template:
    """A template of the scene's libraries, by id, name or unique prefix.

    Raises:
        CommandError: The scene has no file, no library, or no such template.
    """
    if ctx.folder is None:
        raise ctx.error("build.no_file")
    folders = library.library_folders(ctx.folder)
    found = library.templates(folders)
    if not found:
        raise ctx.error("build.no_library", folder=str(ctx.folder / library.LIBRARY_FOLDER))
    return resolve(ref, ((t.key, t.name, t) for t in found), "template", ctx.lang)


def _add_from_template(ctx: Context, request: Add) -> Applied:
    template = find_template(ctx, request.what)
    count = 1 if request.value is None else _number(request)
    if not 1 <= count <= MAX_COPIES:
        raise ctx.error("error.range", low=1, high=MAX_COPIES)
    place: Data = {}
    for found in request.fields:
        place["between"] = [ctx.zone(ref).id for ref in found.values]
    if request.zone is not None:
        place["zone"] = ctx.zone(request.zone).id
    if template.section == "npc":
        if "between" in place:
            raise ctx.error("build.between_block")
        return _add_characters(ctx, template, count, place.get("zone"))
    return _add_obstacles(ctx, template, count, place)


_BETWEEN: Mapping[str, tuple[str, ...]] = MappingProxyType({"between": ("between", "välissä")})


def _add_characters(
    ctx: Context, template: library.Template, count: int, zone: str | None
) -> Applied:
    taken = [c.name for c in ctx.scene.characters]
    names = _names(template.name, count, taken)
    scene = ctx.scene
    made: list[Character] = []
    for name in names:
        reader = Reader()
        keep = name == template.name
        character = library.character_from(
            reader, template, scene.rules, name, keep_id=keep, zone=zone
        )
        character = new_pc(checked(ctx, name, reader, character), template.data)
        unique_character(ctx.on(scene), character)
        made.append(character)
        scene = scene.with_character(character)
    sources = {**scene.sources, **{c.id: template.source for c in made}}
    scene = join_turn(replace(scene, sources=sources), [c.id for c in made])
    listing = [c.name for c in made]
    lines = _added(ctx, scene, listing, zone, joined=True)
    scene, lines = pool_for_new_pcs(ctx, scene, made, lines)
    label = ctx.tr("build.label.add", names=", ".join(listing))
    return Applied(scene, lines, label, frozenset({"all"}))


def _names(base: str, count: int, taken: list[str]) -> list[str]:
    return numbered_names(base, count, taken, plain=True)


def _add_obstacles(ctx: Context, template: library.Template, count: int, place: Data) -> Applied:
    names = _names(template.name, count, [o.name for o in ctx.scene.obstacles])
    scene = ctx.scene
    made: list[Obstacle] = []
    for name in names:
        reader = Reader()
        keep = name == template.name
        found = library.obstacle_from(reader, template, name, keep_id=keep, place=place)
        if found is None or reader.problems:
            raise invalid(ctx, name, reader)
        obstacle = found
        _unique_obstacle(ctx, scene, obstacle)
        made.append(obstacle)
        scene = with_obstacle(scene, None, obstacle)
    scene = join_turn(scene, [o.id for o in made if isinstance(o, Hazard)])
    listing = [o.name for o in made]
    hazards = any(isinstance(o, Hazard) for o in made)
    lines = _added(ctx, scene, listing, place.get("zone"), joined=hazards)
    label = ctx.tr("build.label.add", names=", ".join(listing))
    return Applied(scene, lines, label, frozenset({"all"}))


# ---------------------------------------------------------------------------- remove


def parse_remove(args: Tokens) -> Remove:
    """Stage one of ``remove``: what to take out (one or several)."""
    refs = args.names(tr(args.lang, "what.thing"))
    args.done()
    return Remove(",".join(refs))


@verb(
    "remove",
    "remove NAME[,NAME...]",
    aliases=("rm", "poista"),
    example="remove cultist-4,cultist-5",
    parse=parse_remove,
)
def remove(ctx: Context, args: Tokens, request: Remove) -> Applied:
    """Take characters, obstacles, countdowns or zones out of the scene."""
    refs = request.targets
    scene = ctx.scene
    names: list[str] = []
    notes: list[str] = []
    for ref in refs:
        here = ctx.on(scene)
        found = find_record(here, ref)
        names.append(found.name)
        if isinstance(found, Character):
            scene = without_character(here, found)
        elif isinstance(found, Countdown):
            scene = replace(scene, countdowns=tuple(c for c in scene.countdowns if c != found))
        elif isinstance(found, Contest):
            scene = replace(
                scene,
                contests=tuple(c for c in scene.contests if c is not found),
                contest_rolls=tuple(r for r in scene.contest_rolls if r.contest != found.name),
            )
        elif isinstance(found, Challenge):
            scene = replace(scene, challenges=tuple(c for c in scene.challenges if c is not found))
        elif isinstance(found, Zone):
            scene, links = without_zone(here, found)
            if links:
                notes.append(ctx.tr("build.links_gone", zone=found.name, count=links))
        else:
            scene = without_obstacle(scene, found)
    listing = ", ".join(names)
    line = ctx.tr("build.removed", names=listing)
    label = ctx.tr("build.label.remove", names=listing)
    return Applied(scene, (line, *notes), label, frozenset({"all"}))
