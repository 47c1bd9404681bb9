"""A campaign's session at its edges: previews without a scene, saving elsewhere, a roll's
dice recovered after a crash, a scene file that does not load, a sheet edit announced."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.errors import CommandError
from fatescreen.commands.session import Result


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
