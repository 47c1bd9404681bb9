"""The dashboard asks for a change with a typed request (``commands/requests.py``), never by
formatting a command line itself: no module of ``ui/`` quotes words for a command or builds
one with an f-string that starts with a verb."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from fatescreen.commands.core import registry

UI = Path(__file__).resolve().parents[1] / "src" / "fatescreen" / "ui"

NOT_YET: dict[str, str] = {}
"""Modules that still format command lines, each with what is left; each entry fails the
test once the module is clean (strict xfail), so the list only shrinks."""


def _verb_words() -> list[str]:
    return sorted(registry(), key=len, reverse=True)


def formatted_lines(text: str) -> list[str]:
    """The lines of a module that format a command line: a ``quote(`` call, or an
    f-string (or a concatenation) that starts with a verb and a word filled in."""
    verbs = "|".join(re.escape(word) for word in _verb_words())
    starts = re.compile(rf"""\bf["']({verbs}) [^"']*\{{|["']({verbs}) ["']\s*\+""")
    return [line.strip() for line in text.splitlines() if "quote(" in line or starts.search(line)]


def test_the_check_sees_a_formatted_line() -> None:
    assert formatted_lines('    self.run_command(f"tick {quote(c.id)}")') != []
    assert formatted_lines('        line = f"place {target} none"') != []
    assert formatted_lines('        line = "attack " + who') != []
    assert formatted_lines('    label = f"{name}: {state}"') == []
    assert formatted_lines('    title = f"move along"') == []


def _modules() -> list[Any]:
    found: list[Any] = []
    for path in sorted(UI.rglob("*.py")):
        name = path.relative_to(UI).as_posix()
        marks = []
        if name in NOT_YET:
            marks.append(pytest.mark.xfail(strict=True, reason=NOT_YET[name]))
        found.append(pytest.param(path, id=name, marks=marks))
    return found


@pytest.mark.parametrize("path", _modules())
def test_no_ui_module_formats_a_command_line(path: Path) -> None:
    assert formatted_lines(path.read_text(encoding="utf-8")) == []
