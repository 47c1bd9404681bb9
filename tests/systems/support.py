"""The setup the tests of the systems other than Fate share: the sample scenes and copies of
them in a test's own folder, a session or a dashboard opened on a copy, command lines typed
into a dashboard with Pilot, what a line says and changes."""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from textual.pilot import Pilot

from fatescreen.commands.session import Result, Session
from fatescreen.commands.systems.session import open_system_session
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.systems import load_system_scene, load_system_text
from fatescreen.ui.systems.shell import CommandLine, SystemApp

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "scenes"
SILLALLA = SCENES / "varjot" / "sillalla.toml"
"""The prepared Menneisyyden varjot scene."""
KUILU = SCENES / "mekanismi" / "kuilun-reunalla.toml"
"""The prepared Mekanismi scene."""
SATAMASSA = SCENES / "objektit" / "satamassa.toml"
"""The prepared Objektien luonti scene."""

T = TypeVar("T")


def copied(tmp_path: Path, source: Path = SILLALLA) -> Path:
    """A copy of a sample scene in the test's own folder, under the same name."""
    path = tmp_path / source.name
    shutil.copy(source, path)
    return path


def scene_copy(source: Path) -> Any:
    """A ``scene_path`` fixture for a test module: a copy of ``source`` in the test's own
    folder (``scene_path = scene_copy(KUILU)``)."""

    @pytest.fixture
    def scene_path(tmp_path: Path) -> Path:
        return copied(tmp_path, source)

    return scene_path


def edited(tmp_path: Path, old: str, new: str, source: Path = SILLALLA) -> Path:
    """A copy of a scene with one piece of text replaced (which must be there)."""
    text = source.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    """What loading the scene file reports, one line each (it must fail)."""
    with pytest.raises(SceneFileError) as caught:
        load_system_scene(path)
    return [str(problem) for problem in caught.value.problems]


def session_on(
    path: Path, lang: str = "en", journal: bool = False, *, seed: int = 3
) -> Session[Any]:
    """A session of the scene file, its dice seeded; without a journal unless asked."""
    return open_system_session(path, seed=seed, lang=lang, journal=journal)


def scene_value(holder: Session[Any] | SystemApp, kind: type[T]) -> T:
    """The scene value of a session, or of a dashboard's session, which must be a ``kind``."""
    session = holder.session if isinstance(holder, SystemApp) else holder
    assert session is not None
    value = session.value
    assert isinstance(value, kind)
    return value


def dashboard(tmp_path: Path, source: Path = SILLALLA, lang: str = "en") -> SystemApp:
    """The dashboard (not yet running) on a copy of a sample scene."""
    return SystemApp(copied(tmp_path, source), lang=lang, cursor_blink=False)


async def typed(pilot: Pilot[None], *lines: str) -> None:
    """Type command lines into a dashboard's command line (``:``), each sent with Enter."""
    for line in lines:
        await pilot.press("colon")
        field = pilot.app.focused
        assert isinstance(field, CommandLine)
        field.value = line
        await pilot.press("enter")
        await pilot.pause()


async def type_line(pilot: Pilot[None], text: str) -> None:
    """Finish the command line a key started (or start one with ':') and send it."""
    field = pilot.app.focused
    if not isinstance(field, CommandLine):
        await pilot.press("colon")
        field = pilot.app.focused
    assert isinstance(field, CommandLine)
    field.insert_text_at_cursor(text)
    await pilot.press("enter")
    await pilot.pause()


def changed(session: Session[Any], line: str, *lines: str) -> None:
    """The line (in Finnish) changes the scene, says ``lines`` and is undone by its first
    line."""
    before = session.value
    result = session.execute(line)
    assert result == Result(line, lines, True, frozenset({"all"}), lines[0])
    assert session.value is not None and session.value != before
    undone = session.execute("kumoa")
    assert undone.lines == ("peruttu: " + lines[0],) and session.value == before
    assert session.execute("tee").ok


def same(session: Session[Any], line: str, *lines: str) -> None:
    """The line says ``lines`` (or refuses with them) and leaves the scene as it was."""
    before = session.value
    steps = session.history.done
    result = session.execute(line)
    assert result.lines == lines
    assert result.changed == frozenset() and result.label == ""
    assert session.value is before and session.history.done == steps


def refused(session: Session[Any], line: str) -> str:
    """The one line a refusal says; the scene is left as it was."""
    before = session.value
    result = session.execute(line)
    assert not result.ok and len(result.lines) == 1, result.lines
    assert session.value is before
    return result.lines[0]


def undone_at_the_end(session: Session[Any], lines: Iterable[str]) -> None:
    """Random lines never escape the session: each is refused and leaves the scene as it
    was, or is applied; undoing every change then gives back the scene they started from."""
    start = session.value
    changes = 0
    for line in lines:
        before = session.value
        result = session.execute(line)
        if not result.ok:
            assert session.value is before
        elif session.value != before:
            changes += 1
    for _ in range(changes):
        assert session.execute("undo").ok
    assert session.value == start


def loads_or_names_the_file(text: str) -> None:
    """A scene file's text (mangled at random) loads, or every problem its refusal lists
    names the file."""
    try:
        load_system_text(text, Path("mangled.toml"))
    except SceneFileError as error:
        assert all(str(problem).startswith("mangled.toml") for problem in error.problems)


def play(session: Session[Any], *lines: str) -> list[str]:
    """The lines, each of which must succeed, and all they said."""
    out: list[str] = []
    for line in lines:
        result = session.execute(line)
        assert result.ok, (line, result.lines)
        out += result.lines
    return out
