"""A PC removed from a campaign's running scene leaves the party in that scene."""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.campaign_session import open_campaign
from tests.campaign.support import party_file


def test_a_removed_pc_leaves_the_party_in_the_scene(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    assert session.execute("play archive").ok
    assert session.scene.party == ("silbestre", "rozio")
    assert session.execute("remove rozio").ok
    assert session.scene.party == ("silbestre",)


def test_a_pc_removed_from_the_running_scene_keeps_what_happened_to_them_in_it(
    campaign_dir: Path,
) -> None:
    """Rozio leaves the scene with the points he gained and the consequence he took: they
    are his sheet's, written to party.toml; his stress and the boost on him stay behind,
    as when the scene ends. Undone, he is back in the scene as he was."""
    session = open_campaign(campaign_dir, lang="en", journal=False)
    for line in (
        "play 1",
        "fp give rozio 2 a gift",
        "attack dolors rozio Fight ++++ vs 0000",
        'absorb 1 "Bruised ribs"',
        'boost rozio "Off balance"',
    ):
        assert session.execute(line).ok, line
    in_scene = session.scene.character("rozio")
    assert in_scene.stress[0].checked and in_scene.consequence_aspects
    assert session.execute("remove rozio").ok
    assert session.execute("save").ok
    rozio = party_file(campaign_dir)["Rozio"]
    assert rozio["fate_points"] == 3
    assert rozio["consequences"] == {
        "mild": {"text": "Bruised ribs", "free_invokes": {"dolors": 1}}
    }
    assert "stress" not in rozio and "Off balance" not in str(rozio)
    assert session.execute("endscene").ok
    assert party_file(campaign_dir)["Rozio"]["fate_points"] == 3
    reopened = open_campaign(campaign_dir, lang="en", journal=False)
    assert reopened.campaign.member("rozio").character.fate_points == 3


def test_a_pc_removed_from_the_running_scene_comes_back_with_an_undo(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    for line in ("play 1", "fp give rozio 2 a gift", "stress rozio physical 1"):
        assert session.execute(line).ok, line
    before, party = session.scene, session.party()
    assert session.execute("remove rozio").ok
    assert session.execute("undo").ok
    assert session.scene == before and session.party() == party
    assert session.execute("save").ok
    assert party_file(campaign_dir)["Rozio"]["fate_points"] == 3
