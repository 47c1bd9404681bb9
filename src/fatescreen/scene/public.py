"""What the players may see of a scene: the one place that decides what is public.

:func:`public_scene` turns a scene into a :class:`PublicScene`, a value of its own types
that has no field for a secret (no skills, no stunts, no notes, no hidden aspects), so a
view built from it cannot show one by mistake. The player view, the served browser view
and the Markdown session record all go through this module; docs/player-view.md lists the
rules in words.
"""

from __future__ import annotations

import itertools
import operator
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from fatescreen.rules.aspects import GM, Aspect
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.dice import looks_like_faces
from fatescreen.rules.obstacles import CountdownVisibility
from fatescreen.scene.model import PendingRoll, Scene


@dataclass(frozen=True)
class PublicAspect:
    """An aspect the players know, with its free invokes by holder."""

    name: str
    free_invokes: tuple[tuple[str, int], ...] = ()
    """(holder's name, count) pairs; the holder is "" for the GM."""
    boost: bool = False


@dataclass(frozen=True)
class PublicTrack:
    """A stress track as the players see it."""

    kind: str
    checked: tuple[int, ...]
    """The checked boxes' numbers."""
    boxes: int | None
    """How many boxes the track has; None for an NPC (the players only see hits)."""


@dataclass(frozen=True)
class PublicConsequence:
    """A consequence taken: its severity and its name."""

    severity: str
    name: str


@dataclass(frozen=True)
class PublicCharacter:
    """A PC, or an NPC the players have met, as far as they know it."""

    id: str
    name: str
    is_pc: bool
    zone: str | None
    aspects: tuple[PublicAspect, ...]
    stress: tuple[PublicTrack, ...]
    consequences: tuple[PublicConsequence, ...]
    fate_points: int | None
    """A PC's fate points; None for an NPC."""
    player: str = ""
    form: str | None = None
    """The name of the true form revealed last; None while the first form shows."""
    members: int | None = None
    """Members still standing, for a mook group."""
    taken_out: bool = False
    conceded: bool = False


@dataclass(frozen=True)
class PublicZone:
    """A zone the players know, its aspects and who they see there."""

    id: str
    name: str
    aspects: tuple[PublicAspect, ...]
    occupants: tuple[str, ...]
    """Names of the public characters standing there."""


@dataclass(frozen=True)
class PublicCountdown:
    """A countdown shown to the players; ``name`` is "" when only its boxes are shown."""

    name: str
    boxes: int
    checked: int
    triggers: tuple[str, ...] = ()
    outcome: str = ""


@dataclass(frozen=True)
class PublicTurnEntry:
    """One participant of the turn order."""

    name: str
    acted: bool
    up: bool


@dataclass(frozen=True)
class PublicTurn:
    """The turn order as the players see it (secret participants left out)."""

    exchange: int
    entries: tuple[PublicTurnEntry, ...]


@dataclass(frozen=True)
class PublicRoll:
    """A roll as the table saw it: who rolled what, the dice and the result."""

    actor: str
    """The roller's name; "" when the roller is a secret (or a bare roll)."""
    action: str
    skill: str
    """The skill rolled, for a PC; "" for anyone else."""
    dice: str
    effort: int
    opposition: int | None
    """None for an attack on several defenders: each defends on their own, so the roll
    has no one opposition (the table never sees a made-up one)."""
    shifts: int
    outcome: str
    """"" when there is no one opposition to read it against."""
    target: str = ""
    """Whom the roll is against; for an attack on several, their names joined."""


@dataclass(frozen=True)
class PublicScene:
    """Everything the players may see of a scene, and nothing else."""

    title: str
    zones: tuple[PublicZone, ...]
    links: tuple[tuple[str, str], ...]
    """Pairs of names of adjacent public zones."""
    aspects: tuple[PublicAspect, ...]
    """Scene-wide situation aspects and boosts."""
    pcs: tuple[PublicCharacter, ...]
    npcs: tuple[PublicCharacter, ...]
    countdowns: tuple[PublicCountdown, ...]
    turn: PublicTurn | None
    roll: PublicRoll | None
    gm_pool: int


