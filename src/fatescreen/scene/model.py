"""The scene: zones, aspects, characters, obstacles and the state of play, as one value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property
from itertools import compress
from operator import is_not
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fatescreen.rules.actions import Action, AspectTarget
from fatescreen.rules.aspects import Aspect, make_id
from fatescreen.rules.character import Character, CharacterKind, StressKind, Stunt
from fatescreen.rules.conflict import FullDefense, ScaleAdvantage, TurnOrder
from fatescreen.rules.fate_points import LedgerEntry
from fatescreen.rules.harm import ConsequenceStyle, HarmOptions
from fatescreen.rules.obstacles import Block, Countdown, Distraction, Hazard
from fatescreen.rules.outcomes import Effort, RollResult
from fatescreen.rules.skills import ROLE_NAMES, SkillRoles, skill_roles
from fatescreen.scene.memo import ByIdentity

if TYPE_CHECKING:
    # a scene without contests or challenges never needs their rules (imported when first
    # read, run or drawn): the dashboard's first frame does not wait for them
    from fatescreen.rules.contests import Challenge, Contest

Obstacle = Hazard | Block | Distraction
"""Anything that stands in the way but cannot be attacked (§7)."""


class RollPurpose(StrEnum):
    """What a pending roll is for beyond its outcome; ``PendingRoll.refs`` names what it
    works on."""

    PLAIN = "plain"
    MOVE = "move"
    """Crossing into a zone past a barrier or block: refs = (zone id, block id), or
    (zone id,) when no block stands on the way."""
    PASS_BLOCK = "pass_block"
    """Getting past a block: refs = (block id,)."""
    REMOVE_BLOCK = "remove_block"
    """Getting rid of a block: refs = (block id,)."""
    TREATMENT = "treatment"
    """Starting a consequence's recovery: refs = (consequence key, its new name)."""
    TASK = "task"
    """A challenge task: refs = (challenge name, task name)."""
    CONTEST = "contest"
    """A contest side's roll this exchange: refs = (contest name, side name)."""
    SPLIT = "split"
    """An attack or a create an advantage whose effort is split among ``targets`` (§8)."""
    ZONE_ATTACK = "zone_attack"
    """An attack on everyone in a zone, all defending the full effort: refs = (zone id,)."""


@dataclass(frozen=True)
class TargetDefense:
    """One target of an action on several targets, and its defense (§8)."""

    target: str
    skill: str
    effort: Effort | None = None
    """The defense roll; None until the effort is split."""
    share: int | None = None
    """Its share of a split effort; None in a zone attack (it defends the whole effort)."""


@dataclass(frozen=True)
class ContestRoll:
    """One side's roll in the current exchange of a contest, or its forfeit."""

    contest: str
    side: str
    roller: str = ""
    effort: Effort | None = None
    """None when the side forfeits its roll this exchange."""
    difficulty: int | None = None
    """The fixed difficulty rolled against; None when the sides roll against each other."""
    helpers: tuple[str, ...] = ()
    """Who gave the roll teamwork (their pick of a faster contest's exchange)."""
    advantage: bool = False
    """Not the side's roll but ``roller`` creating an advantage this exchange (the pick of
    a faster contest, §8)."""


