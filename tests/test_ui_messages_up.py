"""Attributes down, messages up: only the dashboard apps apply commands; screens, dialogs,
the builder, the editor and the table's flows post :mod:`fatescreen.ui.messages` (or a
dialog's ``Submitted``) and never call the app's command methods."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[1] / "src" / "fatescreen" / "ui"

COORDINATORS = frozenset({"app.py", "campaign.py"})
"""The apps: they apply what the others ask for."""

CALLS = re.compile(
    r"\b(app|table)\.(run_command|try_command|try_command_told|select_character|action_\w+)\("
)


def app_calls(text: str) -> list[str]:
    """The lines of a module that call one of the app's command or action methods."""
    return [line.strip() for line in text.splitlines() if CALLS.search(line)]


def test_the_check_sees_a_call_into_the_app() -> None:
    assert app_calls("        self.table.run_command(line)") != []
    assert app_calls("            self.app.select_character(found[-1].id)") != []
    assert app_calls('        error = self.app.try_command("save")') != []
    assert app_calls("        table.post_message(RequestSubmitted(line))") == []


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(path, id=path.relative_to(UI).as_posix())
        for path in sorted(UI.rglob("*.py"))
        if path.relative_to(UI).as_posix() not in COORDINATORS
        and not path.relative_to(UI).as_posix().startswith(("systems/", "players/"))
    ],
)
def test_no_screen_dialog_or_flow_calls_into_the_app(path: Path) -> None:
    assert app_calls(path.read_text(encoding="utf-8")) == []
