"""Campaigns: campaign.toml and party.toml loaded with located errors, saved in the GM's style.

A campaign is a folder holding ``campaign.toml`` (settings and the state of play),
``party.toml`` (the PCs' sheets) and the prepared scene files. Loading validates both files
as strictly as a scene and reports every problem at its file, line and key path; saving
patches only the values that changed, through the scene saver's own patching.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

import tomlkit

from fatescreen.i18n import LANGUAGES
from fatescreen.rules.advancement import DEFAULT_SKILLS, SkillLayout, check_columns
from fatescreen.rules.aspects import make_id
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.scene import codec
from fatescreen.scene.atomic import write_atomic
from fatescreen.scene.errors import KeyPath, Problem, SceneFileError, Text, rules_text
from fatescreen.scene.errors import text as catalog_text
from fatescreen.scene.load import FORMAT_VERSION, PartyLoader
from fatescreen.scene.locate import locate
from fatescreen.scene.model import RulesInPlay
from fatescreen.scene.reader import MAX_TEXT, Reader, shown
from fatescreen.scene.save import patch, patch_record, to_record
from fatescreen.scene.source import long_key_line, parse, read_text
from fatescreen.systems import Capability, able, default, named_by

CAMPAIGN_FILE = "campaign.toml"
PARTY_FILE = "party.toml"
LOG_FOLDER = "logs"
"""Where the session records are kept, inside the campaign folder."""
TEMPLATE_FOLDER = "library"
"""Folders of this name hold NPC templates, never scenes."""

SETTING_KEYS = (
    "format",
    "system",
    "name",
    "language",
    "skills",
    "skill_layout",
    "ladder_names",
    "scenes",
)
STATE_KEYS = ("session", "scene", "running", "finished", "compel_points", "carried", "milestones")
CAMPAIGN_KEYS = (*SETTING_KEYS, "rules", *STATE_KEYS)
SCENE_ONLY_KEYS = ("zone", "kind", "minions", "members", "revealed", "form", "hidden")
"""Character keys that belong to a scene, not to a PC's sheet."""
MEMBER_KEYS = (
    *(key for key in codec.CHARACTER_KEYS if key not in SCENE_ONLY_KEYS),
    "skill_points",
    "advances",
)
ADVANCE_KEYS = ("session", "milestone", "breakthrough")


class SceneState(StrEnum):
    """Where a scene of the campaign stands."""

    PREPARED = "prepared"
    RUNNING = "running"
    FINISHED = "finished"


class AdvanceKind(StrEnum):
    """The two kinds of advancement a PC records (§9)."""

    MILESTONE = "milestone"
    BREAKTHROUGH = "breakthrough"


@dataclass(frozen=True)
class SceneEntry:
    """A scene file of the campaign: its path relative to the folder, and its title."""

    key: str
    title: str
    problem: str = ""
    """Why the file could not even be read for its title; empty when it could."""


@dataclass(frozen=True)
class Advance:
    """One milestone or breakthrough a PC has taken, as a line of their history."""

    session: int
    kind: AdvanceKind
    change: str


@dataclass(frozen=True)
class Member:
    """A PC of the party: the sheet, plus what only a campaign keeps about them."""

    character: Character
    skill_points: int = 0
    """Skill points saved from earlier breakthroughs."""
    advances: tuple[Advance, ...] = ()

    @property
    def id(self) -> str:
        """The PC's id."""
        return self.character.id


def _no_carried() -> Mapping[str, int]:
    return {}


