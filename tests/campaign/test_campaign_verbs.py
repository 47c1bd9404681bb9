"""The campaign's verbs as the GM types them: the scene list, play, milestones and
breakthroughs with every option, in English and in Finnish, and what each one says."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.commands.campaign_session import CampaignSession, open_campaign
from fatescreen.commands.fate_session import fate_session
from fatescreen.rules.character import Recovery, Severity
from fatescreen.scene.campaign import AdvanceKind
from fatescreen.scene.model import Scene


def _open(folder: Path, lang: str = "en") -> CampaignSession:
    return open_campaign(folder, lang=lang, seed=1, journal=False)


def _said(session: CampaignSession, line: str) -> tuple[str, ...]:
    result = session.execute(line)
    assert result.ok, result.lines
    return result.lines


def _hurt_vitor(folder: Path) -> None:
    """Vitor comes to the session with a moderate and a severe consequence, neither of them
    recovering yet."""
    path = folder / "party.toml"
    text = path.read_text(encoding="utf-8")
    wounds = 'consequences.moderate = "Burnt hands"\nconsequences.severe = "Shattered knee"\n'
    path.write_text(text.replace("fate_points = 4\n", "fate_points = 4\n" + wounds, 1), "utf-8")


def test_the_scene_list_numbers_each_scene_with_its_state_and_any_problem(
    campaign_dir: Path,
) -> None:
    (campaign_dir / "burning-library.toml").write_text("not toml [", encoding="utf-8")
    session = _open(campaign_dir)
    assert _said(session, "play 2")[0].endswith("Across the rooftops")
    assert _said(session, "scenes") == (
        "The golden mask, session 2:",
        "1. Ambush in the archive (campaign/01-archive-ambush.toml): prepared",
        "2. Across the rooftops (campaign/02-rooftop-chase.toml): running",
        "3. The flooded cellar (campaign/03-flooded-cellar.toml): prepared",
        "4. The golden mask (golden-mask.toml): prepared",
        "5. Chase through the night market (night-market-chase.toml): prepared",
        "6. burning-library (burning-library.toml): prepared · cannot be read: not valid TOML",
        "7. The flooding of Kaarnakoski mine (kaarnakoski-mine.toml): prepared",
        "8. The Brine Mother (brine-mother.toml): prepared",
    )


@pytest.mark.parametrize("ref", ["0", "9"])
def test_a_scene_number_outside_the_list_is_no_scene(campaign_dir: Path, ref: str) -> None:
    refused = _open(campaign_dir).execute(f"play {ref}")
    assert not refused.ok
    assert refused.lines[0].startswith(f"no scene '{ref}'; known: Ambush in the archive, ")


def test_a_scene_is_played_by_its_file_and_not_twice(campaign_dir: Path) -> None:
    session = _open(campaign_dir)
    assert _said(session, "play golden-mask.toml") == (
        "scene 5 of the campaign (session 2): The golden mask",
        "GM pool 4 = PCs 4 + carried by NPCs 0 (none) + unspent compel points 0",
    )
    again = session.execute("play golden")
    assert again.lines == ("The golden mask is already being played",)


def test_a_breakthrough_renames_buys_with_its_refresh_and_rewrites_the_high_concept(
    campaign_dir: Path,
) -> None:
    _hurt_vitor(campaign_dir)
    session = _open(campaign_dir)
    lines = _said(
        session,
        'breakthrough vitor rename burnt "Healing hands" rename shattered "Mending knee" '
        'refresh extra "Fume hood" concept "Master chemist"',
    )
    assert lines == (
        "Vitor reaches a breakthrough: Burnt hands is now Healing hands; Shattered knee is "
        "now Mending knee; +1 refresh; spent it on the stunt: Fume hood; new high concept: "
        "Master chemist",
        "1 skill point saved for a later breakthrough",
    )
    member = session.campaign.member("vitor")
    sheet = member.character
    recovering = {
        slot.severity: (slot.aspect.name if slot.aspect else "", slot.recovery)
        for slot in sheet.consequences
    }
    assert recovering[Severity.MODERATE] == ("Healing hands", Recovery(2, 4))
    assert recovering[Severity.SEVERE] == ("Mending knee", Recovery(2, 4))
    assert (sheet.refresh, [s.text for s in sheet.stunts]) == (3, ["Fume hood"])
    assert sheet.aspects[0].name == "Master chemist"
    assert member.skill_points == 1
    assert member.advances[-1].kind is AdvanceKind.BREAKTHROUGH
    assert member.advances[-1].change == lines[0].removeprefix("Vitor reaches a breakthrough: ")


def test_a_breakthrough_raises_two_skills_with_its_second_point(campaign_dir: Path) -> None:
    session = _open(campaign_dir)
    assert _said(session, "breakthrough rozio point raise Burglary Stealth") == (
        "Rozio reaches a breakthrough: raised Burglary, Stealth; a second skill point",
    )
    skills = session.campaign.member("rozio").character.skills
    assert (skills["Burglary"], skills["Stealth"]) == (2, 3)
    assert session.campaign.member("rozio").skill_points == 0


def test_a_breakthrough_takes_one_milestone_option_and_banks_its_points(
    campaign_dir: Path,
) -> None:
    session = _open(campaign_dir)
    assert _said(session, 'breakthrough rozio aspect silbestre "Rozio\'s best friend"') == (
        "Rozio reaches a breakthrough: Silbestre's oldest friend is now Rozio's best friend",
        "1 skill point saved for a later breakthrough",
    )
    assert _said(session, 'breakthrough rozio buy "Quick hands"') == (
        "Rozio reaches a breakthrough: bought the stunt: Quick hands",
        "2 skill points saved for a later breakthrough",
    )
    refused = session.execute('breakthrough rozio swap Fight Shoot buy "Quicker hands"')
    assert refused.lines == ("a breakthrough allows one milestone option",)


def test_a_breakthrough_in_finnish_heals_what_was_recovering(campaign_dir: Path) -> None:
    session = _open(campaign_dir, "fi")
    assert _said(
        session,
        'läpimurto silbestre piste virkistys lisätemppu "Lukutoukka" ydin "Arkiston vartija"',
    ) == (
        "Silbestre saavuttaa läpimurron: toinen taitopiste; +1 lähtölataus; käytetty temppuun: "
        "Lukutoukka; uusi ydin: Arkiston vartija",
        'parantuneet: "Cracked ribs, strapped up"',
        "myöhempää läpimurtoa varten säästettyjä taitopisteitä: 2",
    )
    assert session.campaign.member("silbestre").character.consequence_aspects == ()


def test_each_milestone_option_in_finnish_says_what_it_changed(campaign_dir: Path) -> None:
    session = _open(campaign_dir, "fi")
    assert _said(session, "lopetapelikerta")[-2].startswith("virstanpylväs jokaiselle PH:lle")
    assert _said(session, 'virstanpylväs silbestre kirjoita 1 "Luin kaiken: +2"') == (
        "Silbestre saavuttaa virstanpylvään: temppu 1 kirjoitettu uudelleen: Luin kaiken: +2",
    )
    assert _said(session, "virstanpylväs rozio ohita") == (
        "Rozio saavuttaa virstanpylvään: ei muutosta",
    )
    assert _said(session, 'virstanpylväs vitor osta "Pamaus"') == (
        "Vitor saavuttaa virstanpylvään: ostettu temppu: Pamaus",
    )
    assert _said(session, "virstanpylväs riesa korvaa Resources Crafts") == (
        "Riesa saavuttaa virstanpylvään: Crafts korvaa taidon Resources",
    )
    party = session.campaign
    assert party.member("silbestre").character.stunts[0].text == "Luin kaiken: +2"
    assert [s.text for s in party.member("vitor").character.stunts] == ["Pamaus"]
    skills = party.member("riesa").character.skills
    assert "Resources" not in skills and skills["Crafts"] == 1
    assert party.milestones == ()


def test_each_milestone_option_in_english_says_what_it_changed(campaign_dir: Path) -> None:
    session = _open(campaign_dir)
    _said(session, "endsession")
    assert _said(session, "milestone silbestre swap Lore Athletics") == (
        "Silbestre takes a milestone: swapped Lore and Athletics",
    )
    assert _said(session, "milestone rozio replace Burglary Crafts") == (
        "Rozio takes a milestone: Crafts takes the place of Burglary",
    )
    assert _said(session, 'milestone riesa aspect keeps "Keeps every word"') == (
        "Riesa takes a milestone: Keeps her word is now Keeps every word",
    )
    party = session.campaign
    skills = party.member("silbestre").character.skills
    assert (skills["Lore"], skills["Athletics"]) == (3, 4)
    assert [a.name for a in party.member("riesa").character.aspects][-1] == "Keeps every word"
    assert party.milestones == ("vitor",)


def test_a_scene_end_says_what_was_cleared_delivered_carried_lost_and_written(
    campaign_dir: Path,
) -> None:
    session = _open(campaign_dir)
    _said(session, "play 1")
    _said(session, 'create silbestre Lore "Pinned under shelves" on rozio 0+++')
    _said(session, 'boost silbestre "Lucky find"')
    _said(session, "attack rozio dolors Shoot ++00 vs 0000")
    _said(session, 'invoke "Never leaves a debt unpaid" by rozio')
    _said(session, 'absorb 2 "Knife in the shoulder"')
    assert _said(session, "endscene compels 1") == (
        "Ambush in the archive ends: stress cleared on Dolors Cabra; 1 boost gone",
        "held points delivered: Dolors Cabra +1",
        "GM pool reset: the 2 points left unspent go; the next scene starts with one per PC there",
        "NPCs keep for their next scene: Dolors Cabra +2",
        'situation aspects leave the PCs: Rozio: "Pinned under shelves"',
        "written back to party.toml: Silbestre, Rozio",
        "1 unspent compel point goes to the next scene's GM pool",
        f"saved the campaign in {campaign_dir}",
    )
    assert [a.name for a in session.campaign.member("rozio").character.aspects][-1] == (
        "A blade for every occasion"
    )


def test_a_scene_end_names_the_consequences_healed_and_a_session_end_the_points(
    campaign_dir: Path,
) -> None:
    session = _open(campaign_dir)
    _said(session, "play 1")
    _said(session, "attack dolors rozio Fight +000 vs 0000")
    _said(session, 'absorb 2 "Bruised ribs"')
    _said(session, "endscene")
    _said(session, "play 2")
    _said(session, 'recover vitor Crafts ribs "Ribs strapped up" 0+00')
    _said(session, "endscene")
    _said(session, "play 3")
    assert _said(session, "endscene") == (
        "The flooded cellar ends: stress cleared on none; 0 boosts gone",
        "held points delivered: none",
        "GM pool reset: the 3 points left unspent go; the next scene starts with one per PC there",
        'healed: Rozio: "Ribs strapped up"',
        "written back to party.toml: Silbestre, Vitor, Riesa",
        f"saved the campaign in {campaign_dir}",
    )
    assert _said(session, "endsession") == (
        "session 2 ends; next is session 3",
        "Silbestre: 2 → 3 fate points (refresh)",
        "Rozio: 1 → 3 fate points (refresh)",
        "Riesa: 0 → 3 fate points (refresh)",
        'healed: Silbestre: "Cracked ribs, strapped up"',
        "a milestone for each PC: Silbestre, Rozio, Vitor, Riesa (milestone PC OPTION, or skip)",
        f"saved the campaign in {campaign_dir}",
    )


def test_late_compel_points_are_counted_from_0_to_100(campaign_dir: Path) -> None:
    session = _open(campaign_dir)
    _said(session, "play 1")
    assert session.execute("endscene compels 101").lines == ("compel points: 0 to 100",)
    assert session.running
    assert _said(session, "endscene compels 100")[-2] == (
        "100 unspent compel points go to the next scene's GM pool"
    )


def test_a_milestone_is_refused_a_stunt_number_that_is_none_and_a_second_time(
    campaign_dir: Path,
) -> None:
    session = _open(campaign_dir)
    _said(session, "endsession")
    assert session.execute('milestone silbestre rewrite x "Read it all"').lines == (
        "milestone: 'x' is not a number. Usage: milestone PC swap SKILL SKILL | replace SKILL "
        'NEWSKILL | rewrite N "STUNT" | buy "STUNT" | aspect ASPECT "NEW TEXT" | skip',
    )
    _said(session, "milestone rozio skip")
    assert session.execute("milestone rozio skip").lines == (
        "Rozio has no milestone waiting: one comes at the end of each session",
    )


def test_a_finnish_gm_is_told_in_finnish_what_waits_for_the_scene_to_end(
    campaign_dir: Path,
) -> None:
    session = _open(campaign_dir, "fi")
    _said(session, "pelaa 1")
    waits = "lopeta ensin käynnissä oleva kohtaus (Ambush in the archive: lopeta)"
    for verb in ("lopetapelikerta", "virstanpylväs rozio ohita", "läpimurto rozio"):
        assert session.execute(verb).lines == (f"{verb.split()[0]}: {waits}",)
    assert session.execute("pelaa 2").lines == (
        "Ambush in the archive on yhä käynnissä: lopeta se ensin (lopeta)",
    )
    _said(session, "lopeta")
    assert session.execute("pelaa 1").lines == (
        "Ambush in the archive on päättynyt; aloita valmisteltu kohtaus komennolla pelaa "
        "(kohtaukset listaa ne)",
    )
    assert _said(session, "kohtaukset")[:3] == (
        "The golden mask, pelikerta 2:",
        "1. Ambush in the archive (campaign/01-archive-ambush.toml): päättynyt",
        "2. Across the rooftops (campaign/02-rooftop-chase.toml): valmisteltu",
    )


@pytest.mark.parametrize(
    ("lang", "line", "said"),
    [
        (
            "en",
            "endscene compels 1",
            "endscene: did not understand 'compels 1'. Usage: endscene [compels N]",
        ),
        (
            "fi",
            "lopeta painostukset 1",
            "lopeta: en ymmärtänyt kohtaa 'painostukset 1'. Käyttö: lopeta [painostukset N]",
        ),
    ],
)
def test_a_scene_played_alone_refuses_late_compel_points_in_the_gms_words(
    lang: str, line: str, said: str
) -> None:
    """Only a campaign carries compel points to a next scene; a lone scene names the words
    it did not take as the GM typed them."""
    refused = fate_session(Scene("Alone"), lang=lang).execute(line)
    assert not refused.ok
    assert refused.lines == (said,)


def test_a_finnish_breakthrough_names_what_it_cannot_find_or_allow(campaign_dir: Path) -> None:
    _hurt_vitor(campaign_dir)
    session = _open(campaign_dir, "fi")
    assert session.execute('läpimurto vitor nimeä palanut "Paranevat kädet"').lines == (
        "piirrettä 'palanut' ei löydy; tunnetut: Burnt hands, Shattered knee",
    )
    assert (
        session.execute("läpimurto silbestre nosta Rapport")
        .lines[0]
        .startswith("nosto (Rapport tasolle Kohtalainen (+2)) ei käy: ")
    )
    renamed = session.execute('läpimurto vitor nimeä burnt "Paranevat kädet"')
    assert renamed.changed == frozenset({"party", "pc:vitor"})


def test_a_breakthrough_with_no_choice_or_a_replaced_skill_is_recorded(
    campaign_dir: Path,
) -> None:
    session = _open(campaign_dir)
    assert _said(session, "breakthrough riesa replace Resources Crafts")[0] == (
        "Riesa reaches a breakthrough: Crafts takes the place of Resources"
    )
    skills = session.campaign.member("riesa").character.skills
    assert "Resources" not in skills and skills["Crafts"] == 1
    assert _said(session, "breakthrough riesa") == (
        "Riesa reaches a breakthrough: no change",
        "2 skill points saved for a later breakthrough",
    )
    assert _said(session, 'breakthrough rozio aspect silbestre "Rozio\'s best friend"')
    aspects = [a.name for a in session.campaign.member("rozio").character.aspects]
    assert "Rozio's best friend" in aspects and "Silbestre's oldest friend" not in aspects


def test_breakthrough_works_only_in_a_campaign() -> None:
    refused = fate_session(Scene("Alone")).execute("breakthrough rozio")
    assert refused.lines == (
        "breakthrough works in a campaign: open the campaign folder, not a scene file",
    )


@pytest.mark.parametrize(
    ("lang", "line", "said"),
    [
        ("en", "breakthrough", "breakthrough: missing PC. Usage: breakthrough PC [raise SKILL...]"),
        ("fi", "läpimurto", "läpimurto: PH ei annettu. Käyttö: läpimurto PH [nosta TAITO...]"),
    ],
)
def test_a_breakthrough_asks_for_the_pc_in_the_gms_words(lang: str, line: str, said: str) -> None:
    assert fate_session(Scene("Alone"), lang=lang).execute(line).lines[0].startswith(said)


def test_a_raise_word_repeated_after_the_skills_adds_nothing(campaign_dir: Path) -> None:
    session = _open(campaign_dir)
    assert _said(session, "breakthrough rozio point raise Burglary Stealth raise") == (
        "Rozio reaches a breakthrough: raised Burglary, Stealth; a second skill point",
    )


def test_a_milestone_names_an_aspect_it_cannot_find_in_finnish(campaign_dir: Path) -> None:
    session = _open(campaign_dir, "fi")
    _said(session, "lopetapelikerta")
    assert session.execute('virstanpylväs riesa piirre sana "Uusi"').lines == (
        "piirrettä 'sana' ei löydy; tunnetut: Retired duellist of the city guard, My honour "
        "is not for sale, Keeps her word",
    )


def test_each_campaign_step_is_undone_by_its_name_and_says_what_it_changed(
    campaign_dir: Path,
) -> None:
    session = _open(campaign_dir)
    steps = [
        ("play 1", "start Ambush in the archive", {"all"}),
        ("endscene", "end Ambush in the archive", {"all"}),
        ("endsession", "end session 2", {"all", "party"}),
        ("milestone rozio skip", "Rozio takes a milestone: no change", {"party", "pc:rozio"}),
    ]
    for line, label, changed in steps:
        done = session.execute(line)
        assert done.ok and done.changed == changed, line
        assert session.execute("undo").lines == (f"undone: {label}",)
        assert session.execute("redo").lines == (f"redone: {label}",)


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("virstanpylväs rozio vaihda Fight", "virstanpylväs: taitoa ei annettu."),
        ("virstanpylväs rozio kirjoita", "virstanpylväs: lukua ei annettu."),
        ("virstanpylväs rozio kirjoita 1", "virstanpylväs: temppua ei annettu."),
        ("virstanpylväs rozio piirre x", "virstanpylväs: tekstiä ei annettu."),
        ("läpimurto rozio nimeä", "läpimurto: jälkeä ei annettu."),
        ("läpimurto rozio nimeä x", "läpimurto: uutta nimeä ei annettu."),
        ("läpimurto rozio ydin", "läpimurto: tekstiä ei annettu."),
        ("läpimurto rozio virkistys lisätemppu", "läpimurto: temppua ei annettu."),
    ],
)
def test_a_word_missing_after_an_advancement_option_is_named_in_finnish(
    line: str, said: str
) -> None:
    refused = fate_session(Scene("Alone"), lang="fi").execute(line)
    assert refused.lines[0].startswith(f"{said} Käyttö: "), refused.lines


def test_a_milestone_names_a_pc_or_skill_it_cannot_find_in_finnish(campaign_dir: Path) -> None:
    session = _open(campaign_dir, "fi")
    _said(session, "lopetapelikerta")
    assert session.execute("virstanpylväs kukaan ohita").lines == (
        "hahmoa 'kukaan' ei löydy; tunnetut: Silbestre, Rozio, Vitor, Riesa",
    )
    assert session.execute("virstanpylväs rozio vaihda Fight Ajo").lines == (
        "taitoa 'Ajo' ei löydy; tunnetut: Shoot, Athletics, Deceive, Fight, Stealth, Contacts, "
        "Physique, Will, Notice, Burglary",
    )


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (
            "lopeta painostukset",
            "lopeta: painostuspisteiden määrää ei annettu. Käyttö: lopeta [painostukset N]",
        ),
        ("lopeta painostukset 101", "painostuspisteitä 0–100"),
    ],
)
def test_late_compel_points_are_asked_for_in_finnish(line: str, said: str) -> None:
    assert fate_session(Scene("Alone"), lang="fi").execute(line).lines == (said,)


def test_the_last_scene_is_played_by_its_number_and_refusals_are_finnish(
    campaign_dir: Path,
) -> None:
    session = _open(campaign_dir, "fi")
    assert session.execute("virstanpylväs rozio ohita").lines == (
        "hahmolla Rozio ei ole odottavaa virstanpylvästä: sellainen tulee jokaisen pelikerran "
        "lopussa",
    )
    assert session.execute('läpimurto rozio vaihda Fight Shoot osta "x"').lines == (
        "läpimurto sallii yhden virstanpylväsvaihtoehdon",
    )
    assert (
        session.execute("pelaa ei-mikään")
        .lines[0]
        .startswith("kohtausta 'ei-mikään' ei löydy; tunnetut: Ambush in the archive, ")
    )
    assert _said(session, "pelaa 8")[0] == "kampanjan kohtaus 5 (pelikerta 2): The Brine Mother"