@dataclass(frozen=True)
class PendingRoll:
    """The last action rolled, kept so that invokes and stunts can still change it."""

    actor: str
    """Id of the character or hazard that rolled ("" for a bare roll)."""
    action: Action
    skill: str
    result: RollResult
    target: str | None = None
    """Id of the defender, for an attack."""
    defense_skill: str | None = None
    kind: StressKind = StressKind.PHYSICAL
    weapon: int = 0
    armor: int = 0
    paid_invokes: tuple[tuple[str, str], ...] = ()
    """(side, aspect key) of each aspect already invoked for a fate point on this roll: the
    side is "" for the acting roll, the defender's id for a defense (one paid invoke each)."""
    free_invokes: tuple[str, ...] = ()
    """The side ("" or the defender's id) of each free invoke used on this roll."""
    aspect: str | None = None
    """For create an advantage: the aspect's name."""
    holder: str | None = None
    """For create an advantage: where the aspect goes (see :func:`aspect_holders`)."""
    aspect_target: AspectTarget | None = None
    """For create an advantage: a new aspect, or an existing known or hidden one."""
    purpose: RollPurpose = RollPurpose.PLAIN
    refs: tuple[str, ...] = ()
    """What the purpose works on (see :class:`RollPurpose`)."""
    helpers: tuple[str, ...] = ()
    """Ids of the characters whose teamwork counted (+1 each)."""
    targets: tuple[TargetDefense, ...] = ()
    """For an attack or a create an advantage on several targets: each target and its
    defense."""
    cost: str | None = None
    """Set when the table took success at a cost (a fail at a serious cost, or a tie's
    minor cost named): the cost's text, possibly empty."""
    cost_for: str | None = None
    """Who gains the free invoke when a failed create an advantage is taken at a cost."""
    traded_for: str | None = None
    """For an attack with style: the boost the attacker took for one shift less."""
    tie_boost: str | None = None
    """For a tied overcome taken as a fail with a boost (§2): the boost's name."""
    threat: Effort | None = None
    """For a contest roll: the attack of an outside threat on the side (§5)."""
    threat_by: str | None = None
    """The hazard that made ``threat``, or None for a threat of a bare rating."""
    scale_advantage: ScaleAdvantage = ScaleAdvantage.ROLL
    """With the scale option, the advantage the actor of higher scale picked (§8)."""
    base: Scene | None = None
    """The scene before this roll took effect; invokes settle the roll again from it."""
    roll_id: object = field(default_factory=object, compare=False, repr=False)
    """Which roll this is: new with each roll made, kept by every change of it (an invoke,
    a stunt, a reroll, a cost); never compared, so it changes no scene's equality."""


@dataclass(frozen=True)
class PendingHit:
    """Harm that someone must still absorb (or be taken out by)."""

    target: str
    shifts: int
    kind: StressKind = StressKind.PHYSICAL
    attacker: str | None = None


@dataclass(frozen=True)
class Zone:
    """A zone of the scene with its zone aspects."""

    name: str
    id: str = ""
    aspects: tuple[Aspect, ...] = ()
    hidden: bool = False
    """The players do not know the zone yet (see docs/player-view.md)."""

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", make_id(self.name))


@dataclass(frozen=True)
class Link:
    """Two adjacent zones; crossing may need an overcome against a barrier or a block."""

    zones: tuple[str, str]
    barrier: int | None = None
    """Difficulty of the overcome needed to cross, if any."""
    block: str | None = None
    """Id of a block obstacle standing on this connection, if any."""

    def joins(self, a: str, b: str) -> bool:
        """True if this link connects zones ``a`` and ``b`` (in either order)."""
        return {a, b} == set(self.zones)


@dataclass(frozen=True)
class TemplateSource:
    """The library entry a character was added from during play, so that saving can write
    it as a template entry (``template = "library/cultist.toml"``) like a GM would."""

    file: Path
    """The library file, as an absolute path."""
    entry: str
    """The entry's id (or the id of its name) in that file."""


@dataclass(frozen=True)
class RulesInPlay:
    """The optional rules of §6 and §8 that this scene (or campaign) uses."""

    weapons_and_armor: bool = True
    scale: bool = False
    conditions: bool = False
    split_conditions: bool = False
    """With ``conditions``: the variant keeping physical and mental conditions apart."""
    full_defense: bool = True
    extreme_consequences: bool = False
    one_stress_track: bool = False
    extra_stress_boxes: int = 0
    escalating_stress_boxes: bool = False
    """Fate Core's escalating boxes ([1][2][3]...), one box per hit."""
    contest_victories: int = 3
    ladder_names: bool = True
    skills: str = "en"
    """The skill list whose roles apply: ``en`` or ``fi`` (see :mod:`fatescreen.rules.skills`)."""
    renamed_roles: tuple[tuple[str, str], ...] = ()
    """A custom list's skills by role, as (role, skill) pairs in the order of
    :data:`~fatescreen.rules.skills.ROLE_NAMES`: each role is a field of
    :class:`~fatescreen.rules.skills.SkillRoles`, and a role not named keeps the list's
    skill. The scene file writes each as a ``[rules]`` key named after its role."""

    def __post_init__(self) -> None:
        unknown = [role for role, _ in self.renamed_roles if role not in ROLE_NAMES]
        if unknown:
            raise ValueError(f"unknown skill role {unknown[0]!r}: choose {', '.join(ROLE_NAMES)}")

    @cached_property
    def roles(self) -> SkillRoles:
        """The skills that fill each role the rules give a skill."""
        return skill_roles(self.skills, **dict(self.renamed_roles))

    @property
    def harm_options(self) -> HarmOptions:
        """The optional harm rules in play, as the rules core takes them."""
        style = ConsequenceStyle.CONSEQUENCES
        if self.conditions:
            style = (
                ConsequenceStyle.SPLIT_CONDITIONS
                if self.split_conditions
                else ConsequenceStyle.CONDITIONS
            )
        roles = self.roles
        return HarmOptions(
            one_track=self.one_stress_track,
            extra_boxes=self.extra_stress_boxes,
            escalating=self.escalating_stress_boxes,
            style=style,
            extreme_consequence=self.extreme_consequences,
            physical_skill=roles.physical_stress,
            mental_skill=roles.mental_stress,
        )


