"""An undo or redo that goes back past the last save writes the files again at once: the
journal begins at the save, so a recovery would replay the undo over the saved files with
no history to undo, and a crash would lose it. Within the journal an undo is journaled as
any change. When the files cannot be written now (a save is being written, a file was
edited by hand), the undo is refused and nothing changes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.session import Session
from fatescreen.commands.systems.session import open_system_session
from fatescreen.scene.load import load_scene
from fatescreen.scene.systems import scene_format
from tests.commands.support import DEMO, ROOT
from tests.systems.support import SILLALLA, copied


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    copy = tmp_path / "golden-mask.toml"
    shutil.copy(DEMO, copy)
    shutil.copytree(DEMO.parent / "library", tmp_path / "library")
    return copy


def _points(path: Path) -> int:
    """Silbestre's fate points as the file holds them."""
    return load_scene(path).scene.character("silbestre").fate_points


def test_an_undo_past_a_save_is_saved_at_once_and_survives_a_crash(demo: Path) -> None:
    session = Session.open(demo, seed=3)
    before = session.scene.character("silbestre").fate_points
    assert session.execute("fp give silbestre 1").ok
    assert session.execute("save").ok
    undone = session.execute("undo")
    assert undone.ok
    assert undone.lines == (
        f"undone: Silbestre gains 1 fate point: now {before + 1}",
        f"that went back past the last save: {demo} saved again at once",
    )
    assert _points(demo) == before and not session.dirty
    assert session.log[-1].lines == undone.lines
    # a crash now (the session never closed): nothing is waiting, and nothing is lost
    crashed = Session.open(demo, seed=9)
    assert crashed.recoverable() == []
    assert crashed.scene == session.scene
    # redo goes forth past the save again: saved at once too
    redone = session.execute("redo")
    assert redone.ok and redone.lines[-1].startswith("that went back past the last save")
    assert _points(demo) == before + 1
    assert Session.open(demo, seed=9).scene == session.scene


def test_an_undo_of_a_change_made_since_the_save_is_journaled(demo: Path) -> None:
    session = Session.open(demo, seed=3)
    session.execute("fp give silbestre 1")
    session.execute("save")
    saved = demo.read_text(encoding="utf-8")
    session.execute("fp give silbestre 1")
    undone = session.execute("undo")
    assert len(undone.lines) == 1 and undone.lines[0].startswith("undone: Silbestre gains 1")
    assert demo.read_text(encoding="utf-8") == saved
    crashed = Session.open(demo, seed=9)
    assert [command for command, _ in crashed.recoverable()] == ["fp give silbestre 1", "undo"]
    assert crashed.recover() == 2 and crashed.scene == session.scene
    # the recovered session goes on, and a second crash keeps what it did
    assert crashed.execute("redo").ok
    again = Session.open(demo, seed=9)
    again.recover()
    assert again.scene == crashed.scene


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "a save is being written"),
        ("fi", "tallennus on kesken"),
    ],
)
def test_refused_while_a_save_is_being_written(demo: Path, lang: str, said: str) -> None:
    """A save being written holds every step taken before it: undoing one of those would
    go past it, and waits. A change made while it is written undoes as any other."""
    session = Session.open(demo, seed=3, lang=lang)
    undo = "undo" if lang == "en" else "kumoa"
    session.execute("fp give silbestre 1")
    pending = session.begin_save()
    scene = session.scene
    result = session.execute(undo)
    assert not result.ok and said in result.lines[0]
    assert session.scene == scene
    assert session.execute("fp give silbestre 1").ok  # made while the save is written
    assert session.execute(undo).ok and session.scene == scene  # its own undo: journaled
    session.end_save(pending, session.write_save(pending))
    crashed = Session.open(demo, seed=9)
    assert crashed.recover() == 2 and crashed.scene == session.scene
    crashed.close()
    assert session.execute(undo).ok  # past the save, now written: saved again
    assert Session.open(demo, seed=9).recoverable() == []


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "was edited outside fatescreen"),
        ("fi", "muutettu fatescreenin ulkopuolella"),
    ],
)
def test_refused_over_a_hand_edit(demo: Path, lang: str, said: str) -> None:
    session = Session.open(demo, seed=3, lang=lang)
    session.execute("fp give silbestre 1")
    session.execute("save")
    edited = demo.read_text(encoding="utf-8").replace("The golden mask", "The golden mask, edited")
    demo.write_text(edited, encoding="utf-8")
    scene = session.scene
    result = session.execute("undo" if lang == "en" else "kumoa")
    assert not result.ok and said in result.lines[0] and str(demo) in result.lines[0]
    assert session.scene == scene
    assert demo.read_text(encoding="utf-8") == edited


def test_a_failed_save_leaves_the_undo_made_and_says_why(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The undo is made (the screen shows it); the file could not be written, which the
    result says, and the change waits for a save as any change not saved."""
    from fatescreen.scene import save as save_module

    session = Session.open(demo, seed=3)
    session.execute("fp give silbestre 1")
    session.execute("save")

    def full(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(save_module, "write_atomic", full)
    result = session.execute("undo")
    assert result.ok and result.lines[-1] == "could not save: no space left on the disk"
    assert session.dirty
    monkeypatch.undo()
    assert session.execute("save").ok and not session.dirty


def test_another_systems_scene_too(tmp_path: Path) -> None:
    path = copied(tmp_path, SILLALLA)
    session = open_system_session(path, seed=5)
    start = path.read_text(encoding="utf-8")
    assert session.execute("check Ilse Miekkailu").ok
    assert session.execute("pool Ilse Ruumis").ok  # a point of the pool spent: in the file
    assert session.execute("save").ok and path.read_text(encoding="utf-8") != start
    undone = session.execute("undo")
    assert undone.ok and undone.lines[-1].startswith("that went back past the last save")
    assert not session.dirty
    crashed = open_system_session(path, seed=5)
    held = scene_format(session.system).file_state  # what a file holds (not the check)
    assert crashed.recoverable() == [] and held(crashed.value) == held(session.value)


def test_a_campaign_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting a scene saves the campaign at once: undoing the start goes past that save."""
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "campaign"
    shutil.copytree(ROOT / "scenes", folder, ignore=shutil.ignore_patterns("*.bak", "logs"))
    session = open_campaign(folder, lang="en")
    assert session.execute("play 1").ok and session.running
    undone = session.execute("undo")
    assert undone.ok and undone.lines[-1].startswith("that went back past the last save")
    assert not session.running
    crashed = open_campaign(folder, lang="en")
    assert crashed.recoverable() == []
    assert not crashed.running and crashed.campaign == session.campaign
