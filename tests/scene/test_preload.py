"""A large scene parsed in a child process while the dashboard starts: the same scene as a
load without it, the same problems (file:line and key path) for a bad file, and a load
that reads the file itself whenever the child cannot help."""

from __future__ import annotations

import dataclasses
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import Character, CharacterKind, StressKind, StressTrack
from fatescreen.rules.text import text_problem
from fatescreen.scene import preload
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.load import LoadedScene, load_scene
from fatescreen.scene.model import Zone

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "scenes"


@pytest.fixture(autouse=True)
def idle_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with a core to spare, however busy the one running the tests is."""
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))


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


def fields_of(value: object) -> list[tuple[str, type, object]]:
    """Each field of a dataclass value: its name, its value's type and the value."""
    return [
        (field.name, type(getattr(value, field.name)), getattr(value, field.name))
        for field in dataclasses.fields(value)  # type: ignore[arg-type]
    ]


def test_the_large_benchmark_scene_comes_over_whole(tmp_path: Path) -> None:
    """Thousands of generated characters, templates and numbered copies among them: every
    field of every value as a direct load makes it, of the same type."""
    path = tmp_path / "large-scene.toml"
    subprocess.run(
        [sys.executable, str(ROOT / "bench" / "make_large_scene.py"), str(path)],
        check=True,
        capture_output=True,
    )
    direct = load_scene(path)
    assert preload.start(path, threshold=0)
    loaded = preload.load(path)
    assert loaded.scene == direct.scene
    assert loaded.origins == direct.origins
    assert loaded.text == direct.text
    pairs = [
        *zip(loaded.scene.characters, direct.scene.characters, strict=True),
        *zip(loaded.scene.zones, direct.scene.zones, strict=True),
        *zip(loaded.scene.links, direct.scene.links, strict=True),
        *zip(loaded.scene.obstacles, direct.scene.obstacles, strict=True),
    ]
    assert len(pairs) > 250
    for mine, theirs in pairs:
        assert fields_of(mine) == fields_of(theirs)


def test_values_go_over_without_the_fields_that_hold_their_defaults() -> None:
    """A character with defaults in most fields is pickled with the others alone, and
    reads the defaults back from its class."""
    character = Character("Ann", CharacterKind.PC, skills={"Fight": 2})
    state = pickle.loads(preload.dumps(character)).__dict__
    assert set(state) == {"name", "kind", "id", "skills"}


_SIMPLE = st.sampled_from([0, 1, 3, False, True, None, "", "x", (), ("a",), 0.0])
"""Field values among which some are a field's default object, some merely equal to
it (``False`` and ``0``, ``0`` and ``0.0``), some neither."""


_SIMPLE_FIELDS = (
    *("fate_points", "refresh", "weapon", "armor", "form", "members", "taken_out"),
    *("conceded", "hidden", "player", "zone", "minions", "solo"),
)


@given(
    name=st.text(min_size=1, max_size=5).filter(lambda n: text_problem(n) is None),
    kind=st.sampled_from(CharacterKind),
    simple=st.dictionaries(
        st.sampled_from(_SIMPLE_FIELDS),
        _SIMPLE,
    ),
    boxes=st.lists(st.integers(0, 4), max_size=2),
    free_invokes=st.sampled_from([(), ("gm",), ("a", "b")]),
    hidden=st.sampled_from([False, True, 0]),
)
def test_any_value_comes_back_equal_of_the_same_types(
    name: str,
    kind: CharacterKind,
    simple: dict[str, object],
    boxes: list[int],
    free_invokes: tuple[str, ...],
    hidden: object,
) -> None:
    aspect = Aspect(name, AspectKind.SITUATION, free_invokes=free_invokes, hidden=hidden)  # type: ignore[arg-type]
    tracks = tuple(StressTrack(StressKind.PHYSICAL, count) for count in boxes)
    character = Character(name, kind, aspects=(aspect,), stress=tracks, **simple)  # type: ignore[arg-type]
    values = (character, aspect, Zone(name, aspects=(aspect,)))
    again = pickle.loads(preload.dumps(values))
    assert again == values
    for mine, theirs in zip(again, values, strict=True):
        assert fields_of(mine) == fields_of(theirs)
        if not isinstance(mine, Character):  # a character's skills are not hashable
            assert hash(mine) == hash(theirs)
        assert dataclasses.replace(mine) == theirs
        assert pickle.loads(preload.dumps(mine)) == theirs  # and goes over again


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


def test_no_child_when_every_core_is_busy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a machine whose cores are all taken the child would take its time from the
    dashboard: the scene is loaded in-process."""
    path = copy_of("burning-library.toml", tmp_path)
    cores = os.cpu_count() or 1
    monkeypatch.setattr(os, "getloadavg", lambda: (float(cores), 0.0, 0.0))
    assert not preload.start(path, threshold=0)
    monkeypatch.setattr(os, "getloadavg", lambda: (cores - 0.5, 0.0, 0.0))
    assert preload.start(path, threshold=0)
    assert preload.load(path).scene.title
