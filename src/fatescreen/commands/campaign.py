"""Moving through a campaign: scene start and end, session end, milestones and breakthroughs.

Each step is a pure function from the campaign (and the scene) to a result value that says
what changed, so the dashboard can show a summary before the GM applies it, and the
command language applies it as one undoable step.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, replace

from fatescreen.commands.core import Applied, Context
from fatescreen.commands.flow import scene_end
from fatescreen.rules.advancement import (
    Breakthrough,
    MilestoneOption,
    SkillLayout,
    apply_breakthrough,
    apply_milestone,
    check_milestone_offered,
)
from fatescreen.rules.aspects import GM, AspectKind
from fatescreen.rules.character import Character, CharacterKind, Recovery
from fatescreen.rules.fate_points import (
    npc_carried_points,
    opening_ledger,
    refresh_at_session_start,
)
from fatescreen.rules.fate_points import start_scene as start_scene_pool
from fatescreen.rules.harm import (
    advance_recovery,
    clear_stress,
    consequences_settled,
    consequences_taken_this_scene,
)
from fatescreen.scene import codec
from fatescreen.scene.campaign import Advance, AdvanceKind, Campaign
from fatescreen.scene.load import LoadedScene
from fatescreen.scene.model import Scene, SceneGear

SHEET_ASPECTS = (AspectKind.HIGH_CONCEPT, AspectKind.TROUBLE, AspectKind.CHARACTER)
"""Aspects that belong to a PC's sheet; any other aspect on a PC belongs to the scene."""


@dataclass
class CampaignContext(Context):
    """The context of a command run in a campaign: the campaign and the open scene's key."""

    campaign: Campaign | None = None
    scene_key: str | None = None


@dataclass(frozen=True)
class CampaignApplied(Applied):
    """What a campaign command did: the scene result plus the new campaign value.

    ``open_scene`` asks the session to open that scene file (``play``); ``save`` asks it
    to write the campaign, the party and the scene at once (scene end, session end).
    """

    campaign: Campaign | None = None
    open_scene: str | None = None
    save: bool = False


# ---------------------------------------------------------------------------- opening


def view_scene(
    loaded: LoadedScene,
    campaign: Campaign,
    sheets: Mapping[str, Character],
    *,
    keep_zones: bool,
    running: bool,
) -> LoadedScene:
    """A loaded scene as the campaign plays it.

    The campaign's rules apply wherever the scene's own ``[rules]`` is silent, and an
    embedded ``[[pc]]`` whose id is a party member's stands in for that member: the
    party's sheet is used, placed by the scene, with the scene's gear (:func:`scene_gear`)
    for this scene only. The scene is numbered in the
    campaign (the running scene has the campaign's scene count, a scene about to start
    the next number), so recovery clocks started in it count from there. The scene file
    itself is never changed by this: of the party's PCs the saver writes only where they
    stand (in ``pcs``, or in the embedded record's ``zone``).

    Args:
        loaded: The scene as read from its file.
        campaign: The campaign (its rules in play, session and scene count).
        sheets: The party's sheets by id (at a scene's start) or the scene's current PCs
            (after a save).
        keep_zones: True to keep the zone the scene file gives an embedded PC.
        running: True for the campaign's running scene.
    """
    rules = campaign.rules
    written = tomllib.loads(loaded.text).get("rules", {})
    merged = codec.rules_values(rules)
    own = codec.rules_values(loaded.scene.rules)
    merged.update({key: own[key] for key in written if key in merged})
    scene = loaded.scene
    adopted = [
        c.id
        for c in scene.characters
        if c.kind is CharacterKind.PC and c.id in sheets and c.id not in scene.party
    ]
    members = {member.id: member.character for member in campaign.party}
    # a scene viewed again (after a save) keeps the gear found when it was first read
    gear = (
        *(found for found in scene.gear if found.pc not in adopted),
        *(
            found
            for c in scene.characters
            if c.id in adopted
            if (found := scene_gear(members.get(c.id, sheets[c.id]), c)) is not None
        ),
    )
    given = {found.pc: found for found in gear}
    characters = tuple(
        replace(
            with_gear(sheets[c.id], given.get(c.id)),
            zone=c.zone if keep_zones else sheets[c.id].zone,
        )
        if c.id in adopted
        else c
        for c in scene.characters
    )
    scene = replace(
        scene,
        rules=codec.rules_from_values(merged),
        characters=characters,
        party=(*scene.party, *adopted),
        gear=gear,
        session=campaign.session,
        scene_number=campaign.scene if running else campaign.scene + 1,
    )
    return replace(loaded, scene=scene)


