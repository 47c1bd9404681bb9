"""Mekanismi scene files: the example loads, every mistake names file:line and key (a pool
below 0 first), saves write the damage taken and keep the GM's comments."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from fatescreen import cli
from fatescreen.scene.systems import load_system_scene, save_system_scene
from fatescreen.systems import of_file
from fatescreen.systems.mekanismi import MEKANISMI
from fatescreen.systems.mekanismi.rules.damage import DamageTrack
from fatescreen.systems.mekanismi.rules.pools import Advantage
from fatescreen.systems.mekanismi.scene import MekanismiScene
from tests.systems.support import KUILU, edited, problems


def test_the_example_scene_loads() -> None:
    loaded = load_system_scene(KUILU)
    scene = loaded.value
    assert isinstance(scene, MekanismiScene)
    assert of_file(KUILU).id == MEKANISMI
    assert scene.title == "Kuilun reunalla"
    ragnar = scene.character("Ragnar")
    assert ragnar.ability("taistelu") == 3
    assert ragnar.gear == (("Tikari", Advantage.MINOR), ("Rengaspaita", Advantage.MAJOR))
    assert ragnar.damage == DamageTrack(0, 5)
    assert scene.members[0].player == "Eevi"
    assert scene.character("Perämies").damage.health is None
    assert [member.player is None for member in scene.members].count(True) == 5


def test_a_pool_below_zero_is_an_error_at_its_line(tmp_path: Path) -> None:
    path = edited(tmp_path, "Taistelu = 3, Ratsastus", "Taistelu = -1, Ratsastus", KUILU)
    assert problems(path) == [
        f"{path}:16: pc[1].abilities.Taistelu: a pool cannot be below 0 dice, found -1"
    ]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('Tikari = "pieni"', 'Tikari = "valtava"', "pc[1].gear.Tikari: an advantage is 1 die"),
        ('Tikari = "pieni"', "Tikari = 2", "found 2"),
        ("health = 5", "health = 0", "pc[1].health: 0 is too small (at least 1)"),
        ("health = 5", "damage = -2", "pc[1].damage: -2 is too small (at least 0)"),
        ('player = "Eevi"\n', "", "pc[1].player: missing: whose character is this?"),
        ('name = "Sigrid"', 'name = "Ragnar"', "pc[2].name: 'Ragnar' is here twice"),
        (
            "Taistelu = 2 }",
            "Taistelu = 2.5 }",
            "npc[2].abilities.Taistelu: expected an integer, found a number",
        ),
        ('[[npc]]\nname = "Renttu"', '[[npc]]\nplayer = "X"\nname = "Renttu"', "unknown key"),
        ('[[pc]]\nname = "Ragnar"', '[[pcs]]\nname = "Ragnar"', "(did you mean 'pc'?)"),
    ],
)
def test_mistakes_are_named(tmp_path: Path, old: str, new: str, expected: str) -> None:
    found = problems(edited(tmp_path, old, new, KUILU))
    assert any(expected in problem for problem in found), found


def test_check_accepts_the_example_and_names_mistakes(tmp_path: Path) -> None:
    out = io.StringIO()
    assert cli.check([KUILU], out) == 0
    assert out.getvalue() == f"{KUILU}: ok\n"
    bad = edited(tmp_path, "Soutu = 3 }", "Soutu = -3 }", KUILU)
    out = io.StringIO()
    assert cli.check([bad], out) == 1
    assert (
        out.getvalue()
        == f"{bad}:24: pc[2].abilities.Soutu: a pool cannot be below 0 dice, found -3\n"
    )


def test_a_save_writes_damage_and_keeps_comments(tmp_path: Path) -> None:
    path = edited(tmp_path, "title", "title", KUILU)
    loaded = load_system_scene(path)
    scene = loaded.value
    rosvo = scene.character("Rosvo")
    hurt = scene.with_character(
        type(rosvo)(rosvo.name, rosvo.abilities, rosvo.gear, rosvo.damage.take(1))
    )
    saved = save_system_scene(loaded, hurt)
    text = path.read_text(encoding="utf-8")
    assert '# Gear: "pieni" (minor, 1 die)' in text
    assert load_system_scene(path).value.character("Rosvo").damage.taken == 1
    healed = saved.value.with_character(rosvo)
    save_system_scene(saved, healed)
    assert path.read_text(encoding="utf-8") == KUILU.read_text(encoding="utf-8")
