"""Playing a campaign through its session: undo, refusals, reopening, crash recovery."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.errors import CommandError
from fatescreen.commands.fate_session import fate_session
from fatescreen.commands.session import Session
from fatescreen.scene.campaign import SceneState
from fatescreen.scene.model import Scene
from tests.campaign.support import SAMPLE, campaign_file, party_file


def test_starting_and_ending_a_scene_are_undoable_steps(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    assert session.execute("play archive").ok
    assert session.running and session.campaign.scene == 5
    assert session.execute("undo").lines == ("undone: start Ambush in the archive",)
    assert not session.running and session.campaign.scene == 4
    assert session.execute("fp give rozio").lines[0].startswith("Ambush in the archive has not")
    assert session.execute("redo").ok and session.running
    assert session.execute("fp give rozio 2 a gift").ok
    preview = session.preview_scene_end()
    assert session.execute("endscene").ok
    assert session.campaign == preview.campaign
    assert party_file(campaign_dir)["Rozio"]["fate_points"] == 3
    assert session.execute("undo").ok
    assert session.running and session.dirty
    assert session.execute("fp spend rozio 1 oops").ok
    assert session.execute("endscene").ok
    assert party_file(campaign_dir)["Rozio"]["fate_points"] == 2


def test_commands_are_refused_where_they_make_no_sense(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    assert session.execute("pool 3").lines == (
        "no scene is running: play SCENE starts one (scenes lists them)",
    )
    assert session.execute("endscene").lines[0].startswith("no scene is running")
    assert session.execute("play 1").ok
    assert session.execute("play 2").lines == (
        "Ambush in the archive is still running: endscene first",
    )
    assert session.execute("play 1").lines == ("Ambush in the archive is already being played",)
    assert session.execute("endsession").lines == (
        "endsession: end the running scene first (Ambush in the archive: endscene)",
    )
    assert session.execute("milestone rozio skip").lines[0].startswith("milestone: end the")
    assert session.execute("endscene").ok
    assert session.execute("pool 3").lines[0].startswith("Ambush in the archive has ended")
    assert session.execute("play 1").lines[0].startswith("Ambush in the archive is finished")
    assert session.execute("play nowhere").lines[0].startswith("no scene 'nowhere'")
    assert session.execute("milestone rozio").lines[0].startswith("milestone: missing")
    assert session.execute("milestone rozio swap Fight Drive").lines[0].startswith("no skill")
    assert (
        session.execute("breakthrough riesa raise Notice")
        .lines[0]
        .startswith("raising Notice to Good (+3) is not allowed")
    )
    assert (
        session.execute("breakthrough riesa skip")
        .lines[0]
        .startswith("breakthrough: did not understand 'skip'")
    )
    assert session.execute('breakthrough riesa raise Academics concept "Duellist"').ok
    assert session.scene_list()[0][1] is SceneState.FINISHED


def test_campaign_verbs_need_a_campaign() -> None:
    session = Session.open(SAMPLE / "golden-mask.toml", journal=False)
    for line in ("scenes", "play 1", "endsession", "milestone silbestre skip"):
        result = session.execute(line)
        assert not result.ok
        assert "works in a campaign: open the campaign folder" in result.lines[0]
    assert session.execute("endscene").ok  # the scene's own end still works alone
    assert fate_session(Scene("x")).execute("endscene compels 1").lines[0].startswith("endscene:")


def test_a_running_scene_is_reopened_and_a_crash_loses_nothing(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en")
    assert session.execute("play 1").ok  # saved at once: the files know the scene runs
    assert campaign_file(campaign_dir)["running"] == "campaign/01-archive-ambush.toml"
    assert session.execute("attack dolors rozio Fight +000 vs 0000").ok  # a hit of 2
    assert session.execute("absorb 1").ok
    rozio = session.scene.character("rozio")
    assert rozio.stress[0].checked == {1, 2}
    reopened = open_campaign(campaign_dir, lang="en")  # as after a crash
    assert reopened.scene_key == "campaign/01-archive-ambush.toml" and reopened.running
    assert reopened.scene.character("rozio").stress[0].checked == set()
    assert [command for command, _ in reopened.recoverable()] == [
        "attack dolors rozio Fight +000 vs 0000",
        "absorb 1",
    ]
    assert reopened.recover() == 2
    assert reopened.scene.character("rozio") == rozio
    assert reopened.scene.gm_pool == 2


def test_the_session_record_is_kept_per_session_in_the_campaign_folder(
    campaign_dir: Path,
) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    for line in ("play 1", "fp give rozio 1 a good line", "endscene", "endsession"):
        assert session.execute(line).ok
    two = (campaign_dir / "logs" / "session-2.jsonl").read_text(encoding="utf-8")
    assert '"command": "fp give rozio 1 a good line"' in two
    assert '"title": "Ambush in the archive"' in two
    assert '"title": "Ambush in the archive", "command": "endscene"' in two
    assert '"title": "Between scenes", "command": "endsession"' in two
    assert not (campaign_dir / "logs" / "session-3.jsonl").exists()


def test_a_sheet_edited_from_the_dashboard_is_checked_saved_and_undoable(
    campaign_dir: Path,
) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    assert session.execute("play 1").ok
    rozio = session.scene.character("rozio")
    wiser = replace(rozio, skills={**rozio.skills, "Will": 2, "Fight": 1})
    assert session.edit_sheet(wiser).lines[0] == "Rozio's sheet edited"
    assert session.scene.character("rozio").skills["Will"] == 2
    assert party_file(campaign_dir)["Rozio"]["skills"]["Will"] == 2
    assert session.execute("undo").lines == ("undone: Rozio's sheet edited",)
    assert session.party().member("rozio").character == replace(rozio, zone=None)
    with pytest.raises(CommandError, match="Piloting is not on the campaign's skill list"):
        session.edit_sheet(replace(rozio, skills={**rozio.skills, "Piloting": 1}))
    with pytest.raises(CommandError, match="Dolors Cabra is not in the party"):
        session.edit_sheet(session.scene.character("dolors"))


def test_a_sheet_edit_that_breaks_the_skill_columns_is_refused_in_finnish(
    campaign_dir: Path,
) -> None:
    """§9: no rating may hold more skills than the rating below it; raising Deceive to Great
    and dropping Athletics to Fair leaves Rozio two Great skills and no Good one."""
    session = open_campaign(campaign_dir, lang="fi", journal=False)
    rozio = session.party().member("rozio").character
    broken = replace(rozio, skills={**rozio.skills, "Deceive": 4, "Athletics": 2})
    with pytest.raises(CommandError) as refused:
        session.edit_sheet(broken)
    assert str(refused.value) == (
        "tasolla Mahtava (+4) on 2 taitoa, mutta sen alla tasolla Hyvä (+3) vain 0:"
        " millään tasolla ei voi olla enemmän taitoja kuin sen alapuolisella"
    )
    assert party_file(campaign_dir)["Rozio"]["skills"]["Deceive"] == 3
