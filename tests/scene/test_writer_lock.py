"""One writer per scene, at the file level: the writer lock (an OS lock, and the portable lock
file where there is none), the journal that names its writer, the presence file that only its
owner removes, and the data folder that only its owner can read."""

from __future__ import annotations

import errno
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fatescreen.scene import presence
from fatescreen.scene.journal import Journal, data_dir, data_dir_problem, private_folder
from fatescreen.scene.lock import Holder, SceneLocked, WriterLock, lock_of

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
HOLDER = """
import sys, time
from pathlib import Path
from fatescreen.scene.lock import WriterLock
lock = WriterLock(Path(sys.argv[1]), Path(sys.argv[2]), os_lock=sys.argv[3] == "os")
lock.acquire()
print("holding", flush=True)
time.sleep(120)
"""


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(folder))
    return folder


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _lock(tmp_path: Path, *, os_lock: bool = True) -> WriterLock:
    return WriterLock(
        tmp_path / "data" / "journals" / "scene.lock", tmp_path / "scene.toml", os_lock=os_lock
    )


@pytest.mark.parametrize("os_lock", [True, False], ids=["flock", "lock file"])
def test_a_second_writer_is_refused_with_who_holds_the_lock(tmp_path: Path, os_lock: bool) -> None:
    first, second = _lock(tmp_path, os_lock=os_lock), _lock(tmp_path, os_lock=os_lock)
    held = first.acquire()
    with pytest.raises(SceneLocked) as refused:
        second.acquire()
    assert refused.value.target == tmp_path / "scene.toml"
    holder = refused.value.holder
    assert holder is not None
    assert (holder.pid, holder.host) == (os.getpid(), socket.gethostname())
    assert abs(holder.since - held.since) < 0.01
    assert holder.since_text() == time.strftime("%Y-%m-%d %H:%M", time.localtime(held.since))
    first.release()
    second.acquire()  # free again once released
    assert second.held
    second.release()


@pytest.mark.parametrize("os_lock", [True, False], ids=["flock", "lock file"])
def test_the_lock_file_is_private(tmp_path: Path, os_lock: bool) -> None:
    lock = _lock(tmp_path, os_lock=os_lock)
    with lock:
        assert mode(lock.path) == 0o600
        assert mode(lock.path.parent) == 0o700


def _hold_in_child(lock: WriterLock, kind: str) -> subprocess.Popen[bytes]:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(lock.path), str(lock.target), kind],
        stdout=subprocess.PIPE,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == b"holding"
    return child


@needs_fork
@pytest.mark.parametrize("kind", ["os", "file"], ids=["flock", "lock file"])
def test_a_writer_killed_by_sigkill_leaves_the_scene_free(tmp_path: Path, kind: str) -> None:
    """The OS lets a flock go with its process; the lock file a killed process left names a
    process of this host that no longer runs, and is taken over."""
    lock = _lock(tmp_path, os_lock=kind == "os")
    child = _hold_in_child(lock, kind)
    try:
        with pytest.raises(SceneLocked) as refused:
            lock.acquire()
        assert refused.value.holder is not None
        assert refused.value.holder.pid == child.pid
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    assert lock.acquire().pid == os.getpid()
    lock.release()


def test_a_lock_file_of_another_host_is_never_taken_for_stale(tmp_path: Path) -> None:
    lock = _lock(tmp_path, os_lock=False)
    lock.path.parent.mkdir(parents=True)
    other = Holder(2**22 + 7, socket.gethostname() + "-elsewhere", time.time())
    lock.path.write_text(json.dumps(other.as_record()), encoding="utf-8")
    with pytest.raises(SceneLocked) as refused:
        lock.acquire()
    assert refused.value.holder == other


def test_releasing_the_lock_file_leaves_a_new_holders_file(tmp_path: Path) -> None:
    """A process whose lock file was taken over (it was thought gone) removes only its own."""
    first, second = _lock(tmp_path, os_lock=False), _lock(tmp_path, os_lock=False)
    first.acquire()
    first.path.unlink()  # as a takeover would
    second.acquire()
    first.release()
    assert second.path.exists()
    second.release()
    assert not second.path.exists()


