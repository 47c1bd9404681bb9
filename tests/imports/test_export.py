"""Export to Fari: the JSON has the shape of Fari's current character (version 6) as Fari's
source names it at the commit in README.md, and the round trip holds on both sides: a Fari
character imported, exported and imported again is the same character, and so is a
fatescreen character exported and imported."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from fatescreen.cli import main
from fatescreen.commands.session import Session
from fatescreen.resources import shipped
from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    Severity,
    StressKind,
    StressTrack,
    Stunt,
)
from fatescreen.scene import codec
from fatescreen.scene.model import RulesInPlay
from fatescreen.scene.reader import Reader
from fatescreen.scene.sheets.fari import write_fari
from fatescreen.scene.sheets.fit import Target, fit
from fatescreen.scene.sheets.read import sheets_of
from tests.imports.support import fixture

# What Fari's lib/domains/character/types.tsx names (ICharacter, IPage, IPageRow,
# IPageColumn, ISection, IBlock and each block type's meta), and the fariType that
# lib/domains/fari-entity/FariEntity.ts adds to an exported entity.
CHARACTER_KEYS = {"id", "name", "wide", "pages", "version", "lastUpdated", "fariType"}
CHARACTER_OPTIONAL = {"group", "zoom", "theme", "playedDuringTurn"}
PAGE_KEYS = {"id", "label", "rows"}
SECTION_KEYS = {"id", "label", "blocks"}
SECTION_OPTIONAL = {"visibleOnCard"}
BLOCK_KEYS = {"id", "type", "label", "value", "meta"}
BLOCK_TYPES = {
    "Text",
    "InfoText",
    "Numeric",
    "Skill",
    "DicePool",
    "PointCounter",
    "SlotTracker",
    "Image",
    "Link",
    "Separator",
}
META_KEYS = {
    "Text": {"helperText", "width", "checked"},
    "Skill": {"helperText", "width", "checked", "commands", "hideModifier"},
    "PointCounter": {"helperText", "width", "isMainPointCounter", "max"},
    "SlotTracker": {"helperText", "width", "asClock"},
}


def exported(name: str, kind: str = "pc") -> tuple[dict[str, Any], Character, RulesInPlay]:
    """A fixture's first character imported into a scene and exported to Fari."""
    session = Session.open(shipped("scenes") / "golden-mask.toml", journal=False)
    before = {c.id for c in session.scene.characters}
    result = session.execute(f"import {fixture(name)} as {kind}")
    assert result.ok, result.lines
    made = next(c for c in session.scene.characters if c.id not in before)
    rules = session.scene.rules
    return write_fari(made, escalating=rules.escalating_stress_boxes, updated=7), made, rules


