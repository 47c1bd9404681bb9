"""undo, redo, save, log and help; names, dice, Finnish words; the CLI's run, roll and odds."""

from __future__ import annotations

import io
import shutil
from contextlib import redirect_stdout
from pathlib import Path

from fatescreen import cli
from fatescreen.commands.session import Session
from fatescreen.scene.load import load_scene
from tests.commands.support import DEMO, MINE, cli_run, open_session, played, run


def test_undo_and_redo_take_one_labelled_step(tmp_path: Path) -> None:
    done = run(
        DEMO,
        tmp_path,
        "attack leader rozio Fight +0++ vs -000",
        'absorb 2 "Cut arm"',
        "undo",
        "undo",
        "redo",
    )
    assert done.lines("undo") == ["undone: Masked leader attacks Rozio"]
    assert done.lines("redo") == ["redone: Masked leader attacks Rozio"]
    original = open_session(DEMO).scene
    assert done.character("rozio") == original.character("rozio")
    assert done.scene.pending_hit is not None


def test_save_writes_the_file_and_it_reloads_the_same(tmp_path: Path) -> None:
    copy = tmp_path / "golden-mask.toml"
    shutil.copy(DEMO, copy)
    (tmp_path / "library").mkdir()
    shutil.copy(DEMO.parent / "library" / "cultist.toml", tmp_path / "library" / "cultist.toml")
    status, output = cli_run(
        copy,
        'attack leader rozio Fight +0++ vs -000\nabsorb 2 "Cut arm"\n'
        'aspect add "Choking smoke" on hall free 1\n',
        tmp_path,
        "--save",
    )
    assert status == 0
    assert output.rstrip().endswith(f"saved to {copy}")
    reloaded = load_scene(copy).scene
    rozio = reloaded.character("rozio")
    assert rozio.consequences[1].aspect is not None
    assert rozio.consequences[1].aspect.name == "Cut arm"
    assert "Choking smoke" in [a.name for a in reloaded.zone("ritual-hall").aspects]
    other = tmp_path / "elsewhere.toml"
    session = Session.open(copy, journal=False)
    assert session.execute(f"save {other}").lines == (f"saved to {other}",)
    assert load_scene(other).scene == load_scene(copy).scene


def test_log_and_its_markdown_record(tmp_path: Path) -> None:
    session = played(DEMO, "tick ritual", "pool 6")
    assert session.execute("log").lines == ("The ritual completes: 1/4", "the GM pool is now 6")
    # the record is for the table: the ritual countdown shows the players only its boxes,
    # so its entry says only the boxes (docs/player-view.md)
    assert session.execute("log --markdown").lines == (
        "# The golden mask",
        "",
        "- countdown #1: 0/4 → 1/4",
        "- GM pool 4 → 6",
    )
    assert session.execute('public "The ritual completes"').ok
    assert "  - countdown The ritual completes: 1/4" in session.execute("log --markdown").lines
    assert session.execute("log --markdown --gm").lines[2:4] == (
        "- `tick ritual`",
        "  - The ritual completes: 1/4",
    )
    assert open_session(DEMO).execute("log").lines == ("the log is empty",)


def test_help_lists_every_verb_and_explains_one() -> None:
    session = open_session(DEMO)
    listing = session.execute("help").lines
    assert listing[0] == "commands (help VERB for more):"
    assert any(line.startswith("attack ") for line in listing)
    assert session.execute("help ti").lines == (
        "tick COUNTDOWN [N] | tick COUNTDOWN back [N]",
        "Check a countdown's next box (or N); the last box announces its outcome.",
        "e.g. tick ritual",
        "aliases: t, tikitä",
    )


def test_names_by_id_name_prefix_and_word_with_finnish_letters() -> None:
    session = played(
        MINE,
        "move silbestre shaft",
        "move silbestre ylä",
        "move riesa Yläkäytävä",
        'move rozio "Yläkäytävä"',
    )
    assert [c.zone for c in session.scene.characters[:3]] == ["yläkäytävä"] * 3
    assert session.execute("tick water").lines == ("The water rises: 2/5",)
    assert session.execute("tick the-pithead-collapses").lines == ("The pithead collapses: 1/3",)


def test_dice_as_d6_values_and_after_the_dice_keyword() -> None:
    session = open_session(DEMO)
    assert session.execute("roll 2 vs 1 1356").lines == (
        "Fair (+2) + [- 0 + +] = Good (+3) vs Average (+1): success (2 shifts)",
    )
    assert session.execute("roll 2 dice 6666").lines[0].startswith("Fair (+2) + [+ + + +]")


