"""Foundry's Fate Core Official actors read into fatescreen: every field, Fate Core's valued
stress boxes as one-point boxes (and the report saying so), stunts with a bonus, extras,
what is left out, and a bulk export."""

from __future__ import annotations

import json
from pathlib import Path

from fatescreen.rules.character import CharacterKind
from fatescreen.scene.model import RulesInPlay
from fatescreen.scene.sheets.fit import Fitted, Target, fit
from fatescreen.scene.sheets.read import read_sheets
from tests.imports.support import character, fields_of, fitted, fixture, reasons

VELI = {
    "name": "Veli Routa",
    "kind": "pc",
    "high_concept": "Salvage diver with a grudge against the sea",
    "trouble": "Never leaves a wreck unlooted",
    "aspects": ["Lungs like a bellows"],
    "skills": {
        "Athletics": 3,
        "Physique": 3,
        "Crafts": 2,
        "Notice": 2,
        "Fight": 1,
        "Will": 1,
        "Diving": 4,
    },
    "stunts": [
        {
            "text": "Deep breath: +2 to Physique when I overcome the cold or the deep.",
            "skill": "Physique",
            "bonus": 2,
            "action": "overcome",
        },
        "Salvager's eye: Once per scene, name one useful thing a wreck still holds.",
    ],
    # [1][x][3]: Fate Core's Average/Fair track, the 2-box checked; [1][2]: Mediocre
    "stress": {"physical": 4, "mental": 3},
    "stress_checked": {"physical": [1, 2]},
    "consequences": {"mild": "Ear ringing from the depths"},
    "fate_points": 1,
    "refresh": 2,
    "notes": "\n\n".join(
        [
            "Pronouns: he/him",
            "Description: A broad man in a patched diving suit.",
            "Biography: Raised on the salvage barges of the northern bay.\n"
            "Lost a partner to the Kraken's Teeth.",
            "Owes Eira Valo a lantern.",
            "Brass diving helmet: Lets him breathe below for an hour.",
        ]
    ),
}
"""Veli as his actor says, in the scene's short forms (worked out by hand)."""


def test_an_actor_maps_every_field() -> None:
    (veli,) = fitted("fco-veli-routa.json")
    assert veli.sheet.origin == "Fate Core Official 4.7.14.8"
    assert veli.record == VELI


def test_valued_boxes_become_one_point_boxes_and_the_report_says_so() -> None:
    (veli,) = fitted("fco-veli-routa.json")
    notes = {
        veli_row.source.labels[0]: veli_row.note.render("en")
        for veli_row in veli.mapped
        if veli_row.field == "stress" and veli_row.note is not None
    }
    assert notes == {
        "Physical Stress": (
            "Fate Core's valued boxes [1][2][3] as 4 one-point boxes (the track of the same rating)"
        ),
        "Mental Stress": (
            "Fate Core's valued boxes [1][2] as 3 one-point boxes (the track of the same rating)"
        ),
    }
    assert ("stress", "physical track: 4 boxes, 2 checked") in fields_of(veli)


def test_the_stunt_with_a_bonus_keeps_it() -> None:
    (veli,) = fitted("fco-veli-routa.json")
    made = character(veli.record)
    deep = made.stunts[0]
    assert (deep.skill, deep.action, deep.bonus) == ("Physique", "overcome", 2)
    assert made.stunts[1].bonus == 0


def test_what_the_actor_holds_that_fatescreen_does_not_take_is_left_out() -> None:
    (veli,) = fitted("fco-veli-routa.json")
    assert reasons(veli) == [
        ("$.system.details.fatePoints.boosts", "1 boost: boosts belong to a scene"),
        ("$.system.tracks['Q29ycnVwdGlvbg==']", "a track fatescreen has no place for"),
    ]


def test_a_bulk_export_brings_each_character_and_leaves_out_things() -> None:
    from fatescreen.scene.sheets.read import read_sheets
    from tests.imports.support import fixture

    sheets = read_sheets(fixture("fco-bulk.json"))
    assert [sheet.name.value for sheet in sheets.characters] == [
        "Ansa Merivirta",
        "Harbourmaster Olavi",
    ]
    assert [(s.source.path, s.reason.render("en")) for s in sheets.skipped] == [
        ((2,), "a thing, not a character")
    ]
    ansa, olavi = fitted("fco-bulk.json", Target(RulesInPlay(), CharacterKind.MAJOR))
    # [1][2][3][4] with boxes 1 and 3 checked: worth 4, on the Good-and-up track of 6
    assert ansa.record["stress"] == {"physical": 4, "mental": 6}
    assert ansa.record["stress_checked"] == {"mental": [1, 2, 3, 4]}
    assert ansa.record["consequences"] == {"moderate": "Price on her head"}
    assert ansa.record["skills"]["Sailing"] == 3
    # Fate Accelerated's one track: [1][x]
    assert olavi.record["stress"] == 3
    assert olavi.record["stress_checked"] == [1, 2]
    assert "consequences" not in olavi.record  # the mild slot is empty
    assert (olavi.record["fate_points"], olavi.record["refresh"]) == (0, 1)


def test_into_a_campaign_skills_off_its_list_are_left_out() -> None:
    target = Target(
        RulesInPlay(), CharacterKind.PC, ("Athletics", "Physique", "Notice"), party=True
    )
    (veli,) = fitted("fco-veli-routa.json", target)
    assert "kind" not in veli.record
    assert veli.record["skills"] == {"Athletics": 3, "Physique": 3, "Notice": 2}
    left = [reason for _, reason in reasons(veli)]
    assert "Crafts is not on the campaign's skill list" in left
    assert "Diving is not on the campaign's skill list" in left


def extra_described(tmp_path: Path, description: object) -> Fitted:
    """Veli with his helmet's description written as ``description``."""
    data = json.loads(fixture("fco-veli-routa.json").read_text(encoding="utf-8"))
    data["items"][0]["system"]["description"] = description
    path = tmp_path / "veli.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    (sheet,) = read_sheets(path).characters
    return fit(sheet, Target(RulesInPlay()))


def test_an_extra_described_by_a_plain_string_keeps_its_description(tmp_path: Path) -> None:
    veli = extra_described(tmp_path, "<p>Lets him breathe below for an hour.</p>")
    assert veli.record["notes"] == VELI["notes"]


def test_an_extra_description_that_is_not_text_is_reported(tmp_path: Path) -> None:
    veli = extra_described(tmp_path, {"value": 7})
    assert str(veli.record["notes"]).endswith("Owes Eira Valo a lantern.\n\nBrass diving helmet")
    assert ("$.items[0].system.description.value", "its description is not text") in reasons(veli)
