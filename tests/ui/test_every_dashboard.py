"""Every registered system's dashboard (and the toy system's), opened as ``fatescreen
SCENE`` opens it on the system's sample scene: a change made and not saved is asked about
before quitting; s saves it and quits."""

from __future__ import annotations

from pathlib import Path

from fatescreen import systems
from fatescreen.ui.dialogs import ChoiceDialog
from tests.stress.play import Play
from tests.ui.support import until

SIZE = (120, 40)


async def test_quitting_with_changes_not_saved_asks_first(
    every_system: str, tmp_path: Path
) -> None:
    play = Play.of(every_system)
    path = play.copy_into(tmp_path / "scene")
    before = path.read_text(encoding="utf-8")
    app = play.system.open_dashboard(path, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session is not None
        for line in play.changes(20):  # until one reaches the file (a check under way does not)
            assert app.session.execute(line).ok, line
            if app.session.dirty:
                break
        assert app.session.dirty
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
    assert systems.of_file(path) is play.system
    play.system.check_file(path)
