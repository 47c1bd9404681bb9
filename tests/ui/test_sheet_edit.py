"""Editing a sheet's fields as text: read back exactly, checked as party.toml is."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import Recovery, StressKind
from fatescreen.scene.campaign import Campaign, Member, load_campaign
from fatescreen.ui.sheet_edit import (
    FieldKind,
    SheetEditError,
    SheetField,
    edit_text,
    edited,
    sheet_fields,
    with_treatment,
)
from tests.campaign.support import SAMPLE

CAMPAIGN: Campaign = load_campaign(SAMPLE).campaign


def edit(member: Member, field: SheetField, text: str, lang: str = "en") -> Member:
    """The member with one field edited in the sample campaign."""
    character = edited(
        member,
        field,
        text,
        rules=CAMPAIGN.rules,
        skills=CAMPAIGN.skills,
        layout=CAMPAIGN.skill_layout,
        lang=lang,
    )
    return replace(member, character=character)


def refused(member: Member, field: SheetField, text: str, lang: str = "en") -> str:
    """The message an edit is refused with."""
    with pytest.raises(SheetEditError) as error:
        edit(member, field, text, lang)
    return str(error.value)


@pytest.mark.parametrize("member", CAMPAIGN.party, ids=lambda m: m.id)
def test_every_field_reads_back_its_own_text_unchanged(member: Member) -> None:
    for field in sheet_fields(member.character, CAMPAIGN.rules):
        text = edit_text(member.character, field)
        assert edit(member, field, text).character == member.character, field.key


def test_the_fields_follow_the_sheet() -> None:
    rozio = CAMPAIGN.member("rozio")
    keys = [field.key for field in sheet_fields(rozio.character, CAMPAIGN.rules)]
    assert keys == [
        "name",
        "player",
        "high_concept",
        "trouble",
        "aspects.0",
        "aspects.1",
        "aspects",
        "skills",
        "stunts.0",
        "stunts",
        "refresh",
        "fate_points",
        "stress",
        "consequences.mild",
        "consequences.moderate",
        "consequences.severe",
        "weapon",
        "armor",
    ]
    no_weapons = replace(CAMPAIGN.rules, weapons_and_armor=False)
    assert "weapon" not in [f.key for f in sheet_fields(rozio.character, no_weapons)]


def test_a_renamed_pc_keeps_its_id_and_the_aspects_the_scene_gave_it() -> None:
    rozio = CAMPAIGN.member("rozio")
    placed = Aspect("Hanging from the gutter", AspectKind.SITUATION, ("dolors",))
    in_scene = replace(
        rozio, character=replace(rozio.character, aspects=(*rozio.character.aspects, placed))
    )
    renamed = edit(in_scene, SheetField(FieldKind.NAME), "Rozio the Knife").character
    assert (renamed.id, renamed.name) == ("rozio", "Rozio the Knife")
    assert renamed.aspects[-1] == placed
    assert edit_text(renamed, SheetField(FieldKind.ASPECT, 1)) == "A blade for every occasion"


def test_aspects_and_stunts_are_changed_added_and_removed() -> None:
    vitor = CAMPAIGN.member("vitor")
    added = edit(vitor, SheetField(FieldKind.ASPECT), "Owes the alchemists' guild")
    assert [a.name for a in added.character.aspects if a.kind is AspectKind.CHARACTER] == [
        "Molotovs in every pocket",
        "Owes the alchemists' guild",
    ]
    removed = edit(added, SheetField(FieldKind.ASPECT, 0), "  ")
    assert [a.name for a in removed.character.aspects][2:] == ["Owes the alchemists' guild"]
    concept = edit(vitor, SheetField(FieldKind.HIGH_CONCEPT), "Chemist of the harbour guild")
    assert concept.character.aspects[0] == Aspect(
        "Chemist of the harbour guild", AspectKind.HIGH_CONCEPT
    )
    rozio = CAMPAIGN.member("rozio")
    stunt = edit(rozio, SheetField(FieldKind.STUNT, 0), "Knife in the dark, rewritten")
    assert stunt.character.stunts[0].text == "Knife in the dark, rewritten"
    assert stunt.character.stunts[0].bonus == 2  # the mechanical part stays
    stunts = edit(rozio, SheetField(FieldKind.STUNT), "Because I know every fence, +2 Contacts")
    assert len(stunts.character.stunts) == 2


def test_skills_follow_the_campaign_list_and_layout_and_stress_follows_skills() -> None:
    riesa = CAMPAIGN.member("riesa")
    field = SheetField(FieldKind.SKILLS)
    text = edit_text(riesa.character, field)
    assert text.startswith("Fight 4, Athletics 3, Physique 3, Notice 2")
    before = riesa.character.track(StressKind.PHYSICAL)
    assert before is not None and before.boxes == 6
    weaker = edit(
        riesa, field, text.replace("Physique 3", "Physique = 2").replace("Will 2", "Will +3")
    )
    assert (weaker.character.skills["Physique"], weaker.character.skills["Will"]) == (2, 3)
    physical = weaker.character.track(StressKind.PHYSICAL)
    assert physical is not None and physical.boxes == 4
    assert "Piloting is not on the campaign's skill list" in refused(riesa, field, "Piloting 1")
    assert refused(riesa, field, "Fight 2, Fight 3") == "Fight is listed twice"
    assert refused(riesa, field, "Fight 25") == "skills.Fight: 25 is too large (at most 20)"
    assert refused(riesa, field, "Fight, 2", "fi").startswith("kohtaa 'Fight' ei voi lukea")


def test_stress_sizes_and_numbers() -> None:
    silbestre = CAMPAIGN.member("silbestre")
    stress = SheetField(FieldKind.STRESS)
    one_track = edit(silbestre, stress, "5").character.stress
    assert [(t.kind, t.boxes) for t in one_track] == [(StressKind.COMBINED, 5)]
    finnish = edit(silbestre, stress, "fyysinen 2, henkinen 6", "fi").character.stress
    assert [(t.kind, t.boxes) for t in finnish] == [
        (StressKind.PHYSICAL, 2),
        (StressKind.MENTAL, 6),
    ]
    assert "unknown key 'spiritual'" in refused(silbestre, stress, "spiritual 2")
    assert edit(silbestre, SheetField(FieldKind.REFRESH), " 4 ").character.refresh == 4
    assert refused(silbestre, SheetField(FieldKind.WEAPON), "21") == (
        "weapon: 21 is too large (at most 20)"
    )


def test_a_consequence_keeps_its_invokes_and_treatment_when_renamed_or_cleared() -> None:
    silbestre = CAMPAIGN.member("silbestre")
    moderate = SheetField(FieldKind.CONSEQUENCE, "moderate")
    renamed = edit(silbestre, moderate, "Cracked ribs, healing").character.consequences[1]
    assert renamed.aspect is not None and renamed.aspect.name == "Cracked ribs, healing"
    assert renamed.recovery == Recovery(1, 4)
    cleared = edit(silbestre, moderate, "").character.consequences[1]
    assert cleared.aspect is None and cleared.recovery is None
    mild = SheetField(FieldKind.CONSEQUENCE, "mild")
    taken = edit(silbestre, mild, "Ink in the eyes").character
    assert taken.consequences[0].aspect == Aspect("Ink in the eyes", AspectKind.CONSEQUENCE)
    treated = with_treatment(taken, "mild", Recovery(2, 5))
    assert treated.consequences[0].recovery == Recovery(2, 5)
    assert with_treatment(treated, "mild", None) == taken
    with pytest.raises(SheetEditError):
        with_treatment(taken, "severe", Recovery(2, 5))


def test_a_refused_edit_names_its_problem_in_finnish() -> None:
    silbestre = CAMPAIGN.member("silbestre")
    assert refused(silbestre, SheetField(FieldKind.WEAPON), "21", "fi") == (
        "weapon: 21 on liian suuri (enintään 20)"
    )
