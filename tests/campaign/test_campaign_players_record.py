"""The players' record of a campaign's session as the table reads it: a new scene removes
nothing, and no line is written with nothing to say (``fatescreen log``, in English and in
Finnish)."""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.campaign_session import (
    CampaignSession,
    open_campaign,
    read_record,
    record_markdown,
)


def played(folder: Path, lang: str, *lines: str) -> CampaignSession:
    """The sample campaign played with these lines, each accepted, then saved."""
    session = open_campaign(folder, lang=lang, journal=False, seed=1)
    for line in (*lines, "save"):
        assert session.execute(line).ok, line
    return session


def players_record(folder: Path, lang: str) -> str:
    """The players' record of session 2 as ``fatescreen log`` exports it."""
    return record_markdown("The golden mask", 2, read_record(folder, 2), lang)


def sections(record: str) -> list[str]:
    """The record's scene headings, in order."""
    return [line[3:] for line in record.splitlines() if line.startswith("## ")]


def test_the_next_scene_starts_without_the_last_ones_zones_and_npcs_gone(
    campaign_dir: Path,
) -> None:
    played(campaign_dir, "en", "play 1", "endscene", "play 2")
    record = players_record(campaign_dir, "en")
    assert sections(record) == ["Ambush in the archive", "Across the rooftops"]
    rooftops = record.split("## Across the rooftops\n\n")[1]
    assert ": gone" not in rooftops
    assert "Reading room" not in rooftops and "Dockhands" not in rooftops
    assert rooftops.startswith("- zone Harbour wall\n  - zone Rooftops\n")
    assert "  - Dolors Cabra in Rooftops\n" in rooftops
    assert rooftops.endswith("  - GM pool 2\n")  # a new pool, not one that was 0 before


def test_the_next_scene_starts_without_anything_gone_in_finnish(campaign_dir: Path) -> None:
    played(campaign_dir, "fi", "pelaa 1", "lopeta", "pelaa 2")
    record = players_record(campaign_dir, "fi")
    rooftops = record.split("## Across the rooftops\n\n")[1]
    assert ": poistui" not in rooftops
    assert rooftops.startswith("- alue Harbour wall\n  - alue Rooftops\n")
    assert rooftops.endswith("  - PJ:n varanto 2\n")


def test_no_stress_line_is_written_with_no_box_checked(campaign_dir: Path) -> None:
    played(
        campaign_dir,
        "en",
        "play 1",
        "attack dolors rozio Fight +000 vs 0000",
        "absorb 1",
        "endscene",
    )
    record = players_record(campaign_dir, "en")
    assert "stress checked: \n" not in record and "stress checked:  →" not in record
    assert "stress checked: 1, 2 →" not in record
    assert "- Rozio: physical stress checked: 1, 2\n" in record
    assert "- Rozio: physical stress cleared\n" in record
    assert not any(line.rstrip().endswith(":") for line in record.splitlines())


def test_no_stress_line_is_written_with_no_box_checked_in_finnish(campaign_dir: Path) -> None:
    played(
        campaign_dir,
        "fi",
        "pelaa 1",
        "hyökkää dolors rozio Fight +000 vs 0000",
        "ota 1",
        "lopeta",
    )
    record = players_record(campaign_dir, "fi")
    assert "ruksattu: \n" not in record
    assert "- Rozio: rasitus (fyysinen) ruksattu: 1, 2\n" in record
    assert "- Rozio: rasitus (fyysinen) tyhjennetty\n" in record
    assert not any(line.rstrip().endswith(":") for line in record.splitlines())
