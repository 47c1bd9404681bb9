"""The Finnish UI shows nothing but the catalog's words and the names the GM wrote: every
screen, dialog, help entry, palette entry, usage line and check error is walked with each
Finnish message marked, and any word outside the marks fails the test."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette

from fatescreen.cli import main
from fatescreen.commands.core import registry
from fatescreen.commands.session import Session
from fatescreen.resources import shipped
from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.dialogs.help import HangingText, HelpScreen
from tests.i18n.marked import marked_finnish, scene_words, stray_words, unmarked
from tests.ui.support import screen_text, until

SIZE = (160, 50)
KEY_WORDS = {"Esc", "esc", "Enter", "Tab", "Del", "ctrl", "shift", "PgUp", "PgDn"}
"""Keys as the keyboard names them."""
THEME_WORDS = {word for path in shipped("themes").glob("*.toml") for word in path.stem.split("-")}
TYPED_AS_IS = {"markdown", "gm", "replay", "overwrite", "fatescreen", "fi", *THEME_WORDS}
"""Words that are the same in any language: ``log --markdown [--gm]``, ``save --replay``
and ``--overwrite``, the program's name, the language's code and the themes' names."""


@pytest.fixture
def scenes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "scenes"
    shutil.copytree(shipped("scenes"), folder)
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FATESCREEN_CONFIG_DIR", str(tmp_path / "config"))
    return folder


def allowed(folder: Path) -> set[str]:
    return scene_words(*folder.rglob("*.toml")) | KEY_WORDS | TYPED_AS_IS


def test_the_marks_find_unmarked_words() -> None:
    text = "⟦Hyökkää⟧ Attack ⟦vaikutus ⟦kolme⟧⟧ Rozio\nnot ⟦seen⟧ here⟧ seen"
    assert unmarked(text) == " Attack  Rozio\n seen"
    assert stray_words(text, {"Rozio"}) == ["Attack", "seen"]


def test_every_usage_line_help_entry_and_example_is_finnish(
    scenes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with marked_finnish(monkeypatch):
        session = Session.open(scenes / "golden-mask.toml", lang="fi", journal=False)
        texts = session.help_lines()
        for name in sorted(registry()):
            texts += session.help_lines(name)
    strays = {text: stray_words(text, allowed(scenes)) for text in texts}
    assert {text: words for text, words in strays.items() if words} == {}


async def test_every_screen_and_dialog_of_the_dashboard_is_finnish(
    scenes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: dict[str, str] = {}
    with marked_finnish(monkeypatch):
        app = FatescreenApp(
            scenes / "golden-mask.toml", lang="fi", remember=False, cursor_blink=False
        )
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            shown["dashboard"] = screen_text(app)
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            # each entry unwrapped: a message wrapped over three lines has its marks on
            # the first and the last only
            entries = app.screen.query_one(HangingText).entries
            shown["help"] = "\n".join((head + text).plain for head, text in entries)
            await pilot.press("escape")
            await pilot.press("ctrl+p")
            assert isinstance(app.screen, CommandPalette)
            options = app.screen.query_one(CommandList)
            await until(pilot, lambda: options.option_count > 10)
            shown["palette"] = screen_text(app) + "\n".join(
                str(options.get_option_at_index(i).prompt) for i in range(options.option_count)
            )
            await pilot.press("escape")
            for key in ("a", "o", "c", "b", "e", "A", "C", "E", "r", "Z", "l"):
                await pilot.press(key)
                await pilot.pause()
                assert len(app.screen_stack) == 2, f"{key} opened no dialog"
                shown[f"dialog {key}"] = screen_text(app)
                await pilot.press("escape")
                await pilot.pause()
            for key in ("m", "s"):
                await pilot.press(key)
                await pilot.pause()
                shown[f"pick {key}"] = screen_text(app)
                await pilot.press("escape")
            app.run_command("attack leader rozio Fight +0++ vs -000")
            await pilot.pause()
            shown["absorb"] = screen_text(app)
    strays = {name: stray_words(text, allowed(scenes)) for name, text in shown.items()}
    assert {name: words for name, words in strays.items() if words} == {}


def test_check_errors_are_finnish(scenes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = scenes / "bad.toml"
    bad.write_text(
        'format = 1\ntitle = ""\n[[zones]]\nname = "Halli"\n[[pc]]\nname = 3\n'
        'skills = { Taistelu = "paljon" }\n[[zone]]\nid = "x"\n',
        encoding="utf-8",
    )
    out = io.StringIO()
    with marked_finnish(monkeypatch), contextlib.redirect_stdout(out):
        assert main(["check", str(bad), "--lang", "fi"]) == 1
    lines = out.getvalue().splitlines()
    assert len(lines) >= 4
    path_words = set(str(bad).replace("/", " ").replace(".", " ").split())
    strays = {
        line: stray_words(line.split(": ", 2)[-1], allowed(scenes) | path_words) for line in lines
    }
    assert {line: words for line, words in strays.items() if words} == {}


async def test_the_campaign_screens_are_finnish(
    scenes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fatescreen.ui.campaign import CampaignApp
    from fatescreen.ui.scene_list import SceneListScreen
    from fatescreen.ui.sheet import SheetScreen

    shown: dict[str, str] = {}
    with marked_finnish(monkeypatch):
        app = CampaignApp(scenes, lang="fi", remember=False, cursor_blink=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SceneListScreen)
            shown["scene list"] = screen_text(app)
            await pilot.press("P")
            await pilot.pause()
            assert isinstance(app.screen, SheetScreen)
            shown["sheet"] = screen_text(app)
            await pilot.press("escape")
            await pilot.press("E")
            await pilot.pause()
            assert len(app.screen_stack) == 3
            shown["end session"] = screen_text(app)
            await pilot.press("escape")
            await pilot.press("enter")
            await pilot.pause()
            assert len(app.screen_stack) == 1
            shown["dashboard of a campaign"] = screen_text(app)
    strays = {name: stray_words(text, allowed(scenes)) for name, text in shown.items()}
    assert {name: words for name, words in strays.items() if words} == {}
