"""Template libraries: the NPC and obstacle templates a scene can draw on, and new ones saved.

A library is a ``library/`` folder of TOML files holding ``[[npc]]`` and ``[[obstacle]]``
entries written exactly like a scene's. A scene looks in the ``library/`` next to it, then
in its campaign's ``library/``. Characters made from a template during play are written back
as template entries (``template = "library/cultist.toml"``, ``count = 3``), in the short
form a GM writes by hand.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from fatescreen.rules.aspects import make_id
from fatescreen.rules.character import Character, CharacterKind, Scale
from fatescreen.scene import codec
from fatescreen.scene.errors import KeyPath, SceneFileError
from fatescreen.scene.load import _decode_entry, template_data
from fatescreen.scene.model import Obstacle, RulesInPlay, TemplateSource
from fatescreen.scene.reader import Reader

Data = dict[str, Any]
LIBRARY_FOLDER = "library"
"""The folder of templates next to a scene or in a campaign folder."""
CAMPAIGN_FILE = "campaign.toml"
SECTIONS = ("npc", "obstacle")
"""The kinds of entries a library file holds."""


@dataclass(frozen=True)
class Template:
    """One entry of a library file: an NPC (``section == "npc"``) or an obstacle."""

    file: Path
    """The library file, as an absolute path."""
    section: str
    key: str
    """The entry's id, or the id of its name: how a scene refers to it after ``#``."""
    name: str
    data: Mapping[str, Any]
    """The entry as written."""
    alone: bool
    """True when the entry is the only one of its section in its file (no ``#`` needed)."""

    @property
    def source(self) -> TemplateSource:
        """Where a character made from this template comes from."""
        return TemplateSource(self.file, self.key)


def campaign_folder(folder: Path) -> Path | None:
    """The nearest folder at or above ``folder`` holding a campaign.toml, if any."""
    start = folder.resolve()
    return next((f for f in (start, *start.parents) if (f / CAMPAIGN_FILE).is_file()), None)


def library_folders(scene_folder: Path) -> tuple[Path, ...]:
    """The existing library folders of a scene: next to it, then its campaign's."""
    candidates = [scene_folder.resolve() / LIBRARY_FOLDER]
    campaign = campaign_folder(scene_folder)
    if campaign is not None:
        candidates.append(campaign / LIBRARY_FOLDER)
    found: list[Path] = []
    for folder in candidates:
        if folder.is_dir() and folder not in found:
            found.append(folder)
    return tuple(found)


def saving_folder(scene_folder: Path) -> Path:
    """Where a new template goes: the first existing library of the scene, else a new
    ``library/`` in the campaign folder (in a campaign) or next to the scene."""
    existing = library_folders(scene_folder)
    if existing:
        return existing[0]
    home = campaign_folder(scene_folder) or scene_folder.resolve()
    return home / LIBRARY_FOLDER


def _read(file: Path) -> Mapping[str, Any] | None:
    """A library file's data, or None if it cannot be read as TOML."""
    try:
        return template_data(file)
    except (OSError, SceneFileError):
        return None


def entry_name(section: str, entry: Mapping[str, Any]) -> str | None:
    if section == "npc":
        name = entry.get("name")
    else:
        kinds = [entry[k] for k in codec.OBSTACLE_KINDS if k in entry]
        name = kinds[0] if len(kinds) == 1 else None
    return name if isinstance(name, str) and name.strip() else None


def file_templates(file: Path) -> tuple[Template, ...]:
    """The templates of one library file (none if it cannot be read)."""
    data = _read(file.resolve())
    if data is None:
        return ()
    found: list[Template] = []
    for section in SECTIONS:
        entries = data.get(section, [])
        if not isinstance(entries, list):
            continue
        tables = [e for e in entries if isinstance(e, dict)]
        for entry in tables:
            name = entry_name(section, entry)
            if name is None:
                continue
            given = entry.get("id")
            key = given if isinstance(given, str) and given else make_id(name)
            found.append(Template(file.resolve(), section, key, name, entry, len(tables) == 1))
    return tuple(found)


