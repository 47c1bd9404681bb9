"""Menneisyyden varjot scene files: the example loads, every mistake names file:line and key,
saves patch only what play changed and keep the GM's comments."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from fatescreen import cli
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.load import load_text
from fatescreen.scene.systems import load_system_scene, load_system_text, save_system_scene
from fatescreen.systems import of_file, of_text
from fatescreen.systems.fate import FATE
from fatescreen.systems.varjot import VARJOT
from fatescreen.systems.varjot.rules.sheet import Pool
from fatescreen.systems.varjot.scene import VarjotScene
from tests.systems.support import SILLALLA, edited, problems


def test_the_example_scene_loads() -> None:
    loaded = load_system_scene(SILLALLA)
    scene = loaded.value
    assert isinstance(scene, VarjotScene)
    assert loaded.system == VARJOT
    assert scene.title == "Sillalla"
    assert scene.table == ("Eevi", "Tuomas", "Anni", "PJ")
    ilse = scene.character("Ilse")
    assert ilse.player == "Eevi" and ilse.rating("Miekkailu") == 3
    assert ilse.pools == (Pool("Ruumis", 5, 4), Pool("Mieli", 3, 3))
    assert scene.character("Vartija").player is None
    assert scene.gifts.by_player == {"Eevi": 4, "Tuomas": 4, "Anni": 4, "PJ": 4}


def test_the_system_is_read_from_the_top_level_keys() -> None:
    assert of_file(SILLALLA).id == VARJOT
    assert of_text('format = 1\ntitle = "x"\n').id == FATE
    assert of_text("system = 'mekanismi'\n").id == "mekanismi"
    assert of_text('[[pc]]\nsystem = "mekanismi"\n').id == FATE
    assert of_file(Path("/nonexistent.toml")).id == FATE
    notes = 'format = 1\nnotes = """\nsystem = "mekanismi"\n"""\ntitle = "x"\n'
    assert of_text(notes).id == FATE
    assert of_text('system = "varjot"\n').id == FATE  # a file names a system by its id


def test_an_ability_of_five_is_an_error_at_its_line(tmp_path: Path) -> None:
    path = edited(tmp_path, "Miekkailu = 3, Ratsastus", "Miekkailu = 5, Ratsastus")
    assert problems(path) == [f"{path}:19: pc[1].abilities.Miekkailu: 5 is too large (at most 4)"]


def test_every_mistake_is_listed(tmp_path: Path) -> None:
    path = edited(
        tmp_path,
        'player = "Tuomas"\nabilities = { "Jäljitys" = 2,',
        'player = "Tuomo"\nabilites = 3\nabilities = { "Jäljitys" = -1,',
    )
    found = problems(path)
    assert (
        f"{path}:24: pc[2].player: 'Tuomo' is not in players (known: Eevi, Tuomas, Anni)" in found
    )
    assert any(p.startswith(f"{path}:25: pc[2].abilites: unknown key") for p in found)
    assert "did you mean 'abilities'?" in " ".join(found)
    assert f'{path}:26: pc[2].abilities."Jäljitys": -1 is too small (at least 0)' in found


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("Ruumis = { max = 5, left = 4 }", "Ruumis = { max = 5, left = 6 }", "6 is too large"),
        ("Ruumis = { max = 5, left = 4 }", "Ruumis = { left = 4 }", "max: missing"),
        (
            'Mieli = 3 }\n\n[[pc]]\nname = "Aarne"',
            'Mieli = -1 }\n\n[[pc]]\nname = "Aarne"',
            "-1 is too small",
        ),
        ('name = "Aarne"', 'name = "Ilse"', "'Ilse' is here twice"),
        ('gm = "PJ"', 'gm = "Eevi"', "also listed among the players"),
        (
            "# gift_dice = { Eevi = 4 }",
            "gift_dice = { Eevi = 2, Matti = 1 }",
            "unknown key 'Matti'",
        ),
        ("# gift_dice = { Eevi = 4 }", "gift_dice = { Eevi = -2 }", "-2 is too small"),
        (
            'players = ["Eevi", "Tuomas", "Anni"]',
            'players = ["Eevi", "Eevi", "Tuomas", "Anni"]',
            "listed twice",
        ),
        ('name = "Vartija"', 'name = "Vartija"\nplayer = "Anni"', "unknown key 'player'"),
        (
            'system = "menneisyyden-varjot"\ntitle = "Sillalla"',
            'system = "menneisyyden-varjot"',
            "title: missing",
        ),
    ],
)
def test_mistakes_are_named(tmp_path: Path, old: str, new: str, expected: str) -> None:
    found = problems(edited(tmp_path, old, new))
    assert any(expected in problem for problem in found), found
    assert all(problem.startswith(f"{tmp_path / 'sillalla.toml'}:") for problem in found)


def test_bad_toml_and_unknown_systems() -> None:
    with pytest.raises(SceneFileError, match=r"<scene>:2: system: not valid TOML"):
        load_system_text('format = 1\nsystem = "menneisyyden-varjot\n')
    with pytest.raises(SceneFileError, match="system: expected one of 'menneisyyden-varjot'"):
        load_system_text('format = 1\nsystem = "shadowrun"\ntitle = "x"\n')


def test_fate_files_may_name_their_system() -> None:
    scene = load_text('format = 1\nsystem = "fate-condensed"\ntitle = "Fate"\n').scene
    assert scene.title == "Fate"
    with pytest.raises(SceneFileError, match="system: expected one of 'fate-condensed'"):
        load_text('format = 1\nsystem = "mekanismi"\ntitle = "x"\n')


def test_check_accepts_the_example_and_names_mistakes(tmp_path: Path) -> None:
    out = io.StringIO()
    assert cli.check([SILLALLA], out) == 0
    assert out.getvalue() == f"{SILLALLA}: ok\n"
    bad = edited(tmp_path, "Loitsut = 4", "Loitsut = 5")
    out = io.StringIO()
    assert cli.check([bad], out) == 1
    assert out.getvalue() == f"{bad}:31: pc[3].abilities.Loitsut: 5 is too large (at most 4)\n"


def test_a_save_patches_only_what_changed_and_keeps_comments(tmp_path: Path) -> None:
    path = edited(tmp_path, "# Gift dice left", "# Gift dice left")
    before = path.read_text(encoding="utf-8")
    loaded = load_system_scene(path)
    scene: VarjotScene = loaded.value
    scene = scene.with_character(scene.character("Ilse").spend("Ruumis").spend("Mieli"))
    scene = VarjotScene(
        scene.title,
        scene.notes,
        scene.players,
        scene.gm,
        scene.characters,
        scene.gifts.give("Tuomas", "Eevi"),
        hidden=scene.hidden,
    )
    saved = save_system_scene(loaded, scene)
    after = path.read_text(encoding="utf-8")
    assert "pools = { Ruumis = { max = 5, left = 3 }, Mieli = { max = 3, left = 2 } }" in after
    assert "gift_dice = { Eevi = 4, Tuomas = 3, Anni = 4, PJ = 4 }" in after
    assert "# Gift dice left this session" in after
    removed = [line for line in before.splitlines() if line not in after.splitlines()]
    assert removed == ["pools = { Ruumis = { max = 5, left = 4 }, Mieli = 3 }"]
    assert load_system_scene(path).value == scene
    assert saved.text == after
    # nothing changed: the file is written as it was
    save_system_scene(saved, scene)
    assert path.read_text(encoding="utf-8") == after


def test_a_campaign_names_its_system(tmp_path: Path) -> None:
    """campaign.toml may say it is Fate; Fate's loader refuses another system's campaign at
    its line (that system's own loader reads it)."""
    from fatescreen.scene.campaign import load_campaign

    folder = tmp_path / "campaign"
    folder.mkdir()
    (folder / "campaign.toml").write_text(
        'format = 1\nsystem = "fate-condensed"\nname = "Fate"\n', encoding="utf-8"
    )
    assert load_campaign(folder).campaign.name == "Fate"
    (folder / "campaign.toml").write_text(
        'format = 1\nname = "Varjot"\nsystem = "menneisyyden-varjot"\n', encoding="utf-8"
    )
    with pytest.raises(SceneFileError) as caught:
        load_campaign(folder)
    assert [str(p) for p in caught.value.problems] == [
        f"{folder / 'campaign.toml'}:3: system: this is a campaign of Menneisyyden varjot: "
        "only a Fate campaign has this; fatescreen FOLDER plays it"
    ]
