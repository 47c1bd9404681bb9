"""Every message key the code names as a literal is in the catalogs: a key missing from
them would show as itself (``players.varjot.no_check``) on the GM's or the players' screen."""

from __future__ import annotations

import ast
from pathlib import Path

from fatescreen.i18n import EN

SRC = Path(__file__).resolve().parents[2] / "src" / "fatescreen"

LOOKUPS = {"tr": 1, "text": 0, "catalog_text": 0}
"""The functions (or methods) that take a message key, and the argument it is: ``tr(lang,
KEY)``, ``view.tr(KEY)`` and ``ctx.tr(KEY)``, ``text(KEY)`` of the scene's problems."""


def named_keys() -> list[tuple[str, int, str]]:
    """Each literal key the package gives a lookup: file, line, key."""
    found: list[tuple[str, int, str]] = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            function = node.func
            name = (
                function.attr
                if isinstance(function, ast.Attribute)
                else getattr(function, "id", "")
            )
            if name not in LOOKUPS:
                continue
            # a method call passes the key first (view.tr(KEY)); tr(lang, KEY) second
            index = 0 if isinstance(function, ast.Attribute) and name == "tr" else LOOKUPS[name]
            if len(node.args) <= index:
                continue
            argument = node.args[index]
            key = argument.value if isinstance(argument, ast.Constant) else None
            if isinstance(key, str) and "." in key and " " not in key:
                found.append((str(path.relative_to(SRC)), node.lineno, key))
    return found


def test_the_lookups_are_found() -> None:
    keys = {key for _, _, key in named_keys()}
    assert "campaign.no_scene" in keys and "players.objektit.no_conflict" in keys
    assert len(keys) > 500


def test_every_key_named_in_the_code_is_in_the_catalogs() -> None:
    missing = [f"{file}:{line}: {key}" for file, line, key in named_keys() if key not in EN]
    assert missing == []