def templates(folders: Iterable[Path]) -> tuple[Template, ...]:
    """Every template in the library folders, file by file in name order."""
    found: list[Template] = []
    for folder in folders:
        for file in sorted(folder.rglob("*.toml")):
            found += file_templates(file)
    return tuple(found)


def find_template(source: TemplateSource) -> Template | None:
    """The template a character came from, if its file still holds it."""
    return next((t for t in file_templates(source.file) if t.key == source.entry), None)


def reference(template: Template, folder: Path) -> str:
    """How a scene in ``folder`` names the template: ``library/cultist.toml`` or
    ``library/drowned.toml#drowned-acolyte``."""
    path = Path(os.path.relpath(template.file, folder.resolve())).as_posix()
    return path if template.alone else f"{path}#{template.key}"


# ---------------------------------------------------------------------------- making


def character_from(
    reader: Reader,
    template: Template,
    rules: RulesInPlay,
    name: str,
    *,
    keep_id: bool = True,
    zone: str | None = None,
) -> Character | None:
    """A character made from an NPC template, checked as the loader checks a template entry.

    Args:
        reader: Collects the problems.
        template: The NPC template.
        rules: The scene's optional rules (they size the default stress tracks).
        name: The character's name (``Cultist 4``).
        keep_id: Keep an id the template gives (off for numbered characters).
        zone: The zone id where the character stands.
    """
    path: KeyPath = (template.key,)
    if reader.table(dict(template.data), path, codec.CHARACTER_KEYS) is None:
        return None
    data: Data = {**template.data, "name": name}
    if not keep_id:
        data.pop("id", None)
    if zone is not None:
        data["zone"] = zone
    return codec.decode_character(reader, data, path, CharacterKind.MAJOR, rules)


def obstacle_from(
    reader: Reader,
    template: Template,
    name: str,
    *,
    keep_id: bool = True,
    place: Mapping[str, Any] | None = None,
) -> Obstacle | None:
    """An obstacle made from an obstacle template, checked as the loader checks one.

    Args:
        reader: Collects the problems.
        template: The obstacle template.
        name: The obstacle's name.
        keep_id: Keep an id the template gives (off for numbered obstacles).
        place: Where it stands: ``zone`` and ``between`` as the file writes them (ids).
    """
    data: Data = {**template.data, **(place or {})}
    kinds = [kind for kind in codec.OBSTACLE_KINDS if kind in data]
    if len(kinds) == 1:
        data[kinds[0]] = name
    if not keep_id:
        data.pop("id", None)
    return codec.decode_obstacle(reader, data, (template.key,))


# ---------------------------------------------------------------------------- saving


TEMPLATE_DROPPED = ("id", "zone", "minions", "revealed", "taken_out", "conceded")
"""Character keys that belong to one scene's play, never to a template."""


def character_record(character: Character, rules: RulesInPlay, name: str) -> Data:
    """A character as a template entry: its stat block, without the state of play
    (checked boxes, consequences taken, free invokes, fate points, where it stands)."""
    pristine = replace(
        character,
        aspects=tuple(replace(a, free_invokes=()) for a in character.aspects),
        stress=tuple(track.cleared() for track in character.stress),
        consequences=tuple(slot.emptied() for slot in character.consequences),
        fate_points=0,
    )
    data = codec.encode_character(pristine, rules)
    data["name"] = name
    return {key: value for key, value in data.items() if key not in TEMPLATE_DROPPED}


def obstacle_record(obstacle: Obstacle, name: str) -> Data:
    """An obstacle as a template entry: what it is, without where it stands."""
    data = codec.encode_obstacle(obstacle)
    for kind in codec.OBSTACLE_KINDS:
        if kind in data:
            data[kind] = name
    return {key: value for key, value in data.items() if key not in ("id", "zone", "between")}


