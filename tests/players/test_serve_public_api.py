"""The served player view uses its dependencies (textual-serve, aiohttp, Textual, Rich) only
through their public names: its modules read, set, call, override and import no name with
a leading underscore, so a patch release that changes their internals cannot break it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fatescreen.ui.players import bridge, serve

MODULES = [Path(serve.__file__), Path(bridge.__file__)]
BY_NAME = {"getattr", "setattr", "hasattr", "delattr"}


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(source: str) -> list[str]:
    """Every private name a source touches: attributes (``x._y``), attributes named in a
    string (``getattr(x, "_y")``), methods it defines (an override of a private method
    looks the same) and names it imports."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Attribute) and private(node.attr):
            found.append(f"{line}: .{node.attr}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            named = node.args[1] if node.func.id in BY_NAME and len(node.args) > 1 else None
            text = named.value if isinstance(named, ast.Constant) else None
            if isinstance(text, str) and private(text):
                found.append(f"{line}: {node.func.id}(…, {text!r})")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and private(node.name):
            found.append(f"{line}: def {node.name}")
        elif isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".") + [alias.name for alias in node.names]
            found += [f"{line}: import {part}" for part in parts if private(part)]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                found += [
                    f"{line}: import {part}" for part in alias.name.split(".") if private(part)
                ]
    return sorted(found, key=lambda use: int(use.split(":")[0]))


@pytest.mark.parametrize("module", MODULES, ids=lambda path: path.name)
def test_no_private_name_of_a_dependency_is_used(module: Path) -> None:
    assert private_uses(module.read_text(encoding="utf-8")) == []


OLD_SERVER = """
from textual_serve.server import Server
from textual_serve._binary_encode import load

class TokenServer(Server):
    async def _make_app(self):
        app = await super()._make_app()
        return getattr(app, "_router")
"""
"""How the player view was served before: an override of textual-serve's private method."""


def test_the_check_sees_overrides_calls_imports_and_names_in_strings() -> None:
    assert private_uses(OLD_SERVER) == [
        "3: import _binary_encode",
        "6: def _make_app",
        "7: ._make_app",
        "8: getattr(…, '_router')",
    ]
