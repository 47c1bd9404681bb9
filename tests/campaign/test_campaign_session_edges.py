"""A campaign's session at its edges: previews without a scene, saving elsewhere, a roll's
dice recovered after a crash, a scene file that does not load, a sheet edit announced."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.errors import CommandError
from fatescreen.commands.session import Result
from tests.campaign.support import party_file


def test_no_scene_end_is_previewed_between_scenes(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    with pytest.raises(CommandError, match=r"^no scene is running: play SCENE starts one"):
        session.preview_scene_end()


def test_the_session_end_preview_is_what_endsession_does(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    preview = session.preview_session_end()
    assert preview.campaign.session == session.campaign.session + 1
    assert session.execute("endsession").ok
    assert session.campaign == preview.campaign


def test_a_campaign_saves_only_into_its_own_folder(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    refused = session.execute(f"save {campaign_dir / 'elsewhere'}")
    assert not refused.ok
    assert refused.lines == ("a campaign saves into its own folder: save (without a path)",)
    assert not (campaign_dir / "elsewhere").exists()


def test_a_roll_in_a_campaign_is_recovered_with_its_dice(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", seed=3)
    assert session.execute("play archive").ok
    rolled = session.execute("overcome rozio Athletics vs 2")  # the GM's dice, not typed
    assert rolled.ok
    again = open_campaign(campaign_dir, lang="en", seed=99)  # after a crash
    assert again.recovery_pending
    assert again.recover() == 1
    assert again.scene.pending_roll == session.scene.pending_roll
    assert again.log[-1].lines == rolled.lines


def test_a_scene_file_that_does_not_load_is_refused_with_its_problems(
    campaign_dir: Path,
) -> None:
    (campaign_dir / "golden-mask.toml").write_text("format = 1\nbogus = 2\n", encoding="utf-8")
    session = open_campaign(campaign_dir, lang="en", journal=False)
    refused = session.execute("play golden")
    assert not refused.ok and not session.running
    problems = refused.lines[0].split("\n")
    assert problems[0] == (
        f"{campaign_dir / 'golden-mask.toml'}:2: bogus: unknown key 'bogus'; expected one of: "
        "aspects, challenge, compel_points, contest, countdown, format, gm_pool, held, link, "
        "notes, npc, obstacle, pc, pcs, rules, system, title, turn, zone"
    )
    assert len(problems) > 1  # every problem, one a line


def test_a_sheet_edit_is_announced_to_the_listeners(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    heard: list[Result] = []
    session.listeners.append(heard.append)
    member = session.campaign.party[0].character
    result = session.edit_sheet(member)
    assert heard == [result]


def test_a_sheet_edit_in_a_running_scene_keeps_the_pc_where_it_stands(
    campaign_dir: Path,
) -> None:
    """The sheet screen edits the party's sheet, which holds no zone: the running scene's PC
    takes the new sheet where it stands, and a member the scene does not have changes only
    in the party."""
    session = open_campaign(campaign_dir, lang="en", journal=False)
    assert session.execute("play 1").ok
    assert session.execute("move rozio stacks").ok  # not the first zone, where a PC is put
    zone = session.scene.character("rozio").zone
    assert zone == "stacks"
    rozio = session.party().member("rozio").character
    wiser = replace(rozio, skills={**rozio.skills, "Will": 2, "Fight": 1})
    label = "Rozio's sheet edited"
    assert session.edit_sheet(wiser) == Result(
        label,
        (label, f"saved the campaign in {campaign_dir}"),
        True,
        frozenset({"party", "pc:rozio", "character:rozio"}),
        label,
    )
    assert session.scene.character("rozio") == replace(wiser, zone=zone)
    scene = session.scene
    vitor = session.party().member("vitor").character
    luckier = replace(vitor, fate_points=vitor.fate_points + 1)
    result = session.edit_sheet(luckier)
    assert result.ok and result.changed == frozenset({"party", "pc:vitor", "character:vitor"})
    assert session.scene == scene
    assert session.party().member("vitor").character == luckier


def test_every_problem_of_an_edited_sheet_is_said_in_one_line(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    rozio = session.party().member("rozio").character
    with pytest.raises(CommandError) as refused:
        session.edit_sheet(replace(rozio, skills={**rozio.skills, "Piloting": 1, "Sailing": 1}))
    assert str(refused.value) == (
        "Piloting is not on the campaign's skill list; Sailing is not on the campaign's skill list"
    )


def test_the_scene_end_preview_counts_the_late_compel_points(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    assert session.execute("play 1").ok
    preview = session.preview_scene_end(2)
    assert preview.campaign.compel_points == 2
    assert session.execute("endscene compels 2").ok
    assert session.campaign == preview.campaign


def test_a_scene_start_names_each_npc_that_brings_its_points(campaign_dir: Path) -> None:
    """Seed «Fate-pisteet»: the GM's pool at a scene's start holds the points NPCs carried
    from earlier scenes; each NPC of the scene who brings some is named with them."""
    campaign_toml = campaign_dir / "campaign.toml"
    text = campaign_toml.read_text(encoding="utf-8")
    carried = "carried = { dolors = 2, dockhands = 1 }\n\n[rules]"
    campaign_toml.write_text(text.replace("[rules]", carried), encoding="utf-8")
    session = open_campaign(campaign_dir, lang="en", journal=False)
    assert session.execute("play 1") == Result(
        "play 1",
        (
            "scene 5 of the campaign (session 2): Ambush in the archive",
            "GM pool 5 = PCs 2 + carried by NPCs 3 (Dolors Cabra +2, Dockhands +1)"
            " + unspent compel points 0",
        ),
        True,
        frozenset({"all"}),
        "start Ambush in the archive",
    )


NO_SCENE = (
    "mikään kohtaus ei ole käynnissä: pelaa KOHTAUS aloittaa kohtauksen (kohtaukset listaa ne)"
)


def test_a_campaign_answers_in_finnish_around_its_scenes(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="fi", journal=False)
    assert session.execute("loki").lines == ("loki on tyhjä",)
    assert session.execute("varanto 3").lines == (NO_SCENE,)
    with pytest.raises(CommandError) as refused:
        session.preview_scene_end()
    assert str(refused.value) == NO_SCENE
    assert session.execute("tallenna muualle").lines == (
        "kampanja tallentuu omaan kansioonsa: tallenna (ilman polkua)",
    )
    assert session.execute("tallenna").lines == (f"kampanja tallennettu: {campaign_dir}",)
    rozio = session.party().member("rozio").character
    with pytest.raises(CommandError) as stranger:
        session.edit_sheet(replace(rozio, id="nobody", name="Nobody"))
    assert str(stranger.value) == "Nobody ei kuulu ryhmään"
    edited = session.edit_sheet(replace(rozio, fate_points=rozio.fate_points + 1))
    assert edited.label == "Rozio: hahmolomaketta muokattu"
    assert session.execute("pelaa 1").lines == (
        "kampanjan kohtaus 5 (pelikerta 2): Ambush in the archive",
        "PJ:n varanto 2 = PH:t 2 + PJH:iden tuomat 0 (ei yhtään)"
        " + käyttämättömät painostuspisteet 0",
    )
    assert session.execute("kumoa").ok
    assert session.execute("varanto 3").lines == (
        "Ambush in the archive ei ole alkanut: aloita se komennolla pelaa",
    )
    assert session.execute("tee").ok
    assert session.execute("lopeta").lines[-1] == f"kampanja tallennettu: {campaign_dir}"
    assert session.execute("varanto 3").lines == (
        "Ambush in the archive on päättynyt: aloita toinen kohtaus komennolla pelaa"
        " (kohtaukset listaa ne)",
    )


def _campaign_toml(folder: Path, old: str, new: str) -> None:
    path = folder / "campaign.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_a_campaign_opens_in_its_own_language_with_a_blank_scene_of_its_rules(
    campaign_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FATESCREEN_LANG", "en")
    _campaign_toml(campaign_dir, 'language = "en"', 'language = "fi"')
    _campaign_toml(campaign_dir, "ladder_names = true", "ladder_names = false")
    session = open_campaign(campaign_dir, journal=False)
    assert session.execute("varanto 3").lines == (NO_SCENE,)
    assert session.scene.title == "The golden mask"
    assert session.scene.rules == session.campaign.rules
    assert not session.scene.rules.ladder_names


def test_a_campaign_opened_with_a_seed_rolls_the_same_dice(campaign_dir: Path) -> None:
    rolls = []
    for _ in range(2):
        session = open_campaign(campaign_dir, lang="en", seed=7, journal=False)
        session.read_only = True  # both openings start from the same files
        assert session.execute("play 1").ok
        rolls.append([session.execute(f"overcome rozio Athletics vs {n}").lines for n in (1, 2, 3)])
    assert rolls[0] == rolls[1]


@pytest.mark.parametrize(
    ("ladder_names", "reply"),
    [
        ("true", "Rozio overcomes with Athletics: Good (+3) + [0 0 0 0] = Good (+3) vs Fair (+2)"),
        ("false", "Rozio overcomes with Athletics: +3 + [0 0 0 0] = +3 vs +2"),
    ],
)
def test_a_roll_in_a_campaign_names_ratings_as_the_campaign_says(
    campaign_dir: Path, ladder_names: str, reply: str
) -> None:
    _campaign_toml(campaign_dir, "ladder_names = true", f"ladder_names = {ladder_names}")
    session = open_campaign(campaign_dir, lang="en", journal=False)
    assert session.execute("play 1").ok
    assert session.execute("overcome rozio Athletics 0000 vs 2").lines == (f"{reply}: success",)


def test_a_campaign_opened_without_a_journal_leaves_nothing_to_recover(
    campaign_dir: Path,
) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    assert session.execute("play 1").ok
    assert session.execute("fp give rozio 1 a good line").ok
    assert open_campaign(campaign_dir, lang="en").recoverable() == []


def test_a_sheet_edit_that_changes_nothing_is_no_step(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    rozio = session.party().member("rozio").character
    result = session.edit_sheet(rozio)
    assert (result.ok, result.changed) == (True, frozenset())
    assert session.execute("undo").lines == ("nothing to undo",)


def test_a_save_in_a_scene_writes_the_newest_sheets_and_leaves_the_scene_as_it_is(
    campaign_dir: Path,
) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    for line in ("play 1", "fp give rozio 2 a gift", "move rozio stacks", "stress rozio 1"):
        assert session.execute(line).ok, line
    before = session.scene
    assert session.execute("save").ok
    assert session.scene == before
    assert session.scene.character("rozio").fate_points == 3
    assert party_file(campaign_dir)["Rozio"]["fate_points"] == 3
    ended = session.execute("endscene")
    assert ended.label == "end Ambush in the archive"
    assert ended.lines[-1] == f"saved the campaign in {campaign_dir}"


def test_a_pc_taken_off_the_map_stays_off_it_when_the_campaign_is_saved(
    campaign_dir: Path,
) -> None:
    """A save writes the files and leaves the scene on screen as it is: the PC the GM put in
    no zone is not put back in the first zone (that is for a scene's start and reopening)."""
    session = open_campaign(campaign_dir, lang="en", journal=False)
    for line in ("play 1", "place rozio none"):
        assert session.execute(line).ok, line
    before = session.scene
    assert session.execute("save").ok
    assert session.scene.character("rozio").zone is None
    assert session.scene == before and not session.dirty


def test_a_save_keeps_the_scene_of_a_one_shot_whose_pcs_stand_in_for_the_party(
    campaign_dir: Path,
) -> None:
    """golden-mask.toml embeds its PCs under the party's names: the party's sheets are
    played, where the GM put them, and a save changes none of them, even one that reads the
    file back (a zone was added)."""
    session = open_campaign(campaign_dir, lang="en", journal=False)
    for line in ("play 4", "move rozio crypt Athletics ++++", "fp give rozio 2 a gift"):
        assert session.execute(line).ok, line
    assert session.execute("add zone Balcony").ok
    assert session.execute("place vitor none").ok
    before = session.scene
    assert session.execute("save").ok
    assert session.scene == before
    rozio = session.scene.character("rozio")
    assert (rozio.zone, rozio.fate_points) == ("crypt", 3)