def scene_gear(sheet: Character, embedded: Character) -> SceneGear | None:
    """What a scene's embedded PC has beyond the party's sheet: a Weapon or Armor rating
    the scene sets (other than the sheet's) and stunts the sheet lacks; None for nothing.
    The scene author wrote it on purpose, so the PC plays with it in that scene."""
    weapon = embedded.weapon if embedded.weapon and embedded.weapon != sheet.weapon else None
    armor = embedded.armor if embedded.armor and embedded.armor != sheet.armor else None
    stunts = tuple(stunt for stunt in embedded.stunts if stunt not in sheet.stunts)
    if weapon is None and armor is None and not stunts:
        return None
    return SceneGear(embedded.id, weapon, armor, stunts)


def with_gear(sheet: Character, gear: SceneGear | None) -> Character:
    """The party's sheet with the scene's gear (again idempotent: a stunt already there
    is not added twice)."""
    if gear is None:
        return sheet
    return replace(
        sheet,
        weapon=sheet.weapon if gear.weapon is None else gear.weapon,
        armor=sheet.armor if gear.armor is None else gear.armor,
        stunts=(*sheet.stunts, *(s for s in gear.stunts if s not in sheet.stunts)),
    )


def without_gear(character: Character, scene: Scene, sheet: Character) -> Character:
    """A PC as the party's sheet keeps it: the scene's gear taken off (the sheet's own
    Weapon and Armor back, the scene's stunts gone); ``sheet`` is the party's sheet from
    before the scene."""
    gear = next((found for found in scene.gear if found.pc == character.id), None)
    if gear is None:
        return character
    weapon = character.weapon
    if gear.weapon is not None and weapon == gear.weapon:
        weapon = sheet.weapon
    armor = character.armor
    if gear.armor is not None and armor == gear.armor:
        armor = sheet.armor
    stunts = tuple(stunt for stunt in character.stunts if stunt not in gear.stunts)
    return replace(character, weapon=weapon, armor=armor, stunts=stunts)


def with_pcs_placed(scene: Scene) -> Scene:
    """The scene with every PC it places nowhere in its first zone, so that the map shows
    the whole party when a scene starts. The running scene's file says where each PC
    stands from then on (a PC the GM took off the map stays off it)."""
    if not scene.zones:
        return scene
    first = scene.zones[0].id
    return replace(
        scene,
        characters=tuple(
            replace(c, zone=first) if c.kind is CharacterKind.PC and c.zone is None else c
            for c in scene.characters
        ),
    )


# ---------------------------------------------------------------------------- scene start


@dataclass(frozen=True)
class SceneStart:
    """What starting a scene does (docs/rules.md §3): the GM pool and where it comes from."""

    campaign: Campaign
    scene: Scene
    pcs: int
    carried: tuple[tuple[str, int], ...]
    """Points each present NPC brings (by id), from earlier scenes."""
    compel_points: int

    @property
    def pool(self) -> int:
        """The GM pool the scene starts with."""
        return self.scene.gm_pool


