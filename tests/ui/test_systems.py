"""The dashboards of the systems other than Fate, driven with Pilot: keys and typed lines
reach the scene through the session, and the panes show what changed."""

from __future__ import annotations

from pathlib import Path

from fatescreen.systems.varjot.scene import VarjotScene
from fatescreen.ui.panes.log import LogPane
from fatescreen.ui.systems.shell import SystemApp
from tests.systems.support import SILLALLA, dashboard, scene_value, typed
from tests.ui.support import screen_text


def scene_of(app: SystemApp) -> VarjotScene:
    return scene_value(app, VarjotScene)


async def test_keys_build_roll_and_settle_a_check(tmp_path: Path) -> None:
    app = dashboard(tmp_path, SILLALLA)
    async with app.run_test(size=(120, 40)) as pilot:
        await typed(pilot, "check Saga Loitsut")
        await pilot.press("escape", "b")  # one more bonus die on the only side
        check = scene_of(app).check
        assert check is not None and check.sides[0].net == 1
        await pilot.press("r")
        await pilot.pause()
        check = scene_of(app).check
        assert check is not None and check.rolled
        text = screen_text(app)
        assert "rolled [" in text and "one more bonus die: improves" in text
        await pilot.press("a")
        await pilot.pause()
        assert scene_of(app).check is None and scene_of(app).last is not None
        assert "Saga succeeds" in screen_text(app)
        await pilot.press("u")
        await pilot.pause()
        assert scene_of(app).check is not None


async def test_a_typed_mistake_is_shown_and_changes_nothing(tmp_path: Path) -> None:
    app = dashboard(tmp_path, SILLALLA)
    async with app.run_test(size=(120, 40)) as pilot:
        before = scene_of(app)
        await typed(pilot, "pool Ilse Ruumis")
        assert scene_of(app) is before
        assert "there is no check: start one with 'check'" in screen_text(app)


async def test_language_switch_and_gift_dice_in_the_status_line(tmp_path: Path) -> None:
    app = dashboard(tmp_path, SILLALLA)
    async with app.run_test(size=(120, 40)) as pilot:
        await typed(pilot, "check Ilse Miekkailu", "gift Anni")
        assert "Gift dice: Eevi 4  Tuomas 4  Anni 3  PJ 4" in screen_text(app)
        await pilot.press("escape", "L")
        await pilot.pause()
        text = screen_text(app)
        assert "Lahjanopat: Eevi 4  Tuomas 4  Anni 3  PJ 4" in text
        assert "lahja: Anni" in text


async def test_a_broken_file_lists_its_problems(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    text = SILLALLA.read_text(encoding="utf-8").replace("Loitsut = 4", "Loitsut = 9")
    path.write_text(text, encoding="utf-8")
    app = SystemApp(path, lang="en", cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.session is None
        assert f"could not open {path}: 1 problem," in screen_text(app)
        entry = app.screen.query_one(LogPane).entries[0]
        assert entry.lines == (f"{path}:31: pc[3].abilities.Loitsut: 9 is too large (at most 4)",)
