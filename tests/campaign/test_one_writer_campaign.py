"""One writer per campaign: the lock is the campaign folder's, and a save of the campaign
(campaign.toml, party.toml, the open scene) never writes over a hand edit unasked."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.errors import CommandError
from fatescreen.scene.journal import Journal
from fatescreen.scene.lock import SceneLocked, WriterLock, lock_of
from tests.campaign.support import party_file


def test_a_second_writer_of_the_campaign_is_refused(campaign_dir: Path) -> None:
    first = open_campaign(campaign_dir, lang="en", lock=True)
    with pytest.raises(SceneLocked) as refused:
        open_campaign(campaign_dir, lang="en", lock=True)
    assert refused.value.target == campaign_dir / "campaign.toml"
    first.close()
    open_campaign(campaign_dir, lang="en", lock=True).close()


def _edit_party(folder: Path) -> str:
    path = folder / "party.toml"
    text = path.read_text(encoding="utf-8")
    edited = text.replace('player = "Eevi"', 'player = "Eeva"')
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    return edited


def test_a_hand_edit_of_the_party_is_kept_when_the_changes_are_replayed(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", lock=True)
    assert session.execute("play 1").ok  # starts the scene and saves
    assert session.execute("pool 5").ok
    edited = _edit_party(campaign_dir)
    refused = session.execute("save")
    assert not refused.ok and "save --replay" in refused.lines[0]
    assert (campaign_dir / "party.toml").read_text(encoding="utf-8") == edited
    saved = session.execute("save --replay")
    assert saved.ok, saved.lines
    assert party_file(campaign_dir)["Silbestre"]["player"] == "Eeva"
    scene = campaign_dir / "campaign" / "01-archive-ambush.toml"
    assert tomllib.loads(scene.read_text(encoding="utf-8"))["gm_pool"] == 5
    assert session.scene.gm_pool == 5 and session.scene_key == "campaign/01-archive-ambush.toml"
    session.close()


def test_a_sheet_edit_is_refused_while_a_file_was_edited_by_hand(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    edited = _edit_party(campaign_dir)
    member = session.campaign.party[0].character
    with pytest.raises(CommandError, match="save --replay"):
        session.edit_sheet(replace(member, fate_points=member.fate_points + 1))
    assert (campaign_dir / "party.toml").read_text(encoding="utf-8") == edited


def scene_lock(path: Path) -> WriterLock:
    """The writer lock a dashboard on the scene file alone would take."""
    return lock_of(Journal(path).path, path)


def test_the_campaigns_open_scene_is_locked_with_the_campaign(campaign_dir: Path) -> None:
    """A dashboard on the scene file alone would write it too: it is refused while the
    campaign plays it, and a scene another process writes does not start."""
    session = open_campaign(campaign_dir, lang="en", lock=True)
    first = campaign_dir / "campaign" / "01-archive-ambush.toml"
    assert session.execute("play 1").ok
    with pytest.raises(SceneLocked) as refused:
        scene_lock(first).acquire()
    assert refused.value.target == first
    second = campaign_dir / "campaign" / "02-rooftop-chase.toml"
    other = scene_lock(second)
    other.acquire()
    assert session.execute("endscene").ok
    text = (campaign_dir / "campaign.toml").read_text(encoding="utf-8")
    result = session.execute("play 2")
    assert not result.ok
    assert result.lines[0].startswith(f"{second} is open for writing in another fatescreen")
    assert (campaign_dir / "campaign.toml").read_text(encoding="utf-8") == text
    other.release()
    assert session.execute("play 2").ok
    with scene_lock(first):  # the scene before is free again
        pass
    session.close()
    with scene_lock(second):
        pass