def _explicit(key: str, character: Character) -> Any:
    """A key's value written out in full, for an override that sets it back to what a
    character without the key would have; None when no override can say it."""
    if key in codec.OVERLAY_EMPTY:
        return codec.OVERLAY_EMPTY[key]
    return {
        "id": character.id,
        "kind": character.kind.value,
        "stress": codec.encode_stress_sizes(character.stress),
        "consequence_slots": [codec.slot_name(s) for s in character.consequences],
        "skills": {},
        "stunts": [],
        "refresh": character.refresh,
        "scale": Scale.MUNDANE.value,
        "form": [],
    }.get(key)


def _overrides(character: Character, template: Template, rules: RulesInPlay) -> Data | None:
    """The keys an entry must set on top of the template to make the character."""
    reader = Reader()
    keep = character.name == template.name  # as ``add`` made it: only a bare copy keeps the id
    base = character_from(reader, template, rules, character.name, keep_id=keep)
    if base is None or reader.problems:
        return None
    wanted = codec.encode_character(character, rules)
    made = codec.encode_character(base, rules)
    out: Data = {}
    for key, value in wanted.items():
        if key != "name" and made.get(key) != value:
            out[key] = value
    for key in made:
        if key != "name" and key not in wanted:
            value = _explicit(key, character)
            if value is None:
                return None
            out[key] = value
    return out


def _reads_back(
    record: Data,
    characters: Sequence[Character],
    folder: Path,
    rules: RulesInPlay,
) -> bool:
    """True when the loader makes exactly ``characters`` of ``record``."""
    kind = CharacterKind.PC if characters[0].kind is CharacterKind.PC else CharacterKind.MAJOR
    reader = Reader()
    made = [c for c, _ in _decode_entry(reader, record, ("npc", 0), kind, rules, folder)]
    return not reader.problems and made == list(characters)


def template_records(
    characters: Sequence[Character],
    sources: Mapping[str, TemplateSource],
    folder: Path,
    rules: RulesInPlay,
) -> dict[str, Data | None]:
    """Template entries for new characters that came from a template.

    Consecutive characters from one template numbered 1 to N with the same overrides
    become one entry with ``count = N``; any other such character gets an entry of its own
    (``template`` and ``name``). A character whose entry would not read back exactly is
    left out, to be written in full.

    Args:
        characters: The new characters, in the scene's order.
        sources: Where characters came from, by id.
        folder: The folder of the file being written (references are relative to it).
        rules: The scene's optional rules.

    Returns:
        By character id: the entry that writes it (on the first character of a counted
        entry), or None for the others of that entry.
    """
    out: dict[str, Data | None] = {}
    runs: list[tuple[TemplateSource, list[Character]]] = []
    for character in characters:
        source = sources.get(character.id)
        if source is None:
            continue
        if runs and runs[-1][0] == source:
            runs[-1][1].append(character)
        else:
            runs.append((source, [character]))
    for source, run in runs:
        template = find_template(source)
        if template is None:
            continue
        ref = reference(template, folder)
        overrides = [_overrides(c, template, rules) for c in run]
        counted = [f"{template.name} {n}" for n in range(1, len(run) + 1)]
        first = overrides[0]
        if (
            len(run) > 1
            and [c.name for c in run] == counted
            and first is not None
            and all(o == first for o in overrides)
        ):
            record = {"template": ref, "count": len(run), **first}
            if _reads_back(record, run, folder, rules):
                out[run[0].id] = record
                out.update(dict.fromkeys((c.id for c in run[1:]), None))
                continue
        for character, own in zip(run, overrides, strict=True):
            if own is None:
                continue
            named = {} if character.name == template.name else {"name": character.name}
            record = {"template": ref, **named, **own}
            if _reads_back(record, [character], folder, rules):
                out[character.id] = record
    return out
