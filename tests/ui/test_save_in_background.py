"""Ctrl+S never blocks a key: the save of a 25× scene is written off the UI thread. A key
pressed while it is written is answered before the save ends; its change goes into the
journal (against the saved text, once the save is adopted) and into the next save.

The disk is made slow on purpose: the save's write waits until the test has seen the key
answered, so the order is certain whatever the machine."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from fatescreen.commands.session import Session
from fatescreen.scene import save as save_module
from fatescreen.scene.load import load_scene
from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.panes.log import LogPane
from tests.scene.support import ROOT
from tests.ui.support import Keys, log_text, until


@pytest.fixture
def large_scene(tmp_path: Path) -> Path:
    path = tmp_path / "large-scene.toml"
    subprocess.run(
        [sys.executable, str(ROOT / "bench" / "make_large_scene.py"), str(path), "--scale", "25"],
        check=True,
        capture_output=True,
    )
    return path


async def test_a_key_pressed_during_a_save_is_answered_before_the_save_ends(
    large_scene: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = save_module.write_atomic
    writing, release = threading.Event(), threading.Event()

    def slow_disk(path: Path, text: str, **options: bool) -> None:
        writing.set()
        assert release.wait(30), "the test never let the save finish"
        real_write(path, text, **options)

    monkeypatch.setattr(save_module, "write_atomic", slow_disk)
    app = FatescreenApp(large_scene, remember=False, lang="en", cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        assert app.session is not None
        pool = app.scene.gm_pool
        await keys.press("colon")
        await keys.type("pool " + str(pool + 1))
        await keys.press("enter")
        await keys.press("ctrl+s")
        await until(pilot, writing.is_set)
        assert "saving…" in str(app.query_one("#status").render())
        # the save waits on the disk: the keys go on
        await keys.press("colon")
        await keys.type("pool " + str(pool + 2))
        await keys.press("enter")
        assert app.scene.gm_pool == pool + 2 and app.saves.saving is not None
        release.set()
        await until(pilot, lambda: app.saves.saving is None)
        on_disk = large_scene.read_text(encoding="utf-8")
        assert f"gm_pool = {pool + 1}" in on_disk  # what was there when Ctrl+S was pressed
        assert app.session.dirty  # the change made meanwhile is not saved yet
        journal = app.session.journal
        assert journal is not None
        assert [c for c, _ in journal.pending(on_disk)] == [f"pool {pool + 2}"]
        await keys.press("ctrl+s")
        await until(pilot, lambda: app.saves.saving is None and not app.session.dirty)
        assert f"gm_pool = {pool + 2}" in large_scene.read_text(encoding="utf-8")


def test_a_save_marked_in_the_journal_recovers_only_what_came_after(tmp_path: Path) -> None:
    """A crash after the file is written and before the journal starts again: the journal
    says which of its commands the file holds, and only the later ones are recovered."""
    import shutil

    from tests.scene.support import SCENES

    shutil.copytree(SCENES, tmp_path / "scenes")
    path = tmp_path / "scenes" / "golden-mask.toml"
    session = Session.open(path, seed=1)
    session.execute("pool 4")
    pending = session.begin_save()
    session.execute("pool 6")
    session.write_save(pending)  # the file has pool 4; the journal is not restarted
    reopened = Session.open(path, seed=1)
    assert [command for command, _ in reopened.recoverable()] == ["pool 6"]
    reopened.recover()
    assert reopened.scene.gm_pool == 6


async def test_u_past_a_save_saves_again_and_waits_for_a_save_being_written(
    large_scene: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+S, then u: the undo goes back past the save, so the file is written again at
    once (a crash keeps it). While a save is being written such an undo is refused, and
    nothing changes."""
    real_write = save_module.write_atomic
    writing, release = threading.Event(), threading.Event()

    def slow_disk(path: Path, text: str, **options: bool) -> None:
        writing.set()
        assert release.wait(30), "the test never let the save finish"
        real_write(path, text, **options)

    app = FatescreenApp(large_scene, remember=False, lang="en", cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        assert app.session is not None
        pool = app.scene.gm_pool
        await keys.press("colon")
        await keys.type("pool " + str(pool + 1))
        await keys.press("enter")
        monkeypatch.setattr(save_module, "write_atomic", slow_disk)
        await keys.press("ctrl+s")
        await until(pilot, writing.is_set)
        await keys.press("u")
        assert app.scene.gm_pool == pool + 1  # refused: the save is being written
        assert "a save is being written" in log_text(app)
        release.set()
        await until(pilot, lambda: app.saves.saving is None)
        monkeypatch.setattr(save_module, "write_atomic", real_write)
        await keys.press("u")
        await until(pilot, lambda: app.scene.gm_pool == pool)
        assert "saved again at once" in log_text(app)
        assert load_scene(large_scene).scene.gm_pool == pool
        assert not app.session.dirty
        assert "●" not in str(app.query_one("#status").render())
    reopened = Session.open(large_scene, journal=True)
    assert reopened.recoverable() == [] and reopened.scene.gm_pool == pool


async def test_a_save_that_cannot_be_written_is_said_in_the_log_and_is_no_crash(
    large_scene: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk on Ctrl+S: the log says why, the worker ends without an error (no
    traceback, no crash log), and the next save, once there is room, writes the file."""

    def full_disk(path: Path, text: str, **options: bool) -> None:
        raise OSError(28, "No space left on device")

    real_write = save_module.write_atomic
    app = FatescreenApp(large_scene, remember=False, lang="en", cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        assert app.session is not None
        pool = app.scene.gm_pool
        await keys.press("colon")
        await keys.type("pool " + str(pool + 1))
        await keys.press("enter")
        monkeypatch.setattr(save_module, "write_atomic", full_disk)
        await keys.press("ctrl+s")
        await until(pilot, lambda: app.saves.saving is None)
        assert "could not save: no space left on the disk" in log_text(app)  # in the GM's words
        assert all(worker.error is None for worker in app.workers)
        assert app.session.dirty and not app.session.writing
        monkeypatch.setattr(save_module, "write_atomic", real_write)
        await keys.press("ctrl+s")
        await until(pilot, lambda: app.saves.saving is None and not app.session.dirty)
    assert load_scene(large_scene).scene.gm_pool == pool + 1


async def test_ctrl_s_never_writes_out_the_scene_as_text_on_the_ui_thread(
    large_scene: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Starting the save's worker names it: a worker not named is described by the repr of
    its work, which holds the whole scene (more than a second of the UI's time at 25×)."""
    from fatescreen.scene.model import Scene

    def no_repr(self: Scene) -> str:
        raise AssertionError("the scene was turned into text")

    app = FatescreenApp(large_scene, remember=False, lang="en", cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        assert app.session is not None
        await keys.press("colon")
        await keys.type('aspect add "Smoke"')
        await keys.press("enter")
        monkeypatch.setattr(Scene, "__repr__", no_repr)
        await keys.press("ctrl+s")
        await until(pilot, lambda: app.saves.saving is None)
        assert not app.session.dirty


@pytest.mark.parametrize(("lang", "word"), [("en", "save"), ("fi", "tallenna")])
async def test_every_systems_save_is_written_off_the_ui_thread(
    every_system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, word: str
) -> None:
    """The other systems' dashboards save as Fate's does: a command typed while the save
    waits on the disk is answered, and the file holds what was there at Ctrl+S."""
    from fatescreen import systems
    from fatescreen.scene import atomic
    from fatescreen.ui.systems.shell import SystemApp
    from tests.stress.play import Play

    system = systems.named_by(every_system)
    assert system is not None
    if system.scene_format is None:
        pytest.skip("Fate's own dashboard: the tests above")
    play = Play.of(every_system)
    path = play.copy_into(tmp_path / "scene")
    lines = play.to_the_file()
    after = play.changes(len(lines) + 1)[-1]  # the change played while the save is written
    real_write = atomic.write_atomic
    writing, release = threading.Event(), threading.Event()

    def slow_disk(target: Path, text: str, **options: bool) -> None:
        if target == path:
            writing.set()
            assert release.wait(30), "the test never let the save finish"
        real_write(target, text, **options)

    monkeypatch.setattr(atomic, "write_atomic", slow_disk)
    app = SystemApp(path, remember=False, lang=lang, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        session = app.session
        assert session is not None
        for line in lines:
            await keys.press("colon")
            await keys.type(line)
            await keys.press("enter")
        assert session.dirty
        saved_value = session.value
        await keys.press("ctrl+s")
        await until(pilot, writing.is_set)
        assert app.saves.saving is not None
        # the save waits on the disk: a command is answered meanwhile
        steps = len(session.history.done)
        await keys.press("colon")
        await keys.type(after)
        await keys.press("enter")
        assert len(session.history.done) == steps + 1 and app.saves.saving is not None
        release.set()
        await until(pilot, lambda: app.saves.saving is None)
        journal = session.journal
        assert journal is not None and session.loaded is not None
        # the change made meanwhile is journaled against the text saved, for the next save
        assert [command for command, _ in journal.pending(session.loaded.text)] == [after]
        # the log says the save in the GM's language, as a key's command line is said
        newest = app.screen.query_one(LogPane).entries[0].text
        assert newest.startswith(f"› {word}"), newest
        reread = system.open_session(path, journal=False)
        assert not session.commands.dirty(reread.value, saved_value)
