"""The session's guards: where ``save NAME`` writes and which names it refuses, control
characters escaped in everything printed, stale temporary files of killed saves cleared, and
no journaling over a recovery that was not decided."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen.commands.core import Applied, Context, Tokens, register_verb, registry
from fatescreen.commands.fate_session import fate_session
from fatescreen.commands.session import RecoveryPending, Session
from fatescreen.rules.errors import CountdownError
from fatescreen.scene.journal import Journal
from fatescreen.scene.load import load_scene, load_text
from tests.commands.support import DEMO, cli_run, copy_demo


@pytest.fixture
def scene_file(tmp_path: Path) -> Path:
    """A copy of the demo scene (with its template library) in its own folder."""
    return copy_demo(tmp_path)


def _files(folder: Path) -> set[str]:
    return {path.name for path in folder.iterdir()}


# ---- save NAME ---------------------------------------------------------------------------


def test_save_name_is_taken_from_the_scene_folder_not_the_working_one(
    scene_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "shell"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    session = Session.open(scene_file, journal=False)
    assert session.execute("pool 5").ok
    result = session.execute("save copy.toml")
    target = scene_file.parent / "copy.toml"
    assert result.lines == (f"saved to {target}",)
    assert load_scene(target).scene.gm_pool == 5
    assert not list(elsewhere.iterdir())


def test_a_scene_read_from_no_file_saves_where_the_program_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scene read from text has no folder of its own: NAME is the working folder's,
    and an absolute name goes where it says."""
    folder = copy_demo(tmp_path).parent  # its templates are read from the working folder
    monkeypatch.chdir(folder)
    loaded = load_text(DEMO.read_text(encoding="utf-8"))
    session = fate_session(loaded.scene, loaded=loaded)
    assert session.execute("pool 5").ok
    assert session.execute("save here.toml").lines == (f"saved to {Path('here.toml')}",)
    assert load_scene(folder / "here.toml").scene.gm_pool == 5
    there = tmp_path / "sub" / "there.toml"
    there.parent.mkdir()
    assert session.execute(f"save {there}").lines == (f"saved to {there}",)
    assert load_scene(there).scene.gm_pool == 5


@pytest.mark.parametrize(
    ("name", "shown", "code"),
    [
        ('"clear\x1b[2J.toml"', "clear\\x1b[2J.toml", "U+001B"),
        ('"evil\u202elmth.toml"', "evil\\u202elmth.toml", "U+202E"),
        ('"zero\u200bwidth.toml"', "zero\\u200bwidth.toml", "U+200B"),
        ('"bell\x07.toml"', "bell\\x07.toml", "U+0007"),
        ('"line\u2028break.toml"', "line\\u2028break.toml", "U+2028"),
    ],
)
def test_save_refuses_names_with_hidden_characters(
    scene_file: Path, name: str, shown: str, code: str
) -> None:
    session = Session.open(scene_file, journal=False)
    before = _files(scene_file.parent)
    result = session.execute(f"save {name}")
    assert not result.ok
    assert result.lines == (
        f"will not save to {shown}: the name holds {code}, a control, direction or "
        "zero-width character that hides the real name",
    )
    assert _files(scene_file.parent) == before


@pytest.mark.parametrize("name", ["--markdown", "-x.toml", "sub/-x.toml", "-"])
def test_save_refuses_names_that_start_with_a_dash(scene_file: Path, name: str) -> None:
    session = Session.open(scene_file, journal=False)
    before = _files(scene_file.parent)
    result = session.execute(f"save {name}")
    assert not result.ok
    assert result.lines == (
        f"will not save to {name}: a file name may not start with '-' (it reads as an option)",
    )
    assert _files(scene_file.parent) == before


def test_save_name_refusals_speak_finnish(scene_file: Path) -> None:
    session = Session.open(scene_file, journal=False, lang="fi")
    assert session.execute("tallenna -x").lines == (
        "ei tallenneta nimellä -x: tiedostonimi ei saa alkaa merkillä '-' "
        "(se luetaan valitsimeksi)",
    )


def test_cli_save_path_is_the_shells(
    scene_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``fatescreen run --save out.toml`` writes where the shell is, as any program does."""
    shell = tmp_path / "shell"
    shell.mkdir()
    monkeypatch.chdir(shell)
    status, output = cli_run(scene_file, "pool 4\n", tmp_path, "--save", "out.toml")
    assert status == 0, output
    assert load_scene(shell / "out.toml").scene.gm_pool == 4


# ---- control characters ------------------------------------------------------------------


def test_the_cli_echo_and_errors_show_escapes_never_raw_bytes(tmp_path: Path) -> None:
    status, output = cli_run(
        DEMO,
        'add major "Boss\x1b[2J"\nfp give gm\x07 1\naspect add "Fog\u202e" on scene\n',
        tmp_path,
    )
    assert status == 1
    for raw in ("\x1b", "\x07", "\u202e"):
        assert raw not in output
    assert '> add major "Boss\\x1b[2J"' in output
    assert "error: Boss\\x1b[2J: name: control or escape character U+001B" in output
    assert "> fp give gm\\x07 1" in output
    assert "error: no character 'gm\\x07'" in output


def test_results_and_the_log_hold_no_raw_control_characters() -> None:
    session = Session.open(DEMO, journal=False)
    seen = []
    session.listeners.append(seen.append)
    session.execute('add major "Boss\x1b[2J"')
    session.execute("pool 3\x1b[31m")
    session.execute("pool 3")
    for result in seen:
        for line in (result.line, *result.lines, result.label):
            assert "\x1b" not in line
    assert seen[0].line == 'add major "Boss\\x1b[2J"'
    for markdown in (False, True):
        assert all("\x1b" not in line for line in session.log_lines(markdown=markdown))


# ---- temporary files of killed saves -----------------------------------------------------

STUCK_SAVER = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from fatescreen.scene import atomic

    def stuck(*args):
        print("written", flush=True)  # the temporary file is whole: now hang before renaming
        time.sleep(600)

    os.replace = stuck
    atomic.write_atomic(Path(sys.argv[1]), "format = 1\\n")
    """
)


