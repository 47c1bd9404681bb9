"""New campaigns and scenes from templates, written the way a GM would write them by hand."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from importlib import resources
from pathlib import Path
from string import Template

import tomlkit

from fatescreen.i18n import tr
from fatescreen.rules.aspects import make_id
from fatescreen.scene.atomic import write_atomic
from fatescreen.scene.campaign import (
    CAMPAIGN_FILE,
    PARTY_FILE,
    TEMPLATE_FOLDER,
    load_campaign,
    party_of,
)
from fatescreen.scene.load import load_scene
from fatescreen.scene.shortforms import render_value

THUGS = {"en": f"{TEMPLATE_FOLDER}/thug.toml", "fi": f"{TEMPLATE_FOLDER}/roisto.toml"}
"""The NPC template a new conflict scene brings in, by the language the scene is written in."""
SAMPLE_PC = {"en": "a-player-character", "fi": "pelaajahahmo"}
"""The id of the sample PC a scene outside a campaign embeds (scene-pc.toml)."""
FIRST_SCENE = {"en": "01-first-scene.toml", "fi": "01-ensimmainen-kohtaus.toml"}
"""The file of the first scene a new campaign brings (its title is the catalog's
``new.first_title``)."""


class SceneKind(StrEnum):
    """The shapes of scene a new scene can start from."""

    CONFLICT = "conflict"
    CONTEST = "contest"
    CHALLENGE = "challenge"


def written_in(language: str | None) -> str:
    """The language a new file's comments and examples are written in: Finnish for ``fi``,
    English otherwise."""
    return "fi" if language == "fi" else "en"


def template(file: str, lang: str = "en", **values: str) -> str:
    """A template file's text with ``$name`` placeholders filled (values as TOML text).

    Finnish templates (``templates/fi/``) have Finnish comments, names and skills (the seed's
    skill list); the keys are the format's in both languages.
    """
    folder = resources.files("fatescreen.scene").joinpath("templates")
    if written_in(lang) == "fi":
        folder = folder.joinpath("fi")
    text = folder.joinpath(file).read_text("utf-8")
    return Template(text).substitute(values) if values else text


def _write_new(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("x", encoding="utf-8") as handle:
        handle.write(text)


def new_campaign(folder: Path, name: str, language: str = "en") -> list[Path]:
    """Create a campaign folder with a sample party, an NPC template and a first scene.

    Args:
        folder: A folder that does not exist yet, or is empty.
        name: The campaign's name (any language).
        language: The campaign's UI language; a Finnish campaign is written with Finnish
            comments and examples and the seed's skill list.

    Returns:
        The files written.

    Raises:
        FileExistsError: The folder already holds files.
    """
    if folder.exists() and any(folder.iterdir()):
        raise FileExistsError(str(folder))
    lang = written_in(language)
    files = {
        folder / CAMPAIGN_FILE: template(
            CAMPAIGN_FILE, lang, name=render_value(name), language=render_value(language)
        ),
        folder / PARTY_FILE: template(PARTY_FILE, lang),
        folder / THUGS[lang]: template(THUGS[lang], lang),
    }
    for path, text in files.items():
        _write_new(path, text)
    title = tr(lang, "new.first_title")
    scene = new_scene(folder / FIRST_SCENE[lang], title, SceneKind.CONFLICT, lang)
    return [*files, scene]


def find_campaign(path: Path) -> Path | None:
    """The campaign folder a file or folder belongs to: the nearest one holding campaign.toml."""
    start = (path if path.is_dir() else path.parent).resolve()
    for folder in (start, *start.parents):
        if (folder / CAMPAIGN_FILE).is_file():
            return folder
    return None


def check_scene_file(path: Path) -> None:
    """Read a Fate scene file as opening it would: with its campaign's party when it lies in
    a campaign folder (its PCs may be named from the party).

    Raises:
        SceneFileError: Every problem of the scene (or of its campaign), with its line.
    """
    folder = find_campaign(path)
    load_scene(path, party_of(load_campaign(folder).campaign) if folder else None)


def scene_text(
    title: str, kind: SceneKind, party: Sequence[str] | None, language: str = "en"
) -> str:
    """A new scene's text: zones, aspects and the opposition for a conflict, contest or
    challenge; ``party`` lists the campaign's PCs to refer to (None embeds a sample PC)."""
    lang = written_in(language)
    pcs = f"pcs = {render_value(list(party))}\n" if party else ""
    text = template("scene.toml", lang, title=render_value(title), party=pcs)
    members = render_value(list(party) if party else [SAMPLE_PC[lang]])
    text += template(f"scene-{kind.value}.toml", lang, members=members)
    if not party:
        text += template("scene-pc.toml", lang)
    return text


def new_scene(
    path: Path, title: str, kind: SceneKind = SceneKind.CONFLICT, language: str = "en"
) -> Path:
    """Write a new scene file from a template, in the campaign's language inside a campaign
    that names one and in ``language`` elsewhere.

    In a campaign folder the scene refers to the whole party and is added to the
    campaign's scene list if campaign.toml lists its scenes; elsewhere it embeds a sample
    PC. A conflict brings in ``library/thug.toml`` (Finnish: ``library/roisto.toml``),
    written too if missing.

    Raises:
        FileExistsError: The file exists.
        SceneFileError: The campaign the file would belong to is invalid.
    """
    folder = find_campaign(path)
    party: list[str] | None = None
    if folder is not None:
        campaign = load_campaign(folder).campaign
        party = [member.id for member in campaign.party]
        language = campaign.language or language
    lang = written_in(language)
    thug = path.parent / THUGS[lang]
    if kind is SceneKind.CONFLICT and not thug.exists():
        _write_new(thug, template(THUGS[lang], lang))
    _write_new(path, scene_text(title, kind, party, lang))
    if folder is not None:
        _list_scene(folder, path)
    return path


def _list_scene(folder: Path, path: Path) -> None:
    """Add a scene to campaign.toml's ``scenes`` list, if the campaign lists its scenes."""
    campaign_path = folder / CAMPAIGN_FILE
    doc = tomlkit.parse(campaign_path.read_text(encoding="utf-8"))
    scenes = doc.get("scenes")
    if not isinstance(scenes, list):
        return
    key = path.resolve().relative_to(folder).as_posix()
    if key not in scenes:
        scenes.append(key)
        write_atomic(campaign_path, tomlkit.dumps(doc))


def scene_file_name(title: str) -> str:
    """A file name for a scene's title: ``The first scene`` → ``the-first-scene.toml``."""
    return make_id(title) + ".toml"
