"""The dashboards of the other systems (Menneisyyden varjot, Mekanismi, Objektien luonti)
speak Finnish from the catalog: every pane, help line, usage line, palette entry and message
of their example scripts is walked with each Finnish message marked, and any word outside
the marks fails the test."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette
from textual.content import Content

from fatescreen.cli import main
from fatescreen.commands.systems.session import open_system_session
from fatescreen.resources import shipped
from fatescreen.ui.systems.shell import SystemApp
from tests.i18n.marked import marked_finnish, scene_words, stray_words
from tests.i18n.test_finnish_everywhere import KEY_WORDS, TYPED_AS_IS
from tests.ui.support import screen_text, until

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
SYSTEMS = {
    "varjot": ("varjot/sillalla.toml", "varjot-sillalla.txt"),
    "mekanismi": ("mekanismi/kuilun-reunalla.toml", "mekanismi-kuilu.txt"),
    "objektit": ("objektit/satamassa.toml", "objektit-satamassa.txt"),
}


def scene_copy(tmp_path: Path, system: str) -> Path:
    source = shipped("scenes") / SYSTEMS[system][0]
    path = tmp_path / source.name
    shutil.copy(source, path)
    return path


def script_lines(system: str) -> list[str]:
    text = (SCRIPTS / SYSTEMS[system][1]).read_text("utf-8")
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def allowed(path: Path) -> set[str]:
    return scene_words(path) | KEY_WORDS | TYPED_AS_IS | {"zzz"}


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_help_usage_and_messages_are_finnish(
    system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = scene_copy(tmp_path, system)
    shown: dict[str, list[str]] = {}
    with marked_finnish(monkeypatch):
        session = open_system_session(path, lang="fi", journal=False)
        shown["help"] = session.help_lines()
        for name in sorted(session.commands.verb_set.verbs):
            shown[f"help {name}"] = session.help_lines(name)
        for line in script_lines(system):
            result = session.execute(line)
            shown[line] = list(result.lines)
        for name in sorted(session.commands.verb_set.verbs):
            shown[f"{name} with a bad word"] = list(session.execute(f"{name} ?!").lines)
        shown["an unknown verb"] = list(session.execute("zzz").lines)
    strays = {
        f"{name}: {text}": stray_words(text, allowed(path))
        for name, texts in shown.items()
        for text in texts
    }
    assert {name: words for name, words in strays.items() if words} == {}


@pytest.mark.parametrize("system", sorted(SYSTEMS))
async def test_dashboard_help_and_palette_are_finnish(
    system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = scene_copy(tmp_path, system)
    shown: dict[str, str] = {}
    with marked_finnish(monkeypatch):
        app = SystemApp(path, lang="fi", cursor_blink=False)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            shown["dashboard"] = screen_text(app)
            await pilot.press("question_mark")
            await pilot.pause()
            shown["help"] = screen_text(app)
            await pilot.press("ctrl+p")
            assert isinstance(app.screen, CommandPalette)
            options = app.screen.query_one(CommandList)
            await until(pilot, lambda: options.option_count > 3)
            prompts = "\n".join(
                str(options.get_option_at_index(i).prompt) for i in range(options.option_count)
            )
            shown["palette"] = screen_text(app) + prompts
            await pilot.press("escape")
            await pilot.pause()
            for line in script_lines(system)[:6]:
                app.dashboard.action_command(line)  # a key's line, written in Finnish
                await pilot.pause()
                shown[line] = screen_text(app)
    strays = {name: stray_words(text, allowed(path)) for name, text in shown.items()}
    assert {name: words for name, words in strays.items() if words} == {}


BROKEN = {
    "varjot": (
        ('players = ["Eevi", "Tuomas", "Anni"]', 'players = ["Eevi", "Tuomas", "Eevi"]'),
        ('gm = "PJ"', 'gm = "Tuomas"'),
        ('name = "Aarne"\nplayer = "Tuomas"', 'name = "Aarne"\nplayer = "Kalle"'),
        ('name = "Saga"\nplayer = "Anni"', 'player = "Anni"'),
        ("pools = { Ruumis = 2 }", "pools = { Ruumis = { left = 1 } }"),
        ("format = 1\n", ""),
    ),
    "mekanismi": (
        ('name = "Sigrid"\nplayer = "Tuomas"', 'name = "Sigrid"'),
        ('Tikari = "pieni"', 'Tikari = "valtava"'),
        ('name = "Rosvo"\n', 'name = "Rosvopäällikkö"\n'),
        ('title = "Kuilun reunalla"\n', ""),
    ),
    "objektit": (
        ('inherent = ["nopea", "kestävä", "ohjattava"]', 'inherent = ["nopea", "kestävä"]'),
        ('name = "Bertil"\n', ""),
        ("nokkela = 5", "nokkela = 9"),
        ('kind = "laiva"', 'kind = "laiva"\nresist = "lentävä"'),
    ),
}
"""The example scenes, each broken in the ways its loader checks."""


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_check_errors_are_finnish(
    system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = scene_copy(tmp_path, system)
    text = path.read_text("utf-8")
    for old, new in BROKEN[system]:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, "utf-8")
    out = io.StringIO()
    with marked_finnish(monkeypatch), contextlib.redirect_stdout(out):
        assert main(["check", "--lang", "fi", str(path)]) == 1
    lines = out.getvalue().splitlines()
    assert len(lines) >= 3, lines
    strays = {line: stray_words(line.split(": ", 2)[-1], allowed(path)) for line in lines}
    assert {line: words for line, words in strays.items() if words} == {}


@pytest.mark.parametrize("system", sorted(SYSTEMS))
async def test_the_palette_shows_each_usage_line_whole(system: str, tmp_path: Path) -> None:
    """The palette reads its help as markup: ``[NOPAT]`` of a usage line stays in sight."""
    app = SystemApp(scene_copy(tmp_path, system), lang="fi", cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("ctrl+p")
        options = app.screen.query_one(CommandList)
        await until(pilot, lambda: options.option_count > 3)
        prompts = "\n".join(
            Content.from_markup(str(options.get_option_at_index(i).prompt)).plain
            if isinstance(options.get_option_at_index(i).prompt, str)
            else str(options.get_option_at_index(i).prompt)
            for i in range(options.option_count)
        )
        assert app.session is not None
        for verb in app.session.commands.verb_set.verbs.values():
            assert verb.usage_in("fi") in prompts, verb.usage_in("fi")
