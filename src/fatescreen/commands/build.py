"""Building a scene at the table: records checked by the scene codec exactly as the loader
checks them, numbered copies, and taking things out with everything that refers to them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from fatescreen.commands.core import Context
from fatescreen.commands.errors import CommandError
from fatescreen.commands.names import fold, resolve
from fatescreen.rules.aspects import make_id
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.conflict import TurnOrder, add_participant
from fatescreen.rules.contests import Challenge, Contest
from fatescreen.rules.copies import base_id
from fatescreen.rules.fate_points import gm_pool_after_cast_change, refreshed_points
from fatescreen.rules.obstacles import Block, Countdown, Distraction, Hazard
from fatescreen.scene import codec
from fatescreen.scene.aspects import without_invokes_of
from fatescreen.scene.errors import Problem, render_path
from fatescreen.scene.model import Link, Obstacle, PendingRoll, RulesInPlay, Scene, Zone
from fatescreen.scene.reader import Reader

T = TypeVar("T")
Data = dict[str, Any]
MAX_SHOWN_PROBLEMS = 5
"""Problems listed in one message; a GM fixes them a few at a time."""


def checked(ctx: Context, name: str, reader: Reader, value: T | None) -> T:
    """A value the codec read, or the loader's own complaints about it as an error.

    Raises:
        CommandError: The record breaks the scene format; the message lists what is wrong
            with each key, as ``fatescreen check`` would.
    """
    if value is None or reader.problems:
        raise invalid(ctx, name, reader)
    return value


def _said(problem: Problem, lang: str) -> str:
    return problem.text.render(lang) if problem.text is not None else problem.message


def invalid(ctx: Context, name: str, reader: Reader) -> CommandError:
    """The error for a record the codec found problems with."""
    problems = "; ".join(
        f"{render_path(p.path, ctx.lang)}: {_said(p, ctx.lang)}" if p.path else _said(p, ctx.lang)
        for p in reader.problems[:MAX_SHOWN_PROBLEMS]
    )
    return ctx.error("build.invalid", name=name, problems=problems or "?")


def read_character(ctx: Context, data: Data, pc: bool) -> Character:
    """A character from its record, checked as the loader checks ``[[pc]]``/``[[npc]]``."""
    reader = Reader()
    if reader.table(data, (), codec.CHARACTER_KEYS) is None:
        raise ctx.error("build.invalid", name=str(data.get("name")), problems="?")
    kind = CharacterKind.PC if pc else CharacterKind.MAJOR
    found = codec.decode_character(reader, data, (), kind, ctx.scene.rules)
    return checked(ctx, str(data.get("name", "")), reader, found)


def read_obstacle(ctx: Context, data: Data) -> Obstacle:
    """An obstacle from its record, checked as the loader checks ``[[obstacle]]``."""
    reader = Reader()
    found = codec.decode_obstacle(reader, data, ())
    kinds = [data[k] for k in codec.OBSTACLE_KINDS if k in data]
    if found is None or reader.problems:
        raise invalid(ctx, str(kinds[0] if kinds else ""), reader)
    return found


def read_countdown(ctx: Context, data: Data) -> Countdown:
    """A countdown from its record, checked as the loader checks ``[[countdown]]``."""
    reader = Reader()
    found = codec.decode_countdown(reader, data, ())
    return checked(ctx, str(data.get("name", "")), reader, found)


def read_zone(ctx: Context, data: Data) -> Zone:
    """A zone from its record, checked as the loader checks ``[[zone]]``."""
    reader = Reader()
    found = codec.decode_zone(reader, data, ())
    return checked(ctx, str(data.get("name", "")), reader, found)


# ---------------------------------------------------------------------------- finding

Record = Character | Obstacle | Countdown | Zone | Contest | Challenge
"""Anything ``set`` changes and ``remove`` takes away."""
RECORD_KINDS = ("character", "obstacle", "countdown", "zone", "contest", "challenge")
PLACEABLE = ("character", "obstacle")
"""What stands in a zone: ``place`` puts it there, ``template save`` copies it."""
OBSTACLE_TYPES = (Hazard, Block, Distraction)


def _entries(scene: Scene, kind: str) -> list[tuple[str, str, Record]]:
    if kind == "character":
        return [(c.id, c.name, c) for c in scene.characters]
    if kind == "obstacle":
        return [(o.id, o.name, o) for o in scene.obstacles]
    if kind == "countdown":
        return [(c.id, c.name, c) for c in scene.countdowns]
    if kind == "zone":
        return [(z.id, z.name, z) for z in scene.zones]
    found: tuple[Contest | Challenge, ...] = (
        scene.contests if kind == "contest" else scene.challenges
    )
    return [(make_id(c.name), c.name, c) for c in found]


def find_record(
    ctx: Context, ref: str, kinds: tuple[str, ...] = RECORD_KINDS, what: str = "thing"
) -> Record:
    """A record of one of ``kinds`` by id, name or unique prefix; ``KIND:ID``
    (``zone:crypt``, ``countdown:ritual``) looks among one kind only, for when a zone and
    a countdown share a name.

    Raises:
        CommandError: Nothing, or more than one thing, matches.
    """
    kind, colon, rest = ref.partition(":")
    if colon and kind in kinds:
        kinds, ref = (kind,), rest
    entries = [entry for kind in kinds for entry in _entries(ctx.scene, kind)]
    return resolve(ref, entries, what, ctx.lang)


# ---------------------------------------------------------------------------- names


def unique(
    ctx: Context,
    what: str,
    name: str,
    new_id: str,
    existing: Iterable[tuple[str, str]],
    *,
    ignore: str | None = None,
) -> None:
    """Refuse a name or id that another record of the same kind already has.

    Raises:
        CommandError: Duplicate id or name (case ignored).
    """
    for other_id, other_name in existing:
        if other_id == ignore:
            continue
        if other_id == new_id or fold(other_name) == fold(name):
            raise ctx.error(
                "build.duplicate", what=ctx.tr(f"kind.{what}"), name=name, other=other_name
            )


def unique_character(ctx: Context, character: Character, ignore: str | None = None) -> None:
    """Refuse a character whose name or id another character has."""
    existing = ((c.id, c.name) for c in ctx.scene.characters)
    unique(ctx, "character", character.name, character.id, existing, ignore=ignore)


# ---------------------------------------------------------------------------- newcomers


def pool_for_new_pcs(
    ctx: Context, scene: Scene, made: list[Character], lines: tuple[str, ...]
) -> tuple[Scene, tuple[str, ...]]:
    """The GM pool as the rules have it with the new PCs in the scene."""
    pcs = sum(1 for c in made if c.kind is CharacterKind.PC)
    if not pcs:
        return scene, lines
    scene = replace(scene, gm_pool=gm_pool_after_cast_change(scene.gm_pool, pcs_joined=pcs))
    return scene, (*lines, ctx.tr("build.pool", total=scene.gm_pool))


def new_pc(character: Character, given: Mapping[str, object]) -> Character:
    """A character as it joins the scene: a new PC starts with its refresh in fate points
    (§3), unless its fields (``given``: the line's or the template's) set them."""
    if character.kind is not CharacterKind.PC or "fate_points" in given:
        return character
    return replace(character, fate_points=refreshed_points(0, character.refresh))


# ---------------------------------------------------------------------------- turn order


def join_turn(scene: Scene, ids: Iterable[str]) -> Scene:
    """Newcomers join a running turn order, not yet acted this exchange."""
    if scene.turn is None:
        return scene
    turn = scene.turn
    for actor in ids:
        turn = add_participant(turn, actor)
    return replace(scene, turn=turn)


def _leave_turn(turn: TurnOrder | None, actor: str) -> TurnOrder | None:
    """The turn order without someone who is no longer in the scene at all."""
    if turn is None:
        return None
    return replace(
        turn,
        participants=tuple(p for p in turn.participants if p != actor),
        acted=tuple(p for p in turn.acted if p != actor),
        up=None if turn.up == actor else turn.up,
    )


def _leave_contests(contests: tuple[Contest, ...], actor: str) -> tuple[Contest, ...]:
    out = []
    for contest in contests:
        sides = tuple(
            replace(side, members=tuple(m for m in side.members if m != actor))
            for side in contest.sides
        )
        out.append(replace(contest, sides=sides))
    return tuple(out)


# ---------------------------------------------------------------------------- removing


def without_character(ctx: Context, character: Character) -> Scene:
    """The scene without a character: out of the turn order, contests, minion lists, held
    points and the party too, so that nothing refers to it.

    Raises:
        CommandError: A hit waits for the character to absorb it.
    """
    scene = ctx.scene
    hits = [h for h in (scene.pending_hit, *scene.queued_hits) if h is not None]
    if any(hit.target == character.id for hit in hits):
        raise ctx.error("build.hit_waiting", name=character.name)
    scene = without_invokes_of(scene, character.id)
    rest = tuple(c for c in scene.characters if c.id != character.id)
    ids = {c.id for c in rest}
    bases = {base_id(c) for c in ids}
    rest = tuple(
        replace(c, minions=tuple(m for m in c.minions if m in ids or m in bases))
        if any(m not in ids and m not in bases for m in c.minions)
        else c
        for c in rest
    )
    left = int(character.kind is CharacterKind.PC)
    pool = gm_pool_after_cast_change(scene.gm_pool, pcs_left=left)
    return replace(
        scene,
        characters=rest,
        turn=_leave_turn(scene.turn, character.id),
        contests=_leave_contests(scene.contests, character.id),
        held=tuple(entry for entry in scene.held if entry.who != character.id),
        party=tuple(p for p in scene.party if p != character.id),
        full_defenses=tuple(f for f in scene.full_defenses if f.defender != character.id),
        pending_roll=_unless_involved(scene.pending_roll, character.id),
        gm_pool=pool,
        sources={k: v for k, v in scene.sources.items() if k != character.id},
    )


def without_obstacle(scene: Scene, obstacle: Obstacle) -> Scene:
    """The scene without an obstacle: off the links it blocked and out of the turn order."""
    return replace(
        scene,
        obstacles=tuple(o for o in scene.obstacles if o.id != obstacle.id),
        links=tuple(
            replace(link, block=None) if link.block == obstacle.id else link for link in scene.links
        ),
        turn=_leave_turn(scene.turn, obstacle.id),
        contests=_leave_contests(scene.contests, obstacle.id),
        pending_roll=_unless_involved(scene.pending_roll, obstacle.id),
    )


def _unless_involved(pending: PendingRoll | None, actor: str) -> PendingRoll | None:
    """The pending roll, unless it is by or against someone leaving the scene (it could
    no longer be changed or settled again)."""
    if pending is None:
        return None
    involved = {pending.actor, pending.target, *(t.target for t in pending.targets)}
    return None if actor in involved else pending


def zone_users(scene: Scene, zone_id: str) -> list[str]:
    """Names of the characters and obstacles standing in a zone (or between it and another)."""
    names = [c.name for c in scene.characters if c.zone == zone_id]
    for obstacle in scene.obstacles:
        between = obstacle.between if isinstance(obstacle, Block) else None
        if obstacle.zone == zone_id or (between is not None and zone_id in between):
            names.append(obstacle.name)
    return names


def without_zone(ctx: Context, zone: Zone) -> tuple[Scene, int]:
    """The scene without an empty zone and its links; returns how many links went.

    Raises:
        CommandError: Someone or something still stands in the zone (move them first:
            removing the zone from under them would lose where they are).
    """
    users = zone_users(ctx.scene, zone.id)
    if users:
        raise ctx.error("build.zone_in_use", zone=zone.name, names=", ".join(users))
    kept = tuple(link for link in ctx.scene.links if zone.id not in link.zones)
    scene = replace(
        ctx.scene, zones=tuple(z for z in ctx.scene.zones if z.id != zone.id), links=kept
    )
    return scene, len(ctx.scene.links) - len(kept)


# ---------------------------------------------------------------------------- placing


def with_link(scene: Scene, old: Link | None, new: Link | None) -> Scene:
    """The scene with a link replaced, added (``old`` None) or removed (``new`` None)."""
    links = [link for link in scene.links if link is not old]
    if new is not None:
        index = scene.links.index(old) if old is not None else len(links)
        links.insert(index, new)
    return replace(scene, links=tuple(links))


def with_obstacle(scene: Scene, old: Obstacle | None, new: Obstacle) -> Scene:
    """The scene with an obstacle replaced (or added); a block standing between two zones
    also stands on the link between them (made if they were not linked yet)."""
    if old is None:
        obstacles = (*scene.obstacles, new)
    else:
        obstacles = tuple(new if o.id == old.id else o for o in scene.obstacles)
    scene = replace(scene, obstacles=obstacles)
    before = old.between if isinstance(old, Block) else None
    after = new.between if isinstance(new, Block) else None
    if before == after:
        return scene
    scene = replace(
        scene,
        links=tuple(
            replace(link, block=None) if link.block == new.id else link for link in scene.links
        ),
    )
    if after is None:
        return scene
    link = scene.link_between(*after)
    placed = Link(after, block=new.id) if link is None else replace(link, block=new.id)
    return with_link(scene, link, placed)


# ---------------------------------------------------------------------------- rules


def under_rules(ctx: Context, rules: RulesInPlay) -> Scene:
    """The scene under other optional rules: every character read again from what its
    record says, so default stress tracks follow the new rules as a reload would.

    Raises:
        CommandError: A character's checked boxes no longer fit its tracks.
    """
    scene = ctx.scene
    characters = []
    for character in scene.characters:
        data = codec.encode_character(character, scene.rules)
        data["id"] = character.id
        kind = CharacterKind.PC if character.kind is CharacterKind.PC else CharacterKind.MAJOR
        reader = Reader()
        found = codec.decode_character(reader, data, (), kind, rules)
        characters.append(checked(ctx, character.name, reader, found))
    return replace(scene, rules=rules, characters=tuple(characters))
