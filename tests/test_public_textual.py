"""fatescreen uses Textual only through its public API: no name Textual keeps private (a
leading underscore) is read, set, called or overridden anywhere in ``src/``, so a Textual
release that changes its internals cannot break the dashboard silently."""

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
import textual

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


@cache
def textual_private_names() -> frozenset[str]:
    """Every private name Textual defines."""
    names: set[str] = set()
    for path in Path(textual.__file__).parent.rglob("*.py"):
        names |= _defined(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(names)


@cache
def own_private_names() -> frozenset[str]:
    """Every private name fatescreen defines for itself."""
    names: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        names |= _defined(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(names)


@cache
def private_of_textual_class(base: type) -> frozenset[str]:
    """The private names one Textual class defines: its methods, class attributes and the
    attributes it sets on itself. Cached per class: finding a class's source parses its
    whole module, and the dashboard's hundreds of classes share a few dozen Textual bases."""
    names = {name for name in vars(base) if _private(name)}
    with contextlib.suppress(OSError, TypeError):
        names |= _self_stores(ast.parse(textwrap.dedent(inspect.getsource(base))))
    return frozenset(name for name in names if _private(name))


@cache
def private_of_textual_base(cls: type) -> frozenset[str]:
    """The private names the Textual classes ``cls`` derives from define (their methods,
    class attributes and the attributes they set on themselves)."""
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] == "textual":
            names |= private_of_textual_class(base)
    return frozenset(names)


@cache
def foreign_private_names() -> frozenset[str]:
    """Textual's private names less those fatescreen also defines for itself."""
    return textual_private_names() - own_private_names()


def foreign_uses(source: str, filename: str) -> list[str]:
    """Private names of Textual's read or set on any object but ``self`` (a private name
    fatescreen also defines for itself counts as its own)."""
    private = foreign_private_names()
    return [
        f"{filename}:{node.lineno}: {node.attr}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and node.attr in private
        and not (isinstance(node.value, ast.Name) and node.value.id == "self")
    ]


def inherited_uses(cls: type, filename: str) -> list[str]:
    """Private names of the Textual classes ``cls`` derives from, overridden, called or set
    in its own body (on ``self`` or on ``super()``)."""
    private = private_of_textual_base(cls)
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


def test_no_private_textual_name_is_used_in_src() -> None:
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