@dataclass(frozen=True)
class Campaign:
    """A whole campaign as one immutable value: settings, the party and the state of play.

    ``scene`` counts the scenes started in the whole campaign (consequence recovery is
    measured in them); the running scene has that number.
    """

    name: str
    language: str | None = None
    rules: RulesInPlay = field(default_factory=RulesInPlay)
    skills: tuple[str, ...] = DEFAULT_SKILLS
    skill_layout: SkillLayout = SkillLayout.PYRAMID
    scenes: tuple[SceneEntry, ...] = ()
    party: tuple[Member, ...] = ()
    session: int = 1
    scene: int = 0
    running: str | None = None
    finished: tuple[str, ...] = ()
    compel_points: int = 0
    """Compel points the GM got too late in the last scene, for the next scene's pool."""
    carried: Mapping[str, int] = field(default_factory=_no_carried)
    """NPCs' earned fate points by NPC id, brought into the GM pool at their next scene."""
    milestones: tuple[str, ...] = ()
    """PCs offered a milestone at the end of the last session who have not taken it."""

    @property
    def pcs(self) -> tuple[Character, ...]:
        """The party's sheets."""
        return tuple(member.character for member in self.party)

    def member(self, pc_id: str) -> Member:
        """The party member with that id (KeyError if none)."""
        for member in self.party:
            if member.id == pc_id:
                return member
        raise KeyError(pc_id)

    def with_member(self, member: Member) -> Campaign:
        """A copy with the member of the same id replaced (or appended if new)."""
        if any(old.id == member.id for old in self.party):
            party = tuple(member if old.id == member.id else old for old in self.party)
        else:
            party = (*self.party, member)
        return replace(self, party=party)

    def with_characters(self, characters: Mapping[str, Character]) -> Campaign:
        """A copy with the sheets of these party members replaced (others are ignored)."""
        party = tuple(
            replace(member, character=characters[member.id]) if member.id in characters else member
            for member in self.party
        )
        return replace(self, party=party)

    def state_of(self, key: str) -> SceneState:
        """Whether a scene is prepared, running or finished."""
        if key == self.running:
            return SceneState.RUNNING
        if key in self.finished:
            return SceneState.FINISHED
        return SceneState.PREPARED

    def entry(self, key: str) -> SceneEntry:
        """The scene entry with that key (KeyError if none)."""
        for entry in self.scenes:
            if entry.key == key:
                return entry
        raise KeyError(key)


@dataclass(frozen=True)
class LoadedCampaign:
    """A campaign with the texts and record positions needed to save it in the GM's style."""

    campaign: Campaign
    folder: Path
    campaign_text: str
    party_text: str
    party_origins: Mapping[str, KeyPath]
    """Each PC's record in party.toml (``("pc", 2)``)."""

    @property
    def campaign_path(self) -> Path:
        """The campaign.toml file."""
        return self.folder / CAMPAIGN_FILE

    @property
    def running(self) -> str | None:
        """The scene being played, as the scene list names it (None between scenes)."""
        return self.campaign.running

    @property
    def name(self) -> str:
        """The campaign's name."""
        return self.campaign.name

    @property
    def session(self) -> int:
        """The session being played."""
        return self.campaign.session

    @property
    def language(self) -> str | None:
        """The UI language while playing the campaign (None: the GM's)."""
        return self.campaign.language

    @property
    def party_path(self) -> Path:
        """The party.toml file."""
        return self.folder / PARTY_FILE


def party_of(campaign: Campaign) -> PartyLoader:
    """Looks up the campaign's PCs by id, for loading a scene that lists ``pcs``."""
    sheets = {character.id: character for character in campaign.pcs}
    return lambda ids: {pc_id: sheets[pc_id] for pc_id in ids if pc_id in sheets}


# ---------------------------------------------------------------------------- reading


def _check_format(reader: Reader, top: Mapping[str, Any]) -> None:
    if "format" not in top:
        reader.fail(("format",), catalog_text("check.no_format", version=FORMAT_VERSION))
    elif top["format"] != FORMAT_VERSION:
        reader.fail(
            ("format",),
            catalog_text("check.format", found=repr(top["format"]), version=FORMAT_VERSION),
        )


def _check_system(reader: Reader, named: object) -> None:
    """A campaign's ``system`` names Fate (by its id, as files do): the campaigns of the
    other systems are read by theirs (docs/systems.md)."""
    system = named_by(named) if isinstance(named, str) else None
    fate = default()  # the system of the files that name none: this reader's
    if system is not None and system is not fate and system.can(Capability.CAMPAIGNS):
        reader.fail(("system",), catalog_text("campaign.fate_only", title=system.title))
    elif system is None or system is not fate:
        found = shown(named) if isinstance(named, str) else "a non-string"
        names = ", ".join(repr(other.id) for other in able(Capability.CAMPAIGNS))
        reader.fail(("system",), catalog_text("system.cannot.campaigns", names=names, found=found))