def blocks(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every block of an exported character."""
    return [
        block
        for page in data["pages"]
        for row in page["rows"]
        for column in row["columns"]
        for section in column["sections"]
        for block in section["blocks"]
    ]


def test_the_export_has_the_shape_of_faris_current_character() -> None:
    data, _, _ = exported("fari-v6-eira.json")
    assert CHARACTER_KEYS <= set(data) <= CHARACTER_KEYS | CHARACTER_OPTIONAL
    assert data["version"] == 6 and data["fariType"] == "character"
    assert data["lastUpdated"] == 7 and data["wide"] is False
    for page in data["pages"]:
        assert set(page) == PAGE_KEYS
        for row in page["rows"]:
            assert set(row) == {"columns"}
            for column in row["columns"]:
                assert set(column) == {"sections"}
                for section in column["sections"]:
                    assert SECTION_KEYS <= set(section) <= SECTION_KEYS | SECTION_OPTIONAL
                    assert section["label"] == section["label"].upper()
    for block in blocks(data):
        assert set(block) == BLOCK_KEYS
        assert block["type"] in BLOCK_TYPES
        assert set(block["meta"]) <= META_KEYS[block["type"]]
        if block["type"] in ("Text", "Skill", "PointCounter"):
            assert isinstance(block["value"], str)
        if block["type"] == "SlotTracker":
            for box in block["value"]:
                assert set(box) == {"label", "checked"} and isinstance(box["checked"], bool)
        if block["type"] == "PointCounter":
            assert isinstance(block["meta"]["isMainPointCounter"], bool)
            assert isinstance(block["meta"]["max"], str)


def test_the_export_says_what_eira_is() -> None:
    data, _, _ = exported("fari-v6-eira.json")
    by_label = {block["label"]: block for block in blocks(data)}
    assert by_label["HIGH CONCEPT"]["value"] == "Lighthouse keeper who hears the drowned"
    assert by_label["Keeper of the light"]["value"] == (
        "+2 to Notice when I create an advantage in darkness or fog."
    )
    assert by_label["STUNT #2"]["value"].startswith("Once per session")
    assert [a["value"] for a in blocks(data) if a["label"] == "ASPECT"] == [
        "My brother sails with the smugglers",
        "Lamp oil &amp; salt in every pocket",
    ]
    points = by_label["FATE POINTS"]
    assert points["value"] == "2" and points["meta"] == {"isMainPointCounter": True, "max": "3"}
    physical = by_label["PHYSICAL"]["value"]
    assert [box["checked"] for box in physical] == [False, True, False, False]
    assert {box["label"] for box in physical} == {"1"}
    assert by_label["MILD"]["value"] == "Salt-burned hands"
    assert by_label["MILD"]["meta"] == {"checked": True}
    assert by_label["NOTES"]["value"] == (
        "Keeps a logbook of every ship that passed the light.<br>Cannot swim."
    )
    assert by_label["Sailing"] == {
        "id": by_label["Sailing"]["id"],
        "type": "Skill",
        "label": "Sailing",
        "value": "1",
        "meta": {"commands": ["4dF"]},
    }


def test_exporting_again_gives_the_same_ids() -> None:
    first, made, _ = exported("fari-v6-eira.json")
    again = write_fari(made, escalating=False, updated=8)
    ids = [block["id"] for block in blocks(first)]
    assert ids == [block["id"] for block in blocks(again)]
    assert len(set(ids)) == len(ids)
    assert first["id"] == again["id"]


def _again(data: dict[str, Any], kind: str, rules: RulesInPlay) -> Character:
    """An exported character read back from its JSON into a scene under ``rules``."""
    (sheet,) = sheets_of(json.loads(json.dumps(data))).characters
    fitted = fit(sheet, Target(rules, CharacterKind(kind)))
    reader = Reader()
    found = codec.decode_character(reader, fitted.record, (), CharacterKind.PC, rules)
    assert found is not None and not reader.problems
    return found


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("fari-v6-eira.json", "pc"),
        ("fari-v3-eira.json", "pc"),
        ("fari-v4-tarmo-custom.json", "major"),
        ("fari-full-export.json", "major"),
        ("fco-bulk.json", "minor"),
    ],
)
def test_import_export_import_gives_the_same_character(name: str, kind: str) -> None:
    data, made, rules = exported(name, kind)
    again = _again(data, kind, rules)
    assert codec.encode_character(again, rules) == codec.encode_character(made, rules)
    assert again == made


def test_a_fatescreen_character_comes_back_from_fari() -> None:
    rules = RulesInPlay()
    rozio = Character(
        "Rozio",
        CharacterKind.PC,
        aspects=(
            Aspect("Duelist without a patron", AspectKind.HIGH_CONCEPT),
            Aspect("Pride before <everything> & everyone", AspectKind.TROUBLE),
            Aspect("Owes Silbestre: a life", AspectKind.CHARACTER),
        ),
        skills={"Fight": 4, "Athletics": 3, "Pilot": 2, "Notice": 0, "Deceive": -1},
        stunts=(
            Stunt("Riposte: +2 to Fight when I defend in melee."),
            Stunt("No name here, only a rule: twice per scene."),
            Stunt("Stunt #4: a name like a placeholder"),
        ),
        stress=(
            StressTrack(StressKind.PHYSICAL, 5, frozenset({1, 4})),
            StressTrack(StressKind.MENTAL, 3),
        ),
        consequences=(
            ConsequenceSlot(Severity.MILD, aspect=Aspect("Cut arm", AspectKind.CONSEQUENCE)),
            ConsequenceSlot(Severity.MODERATE),
            ConsequenceSlot(Severity.SEVERE),
            ConsequenceSlot(
                Severity.MILD,
                StressKind.PHYSICAL,
                aspect=Aspect("Bruised knee", AspectKind.CONSEQUENCE),
            ),
        ),
        fate_points=1,
        refresh=2,
        notes="Two lines\nof notes: with <tags> & more.",
    )
    again = _again(write_fari(rozio, escalating=False, updated=1), "pc", rules)
    assert codec.encode_character(again, rules) == codec.encode_character(rozio, rules)


def test_in_a_scene_of_escalating_boxes_the_boxes_carry_their_values() -> None:
    rules = RulesInPlay(escalating_stress_boxes=True)
    track = StressTrack(StressKind.PHYSICAL, 3, frozenset({2}))
    hero = Character("Hero", CharacterKind.PC, stress=(track,))
    data = write_fari(hero, escalating=True, updated=1)
    (boxes,) = [block["value"] for block in blocks(data) if block["type"] == "SlotTracker"]
    assert [box["label"] for box in boxes] == ["1", "2", "3"]
    again = _again(data, "pc", rules)
    assert again.track(StressKind.PHYSICAL) == track


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def test_the_cli_exports_a_scene_character_and_says_what_fari_cannot_hold(scenes: Path) -> None:
    status, out, err = cli("export", str(scenes / "golden-mask.toml"), "leader", "--fari")
    assert status == 0
    data = json.loads(out)
    assert data["name"] == "Masked leader" and data["version"] == 6
    assert err == "not on the Fari sheet: Weapon 1; Armor 1\n"


def test_the_cli_exports_a_party_member_to_a_file(scenes: Path, tmp_path: Path) -> None:
    target = tmp_path / "silbestre.fari.json"
    status, out, _ = cli("export", str(scenes), "silb", "--fari", "--out", str(target))
    assert (status, out) == (0, "")
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["name"] == "Silbestre"
    (sheet,) = sheets_of(data).characters
    assert sheet.high_concept is not None
    assert sheet.high_concept.value == "Haunted scholar of the old books"


def test_the_cli_names_an_unknown_character(scenes: Path) -> None:
    status, out, err = cli("export", str(scenes / "golden-mask.toml"), "nobody", "--fari")
    assert status == 1 and out == ""
    assert "nobody" in err


def test_the_cli_asks_for_the_format(scenes: Path) -> None:
    status, out, err = cli("export", str(scenes / "golden-mask.toml"), "leader")
    assert (status, out) == (2, "")
    assert "--fari" in err


def test_a_system_that_exports_nothing_says_so_before_any_format(scenes: Path) -> None:
    status, out, err = cli("export", str(scenes / "varjot" / "sillalla.toml"), "Ilse")
    assert (status, out) == (2, "")
    assert "characters are exported from scenes of Fate Condensed" in err
