"""Fari's character JSON read into fatescreen: every field of a filled Fate Condensed
character in versions 6 and 3, custom sections and the blocks fatescreen does not map (each
left out with its reason and JSON path), Fari's export of several characters."""

from __future__ import annotations

from fatescreen.rules.character import CharacterKind, Severity, StressKind
from fatescreen.scene.model import RulesInPlay
from fatescreen.scene.sheets.fit import Target
from tests.imports.support import character, fields_of, fitted, reasons

EIRA = {
    "name": "Eira Valo",
    "kind": "pc",
    "high_concept": "Lighthouse keeper who hears the drowned",
    "trouble": "Owes the harbour witch a favour",
    "aspects": ["My brother sails with the smugglers", "Lamp oil & salt in every pocket"],
    "skills": {
        "Notice": 4,
        "Will": 3,
        "Lore": 3,
        "Athletics": 2,
        "Crafts": 2,
        "Rapport": 2,
        "Physique": 1,
        "Stealth": 1,
        "Empathy": 1,
        "Sailing": 1,
    },
    "stunts": [
        "Keeper of the light: +2 to Notice when I create an advantage in darkness or fog.",
        "Once per session I may ask the GM one question about the dead at sea.",
    ],
    "stress": {"physical": 4, "mental": 6},
    "stress_checked": {"physical": [2]},
    "consequences": {"mild": "Salt-burned hands"},
    "fate_points": 2,
    "refresh": 3,
    "notes": "Keeps a logbook of every ship that passed the light.\nCannot swim.",
}
"""Eira as her Fari sheet says, in the scene's short forms (worked out by hand)."""


def test_version_6_maps_every_field_of_a_filled_condensed_character() -> None:
    (eira,) = fitted("fari-v6-eira.json")
    assert eira.sheet.origin == "Fari v6"
    assert eira.record == EIRA
    assert eira.dropped == ()


def test_version_3_gives_the_same_character_as_version_6() -> None:
    (old,) = fitted("fari-v3-eira.json")
    (new,) = fitted("fari-v6-eira.json")
    assert old.sheet.origin == "Fari v3"
    assert old.record == new.record == EIRA


def test_the_character_is_what_the_record_says() -> None:
    (eira,) = fitted("fari-v6-eira.json")
    made = character(eira.record)
    assert made.kind is CharacterKind.PC
    assert [a.name for a in made.aspects][:2] == [EIRA["high_concept"], EIRA["trouble"]]
    assert made.skill("Sailing") == 1 and made.skill("Shoot") == 0
    physical = made.track(StressKind.PHYSICAL)
    assert physical is not None and physical.boxes == 4 and physical.checked == {2}
    mild = made.consequences[0]
    assert mild.severity is Severity.MILD and mild.aspect is not None
    assert mild.aspect.name == "Salt-burned hands"
    assert (made.fate_points, made.refresh) == (2, 3)
    assert made.notes == EIRA["notes"]


def test_the_report_lists_every_field_with_where_it_stood() -> None:
    (eira,) = fitted("fari-v6-eira.json")
    rows = fields_of(eira)
    assert rows[0] == ("name", "Eira Valo")
    assert ("high_concept", "Lighthouse keeper who hears the drowned") in rows
    assert ("skill", "Sailing +1") in rows
    assert ("stress", "physical track: 4 boxes, 1 checked") in rows
    assert ("consequence", "mild: Salt-burned hands") in rows
    assert ("fate_points", "2") in rows and ("refresh", "3") in rows
    sources = {row.field: row.source.labels for row in eira.mapped}
    assert sources["high_concept"] == ("ASPECTS", "HIGH CONCEPT")
    assert sources["refresh"] == ("FATE POINTS", "FATE POINTS")
    sailing = next(row for row in eira.mapped if row.value == "Sailing +1")
    assert sailing.note is not None and sailing.note.render("en") == "the scene's own skill"
    assert sailing.source.path == (
        "pages",
        0,
        "rows",
        0,
        "columns",
        1,
        "sections",
        2,
        "blocks",
        9,
        "value",
    )


def test_custom_sections_and_unmapped_blocks_are_each_left_out_with_a_reason() -> None:
    (tarmo,) = fitted("fari-v4-tarmo-custom.json", Target(RulesInPlay(), CharacterKind.MAJOR))
    gear = "$.pages[0].sections.left[2].blocks"
    assert reasons(tarmo) == [
        (f"{gear}[2]", "the sheet's help text"),
        (f"{gear}[3]", "a dice pool: fatescreen rolls Fate dice"),
        (f"{gear}[4]", "a picture"),
        (f"{gear}[5]", "a link"),
        (f"{gear}[6]", "a block of type Chart, which fatescreen does not know"),
        (f"{gear}[7]", "a number fatescreen has no place for"),
        (f"{gear}[8]", "a number fatescreen has no place for"),
        (
            "$.pages[0].sections.left[3].blocks[1]",
            "a second fate-point counter: fatescreen takes the first",
        ),
        ("$.pages[0].sections.right[0].blocks[2]", "a track fatescreen has no place for"),
        ("$.pages[0].sections.right[0].blocks[3]", "a clock: countdowns belong to a scene"),
        ("$.pages[0].sections.right[1].blocks[1]", "no consequence slot has that name"),
        ("$.pages[0].sections.right[2].blocks[4]", "the template's label names no skill"),
        ("$.group", "Fari's group: fatescreen has no groups"),
    ]