def _by_zone(characters: tuple[Character, ...]) -> Mapping[str | None, tuple[Character, ...]]:
    by_zone: dict[str | None, list[Character]] = {}
    for character in characters:
        by_zone.setdefault(character.zone, []).append(character)
    return {zone: tuple(members) for zone, members in by_zone.items()}


def _moved_by_zone(
    by_zone: Mapping[str | None, tuple[Character, ...]],
    before: Character,
    after: Character,
    positions: Mapping[str, int],
) -> Mapping[str | None, tuple[Character, ...]]:
    """Characters by zone once ``before`` is replaced by ``after`` (the same id): only the
    one or two zones it left or stands in change, the others are the very same tuples
    (a move in a large scene touches two zones of hundreds)."""
    moved = dict(by_zone)
    if before.zone == after.zone:
        moved[after.zone] = tuple(after if c is before else c for c in by_zone[before.zone])
        return moved
    left = tuple(c for c in by_zone[before.zone] if c is not before)
    if left:
        moved[before.zone] = left
    else:
        del moved[before.zone]
    joined = (*by_zone.get(after.zone, ()), after)
    moved[after.zone] = tuple(sorted(joined, key=lambda c: positions[c.id]))
    return moved


def _links_of_zones(links: tuple[Link, ...]) -> Mapping[str, tuple[Link, ...]]:
    by_zone: dict[str, list[Link]] = {}
    for link in links:
        for zone_id in dict.fromkeys(link.zones):
            by_zone.setdefault(zone_id, []).append(link)
    return {zone: tuple(found) for zone, found in by_zone.items()}


# Lookups worked out from one tuple of the scene, remembered by that tuple: most commands
# leave the characters, zones, links and obstacles the very same tuples, so a new scene
# value finds them ready (a large scene has thousands of characters to index).
_character_index: ByIdentity[tuple[Character, ...], Mapping[str, Character]] = ByIdentity(
    lambda characters: {character.id: character for character in characters}, limit=8
)
_character_positions: ByIdentity[tuple[Character, ...], Mapping[str, int]] = ByIdentity(
    lambda characters: {character.id: index for index, character in enumerate(characters)},
    limit=8,
)
_character_names: ByIdentity[tuple[Character, ...], Mapping[str, str]] = ByIdentity(
    lambda characters: {character.id: character.name for character in characters},
    limit=8,
    steady=True,  # the same mapping while nobody is renamed, came or went (lines keyed by it)
)
_pcs: ByIdentity[tuple[Character, ...], tuple[Character, ...]] = ByIdentity(
    lambda characters: tuple(c for c in characters if c.kind is CharacterKind.PC), limit=8
)
_characters_by_zone = ByIdentity(_by_zone, limit=8)
_zone_index: ByIdentity[tuple[Zone, ...], Mapping[str, Zone]] = ByIdentity(
    lambda zones: {zone.id: zone for zone in zones}, limit=8
)
_obstacle_index: ByIdentity[tuple[Obstacle, ...], Mapping[str, Obstacle]] = ByIdentity(
    lambda obstacles: {obstacle.id: obstacle for obstacle in obstacles}, limit=8
)
_links_by_zone = ByIdentity(_links_of_zones, limit=8)


