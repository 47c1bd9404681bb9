"""The campaign's steps at their edges: a scene as the campaign plays it (its rules, the
party's sheets, its number), PCs placed on the map, what a scene end and a session end hand
back, and advancement recorded and held to the campaign's skill list."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fatescreen.commands.campaign import (
    end_scene,
    end_session,
    party_now,
    start_scene,
    take_breakthrough,
    take_milestone,
    view_scene,
    with_pcs_placed,
)
from fatescreen.rules.advancement import Breakthrough, ReplaceAverageSkill, SkillLayout
from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import Character, CharacterKind, Recovery, Severity
from fatescreen.rules.errors import InvalidCharacter
from fatescreen.scene.campaign import Advance, AdvanceKind, Member
from fatescreen.scene.load import load_text
from fatescreen.scene.model import RulesInPlay, Scene, Zone
from tests.campaign.test_campaign_steps import campaign, hurt, pc

SCENE = """format = 1
title = "Docks"

[rules]
contest_victories = 5

[[zone]]
name = "Pier"

[[zone]]
name = "Warehouse"

[[pc]]
name = "Ada"
zone = "Warehouse"
high_concept = "Dockside fixer"
skills = { Fight = 2 }

[[npc]]
name = "Guard"
high_concept = "Paid to look away"
skills = { Notice = 1 }
"""


def _sheet() -> Character:
    return replace(pc("Ada"), zone="pier")


def test_a_scene_keeps_the_rules_it_writes_and_takes_the_campaigns_elsewhere() -> None:
    loaded = load_text(SCENE)
    rules = RulesInPlay(contest_victories=4, scale=True)
    seen = view_scene(loaded, campaign(rules=rules), {}, keep_zones=True, running=False).scene.rules
    assert (seen.contest_victories, seen.scale) == (5, True)


def test_a_party_members_sheet_stands_in_for_the_scenes_pc() -> None:
    loaded = load_text(SCENE)
    sheets = {"ada": _sheet()}
    kept = view_scene(loaded, campaign(), sheets, keep_zones=True, running=False).scene
    assert kept.party == ("ada",)
    assert kept.character("ada").skills == _sheet().skills
    assert kept.character("ada").zone == "warehouse"  # the scene places the member
    moved = view_scene(loaded, campaign(), sheets, keep_zones=False, running=False).scene
    assert moved.character("ada").zone == "pier"  # the sheet's own zone


def test_a_scene_about_to_start_has_the_next_number_the_running_one_its_own() -> None:
    loaded = load_text(SCENE)
    played = campaign(session=3, scene=6)
    ahead = view_scene(loaded, played, {}, keep_zones=True, running=False).scene
    assert (ahead.session, ahead.scene_number) == (3, 7)
    running = view_scene(loaded, played, {}, keep_zones=True, running=True).scene
    assert (running.session, running.scene_number) == (3, 6)


def test_a_pc_placed_nowhere_starts_in_the_first_zone_others_stay_put() -> None:
    scene = Scene(
        "Docks",
        zones=(Zone("Pier", "pier"), Zone("Warehouse", "warehouse")),
        characters=(
            pc("Ada"),
            pc("Bruno", zone="warehouse"),
            Character("Guard", CharacterKind.MINOR),
        ),
    )
    placed = with_pcs_placed(scene)
    zones = [c.zone for c in placed.characters]
    assert zones == ["pier", "warehouse", None]
    assert with_pcs_placed(replace(scene, zones=())).characters[0].zone is None


def test_a_scene_starts_with_a_pc_back_from_a_concession_and_in_the_campaigns_session() -> None:
    ada = pc("Ada", conceded=True)
    scene = Scene("Docks", characters=(ada,), party=("ada",), session=1)
    start = start_scene(campaign(ada, session=4, scene=2), scene, "docks.toml")
    assert not start.scene.character("ada").conceded
    assert (start.scene.session, start.scene.scene_number) == (4, 3)


def test_ending_a_scene_puts_every_pc_back_on_their_feet_without_its_aspects() -> None:
    ada = pc("Ada", taken_out=True)
    ada = replace(ada, aspects=(*ada.aspects, Aspect("Soaked", AspectKind.SITUATION)))
    bruno = pc("Bruno", conceded=True)
    bruno = replace(bruno, aspects=(*bruno.aspects, Aspect("Cornered", AspectKind.SITUATION)))
    scene = Scene("Docks", characters=(ada, bruno), party=("ada", "bruno"))
    end = end_scene(campaign(ada, bruno, running="docks.toml"), scene)
    assert end.aspects_gone == (("ada", "Soaked"), ("bruno", "Cornered"))
    for who in ("ada", "bruno"):
        sheet = end.campaign.member(who).character
        assert not sheet.taken_out and not sheet.conceded
        assert [a.kind for a in sheet.aspects] == [AspectKind.HIGH_CONCEPT]
        assert end.scene.character(who) == sheet


def test_a_scene_end_says_what_it_wrote_counted_and_carried() -> None:
    ada = pc("Ada")
    stranger = pc("Stranger")  # a PC of the scene's own, not of the party
    scene = Scene("Docks", characters=(ada, stranger), party=("ada",), compel_points=2)
    end = end_scene(campaign(ada, running="docks.toml"), scene)
    assert (end.written, end.boosts, end.compel_points) == (("ada",), 0, 2)


def test_the_healed_sheet_is_the_one_the_ended_scene_shows() -> None:
    ada = hurt(pc("Ada", zone="pier"), Severity.MILD, "Scratched", Recovery(1, 3))
    scene = Scene("Docks", characters=(ada,), party=("ada",))
    end = end_scene(campaign(ada, running="docks.toml", scene=4), scene)
    assert end.recovered == (("ada", "Scratched"),)
    shown = end.scene.character("ada")
    assert shown.consequence_aspects == () and shown.zone == "pier"


def test_ending_a_scene_the_campaign_is_not_running_finishes_nothing() -> None:
    ada = pc("Ada")
    scene = Scene("Docks", characters=(ada,), party=("ada",))
    before = campaign(ada, finished=("pier.toml",))
    assert end_scene(before, scene).campaign.finished == ("pier.toml",)


def test_a_mild_consequence_treated_last_scene_is_healed_when_the_session_ends() -> None:
    """The session's end comes after its last scene: one treated in the scene before the
    last has had a full scene (the last) and goes; one treated in the last has not."""
    ada = hurt(pc("Ada"), Severity.MILD, "Bruised", Recovery(2, 4))
    bruno = hurt(pc("Bruno"), Severity.MILD, "Winded", Recovery(2, 5))
    end = end_session(campaign(ada, bruno, session=2, scene=5))
    assert end.recovered == (("ada", "Bruised"),)


def test_the_running_scenes_party_is_written_into_the_campaign() -> None:
    ada, bruno = pc("Ada"), pc("Bruno")
    played = campaign(ada, bruno, running="docks.toml")
    tired = replace(ada, fate_points=4, zone="pier")
    own = replace(bruno, fate_points=5)  # the scene's own PC of that id, not the member
    scene = Scene("Docks", characters=(tired, own), party=("ada",))
    now = party_now(played, scene, "docks.toml")
    assert now.member("ada").character == replace(tired, zone=None)
    assert now.member("bruno").character == bruno
    assert party_now(played, scene, None) == played
    assert party_now(played, scene, "other.toml") == played


def test_a_milestone_replaces_an_average_skill_only_with_one_of_the_campaigns() -> None:
    before = campaign(pc("Ada"), milestones=("ada",), skills=("Fight", "Lore", "Sail"))
    after = take_milestone(before, "ada", ReplaceAverageSkill("Crafts", "Sail"), "sail")
    assert after.member("ada").character.skills["Sail"] == 1
    with pytest.raises(InvalidCharacter, match="Drive"):
        take_milestone(before, "ada", ReplaceAverageSkill("Crafts", "Drive"), "drive")


def test_a_breakthrough_raises_only_the_campaigns_skills_and_spends_saved_points() -> None:
    skills = ("Fight", "Athletics", "Will", "Physique", "Notice", "Lore", "Empathy", "Crafts")
    skills += ("Shoot", "Stealth", "Sail")
    before = campaign(pc("Ada"), session=3, scene=8, skills=skills, skill_layout=SkillLayout.FREE)
    with pytest.raises(InvalidCharacter, match="Drive"):
        take_breakthrough(before, "ada", Breakthrough(skill_raises=("Drive",)), "drive")
    saved = replace(before, party=(replace(before.party[0], skill_points=1),))
    two = Breakthrough(skill_raises=("Sail", "Stealth"))
    taken = take_breakthrough(saved, "ada", two, "raise Sail, Stealth")
    member = taken.campaign.member("ada")
    assert (member.character.skills["Sail"], member.character.skills["Stealth"]) == (1, 2)
    assert member.skill_points == 0
    assert member.advances == (Advance(3, AdvanceKind.BREAKTHROUGH, "raise Sail, Stealth"),)
    with pytest.raises(InvalidCharacter):
        take_breakthrough(before, "ada", two, "raise Sail, Stealth")


def test_a_breakthrough_is_added_to_the_history() -> None:
    old = Advance(1, AdvanceKind.MILESTONE, "swapped")
    before = replace(campaign(pc("Ada"), session=2), party=(Member(pc("Ada"), advances=(old,)),))
    taken = take_breakthrough(before, "ada", Breakthrough(), "nothing")
    assert taken.campaign.member("ada").advances == (
        old,
        Advance(2, AdvanceKind.BREAKTHROUGH, "nothing"),
    )
