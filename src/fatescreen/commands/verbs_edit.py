"""Verbs that change a scene's records in place: any field of a stat block, an obstacle, a
countdown, a zone, the scene itself or its rules (``set``); where things stand (``place``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from fatescreen.commands.build import (
    OBSTACLE_TYPES,
    PLACEABLE,
    Record,
    checked,
    find_record,
    read_character,
    read_countdown,
    read_obstacle,
    read_zone,
    under_rules,
    unique,
    unique_character,
    with_obstacle,
)
from fatescreen.commands.core import Applied, Context, FateVerb, Tokens, keyword_of, verb
from fatescreen.commands.fields import (
    CHALLENGE_FIELDS,
    CHARACTER_FIELDS,
    CONTEST_FIELDS,
    COUNTDOWN_FIELDS,
    OBSTACLE_FIELDS,
    RULES_FIELDS,
    SCENE_FIELDS,
    ZONE_FIELDS,
    Fields,
    finish,
    is_none,
)
from fatescreen.commands.names import fold
from fatescreen.commands.requests import Field, Place, Set
from fatescreen.i18n import tr
from fatescreen.rules.aspects import make_id
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.contests import Challenge, Contest
from fatescreen.rules.obstacles import Countdown
from fatescreen.scene import codec
from fatescreen.scene.model import Obstacle, Scene, Zone
from fatescreen.scene.reader import MAX_TEXT, Reader

Data = dict[str, Any]
RULES_WORDS = ("rules", "säännöt")


def fields_of(record: Record) -> Fields:
    """The fields ``set`` reads for a kind of record."""
    if isinstance(record, Character):
        return CHARACTER_FIELDS
    if isinstance(record, Countdown):
        return COUNTDOWN_FIELDS
    if isinstance(record, Zone):
        return ZONE_FIELDS
    if isinstance(record, Contest):
        return CONTEST_FIELDS
    if isinstance(record, Challenge):
        return CHALLENGE_FIELDS
    return OBSTACLE_FIELDS


def _is_scene(ref: str) -> bool:
    return keyword_of(ref) == "scene"


def _is_rules(ref: str) -> bool:
    return fold(ref) in RULES_WORDS


def parse_set(args: Tokens, grammar: Callable[[str], Fields]) -> Set:
    """Stage one of ``set``: what changes and its fields' words. Which fields there are
    depends on the kind of record, so ``grammar`` tells them for a name (the scene and its
    rules have their own).

    Raises:
        CommandError: Nothing named, a word that is not a field, or no field at all.
    """
    ref = args.take(tr(args.lang, "what.thing"))
    if _is_scene(ref):
        fields = SCENE_FIELDS
    elif _is_rules(ref):
        fields = RULES_FIELDS
    else:
        fields = grammar(ref)
    return Set(ref, fields.split(args))


@dataclass(frozen=True)
class SetLine:
    """A ``set`` line read whole: what changes, and the words of its fields. Which fields
    there are depends on the kind of record, so the record's grammar reads the words
    (:func:`parse_set`)."""

    target: str
    words: tuple[str, ...]


def parse_set_line(args: Tokens) -> SetLine:
    """Stage one of ``set``: what changes, and every word after it.

    Raises:
        CommandError: Nothing is named.
    """
    ref = args.take(tr(args.lang, "what.thing"))
    words = tuple(args.words)
    args.words = []
    return SetLine(ref, words)


@verb(
    "set",
    "set NAME|scene|rules FIELD VALUE [FIELD VALUE...]",
    aliases=("aseta", "muuta"),
    example="set leader skill Fight Superb weapon 2",
    parse=parse_set_line,
)
def set_verb(ctx: Context, args: Tokens, line: SetLine) -> Applied:
    """Change fields of a character, obstacle, countdown, zone, the scene or its rules."""
    found: list[Record] = []

    def grammar(ref: str) -> Fields:
        found.append(find_record(ctx, ref))
        return fields_of(found[-1])

    words = Tokens(args.verb, [line.target, *line.words], args.lang)
    request = parse_set(words, grammar)
    return set_fields(ctx, args.verb, request, found[-1] if found else None)


def set_fields(ctx: Context, verb: FateVerb, request: Set, record: Record | None = None) -> Applied:
    """The stages after parsing: the record's fields changed, checked as the loader would,
    and said (``record`` is the one the request names, if the parse stage found it)."""
    if _is_scene(request.target):
        return _set_scene(ctx, verb, request.fields)
    if _is_rules(request.target):
        return _set_rules(ctx, verb, request.fields)
    target = record or find_record(ctx, request.target)
    fields = request.fields
    if isinstance(target, Character):
        edit = _set_character(ctx, verb, fields, target)
        changed = {f"character:{target.id}", "zones", "turn"}
    elif isinstance(target, Countdown):
        edit = _set_countdown(ctx, verb, fields, target)
        changed = {"countdowns"}
    elif isinstance(target, Zone):
        edit = _set_zone(ctx, verb, fields, target)
        changed = {"all"}
    elif isinstance(target, Contest):
        edit = _set_contest(ctx, verb, fields, target)
        changed = {"contests"}
    elif isinstance(target, Challenge):
        edit = _set_challenge(ctx, verb, fields, target)
        changed = {"challenges"}
    else:
        edit = _set_obstacle(ctx, verb, fields, target)
        changed = {"obstacles", "zones", "turn"}
    return _applied(ctx, edit, target.name, frozenset(changed), fields_of(target))


Given = tuple[Field, ...]
"""Fields as the parse stage found them."""
Edit = tuple[Scene, Data, Data]
"""A changed scene, with the changed record's file form before and after."""