def _located(reader: Reader, text: str, path: Path) -> list[Problem]:
    return [
        replace(problem, line=locate(text, problem.path), file=path) for problem in reader.problems
    ]


@dataclass(frozen=True)
class _Settings:
    name: str
    language: str | None
    rules: RulesInPlay
    skills: tuple[str, ...]
    skill_layout: SkillLayout
    scene_keys: tuple[str, ...] | None


def _decode_settings(reader: Reader, top: Mapping[str, Any], folder: Path) -> _Settings:
    name = reader.text(top["name"], ("name",)) if "name" in top else None
    if "name" not in top:
        reader.fail(("name",), catalog_text("check.campaign_name"))
    language = (
        reader.choice(top["language"], ("language",), LANGUAGES) if "language" in top else None
    )
    rules = codec.decode_rules(reader, top.get("rules", {}), ("rules",))
    if "ladder_names" in top:
        flag = reader.boolean(top["ladder_names"], ("ladder_names",))
        if flag is not None:
            rules = replace(rules, ladder_names=flag)
    skills: tuple[str, ...] = DEFAULT_SKILLS
    value = top.get("skills", "default")
    if value != "default":
        names = reader.texts(value, ("skills",)) if not isinstance(value, str) else []
        if isinstance(value, str):
            reader.fail(("skills",), catalog_text("check.skills"))
        elif not names:
            reader.fail(("skills",), catalog_text("check.one_skill"))
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            reader.fail(
                ("skills",), catalog_text("check.listed_twice", names=", ".join(map(repr, twice)))
            )
        skills = tuple(names) or DEFAULT_SKILLS
    layout = reader.choice(
        top.get("skill_layout", SkillLayout.PYRAMID.value),
        ("skill_layout",),
        [layout.value for layout in SkillLayout],
    )
    scene_keys: tuple[str, ...] | None = None
    if "scenes" in top:
        keys = reader.texts(top["scenes"], ("scenes",), limit=1000)
        for index, key in enumerate(keys):
            if not (folder / key).is_file():
                reader.fail(("scenes", index), catalog_text("check.no_scene_file", file=shown(key)))
            elif keys.index(key) != index:
                reader.fail(("scenes", index), catalog_text("check.listed_twice", names=shown(key)))
        scene_keys = tuple(keys)
    return _Settings(
        name or "",
        language,
        rules,
        skills,
        SkillLayout(layout) if layout else SkillLayout.PYRAMID,
        scene_keys,
    )


def _decode_state(
    reader: Reader, top: Mapping[str, Any], scene_keys: set[str] | None, party_ids: set[str]
) -> dict[str, Any]:
    """The keys fatescreen writes while the campaign is played."""
    state: dict[str, Any] = {}
    for key, low in (("session", 1), ("scene", 0), ("compel_points", 0)):
        if key in top:
            number = reader.integer(top[key], (key,), low=low, high=1_000_000)
            if number is not None:
                state[key] = number
    if "running" in top:
        running = reader.text(top["running"], ("running",), limit=1000)
        if running is not None and scene_keys is not None and running not in scene_keys:
            reader.fail(("running",), catalog_text("check.no_scene", file=shown(running)))
        elif running is not None:
            state["running"] = running
    if "finished" in top:
        state["finished"] = tuple(reader.texts(top["finished"], ("finished",), limit=1000))
    if "carried" in top:
        carried: dict[str, int] = {}
        table = top["carried"]
        if not isinstance(table, dict):
            reader.fail(("carried",), catalog_text("check.carried"))
        else:
            for npc, points in table.items():
                number = reader.integer(points, ("carried", npc), low=0, high=1000)
                if number and reader.text(npc, ("carried", npc)) is not None:
                    carried[npc] = number
        state["carried"] = carried
    if "milestones" in top:
        milestones = reader.texts(top["milestones"], ("milestones",))
        for index, pc_id in enumerate(milestones):
            if pc_id not in party_ids:
                known = ", ".join(sorted(party_ids)) or catalog_text("none")
                reader.fail(
                    ("milestones", index), catalog_text("check.no_such_pc", id=pc_id, known=known)
                )
        state["milestones"] = tuple(milestones)
    return state