def _public_characters(scene: Scene, zones: frozenset[str]) -> dict[str, Character]:
    """Characters the players may see, by id: every PC; NPCs that are not hidden and do
    not stand in a secret zone."""
    return {
        c.id: c
        for c in scene.characters
        if c.kind is CharacterKind.PC or (not c.hidden and (c.zone is None or c.zone in zones))
    }


def public_zone_ids(scene: Scene) -> frozenset[str]:
    """Zones the players know: those not hidden, and any where a PC stands."""
    with_pcs = {c.zone for c in scene.characters if c.kind is CharacterKind.PC}
    return frozenset(z.id for z in scene.zones if not z.hidden or z.id in with_pcs)


def _aspect(aspect: Aspect, names: dict[str, str]) -> PublicAspect:
    counts: dict[str, int] = {}
    for owner in aspect.free_invokes:
        # invokes held by a secret character are the GM's to spend, as far as players know
        holder = names.get(owner, "") if owner != GM else ""
        counts[holder] = counts.get(holder, 0) + 1
    return PublicAspect(aspect.name, tuple(counts.items()), aspect.is_boost)


def _aspects(aspects: Iterable[Aspect], names: dict[str, str]) -> tuple[PublicAspect, ...]:
    return tuple(_aspect(a, names) for a in aspects if not a.hidden)


def _character(
    character: Character, names: dict[str, str], zones: frozenset[str]
) -> PublicCharacter:
    is_pc = character.kind is CharacterKind.PC
    tracks = tuple(
        PublicTrack(track.kind.value, tuple(sorted(track.checked)), track.boxes if is_pc else None)
        for track in character.stress
        if is_pc or track.checked
    )
    consequences = tuple(
        PublicConsequence(slot.condition or slot.severity.value, slot.aspect.name)
        for slot in character.consequences
        if slot.aspect is not None
    )
    revealed = character.revealed_forms
    return PublicCharacter(
        id=character.id,
        name=character.name,
        is_pc=is_pc,
        zone=character.zone if character.zone in zones else None,
        aspects=_aspects(character.current_aspects, names),
        stress=tracks,
        consequences=consequences,
        fate_points=character.fate_points if is_pc else None,
        player=character.player if is_pc else "",
        form=revealed[-1].name if revealed else None,
        members=character.members if character.kind is CharacterKind.MOOKS else None,
        taken_out=character.taken_out,
        conceded=character.conceded,
    )


def _countdowns(scene: Scene) -> tuple[PublicCountdown, ...]:
    shown = []
    for countdown in scene.countdowns:
        if countdown.visibility is CountdownVisibility.FULL:
            shown.append(
                PublicCountdown(
                    countdown.name,
                    countdown.boxes,
                    countdown.checked,
                    countdown.triggers,
                    countdown.outcome,
                )
            )
        elif countdown.visibility is CountdownVisibility.BOXES:
            shown.append(PublicCountdown("", countdown.boxes, countdown.checked))
    return tuple(shown)


def _turn(scene: Scene, names: dict[str, str]) -> PublicTurn | None:
    order = scene.turn
    if order is None:
        return None
    entries = tuple(
        PublicTurnEntry(names[pid], pid in order.acted, pid == order.up)
        for pid in order.participants
        if pid in names
    )
    return PublicTurn(order.exchange, entries)


def _roll(pending: PendingRoll, scene: Scene, names: dict[str, str]) -> PublicRoll:
    """A roll as the table saw it, ``names`` being who acts in public now, by id."""
    roller = scene.character_index.get(pending.actor)
    is_pc = roller is not None and roller.kind is CharacterKind.PC
    result = pending.result
    several = bool(pending.targets)  # a split or zone attack: no one opposition
    defenders = [names[t.target] for t in pending.targets if t.target in names]
    return PublicRoll(
        actor=names.get(pending.actor, ""),
        action=pending.action.value,
        skill=pending.skill if is_pc else "",
        dice=pending.result.effort.dice.symbols,
        effort=result.effort.total,
        opposition=None if several else result.opposition,
        shifts=0 if several else result.shifts,
        outcome="" if several else result.outcome.value,
        target=", ".join(defenders) if several else names.get(pending.target or "", ""),
    )


def public_roll(pending: PendingRoll | None, scene: Scene) -> PublicRoll | None:
    """The pending roll as the table saw it, or None."""
    if pending is None:
        return None
    return _roll(pending, scene, _public_names(scene))


