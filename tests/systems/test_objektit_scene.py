"""Objektien luonti scene files: the example loads, every mistake names file:line and key (a
KK of +7 first), saves write the condition and keep the GM's comments."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen import cli
from fatescreen.scene.systems import load_system_scene, save_system_scene
from fatescreen.systems import of_file
from fatescreen.systems.objektit import OBJEKTIT
from fatescreen.systems.objektit.rules.condition import ConditionLevel
from fatescreen.systems.objektit.rules.ratings import Rating
from fatescreen.systems.objektit.scene import ObjektitScene
from tests.systems.support import SATAMASSA, edited, problems


def test_the_example_scene_loads() -> None:
    loaded = load_system_scene(SATAMASSA)
    scene = loaded.value
    assert isinstance(scene, ObjektitScene)
    assert of_file(SATAMASSA).id == OBJEKTIT
    aino = scene.entry("Aino")
    assert aino.player == "Eevi" and aino.kind == "hahmo"
    assert aino.sheet.concept == "Melko kyvykäs poliisi"
    assert aino.sheet.developed_rating("poliisi") is Rating.FAIRLY
    assert aino.sheet.inherent_rating("nokkela") is Rating.VERY
    assert aino.sheet.condition_level is ConditionLevel.GOOD
    ship = scene.entry("Merikotka")
    assert ship.sheet.developed_rating("kapteeni") is Rating.NOT_VERY
    laiva, hahmo = scene.kind("laiva"), scene.kind("hahmo")
    assert laiva is not None and laiva.resist == "kestävä"
    assert hahmo is not None and hahmo.inherent[-1] == "kova"


def test_a_kk_of_seven_is_an_error_at_its_line(tmp_path: Path) -> None:
    path = edited(tmp_path, "poliisi = 4", "poliisi = 7", SATAMASSA)
    assert problems(path) == [
        f"{path}:30: object[1].developed.poliisi: an ability is rated +0 to +6, found +7"
    ]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("nokkela = 5", "nokkela = -1", "object[1].inherent.nokkela: an ability is rated +0"),
        ('default = 1\ngoal = "Saada', 'default = 9\ngoal = "Saada', "object[1].default"),
        ("nokkela = 5, ", "", "object[1].inherent: missing: every 'hahmo' has 'nokkela'"),
        ("nokkela = 5", 'nokkela = 5, "lentävä" = 2', "'lentävä' is not an inherent ability of"),
        ('kind = "laiva"', 'kind = "vene"', "object[3].kind: expected one of 'hahmo', 'laiva'"),
        ('resist = "kestävä"', 'resist = "kova"', "kinds.laiva.resist: 'kova' is not one of"),
        ('name = "Bertil"', 'name = "Aino"', "object[2].name: 'Aino' is here twice"),
        ('concept = "Salakuljettaja"\n', "condition = 7\n", "object[2].condition: 7 is too large"),
        ("[kinds.laiva]\n", "[kinds.laiva]\nresits = 1\n", "did you mean 'resist'?"),
    ],
)
def test_mistakes_are_named(tmp_path: Path, old: str, new: str, expected: str) -> None:
    found = problems(edited(tmp_path, old, new, SATAMASSA))
    assert any(expected in problem for problem in found), found


def test_check_accepts_the_example_and_names_mistakes(tmp_path: Path) -> None:
    out = io.StringIO()
    assert cli.check([SATAMASSA], out) == 0
    assert out.getvalue() == f"{SATAMASSA}: ok\n"
    bad = edited(tmp_path, "kapteeni = 1", "kapteeni = 7", SATAMASSA)
    out = io.StringIO()
    assert cli.check([bad], out) == 1
    expected = f"{bad}:53: object[3].developed.kapteeni: an ability is rated +0 to +6, found +7\n"
    assert out.getvalue() == expected


def test_a_save_writes_the_condition_and_keeps_comments(tmp_path: Path) -> None:
    path = edited(tmp_path, "title", "title", SATAMASSA)
    loaded = load_system_scene(path)
    scene = loaded.value
    bertil = scene.entry("Bertil").sheet
    saved = save_system_scene(loaded, scene.with_sheet(replace(bertil, condition=1)))
    text = path.read_text(encoding="utf-8")
    assert "# Luontaiset kyvyt kullekin objektityypille" in text
    assert load_system_scene(path).value.entry("Bertil").sheet.condition == 1
    save_system_scene(saved, saved.value.with_sheet(bertil))
    assert path.read_text(encoding="utf-8") == SATAMASSA.read_text(encoding="utf-8")