@dataclass(frozen=True)
class SceneGear:
    """What a scene gives a party PC beyond the party's sheet (a sabre, a stunt for this
    fight): played in this scene, never written back to the sheet."""

    pc: str
    weapon: int | None = None
    """The scene's Weapon rating in place of the sheet's; None: the sheet's."""
    armor: int | None = None
    """The scene's Armor rating in place of the sheet's; None: the sheet's."""
    stunts: tuple[Stunt, ...] = ()
    """Stunts the scene adds to the sheet's."""


@dataclass(frozen=True)
class Scene:
    """A whole scene as one immutable value; every change makes a new Scene.

    Lookups by id are cached per value, so changing one character rebuilds only the
    small index dictionaries, never the objects that did not change.
    """

    title: str
    rules: RulesInPlay = field(default_factory=RulesInPlay)
    gm_pool: int = 0
    zones: tuple[Zone, ...] = ()
    links: tuple[Link, ...] = ()
    aspects: tuple[Aspect, ...] = ()
    characters: tuple[Character, ...] = ()
    obstacles: tuple[Obstacle, ...] = ()
    countdowns: tuple[Countdown, ...] = ()
    contests: tuple[Contest, ...] = ()
    challenges: tuple[Challenge, ...] = ()
    turn: TurnOrder | None = None
    held: tuple[LedgerEntry, ...] = ()
    """Fate points held until the scene ends (hostile invokes, concessions)."""
    compel_points: int = 0
    """Compel points the GM received too late in the scene to spend them."""
    party: tuple[str, ...] = ()
    """Ids of the campaign's PCs taking part (they come from party.toml)."""
    gear: tuple[SceneGear, ...] = ()
    """What the scene file gives party PCs beyond their sheets, for this scene only."""
    notes: str = ""
    pending_roll: PendingRoll | None = None
    """The roll that invokes would change; not written to the file."""
    pending_hit: PendingHit | None = None
    """The hit waiting to be absorbed; not written to the file."""
    queued_hits: tuple[PendingHit, ...] = ()
    """Further hits of an attack on several targets, absorbed one after another once
    ``pending_hit`` is settled; not written to the file."""
    full_defenses: tuple[FullDefense, ...] = ()
    """Full defenses declared and not over yet (§8); not written to the file."""
    contest_rolls: tuple[ContestRoll, ...] = ()
    """The rolls made so far in the current exchange of each contest; not written to the
    file."""
    session: int = 1
    """The campaign session this scene is played in (recovery clocks count from it)."""
    scene_number: int = 1
    """The scene's number, counted across the campaign (recovery clocks count from it)."""
    sources: Mapping[str, TemplateSource] = field(default_factory=dict, compare=False)
    """Characters added from a library template since the file was read, by id: how the
    file should write them. Not part of the state of play, so not compared."""

    @cached_property
    def character_index(self) -> Mapping[str, Character]:
        """Characters by id."""
        return _character_index(self.characters)

    @cached_property
    def character_names(self) -> Mapping[str, str]:
        """Characters' names by id."""
        return _character_names(self.characters)

    @cached_property
    def zone_index(self) -> Mapping[str, Zone]:
        """Zones by id."""
        return _zone_index(self.zones)

    @cached_property
    def obstacle_index(self) -> Mapping[str, Obstacle]:
        """Obstacles by id."""
        return _obstacle_index(self.obstacles)

    def character(self, character_id: str) -> Character:
        """The character with that id (KeyError if none)."""
        return self.character_index[character_id]

    def zone(self, zone_id: str) -> Zone:
        """The zone with that id (KeyError if none)."""
        return self.zone_index[zone_id]

    @property
    def pcs(self) -> tuple[Character, ...]:
        """The player characters in the scene."""
        return _pcs(self.characters)

    @cached_property
    def characters_by_zone(self) -> Mapping[str | None, tuple[Character, ...]]:
        """Characters by the id of the zone they stand in (None: in no zone), in the
        scene's order."""
        return _characters_by_zone(self.characters)

    @cached_property
    def links_by_zone(self) -> Mapping[str, tuple[Link, ...]]:
        """The links touching each zone, by zone id, in the scene's order."""
        return _links_by_zone(self.links)

    def characters_in(self, zone_id: str) -> tuple[Character, ...]:
        """Characters standing in a zone."""
        return self.characters_by_zone.get(zone_id, ())

    def adjacent(self, zone_id: str) -> tuple[str, ...]:
        """Ids of the zones linked to a zone."""
        return tuple(
            other
            for link in self.links_by_zone.get(zone_id, ())
            for other in link.zones
            if other != zone_id
        )

    def link_between(self, a: str, b: str) -> Link | None:
        """The link joining two zones, or None if they are not adjacent."""
        return next((link for link in self.links_by_zone.get(a, ()) if link.joins(a, b)), None)

    def with_character(self, character: Character) -> Scene:
        """A copy with the character of the same id replaced (or appended if new)."""
        index = self.character_index
        if character.id in index:
            # put in place by position: a large scene has thousands of characters to walk
            positions = _character_positions(self.characters)
            at = positions[character.id]
            characters = (*self.characters[:at], character, *self.characters[at + 1 :])
            _character_positions.remember(characters, positions)
            # the new index is the old one with one entry replaced: no need to build it
            # again from thousands of characters
            _character_index.remember(characters, {**index, character.id: character})
            names = self.character_names
            if names.get(character.id) != character.name:
                names = {**names, character.id: character.name}
            _character_names.remember(characters, names)
            before = index[character.id]
            pcs = _pcs(self.characters)
            if before.kind is not CharacterKind.PC and character.kind is not CharacterKind.PC:
                _pcs.remember(characters, pcs)
            elif before.kind is CharacterKind.PC and character.kind is CharacterKind.PC:
                _pcs.remember(characters, tuple(character if c is before else c for c in pcs))
            # carried over only when this value's lookup was worked out already
            by_zone = vars(self).get("characters_by_zone") or _characters_by_zone.known(
                self.characters
            )
            if by_zone is not None:
                _characters_by_zone.remember(
                    characters, _moved_by_zone(by_zone, before, character, positions)
                )
        else:
            characters = (*self.characters, character)
        return replace(self, characters=characters)

    def with_changes(self, **changes: Any) -> Scene:
        """A copy with some fields replaced (``dataclasses.replace``)."""
        return replace(self, **changes)