def test_finnish_labels_and_skill_names_are_read() -> None:
    (tarmo,) = fitted("fari-v4-tarmo-custom.json", Target(RulesInPlay(), CharacterKind.MAJOR))
    record = tarmo.record
    assert record["kind"] == "major"
    assert record["high_concept"] == "Rune-carver of the quarry"
    assert record["trouble"] == "The stones remember my debts"
    assert record["aspects"] == ["Hands harder than granite"]
    # the seed's skills take the English list's names in an English scene
    assert record["skills"] == {
        "Crafts": 4,
        "Physique": 3,
        "Lore": 2,
        "Rune-carving": 2,
        "Will": 1,
    }
    assert record["stress"] == {"physical": 3, "mental": 3}
    assert record["stress_checked"] == {"physical": [1]}
    assert record["consequences"] == {"mild": "Stone dust in the lungs"}
    assert (record["fate_points"], record["refresh"]) == (3, 2)
    assert record["stunts"] == ["Kiven kieli: +2 Taruihin, kun luen riimuja."]


def test_extras_and_custom_sections_become_notes() -> None:
    (tarmo,) = fitted("fari-v4-tarmo-custom.json")
    assert tarmo.record["notes"] == "\n\n".join(
        [
            "Extra: Chisel of the old masters: Cuts any stone, given an hour.",
            "Rope: Fifty metres, tarred.",
            "Rumoured to have carved the harbour wall.",
        ]
    )


def test_a_finnish_scene_names_skills_by_the_finnish_list() -> None:
    (eira,) = fitted("fari-v6-eira.json", Target(RulesInPlay(skills="fi")))
    assert eira.record["skills"] == {
        "Havainnointi": 4,
        "Tahdonvoima": 3,
        "Tarut": 3,
        "Urheilu": 2,
        "Kädentaidot": 2,
        "Yhteishenki": 2,
        "Kunto": 1,
        "Hiippailu": 1,
        "Empatia": 1,
        "Sailing": 1,
    }
    notice = next(row for row in eira.mapped if row.value == "Havainnointi +4")
    assert notice.note is not None and notice.note.render("en") == "NOTICE on the sheet"


def test_a_full_export_holds_several_characters_beside_its_scenes() -> None:
    ilta, pekka = fitted("fari-full-export.json", Target(RulesInPlay(), CharacterKind.MAJOR))
    assert ilta.sheet.origin == "Fari v6" and pekka.sheet.origin == "Fari v5"
    assert ilta.sheet.source.path == ("characters", 0)
    assert ilta.record["skills"] == {"Drive": 3, "Athletics": 2}
    assert ilta.record["fate_points"] == 3
    # Fate Core's [1][2][3][4] with the second box checked: 6 one-point boxes, 2 checked;
    # the mental track the sheet lacks is the rules' own (Will Mediocre: 3 boxes)
    assert pekka.record["stress"] == {"physical": 6, "mental": 3}
    assert pekka.record["stress_checked"] == {"physical": [1, 2]}
    note = next(row.note for row in pekka.mapped if row.field == "stress")
    assert note is not None
    assert note.render("en") == (
        "Fate Core's valued boxes [1][2][3][4] as 6 one-point boxes (the track of the same rating)"
    )


def test_minor_npcs_take_the_largest_track_at_most_three_boxes() -> None:
    (eira,) = fitted("fari-v6-eira.json", Target(RulesInPlay(), CharacterKind.MINOR))
    assert eira.record["stress"] == 3
    assert "stress_checked" not in eira.record  # box 2 was on the other (smaller) track
    assert reasons(eira) == [
        (
            "$.pages[0].rows[0].columns[1].sections[0].blocks[0].value",
            "a minor NPC or a mook has one track: fatescreen takes the largest",
        )
    ]
    made = character(eira.record)
    assert made.kind is CharacterKind.MINOR


def test_a_scene_with_one_track_and_conditions_leaves_out_what_it_has_no_place_for() -> None:
    rules = RulesInPlay(one_stress_track=True, conditions=True)
    (eira,) = fitted("fari-v6-eira.json", Target(rules))
    assert "stress" not in eira.record and "consequences" not in eira.record
    assert [reason for _, reason in reasons(eira)] == [
        "the scene gives each character one track (one_stress_track), sized by its rules",
        "the scene gives each character one track (one_stress_track), sized by its rules",
        "the scene uses conditions instead of consequences",
    ]


def test_a_scene_with_escalating_boxes_keeps_the_boxes() -> None:
    rules = RulesInPlay(escalating_stress_boxes=True)
    _, pekka = fitted("fari-full-export.json", Target(rules))
    assert pekka.record["stress"]["physical"] == 4
    assert pekka.record["stress_checked"] == {"physical": [2]}
