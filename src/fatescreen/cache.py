"""What fatescreen keeps between runs to start faster: the cache folder, and the compiled
methods of its dataclasses.

:mod:`dataclasses` writes the methods of each dataclass (``__init__``, ``__eq__``,
``__hash__``, ``__repr__``, and a frozen one's ``__setattr__`` and ``__delattr__``) as
source text and compiles that text every time the module defining the class is imported:
for the dashboard's start, seventy dataclasses and a tenth of all its work. The same text
always compiles to the same code, so once :func:`keep_compiled_methods` has run, the code
of fatescreen's own dataclasses is kept in the cache folder, a file per module (as
:mod:`marshal` data, like Python's own bytecode files), and reused at the next start; a
text not kept is compiled as ever, and a cache that cannot be read or written is only a
comfort lost.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

PACKAGE = "fatescreen."
"""The modules whose dataclasses' methods are kept."""


def cache_dir() -> Path | None:
    """Where fatescreen keeps what it can work out again (``FATESCREEN_CACHE_DIR``
    overrides it; empty: no cache)."""
    folder = os.environ.get("FATESCREEN_CACHE_DIR")
    if folder is not None:
        return Path(folder) if folder else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "fatescreen"


class CompiledMethods:
    """The code of dataclass methods by module and source text, read from ``folder`` as a
    module first asks for it and written back for the modules whose code changed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.kept: dict[str, dict[str, CodeType]] = {}
        """Each module's code as its file held it."""
        self.used: dict[str, dict[str, CodeType]] = {}
        """Each module's code that this process compiled or took from the file."""

    def code(self, module: str, source: str) -> CodeType:
        """The code ``source`` compiles to.

        Args:
            module: The module of the dataclass whose method ``source`` is.
            source: The method's text, as :mod:`dataclasses` writes it.

        Returns:
            The code kept for the text, else the text compiled.
        """
        used = self.used.setdefault(module, {})
        code = used.get(source)
        if code is None:
            kept = self.kept.get(module)
            if kept is None:
                kept = self.kept[module] = self._read(module)
            code = kept.get(source) or compile(source, "<string>", "exec")
            used[source] = code
        return code

    def _path(self, module: str) -> Path:
        return self.folder / f"{module}.marshal"

    def _read(self, module: str) -> dict[str, CodeType]:
        try:
            kept = marshal.loads(self._path(module).read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            return {}
        if not isinstance(kept, dict):
            return {}
        return {
            source: code
            for source, code in kept.items()
            if isinstance(source, str) and isinstance(code, CodeType)
        }

    def save(self) -> None:
        """Write the code of each module whose file held other texts than this process used
        (a class added, changed or gone): the file keeps only what the module uses now."""
        for module, used in list(self.used.items()):
            if used.keys() == self.kept.get(module, {}).keys():
                continue
            path = self._path(module)
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                temp = path.with_suffix(f".{os.getpid()}")
                temp.write_bytes(marshal.dumps(dict(used)))
                os.replace(temp, path)
            except (OSError, ValueError):
                continue
            self.kept[module] = dict(used)


_compiled: CompiledMethods | None = None


def _exec(source: Any, globals: Any = None, *rest: Any, **options: Any) -> Any:
    """:func:`exec`, with a fatescreen dataclass's methods taken from :data:`_compiled`."""
    if _compiled is not None and isinstance(source, str) and isinstance(globals, dict):
        module = globals.get("__name__")
        if isinstance(module, str) and module.startswith(PACKAGE):
            source = _compiled.code(module, source)
    return builtins.exec(source, globals, *rest, **options)


def keep_compiled_methods(folder: Path | None = None) -> CompiledMethods | None:
    """Keep the compiled methods of fatescreen's dataclasses from now on, written when the
    process ends (once kept, a second call changes nothing).

    Args:
        folder: Where to keep them (by default the cache folder); a folder of it for this
            Python holds them.

    Returns:
        What is kept, or None without a cache folder (nothing is kept).
    """
    global _compiled
    if _compiled is not None:
        return _compiled
    base = cache_dir() if folder is None else folder
    if base is None:
        return None
    tag = f"{sys.implementation.cache_tag}-{sys.hexversion:x}"
    _compiled = CompiledMethods(base / "dataclasses" / tag)
    # dataclasses compiles the methods' text with the `exec` it finds in its own
    # namespace first: there, this one
    setattr(dataclasses, "exec", _exec)  # noqa: B010
    atexit.register(_compiled.save)
    return _compiled
