"""``import`` typed at the dashboard's command bar: the characters join the scene and the
report shows in the log; undo takes them back; after a crash the reopened dashboard recovers
them from the journal although the file has gone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fatescreen.ui.app import FatescreenApp
from tests.ui.support import Keys, log_text, until

SIZE = (140, 44)
Copy = Callable[[str], Path]


def dashboard(scene: Path) -> FatescreenApp:
    return FatescreenApp(scene, remember=False, lang="en", theme="fate-dark", cursor_blink=False)


async def typed(keys: Keys, line: str) -> None:
    await keys.press("colon")
    await keys.type(line)
    await keys.press("enter")


async def test_import_at_the_command_bar_and_undo(scenes: Path, fixture_copy: Copy) -> None:
    file = fixture_copy("fari-v6-eira.json")
    app = dashboard(scenes / "golden-mask.toml")
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        before = app.scene
        await typed(keys, f"import {file}")
        await until(pilot, lambda: "eira-valo" in app.scene.character_index)
        assert app.scene.character("eira-valo").skill("Sailing") == 1
        shown = log_text(app)
        assert "Eira Valo, from Fari v6" in shown
        assert "added: Eira Valo" in shown
        await keys.press("u")
        await until(pilot, lambda: "eira-valo" not in app.scene.character_index)
        assert app.scene == before


async def test_a_reopened_dashboard_recovers_the_import_without_the_file(
    scenes: Path, fixture_copy: Copy
) -> None:
    file = fixture_copy("fco-veli-routa.json")
    scene = scenes / "golden-mask.toml"
    first = dashboard(scene)
    async with first.run_test(size=SIZE) as pilot:
        await typed(Keys(pilot), f"import {file} as major")
        await until(pilot, lambda: "veli-routa" in first.scene.character_index)
        imported = first.scene.character("veli-routa")
    # the app ends without saving, as a crash would leave it: the journal holds the import
    file.unlink()
    assert "Veli Routa" not in scene.read_text(encoding="utf-8")
    again = dashboard(scene)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # recover the unsaved changes
        await until(pilot, lambda: "veli-routa" in again.scene.character_index)
        assert again.scene.character("veli-routa") == imported
        assert "added: Veli Routa" in log_text(again)


def test_the_stat_block_shows_the_notes_an_import_brought(scenes: Path) -> None:
    from fatescreen.commands.session import Session
    from fatescreen.ui.panes.statblock import sheet_body
    from fatescreen.ui.state import View

    session = Session.open(scenes / "golden-mask.toml", journal=False)
    assert session.execute("import characters/anselm.fari.json as major").ok
    anselm = session.scene.character("brother-anselm")
    lines = [line.plain for line in sheet_body(session.scene, anselm, View())]
    assert lines[-1] == "✎ Knows the crypt's second stair."
    assert "★ Litany of the lamp: +2 to Will when I defend against fear in the dark." in lines