def public_rolls(rolls: Iterable[PendingRoll], scene: Scene) -> tuple[PublicRoll, ...]:
    """Rolls made earlier, as the table saw them, with the names public in ``scene`` (a
    roller made secret since is "someone" in them too)."""
    names = _public_names(scene)
    return tuple(_roll(pending, scene, names) for pending in rolls)


def _acting_names(scene: Scene, zones: frozenset[str], names: dict[str, str]) -> dict[str, str]:
    """``names`` (the public characters') with the hazards the players see: the table sees
    the fire or the flood act, never its ratings."""
    acting = dict(names)
    acting.update(
        {
            o.id: o.name
            for o in scene.obstacles
            if o.zone is None or o.zone in zones
            if o.id not in names
        }
    )
    return acting


def _public_names(scene: Scene) -> dict[str, str]:
    """Names of the characters and hazards the players may see, by id."""
    zones = public_zone_ids(scene)
    names = {cid: c.name for cid, c in _public_characters(scene, zones).items()}
    return _acting_names(scene, zones, names)


CharacterViews = Callable[
    [Iterable[Character], dict[str, str], frozenset[str]], list[PublicCharacter]
]
"""Makes the public records of characters, given the public names and zones."""


def _characters(
    characters: Iterable[Character], names: dict[str, str], zones: frozenset[str]
) -> list[PublicCharacter]:
    return [_character(character, names, zones) for character in characters]


@dataclass(frozen=True)
class _Cast:
    """What the players see of a scene's zones, links, characters and hazards: worked out
    together, since who is public depends on where they stand."""

    zone_ids: frozenset[str]
    """The zones the players know."""
    names: dict[str, str]
    """The public characters' names, by id."""
    acting: dict[str, str]
    """The names of the public characters and hazards, by id (who may be seen to act)."""
    zones: tuple[PublicZone, ...]
    links: tuple[tuple[str, str], ...]
    pcs: tuple[PublicCharacter, ...]
    npcs: tuple[PublicCharacter, ...]


def _cast(scene: Scene, character_views: CharacterViews) -> _Cast:
    zones = public_zone_ids(scene)
    characters = _public_characters(scene, zones)
    names = {cid: c.name for cid, c in characters.items()}
    standing: dict[str | None, list[str]] = {}
    for character in characters.values():
        standing.setdefault(character.zone, []).append(character.name)
    public_zones = tuple(
        PublicZone(
            zone.id,
            zone.name,
            _aspects(zone.aspects, names),
            tuple(standing.get(zone.id, ())),
        )
        for zone in scene.zones
        if zone.id in zones
    )
    zone_names = {zone.id: zone.name for zone in public_zones}
    links = tuple(
        (zone_names[a], zone_names[b])
        for a, b in (link.zones for link in scene.links)
        if a in zone_names and b in zone_names
    )
    shown = character_views(characters.values(), names, zones)
    return _Cast(
        zones,
        names,
        _acting_names(scene, zones, names),
        public_zones,
        links,
        tuple(c for c in shown if c.is_pc),
        tuple(c for c in shown if not c.is_pc),
    )


def public_scene(scene: Scene) -> PublicScene:
    """What the players may see of ``scene`` (see docs/player-view.md).

    Public: zones that are not hidden (or where a PC stands), with their aspects that are
    not hidden and the public characters standing there; the links between them; scene
    aspects and boosts that are not hidden, with their free invokes; the PCs' aspects,
    stress, consequences and fate points; NPCs that are not hidden, by name, with their
    aspects that are not hidden, the stress boxes checked, the consequences taken and the
    true form revealed; countdowns shown in full or as boxes; the turn order without
    secret participants; the last roll as the table saw it; the size of the GM pool.

    Secret: everything else, among it NPCs' skills, stunts, stress tracks, fate points,
    weapons, armor and later true forms, hidden aspects, zones and NPCs, hidden
    countdowns, obstacles' ratings, the GM's notes and what the GM pool's points are held
    for.
    """
    return _public_scene(scene, _cast(scene, _characters))


