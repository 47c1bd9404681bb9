"""The rules core stays pure: importing it loads no UI, file-format or other fatescreen code."""

from __future__ import annotations

import subprocess
import sys

FORBIDDEN = (
    "textual",
    "rich",
    "tomlkit",
    "fatescreen.scene",
    "fatescreen.ui",
    "fatescreen.commands",
)


def test_rules_core_imports_nothing_forbidden() -> None:
    code = (
        "import sys, pkgutil, importlib, fatescreen.rules as r\n"
        "for m in pkgutil.walk_packages(r.__path__, 'fatescreen.rules.'):\n"
        "    importlib.import_module(m.name)\n"
        "print('\\n'.join(sys.modules))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    offenders = [m for m in loaded if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert offenders == []
