"""Every system's dashboard asks before it replays the changes a crash left unsaved, as
Fate's does: Enter replays them (each into the log), Esc discards them."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button

from fatescreen import systems
from fatescreen.ui.dialogs import ConfirmDialog
from fatescreen.ui.panes.log import LogPane
from fatescreen.ui.systems.shell import SystemApp
from tests.stress.play import SEED, Play
from tests.ui.support import until


def crashed(system_id: str, folder: Path) -> tuple[Path, list[str], object]:
    """A copy of the system's sample with changes journaled and never saved: its path, the
    lines played and the value they left."""
    play = Play.of(system_id)
    path = play.copy_into(folder)
    lines = play.changes(3)
    session = play.open(path, journal=True)
    for line in lines:
        assert session.execute(line).ok
    return path, lines, session.value


def shared(system_id: str) -> None:
    system = systems.named_by(system_id)
    assert system is not None
    if system.scene_format is None:
        pytest.skip("Fate's dashboard: tests/ui/test_crash.py and test_table_flows.py")


@pytest.mark.parametrize("lang", ["en", "fi"])
async def test_enter_replays_the_changes_into_the_log(
    every_system: str, tmp_path: Path, lang: str
) -> None:
    shared(every_system)
    path, lines, value = crashed(every_system, tmp_path / "scene")
    app = SystemApp(path, remember=False, lang=lang, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        session = app.session
        assert session is not None and session.recovery_pending  # nothing replayed unasked
        words = {"en": ("Recover them", "Discard them"), "fi": ("Palauta ne", "Hylkää ne")}
        shown = [str(button.label) for button in app.screen.query(Button)]
        assert shown == list(words[lang])  # what each does: Esc is no "decide later"
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, ConfirmDialog))
        assert not session.recovery_pending
        assert len(session.history.done) == len(lines)
        assert session.value == value or not session.commands.dirty(value, session.value)
        logged = "\n".join(entry.text for entry in app.screen.query_one(LogPane).entries)
        assert all(line.split()[0] in logged for line in lines)


async def test_esc_discards_them(every_system: str, tmp_path: Path) -> None:
    shared(every_system)
    path, _, _ = crashed(every_system, tmp_path / "scene")
    before = path.read_text(encoding="utf-8")
    app = SystemApp(path, remember=False, lang="en", cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, ConfirmDialog))
        session = app.session
        assert session is not None and not session.history.done and not session.dirty
    assert path.read_text(encoding="utf-8") == before
    system = systems.named_by(every_system)
    assert system is not None
    assert system.open_session(path, seed=SEED, journal=True).recoverable() == []
