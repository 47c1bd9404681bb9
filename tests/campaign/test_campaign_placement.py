"""Where the party's PCs stand in a campaign scene: kept in the scene file, so that a move is
saved, recovered after a crash and undone like any other change of the scene."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from fatescreen.commands.campaign_session import CampaignSession, open_campaign
from fatescreen.scene.campaign import load_campaign, party_of
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.load import load_scene

ARCHIVE = "campaign/01-archive-ambush.toml"


def zones(session: CampaignSession) -> dict[str, str | None]:
    """Each PC of the open scene by id, with the zone it stands in."""
    return {pc.id: pc.zone for pc in session.scene.pcs}


def scene_file(folder: Path, key: str) -> dict[str, Any]:
    """A scene file of the campaign as plain data."""
    return tomllib.loads((folder / key).read_text(encoding="utf-8"))


def played(folder: Path, *lines: str) -> CampaignSession:
    """The campaign opened with no journal and these lines played, each accepted."""
    session = open_campaign(folder, lang="en", journal=False)
    for line in lines:
        assert session.execute(line).ok, line
    return session


def test_a_pc_moved_in_a_campaign_scene_is_where_the_gm_left_it_after_a_save(
    campaign_dir: Path,
) -> None:
    session = played(campaign_dir, "play 1", "move rozio stacks", "save")
    session.close()
    reopened = open_campaign(campaign_dir, lang="en", journal=False)
    assert reopened.running and zones(reopened) == {
        "silbestre": "reading-room",
        "rozio": "stacks",
    }
    assert not reopened.dirty
    assert scene_file(campaign_dir, ARCHIVE)["pcs"] == [
        {"id": "silbestre", "zone": "Reading room"},
        {"id": "rozio", "zone": "Stacks"},
    ]


def test_the_party_is_placed_in_the_scene_file_when_the_scene_starts(campaign_dir: Path) -> None:
    played(campaign_dir, "play 1")  # saved at once
    reopened = open_campaign(campaign_dir, lang="en", journal=False)
    assert zones(reopened) == {"silbestre": "reading-room", "rozio": "reading-room"}
    assert not reopened.dirty


def test_a_pc_taken_off_the_map_is_still_off_it_when_the_campaign_reopens(
    campaign_dir: Path,
) -> None:
    played(campaign_dir, "play 1", "place rozio none", "save")
    reopened = open_campaign(campaign_dir, lang="en", journal=False)
    assert zones(reopened) == {"silbestre": "reading-room", "rozio": None}
    assert scene_file(campaign_dir, ARCHIVE)["pcs"][1] == "rozio"


def test_a_move_lost_in_a_crash_is_recovered_from_the_journal(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en")
    assert session.execute("play 1").ok
    assert session.execute("move rozio stacks").ok  # journaled, not saved
    reopened = open_campaign(campaign_dir, lang="en")  # as after a crash
    assert zones(reopened)["rozio"] == "reading-room"
    assert [command for command, _ in reopened.recoverable()] == ["move rozio stacks"]
    assert reopened.recover() == 1
    assert zones(reopened)["rozio"] == "stacks"
    assert reopened.execute("save").ok
    again = open_campaign(campaign_dir, lang="en", journal=False)
    assert zones(again)["rozio"] == "stacks"


def test_an_undone_move_is_not_saved_and_a_saved_one_undone_is_saved_back(
    campaign_dir: Path,
) -> None:
    played(campaign_dir, "play 1", "move rozio stacks", "undo", "save")
    assert zones(open_campaign(campaign_dir, lang="en", journal=False))["rozio"] == "reading-room"
    played(campaign_dir, "move silbestre stacks", "save", "undo", "save")
    assert zones(open_campaign(campaign_dir, lang="en", journal=False)) == {
        "silbestre": "reading-room",
        "rozio": "reading-room",
    }


def test_a_stand_in_pc_of_a_one_shot_is_saved_where_it_was_moved(campaign_dir: Path) -> None:
    """golden-mask.toml embeds its PCs under the party's names: a move is written into the
    embedded record's zone, and only there (the party's sheet stays in party.toml)."""
    before = scene_file(campaign_dir, "golden-mask.toml")
    played(campaign_dir, "play 4", "move rozio crypt Athletics ++++", "save")
    reopened = open_campaign(campaign_dir, lang="en", journal=False)
    assert zones(reopened)["rozio"] == "crypt"
    after = scene_file(campaign_dir, "golden-mask.toml")
    old = {pc["name"]: pc for pc in before["pc"]}
    new = {pc["name"]: pc for pc in after["pc"]}
    assert new["Rozio"] == {**old["Rozio"], "zone": "Crypt"}
    assert "pcs" not in after


def test_a_stand_in_pc_removed_from_a_one_shot_leaves_the_others_embedded_once(
    campaign_dir: Path,
) -> None:
    """Taking one of golden-mask.toml's PCs out of the scene takes its record out of the
    file; the others stay embedded and are not listed in ``pcs`` as well (which would
    bring each of them into the scene twice)."""
    played(campaign_dir, "play 4", "remove vitor", "save")
    after = scene_file(campaign_dir, "golden-mask.toml")
    assert "pcs" not in after
    assert [pc["name"] for pc in after["pc"]] == ["Silbestre", "Rozio", "Riesa"]
    reopened = open_campaign(campaign_dir, lang="en", journal=False)
    assert [pc.id for pc in reopened.scene.pcs] == ["silbestre", "rozio", "riesa"]
    assert reopened.scene.party == ("silbestre", "rozio", "riesa") and not reopened.dirty


def test_a_party_pc_both_listed_and_embedded_is_refused_where_it_is_embedded(
    campaign_dir: Path,
) -> None:
    scene = campaign_dir / "golden-mask.toml"
    text = scene.read_text(encoding="utf-8")
    scene.write_text(text.replace("\n\n", '\npcs = ["rozio"]\n\n', 1), "utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 2) if row == 'name = "Rozio"')
    with pytest.raises(SceneFileError) as caught:
        load_scene(scene, party_of(load_campaign(campaign_dir).campaign))
    assert [str(problem) for problem in caught.value.problems] == [
        f"{scene}:{line}: pc[2].name: duplicate character id 'rozio'"
    ]
