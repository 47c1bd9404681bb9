"""Scene start and end, session end, milestones and breakthroughs as pure steps (§3, §6, §9)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fatescreen.commands.campaign import (
    end_scene,
    end_session,
    start_scene,
    take_breakthrough,
    take_milestone,
)
from fatescreen.rules.advancement import Breakthrough, SkillLayout, SwapSkills
from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    Recovery,
    Severity,
    StressKind,
    StressTrack,
)
from fatescreen.rules.errors import InvalidCharacter
from fatescreen.rules.fate_points import LedgerEntry
from fatescreen.scene.campaign import Campaign, Member
from fatescreen.scene.model import Scene

SKILLS = {"Fight": 4, "Athletics": 3, "Will": 3, "Physique": 2, "Notice": 2, "Lore": 2}


def pc(name: str, **changes: object) -> Character:
    character = Character(
        name,
        CharacterKind.PC,
        skills={**SKILLS, "Empathy": 1, "Crafts": 1, "Shoot": 1, "Stealth": 1},
        stress=(StressTrack(StressKind.PHYSICAL, 4), StressTrack(StressKind.MENTAL, 6)),
        consequences=(
            ConsequenceSlot(Severity.MILD),
            ConsequenceSlot(Severity.MODERATE),
            ConsequenceSlot(Severity.SEVERE),
        ),
        refresh=3,
        aspects=(Aspect(f"{name} the bold", AspectKind.HIGH_CONCEPT),),
    )
    return replace(character, **changes)


def hurt(character: Character, severity: Severity, text: str, since: Recovery | None = None):
    """A consequence taken in this scene, or (``since``) recovering from an earlier one."""
    slots = tuple(
        replace(
            slot,
            aspect=Aspect(text, AspectKind.CONSEQUENCE),
            recovery=since,
            taken_this_scene=since is None,
        )
        if slot.severity is severity
        else slot
        for slot in character.consequences
    )
    return replace(character, consequences=slots)


def campaign(*pcs: Character, **changes: object) -> Campaign:
    return replace(Campaign("Test", party=tuple(Member(c) for c in pcs)), **changes)


def test_the_seeds_worked_example_four_pcs_and_a_conceded_npc_give_a_pool_of_six() -> None:
    party = [pc(name) for name in ("Silbestre", "Vitor", "Rozio", "Riesa")]
    dolors = Character("Dolors Cabra", CharacterKind.MAJOR)
    scene = Scene("Showdown", characters=(*party, dolors), party=tuple(c.id for c in party))
    before = campaign(*party, carried={"dolors-cabra": 2, "elsewhere": 1}, scene=7)
    start = start_scene(before, scene, "showdown.toml")
    assert start.pool == 6
    assert (start.pcs, start.carried, start.compel_points) == (4, (("dolors-cabra", 2),), 0)
    assert start.campaign.carried == {"elsewhere": 1}  # only NPCs present bring theirs
    assert (start.campaign.scene, start.campaign.running) == (8, "showdown.toml")
    assert (start.scene.session, start.scene.scene_number) == (1, 8)


def test_a_scene_starts_with_late_compel_points_points_on_npcs_and_pcs_clear() -> None:
    tired = pc("Ada", taken_out=True)
    tired = tired.with_track(tired.stress[0].check(2))
    npc = Character("Bravo", CharacterKind.MINOR, fate_points=1)
    scene = Scene("Docks", characters=(tired, npc), party=("ada",))
    start = start_scene(campaign(tired, compel_points=2), scene, "docks.toml")
    assert start.pool == 1 + 1 + 2
    ada = start.scene.character("ada")
    assert not ada.taken_out and all(not track.checked for track in ada.stress)
    assert start.scene.character("bravo").fate_points == 0
    assert start.campaign.compel_points == 0


def test_ending_a_scene_delivers_carries_clears_and_writes_the_party_back() -> None:
    ada = pc("Ada", fate_points=1, conceded=True, zone="hall")
    ada = replace(ada, aspects=(*ada.aspects, Aspect("Off balance", AspectKind.SITUATION)))
    ada = hurt(ada, Severity.MILD, "Scratched", Recovery(1, 3))
    bruno = pc("Bruno", fate_points=2)
    slots = pc("Npc").consequences
    leader = hurt(Character("Leader", consequences=slots), Severity.MODERATE, "Bleeding")
    runner = hurt(Character("Runner", consequences=slots, conceded=True), Severity.MILD, "Winded")
    # An old scar taken in an earlier scene carries nothing (§3 «edellisessä kohtauksessa»).
    scarred = Character(
        "Scarred",
        consequences=tuple(
            replace(slot, aspect=Aspect("Old scar", AspectKind.CONSEQUENCE))
            if slot.severity is Severity.MILD
            else slot
            for slot in slots
        ),
    )
    scene = Scene(
        "Hall",
        characters=(ada, leader, runner, scarred),
        party=("ada",),
        held=(
            LedgerEntry("ada", 1, "hostile invoke", held_until_scene_end=True),
            LedgerEntry("leader", 1, "hostile invoke", held_until_scene_end=True),
        ),
        compel_points=1,
    )
    before = campaign(ada, bruno, running="hall.toml", scene=4, carried={"leader": 1})
    end = end_scene(before, scene)
    assert end.delivered == {"ada": 1, "leader": 1}
    # one per consequence and per hostile invoke; the concession without a held entry pays
    # 1 + one per consequence
    assert end.carried == {"leader": 2, "runner": 2}
    assert end.campaign.carried == {"leader": 3, "runner": 2}
    assert end.scene.character("leader").fate_points == 0
    assert end.aspects_gone == (("ada", "Off balance"),)
    assert end.recovered == (("ada", "Scratched"),)  # treated in scene 3, scene 4 was full
    sheet = end.campaign.member("ada").character
    assert sheet.fate_points == 2 and not sheet.conceded and sheet.zone is None
    assert sheet.consequence_aspects == ()
    assert end.scene.character("ada").zone == "hall"
    assert end.campaign.member("bruno").character == bruno
    assert (end.campaign.running, end.campaign.finished) == (None, ("hall.toml",))
    assert end.campaign.compel_points == 1 and end.scene.compel_points == 0
    assert end_scene(before, scene, compel_points=0).campaign.compel_points == 0


def test_a_mild_consequence_lasts_one_full_scene_after_its_treatment() -> None:
    ada = hurt(pc("Ada"), Severity.MILD, "Scratched", Recovery(1, 5))
    scene = Scene("Next", characters=(ada,), party=("ada",))
    during = end_scene(campaign(ada, running="x", scene=5), scene)
    assert during.recovered == ()
    after = end_scene(campaign(ada, running="x", scene=6), scene)
    assert after.recovered == (("ada", "Scratched"),)


def test_ending_a_session_refreshes_heals_moderate_ones_and_offers_milestones() -> None:
    rich = pc("Ada", fate_points=5)
    poor = hurt(pc("Bruno", fate_points=1, refresh=2), Severity.MODERATE, "Cut", Recovery(2, 9))
    old = hurt(pc("Cora"), Severity.MODERATE, "Burnt", Recovery(1, 4))
    end = end_session(campaign(rich, poor, old, session=2, scene=10))
    assert end.refreshed == (("bruno", 1, 2), ("cora", 0, 3))
    assert end.campaign.member("ada").character.fate_points == 5
    assert end.recovered == (("cora", "Burnt"),)
    assert end.campaign.member("bruno").character.consequence_aspects[0].name == "Cut"
    assert (end.campaign.session, end.milestones) == (3, ("ada", "bruno", "cora"))


def test_a_milestone_is_recorded_and_checked_by_the_rules() -> None:
    before = campaign(pc("Ada"), milestones=("ada",), session=4)
    after = take_milestone(before, "ada", SwapSkills("Fight", "Lore"), "swapped")
    member = after.member("ada")
    assert (member.character.skills["Fight"], member.character.skills["Lore"]) == (2, 4)
    assert member.advances[0].session == 4 and after.milestones == ()
    with pytest.raises(InvalidCharacter, match="no Drive on the sheet"):
        take_milestone(before, "ada", SwapSkills("Fight", "Drive"), "swapped")


def test_a_milestone_is_taken_once_and_only_when_offered() -> None:
    """Seed «Virstanpylväät»: «Virstanpylväät tapahtuvat pelikertojen päätteeksi»; «Virstan-
    pylvään saavuttaessasi voit tehdä yhden seuraavista»."""
    before = campaign(pc("Ada"), pc("Bruno"), milestones=("ada",), session=4)
    after = take_milestone(before, "ada", None, "skipped")
    with pytest.raises(InvalidCharacter, match="Ada has no milestone waiting"):
        take_milestone(after, "ada", SwapSkills("Fight", "Lore"), "swapped")
    with pytest.raises(InvalidCharacter, match="Bruno has no milestone waiting"):
        take_milestone(before, "bruno", None, "skipped")


def test_a_breakthrough_clears_severe_treatment_and_keeps_the_columns() -> None:
    ada = hurt(pc("Ada"), Severity.SEVERE, "Shattered leg", Recovery(2, 5))
    ada = hurt(ada, Severity.MODERATE, "Deep cut")
    before = campaign(ada, session=3, scene=9, skill_layout=SkillLayout.PYRAMID)
    with pytest.raises(InvalidCharacter, match="no rating may hold more skills"):
        take_breakthrough(before, "ada", Breakthrough(skill_raises=("Physique",)), "raise")
    taken = take_breakthrough(before, "ada", Breakthrough(skill_raises=("Drive",)), "raise")
    sheet = taken.campaign.member("ada").character
    assert sheet.skills["Drive"] == 1
    assert taken.recovered == (("ada", "Shattered leg"),)
    moderate = next(s for s in sheet.consequences if s.severity is Severity.MODERATE)
    assert moderate.recovery == Recovery(3, 9)  # starts recovering now
    free = replace(before, skill_layout=SkillLayout.FREE)
    raised = take_breakthrough(free, "ada", Breakthrough(skill_raises=("Physique",)), "raise")
    assert raised.campaign.member("ada").character.skills["Physique"] == 3
    banked = take_breakthrough(before, "ada", Breakthrough(), "nothing")
    assert banked.skill_points == 1 and banked.campaign.member("ada").skill_points == 1