def _public_scene(scene: Scene, cast: _Cast) -> PublicScene:
    pending = scene.pending_roll
    return PublicScene(
        title=scene.title,
        zones=cast.zones,
        links=cast.links,
        aspects=_aspects(scene.aspects, cast.names),
        pcs=cast.pcs,
        npcs=cast.npcs,
        countdowns=_countdowns(scene),
        turn=_turn(scene, cast.acting),
        roll=None if pending is None else _roll(pending, scene, cast.acting),
        gm_pool=scene.gm_pool,
    )


class PublicSceneMaker:
    """:func:`public_scene` and :func:`public_rolls` of one scene after another (a session
    being followed), working out again only what a command changed.

    Scenes are values, and a command replaces only what it changes: while a scene's zones,
    links, characters and obstacles are the very tuples of the scene before, what the
    players see of them is the same. Characters changed where they stand, under the same
    name and visibility, are worked out again alone; otherwise a character that is the
    same object as before, among the same public names and zones, keeps the public record
    made for it then.
    """

    RECAST = 64
    """More characters changed than this: the cast is worked out again whole."""

    def __init__(self) -> None:
        self._parts: tuple[tuple[object, ...], ...] = ()
        """The tuples the cast was worked out from: zones, links, characters, obstacles."""
        self._characters: tuple[Character, ...] = ()
        """The characters the cast was worked out from."""
        self._cast: _Cast | None = None
        self._made: dict[int, tuple[Character, PublicCharacter]] = {}
        """The cast's public characters, by the identity of the character each was made
        from (the character is kept with it, so that its identity is not reused)."""
        self._places: dict[str, tuple[bool, int]] = {}
        """Where each public character is in the cast: among the PCs or not, and where."""

    def __call__(self, scene: Scene) -> PublicScene:
        """What the players may see of ``scene`` (the same as :func:`public_scene`)."""
        return _public_scene(scene, self._cast_of(scene))

    def rolls(self, rolls: Iterable[PendingRoll], scene: Scene) -> tuple[PublicRoll, ...]:
        """The same as :func:`public_rolls`."""
        acting = self._cast_of(scene).acting
        return tuple(_roll(pending, scene, acting) for pending in rolls)

    def roll_in(self, scene: Scene) -> PendingRoll | None:
        """The roll ``scene`` holds as the last one made (rolls are kept apart from the
        scene: the follower keeps the last few, and a step that undoes one takes it back)."""
        return scene.pending_roll

    def _cast_of(self, scene: Scene) -> _Cast:
        parts = (scene.zones, scene.links, scene.characters, scene.obstacles)
        cast = self._cast
        if cast is not None and len(self._parts) == len(parts):
            same = list(map(operator.is_, parts, self._parts))
            if all(same):
                return cast
            if same == [True, True, False, True]:
                recast = self._recast(cast, scene.characters)
                if recast is not None:
                    self._cast, self._parts, self._characters = recast, parts, scene.characters
                    return recast
        names, zones = (cast.names, cast.zone_ids) if cast is not None else ({}, frozenset())
        made = self._made
        self._made = {}

        def views(
            characters: Iterable[Character], names_now: dict[str, str], zones_now: frozenset[str]
        ) -> list[PublicCharacter]:
            known = made if (names_now, zones_now) == (names, zones) else {}
            shown = []
            for character in characters:
                kept = known.get(id(character))
                if kept is not None and kept[0] is character:
                    view = kept[1]
                else:
                    view = _character(character, names_now, zones_now)
                self._made[id(character)] = (character, view)
                shown.append(view)
            return shown

        cast = self._cast = _cast(scene, views)
        self._parts, self._characters = parts, scene.characters
        self._places = {c.id: (True, index) for index, c in enumerate(cast.pcs)}
        self._places.update({c.id: (False, index) for index, c in enumerate(cast.npcs)})
        return cast

    def _recast(self, cast: _Cast, characters: tuple[Character, ...]) -> _Cast | None:
        """The cast with a few characters changed where they stand, under the same names
        and visibility; None when more changed (the cast is then worked out whole)."""
        before = self._characters
        if len(characters) != len(before):
            return None
        changed = list(
            itertools.compress(range(len(characters)), map(operator.is_not, characters, before))
        )
        if len(changed) > self.RECAST:
            return None
        for index in changed:
            old, new = before[index], characters[index]
            if (old.id, old.name, old.kind, old.hidden, old.zone) != (
                new.id,
                new.name,
                new.kind,
                new.hidden,
                new.zone,
            ):
                return None
        pcs, npcs = list(cast.pcs), list(cast.npcs)
        for index in changed:
            old, new = before[index], characters[index]
            self._made.pop(id(old), None)
            place = self._places.get(new.id)
            if place is None:
                continue  # not public: nothing the players see changed
            view = _character(new, cast.names, cast.zone_ids)
            self._made[id(new)] = (new, view)
            is_pc, at = place
            (pcs if is_pc else npcs)[at] = view
        return replace(cast, pcs=tuple(pcs), npcs=tuple(npcs))


