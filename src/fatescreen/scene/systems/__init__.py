"""Scene files of the systems that run on the shared stack: each system's
:class:`SceneFormat` (its ``scene_format`` part in :mod:`fatescreen.systems`), read and
saved here through the same error-collecting :class:`~fatescreen.scene.reader.Reader` Fate
uses (every mistake names its file, line and key) and the same style-preserving patcher
(comments survive a save).

A scene file names its system with a top-level key (``system = "mekanismi"``);
:func:`fatescreen.systems.of_file` reads it. See ``docs/systems.md`` for how to add a
system.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from fatescreen.scene.errors import KeyPath, Problem, SceneFileError
from fatescreen.scene.errors import text as catalog_text
from fatescreen.scene.reader import MAX_TEXT, Reader
from fatescreen.systems import named_by, registered

if TYPE_CHECKING:
    from fatescreen.scene.systems.tables import Columns

COMMON_KEYS = ("format", "system", "title", "notes")
"""Top-level keys every system's scene file has (the framework reads them)."""

S = TypeVar("S")
"""A system's scene value."""


class SceneFormat(Protocol[S]):
    """What a rule system tells the scene layer: how its scene files read and save."""

    system: str
    """The id the file's ``system`` key names."""
    keys: tuple[str, ...]
    """Its own top-level keys and sections (besides :data:`COMMON_KEYS`)."""
    transient: tuple[str, ...]
    """Fields of the scene value the file does not hold (a check under way, the last
    result): a save keeps them as they are, and a scene read back from its saved file is
    the scene saved once they are put back."""

    @property
    def columns(self) -> Columns | None:
        """The columns of its CSV sheet, one character a row, which ``fatescreen import``
        appends to a scene file as records of the sheet's section (None: no sheet; a system
        that declares ``Capability.IMPORT`` on the shared stack needs them)."""
        ...

    def decode(self, reader: Reader, top: Mapping[str, Any], title: str, notes: str) -> S | None:
        """The scene value from the file's top table, recording every problem in
        ``reader``; None if it cannot be built."""
        ...

    def blank(self, title: str) -> S:
        """An empty scene (for rolls and odds without a file)."""
        ...

    def file_state(self, value: S) -> Mapping[KeyPath, Any]:
        """What play can change in the file, by key path, as plain TOML values (a save
        patches each path whose value differs from the loaded one; None removes it)."""
        ...


@dataclass(frozen=True)
class LoadedSystemScene(Generic[S]):
    """A scene of a system on the shared stack as loaded (or last saved): its value, file
    and text."""

    system: str
    value: S
    path: Path | None
    text: str


def scene_format(system: str) -> SceneFormat[Any]:
    """The file format of the system with the id ``system``.

    Raises:
        KeyError: No system has that id, or it has a loader of its own (no ``scene_format``
            part): callers check :func:`formats` first.
    """
    found = named_by(system)
    if found is None or found.scene_format is None:
        raise KeyError(system)
    fmt: SceneFormat[Any] = found.part("scene_format")
    return fmt


def formats() -> tuple[str, ...]:
    """The ids of the systems whose scene files are read here, in the order registered."""
    return tuple(system.id for system in registered() if system.scene_format is not None)


def load_system_scene(path: Path) -> LoadedSystemScene[Any]:
    """Read and validate a scene file of a system on the shared stack.

    Raises:
        SceneFileError: Unreadable, not TOML, or breaking its system's format; every
            problem is listed with its line and key path.
    """
    from fatescreen.scene.source import read_text

    return load_system_text(read_text(path), path)


