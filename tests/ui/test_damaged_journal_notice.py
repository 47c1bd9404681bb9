"""A journal line damaged by a crash or a bad disk is set aside, never dropped without a
word: the dashboard tells the GM how many lines and where they are kept, after the recovery
is offered, and when nothing else was left to recover."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App

from fatescreen.commands.session import Session
from fatescreen.commands.systems.session import open_system_session
from fatescreen.ui.dialogs import ConfirmDialog
from fatescreen.ui.panes.log import LogPane
from fatescreen.ui.systems.shell import SystemApp
from tests.systems.support import SILLALLA, copied
from tests.ui.support import AppFactory, screen_text, until

TORN = '{"command": "aspect add \\"Äijä\'s'.encode()[:-3]
"""A record torn inside a UTF-8 character, as a crash mid-append leaves it."""


def damage(journal: Path) -> None:
    with journal.open("ab") as file:
        file.write(TORN + b"\n")


def shown(app: App[None]) -> str:
    """The log's text, where the notice stays once its toast has faded (on the screen up:
    another system's dashboard is a screen of its own)."""
    logs = app.screen.query(LogPane)
    return "\n".join(entry.text for log in logs for entry in log.entries)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "1 line of the journal could not be replayed (damaged, or written on another"),
        ("fi", "päiväkirjan 1 rivi jäi toistamatta (vaurioitunut tai kirjoitettu tiedoston"),
    ],
)
async def test_the_gm_is_told_after_the_recovery(
    make_app: AppFactory, scene_folder: Path, lang: str, said: str
) -> None:
    played = Session.open(scene_folder / "golden-mask.toml")
    played.execute("pool 5")
    assert played.journal is not None
    damage(played.journal.path)
    app = make_app(lang=lang)
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        # said before the choice: the damaged line is kept whatever the GM chooses
        asked = " ".join(screen_text(app).split())
        assert ".damaged" in asked and ("1 damaged line" in asked or "rivejä" in asked)
        await pilot.press("enter")
        await until(pilot, lambda: said in shown(app))
        assert app.scene.gm_pool == 5
        aside = played.journal.path.with_suffix(".damaged")
        assert aside.read_bytes() == TORN + b"\n"
        assert aside.name in shown(app)


async def test_the_gm_is_told_when_nothing_else_was_left(
    make_app: AppFactory, scene_folder: Path
) -> None:
    played = Session.open(scene_folder / "golden-mask.toml")
    played.start_journal()
    assert played.journal is not None
    damage(played.journal.path)
    app = make_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await until(pilot, lambda: "1 line of the journal could not be replayed" in shown(app))
        assert not isinstance(app.screen, ConfirmDialog)


async def test_every_system_tells_it(tmp_path: Path) -> None:
    path = copied(tmp_path, SILLALLA)
    played = open_system_session(path, journal=True)
    assert played.execute("check Ilse Miekkailu").ok
    assert played.journal is not None
    damage(played.journal.path)
    app = SystemApp(path, lang="en", cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        # asked first, as Fate's dashboard asks, the damaged line said before the choice
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert ".damaged" in " ".join(screen_text(app).split())
        await pilot.press("enter")
        await until(pilot, lambda: "1 line of the journal could not be replayed" in shown(app))
