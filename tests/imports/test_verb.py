"""The ``import`` verb through the session: one undoable step, journaled as the characters'
data (never the file's path), replayed by a recovery after the file has gone; into a
campaign's party between scenes; refused where it must be."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.core import Tokens, find_verb
from fatescreen.commands.requests import ImportSheets
from fatescreen.commands.session import Session
from fatescreen.commands.verbs_import import parse_import
from fatescreen.scene.campaign import load_campaign
from tests.imports.support import fixture

Copy = Callable[[str], Path]


def journal_lines(session: Session) -> list[dict[str, object]]:
    assert session.journal is not None
    return [json.loads(line) for line in session.journal.path.read_text("utf-8").splitlines()]


def test_an_import_is_one_step_journaled_as_data_and_undone(
    scenes: Path, fixture_copy: Copy
) -> None:
    file = fixture_copy("fco-bulk.json")
    session = Session.open(scenes / "golden-mask.toml")
    before = session.scene
    result = session.execute(f"import {file} as major")
    assert result.ok, result.lines
    assert result.label == "import Ansa Merivirta, Harbourmaster Olavi"
    assert {"ansa-merivirta", "harbourmaster-olavi"} <= set(session.scene.character_index)
    (entry,) = journal_lines(session)[1:]
    command = str(entry["command"])
    assert command.startswith("import data '[")
    assert str(file) not in command and "fco-bulk" not in command
    assert session.log[-1].command == f"import {file} as major"
    undone = session.execute("undo")
    assert undone.lines == ("undone: import Ansa Merivirta, Harbourmaster Olavi",)
    assert session.scene == before


def test_a_recovery_adds_the_same_characters_without_the_file(
    scenes: Path, fixture_copy: Copy
) -> None:
    file = fixture_copy("fari-v6-eira.json")
    scene = scenes / "golden-mask.toml"
    first = Session.open(scene)
    assert first.execute(f"import {file}").ok
    made = first.scene
    file.unlink()
    again = Session.open(scene)
    assert again.recovery_pending
    (result,) = again.recover_results()
    assert result.ok and result.lines == (
        "added: Eira Valo",
        "the GM pool gains a point for the new PC: now 5",
    )
    assert again.scene == made


def test_the_data_form_adds_characters_exactly(scenes: Path) -> None:
    session = Session.open(scenes / "golden-mask.toml", journal=False)
    record = {"name": "Aino", "kind": "major", "skills": {"Fight": 2}, "fate_points": 0}
    line = ImportSheets(data=json.dumps([record])).command()
    result = session.execute(line)
    assert result.ok and result.lines == ("added: Aino",)
    aino = session.scene.character("aino")
    assert aino.kind.value == "major" and aino.skill("Fight") == 2


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ("{", "import data takes a JSON array of character records: a key in double quotes"),
        ('{"name": "A"}', "import data takes a JSON array of character records: not an array"),
        ("[]", "import data takes a JSON array of character records: not an array"),
        (
            '[{"name": "A", "colour": 1}]',
            "A: colour: unknown key 'colour'",
        ),
        ('[{"name": "A\\u001b"}]', "A\\x1b: name: control or escape character U+001B"),
    ],
)
def test_bad_data_is_refused(scenes: Path, data: str, said: str) -> None:
    session = Session.open(scenes / "golden-mask.toml", journal=False)
    result = session.execute(ImportSheets(data=data).command())
    assert not result.ok
    assert result.lines[0].startswith(said) or said in result.lines[0], result.lines


def test_a_name_already_in_the_scene_is_refused_and_nothing_changes(
    scenes: Path, fixture_copy: Copy
) -> None:
    file = fixture_copy("fari-v6-eira.json")
    session = Session.open(scenes / "golden-mask.toml", journal=False)
    assert session.execute(f"import {file}").ok
    before = session.scene
    again = session.execute(f"import {file}")
    assert not again.ok
    assert again.lines == (
        "another character is already called Eira Valo (names and ids must differ): Eira Valo",
    )
    assert session.scene == before


def test_a_relative_path_starts_from_the_scenes_folder(scenes: Path) -> None:
    session = Session.open(scenes / "golden-mask.toml", journal=False)
    result = session.execute("import characters/anselm.fari.json as major")
    assert result.ok, result.lines
    assert session.scene.character("brother-anselm").skill("Liturgy") == 1


def test_a_bad_file_is_refused_with_its_problems(scenes: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"pages": [], "name": "X", "version": 12}', encoding="utf-8")
    session = Session.open(scenes / "golden-mask.toml", journal=False)
    result = session.execute(f"import {bad}")
    assert not result.ok
    assert result.lines == (
        f"nothing imported: {bad} cannot be read\n"
        "  $.version: Fari version 12 is not one this reads (3 to 6); open the character in "
        "Fari and export it again",
    )


def test_the_party_is_for_campaigns(scenes: Path, fixture_copy: Copy) -> None:
    session = Session.open(scenes / "golden-mask.toml", journal=False)
    result = session.execute(f"import {fixture_copy('fari-v6-eira.json')} to party")
    assert result.lines == ("this is not a campaign: there is no party to join",)


def test_between_scenes_a_campaign_adds_to_its_party_and_saves(
    scenes: Path, fixture_copy: Copy
) -> None:
    session = open_campaign(scenes)
    result = session.execute(f"import {fixture_copy('fari-v6-eira.json')}")
    assert result.ok, result.lines
    assert "joined the party: Eira Valo" in result.lines
    # Sailing is not on the campaign's list of 19 skills
    assert any("Sailing is not on the campaign's skill list" in line for line in result.lines)
    saved = load_campaign(scenes).campaign.member("eira-valo").character
    assert saved.skill("Notice") == 4 and saved.skill("Sailing") == 0
    assert journal_lines(session)[1:] == []  # saved at once: the journal starts afresh
    assert session.execute("undo").ok
    assert "eira-valo" not in {pc.id for pc in session.campaign.pcs}


def test_while_a_scene_runs_to_party_is_asked_for(scenes: Path, fixture_copy: Copy) -> None:
    session = open_campaign(scenes)
    assert session.execute("play 1").ok
    into_scene = session.execute(f"import {fixture_copy('fari-v6-eira.json')} as major")
    assert into_scene.ok and "eira-valo" in session.scene.character_index
    (entry,) = journal_lines(session)[1:]
    assert str(entry["command"]).startswith("import data '[")
    assert "eira-valo" not in {pc.id for pc in session.campaign.pcs}
    veli = fixture_copy("fco-veli-routa.json")
    into_party = session.execute(f"tuo {veli} lisää ryhmään")
    assert into_party.ok, into_party.lines
    assert "veli-routa" in {pc.id for pc in session.campaign.pcs}
    assert "veli-routa" not in session.scene.character_index
    npcs = session.execute(f"import {veli} as major to party")
    assert npcs.lines == ("the party holds PCs only: import NPCs into a scene",)


def test_a_sheet_that_breaks_the_campaigns_pyramid_is_refused(scenes: Path, tmp_path: Path) -> None:
    data = json.loads(fixture("fari-full-export.json").read_text(encoding="utf-8"))
    skills = data["characters"][0]["pages"][0]["rows"][0]["columns"][1]["sections"][0]
    skills["blocks"].append({"id": "x", "type": "Skill", "label": "Fight", "value": "3"})
    file = tmp_path / "two-at-three.json"
    file.write_text(json.dumps({"characters": [data["characters"][0]]}), encoding="utf-8")
    session = open_campaign(scenes, journal=False)
    result = session.execute(f"import {file}")
    assert not result.ok
    assert result.lines[0].startswith(
        "Ilta Sarvi: Good (+3) holds 2 skills but Fair (+2) below it only 1"
    )
    assert "Ilta Sarvi" not in {pc.name for pc in session.campaign.pcs}


@pytest.mark.parametrize(
    ("words", "request_made"),
    [
        (["a.json", "b.json"], ImportSheets(("a.json", "b.json"))),
        (["a.json", "lajina", "merkittävä"], ImportSheets(("a.json",), kind="major")),
        (["a.json", "as", "mooks", "to", "party"], ImportSheets(("a.json",), None, "mooks", True)),
        (["a.json", "ryhmään"], ImportSheets(("a.json",), to_party=True)),
        (["tiedot", "[]"], ImportSheets(data="[]")),
    ],
)
def test_the_line_reads_into_a_request_and_back(
    words: list[str], request_made: ImportSheets
) -> None:
    verb = find_verb("import")
    args = Tokens(verb, list(words), "en")
    assert parse_import(args) == request_made
    again = request_made.command().split(" ", 1)[1]
    from fatescreen.commands.core import split_line

    assert parse_import(Tokens(verb, split_line(again), "en")) == request_made


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ([], "import: missing file."),
        (["a.json", "as", "dragon"], "'dragon' is not one of: pc"),
        (["a.json", "to", "market"], "'market' is not one of: party"),
    ],
)
def test_a_malformed_line_is_refused(words: list[str], said: str) -> None:
    from fatescreen.commands.errors import CommandError

    verb = find_verb("import")
    with pytest.raises(CommandError) as refused:
        parse_import(Tokens(verb, list(words), "en"))
    assert str(refused.value).startswith(said)


def test_the_shipped_sample_is_found_where_the_docs_say(tmp_path: Path) -> None:
    from fatescreen.resources import shipped

    sample = shipped("scenes") / "characters" / "anselm.fari.json"
    assert sample.is_file()
    shutil.copy(sample, tmp_path / "anselm.json")


def test_notes_are_set_and_cleared_at_the_table(scenes: Path) -> None:
    session = Session.open(scenes / "golden-mask.toml", journal=False)
    assert session.execute('set leader notes "Wears the mask even asleep."').lines == (
        "Masked leader: notes changed",
    )
    assert session.scene.character("leader").notes == "Wears the mask even asleep."
    assert session.execute("save").ok
    text = (scenes / "golden-mask.toml").read_text(encoding="utf-8")
    assert 'notes = "Wears the mask even asleep."' in text
    assert session.execute("aseta leader muistiinpanot ei").ok
    assert session.scene.character("leader").notes == ""