def decode_advances(reader: Reader, value: object, path: KeyPath) -> tuple[Advance, ...]:
    """``advances = [{ session = 2, milestone = "Swapped Fight and Athletics" }]``."""
    advances = []
    for index, item in enumerate(reader.array(value, path) or []):
        where = (*path, index)
        table = reader.table(item, where, ADVANCE_KEYS)
        if table is None:
            continue
        kinds = [kind for kind in AdvanceKind if kind.value in table]
        if len(kinds) != 1:
            reader.fail(where, catalog_text("check.advance_kind"))
            continue
        session = reader.integer(table.get("session"), (*where, "session"), low=1)
        change = reader.text(table[kinds[0].value], (*where, kinds[0].value), limit=MAX_TEXT)
        if session is not None and change is not None:
            advances.append(Advance(session, kinds[0], change))
    return tuple(advances)


def encode_advance(advance: Advance) -> dict[str, Any]:
    """The inverse of one item of :func:`decode_advances`."""
    return {"session": advance.session, advance.kind.value: advance.change}


def check_sheet(
    character: Character, skills: tuple[str, ...], layout: SkillLayout
) -> list[Text | str]:
    """What is wrong with a PC's skills for this campaign: names off the skill list, and
    (for the pyramid and columns layouts) the skill-columns rule (§9)."""
    problems: list[Text | str] = []
    for name in character.skills:
        if name not in skills:
            close = [s for s in skills if make_id(s) == make_id(name)]
            if close:
                problems.append(
                    catalog_text("check.off_skill_list_close", name=name, close=close[0])
                )
            else:
                problems.append(catalog_text("check.off_skill_list", name=name))
    if layout in (SkillLayout.PYRAMID, SkillLayout.COLUMNS):
        on_list = {name: rating for name, rating in character.skills.items() if name in skills}
        problems += [rules_text(problem) for problem in check_columns(on_list, skill_list=skills)]
    return problems


def _decode_party(
    reader: Reader, data: Mapping[str, Any], rules: RulesInPlay, settings: _Settings
) -> tuple[tuple[Member, ...], dict[str, KeyPath]]:
    top = reader.table(data, (), ("format", "pc")) or {}
    _check_format(reader, top)
    records = top.get("pc", [])
    if isinstance(records, dict):
        reader.fail(("pc",), catalog_text("check.array_of_tables", name="pc"))
        records = []
    members: list[Member] = []
    origins: dict[str, KeyPath] = {}
    for index, item in enumerate(reader.array(records, ("pc",)) or []):
        path: KeyPath = ("pc", index)
        table = reader.table(item, path, MEMBER_KEYS)
        if table is None:
            continue
        character = codec.decode_character(reader, table, path, CharacterKind.PC, rules)
        points = reader.integer(table.get("skill_points", 0), (*path, "skill_points"), low=0)
        advances = decode_advances(reader, table.get("advances", []), (*path, "advances"))
        if character is None or points is None:
            continue
        if character.id in origins:
            reader.fail((*path, "name"), catalog_text("check.duplicate_pc", id=character.id))
            continue
        for problem in check_sheet(character, settings.skills, settings.skill_layout):
            reader.fail((*path, "skills"), problem)
        members.append(Member(character, points, advances))
        origins[character.id] = path
    return tuple(members), origins


def _scene_title(path: Path) -> tuple[str, str] | None:
    """A scene file's title and a problem; None for a file that is not a scene (a template)."""
    try:
        source = read_text(path)
        if long_key_line(source) is not None:
            return path.stem, "not valid TOML: a key of too many parts"
        data = tomllib.loads(source)
    except SceneFileError as error:
        return path.stem, error.problems[0].message
    except tomllib.TOMLDecodeError:
        return path.stem, "not valid TOML"
    except RecursionError:
        return path.stem, "not valid TOML: nested too deeply"
    title = data.get("title")
    if "format" not in data and title is None:
        return None
    return (title, "") if isinstance(title, str) and title.strip() else (path.stem, "no title")


