"""A PC removed from a campaign's running scene leaves the party in that scene."""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.campaign_session import open_campaign


def test_a_removed_pc_leaves_the_party_in_the_scene(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    assert session.execute("play archive").ok
    assert session.scene.party == ("silbestre", "rozio")
    assert session.execute("remove rozio").ok
    assert session.scene.party == ("silbestre",)
