"""One writer per scene, on the dashboard: a second dashboard on the same scene (or campaign)
is refused with who holds it, or opens read-only on request; Ctrl+S over a file edited by
hand asks first; the presence file is its owner's alone."""

from __future__ import annotations

import os
from pathlib import Path

from fatescreen.i18n import tr
from fatescreen.scene import presence
from fatescreen.scene.load import load_scene
from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.campaign import CampaignApp
from fatescreen.ui.dialogs import ChoiceDialog
from fatescreen.ui.systems.shell import SystemApp
from tests.ui.support import AppFactory, CampaignFactory, log_text, screen_text, until

SIZE = (160, 50)
TITLE = 'title = "The golden mask"'
EDITED_TITLE = 'title = "The silver mask"'


def second_app(path: Path, *, read_only: bool = False) -> FatescreenApp:
    return FatescreenApp(path, remember=False, lang="en", cursor_blink=False, read_only=read_only)


async def test_a_second_dashboard_is_refused_with_who_holds_the_scene(
    make_app: AppFactory, scene_folder: Path
) -> None:
    path = scene_folder / "golden-mask.toml"
    first = make_app()
    async with first.run_test(size=SIZE) as pilot:
        assert first.session is not None and first.session.writer_lock is not None
        await pilot.press("colon", *"pool 5", "enter")
        second = second_app(path)
        assert second.session is None
        assert second.refusal is not None
        assert second.refusal.startswith(
            f"{path} is open for writing in another fatescreen (process {os.getpid()} on "
        )
        async with second.run_test(size=SIZE) as other:
            await other.pause()
            assert second.refusal in log_text(second)  # shown, if it runs anyway
        # the first dashboard's journal and presence are untouched by the refused one
        assert first.session.journal is not None
        assert [c for c, _ in first.session.journal.pending(path.read_text("utf-8"))] == ["pool 5"]
        assert presence.gm_present(first.session.journal)
    # once the first has quit, the scene opens as before
    third = second_app(path)
    assert third.session is not None and third.refusal is None
    third.session.close()


async def test_a_read_only_dashboard_opens_beside_the_writer_and_saves_nothing(
    make_app: AppFactory, scene_folder: Path
) -> None:
    path = scene_folder / "golden-mask.toml"
    text = path.read_text(encoding="utf-8")
    first = make_app()
    async with first.run_test(size=SIZE):
        assert first.session is not None and first.session.journal is not None
        live = presence.presence_path(first.session.journal)
        reader = second_app(path, read_only=True)
        assert reader.session is not None and reader.session.read_only
        async with reader.run_test(size=SIZE) as pilot:
            await pilot.press("colon", *"pool 1", "enter", "ctrl+s")
            await until(pilot, lambda: tr("en", "save.read_only") in log_text(reader))
            assert tr("en", "ui.read_only") in screen_text(reader)
        # the read-only dashboard quitting leaves the writer's presence file alone
        assert live.read_text(encoding="utf-8") == str(os.getpid())
        assert presence.gm_present(first.session.journal)
        assert path.read_text(encoding="utf-8") == text


async def test_quitting_a_read_only_dashboard_offers_no_save(
    make_app: AppFactory, scene_folder: Path
) -> None:
    path = scene_folder / "golden-mask.toml"
    first = make_app()
    async with first.run_test(size=SIZE):
        reader = second_app(path, read_only=True)
        async with reader.run_test(size=SIZE) as pilot:
            await pilot.press("colon", *"pool 1", "enter", "ctrl+q")
            await until(pilot, lambda: isinstance(reader.screen, ChoiceDialog))
            shown = " ".join(screen_text(reader).replace("│", " ").split())
            assert tr("en", "ui.quit_save") not in shown
            assert "read-only: its changes are neither saved nor journaled" in shown
            await pilot.press("s")  # no save key: nothing happens
            assert isinstance(reader.screen, ChoiceDialog)
            await pilot.press("q")
            await until(pilot, lambda: not reader.is_running)