def discover_scenes(folder: Path) -> tuple[str, ...]:
    """Every scene file in a campaign folder and its subfolders, as keys (relative paths),
    leaving out campaign.toml, party.toml, template folders, logs and hidden files."""
    keys = []
    for path in sorted(folder.rglob("*.toml")):
        relative = path.relative_to(folder)
        parts = relative.parts
        if relative.as_posix() in (CAMPAIGN_FILE, PARTY_FILE):
            continue
        if any(p.startswith(".") or p in (TEMPLATE_FOLDER, LOG_FOLDER) for p in parts[:-1]):
            continue
        if parts[-1].startswith("."):
            continue
        keys.append(relative.as_posix())
    return tuple(keys)


def scene_entries(folder: Path, keys: tuple[str, ...] | None) -> tuple[SceneEntry, ...]:
    """The campaign's scenes with their titles: the listed ones, else the discovered ones
    that are scenes (files holding only templates are skipped)."""
    entries = []
    for key in keys if keys is not None else discover_scenes(folder):
        found = _scene_title(folder / key)
        if found is None and keys is None:
            continue
        title, problem = found or (Path(key).stem, "not a scene file")
        entries.append(SceneEntry(key, title, problem))
    return tuple(entries)


def load_campaign(folder: Path) -> LoadedCampaign:
    """Read and validate a campaign folder.

    Args:
        folder: The folder holding campaign.toml (party.toml is optional: no party yet).

    Raises:
        SceneFileError: Either file is unreadable or breaks the format; every problem in
            both files is listed, each with its file, line and key path.
    """
    campaign_path = folder / CAMPAIGN_FILE
    party_path = folder / PARTY_FILE
    campaign_text = read_text(campaign_path)
    party_text = read_text(party_path) if party_path.exists() else ""
    return decode_campaign(folder, campaign_text, party_text)


def decode_campaign(
    folder: Path,
    campaign_text: str,
    party_text: str,
    scenes: tuple[SceneEntry, ...] | None = None,
) -> LoadedCampaign:
    """Validate the texts of campaign.toml and party.toml; see :func:`load_campaign`.

    Args:
        folder: The campaign folder.
        campaign_text: The text of campaign.toml.
        party_text: The text of party.toml ("" when there is none).
        scenes: The scene list, if already known; else the folder is read for it.
    """
    campaign_path = folder / CAMPAIGN_FILE
    party_path = folder / PARTY_FILE
    data = parse(campaign_text, campaign_path)
    party_data = parse(party_text, party_path) if party_text else {"format": FORMAT_VERSION}
    reader = Reader()
    top = reader.table(data, (), CAMPAIGN_KEYS) or {}
    _check_format(reader, top)
    if "system" in top:
        _check_system(reader, top["system"])
        if reader.problems:
            # another system's files: read as Fate's, every line of them would be wrong
            raise SceneFileError(_located(reader, campaign_text, campaign_path))
    settings = _decode_settings(reader, top, folder)
    party_reader = Reader()
    party, origins = _decode_party(party_reader, party_data, settings.rules, settings)
    known: set[str] | None = None
    if scenes is None and not reader.problems:
        scenes = scene_entries(folder, settings.scene_keys)
    if scenes is not None:
        known = {entry.key for entry in scenes}
    state = _decode_state(reader, top, known, set(origins))
    problems = _located(reader, campaign_text, campaign_path)
    problems += _located(party_reader, party_text, party_path)
    if problems:
        raise SceneFileError(problems)
    campaign = Campaign(
        name=settings.name,
        language=settings.language,
        rules=settings.rules,
        skills=settings.skills,
        skill_layout=settings.skill_layout,
        scenes=scenes or (),
        party=party,
        **state,
    )
    return LoadedCampaign(campaign, folder, campaign_text, party_text, origins)


