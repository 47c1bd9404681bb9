"""A save replaces the scene's text and keeps what the file was: its mode (a scene shared
with the group stays shared, the backup too), a symbolic link (written through to its
target, atomically), and a read-only file (refused with a clear message, never replaced)."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from fatescreen.commands.session import Session
from fatescreen.scene.atomic import ReadOnlyFile, write_atomic
from tests.scene.support import SCENES


@pytest.fixture
def scene(tmp_path: Path) -> Path:
    shutil.copytree(SCENES, tmp_path / "scenes")
    return tmp_path / "scenes" / "golden-mask.toml"


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600, 0o664])
def test_a_save_keeps_the_mode_of_the_file_and_its_backup(scene: Path, mode: int) -> None:
    scene.chmod(mode)
    session = Session.open(scene, seed=1, journal=False)
    session.execute("pool 5")
    assert session.execute("save").ok
    assert "gm_pool = 5" in scene.read_text(encoding="utf-8")
    assert _mode(scene) == mode
    assert _mode(scene.with_name(scene.name + ".bak")) == mode


def test_a_symlinked_scene_is_saved_through_its_link(tmp_path: Path) -> None:
    from tests.scene.test_installed_saves import MINIMAL

    (tmp_path / "prep").mkdir()
    scene = tmp_path / "prep" / "mud.toml"
    scene.write_text(MINIMAL, encoding="utf-8")
    link_folder = tmp_path / "table"
    link_folder.mkdir()
    link = link_folder / "tonight.toml"
    link.symlink_to(scene)
    session = Session.open(link, seed=1, journal=False)
    session.execute("pool 5")
    assert session.execute("save").ok
    assert link.is_symlink() and link.resolve() == scene.resolve()
    assert "gm_pool = 5" in scene.read_text(encoding="utf-8")
    assert scene.with_name(scene.name + ".bak").exists()
    assert not (link_folder / "tonight.toml.bak").exists()


def test_a_read_only_scene_is_refused_and_left_as_it_is(scene: Path) -> None:
    scene.chmod(0o444)
    before = scene.read_bytes()
    session = Session.open(scene, seed=1, journal=False)
    session.execute("pool 5")
    result = session.execute("save")
    assert not result.ok
    assert "read-only" in " ".join(result.lines) and scene.name in " ".join(result.lines)
    assert scene.read_bytes() == before and _mode(scene) == 0o444
    assert not [p for p in scene.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_new_file_gets_the_mode_the_umask_gives(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.toml", "format = 1\n")
    finally:
        os.umask(old)
    # the umask is read once, when fatescreen starts: the usual 022 of this process
    assert _mode(tmp_path / "new.toml") == 0o666 & ~old


def test_write_atomic_refuses_a_read_only_file(tmp_path: Path) -> None:
    path = tmp_path / "scene.toml"
    path.write_text("format = 1\n", encoding="utf-8")
    path.chmod(0o400)
    with pytest.raises(ReadOnlyFile, match="read-only"):
        write_atomic(path, "format = 2\n")