class FatePublic:
    """Fate's ``public`` part (``docs/systems.md``): the player view follows a Fate session
    through a :class:`PublicSceneMaker`; its journal's dice are four Fate dice."""

    faces = staticmethod(looks_like_faces)

    def maker(self) -> PublicSceneMaker:
        """A maker for one followed session."""
        return PublicSceneMaker()


PUBLIC = FatePublic()
"""Fate's ``public`` part."""


def secret_names(scene: Scene) -> frozenset[str]:
    """Names the players must not read while the scene is as it is: hidden aspects, zones
    and NPCs (or NPCs in a secret zone), NPCs' unrevealed true forms and their aspects, and
    countdowns that are not shown by name."""
    zones = public_zone_ids(scene)
    characters = _public_characters(scene, zones)
    names: set[str] = set()
    hidden_aspects = [a for a in _all_aspects(scene) if a.hidden]
    names.update(a.name for a in hidden_aspects)
    names.update(z.name for z in scene.zones if z.id not in zones)
    for character in scene.characters:
        if character.id not in characters:
            names.add(character.name)
            names.update(a.name for a in character.aspects)
        for form in character.forms[character.form :]:
            names.add(form.name)
            names.update(a.name for a in form.aspects)
    for countdown in scene.countdowns:
        if countdown.visibility is not CountdownVisibility.FULL:
            names.add(countdown.name)
            if countdown.outcome:
                names.add(countdown.outcome)
    return frozenset(name for name in names if name)


def _all_aspects(scene: Scene) -> Iterable[Aspect]:
    yield from scene.aspects
    for zone in scene.zones:
        yield from zone.aspects
    for character in scene.characters:
        yield from character.current_aspects
        for form in character.forms:
            yield from form.aspects


def public_names(scene: Scene) -> frozenset[str]:
    """Names the players may read in ``scene`` (what :func:`public_scene` shows by name)."""
    view = public_scene(scene)
    names: set[str] = {z.name for z in view.zones}
    names.update(a.name for z in view.zones for a in z.aspects)
    names.update(a.name for a in view.aspects)
    for character in (*view.pcs, *view.npcs):
        names.add(character.name)
        names.update(a.name for a in character.aspects)
        names.update(c.name for c in character.consequences)
        if character.form:
            names.add(character.form)
    names.update(c.name for c in view.countdowns if c.name)
    return frozenset(names)


def is_public_text(text: str, secrets: Iterable[str]) -> bool:
    """True when ``text`` names none of ``secrets`` (case ignored)."""
    folded = text.casefold()
    return not any(secret.casefold() in folded for secret in secrets)


FACT_KINDS = (
    "zone",
    "link",
    "aspect",
    "character",
    "occupant",
    "fate_points",
    "stress",
    "consequence",
    "form",
    "members",
    "taken_out",
    "conceded",
    "countdown",
    "triggers",
    "outcome",
    "exchange",
    "up",
    "gm_pool",
)
"""The kinds of :func:`public_facts`, in the order the players' record says them."""


def _aspect_facts(
    facts: dict[tuple[str, ...], str], where: str, aspects: Iterable[PublicAspect], gm: str
) -> None:
    for aspect in aspects:
        invokes = ", ".join(f"{holder or gm}×{count}" for holder, count in aspect.free_invokes)
        facts["aspect", where, aspect.name] = invokes


