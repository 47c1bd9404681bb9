"""The rule systems fatescreen runs, in one registry: Fate Condensed first, then the others
of our source texts, each declared the same way (:class:`~fatescreen.systems.base.RuleSystem`).

The framework asks the registry which system a scene file is for (:func:`of_file`) and
then asks that system for its parts and capabilities; it never names a system. The
built-in systems are :data:`BUILTIN`; a test (and later a plug-in) adds one at run time
with :func:`register` and takes it away with :func:`unregister`. See ``docs/systems.md``.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from fatescreen.systems import fate, mekanismi, objektit, varjot
from fatescreen.systems.base import Capability, RuleSystem, load_part

BUILTIN: tuple[RuleSystem, ...] = (fate.SYSTEM, varjot.SYSTEM, mekanismi.SYSTEM, objektit.SYSTEM)
"""The systems that ship, Fate first: it is the default, for a file that names none."""

_registered: list[RuleSystem] = list(BUILTIN)

SNIFF_LIMIT = 4 * 1024 * 1024
"""The most of a file read to find its ``system`` key: as much as a scene file may hold."""


def registered() -> tuple[RuleSystem, ...]:
    """Every system, in the order registered (the built-in ones first, Fate first)."""
    return tuple(_registered)


def ids() -> tuple[str, ...]:
    """The id of every system, in the order registered."""
    return tuple(system.id for system in _registered)


def default() -> RuleSystem:
    """The system of a scene file that names none (Fate)."""
    return _registered[0]


def find(name: str) -> RuleSystem | None:
    """The system an id or an alias names, in any case (``Varjot``); None if none does."""
    wanted = name.casefold()
    for system in _registered:
        if wanted in (known.casefold() for known in system.names()):
            return system
    return None


def named_by(name: str) -> RuleSystem | None:
    """The system whose id is exactly ``name``, as a file writes it; None if none is."""
    return next((system for system in _registered if system.id == name), None)


def able(capability: Capability) -> tuple[RuleSystem, ...]:
    """The systems that offer ``capability``, in the order registered."""
    return tuple(system for system in _registered if system.can(capability))


def register(system: RuleSystem) -> None:
    """Add a system after those registered.

    Raises:
        ValueError: Its id or one of its aliases already names a system.
    """
    taken = {name.casefold(): other.id for other in _registered for name in other.names()}
    for name in system.names():
        if name.casefold() in taken:
            raise ValueError(f"{name!r} already names the system {taken[name.casefold()]!r}")
    _registered.append(system)


def unregister(system_id: str) -> RuleSystem:
    """Take a registered system away (a test's own system when it is done); returns it.

    Raises:
        ValueError: No system has that id, or it is the default (Fate), which a file
            naming no system needs.
    """
    found = named_by(system_id)
    if found is None:
        raise ValueError(f"no system has the id {system_id!r}")
    if found is _registered[0]:
        raise ValueError(f"{system_id!r} is the default system")
    _registered.remove(found)
    return found


def of_text(text: str) -> RuleSystem:
    """The system a scene's text names with a top-level ``system = "..."`` before its first
    table; the default if it names none, or names one oddly (its loader then says so)."""
    return _system_in(text.split("\n"))


def of_file(path: Path) -> RuleSystem:
    """The system a scene file is written for: only the lines before its first table are
    read. The default if it cannot be read (its loader then says why): a pipe or a device
    is never opened, for opening it could wait forever."""
    try:
        status = os.stat(path)
    except OSError:
        return default()
    if not stat.S_ISREG(status.st_mode):
        return default()
    try:
        # a bad byte further on is the loader's to name (file:line): the keys before it count
        with path.open(encoding="utf-8", errors="replace", newline="\n") as handle:
            return _system_in(_lines(handle))
    except OSError:
        return default()


def _lines(handle: TextIO) -> Iterator[str]:
    """The file's lines, up to :data:`SNIFF_LIMIT` characters in all (a huge file with no
    table, or no line break, is never read whole)."""
    left = SNIFF_LIMIT
    while left > 0:
        line = handle.readline(left)
        if not line:
            return
        left -= len(line)
        yield line


def _system_in(lines: Iterable[str]) -> RuleSystem:
    in_text = False  # inside a multi-line string (notes = """...""")
    for line in lines:
        was_in_text = in_text
        in_text ^= (line.count('"""') + line.count("'''")) % 2 == 1
        stripped = line.strip()
        if was_in_text:
            continue
        if stripped.startswith("["):
            break
        key, equals, value = stripped.partition("=")
        if equals and key.strip() == "system":
            name = value.split("#", 1)[0].strip()
            if len(name) > 1 and name[0] == name[-1] and name[0] in "\"'":
                name = name[1:-1]
            return named_by(name) or default()
    return default()


__all__ = [
    "BUILTIN",
    "Capability",
    "RuleSystem",
    "able",
    "default",
    "find",
    "ids",
    "load_part",
    "named_by",
    "of_file",
    "of_text",
    "register",
    "registered",
    "unregister",
]
