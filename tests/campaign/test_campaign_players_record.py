"""The players' record of a campaign's session as the table reads it: no line is written
with nothing to say (``fatescreen log``, in English and in Finnish)."""

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