def public_facts(view: PublicScene, gm: str = GM) -> dict[tuple[str, ...], str]:
    """A public scene as facts, ``(kind, subject, …) -> value``: two views differ exactly
    where their facts do (the last roll and the sizes of stress tracks aside), and every
    fact is public. The kinds are :data:`FACT_KINDS`; a free invoke held by the GM is
    written ``gm`` (the word the table reads for the GM); a stress track is a fact only
    while a box of it is checked."""
    facts: dict[tuple[str, ...], str] = {}
    for zone in view.zones:
        facts["zone", zone.name] = ""
        _aspect_facts(facts, zone.name, zone.aspects, gm)
        for name in zone.occupants:
            facts["occupant", name] = zone.name
    for a, b in view.links:
        facts["link", *sorted((a, b))] = ""
    _aspect_facts(facts, "", view.aspects, gm)
    for character in (*view.pcs, *view.npcs):
        name = character.name
        facts["character", name] = character.player
        _aspect_facts(facts, name, character.aspects, gm)
        if character.fate_points is not None:
            facts["fate_points", name] = str(character.fate_points)
        for track in character.stress:
            if track.checked:  # a track with nothing checked has nothing to say
                facts["stress", name, track.kind] = ", ".join(str(box) for box in track.checked)
        for consequence in character.consequences:
            facts["consequence", name, consequence.severity] = consequence.name
        if character.form:
            facts["form", name] = character.form
        if character.members is not None:
            facts["members", name] = str(character.members)
        for flag in ("taken_out", "conceded"):
            if getattr(character, flag):
                facts[flag, name] = ""
    for number, countdown in enumerate(view.countdowns, 1):
        label = countdown.name or f"#{number}"
        facts["countdown", label] = f"{countdown.checked}/{countdown.boxes}"
        if countdown.triggers:
            facts["triggers", label] = "; ".join(countdown.triggers)
        if countdown.outcome:
            facts["outcome", label] = countdown.outcome
    if view.turn is not None:
        facts["exchange",] = str(view.turn.exchange)
        up = [entry.name for entry in view.turn.entries if entry.up]
        if up:
            facts["up",] = up[0]
    facts["gm_pool",] = str(view.gm_pool)
    return facts


@dataclass(frozen=True)
class PublicChange:
    """One public fact that a step of play changed: ``before`` is None for a new fact,
    ``after`` None for one that is gone."""

    key: tuple[str, ...]
    before: str | None
    after: str | None


@dataclass(frozen=True)
class PublicStep:
    """What the players saw of one step of play: the roll made (if any) and the facts
    that changed. Empty when the step changed nothing public."""

    roll: PublicRoll | None
    changes: tuple[PublicChange, ...]

    def __bool__(self) -> bool:
        return self.roll is not None or bool(self.changes)


def public_step(before: Scene | None, after: Scene, gm: str = GM) -> PublicStep:
    """What the players saw of the step of play from ``before`` to ``after``: decided from
    the public view of each (:func:`public_scene`), never from the GM's words, so a step
    that changed only secrets (notes, an NPC's stats, a hidden aspect) is empty. With no
    ``before`` the step opened a new scene: all it shows is new, and nothing is gone.
    ``gm`` is the word for the GM as a holder of free invokes (see :func:`public_facts`)."""
    facts_before = {} if before is None else public_facts(public_scene(before), gm)
    facts_after = public_facts(public_scene(after), gm)
    order = {kind: number for number, kind in enumerate(FACT_KINDS)}
    keys = sorted(set(facts_before) | set(facts_after), key=lambda key: (order[key[0]], key))
    changes = tuple(
        PublicChange(key, facts_before.get(key), facts_after.get(key))
        for key in keys
        if facts_before.get(key) != facts_after.get(key)
    )
    rolled = after.pending_roll is not None and (
        before is None or after.pending_roll != before.pending_roll
    )
    return PublicStep(public_roll(after.pending_roll, after) if rolled else None, changes)


def names_any(text: str, names: Iterable[str]) -> bool:
    """True when ``text`` names one of ``names`` as a whole word or words (case ignored):
    a one-letter secret "X" is named in "X attacks", not in "exchange 2"."""
    return any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE) for name in names)


def secret_character(scene: Scene, character: Character) -> bool:
    """True when the players cannot see ``character``: an NPC marked hidden, or standing in
    a secret zone (the GM's screens mark it)."""
    if character.kind is CharacterKind.PC:
        return False
    if character.hidden:
        return True
    if character.zone is None or character.zone not in scene.zone_index:
        return False
    zone = scene.zone_index[character.zone]
    return zone.hidden and not any(
        c.kind is CharacterKind.PC for c in scene.characters_in(character.zone)
    )
