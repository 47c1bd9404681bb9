"""The loader's direct paths (numbered copies, values valid as written, ids and zones found
without the general checks) give the scene and the problems the general paths give."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields, replace
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from fatescreen.rules.aspects import Aspect, AspectKind, make_id
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.scene import codec
from fatescreen.scene.errors import SceneFileError, render_path
from fatescreen.scene.load import _numbered_id_prefix, load_scene, load_text
from fatescreen.scene.made import Maker, bare_aspect, with_fields
from fatescreen.scene.model import RulesInPlay
from fatescreen.scene.reader import Reader
from tests.scene.support import ROOT, SHIPPED

HEAD = 'format = 1\ntitle = "Test"\n\n[[zone]]\nname = "Great Hall"\n\n[[zone]]\nname = "Yard"\n'
THUGS = (
    'format = 1\n\n[[npc]]\nname = "Thug"\nkind = "minor"\nhigh_concept = "Paid in rum"\n'
    "skills = { Fight = 2, Physique = 1 }\nstress = 2\n"
)
CHARACTER_FIELDS = {f.name for f in fields(Character)}


def _scene(tmp_path: Path, text: str) -> Path:
    (tmp_path / "library.toml").write_text(THUGS, encoding="utf-8")
    path = tmp_path / "scene.toml"
    path.write_text(HEAD + text, encoding="utf-8")
    return path


def _problems(path: Path) -> list[tuple[int | None, str, str]]:
    with pytest.raises(SceneFileError) as caught:
        load_scene(path)
    return [(p.line, render_path(p.path), p.message) for p in caught.value.problems]


@given(st.text(max_size=20), st.integers(min_value=0, max_value=100_000))
@example("Dock thug", 12)
@example("x_", 3)
@example("!!!", 1)
@example("İ", 2)
@example("  Hired  blade ", 7)
def test_numbered_ids_are_made_as_make_id_makes_them(name: str, number: int) -> None:
    assert _numbered_id_prefix(name) + str(number) == make_id(f"{name} {number}")


def test_numbered_copies_equal_characters_decoded_whole(tmp_path: Path) -> None:
    """Each copy is the character its own table would give: name, id, zone by id, and
    every other field of the template; a copy with overrides is decoded whole."""
    path = _scene(
        tmp_path,
        '\n[[npc]]\ntemplate = "library.toml"\ncount = 4\nzone = "great hall"\n'
        '  [npc.each."Thug 3"]\n  stress_checked = [2]\n',
    )
    thugs = load_scene(path).scene.characters
    assert [c.id for c in thugs] == ["thug-1", "thug-2", "thug-3", "thug-4"]
    for number, thug in enumerate(thugs, 1):
        table = {
            "name": f"Thug {number}",
            "kind": "minor",
            "high_concept": "Paid in rum",
            "skills": {"Fight": 2, "Physique": 1},
            "stress": 2,
            "zone": "great-hall",
        }
        if number == 3:
            table["stress_checked"] = [2]
        whole = codec.decode_character(
            Reader(), table, ("npc", 0), CharacterKind.MAJOR, RulesInPlay()
        )
        assert thug == whole
        assert vars(thug).keys() == CHARACTER_FIELDS


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_loaded_characters_hold_exactly_their_fields(path: Path) -> None:
    """A character made from its fields set one by one has every field and no other key."""
    for character in load_scene(path).scene.characters:
        assert vars(character).keys() == CHARACTER_FIELDS, character.id


def test_large_scene_characters_hold_exactly_their_fields(tmp_path: Path) -> None:
    path = tmp_path / "large.toml"
    script = ROOT / "bench" / "make_large_scene.py"
    subprocess.run([sys.executable, str(script), str(path)], check=True, capture_output=True)
    for character in load_scene(path).scene.characters:
        assert vars(character).keys() == CHARACTER_FIELDS, character.id


def test_made_values_equal_values_built_the_ordinary_way() -> None:
    assert bare_aspect("Dark ropes", AspectKind.TROUBLE) == Aspect("Dark ropes", AspectKind.TROUBLE)
    maker = Maker.defaults(Character(""))
    made = maker.fields()
    made["name"] = "Ann"
    made["skills"] = {"Fight": 2}
    character = maker.make(made)
    assert character == Character("Ann", skills={"Fight": 2})
    assert character.id == "ann"  # __post_init__ ran
    assert isinstance(character.skills, MappingProxyType)
    copy = with_fields(character, name="Bea", id="bea")
    assert copy == replace(character, name="Bea", id="bea")
    assert character.name == "Ann"
    like = Maker(copy).fields()
    like["name"] = "Cid"
    assert Maker(copy).make(like) == replace(copy, name="Cid")


def test_skills_are_checked_after_their_names_are_known() -> None:
    """Skill names seen before still have their ratings checked."""
    good = HEAD + '\n[[npc]]\nname = "Boss"\nskills = { Fight = 2, Will = 1 }\n'
    load_text(good)
    for rating, message in (("99", "at most 20"), ("true", "integer"), ("1.5", "integer")):
        text = HEAD + f'\n[[npc]]\nname = "Boss"\nskills = {{ Fight = 2, Will = {rating} }}\n'
        with pytest.raises(SceneFileError) as caught:
            load_text(text)
        problem = caught.value.problems[0]
        assert render_path(problem.path) == "npc[1].skills.Will"
        assert message in problem.message


def test_minions_named_by_the_copies_base(tmp_path: Path) -> None:
    entry = '\n[[npc]]\ntemplate = "library.toml"\ncount = 3\n'
    boss = '\n[[npc]]\nname = "Boss"\nminions = ["{}"]\n'
    assert load_scene(_scene(tmp_path, boss.format("thug") + entry)).scene
    # without a first copy the base is still found among the others
    removed = entry + '  [npc.each."Thug 1"]\n  removed = true\n'
    assert load_scene(_scene(tmp_path, boss.format("thug") + removed)).scene
    (line, where, message) = _problems(_scene(tmp_path, boss.format("thugs") + entry))[0]
    assert (line, where) == (12, "npc[1].minions")
    assert "'thugs'" in message


def test_zones_named_by_their_names(tmp_path: Path) -> None:
    """Characters, obstacles and links may name a zone by its name in any case; each
    stands on the zone's id, and an unknown zone is reported for each character there."""
    path = _scene(
        tmp_path,
        '\n[[link]]\nzones = ["Great Hall", "yard"]\n'
        '\n[[obstacle]]\nhazard = "Fire"\nrating = 2\nzone = "GREAT HALL"\n'
        '\n[[npc]]\nname = "Boss"\nzone = "Yard"\n'
        '\n[[npc]]\ntemplate = "library.toml"\ncount = 2\nzone = "great hall"\n',
    )
    scene = load_scene(path).scene
    assert scene.links[0].zones == ("great-hall", "yard")
    assert scene.obstacles[0].zone == "great-hall"
    assert {c.id: c.zone for c in scene.characters} == {
        "boss": "yard",
        "thug-1": "great-hall",
        "thug-2": "great-hall",
    }
    unknown = _scene(tmp_path, '\n[[npc]]\ntemplate = "library.toml"\ncount = 2\nzone = "Cellar"\n')
    assert [where for _, where, _ in _problems(unknown)] == ["npc[1].zone", "npc[1].zone"]


def test_links_by_name_and_id_are_one_link(tmp_path: Path) -> None:
    link = '\n[[link]]\nzones = ["{}", "{}"]\n'
    twice = _scene(tmp_path, link.format("Great Hall", "Yard") + link.format("yard", "great-hall"))
    assert _problems(twice)[0][:2] == (14, "link[2].zones")
    same = _scene(tmp_path, link.format("Great Hall", "great-hall"))
    assert "two different zones" in _problems(same)[0][2]


def test_unknown_entry_keys_are_reported_with_a_hint(tmp_path: Path) -> None:
    path = _scene(tmp_path, '\n[[npc]]\nnmae = "Boss"\ntemplate = "library.toml"\n')
    (line, where, message) = _problems(path)[0]
    assert (line, where) == (11, "npc[1].nmae")
    assert "did you mean 'name'?" in message
