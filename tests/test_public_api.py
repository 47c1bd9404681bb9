"""fatescreen uses its dependencies only through their public API: no name that Textual,
Rich, tomlkit, textual-serve, aiohttp, icepool or platformdirs keeps private (a leading
underscore) is read, set, called, overridden, imported or looked up by ``getattr`` anywhere
in ``src/``, and no private module of theirs is imported. What users install is newer than
our pins (``make test-latest``), and a release may drop a private name in a patch version.

The standard library's documented underscore names (``os._exit``, a named tuple's
``_replace``) are public and allowed."""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import pkgutil
import textwrap
from functools import cache
from pathlib import Path

import pytest

import fatescreen

SOURCE = Path(fatescreen.__file__).resolve().parent


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _self_stores(tree: ast.AST) -> set[str]:
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    }


def _defined(tree: ast.AST) -> set[str]:
    """Private names a source defines: functions, class attributes, attributes of self."""
    names = _self_stores(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return {name for name in names if _private(name)}


DEPENDENCIES = (
    "textual",
    "rich",
    "tomlkit",
    "textual_serve",
    "aiohttp",
    "icepool",
    "platformdirs",
)
"""The packages fatescreen runs on (pyproject.toml's dependencies, and the web server
textual-serve brings), by import name."""

DOCUMENTED = frozenset(
    {
        "_exit",
        "_getframe",
        "_replace",
        "_asdict",
        "_fields",
        "_field_defaults",
        "_make",
        "_missing_",
        "_generate_next_value_",
        "_value_",
        "_name_",
        "_ignore_",
        "_member_map_",
        "_member_names_",
        "_value2member_map_",
    }
)
"""Underscore names the standard library documents as public."""


@cache
def own_private_names() -> frozenset[str]:
    """Every private name fatescreen defines for itself."""
    names: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        names |= _defined(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(names)


@cache
def private_of_dependency_class(base: type) -> frozenset[str]:
    """The private names one class of a dependency defines: its methods, class attributes and the
    attributes it sets on itself. Cached per class: finding a class's source parses its
    whole module, and the dashboard's hundreds of classes share a few dozen bases."""
    names = {name for name in vars(base) if _private(name)}
    with contextlib.suppress(OSError, TypeError):
        names |= _self_stores(ast.parse(textwrap.dedent(inspect.getsource(base))))
    return frozenset(name for name in names if _private(name))


@cache
def private_of_dependency_base(cls: type) -> frozenset[str]:
    """The private names the dependencies' classes ``cls`` derives from define (their
    methods, class attributes and the attributes they set on themselves)."""
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] in DEPENDENCIES:
            names |= private_of_dependency_class(base)
    return frozenset(names - DOCUMENTED)


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _private_module(name: str) -> bool:
    parts = name.split(".")
    return parts[0] in DEPENDENCIES and any(_private(part) for part in parts[1:])


def foreign_uses(source: str, filename: str) -> list[str]:
    """Private names read or set on any object but ``self``, or looked up by name with
    ``getattr``/``setattr``/``hasattr``/``delattr``, that fatescreen does not define for
    itself (so some other code's, whether or not the installed release still has them);
    private names imported from a dependency, and imports of its private modules."""
    own = own_private_names() | DOCUMENTED

    def foreign(name: str) -> bool:
        # a private name fatescreen does not define is some other code's: whether the
        # installed release of a dependency still has it or not (a newer one may not)
        return _private(name) and name not in own

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and foreign(node.attr) and not _is_self(node.value):
            found.append(f"{filename}:{node.lineno}: {node.attr}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and foreign(node.args[1].value)
            and not _is_self(node.args[0])
        ):
            found.append(f"{filename}:{node.lineno}: {node.func.id} {node.args[1].value}")
        elif isinstance(node, ast.Import):
            found += [
                f"{filename}:{node.lineno}: import {alias.name}"
                for alias in node.names
                if _private_module(alias.name)
            ]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if _private_module(node.module):
                found.append(f"{filename}:{node.lineno}: from {node.module}")
            elif node.module.split(".")[0] in DEPENDENCIES:
                found += [
                    f"{filename}:{node.lineno}: {node.module}.{alias.name}"
                    for alias in node.names
                    if _private(alias.name)
                ]
    return found


def inherited_uses(cls: type, filename: str) -> list[str]:
    """Private names of the dependencies' classes ``cls`` derives from, overridden, called
    or set in its own body (on ``self`` or on ``super()``)."""
    private = private_of_dependency_base(cls)
    if not private:
        return []
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in private:
            found.append(f"{filename}: {cls.__name__}.{node.name} overridden")
        elif isinstance(node, ast.Attribute) and node.attr in private:
            found.append(f"{filename}: {cls.__name__} uses {node.attr}")
    return found


def test_no_private_name_of_a_dependency_is_used_in_src() -> None:
    """Every module of the package, the dashboard's line views and app included."""
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        found += foreign_uses(path.read_text(encoding="utf-8"), str(path.relative_to(SOURCE)))
    for module in pkgutil.walk_packages(fatescreen.__path__, "fatescreen."):
        if module.name == "fatescreen.__main__":
            continue  # runs the command line
        loaded = importlib.import_module(module.name)
        for _, cls in inspect.getmembers(loaded, inspect.isclass):
            if cls.__module__ == module.name:
                found += inherited_uses(cls, module.name)
    assert found == []


def test_the_check_sees_a_private_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kinds of use the dashboard once made: a private method overridden and called on
    ``super()`` and ``self``, a private attribute read on another object."""
    source = textwrap.dedent(
        """
        from textual.scroll_view import ScrollView

        class View(ScrollView):
            def _size_updated(self, size, virtual, container, layout=True):
                self._scroll_update(virtual)
                return super()._size_updated(size, virtual, container, layout)

        def footer(node):
            return node._bindings.key_to_bindings
        """
    )
    (tmp_path / "private_sample.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    view = importlib.import_module("private_sample").View
    assert sorted(use.split(": ")[1] for use in foreign_uses(source, "x.py")) == [
        "_bindings",
        "_size_updated",
    ]
    assert sorted(inherited_uses(view, "x")) == [
        "x: View uses _scroll_update",
        "x: View uses _size_updated",
        "x: View._size_updated overridden",
    ]


def test_the_check_sees_every_dependency(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The uses that broke saving and serving: tomlkit's ``_insert_after`` called, a private
    method of textual-serve's server overridden, a private name looked up with
    ``getattr``, a private module and a private name imported; a documented standard
    library underscore name passes."""
    served_source = textwrap.dedent(
        """
        from textual_serve.server import Server

        class Served(Server):
            async def _make_app(self):
                return await super()._make_app()
        """
    )
    source = served_source + textwrap.dedent(
        """
        import os
        from collections import namedtuple
        from rich._loop import loop_last
        from tomlkit.container import _NOT_SET
        import textual._compositor

        def insert(doc, anchor, key, item):
            doc._insert_after(anchor, key, item)
            return getattr(doc, "_map"), os._exit, namedtuple("P", "a")(1)._replace(a=2)
        """
    )
    # only the class is imported: the private names the rest reads may be gone already
    (tmp_path / "private_everywhere.py").write_text(served_source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    served = importlib.import_module("private_everywhere").Served
    uses = sorted(use.split(": ", 1)[1] for use in foreign_uses(source, "x.py"))
    assert uses == [
        "_insert_after",
        "_make_app",
        "from rich._loop",
        "getattr _map",
        "import textual._compositor",
        "tomlkit.container._NOT_SET",
    ]
    assert sorted(inherited_uses(served, "x")) == [
        "x: Served uses _make_app",
        "x: Served._make_app overridden",
    ]
