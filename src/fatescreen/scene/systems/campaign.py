"""Campaign folders of the systems on the shared stack: ``campaign.toml`` (the name, the scene
list and the state of play) and ``party.toml`` (the player characters, in the system's own
terms: the same tables a scene file writes them in).

::

    my-campaign/
      campaign.toml    format, system, name, language, scenes; session, running, finished
      party.toml       format, system, then the PCs as a scene file writes them
      01-kuilu.toml    the scenes: the GM's characters (the party joins every scene)

What carries from scene to scene is each system's, declared by its :class:`PartyRules`
(its ``party`` part): the party joins a scene at its start and takes back what the seed
says lasts (Mekanismi's damage, Varjot's pools and gift dice, the Objektit condition).
Both files are read with every problem named by file, line and key, and saved by patching
only what play changed (comments and layout stay).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, Protocol

from fatescreen.scene.errors import KeyPath, Problem, SceneFileError
from fatescreen.scene.errors import text as catalog_text
from fatescreen.scene.reader import MAX_COUNT, Reader
from fatescreen.scene.systems import S, patched_text, scene_format
from fatescreen.systems import Capability, named_by

CAMPAIGN_FILE = "campaign.toml"
PARTY_FILE = "party.toml"
CAMPAIGN_KEYS = (
    "format",
    "system",
    "name",
    "language",
    "scenes",
    "session",
    "running",
    "finished",
)
PARTY_COMMON = ("format", "system")
MAX_SESSION = 100_000
LANGUAGES = ("en", "fi")


class PartyRules(Protocol[S]):
    """What a system says of its party: where its PCs are in a scene value, and what of
    them lasts from one scene and one session to the next (by its seed's rules)."""

    party_keys: tuple[str, ...]
    """The top-level keys and sections party.toml may hold besides format and system."""
    replaced: Mapping[str, str]
    """The system's verbs a campaign does otherwise, each with the campaign's verb that
    does it (Varjot's ``session`` deals the gift dice: in a campaign, ``endsession``)."""

    def members(self, value: S) -> tuple[str, ...]:
        """The names of the player characters in a scene value (or the party)."""
        ...

    def join(self, scene: S, party: S) -> S:
        """The scene as it starts: the party's PCs in it, before its own characters (with
        what belongs to the whole table, such as Varjot's players and gift dice)."""
        ...

    def leave(self, scene: S, party: S) -> S:
        """The party with what lasts of the scene ``scene`` (its PCs' sheets as they are)."""
        ...

    def own(self, scene: S, base: S) -> S:
        """What the scene file holds of a running scene: ``scene`` without the party's PCs
        and with what belongs to the table as ``base`` (the file as read) has it."""
        ...

    def new_session(self, party: S) -> S:
        """The party as a new session starts (Varjot's gift dice dealt again)."""
        ...

    def session_lines(self, party: S, lang: str) -> tuple[str, ...]:
        """What a new session's start dealt, said to the GM (none when nothing is dealt)."""
        ...


@dataclass(frozen=True)
class CampaignState:
    """The state of play the campaign file keeps."""

    session: int = 1
    """The session being played."""
    running: str | None = None
    """The scene being played, as the scene list names it."""
    finished: tuple[str, ...] = ()
    """The scenes that have ended, in the order they ended."""

    def file_state(self) -> Mapping[KeyPath, Any]:
        """The state as plain TOML values by key (None: the key is left out)."""
        return {
            ("session",): self.session,
            ("running",): self.running,
            ("finished",): list(self.finished) or None,
        }


@dataclass(frozen=True)
class LoadedCampaign(Generic[S]):
    """A campaign folder as read (or last saved): both files' values and texts."""

    folder: Path
    system: str
    name: str
    language: str | None
    scenes: tuple[str, ...]
    state: CampaignState
    party: S
    campaign_text: str
    party_text: str

    @property
    def campaign_path(self) -> Path:
        """Its campaign.toml."""
        return self.folder / CAMPAIGN_FILE

    @property
    def running(self) -> str | None:
        """The scene being played, as the scene list names it (None between scenes)."""
        return self.state.running

    @property
    def session(self) -> int:
        """The session being played."""
        return self.state.session

    @property
    def party_path(self) -> Path:
        """Its party.toml."""
        return self.folder / PARTY_FILE


def party_rules(system: str) -> PartyRules[Any]:
    """The party rules of the system with the id ``system``.

    Raises:
        KeyError: No system has that id, or it declares no party on the shared stack.
    """
    found = named_by(system)
    if found is None or found.party is None:
        raise KeyError(system)
    rules: PartyRules[Any] = found.part("party")
    return rules


def load_campaign(folder: Path) -> LoadedCampaign[Any]:
    """Read and validate a campaign folder of a system on the shared stack.

    Raises:
        SceneFileError: A file is missing, unreadable or wrong; every problem is listed
            with its file, line and key path.
    """
    from fatescreen.scene.source import read_text

    campaign_path, party_path = folder / CAMPAIGN_FILE, folder / PARTY_FILE
    texts: dict[Path, str] = {}
    for path in (campaign_path, party_path):
        if not path.is_file():
            raise SceneFileError(
                [Problem.of((), catalog_text("campaign.file_missing"), None, path)]
            )
        texts[path] = read_text(path)
    return campaign_from_texts(folder, texts[campaign_path], texts[party_path])


def campaign_from_texts(
    folder: Path,
    campaign_text: str,
    party_text: str,
    scenes: tuple[str, ...] | None = None,
) -> LoadedCampaign[Any]:
    """Validate a campaign's two files from their texts; see :func:`load_campaign`.
    ``scenes``: the scene list as read and checked already (a save changes only the state
    of play: the scene files are not looked at again)."""
    from fatescreen.scene.load import FORMAT_VERSION
    from fatescreen.scene.source import parse

    campaign_path = folder / CAMPAIGN_FILE
    reader = Reader()
    top = reader.table(parse(campaign_text, campaign_path), (), CAMPAIGN_KEYS) or {}
    if top.get("format") != FORMAT_VERSION:
        reader.fail(("format",), catalog_text("check.no_format", version=FORMAT_VERSION))
    system = _system(reader, top.get("system"))
    if "name" not in top:
        reader.fail(("name",), catalog_text("check.campaign_name"))
    name = reader.text(top.get("name", ""), ("name",)) or ""
    language = (
        reader.choice(top["language"], ("language",), LANGUAGES) if "language" in top else None
    )
    if scenes is None:
        scenes = _scenes(reader, folder, top, system)
    state = _state(reader, top, scenes)
    _raise(reader, campaign_text, campaign_path)
    assert system is not None
    party = load_party(party_text, folder / PARTY_FILE, system)
    return LoadedCampaign(
        folder, system, name, language, scenes, state, party, campaign_text, party_text
    )


def load_party(text: str, path: Path, system: str) -> Any:
    """The party from party.toml's text: the system's PCs, written as a scene writes them.

    Raises:
        SceneFileError: Every problem, with its line and key path.
    """
    from fatescreen.scene.load import FORMAT_VERSION
    from fatescreen.scene.source import parse

    rules = party_rules(system)
    reader = Reader()
    top = reader.table(parse(text, path), (), (*PARTY_COMMON, *rules.party_keys)) or {}
    if top.get("format") != FORMAT_VERSION:
        reader.fail(("format",), catalog_text("check.no_format", version=FORMAT_VERSION))
    if top.get("system", system) != system:
        reader.fail(("system",), catalog_text("campaign.party_system", system=system))
    party = scene_format(system).decode(reader, top, "", "")
    if party is not None and not reader.problems:
        named = set(rules.members(party))
        for index, name in enumerate(_names_in(top, rules)):
            if name not in named:
                where = (rules.party_keys[-1], index)
                reader.fail(where, catalog_text("campaign.party_pc", name=name))
    _raise(reader, text, path)
    return party


def _names_in(top: Mapping[str, Any], rules: PartyRules[Any]) -> list[str]:
    records = top.get(rules.party_keys[-1], [])
    if not isinstance(records, list):
        return []
    return [str(item.get("name")) for item in records if isinstance(item, dict)]


def _raise(reader: Reader, text: str, path: Path) -> None:
    from fatescreen.scene.load import MAX_PROBLEMS
    from fatescreen.scene.locate import locate

    if reader.problems:
        raise SceneFileError(
            [
                replace(problem, line=locate(text, problem.path), file=path)
                for problem in reader.problems[:MAX_PROBLEMS]
            ]
        )


def _system(reader: Reader, named: object) -> str | None:
    system = named_by(named) if isinstance(named, str) else None
    if system is None or not system.can(Capability.CAMPAIGNS) or system.party is None:
        reader.fail(("system",), catalog_text("campaign.shared_system", found=repr(named)))
        return None
    return system.id


def _scenes(
    reader: Reader, folder: Path, top: Mapping[str, Any], system: str | None
) -> tuple[str, ...]:
    from fatescreen.systems import of_file

    if "scenes" in top:
        listed = reader.texts(top["scenes"], ("scenes",), limit=1000)
    else:
        listed = sorted(
            str(path.relative_to(folder).as_posix())
            for path in folder.rglob("*.toml")
            if path.name not in (CAMPAIGN_FILE, PARTY_FILE)
        )
    for index, key in enumerate(listed):
        path = folder / key
        if not path.is_file():
            reader.fail(("scenes", index), catalog_text("campaign.scene_missing", path=key))
        elif system is not None and of_file(path).id != system:
            reader.fail(("scenes", index), catalog_text("campaign.scene_system", path=key))
        elif key in listed[:index]:
            reader.fail(("scenes", index), catalog_text("check.listed_twice", names=repr(key)))
    return tuple(listed)


def _state(reader: Reader, top: Mapping[str, Any], scenes: tuple[str, ...]) -> CampaignState:
    session = reader.integer(top.get("session", 1), ("session",), low=1, high=MAX_SESSION) or 1
    running = reader.text(top["running"], ("running",)) if "running" in top else None
    if running is not None and running not in scenes:
        reader.fail(("running",), catalog_text("campaign.not_listed", path=running))
        running = None
    finished = tuple(reader.texts(top.get("finished", []), ("finished",), limit=1000))
    for index, key in enumerate(finished):
        if key not in scenes:
            reader.fail(("finished", index), catalog_text("campaign.not_listed", path=key))
    if len(finished) > MAX_COUNT:
        reader.fail(("finished",), catalog_text("campaign.too_many", most=MAX_COUNT))
    return CampaignState(session, running, finished)


def save_campaign(loaded: LoadedCampaign[S], state: CampaignState, party: S) -> LoadedCampaign[S]:
    """Write the state of play and the party over their files, patching only what changed
    (a file with nothing changed is not written); returns the new saved state.

    Raises:
        OSError: A file cannot be written.
        SceneFileError: A saved text does not read back (a bug, never the GM's doing).
    """
    from fatescreen.scene.atomic import write_atomic

    fmt = scene_format(loaded.system)
    campaign_text = patched_text(
        loaded.campaign_text, loaded.state.file_state(), state.file_state()
    )
    party_text = patched_text(
        loaded.party_text, fmt.file_state(loaded.party), fmt.file_state(party)
    )
    saved = campaign_from_texts(loaded.folder, campaign_text, party_text, loaded.scenes)
    saved = replace(saved, state=state, party=party)
    if party_text != loaded.party_text:
        write_atomic(loaded.party_path, party_text)
    if campaign_text != loaded.campaign_text:
        write_atomic(loaded.campaign_path, campaign_text)
    return saved


def sample_writer(sample: str | Path) -> Callable[[Path, str, str], list[Path]]:
    """A system's ``new_campaign`` part: a copy of its sample campaign, named ``name`` and
    set to speak ``lang``. ``sample`` is the folder holding it: a name is a built-in
    system's, shipped in ``scenes/NAME/campaign/``; a path is a system's own."""

    def new_campaign(folder: Path, name: str, lang: str = "en") -> list[Path]:
        """Write the sample campaign into ``folder`` (new or empty); the files written.

        Raises:
            FileExistsError: The folder holds files already.
        """
        import tomlkit

        from fatescreen.resources import shipped
        from fatescreen.scene.atomic import write_atomic

        if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
            raise FileExistsError(str(folder))
        source = sample if isinstance(sample, Path) else shipped("scenes") / sample / "campaign"
        written: list[Path] = []
        for path in sorted(source.rglob("*.toml")):
            target = folder / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            text = path.read_text(encoding="utf-8")
            if path.name == CAMPAIGN_FILE:
                document = tomlkit.parse(text)
                document["name"] = name
                document["language"] = lang
                text = tomlkit.dumps(document)
            write_atomic(target, text, backup=False)
            written.append(target)
        return written

    return new_campaign


def new_campaign_scene(folder: Path, path: Path, title: str) -> Path:
    """Write a new scene of the campaign's system into ``path``, made from the campaign's
    first scene (its GM's characters to edit, its notes left out; only the title and the
    system when the campaign has no scene yet), and add it to the scene list when
    campaign.toml lists its scenes.

    Raises:
        FileExistsError: The file exists.
        SceneFileError: The campaign is invalid.
    """
    import tomlkit

    from fatescreen.scene.atomic import write_atomic
    from fatescreen.scene.source import read_text
    from fatescreen.scene.systems import load_system_text

    loaded = load_campaign(folder)
    if path.exists():
        raise FileExistsError(str(path))
    if loaded.scenes:
        document = tomlkit.parse(read_text(folder / loaded.scenes[0]))
        document.pop("notes", None)
    else:
        document = tomlkit.document()
        document["format"] = 1
        document["system"] = loaded.system
    document["title"] = title
    text = tomlkit.dumps(document)
    load_system_text(text, path)  # a scene of the system, as the campaign will read it
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text, backup=False)
    key = path.resolve().relative_to(folder.resolve()).as_posix()
    campaign = tomlkit.parse(loaded.campaign_text)
    listed = campaign.get("scenes")
    if isinstance(listed, list) and key not in listed:
        listed.append(key)
        write_atomic(loaded.campaign_path, tomlkit.dumps(campaign))
    return path