def _applied(
    ctx: Context, edit: Edit, name: str, changed: frozenset[str], grammar: Fields
) -> Applied:
    """The reply to ``set``: the fields that changed, each named as the GM types it."""
    scene, before, after = edit
    keys = [k for k in (*before, *(k for k in after if k not in before)) if k != "id"]
    fields = ", ".join(grammar.word_in(k, ctx.lang) for k in keys if before.get(k) != after.get(k))
    if scene == ctx.scene or not fields:
        return Applied(ctx.scene, (ctx.tr("build.unchanged", name=name),))
    line = ctx.tr("build.changed", name=name, fields=fields)
    return Applied(scene, (line,), ctx.tr("build.label.set", name=name), changed)


def _set_character(ctx: Context, verb: FateVerb, fields: Given, character: Character) -> Edit:
    before = codec.encode_character(character, ctx.scene.rules)
    data = {**before, "id": character.id}
    CHARACTER_FIELDS.apply(ctx, verb, fields, data)
    pc = character.kind is CharacterKind.PC
    new = read_character(ctx, data, pc)
    if (new.kind is CharacterKind.PC) != pc:
        raise ctx.error("build.kind_section", name=character.name)
    if new.name != character.name:
        unique_character(ctx, new, ignore=character.id)
    after = codec.encode_character(new, ctx.scene.rules)
    return ctx.scene.with_character(new), before, after


def _set_obstacle(ctx: Context, verb: FateVerb, fields: Given, obstacle: Obstacle) -> Edit:
    before = codec.encode_obstacle(obstacle)
    data = {**before, "id": obstacle.id}
    OBSTACLE_FIELDS.apply(ctx, verb, fields, data)
    new = read_obstacle(ctx, data)
    if new.name != obstacle.name:
        existing = ((o.id, o.name) for o in ctx.scene.obstacles)
        unique(ctx, "obstacle", new.name, new.id, existing, ignore=obstacle.id)
    return with_obstacle(ctx.scene, obstacle, new), before, codec.encode_obstacle(new)


def _set_countdown(ctx: Context, verb: FateVerb, fields: Given, countdown: Countdown) -> Edit:
    before = codec.encode_countdown(countdown)
    data = {**before, "id": countdown.id}
    COUNTDOWN_FIELDS.apply(ctx, verb, fields, data)
    new = read_countdown(ctx, finish(data))
    if new.name != countdown.name:
        existing = ((c.id, c.name) for c in ctx.scene.countdowns)
        unique(ctx, "countdown", new.name, new.id, existing, ignore=countdown.id)
    countdowns = tuple(new if c.id == countdown.id else c for c in ctx.scene.countdowns)
    return replace(ctx.scene, countdowns=countdowns), before, codec.encode_countdown(new)


def _set_zone(ctx: Context, verb: FateVerb, fields: Given, zone: Zone) -> Edit:
    before = codec.encode_zone(zone)
    data = {**before, "id": zone.id}
    ZONE_FIELDS.apply(ctx, verb, fields, data)
    new = read_zone(ctx, data)
    existing = ((z.id, z.name) for z in ctx.scene.zones)
    unique(ctx, "zone", new.name, new.id, existing, ignore=zone.id)
    zones = tuple(new if z.id == zone.id else z for z in ctx.scene.zones)
    return replace(ctx.scene, zones=zones), before, codec.encode_zone(new)


