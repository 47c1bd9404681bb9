"""The players' record (``log --markdown``): what the table saw of each step, decided from
the public view before and after it; ``log --markdown --gm`` is the GM's full record."""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.record import RecordEntry, read_record, record_markdown
from fatescreen.commands.session import Session

DEMO = Path(__file__).resolve().parents[2] / "scenes" / "golden-mask.toml"


def test_steps_that_change_nothing_public_are_left_out() -> None:
    session = Session.open(DEMO, journal=False, seed=1)
    for line in (
        "set leader refresh 2 armor 1 fp 5",
        'set scene notes "The mask is a fake"',
        'aspect add "Trapdoor under the altar" hidden',
        "pool 6",
    ):
        assert session.execute(line).ok, line
    assert session.execute("log --markdown").lines == ("# The golden mask", "", "- GM pool 4 → 6")
    full = "\n".join(session.execute("log --markdown --gm").lines)
    assert "- `set leader refresh 2 armor 1 fp 5`" in full and "The mask is a fake" in full


def test_a_secret_rollers_roll_shows_as_someones_and_names_no_secret() -> None:
    session = Session.open(DEMO, journal=False, seed=1)
    assert session.execute("secret leader").ok
    assert session.execute("attack leader silbestre").ok
    record = session.execute("log --markdown").lines
    assert record[2].startswith("- someone → Silbestre: attack [")
    assert not any("Masked leader" in line or "Fight" in line for line in record)


def test_a_finnish_record_speaks_finnish() -> None:
    session = Session.open(DEMO, journal=False, lang="fi")
    assert session.execute("varanto 6").ok
    assert session.execute("loki --markdown").lines[2] == "- PJ:n varanto 4 → 6"


def test_a_campaign_record_entry_without_the_players_part_is_left_out_of_theirs() -> None:
    entries = [
        RecordEntry("a.toml", "Ambush", "pool 6", ("the GM pool is now 6",), ("GM pool 2 → 6",)),
        RecordEntry("a.toml", "Ambush", "set leader armor 2", ("armor changed",), ()),
        RecordEntry("a.toml", "Ambush", "an old record", ("written before",)),
    ]
    assert record_markdown("Mask", 2, entries, "en") == (
        "# Mask: session 2\n\n## Ambush\n\n- GM pool 2 → 6\n"
    )
    assert "- `set leader armor 2`" in record_markdown("Mask", 2, entries, "en", gm=True)
    assert record_markdown("Mask", 2, entries[1:], "en") == (
        "# Mask: session 2\n\nNothing was recorded in this session.\n"
    )


def test_the_players_part_is_read_back(tmp_path: Path) -> None:
    path = tmp_path / "logs" / "session-2.jsonl"
    path.parent.mkdir()
    path.write_text(
        '{"scene": "a.toml", "title": "A", "command": "c", "lines": ["l"], "players": ["p"]}\n'
        '{"scene": "a.toml", "title": "A", "command": "c", "lines": ["l"]}\n',
        encoding="utf-8",
    )
    assert [entry.players for entry in read_record(tmp_path, 2)] == [("p",), None]


def test_an_undone_step_never_happened_for_the_players_record() -> None:
    """A roll undone is not in the record; redone, it is there once; the undo and redo
    themselves say nothing; the GM's full record keeps every command."""
    session = Session.open(DEMO, journal=False, seed=1)
    assert session.execute("overcome silbestre Athletics +-0+ vs 2").ok
    assert session.execute("undo").ok
    assert session.execute("log --markdown").lines == ("# The golden mask", "")
    assert session.execute("redo").ok
    assert session.execute('aspect add "Smoke"').ok
    assert session.execute("undo").ok
    record = session.execute("log --markdown").lines
    rolls = [line for line in record if "overcome" in line]
    assert len(rolls) == 1 and rolls[0].startswith("- Silbestre: overcome (Athletics) [+ - 0 +]")
    assert not any("Smoke" in line for line in record)
    full = "\n".join(session.execute("log --markdown --gm").lines)
    assert full.count("`undo`") == 2 and "`redo`" in full
