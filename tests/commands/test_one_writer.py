"""One writer per scene, through the session: a second writer is refused before it touches the
journal, a read-only session writes nothing, and a save never writes over a hand edit unasked
(keep it and replay the changes not saved on it, or overwrite it; a replay that fails
partway writes and changes nothing)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from fatescreen.commands.session import Session
from fatescreen.commands.systems.session import open_system_session
from fatescreen.commands.writer import locked_message, open_writer
from fatescreen.i18n import tr
from fatescreen.scene.load import load_scene
from fatescreen.scene.lock import SceneLocked
from tests.commands.support import SCENES, copy_demo

TITLE = 'title = "The golden mask"'
EDITED_TITLE = 'title = "The silver mask"'


def hand_edit(scene: Path, old: str, new: str) -> str:
    """Edit the file as an editor would; its new text."""
    text = scene.read_text(encoding="utf-8")
    assert old in text
    edited = text.replace(old, new)
    scene.write_text(edited, encoding="utf-8")
    return edited


def test_a_second_writer_is_refused_before_it_touches_the_journal(tmp_path: Path) -> None:
    scene = copy_demo(tmp_path)
    first = Session.open(scene, lock=True)
    assert first.execute("pool 5").ok
    with pytest.raises(SceneLocked) as refused:
        Session.open(scene, lock=True)
    holder = refused.value.holder
    assert holder is not None and holder.pid == os.getpid()
    said = locked_message(refused.value, "en")
    assert said.startswith(
        f"{scene} is open for writing in another fatescreen (process {os.getpid()}"
    )
    assert locked_message(refused.value, "fi").startswith(f"{scene} on auki kirjoitettavana")
    # the first writer's journal is whole: nothing was started again over it, nothing mixed in
    assert first.journal is not None
    assert first.journal.pending(scene.read_text(encoding="utf-8")) == [("pool 5", ())]
    assert first.writer_lock is not None
    assert first.journal.recorded_writer() == first.writer_lock.holder
    first.close()
    second = Session.open(scene, lock=True)  # free once the first is closed
    second.close()


def test_a_read_only_session_takes_no_lock_keeps_no_journal_and_saves_nothing(
    tmp_path: Path,
) -> None:
    scene = copy_demo(tmp_path)
    text = scene.read_text(encoding="utf-8")
    writer = Session.open(scene, lock=True)
    reader = open_writer(Session.open, scene, read_only=True)
    assert reader.read_only and reader.journal is None and reader.writer_lock is None
    assert reader.execute("pool 1").ok
    saved = reader.execute("save")
    assert saved.ok and saved.lines == (tr("en", "save.read_only"),)
    assert scene.read_text(encoding="utf-8") == text
    writer.close()


def test_the_other_systems_take_the_lock_too(tmp_path: Path) -> None:
    source = next((SCENES / "mekanismi").glob("*.toml"))
    scene = tmp_path / source.name
    scene.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    first = open_system_session(scene, lock=True)
    with pytest.raises(SceneLocked):
        open_system_session(scene, lock=True)
    first.close()
    open_system_session(scene, lock=True).close()


def test_a_save_over_a_hand_edit_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    scene = copy_demo(tmp_path)
    session = Session.open(scene, lock=True)
    assert session.execute("pool 7").ok
    edited = hand_edit(scene, TITLE, EDITED_TITLE)
    result = session.execute("save")
    assert not result.ok
    assert result.lines == (tr("en", "save.hand_edited", paths=str(scene), count=1),)
    assert "save --replay" in result.lines[0] and "save --overwrite" in result.lines[0]
    assert scene.read_text(encoding="utf-8") == edited
    assert session.hand_edited() == (scene,)
    session.close()


def test_replay_keeps_the_hand_edit_and_makes_the_changes_on_it(tmp_path: Path) -> None:
    scene = copy_demo(tmp_path)
    session = Session.open(scene, lock=True, seed=3)
    for line in ("pool 7", "overcome silbestre Athletics vs 2", "undo", "fp spend rozio 1"):
        assert session.execute(line).ok, line
    # each change is kept with the dice it rolled
    assert [command for command, _ in session.unsaved] == [
        "pool 7",
        "overcome silbestre Athletics vs 2",
        "undo",
        "fp spend rozio 1",
    ]
    assert len(session.unsaved[1][1]) == 1
    hand_edit(scene, TITLE, EDITED_TITLE)
    result = session.execute("save --replay")
    assert result.ok, result.lines
    assert result.lines[0] == tr("en", "save.replayed", paths=str(scene), count=4)
    saved = load_scene(scene).scene
    assert saved.title == "The silver mask"  # the hand edit
    assert saved.gm_pool == 7  # and the changes
    assert saved.character("rozio").fate_points == session.scene.character("rozio").fate_points
    assert session.scene.title == "The silver mask" and not session.dirty
    assert session.unsaved == [] and session.hand_edited() == ()
    assert session.journal is not None and session.journal.pending(scene.read_text("utf-8")) == []
    session.close()


def test_overwrite_writes_over_the_hand_edit_and_keeps_it_as_bak(tmp_path: Path) -> None:
    scene = copy_demo(tmp_path)
    session = Session.open(scene, lock=True)
    assert session.execute("pool 7").ok
    edited = hand_edit(scene, TITLE, EDITED_TITLE)
    assert session.execute("save --overwrite").ok
    saved = load_scene(scene).scene
    assert (saved.title, saved.gm_pool) == ("The golden mask", 7)
    assert scene.with_name(scene.name + ".bak").read_text(encoding="utf-8") == edited
    session.close()


def test_a_replay_that_fails_partway_writes_nothing_and_names_the_change(tmp_path: Path) -> None:
    scene = copy_demo(tmp_path)
    session = Session.open(scene, lock=True)
    assert session.execute("pool 7").ok
    assert session.execute("remove leader").ok
    before = session.scene
    # the hand edit renames the leader: "remove leader" no longer finds anyone
    edited = hand_edit(
        scene, 'name = "Masked leader"\nid = "leader"', 'name = "Masked chief"\nid = "chief"'
    )
    result = session.execute("save --replay")
    assert not result.ok
    assert result.lines[0].startswith(
        f"nothing was saved: change 2 of 2 (remove leader) does not apply to the edited {scene}: "
    )
    assert scene.read_text(encoding="utf-8") == edited
    assert session.scene == before and len(session.unsaved) == 2
    # the GM can still write over the edit
    assert session.execute("save --overwrite").ok
    assert "leader" not in {c.id for c in load_scene(scene).scene.characters}
    session.close()


def test_an_edit_that_breaks_the_file_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    scene = copy_demo(tmp_path)
    session = Session.open(scene, lock=True)
    assert session.execute("pool 7").ok
    edited = hand_edit(scene, TITLE, 'title = "The golden mask')
    result = session.execute("save --replay")
    assert not result.ok and result.lines[0].startswith("nothing was saved: the edited")
    assert scene.read_text(encoding="utf-8") == edited
    session.close()


def test_a_save_as_another_file_is_not_a_hand_edit(tmp_path: Path) -> None:
    scene = copy_demo(tmp_path)
    session = Session.open(scene, journal=False)
    assert session.execute("pool 7").ok
    hand_edit(scene, TITLE, EDITED_TITLE)
    assert session.execute("save copy.toml").ok
    assert load_scene(scene.with_name("copy.toml")).scene.gm_pool == 7
    assert load_scene(scene).scene.title == "The silver mask"


def test_a_save_as_moves_the_writer_its_lock_and_its_journal_to_the_new_file(
    tmp_path: Path,
) -> None:
    """After "save as", play goes on in the new file: a crash then loses nothing of it, the
    old file is free for another writer and offers nothing to recover."""
    scene = copy_demo(tmp_path)
    copy = scene.with_name("copy.toml")
    session = Session.open(scene, lock=True)
    assert session.execute("pool 7").ok
    assert session.execute("save copy.toml").ok
    assert session.execute("pool 2").ok  # after the save as: into the copy's journal
    with pytest.raises(SceneLocked):
        Session.open(copy, lock=True)
    other = Session.open(scene, lock=True)  # the old file is free, with nothing to recover
    assert not other.recovery_pending and other.scene.gm_pool != 7
    other.close()
    assert session.journal is not None
    assert session.journal.pending(copy.read_text(encoding="utf-8")) == [("pool 2", ())]
    session.close()
    crashed = Session.open(copy, lock=True)  # as after a crash: the change is recovered
    assert crashed.recovery_pending and crashed.recover() == 1 and crashed.scene.gm_pool == 2
    crashed.close()


def test_a_save_as_onto_a_file_another_writer_has_writes_nothing(tmp_path: Path) -> None:
    scene = copy_demo(tmp_path)
    copy = scene.with_name("copy.toml")
    copy.write_text(scene.read_text(encoding="utf-8"), encoding="utf-8")
    held = Session.open(copy, lock=True)
    session = Session.open(scene, lock=True)
    assert session.execute("pool 7").ok
    refused = session.execute("save copy.toml")
    assert not refused.ok and "is open for writing in another fatescreen" in refused.lines[0]
    assert copy.read_text(encoding="utf-8") == scene.read_text(encoding="utf-8")
    assert session.execute("save").ok  # still the writer of its own file
    held.close()
    session.close()


def test_the_other_systems_move_to_the_file_saved_as_too(tmp_path: Path) -> None:
    source = next((SCENES / "mekanismi").glob("*.toml"))
    scene = tmp_path / source.name
    scene.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    copy = tmp_path / "copy.toml"
    session = open_system_session(scene, lock=True)
    assert session.execute("save copy.toml").ok
    with pytest.raises(SceneLocked):
        open_system_session(copy, lock=True)
    open_system_session(scene, lock=True).close()
    session.close()


def test_an_untouched_file_saves_as_before(tmp_path: Path) -> None:
    """The file rewritten with the same text (an editor's save without a change) is no edit."""
    scene = copy_demo(tmp_path)
    session = Session.open(scene, journal=False)
    assert session.execute("pool 7").ok
    scene.write_text(scene.read_text(encoding="utf-8"), encoding="utf-8")
    assert session.execute("save").ok
    assert tomllib.loads(scene.read_text(encoding="utf-8"))["gm_pool"] == 7


def test_the_other_systems_refuse_a_save_over_a_hand_edit(tmp_path: Path) -> None:
    source = next((SCENES / "mekanismi").glob("*.toml"))
    scene = tmp_path / source.name
    scene.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    session = open_system_session(scene, journal=False)
    edited = scene.read_text(encoding="utf-8") + "\n# edited by hand\n"
    scene.write_text(edited, encoding="utf-8")
    result = session.execute("save")
    assert not result.ok and "save --replay" in result.lines[0]
    assert scene.read_text(encoding="utf-8") == edited
    assert session.execute("save --overwrite").ok
    assert scene.read_text(encoding="utf-8") != edited


WRITER = """
import sys, time
from pathlib import Path
from fatescreen.commands.session import Session
session = Session.open(Path(sys.argv[1]), lock=True)
assert session.execute("pool 9").ok
print("writing", flush=True)
time.sleep(120)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_writer_killed_by_sigkill_leaves_the_scene_to_the_next(tmp_path: Path) -> None:
    """The lock goes with the process; the next writer recovers what the killed one
    journaled, and its journal names the new writer."""
    scene = copy_demo(tmp_path)
    child = subprocess.Popen([sys.executable, "-c", WRITER, str(scene)], stdout=subprocess.PIPE)
    assert child.stdout is not None
    try:
        assert child.stdout.readline().strip() == b"writing"
        with pytest.raises(SceneLocked) as refused:
            Session.open(scene, lock=True)
        assert refused.value.holder is not None and refused.value.holder.pid == child.pid
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    session = Session.open(scene, lock=True)
    assert [command for command, _ in session.recoverable()] == ["pool 9"]
    assert session.recover() == 1 and session.scene.gm_pool == 9
    # the recovered changes are journaled again, under the new writer's name
    assert session.journal is not None and session.writer_lock is not None
    assert session.journal.recorded_writer() == session.writer_lock.holder
    text = scene.read_text(encoding="utf-8")
    assert [command for command, _ in session.journal.pending(text)] == ["pool 9"]
    session.close()