async def test_a_second_campaign_dashboard_is_refused(
    make_campaign_app: CampaignFactory, scene_folder: Path
) -> None:
    first = make_campaign_app()
    async with first.run_test(size=SIZE):
        second = CampaignApp(scene_folder, remember=False, lang="en", cursor_blink=False)
        assert second.session is None
        assert second.refusal is not None and "open for writing" in second.refusal
        reader = CampaignApp(scene_folder, remember=False, lang="en", read_only=True)
        assert reader.session is not None and reader.session.read_only


def _edit(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text.replace(old, new)


async def test_ctrl_s_over_a_hand_edit_asks_and_k_keeps_the_edit(
    make_app: AppFactory, scene_folder: Path
) -> None:
    path = scene_folder / "golden-mask.toml"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"pool 7", "enter")
        _edit(path, TITLE, EDITED_TITLE)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        assert tr("en", "ui.hand_edit_title") in screen_text(app)
        await pilot.press("k")
        await until(pilot, lambda: not isinstance(app.screen, ChoiceDialog))
        saved = load_scene(path).scene
        assert (saved.title, saved.gm_pool) == ("The silver mask", 7)
        assert app.scene.title == "The silver mask"


async def test_o_writes_over_the_edit_and_esc_saves_nothing(
    make_app: AppFactory, scene_folder: Path
) -> None:
    path = scene_folder / "golden-mask.toml"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"pool 7", "enter")
        edited = _edit(path, TITLE, EDITED_TITLE)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, ChoiceDialog))
        assert path.read_text(encoding="utf-8") == edited  # never written over silently
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("o")
        await until(pilot, lambda: not isinstance(app.screen, ChoiceDialog))
        saved = load_scene(path).scene
        assert (saved.title, saved.gm_pool) == ("The golden mask", 7)
        assert path.with_name(path.name + ".bak").read_text(encoding="utf-8") == edited


async def test_a_replay_that_does_not_apply_is_shown_and_writes_nothing(
    make_app: AppFactory, scene_folder: Path
) -> None:
    path = scene_folder / "golden-mask.toml"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"remove leader", "enter")
        edited = _edit(
            path,
            'name = "Masked leader"\nid = "leader"',
            'name = "Masked chief"\nid = "chief"',
        )
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("k")
        await until(pilot, lambda: "change 1 of 1 (remove leader)" in log_text(app))
        assert path.read_text(encoding="utf-8") == edited


async def test_the_other_systems_dashboards_take_the_lock_and_ask_before_a_hand_edit(
    scene_folder: Path,
) -> None:
    path = scene_folder / "mekanismi" / "kuilun-reunalla.toml"
    app = SystemApp(path, lang="en", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        second = SystemApp(path, lang="en", cursor_blink=False)
        assert second.session is None and second.refusal is not None
        edited = path.read_text(encoding="utf-8") + "\n# edited by hand\n"
        path.write_text(edited, encoding="utf-8")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, ChoiceDialog))
        assert path.read_text(encoding="utf-8") == edited
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("k")
        await until(pilot, lambda: not isinstance(app.screen, ChoiceDialog))
        assert path.read_text(encoding="utf-8").endswith("# edited by hand\n")
        assert app.session is not None and app.session.hand_edited() == ()
    reopened = SystemApp(path, lang="en")  # free once the first has quit
    assert reopened.session is not None
    reopened.session.close()


async def test_save_and_quit_over_a_hand_edit_asks_too(
    make_app: AppFactory, scene_folder: Path
) -> None:
    path = scene_folder / "golden-mask.toml"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"pool 7", "enter")
        _edit(path, TITLE, EDITED_TITLE)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("s")
        await until(pilot, lambda: tr("en", "ui.hand_edit_title") in screen_text(app))
        assert app.is_running
        await pilot.press("k")
        await until(pilot, lambda: not app.is_running)
    saved = load_scene(path).scene
    assert (saved.title, saved.gm_pool) == ("The silver mask", 7)