def start_scene(campaign: Campaign, scene: Scene, key: str) -> SceneStart:
    """Start a prepared scene: the GM pool is one per PC present, plus the points NPCs
    present carry from earlier scenes, plus compel points the GM got too late last scene;
    PCs start with clear stress and back on their feet, and a PC the scene places nowhere
    starts in its first zone (the map shows the whole party from the start). The pool is
    the one :func:`fatescreen.rules.fate_points.start_scene` sets.

    Args:
        campaign: The campaign, with no scene running.
        scene: The scene as opened (see :func:`view_scene`).
        key: The scene's key in the campaign.
    """
    carried: list[tuple[str, int]] = []
    characters = []
    for character in with_pcs_placed(scene).characters:
        if character.kind is CharacterKind.PC:
            character = replace(clear_stress(character), taken_out=False, conceded=False)
        else:
            points = campaign.carried.get(character.id, 0) + character.fate_points
            if points:
                carried.append((character.id, points))
                character = replace(character, fate_points=0)
        characters.append(character)
    pcs = len(scene.pcs)
    ledger = start_scene_pool(
        opening_ledger(dict(carried)),
        pcs,
        tuple(npc for npc, _ in carried),
        campaign.compel_points,
    )
    pool = ledger.balance(GM)
    present = {character.id for character in scene.characters}
    new_campaign = replace(
        campaign,
        scene=campaign.scene + 1,
        running=key,
        compel_points=0,
        carried={npc: n for npc, n in campaign.carried.items() if npc not in present},
    )
    new_scene = replace(
        scene,
        characters=tuple(characters),
        gm_pool=pool,
        session=campaign.session,
        scene_number=new_campaign.scene,
    )
    return SceneStart(new_campaign, new_scene, pcs, tuple(carried), campaign.compel_points)


# ---------------------------------------------------------------------------- leaving


def left_scene(character: Character) -> Character:
    """A PC as the party keeps them once their scene is over for them (it ended, or the GM
    took them out of it): stress cleared, the situation aspects the scene put on them (and
    boosts) gone, back on their feet; fate points and consequences are theirs to keep."""
    kept = tuple(a for a in character.aspects if a.kind in SHEET_ASPECTS)
    settled = consequences_settled(clear_stress(character))
    return replace(settled, aspects=kept, taken_out=False, conceded=False)


def party_left(campaign: Campaign, before: Scene, after: Scene) -> Campaign:
    """The campaign once the party members ``before`` had in the scene and ``after`` has
    not left it: their sheets as :func:`left_scene` keeps them (the scene is theirs no
    more, so the files would keep them as they were before it)."""
    gone = [pc_id for pc_id in before.party if pc_id not in after.party]
    members = {member.id for member in campaign.party}
    return campaign.with_characters(
        {
            pc_id: replace(left_scene(before.character(pc_id)), zone=None)
            for pc_id in gone
            if pc_id in members and pc_id in before.character_index
        }
    )


# ---------------------------------------------------------------------------- scene end


@dataclass(frozen=True)
class SceneEnd:
    """What ending a scene does, for the summary shown before it is applied."""

    campaign: Campaign
    scene: Scene
    delivered: Mapping[str, int]
    """Held points (hostile invokes, concessions) delivered, by character id."""
    carried: Mapping[str, int]
    """Points NPCs earned here, recorded for their next appearance."""
    cleared: tuple[str, ...]
    """Characters whose stress was cleared."""
    boosts: int
    aspects_gone: tuple[tuple[str, str], ...]
    """(PC id, aspect name) of situation aspects that leave the PCs with the scene."""
    recovered: tuple[tuple[str, str], ...]
    """(PC id, consequence name) of consequences that have healed."""
    written: tuple[str, ...]
    """Party members whose sheets go back to party.toml."""
    compel_points: int
    pool_left: int = 0
    """GM pool points left unspent: they go, as the next scene starts a pool of its own."""


def _recovered(before: Character, after: Character) -> list[tuple[str, str]]:
    return [
        (before.id, old.aspect.name)
        for old, new in zip(before.consequences, after.consequences, strict=True)
        if old.aspect is not None and new.aspect is None
    ]