def changes(old: Scene, new: Scene) -> frozenset[str]:
    """What differs between two scenes, as the tags the dashboard repaints by.

    ``character:ID`` for each character whose value changed, and ``characters`` when one
    came or went; ``zones``, ``aspects``, ``obstacles``, ``countdowns``, ``contests``,
    ``challenges``, ``turn`` (the turn order and the full defenses declared in it),
    ``pool``, ``pending`` for those parts; ``all`` for the rules.
    Unchanged parts are the very same objects, so this costs little.
    """
    if old is new:
        return frozenset()
    tags: set[str] = set()
    if old.rules != new.rules or old.title != new.title:
        tags.add("all")
    if old.characters is not new.characters:
        before, after = old.character_index, new.character_index
        if len(old.characters) == len(new.characters):
            # the places that hold another object, found at C speed (a command changes a
            # few characters of thousands)
            places = compress(
                range(len(new.characters)), map(is_not, old.characters, new.characters)
            )
            changed = [new.characters[place] for place in places]
        else:
            changed = list(new.characters)
        came = False
        for character in changed:
            known = before.get(character.id)
            if known is not character:
                tags.add(f"character:{character.id}")
                came = came or known is None
        # every id now was there before, and as many: the same ids
        if came or len(before) != len(after):
            tags |= {"characters", "zones", "turn", "aspects"}
    parts = (
        ("zones", ("zones", "aspects")),
        ("links", ("zones",)),
        ("aspects", ("aspects",)),
        ("obstacles", ("obstacles", "zones")),
        ("countdowns", ("countdowns",)),
        ("contests", ("contests",)),
        ("challenges", ("challenges",)),
        ("turn", ("turn",)),
        ("full_defenses", ("turn",)),
        ("gm_pool", ("pool",)),
        ("held", ("pool",)),
        ("compel_points", ("pool",)),
        ("pending_roll", ("pending",)),
        ("pending_hit", ("pending",)),
    )
    for name, names in parts:
        if getattr(old, name) != getattr(new, name):
            tags.update(names)
    return frozenset(tags)
