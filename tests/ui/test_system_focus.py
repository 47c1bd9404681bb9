"""Every system's dashboard keeps the focus as Fate's does: a key that starts a command
line keeps its verb (never selected, so the name typed next follows it), the keys typed
right after ``:`` are the line's, and after Enter the keys belong to the dashboard again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fatescreen.i18n import tr
from fatescreen.ui.dialogs import ChoiceDialog
from fatescreen.ui.keys import shown_description
from fatescreen.ui.systems.shell import CommandLine, SystemApp
from tests.systems.support import KUILU, SATAMASSA, SILLALLA, dashboard
from tests.ui.support import burst, screen_text, until

SCENES = {
    "varjot": (SILLALLA, "check Ilse Miekkailu"),
    "mekanismi": (KUILU, "check Ragnar Taistelu vs Rosvo Taistelu"),
    "objektit": (SATAMASSA, "check Aino vikkelä kiipeily 3,14"),
}
SIZE = (120, 40)


def app_on(tmp_path: Path, system: str, lang: str = "en") -> SystemApp:
    return dashboard(tmp_path, SCENES[system][0], lang)


def keys_of(text: str) -> list[str]:
    """Pilot key names for typing ``text``."""
    names = {" ": "space", ",": "comma"}
    return [names.get(c, c) for c in text]


@pytest.mark.parametrize("system", sorted(SCENES))
async def test_the_check_key_keeps_its_verb_and_enter_gives_the_keys_back(
    tmp_path: Path, system: str
) -> None:
    app = app_on(tmp_path, system)
    _, line = SCENES[system]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session is not None
        before = app.session.value
        await pilot.press("c")
        field = app.focused
        assert isinstance(field, CommandLine) and field.value == "check "
        assert field.selected_text == ""
        await pilot.press(*keys_of(line.removeprefix("check ")))
        assert field.value == line  # the typed name followed the verb, it did not replace it
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.value != before  # the check started
        assert not isinstance(app.focused, CommandLine)
        await pilot.press("c")  # a hotkey again, not a letter typed into the line
        assert isinstance(app.focused, CommandLine) and app.focused.value == "check "


@pytest.mark.parametrize("system", sorted(SCENES))
async def test_keys_typed_right_after_the_colon_are_the_lines(tmp_path: Path, system: str) -> None:
    app = app_on(tmp_path, system)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session is not None
        before = app.session.value
        # one burst, as a terminal delivers a fast typist's keys: no pause between them
        burst(app, ":undo")
        field = app.screen.query_one(CommandLine)
        await until(pilot, lambda: field.value == "undo")
        assert app.focused is field
        assert app.session.value == before
        await pilot.press("colon")  # a ':' typed inside the line is text
        assert field.value == "undo:"


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("system", sorted(SCENES))
async def test_the_footer_shows_whole_keys_at_120_columns(
    tmp_path: Path, system: str, lang: str
) -> None:
    app = app_on(tmp_path, system, lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        labels = {
            f"{app.get_key_display(active.binding)} {shown_description(active)}"
            for active in app.screen.active_bindings.values()
            if active.binding.show
        }
        shown = [label for label in re.split(r"\s{2,}|▏", footer.strip()) if label]
        assert len(shown) >= 6
        assert set(shown[:-1]) <= labels, footer  # no key cut, nothing but whole keys
        assert shown[-1] == f"^p {tr(lang, 'ui.key.command_palette')}"
        # the system's check key and the command line are always there
        assert shown[0].startswith(":") and any(label.startswith("c ") for label in shown)


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("system", sorted(SCENES))
async def test_quitting_with_changes_not_saved_asks_first(
    tmp_path: Path, system: str, lang: str
) -> None:
    """As Fate's dashboard: s saves and quits, q quits without saving, Esc stays."""
    app = app_on(tmp_path, system, lang)
    path = tmp_path / SCENES[system][0].name
    before = path.read_text(encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session is not None
        field = app.screen.query_one(CommandLine)
        await pilot.press("c")
        field.value = SCENES[system][1]
        await pilot.press("enter")
        await pilot.pause()
        change = {
            "varjot": "gift Anni",
            "mekanismi": "hurt Ragnar 1",
            "objektit": "public Merikotka",
        }
        assert app.session.execute(change[system]).ok
        assert app.session.dirty  # a change the file holds
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("escape")
        assert app.is_running and not isinstance(app.screen, ChoiceDialog)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("s")
        await until(pilot, lambda: not app.is_running)
    assert path.read_text(encoding="utf-8") != before