def _advance_party(
    campaign: Campaign, session: int, scene: int
) -> tuple[Campaign, list[tuple[str, str]]]:
    """Every party member's consequences checked against the recovery clock."""
    recovered: list[tuple[str, str]] = []
    party = []
    for member in campaign.party:
        healed = advance_recovery(member.character, session, scene)
        recovered += _recovered(member.character, healed)
        party.append(replace(member, character=healed))
    return replace(campaign, party=tuple(party)), recovered


def end_scene(campaign: Campaign, scene: Scene, compel_points: int | None = None) -> SceneEnd:
    """End the running scene (docs/rules.md §3, §6).

    Stress and boosts are cleared and held points delivered (as for any scene); PCs lose
    the situation aspects the scene put on them and get back on their feet; NPCs' earned
    points (one per consequence, a concession, hostile invokes against them) are recorded
    for their next appearance instead of staying on them; the party's sheets go back to
    the campaign; every party member's consequences are checked against the recovery
    clock (a mild one goes one full scene after its treatment began).

    Args:
        campaign: The campaign with this scene running.
        scene: The scene now.
        compel_points: Compel points the GM got too late to spend; None keeps the scene's.
    """
    ended, delivered, cleared, boosts = scene_end(scene)
    before = scene.character_index
    carried = dict(campaign.carried)
    earned: dict[str, int] = {}
    gone: list[tuple[str, str]] = []
    characters = []
    for character in ended.characters:
        if character.kind is CharacterKind.PC:
            left = left_scene(character)
            gone += [(character.id, a.name) for a in character.aspects if a not in left.aspects]
            character = left
        else:
            old = before[character.id]
            held = delivered.get(character.id, 0)
            # A held concession already pays one per consequence taken (§6); else the
            # NPC carries one per consequence taken in this scene (§3).
            carried_now = npc_carried_points(
                conceded=old.conceded,
                consequences_taken=consequences_taken_this_scene(old),
                hostile_invokes=0,
            )
            points = held if old.conceded and held else held + carried_now
            if points:
                earned[character.id] = points
                carried[character.id] = carried.get(character.id, 0) + points
            character = replace(character, fate_points=old.fate_points)
        characters.append(character)
    compels = scene.compel_points if compel_points is None else compel_points
    new_scene = replace(ended, characters=tuple(characters), compel_points=0)
    party_ids = {member.id for member in campaign.party}
    written = tuple(c.id for c in new_scene.pcs if c.id in party_ids)
    members = {member.id: member.character for member in campaign.party}
    sheets = {
        c.id: replace(without_gear(c, scene, members[c.id]), zone=None)
        for c in new_scene.pcs
        if c.id in written
    }
    new_campaign = replace(
        campaign.with_characters(sheets),
        running=None,
        finished=(*campaign.finished, campaign.running) if campaign.running else campaign.finished,
        compel_points=compels,
        carried=carried,
    )
    new_campaign, recovered = _advance_party(new_campaign, campaign.session, campaign.scene + 1)
    new_scene = replace(
        new_scene,
        characters=tuple(
            replace(new_campaign.member(c.id).character, zone=c.zone) if c.id in written else c
            for c in characters
        ),
    )
    return SceneEnd(
        new_campaign,
        new_scene,
        delivered,
        earned,
        cleared,
        boosts,
        tuple(gone),
        tuple(recovered),
        written,
        compels,
        ended.gm_pool,
    )


# ---------------------------------------------------------------------------- session end


@dataclass(frozen=True)
class SessionEnd:
    """What ending a session does."""

    campaign: Campaign
    refreshed: tuple[tuple[str, int, int], ...]
    """(PC id, fate points before, after) for each PC whose points rose to the refresh."""
    recovered: tuple[tuple[str, str], ...]
    milestones: tuple[str, ...]
    """The PCs offered a milestone."""


