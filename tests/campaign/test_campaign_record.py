"""A campaign's session record and its files: the record read back and exported, the
journal of the steps saved at no milestone, saves that fail, and a copy that never writes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.record import RecordEntry, read_record, record_markdown, record_path
from tests.campaign.support import campaign_file

ENTRIES = [
    RecordEntry("a.toml", "Ambush", "play 1", ("scene 5 of the campaign",)),
    RecordEntry("a.toml", "Ambush", "fp give rozio", ("Rozio gains 1 fate point", "pool 2")),
    RecordEntry("", "Between scenes", "endsession", ("session 2 ends",)),
]


def test_the_record_has_a_section_per_scene_and_a_line_per_reply() -> None:
    assert record_markdown("The golden mask", 2, ENTRIES, "en", gm=True) == (
        "# The golden mask: session 2\n"
        "\n"
        "## Ambush\n"
        "\n"
        "- `play 1`\n"
        "  - scene 5 of the campaign\n"
        "- `fp give rozio`\n"
        "  - Rozio gains 1 fate point\n"
        "  - pool 2\n"
        "\n"
        "## Between scenes\n"
        "\n"
        "- `endsession`\n"
        "  - session 2 ends\n"
    )
    assert record_markdown("The golden mask", 3, [], "en") == (
        "# The golden mask: session 3\n\nNothing was recorded in this session.\n"
    )
    assert record_markdown("Kultainen naamio", 3, [], "fi") == (
        "# Kultainen naamio: pelikerta 3\n\nTällä pelikerralla ei kirjattu mitään.\n"
    )


def _write_record(folder: Path, text: str) -> None:
    path = record_path(folder, 2)
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")


def test_the_record_is_read_up_to_a_torn_or_broken_line(tmp_path: Path) -> None:
    assert read_record(tmp_path, 2) == []
    good = '{"scene": "a.toml", "title": "Ambush", "command": "play 1", "lines": ["one\u2028two"]}'
    _write_record(tmp_path, f'{good}\n{good}\n{{"scene": "a.toml", "title": "Am')
    entry = RecordEntry("a.toml", "Ambush", "play 1", ("one\u2028two",))
    assert read_record(tmp_path, 2) == [entry, entry]


@pytest.mark.parametrize(
    "broken",
    [
        '{"scene": "a.toml", "title": "Ambush", "lines": []}',
        '{"scene": "a.toml", "title": "Ambush", "command": "x", "lines": 3}',
    ],
)
def test_a_record_line_missing_a_field_ends_the_record(tmp_path: Path, broken: str) -> None:
    good = '{"scene": "a.toml", "title": "Ambush", "command": "play 1", "lines": []}'
    _write_record(tmp_path, f"{good}\n{broken}\n{good}\n")
    assert read_record(tmp_path, 2) == [RecordEntry("a.toml", "Ambush", "play 1", ())]


def test_a_milestone_is_journaled_until_the_next_save(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", seed=1)
    assert session.execute("endsession").ok  # saved: the journal starts afresh
    assert session.execute("milestone rozio skip").ok
    crashed = open_campaign(campaign_dir, lang="en", seed=1)
    assert crashed.recoverable() == [("milestone rozio skip", ())]
    assert crashed.recover() == 1
    assert crashed.campaign.milestones == ("silbestre", "vitor", "riesa")


def _unwritable(folder: Path) -> None:
    party = folder / "party.toml"
    party.unlink()
    party.mkdir()


def test_a_save_that_fails_is_said_and_the_step_stays(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    _unwritable(campaign_dir)
    ended = session.execute("endsession")
    assert ended.ok and session.campaign.session == 3
    assert ended.lines[-1] == (
        f"could not save the campaign: [Errno 21] Is a directory: '{campaign_dir / 'party.toml'}'"
    )


def test_no_scene_starts_while_the_partys_changes_cannot_be_saved(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    assert session.execute("endsession").ok
    assert session.execute("milestone rozio skip").ok  # not saved yet
    _unwritable(campaign_dir)
    refused = session.execute("play 1")
    assert not refused.ok and not session.running
    assert refused.lines[0].startswith("could not save the campaign: ")


def test_a_copy_that_follows_the_campaign_writes_nothing(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    session.read_only = True
    before = (campaign_dir / "campaign.toml").read_text(encoding="utf-8")
    assert session.execute("play 1").ok and session.running
    assert session.execute("save").ok
    assert (campaign_dir / "campaign.toml").read_text(encoding="utf-8") == before
    assert "running" not in campaign_file(campaign_dir)
    assert not (campaign_dir / "logs").exists()


def test_each_command_is_recorded_in_its_session_with_the_scene_it_was_typed_in(
    campaign_dir: Path,
) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    lines = ("scenes", "play 1", "fp give rozio 1 a good line", "undo", "endscene")
    for line in (*lines, "endsession", "milestone rozio skip", "save"):
        assert session.execute(line).ok, line
    archive = ("campaign/01-archive-ambush.toml", "Ambush in the archive")
    between = ("", "Between scenes")
    two = [(e.command, (e.scene, e.title)) for e in read_record(campaign_dir, 2)]
    assert two == [
        ("scenes", between),
        ("play 1", archive),
        ("fp give rozio 1 a good line", archive),
        ("undo", archive),
        ("endscene", archive),
        ("endsession", between),
    ]
    three = read_record(campaign_dir, 3)
    assert three == [
        RecordEntry(
            "",
            "Between scenes",
            "milestone rozio skip",
            ("Rozio takes a milestone: no change",),
            (),
        )
    ]
    assert (
        read_record(campaign_dir, 2)[4].lines[-1] == "written back to party.toml: Silbestre, Rozio"
    )


def test_a_scene_start_that_cannot_be_saved_says_so(campaign_dir: Path) -> None:
    """The scene starts (its step stays, undoable) and the GM is told the files did not
    follow: campaign.toml, which would say the scene runs, cannot be written."""
    session = open_campaign(campaign_dir, lang="en", journal=False)
    campaign_toml = campaign_dir / "campaign.toml"
    campaign_toml.unlink()
    campaign_toml.mkdir()
    started = session.execute("play 1")
    assert started.ok and session.running
    assert started.lines[-1] == (
        f"could not save the campaign: [Errno 21] Is a directory: '{campaign_toml}'"
    )


def test_a_sheet_edit_is_never_journaled_as_a_command(campaign_dir: Path) -> None:
    """A sheet edit is saved at once and has no command line: when the save fails, recovery
    after a crash must not offer its label as a command to replay."""
    session = open_campaign(campaign_dir, lang="en")
    _unwritable(campaign_dir)
    rozio = session.party().member("rozio").character
    edited = session.edit_sheet(replace(rozio, fate_points=rozio.fate_points + 1))
    assert edited.lines[-1].startswith("could not save the campaign: ")
    assert session.recoverable() == []


def test_an_undone_scene_start_is_recorded_in_the_scene_it_was_typed_in(
    campaign_dir: Path,
) -> None:
    session = open_campaign(campaign_dir, lang="en", journal=False)
    for line in ("play 1", "undo", "save"):
        assert session.execute(line).ok, line
    archive = ("campaign/01-archive-ambush.toml", "Ambush in the archive")
    assert [(e.command, (e.scene, e.title)) for e in read_record(campaign_dir, 2)] == [
        ("play 1", archive),
        ("undo", archive),
    ]


def test_a_finnish_session_is_recorded_in_finnish_as_readable_text(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="fi", journal=False)
    for line in ("kohtaukset", "tallenna"):
        assert session.execute(line).ok, line
    text = record_path(campaign_dir, 2).read_text(encoding="utf-8")
    assert text.startswith('{"scene": "", "title": "Kohtausten välissä", "command": "kohtaukset"')


def test_a_failed_save_is_said_in_finnish(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, lang="fi", journal=False)
    _unwritable(campaign_dir)
    assert session.execute("endsession").lines[-1] == (
        "kampanjan tallennus epäonnistui: [Errno 21] Is a directory: "
        f"'{campaign_dir / 'party.toml'}'"
    )