def load_system_text(text: str, path: Path | None = None) -> LoadedSystemScene[Any]:
    """Validate a scene's text; see :func:`load_system_scene`."""
    from fatescreen.scene.load import FORMAT_VERSION, MAX_PROBLEMS
    from fatescreen.scene.locate import locate
    from fatescreen.scene.source import parse

    data = parse(text, path)
    system = data.get("system")
    if not isinstance(system, str) or system not in formats():
        line = locate(text, ("system",))
        expected = ", ".join(repr(name) for name in formats())
        problem = Problem.of(("system",), catalog_text("check.system", names=expected), line, path)
        raise SceneFileError([problem])
    fmt = scene_format(system)
    reader = Reader()
    top = reader.table(data, (), (*COMMON_KEYS, *fmt.keys)) or {}
    if top.get("format") != FORMAT_VERSION:
        reader.fail(("format",), catalog_text("check.no_format", version=FORMAT_VERSION))
    title = reader.text(top.get("title"), ("title",)) if "title" in top else None
    if "title" not in top:
        reader.fail(("title",), catalog_text("check.no_title"))
    notes = reader.text(top.get("notes", ""), ("notes",), limit=MAX_TEXT, allow_empty=True)
    value = fmt.decode(reader, top, title or "", notes or "")
    if reader.problems or value is None:
        problems = [
            replace(problem, line=locate(text, problem.path), file=path)
            for problem in reader.problems[:MAX_PROBLEMS]
        ]
        raise SceneFileError(problems or [Problem.of((), catalog_text("check.unread"), None, path)])
    return LoadedSystemScene(system, value, path, text)


def save_system_scene(
    loaded: LoadedSystemScene[S],
    value: S,
    path: Path | None = None,
    *,
    before_write: Callable[[str], None] | None = None,
) -> LoadedSystemScene[S]:
    """Write ``value`` over its file (or to ``path``), patching only what play changed so
    the GM's comments and layout survive; returns the new saved state. ``before_write`` is
    given the text just before it is written (the journal marks what the file holds).

    Raises:
        OSError: The file cannot be written.
        SceneFileError: The saved text does not read back (a bug, never the GM's doing).
    """
    from fatescreen.scene.atomic import write_atomic

    target = path or loaded.path
    if target is None:
        raise SceneFileError([Problem.of((), catalog_text("check.no_file_yet"))])
    fmt = scene_format(loaded.system)
    text = patched_text(loaded.text, fmt.file_state(loaded.value), fmt.file_state(value))
    load_system_text(text, target)  # never write a file that would not read back
    if before_write is not None:
        before_write(text)
    write_atomic(target, text)
    return LoadedSystemScene(loaded.system, value, target, text)


def patched_text(text: str, old: Mapping[KeyPath, Any], new: Mapping[KeyPath, Any]) -> str:
    """``text`` with each key path whose value differs from ``old`` to ``new`` patched in,
    touching nothing else (a path new to the file is added; None removes it)."""
    from fatescreen.scene.splice import spliced_state

    changed = changed_paths(old, new)
    if not changed:
        return text
    # each value over its own span: parsing a large file with tomlkit takes seconds
    spliced = spliced_state(text, ((k, old.get(k), new.get(k)) for k in changed))
    return spliced if spliced is not None else document_patched(text, old, new)


def changed_paths(old: Mapping[KeyPath, Any], new: Mapping[KeyPath, Any]) -> list[KeyPath]:
    """The key paths whose values differ, the file's first, then the new ones."""
    return [k for k in [*old, *(k for k in new if k not in old)] if old.get(k) != new.get(k)]


def document_patched(text: str, old: Mapping[KeyPath, Any], new: Mapping[KeyPath, Any]) -> str:
    """What :func:`patched_text` gives, by the style-preserving tomlkit patcher (for the
    changes its splice does not write)."""
    import tomlkit

    from fatescreen.scene.save import insert_top_key, patch

    document = tomlkit.parse(text)
    for key_path in changed_paths(old, new):
        before, after = old.get(key_path), new.get(key_path)
        if len(key_path) == 1 and key_path[0] not in document and after is not None:
            insert_top_key(document, str(key_path[0]), after)
            continue
        container: Any = document
        for part in key_path[:-1]:
            container = container[part]
        patch(container, key_path[-1], before, after)
    return tomlkit.dumps(document)
