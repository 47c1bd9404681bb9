"""``fatescreen new`` and ``new-campaign`` write their templates in the GM's language: every
file written loads, and the Finnish ones speak Finnish in their comments, names and skills
(the seed's skill list), with the format's keys."""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import replace
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

import pytest

from fatescreen.cli import main
from fatescreen.rules.skills import listed_skill
from fatescreen.scene.campaign import load_campaign, party_of
from fatescreen.scene.load import load_scene
from fatescreen.ui.config import load_settings, save_settings

KINDS = ("conflict", "contest", "challenge")
ENGLISH = re.compile(
    r"\b(the|a|an|of|or|and|to|with|each|when|what|who|one|first|second|remove|none|"
    r"player|character|scene|zone|written)\b",
    re.IGNORECASE,
)
"""English words a Finnish comment would give away (Finnish never writes them alone)."""


def cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = main(list(args))
    return status, out.getvalue()


def comments(text: str) -> list[str]:
    """The comments of a template's lines (no template writes # inside a string)."""
    return [line.partition("#")[2].strip() for line in text.splitlines() if "#" in line]


def written(tmp_path: Path, lang: str) -> list[Path]:
    """A new campaign, a scene of each kind in it and one of each kind outside it."""
    folder = tmp_path / "campaign"
    assert cli("new-campaign", str(folder), "--lang", lang)[0] == 0
    for kind in KINDS:
        for where in (folder, tmp_path / "loose"):
            status, text = cli("new", str(where / f"{kind}.toml"), "--kind", kind, "--lang", lang)
            assert status == 0, text
    return sorted(p for p in tmp_path.rglob("*.toml") if "data" not in p.parts)


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_every_file_a_new_campaign_or_scene_writes_checks(tmp_path: Path, lang: str) -> None:
    files = written(tmp_path, lang)
    names = {p.relative_to(tmp_path).as_posix() for p in files}
    thug = "thug" if lang == "en" else "roisto"
    first = "01-first-scene" if lang == "en" else "01-ensimmainen-kohtaus"
    assert {f"campaign/{first}.toml", f"campaign/library/{thug}.toml"} <= names
    assert {f"loose/{kind}.toml" for kind in KINDS} | {f"loose/library/{thug}.toml"} <= names
    # the NPC templates in library/ load with the conflict scenes that bring them in
    checked = [str(p) for p in files if p.parent.name != "library"]
    status, text = cli("check", str(tmp_path / "campaign"), *checked, "--lang", lang)
    assert status == 0, text
    ok = "ok" if lang == "en" else "kunnossa"
    assert text.count(f": {ok}\n") == len(checked) + 1 == 10


def test_the_finnish_templates_speak_finnish(tmp_path: Path) -> None:
    files = written(tmp_path, "fi")
    for path in files:
        text = path.read_text(encoding="utf-8")
        said = comments(text)
        assert said or path.name.startswith(("challenge", "contest")), path
        for comment in said:
            assert not ENGLISH.search(comment), f"{path.name}: {comment}"
    party = (tmp_path / "campaign" / "party.toml").read_text(encoding="utf-8")
    assert "# Pelaajahahmot (PH:t)." in party
    campaign = load_campaign(tmp_path / "campaign").campaign
    assert campaign.language == "fi" and campaign.rules.skills == "fi"
    assert [pc.name for pc in campaign.pcs] == ["Aino", "Veikko"]
    assert "Urheilu" in campaign.skills and "Athletics" not in campaign.skills
    first = tmp_path / "campaign" / "01-ensimmainen-kohtaus.toml"
    scene = load_scene(first, party_of(campaign)).scene
    assert scene.title == "Ensimmäinen kohtaus"
    assert [z.name for z in scene.zones] == ["Ensimmäinen alue", "Toinen alue"]
    others = {c.name for c in scene.characters} - {pc.name for pc in scene.pcs}
    assert others == {"Vastustaja", "Roisto 1", "Roisto 2"}
    loose = load_scene(tmp_path / "loose" / "contest.toml").scene
    assert [c.name for c in loose.pcs] == ["Pelaajahahmo"]
    for character in [*scene.characters, *loose.characters]:
        for skill in character.skills:
            assert listed_skill(skill, "fi") == skill, f"{character.name}: {skill}"


def test_the_remembered_language_writes_the_templates(tmp_path: Path) -> None:
    save_settings(replace(load_settings(), lang="fi"))  # as the dashboard remembers it
    assert cli("new", str(tmp_path / "kohtaus.toml"))[0] == 0
    text = (tmp_path / "kohtaus.toml").read_text(encoding="utf-8")
    assert 'skills = "fi"' in text and 'name = "Ensimmäinen alue"' in text
    assert cli("new", str(tmp_path / "uusi"), "--lang", "en")[0] == 0
    assert (tmp_path / "uusi" / "a-new-scene.toml").is_file()
    assert cli("new", str(tmp_path / "toinen"), "--lang", "fi")[0] == 0
    assert (tmp_path / "toinen" / "uusi-kohtaus.toml").is_file()


def test_a_scene_is_written_in_its_campaigns_language(tmp_path: Path) -> None:
    """A Finnish GM adding a scene to an English campaign gets an English scene: its skills
    must be the campaign's."""
    folder = tmp_path / "campaign"
    assert cli("new-campaign", str(folder), "--lang", "en")[0] == 0
    path = folder / "docks.toml"
    assert cli("new", str(path), "--lang", "fi")[0] == 0
    text = path.read_text(encoding="utf-8")
    assert 'name = "Second zone"' in text and "Tappelu" not in text
    assert cli("check", str(path), "--lang", "fi")[0] == 0


def files_of(folder: Traversable, prefix: str = "") -> set[str]:
    found: set[str] = set()
    for item in folder.iterdir():
        if item.is_dir():
            if item.name != "fi":
                found |= files_of(item, f"{prefix}{item.name}/")
        elif item.name.endswith(".toml"):
            found.add(prefix + item.name)
    return found


def test_every_template_has_its_finnish_counterpart() -> None:
    templates = resources.files("fatescreen.scene").joinpath("templates")
    english = files_of(templates)
    finnish = files_of(templates.joinpath("fi"))
    assert finnish == {name.replace("thug", "roisto") for name in english}
    for name in english:
        en = templates.joinpath(name).read_text("utf-8")
        fi = templates.joinpath("fi", name.replace("thug", "roisto")).read_text("utf-8")
        assert re.findall(r"\$\w+", en) == re.findall(r"\$\w+", fi), name
