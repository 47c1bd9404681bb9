"""Verbs that change a scene's records in place: any field of a stat block, an obstacle, a
countdown, a zone, the scene itself or its rules (``set``); where things stand (``place``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fatescreen.commands.build import (
    OBSTACLE_TYPES,
    PLACEABLE,
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
from fatescreen.commands.core import Applied, Context, Tokens, keyword_of, verb
from fatescreen.commands.fields import (
    CHALLENGE_FIELDS,
    CHARACTER_FIELDS,
    CONTEST_FIELDS,
    COUNTDOWN_FIELDS,
    OBSTACLE_FIELDS,
    RULES_FIELDS,
    SCENE_FIELDS,
    ZONE_FIELDS,
    finish,
    is_none,
)
from fatescreen.commands.names import fold
from fatescreen.commands.requests import Place
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


@verb(
    "set",
    "set NAME|scene|rules FIELD VALUE [FIELD VALUE...]",
    aliases=("aseta", "muuta"),
    example="set leader skill Fight Superb weapon 2",
)
def set_verb(ctx: Context, args: Tokens) -> Applied:
    """Change fields of a character, obstacle, countdown, zone, the scene or its rules."""
    ref = args.take(ctx.tr("what.thing"))
    if keyword_of(ref) == "scene":
        return _set_scene(ctx, args)
    if fold(ref) in RULES_WORDS:
        return _set_rules(ctx, args)
    target = find_record(ctx, ref)
    if isinstance(target, Character):
        edit = _set_character(ctx, args, target)
        changed = {f"character:{target.id}", "zones", "turn"}
    elif isinstance(target, Countdown):
        edit = _set_countdown(ctx, args, target)
        changed = {"countdowns"}
    elif isinstance(target, Zone):
        edit = _set_zone(ctx, args, target)
        changed = {"all"}
    elif isinstance(target, Contest):
        edit = _set_contest(ctx, args, target)
        changed = {"contests"}
    elif isinstance(target, Challenge):
        edit = _set_challenge(ctx, args, target)
        changed = {"challenges"}
    else:
        edit = _set_obstacle(ctx, args, target)
        changed = {"obstacles", "zones", "turn"}
    return _applied(ctx, edit, target.name, frozenset(changed))


Edit = tuple[Scene, Data, Data]
"""A changed scene, with the changed record's file form before and after."""


def _applied(ctx: Context, edit: Edit, name: str, changed: frozenset[str]) -> Applied:
    scene, before, after = edit
    keys = [k for k in (*before, *(k for k in after if k not in before)) if k != "id"]
    fields = ", ".join(k for k in keys if before.get(k) != after.get(k))
    if scene == ctx.scene or not fields:
        return Applied(ctx.scene, (ctx.tr("build.unchanged", name=name),))
    line = ctx.tr("build.changed", name=name, fields=fields)
    return Applied(scene, (line,), ctx.tr("build.label.set", name=name), changed)


def _set_character(ctx: Context, args: Tokens, character: Character) -> Edit:
    before = codec.encode_character(character, ctx.scene.rules)
    data = {**before, "id": character.id}
    CHARACTER_FIELDS.apply(ctx, args, data)
    pc = character.kind is CharacterKind.PC
    new = read_character(ctx, data, pc)
    if (new.kind is CharacterKind.PC) != pc:
        raise ctx.error("build.kind_section", name=character.name)
    if new.name != character.name:
        unique_character(ctx, new, ignore=character.id)
    after = codec.encode_character(new, ctx.scene.rules)
    return ctx.scene.with_character(new), before, after


def _set_obstacle(ctx: Context, args: Tokens, obstacle: Obstacle) -> Edit:
    before = codec.encode_obstacle(obstacle)
    data = {**before, "id": obstacle.id}
    OBSTACLE_FIELDS.apply(ctx, args, data)
    new = read_obstacle(ctx, data)
    if new.name != obstacle.name:
        existing = ((o.id, o.name) for o in ctx.scene.obstacles)
        unique(ctx, "obstacle", new.name, new.id, existing, ignore=obstacle.id)
    return with_obstacle(ctx.scene, obstacle, new), before, codec.encode_obstacle(new)


