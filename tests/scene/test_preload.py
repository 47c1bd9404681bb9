"""A large scene parsed in a child process while the dashboard starts: the same scene as a
load without it, the same problems (file:line and key path) for a bad file, and a load
that reads the file itself whenever the child cannot help."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from types import MappingProxyType

import pytest

from fatescreen.scene import preload
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.load import LoadedScene, load_scene

SCENES = Path(__file__).resolve().parents[2] / "scenes"


@pytest.fixture(autouse=True)
def no_child_left() -> object:
    """Every child started by a test is claimed by it (none is left to the next test)."""
    yield
    leftovers = list(preload._started)
    for path in leftovers:
        preload.claim(path)
    assert not leftovers


def problems(path: Path) -> list[str]:
    """Every problem of loading ``path`` (by the child started for it, if any), as
    ``check`` prints them."""
    with pytest.raises(SceneFileError) as raised:
        preload.load(path)
    return [str(problem) for problem in raised.value.problems]


def copy_of(name: str, folder: Path) -> Path:
    path = folder / name
    shutil.copy(SCENES / name, path)
    return path


def test_a_preloaded_scene_is_the_scene_loaded_directly(tmp_path: Path) -> None:
    path = copy_of("burning-library.toml", tmp_path)
    direct = load_scene(path)
    assert preload.start(path, threshold=0)
    assert preload._started  # a child is parsing it
    loaded = preload.load(path)
    assert not preload._started  # claimed by the load
    assert loaded.scene == direct.scene
    assert loaded.text == direct.text
    assert loaded.origins == direct.origins
    assert loaded.path == path
    skills = [c.skills for c in loaded.scene.characters]
    assert skills and all(isinstance(s, MappingProxyType) for s in skills)  # still read-only


def test_the_child_hands_over_the_loaded_scene(tmp_path: Path) -> None:
    path = copy_of("burning-library.toml", tmp_path)
    assert preload.start(path, threshold=0)
    claimed = preload.claim(path)
    assert isinstance(claimed, LoadedScene)
    assert claimed.scene == load_scene(path).scene


def test_a_scene_with_problems_is_checked_again_by_the_load(tmp_path: Path) -> None:
    """The child hands over the text and the TOML it parsed; the load finds the problems."""
    path = tmp_path / "bad.toml"
    path.write_text('format = 1\ntitle = "T"\ngm_pool = -1\n', encoding="utf-8")
    assert preload.start(path, threshold=0)
    claimed = preload.claim(path)
    assert isinstance(claimed, tuple) and claimed[0] == path.read_text(encoding="utf-8")
    assert claimed[1]["gm_pool"] == -1


def test_small_files_are_parsed_in_process(tmp_path: Path) -> None:
    path = copy_of("burning-library.toml", tmp_path)
    assert path.stat().st_size < preload.PRELOAD_BYTES
    assert not preload.start(path)
    assert preload.claim(path) is None


def test_not_toml_names_the_line_as_without_the_child(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('format = 1\ntitle = "T"\nnotes = "no end\n', encoding="utf-8")
    expected = problems(path)
    assert expected[0].startswith(f"{path}:3: ")
    assert preload.start(path, threshold=0)
    assert problems(path) == expected


def test_a_bad_record_names_file_line_and_key_as_without_the_child(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'format = 1\ntitle = "T"\n\n[[zone]]\nname = "Hall"\n\n'
        '[[pc]]\nname = "Ann"\nzone = "Hall"\nskils = { Fight = 2 }\n',
        encoding="utf-8",
    )
    expected = problems(path)
    assert expected[0].startswith(f"{path}:10: pc[1].skils: ")
    assert preload.start(path, threshold=0)
    assert problems(path) == expected


def test_a_child_that_fails_leaves_the_load_to_read_the_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'format = 1\ntitle = "T"\nnotes = "caf\xe9"\n')
    expected = problems(path)
    assert expected[0].startswith(f"{path}:3: ")
    assert preload.start(path, threshold=0)
    child = preload._started[path.resolve()]
    assert preload.claim(path) is None  # not UTF-8: the child gave up
    with pytest.raises(ChildProcessError):
        os.waitpid(child.pid, os.WNOHANG)  # and it was waited for
    assert preload.start(path, threshold=0)
    assert problems(path) == expected


def test_without_fork_the_scene_is_loaded_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = copy_of("burning-library.toml", tmp_path)
    monkeypatch.delattr(os, "fork")
    assert not preload.start(path, threshold=0)
    assert preload.load(path).scene.title


def test_a_fork_refused_leaves_the_load_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused() -> int:
        raise OSError("no more processes")

    path = copy_of("burning-library.toml", tmp_path)
    monkeypatch.setattr(os, "fork", refused)
    assert not preload.start(path, threshold=0)
    assert preload.load(path).scene.title


def test_a_changed_file_is_loaded_as_it_is_now(tmp_path: Path) -> None:
    """The child read the file as it was; once it changed, the load reads it again."""
    path = copy_of("burning-library.toml", tmp_path)
    assert preload.start(path, threshold=0)
    path.write_text('format = 1\ntitle = "Changed"\n', encoding="utf-8")
    assert preload.load(path).scene.title == "Changed"


def test_the_child_of_another_file_is_left_alone(tmp_path: Path) -> None:
    path = copy_of("burning-library.toml", tmp_path)
    other = tmp_path / "other.toml"
    shutil.copy(path, other)
    assert preload.start(path, threshold=0)
    assert preload.load(other).scene.title
    assert path.resolve() in preload._started
    assert preload.load(path).scene == load_scene(path).scene


def test_no_child_for_what_is_not_a_regular_file(tmp_path: Path) -> None:
    assert not preload.start(tmp_path, threshold=0)
    assert not preload.start(tmp_path / "missing.toml", threshold=0)


def test_a_child_forgotten_is_stopped_and_waited_for(tmp_path: Path) -> None:
    """A file that is not loaded as a scene after all (another system's scene): its child
    is stopped, and the load reads the file itself."""
    path = copy_of("burning-library.toml", tmp_path)
    assert preload.start(path, threshold=0)
    child = preload._started[path.resolve()]
    preload.forget(path)
    assert not preload._started
    with pytest.raises(ChildProcessError):
        os.waitpid(child.pid, os.WNOHANG)
    assert preload.claim(path) is None
    preload.forget(path)  # nothing left to stop
    assert preload.load(path).scene.title
