"""The players' record of a campaign's session as the table reads it: a scene start taken
back is not in it, a new scene removes nothing, and no line is written with nothing to say
(``fatescreen log`` and ``log --markdown``, in English and in Finnish)."""

from __future__ import annotations

import json
from pathlib import Path

from fatescreen.commands.campaign_session import CampaignSession, open_campaign
from fatescreen.commands.record import read_record, record_markdown


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


def test_a_scene_start_the_gm_took_back_is_not_in_the_players_record(
    campaign_dir: Path,
) -> None:
    session = played(campaign_dir, "en", "play 2", "fp give rozio 1 a gift", "undo", "undo")
    session = played(campaign_dir, "en", "play 1")
    record = players_record(campaign_dir, "en")
    assert sections(record) == ["Ambush in the archive"]
    assert "Rooftops" not in record and "Vitor" not in record
    assert "fate points 1 → 2" not in record
    in_session = "\n".join(session.execute("log --markdown").lines)
    assert "Rooftops" not in in_session and "Vitor" not in in_session
    # the GM's record keeps every command
    full = record_markdown("The golden mask", 2, read_record(campaign_dir, 2), "en", gm=True)
    assert "- `play 2`" in full and "- `undo`" in full


def test_a_scene_start_taken_back_and_redone_is_in_the_record_as_a_new_scene(
    campaign_dir: Path,
) -> None:
    played(campaign_dir, "en", "play 1", "undo", "redo")
    record = players_record(campaign_dir, "en")
    assert sections(record) == ["Ambush in the archive"]
    assert record.count("- zone Reading room\n") == 1
    assert "  - GM pool 2\n" in record and ": gone" not in record


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
    assert "rastitettu: \n" not in record
    assert "- Rozio: rasitus (fyysinen) rastitettu: 1, 2\n" in record
    assert "- Rozio: rasitus (fyysinen) tyhjennetty\n" in record
    assert not any(line.rstrip().endswith(":") for line in record.splitlines())


def test_an_entry_that_withdraws_takes_itself_and_the_entries_before_it_out(
    tmp_path: Path,
) -> None:
    path = tmp_path / "logs" / "session-2.jsonl"
    path.parent.mkdir()
    rows = [
        ("a.toml", "Ambush", "pool 3", ["GM pool 2 → 3"], 0),
        ("b.toml", "Rooftops", "play 2", ["zone Rooftops"], 0),
        ("b.toml", "Rooftops", "fp give rozio", ["Rozio: fate points 1 → 2"], 0),
        ("b.toml", "Rooftops", "undo", ["Rozio: fate points 2 → 1"], 0),
        ("b.toml", "Rooftops", "undo", ["zone Rooftops: gone"], 3),
    ]
    path.write_text(
        "".join(
            json.dumps(
                {"scene": key, "title": title, "command": command, "lines": [], "players": seen}
                | ({"withdraws": withdraws} if withdraws else {})
            )
            + "\n"
            for key, title, command, seen, withdraws in rows
        ),
        encoding="utf-8",
    )
    entries = read_record(tmp_path, 2)
    assert [entry.withdraws for entry in entries] == [0, 0, 0, 0, 3]
    assert record_markdown("Mask", 2, entries, "en") == (
        "# Mask: session 2\n\n## Ambush\n\n- GM pool 2 → 3\n"
    )
    assert record_markdown("Mask", 2, entries, "en", gm=True).count("- `undo`") == 2


def test_a_free_invoke_the_gm_holds_is_the_gms_in_the_table_language(campaign_dir: Path) -> None:
    played(campaign_dir, "en", "play 1")
    assert "  - aspect Dust in the lamplight (free invokes: GM×1)\n" in players_record(
        campaign_dir, "en"
    )


def test_a_free_invoke_the_gm_holds_is_the_gms_in_finnish(campaign_dir: Path) -> None:
    played(campaign_dir, "fi", "pelaa 1")
    assert "  - piirre Dust in the lamplight (ilmaiset käytöt: PJ×1)\n" in players_record(
        campaign_dir, "fi"
    )


def test_a_consequence_is_named_by_its_severity_in_finnish(campaign_dir: Path) -> None:
    played(
        campaign_dir,
        "fi",
        "pelaa 1",
        "hyökkää dolors rozio Fight +000 vs 0000",
        'ota 2 "Mustelmia"',
    )
    record = players_record(campaign_dir, "fi")
    assert "  - Silbestre: jälki (merkittävä) Cracked ribs, strapped up\n" in record
    assert "- Rozio: jälki (lievä) Mustelmia\n" in record
    assert "(mild)" not in record and "(moderate)" not in record