def test_finnish_words_work_as_well() -> None:
    session = played(
        DEMO,
        "hyökkää leader rozio Fight +0++ vastaan -000",
        'ota 2 "Haava"',
        'piirre lisää "Savua" kohteeseen hall ilmainen 1',
        "kohtalo anna rozio 1",
    )
    rozio = session.scene.character("rozio")
    assert rozio.consequences[1].aspect is not None
    assert rozio.fate_points == 4
    assert "Savua" in [a.name for a in session.scene.zone("ritual-hall").aspects]
    assert session.execute("heitä Hyvä vastaan Kohtalainen +0-+").ok


def test_a_seeded_run_is_reproducible(tmp_path: Path) -> None:
    script = "attack leader rozio\ninvoke zealous reroll\nroll 3\n"
    first = cli_run(DEMO, script, tmp_path, "--seed", "7")
    second = cli_run(DEMO, script, tmp_path, "--seed", "7")
    assert first == second


def test_the_journal_replays_rolled_dice(tmp_path: Path) -> None:
    copy = tmp_path / "golden-mask.toml"
    shutil.copy(DEMO, copy)
    (tmp_path / "library").mkdir()
    shutil.copy(DEMO.parent / "library" / "cultist.toml", tmp_path / "library" / "cultist.toml")
    session = Session.open(copy, seed=3)
    session.execute("attack leader rozio")
    session.execute("invoke zealous reroll")
    crashed = Session.open(copy, seed=99)
    assert crashed.recover() == 2
    assert crashed.scene == session.scene


def test_a_recovered_undo_is_journaled_once(tmp_path: Path) -> None:
    """Recovery replays an undo without writing it into the journal again: a second crash
    recovers the same scene, not one undone twice."""
    copy = tmp_path / "golden-mask.toml"
    shutil.copy(DEMO, copy)
    (tmp_path / "library").mkdir()
    shutil.copy(DEMO.parent / "library" / "cultist.toml", tmp_path / "library" / "cultist.toml")
    session = Session.open(copy, seed=3)
    assert session.execute("fp give silbestre 1").ok and session.execute("fp give silbestre 1").ok
    assert session.execute("undo").ok
    crashed = Session.open(copy, seed=99)
    assert crashed.recover() == 3
    assert crashed.scene == session.scene
    again = Session.open(copy, seed=5)
    assert [command for command, _ in again.recoverable()] == [
        "fp give silbestre 1",
        "fp give silbestre 1",
        "undo",
    ]
    assert again.recover() == 3 and again.scene == session.scene


def test_roll_and_odds_without_a_scene() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["roll", "3", "vs", "2", "+0-+", "--lang", "en"]) == 0
        assert cli.main(["odds", "2", "vs", "opposed", "2", "--lang", "en"]) == 0
        assert cli.main(["roll", "x", "--lang", "en"]) == 1
        assert cli.main(["roll", "3", "vs", "2", "-0+-", "--lang", "en"]) == 0
    assert out.getvalue().splitlines() == [
        "Good (+3) + [+ 0 - +] = Great (+4) vs Fair (+2): success (2 shifts)",
        "Fair (+2) vs an opposing Fair (+2): fail 42% · tie 17% · success 27% · style 14%",
        "roll: 'x' is not a number. Usage: roll RATING [vs DIFFICULTY] [FACES] [+N...]",
        "Good (+3) + [- 0 + -] = Fair (+2) vs Fair (+2): tie (0 shifts)",
    ]


def test_run_reports_a_missing_script_and_a_bad_scene(tmp_path: Path) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        status = cli.main(["run", str(DEMO), "--script", str(tmp_path / "none.txt")])
    assert status == 2
    assert out.getvalue().startswith("cannot read")
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 1\n", encoding="utf-8")
    status, output = cli_run(bad, "roll 1\n", tmp_path)
    assert status == 2 and "title" in output


def test_the_journal_replays_a_split_create_and_a_create_that_takes_no_roll(
    tmp_path: Path,
) -> None:
    """A create an advantage on two cultists, its split and their defenses rolled by the
    dashboard, and a supernatural leader's create with no roll (§8), recovered after a
    crash into the same scene."""
    copy = tmp_path / "golden-mask.toml"
    shutil.copy(DEMO, copy)
    (tmp_path / "library").mkdir()
    shutil.copy(DEMO.parent / "library" / "cultist.toml", tmp_path / "library" / "cultist.toml")
    session = Session.open(copy, seed=3)
    for line in (
        'create vitor Crafts "Tangled in chains" on cultist-1,cultist-2 ++++',
        "split 4 4",
        "set leader scale supernatural",
        'create leader Lore "Golden ward"',
    ):
        assert session.execute(line).ok, line
    crashed = Session.open(copy, seed=99)
    assert crashed.recover() == 4
    assert crashed.scene == session.scene
    assert any(a.name == "Golden ward" for a in crashed.scene.aspects)