def _set_countdown(ctx: Context, args: Tokens, countdown: Countdown) -> Edit:
    before = codec.encode_countdown(countdown)
    data = {**before, "id": countdown.id}
    COUNTDOWN_FIELDS.apply(ctx, args, data)
    new = read_countdown(ctx, finish(data))
    if new.name != countdown.name:
        existing = ((c.id, c.name) for c in ctx.scene.countdowns)
        unique(ctx, "countdown", new.name, new.id, existing, ignore=countdown.id)
    countdowns = tuple(new if c.id == countdown.id else c for c in ctx.scene.countdowns)
    return replace(ctx.scene, countdowns=countdowns), before, codec.encode_countdown(new)


def _set_zone(ctx: Context, args: Tokens, zone: Zone) -> Edit:
    before = codec.encode_zone(zone)
    data = {**before, "id": zone.id}
    ZONE_FIELDS.apply(ctx, args, data)
    new = read_zone(ctx, data)
    existing = ((z.id, z.name) for z in ctx.scene.zones)
    unique(ctx, "zone", new.name, new.id, existing, ignore=zone.id)
    zones = tuple(new if z.id == zone.id else z for z in ctx.scene.zones)
    return replace(ctx.scene, zones=zones), before, codec.encode_zone(new)


def _set_contest(ctx: Context, args: Tokens, contest: Contest) -> Edit:
    before = codec.encode_contest(contest)
    data = dict(before)
    CONTEST_FIELDS.apply(ctx, args, data)
    reader = Reader()
    new = checked(ctx, contest.name, reader, codec.decode_contest(reader, data, ()))
    if new.name != contest.name:
        existing = ((make_id(c.name), c.name) for c in ctx.scene.contests)
        unique(ctx, "contest", new.name, make_id(new.name), existing, ignore=make_id(contest.name))
    rolls = tuple(
        replace(roll, contest=new.name)
        for roll in ctx.scene.contest_rolls
        if roll.contest != contest.name or roll.side in new.side_names
    )
    contests = tuple(new if c is contest else c for c in ctx.scene.contests)
    scene = replace(ctx.scene, contests=contests, contest_rolls=rolls)
    return scene, before, codec.encode_contest(new)


def _set_challenge(ctx: Context, args: Tokens, challenge: Challenge) -> Edit:
    before = codec.encode_challenge(challenge)
    data = dict(before)
    CHALLENGE_FIELDS.apply(ctx, args, data)
    reader = Reader()
    new = checked(ctx, challenge.name, reader, codec.decode_challenge(reader, data, ()))
    if new.name != challenge.name:
        existing = ((make_id(c.name), c.name) for c in ctx.scene.challenges)
        unique(
            ctx, "challenge", new.name, make_id(new.name), existing, ignore=make_id(challenge.name)
        )
    challenges = tuple(new if c is challenge else c for c in ctx.scene.challenges)
    return replace(ctx.scene, challenges=challenges), before, codec.encode_challenge(new)


def _set_scene(ctx: Context, args: Tokens) -> Applied:
    before: Data = {"title": ctx.scene.title, "notes": ctx.scene.notes}
    data = dict(before)
    SCENE_FIELDS.apply(ctx, args, data)
    reader = Reader()
    title = reader.text(data["title"], ("title",))
    notes = reader.text(data.get("notes", ""), ("notes",), limit=MAX_TEXT, allow_empty=True)
    title = checked(ctx, ctx.tr("holder.scene"), reader, title)
    scene = replace(ctx.scene, title=title, notes=notes or "")
    after: Data = {"title": scene.title, "notes": scene.notes}
    return _applied(ctx, (scene, before, after), ctx.tr("holder.scene"), frozenset({"all"}))


def _set_rules(ctx: Context, args: Tokens) -> Applied:
    rules = ctx.scene.rules
    before: Data = {key: getattr(rules, key) for key in codec.RULES_KEYS}
    data = dict(before)
    RULES_FIELDS.apply(ctx, args, data)
    reader = Reader()
    new = checked(ctx, ctx.tr("what.rules"), reader, codec.decode_rules(reader, data, ()))
    scene = under_rules(ctx, new) if new != rules else ctx.scene
    after: Data = {key: getattr(new, key) for key in codec.RULES_KEYS}
    return _applied(ctx, (scene, before, after), ctx.tr("what.rules"), frozenset({"all"}))


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
)
def place(ctx: Context, args: Tokens) -> Applied:
    """Put characters or obstacles in a zone (or nowhere), without moving or rolling."""
    request = parse_place(args)
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