def _kill_a_save(path: Path) -> None:
    """Start a save of ``path`` in another process and SIGKILL it before it renames."""
    with subprocess.Popen(
        [sys.executable, "-c", STUCK_SAVER, str(path)], stdout=subprocess.PIPE, text=True
    ) as saver:
        assert saver.stdout is not None
        assert saver.stdout.readline().strip() == "written"
        saver.send_signal(signal.SIGKILL)
        saver.wait(timeout=30)


def _temps(folder: Path) -> list[str]:
    return sorted(name for name in _files(folder) if name.endswith(".tmp"))


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_opening_a_scene_removes_what_a_killed_save_left(scene_file: Path) -> None:
    _kill_a_save(scene_file)
    assert len(_temps(scene_file.parent)) == 2  # the new text and the backup's copy
    Session.open(scene_file, journal=False)
    assert _temps(scene_file.parent) == []
    assert load_scene(scene_file).scene.title == "The golden mask"


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_saving_removes_what_a_killed_save_left(scene_file: Path) -> None:
    session = Session.open(scene_file, journal=False)
    _kill_a_save(scene_file)
    assert _temps(scene_file.parent)
    assert session.execute("pool 2").ok and session.execute("save").ok
    assert _temps(scene_file.parent) == []


def test_a_running_saves_temporary_file_is_left_alone(scene_file: Path) -> None:
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) as alive:
        try:
            mine = scene_file.parent / f".{scene_file.name}.{alive.pid}.abcd1234.tmp"
            mine.write_text("half", encoding="utf-8")
            other = scene_file.parent / f".other.toml.{2**22 + 7}.abcd1234.tmp"
            other.write_text("not ours", encoding="utf-8")
            Session.open(scene_file, journal=False)
            assert mine.exists() and other.exists()
        finally:
            alive.kill()
            alive.wait()
    Session.open(scene_file, journal=False)
    assert not mine.exists() and other.exists()


# ---- recovery ----------------------------------------------------------------------------


def _crashed_session(scene_file: Path) -> Journal:
    """A session that journaled two changes and was never saved (a crash)."""
    session = Session.open(scene_file)
    assert session.execute("pool 7").ok and session.execute("tick ritual").ok
    assert session.journal is not None
    return session.journal


def test_a_session_refuses_to_journal_over_a_pending_recovery(scene_file: Path) -> None:
    journal = _crashed_session(scene_file)
    before = journal.path.read_bytes()
    reopened = Session.open(scene_file)
    assert reopened.recovery_pending
    for line in ("pool 1", "undo", "save", "help"):
        with pytest.raises(RecoveryPending, match=r"call recover\(\) or discard_recovery\(\)"):
            reopened.execute(line)
    with pytest.raises(RecoveryPending):
        reopened.start_journal()
    assert journal.path.read_bytes() == before
    assert reopened.scene == load_scene(scene_file).scene


def test_recovering_then_playing_journals_after_the_old_changes(scene_file: Path) -> None:
    _crashed_session(scene_file)
    reopened = Session.open(scene_file)
    assert reopened.recover() == 2
    assert not reopened.recovery_pending
    assert reopened.execute("pool 1").ok
    again = Session.open(scene_file)
    assert [command for command, _ in again.recoverable()] == ["pool 7", "tick ritual", "pool 1"]


def test_discarding_then_playing_journals_afresh(scene_file: Path) -> None:
    _crashed_session(scene_file)
    reopened = Session.open(scene_file)
    reopened.discard_recovery()
    assert reopened.execute("pool 1").ok
    again = Session.open(scene_file)
    assert [command for command, _ in again.recoverable()] == ["pool 1"]


def test_a_session_without_a_journal_has_nothing_to_wait_for(scene_file: Path) -> None:
    _crashed_session(scene_file)
    assert Session.open(scene_file, journal=False).execute("pool 1").ok
    assert os.environ["FATESCREEN_DATA_DIR"]  # journals stay in the test's folder


def test_the_refusal_names_the_journal_that_waits(scene_file: Path) -> None:
    journal = _crashed_session(scene_file)
    reopened = Session.open(scene_file)
    with pytest.raises(RecoveryPending) as refused:
        reopened.execute("pool 1")
    assert str(refused.value) == (
        f"{journal.path} holds unsaved changes: call recover() or discard_recovery() first"
    )


# ---- a broken rule no verb put in words -----------------------------------------------------


@pytest.fixture
def strict_pool() -> Iterator[None]:
    """``pool`` (``varanto``) replaced for one test by a verb that lets a rule's error
    through, then registered again as it was."""

    def broken(ctx: Context, args: Tokens) -> Applied:
        raise CountdownError("ritual has run out", code="obstacles.tick_2", countdown_name="Rite")

    pool = registry()["pool"]
    register_verb(replace(pool, handler=broken))
    try:
        yield
    finally:
        register_verb(pool)


@pytest.mark.usefixtures("strict_pool")
def test_a_broken_rule_a_verb_lets_through_is_told_in_the_gms_language(scene_file: Path) -> None:
    """Every verb turns the rules' refusals into its own message; should one let a rule's
    error through, the session still tells the GM in their language and changes nothing."""
    session = Session.open(scene_file, lang="fi", journal=False)
    before = session.scene
    result = session.execute("varanto 3")
    assert not result.ok
    assert result.lines == ("tikittävä kello 'Rite' on jo käynyt loppuun",)
    assert session.scene is before