def _set_contest(ctx: Context, verb: FateVerb, fields: Given, contest: Contest) -> Edit:
    before = codec.encode_contest(contest)
    data = dict(before)
    CONTEST_FIELDS.apply(ctx, verb, fields, data)
    reader = Reader()
    new = checked(ctx, contest.name, reader, codec.decode_contest(reader, data, ()))
    if new.name != contest.name:
        existing = ((make_id(c.name), c.name) for c in ctx.scene.contests)
        unique(ctx, "contest", new.name, make_id(new.name), existing, ignore=make_id(contest.name))
    # this contest's rolls follow its new name (those of a side taken away go); another
    # contest's rolls stay its own
    rolls = tuple(
        roll if roll.contest != contest.name else replace(roll, contest=new.name)
        for roll in ctx.scene.contest_rolls
        if roll.contest != contest.name or roll.side in new.side_names
    )
    contests = tuple(new if c is contest else c for c in ctx.scene.contests)
    scene = replace(ctx.scene, contests=contests, contest_rolls=rolls)
    return scene, before, codec.encode_contest(new)


def _set_challenge(ctx: Context, verb: FateVerb, fields: Given, challenge: Challenge) -> Edit:
    before = codec.encode_challenge(challenge)
    data = dict(before)
    CHALLENGE_FIELDS.apply(ctx, verb, fields, data)
    reader = Reader()
    new = checked(ctx, challenge.name, reader, codec.decode_challenge(reader, data, ()))
    if new.name != challenge.name:
        existing = ((make_id(c.name), c.name) for c in ctx.scene.challenges)
        unique(
            ctx, "challenge", new.name, make_id(new.name), existing, ignore=make_id(challenge.name)
        )
    challenges = tuple(new if c is challenge else c for c in ctx.scene.challenges)
    return replace(ctx.scene, challenges=challenges), before, codec.encode_challenge(new)


def _set_scene(ctx: Context, verb: FateVerb, fields: Given) -> Applied:
    before: Data = {"title": ctx.scene.title, "notes": ctx.scene.notes}
    data = dict(before)
    SCENE_FIELDS.apply(ctx, verb, fields, data)
    reader = Reader()
    title = reader.text(data["title"], ("title",))
    notes = reader.text(data.get("notes", ""), ("notes",), limit=MAX_TEXT, allow_empty=True)
    title = checked(ctx, ctx.tr("holder.scene"), reader, title)
    scene = replace(ctx.scene, title=title, notes=notes or "")
    after: Data = {"title": scene.title, "notes": scene.notes}
    return _applied(
        ctx, (scene, before, after), ctx.tr("holder.scene"), frozenset({"all"}), SCENE_FIELDS
    )


def _set_rules(ctx: Context, verb: FateVerb, fields: Given) -> Applied:
    rules = ctx.scene.rules
    before: Data = codec.rules_values(rules)
    data = dict(before)
    RULES_FIELDS.apply(ctx, verb, fields, data)
    reader = Reader()
    new = checked(ctx, ctx.tr("what.rules"), reader, codec.decode_rules(reader, data, ()))
    scene = under_rules(ctx, new) if new != rules else ctx.scene
    after: Data = codec.rules_values(new)
    return _applied(
        ctx, (scene, before, after), ctx.tr("what.rules"), frozenset({"all"}), RULES_FIELDS
    )


# ---------------------------------------------------------------------------- place


def parse_place(args: Tokens) -> Place:
    """Stage one of ``place``: who (one or several) and which zone, or none."""
    refs = args.names(tr(args.lang, "what.placeable"))
    zone = None if is_none(args) else args.take(tr(args.lang, "what.zone"))
    args.done()
    return Place(",".join(refs), zone)


@verb(
    "place",
    "place NAME[,NAME...] ZONE|none",
    aliases=("sijoita",),
    example="place cultist-4,cultist-5 crypt",
    parse=parse_place,
)
def place(ctx: Context, args: Tokens, request: Place) -> Applied:
    """Put characters or obstacles in a zone (or nowhere), without moving or rolling."""
    refs = request.targets
    zone = None if request.zone is None else ctx.zone(request.zone)
    scene = ctx.scene
    names = []
    for ref in refs:
        found = find_record(ctx.on(scene), ref, PLACEABLE, "placeable")
        assert isinstance(found, (Character, *OBSTACLE_TYPES))
        moved = replace(found, zone=None if zone is None else zone.id)
        if isinstance(moved, Character):
            scene = scene.with_character(moved)
        else:
            assert not isinstance(found, Character)
            scene = with_obstacle(scene, found, moved)
        names.append(found.name)
    listing = ", ".join(names)
    if zone is None:
        line = ctx.tr("build.placed_nowhere", names=listing)
    else:
        line = ctx.tr("build.placed", names=listing, zone=zone.name)
    return Applied(scene, (line,), line, frozenset({"all"}))
