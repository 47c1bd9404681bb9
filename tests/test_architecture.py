"""Every system's rules core stays pure: importing it loads no UI, file-format or other
fatescreen code (Fate's ``fatescreen.rules``, each other system's ``rules`` in its folder)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from fatescreen import systems

FORBIDDEN = (
    "textual",
    "rich",
    "tomlkit",
    "fatescreen.scene",
    "fatescreen.ui",
    "fatescreen.commands",
    "fatescreen.i18n",
)

RULES = [system.rules for system in systems.registered() if system.rules]


def test_every_built_in_system_has_a_rules_package() -> None:
    assert len(RULES) == len(systems.BUILTIN)


@pytest.mark.parametrize("package", RULES)
def test_rules_core_imports_nothing_forbidden(package: str) -> None:
    code = (
        "import sys, pkgutil, importlib\n"
        f"r = importlib.import_module({package!r})\n"
        f"for m in pkgutil.walk_packages(r.__path__, {package + '.'!r}):\n"
        "    importlib.import_module(m.name)\n"
        "print('\\n'.join(sys.modules))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    offenders = [m for m in loaded if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert offenders == []
    assert any(m.startswith(package + ".") for m in loaded)