def end_session(campaign: Campaign) -> SessionEnd:
    """End the session (docs/rules.md §3, §6, §9): each PC's fate points become
    max(fate points, refresh) for the next session
    (:func:`~fatescreen.rules.fate_points.refresh_at_session_start`), consequences whose
    recovery has run its course are cleared (a moderate one after a full session of
    treatment), the session number advances and every PC is offered a milestone.

    Args:
        campaign: The campaign, with no scene running.
    """
    refreshed = []
    party = []
    for member in campaign.party:
        character = member.character
        ledger = refresh_at_session_start(
            opening_ledger({character.id: character.fate_points}), character.id, character.refresh
        )
        points = ledger.balance(character.id)
        if points != character.fate_points:
            refreshed.append((character.id, character.fate_points, points))
            character = replace(character, fate_points=points)
        party.append(replace(member, character=character))
    advanced, recovered = _advance_party(
        replace(campaign, party=tuple(party)), campaign.session + 1, campaign.scene + 1
    )
    new = replace(
        advanced,
        session=campaign.session + 1,
        milestones=tuple(member.id for member in campaign.party),
    )
    return SessionEnd(new, tuple(refreshed), tuple(recovered), new.milestones)


# ---------------------------------------------------------------------------- advancement


def take_milestone(
    campaign: Campaign, pc_id: str, option: MilestoneOption | None, change: str
) -> Campaign:
    """A PC takes (or with no option, passes on) a milestone; it is recorded in their history.

    Raises:
        KeyError: No such party member.
        InvalidCharacter: No milestone is waiting for the PC, or the option breaks a rule
            (the message says which).
    """
    member = campaign.member(pc_id)
    character = member.character
    check_milestone_offered(character.name, pc_id, campaign.milestones)
    if option is not None:
        character = apply_milestone(character, option, skill_list=campaign.skills)
    advance = Advance(campaign.session, AdvanceKind.MILESTONE, change)
    updated = replace(member, character=character, advances=(*member.advances, advance))
    return replace(
        campaign.with_member(updated),
        milestones=tuple(m for m in campaign.milestones if m != pc_id),
    )


@dataclass(frozen=True)
class BreakthroughTaken:
    """A breakthrough's result: the campaign, what healed, and skill points saved."""

    campaign: Campaign
    recovered: tuple[tuple[str, str], ...]
    skill_points: int


def take_breakthrough(
    campaign: Campaign, pc_id: str, breakthrough: Breakthrough, change: str
) -> BreakthroughTaken:
    """A PC reaches a breakthrough (docs/rules.md §9): consequences already recovering are
    cleared (severe ones too), an extreme one becomes a permanent aspect, moderate and
    severe ones start recovering, skills rise under the campaign's skill list and, for
    the pyramid and columns layouts, the skill-columns rule.

    Raises:
        KeyError: No such party member.
        InvalidCharacter: A choice breaks a rule (the message says which).
    """
    member = campaign.member(pc_id)
    healed = advance_recovery(member.character, campaign.session, campaign.scene, True)
    result = apply_breakthrough(
        healed,
        breakthrough,
        when=Recovery(campaign.session, campaign.scene),
        banked_skill_points=member.skill_points,
        skill_list=campaign.skills,
        columns=campaign.skill_layout in (SkillLayout.PYRAMID, SkillLayout.COLUMNS),
    )
    advance = Advance(campaign.session, AdvanceKind.BREAKTHROUGH, change)
    updated = replace(
        member,
        character=result.character,
        skill_points=result.unspent_skill_points,
        advances=(*member.advances, advance),
    )
    return BreakthroughTaken(
        campaign.with_member(updated),
        tuple(_recovered(member.character, healed)),
        result.unspent_skill_points,
    )


def party_now(campaign: Campaign, scene: Scene, scene_key: str | None) -> Campaign:
    """The campaign with the running scene's party PCs (the newest sheets) written in."""
    if scene_key is None or campaign.running != scene_key:
        return campaign
    members = {member.id: member.character for member in campaign.party}
    return campaign.with_characters(
        {
            c.id: replace(without_gear(c, scene, members[c.id]), zone=None)
            for c in scene.pcs
            if c.id in members and c.id in scene.party
        }
    )