def test_the_journal_records_its_writer(tmp_path: Path) -> None:
    scene = tmp_path / "scene.toml"
    journal = Journal(scene)
    lock = lock_of(journal.path, scene)
    journal.writer = lock.acquire()
    journal.start("text")
    first = json.loads(journal.path.read_text(encoding="utf-8").splitlines()[0])
    assert first["writer"]["pid"] == os.getpid()
    assert first["writer"]["host"] == socket.gethostname()
    assert journal.recorded_writer() == journal.writer
    journal.append("pool 3")
    assert journal.pending("text") == [("pool 3", ())]  # the writer field changes nothing
    lock.release()


def test_journals_presence_files_and_their_folders_are_private(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "scene.toml")
    journal.start("text")
    journal.append("pool 3")
    assert presence.claim(journal)
    assert mode(data_dir()) == 0o700
    assert mode(journal.path.parent) == 0o700
    assert mode(journal.path) == 0o600
    assert mode(presence.presence_path(journal)) == 0o600
    assert [path.name for path in journal.path.parent.iterdir() if path.suffix == ".tmp"] == []


def test_an_open_journals_folder_of_an_earlier_version_is_closed(tmp_path: Path) -> None:
    folder = data_dir() / "journals"
    folder.mkdir(parents=True, mode=0o755)
    folder.chmod(0o755)
    Journal(tmp_path / "scene.toml").start("text")
    assert mode(folder) == 0o700


def test_a_data_folder_the_user_named_keeps_its_mode(tmp_path: Path) -> None:
    data_dir().mkdir(mode=0o750)
    data_dir().chmod(0o750)
    private_folder(data_dir() / "journals")
    assert mode(data_dir()) == 0o750
    assert mode(data_dir() / "journals") == 0o700


def test_the_presence_file_belongs_to_its_owner(tmp_path: Path) -> None:
    """Another process's file (a dashboard still open) is neither taken over nor removed."""
    journal = Journal(tmp_path / "scene.toml")
    path = presence.presence_path(journal)
    path.parent.mkdir(parents=True)
    owner = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        path.write_text(str(owner.pid), encoding="utf-8")
        assert not presence.claim(journal)
        presence.release(journal)
        assert path.read_text(encoding="utf-8") == str(owner.pid)
        assert presence.gm_present(journal)
        # the scene's writer knows no other dashboard has it: the id is a reused one's
        assert presence.claim(journal, writer=True)
        assert path.read_text(encoding="utf-8") == str(os.getpid())
        path.write_text(str(owner.pid), encoding="utf-8")
    finally:
        owner.kill()
        owner.wait(timeout=30)
    assert not presence.gm_present(journal)
    assert presence.claim(journal)  # its owner is gone: the file is this process's now
    presence.release(journal)
    assert not path.exists()


def test_a_data_folder_that_cannot_be_written_is_named_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(blocker / "data"))
    assert data_dir_problem() == os.strerror(errno.ENOTDIR)  # a file where a folder must be
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "fine"))
    assert data_dir_problem() is None


def test_a_link_and_the_file_it_names_have_one_journal_and_one_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scene opened through a link, or a linked folder, is the same scene: the second
    writer is refused whichever name it uses."""
    from fatescreen.commands.writer import take_writer_lock

    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    real = tmp_path / "real"
    real.mkdir()
    target = real / "target.toml"
    target.write_text('format = 1\ntitle = "T"\n', encoding="utf-8")
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    folder_link = tmp_path / "linked"
    folder_link.symlink_to(real)
    assert Journal(link).path == Journal(target).path == Journal(folder_link / "target.toml").path
    held = take_writer_lock(link, Journal(link))
    try:
        for other in (target, folder_link / "target.toml"):
            with pytest.raises(SceneLocked):
                take_writer_lock(other, Journal(other))
    finally:
        held.release()
