"""A scene of another system has the same guards as a Fate scene: save names from the
scene's folder and never hidden or option-like, results without raw control characters, no
journaling over a recovery that was not decided, stale temporary files cleared on opening."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.commands.session import RecoveryPending
from fatescreen.commands.systems.session import open_system_session
from tests.systems.support import SILLALLA, copied


@pytest.fixture
def scene_path(tmp_path: Path) -> Path:
    folder = tmp_path / "table"
    folder.mkdir()
    return copied(folder, SILLALLA)


def test_save_name_from_the_scene_folder_and_refusals(
    scene_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    session = open_system_session(scene_path, journal=False)
    assert session.execute("save copy.toml").ok
    assert (scene_path.parent / "copy.toml").exists()
    assert not (tmp_path / "copy.toml").exists()
    assert session.execute("save --markdown").lines == (
        "will not save to --markdown: a file name may not start with '-' (it reads as an option)",
    )
    refused = session.execute('save "a\u202eb.toml"')
    assert not refused.ok and "\u202e" not in refused.lines[0]
    assert sorted(path.name for path in scene_path.parent.iterdir()) == [
        "copy.toml",
        "sillalla.toml",
    ]


def test_results_escape_control_characters(scene_path: Path) -> None:
    session = open_system_session(scene_path, journal=False)
    result = session.execute("check Ilse\x1b[2J Miekkailu")
    assert not result.ok
    assert "\x1b" not in result.line and all("\x1b" not in line for line in result.lines)
    assert "\\x1b[2J" in result.line


def test_no_journaling_over_a_pending_recovery(scene_path: Path) -> None:
    first = open_system_session(scene_path)
    assert first.execute("check Ilse Miekkailu").ok
    reopened = open_system_session(scene_path)
    assert reopened.recovery_pending
    with pytest.raises(RecoveryPending):
        reopened.execute("check Ilse Miekkailu")
    reopened.discard_recovery()
    assert reopened.execute("check Ilse Miekkailu").ok
    assert len(open_system_session(scene_path).recoverable()) == 1


def test_opening_clears_what_a_killed_save_left(scene_path: Path) -> None:
    stale = scene_path.parent / f".{scene_path.name}.{2**22 + 11}.abcd1234.tmp"
    stale.write_text("half a save", encoding="utf-8")
    open_system_session(scene_path, journal=False)
    assert not stale.exists()