# ---------------------------------------------------------------------------- writing


def encode_state(campaign: Campaign) -> dict[str, Any]:
    """The state of play in its shortest form, leaving out what holds its default."""
    out: dict[str, Any] = {"session": campaign.session}
    if campaign.scene:
        out["scene"] = campaign.scene
    if campaign.running is not None:
        out["running"] = campaign.running
    if campaign.finished:
        out["finished"] = list(campaign.finished)
    if campaign.compel_points:
        out["compel_points"] = campaign.compel_points
    if campaign.carried:
        out["carried"] = dict(campaign.carried)
    if campaign.milestones:
        out["milestones"] = list(campaign.milestones)
    return out


def encode_member(member: Member, rules: RulesInPlay) -> dict[str, Any]:
    """A PC's party.toml record: the sheet in the scene short forms, plus the campaign's."""
    data = codec.encode_character(member.character, rules)
    for key in SCENE_ONLY_KEYS:
        data.pop(key, None)
    if member.skill_points:
        data["skill_points"] = member.skill_points
    if member.advances:
        data["advances"] = [encode_advance(advance) for advance in member.advances]
    return data


def render_campaign(loaded: LoadedCampaign, campaign: Campaign) -> str:
    """The text of campaign.toml with the state of play patched in, nothing else changed."""
    before, after = encode_state(loaded.campaign), encode_state(campaign)
    if before == after:
        return loaded.campaign_text
    doc = tomlkit.parse(loaded.campaign_text)
    for key in [*before, *(k for k in after if k not in before)]:
        patch(doc, key, before.get(key), after.get(key))
    return tomlkit.dumps(doc)


def render_party(loaded: LoadedCampaign, campaign: Campaign) -> str:
    """The text of party.toml with changed PCs patched, new ones appended, gone ones removed."""
    old = {member.id: member for member in loaded.campaign.party}
    new = {member.id: member for member in campaign.party}
    if old == new:
        return loaded.party_text
    doc = tomlkit.parse(loaded.party_text or f"format = {FORMAT_VERSION}\n")
    rules = campaign.rules

    def encode(member: Member) -> dict[str, Any]:
        return encode_member(member, rules)

    _patch_records(doc, "pc", old, new, loaded.party_origins, encode)
    return tomlkit.dumps(doc)


def _patch_records(
    doc: tomlkit.TOMLDocument,
    section: str,
    old: Mapping[str, Any],
    new: Mapping[str, Any],
    origins: Mapping[str, KeyPath],
    encode: Callable[[Any], dict[str, Any]],
) -> None:
    for key, value in new.items():
        origin = origins.get(key)
        if key in old and origin is not None:
            if old[key] != value:
                patch_record(doc[section][origin[1]], encode(old[key]), encode(value))
            continue
        if section not in doc:
            doc.append(section, tomlkit.aot())
        doc[section].append(to_record(encode(value)))
    gone = sorted(
        (origin[1] for key, origin in origins.items() if key not in new and key in old),
        reverse=True,
    )
    for index in gone:
        del doc[section][index]


def save_campaign(loaded: LoadedCampaign, campaign: Campaign) -> LoadedCampaign:
    """Write the party and the state of play over party.toml and campaign.toml.

    The new texts are validated first, so an invalid sheet (one edited past the skill
    list, say) is refused and nothing is written. Each file is written atomically and only
    if its text changed; the party file first, so the state of play never refers to a
    party that was not written.

    Returns:
        The new saved state, which later saves compare against.

    Raises:
        OSError: A file could not be written.
        SceneFileError: The campaign as it stands breaks the format (every problem listed).
    """
    party_text = render_party(loaded, campaign)
    campaign_text = render_campaign(loaded, campaign)
    saved = decode_campaign(loaded.folder, campaign_text, party_text, campaign.scenes)
    if party_text != loaded.party_text:
        write_atomic(loaded.party_path, party_text)
    if campaign_text != loaded.campaign_text:
        write_atomic(loaded.campaign_path, campaign_text)
    return saved
