"""Characters of the other three systems from a CSV sheet, one a row: appended to a scene of
their system after its own loader has read them, with the report; refused, each problem at
its row and column, when a cell or a character breaks the system's format."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from fatescreen.cli import main
from fatescreen.scene.systems import load_system_scene
from tests.imports.support import fixture


def cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = main(list(args))
    return status, out.getvalue()


def comments(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("#")]


def test_a_varjot_sheet_adds_a_pc_and_an_npc(scenes: Path) -> None:
    scene = scenes / "varjot" / "sillalla.toml"
    before = scene.read_text(encoding="utf-8")
    status, out = cli("import", str(fixture("varjot-sheet.csv")), "--into", str(scene))
    assert status == 0, out
    assert out.splitlines()[0] == (
        f"Halla, from a CSV sheet ({fixture('varjot-sheet.csv')}, row 2):"
    )
    assert "  left out: row 2, colour: no column of that name in this system's sheet" in out
    assert "added: Halla, Siltavahti" in out
    after = scene.read_text(encoding="utf-8")
    assert after.startswith(before.split("[[npc]]")[0])
    assert comments(after) == comments(before)
    characters = {c.name: c for c in load_system_scene(scene).value.characters}
    halla = characters["Halla"]
    assert halla.player == "Eevi"
    assert {a.name: a.rating for a in halla.abilities} == {"Miekkailu": 2, "Jousiammunta": 3}
    assert {p.name: p.maximum for p in halla.pools} == {"Ruumis": 4, "Mieli": 3}
    assert characters["Siltavahti"].player is None


def test_a_mekanismi_sheet(scenes: Path) -> None:
    scene = scenes / "mekanismi" / "kuilun-reunalla.toml"
    status, out = cli("import", str(fixture("mekanismi-sheet.csv")), "--into", str(scene))
    assert status == 0, out
    text = scene.read_text(encoding="utf-8")
    assert '\n\n[[pc]]\nname = "Torvald"\nplayer = "Eevi"\n' in text
    assert text.endswith('\n\n[[npc]]\nname = "Susi"\nabilities = { Taistelu = 2 }\nhealth = 2\n')
    characters = {c.name: c for c in load_system_scene(scene).value.characters}
    assert "Torvald" in characters and "Susi" in characters


def test_an_objektit_sheet(scenes: Path) -> None:
    scene = scenes / "objektit" / "satamassa.toml"
    status, out = cli("import", str(fixture("objektit-sheet.csv")), "--into", str(scene))
    assert status == 0, out
    liisa = load_system_scene(scene).value.entries[-1]
    assert liisa.sheet.name == "Liisa"
    assert 'goals = ["Kysy kalastajilta", "Tutki hylky"]' in scene.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("sheet", "said"),
    [
        (
            "name,player,ability:Miekkailu\nHalla,Tuomo,2\n",
            "  row 2, player: 'Tuomo' is not in players (known: Eevi, Tuomas, Anni)",
        ),
        (
            "name,ability:Miekkailu\nHalla,5\n",
            "  row 2, abilities.Miekkailu: 5 is too large (at most 4)",
        ),
        ("name,ability:Miekkailu\nHalla,lots\n", "  row 2, ability:Miekkailu: not a whole number"),
        ("player\nEevi\n", "  row 2, name: the character has no name"),
        ("name,notes\nHalla,\x1b[2J\n", "  row 2, notes: control or escape character U+001B"),
        ("", "  row 1: no header row naming the columns"),
        ("name\n\n", "  row 1: the file holds no characters"),
    ],
)
def test_a_bad_sheet_writes_nothing(scenes: Path, tmp_path: Path, sheet: str, said: str) -> None:
    scene = scenes / "varjot" / "sillalla.toml"
    before = scene.read_bytes()
    file = tmp_path / "sheet.csv"
    file.write_text(sheet, encoding="utf-8")
    status, out = cli("import", str(file), "--into", str(scene))
    assert status == 1
    # a row the sheet cannot give names the sheet; one the scene cannot take, both
    assert out.splitlines()[0] in (
        f"error: nothing imported: {file} cannot be read",
        f"error: nothing imported: the rows of {file} cannot join {scene}",
    )
    assert any(line.startswith(said) for line in out.splitlines()), out
    assert scene.read_bytes() == before


def test_a_json_file_into_another_system_is_refused(scenes: Path) -> None:
    scene = scenes / "varjot" / "sillalla.toml"
    status, out = cli("import", str(fixture("fari-v6-eira.json")), "--into", str(scene))
    assert status == 1
    assert out == (
        "error: characters of menneisyyden-varjot are imported from a CSV sheet, one a row "
        "(docs/import.md)\n"
    )


def test_a_dry_run_of_a_sheet_writes_nothing(scenes: Path) -> None:
    scene = scenes / "objektit" / "satamassa.toml"
    before = scene.read_bytes()
    status, out = cli(
        "import", str(fixture("objektit-sheet.csv")), "--into", str(scene), "--dry-run"
    )
    assert status == 0
    assert out.splitlines()[0] == "a dry run, nothing is written: the import would do this"
    assert scene.read_bytes() == before


def test_a_byte_that_is_not_utf8_names_its_row(scenes: Path, tmp_path: Path) -> None:
    scene = scenes / "varjot" / "sillalla.toml"
    before = scene.read_bytes()
    file = tmp_path / "sheet.csv"
    file.write_bytes(b"name,ability:Miekkailu\nHalla,2\nBad\xff,1\n")
    status, out = cli("import", str(file), "--into", str(scene))
    assert status == 1
    assert out.splitlines()[1] == "  row 3: not UTF-8 text (byte 34)"
    assert scene.read_bytes() == before
