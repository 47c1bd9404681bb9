"""The Mekanismi and Objektien luonti dashboards driven by keys: the scene changes through
the session and the panes show it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from fatescreen.systems.mekanismi.scene import MekanismiScene
from fatescreen.systems.mekanismi.screen import CharactersPane, CheckPane
from fatescreen.systems.objektit.scene import ObjektitScene
from fatescreen.systems.objektit.screen import ConflictPane, InitiativePane, ObjectsPane
from fatescreen.ui.systems.shell import CommandLine, SystemApp, SystemPane
from tests.systems.support import KUILU, SATAMASSA, dashboard, type_line


def shown(app: SystemApp, pane: type[SystemPane]) -> str:
    return str(app.screen.query_one(pane).body.render())


async def test_mekanismi_keys_build_roll_and_undo_a_check(tmp_path: Path) -> None:
    app = dashboard(tmp_path, KUILU)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("c")
        field = app.focused
        assert isinstance(field, CommandLine) and field.value == "check "
        await type_line(pilot, "Ragnar Taistelu vs Rosvo Taistelu")
        await pilot.press("escape", "g")
        await type_line(pilot, "Tikari")
        await pilot.press("escape")
        text = shown(app, CheckPane)
        assert "Taistelu 3 + Tikari +1" in text and "Ragnar" in text and "Rosvo" in text
        await pilot.press("r")
        await pilot.pause()
        assert app.session is not None
        scene = app.session.value
        assert isinstance(scene, MekanismiScene)
        assert scene.check is None and scene.last is not None
        assert len(scene.last.result.actor_roll.faces) == 4
        assert "Last check" in shown(app, CheckPane)
        await pilot.press("u")
        await pilot.pause()
        scene = app.session.value
        assert isinstance(scene, MekanismiScene) and scene.check is not None


async def test_mekanismi_damage_shows_on_the_track(tmp_path: Path) -> None:
    app = dashboard(tmp_path, KUILU)
    async with app.run_test(size=(160, 50)) as pilot:
        await type_line(pilot, "check Ragnar Taistelu vs Rosvo+Renttu Taistelu")
        await type_line(pilot, "roll 666 vs 111")
        await pilot.press("m")
        await type_line(pilot, "Rosvo 1 Renttu 1")
        text = shown(app, CharactersPane)
        assert text.count("damage 1/1  out") == 2


async def test_objektit_chance_keys_walk_the_ladder(tmp_path: Path) -> None:
    app = dashboard(tmp_path, SATAMASSA)
    async with app.run_test(size=(160, 50)) as pilot:
        await type_line(pilot, "check Aino vikkelä kiipeily 3,14")
        await pilot.press("escape", "plus")
        await pilot.pause()
        assert app.session is not None
        scene = app.session.value
        assert isinstance(scene, ObjektitScene) and scene.conflict is not None
        assert scene.conflict.conflict.chance == 6
        await pilot.press("minus", "minus", "minus")
        await pilot.pause()
        scene = app.session.value
        assert isinstance(scene, ObjektitScene) and scene.conflict is not None
        assert scene.conflict.conflict.chance == Fraction(-3)
        assert "fairly poor chance" in shown(app, ConflictPane)
        await pilot.press("r")
        await pilot.pause()
        scene = app.session.value
        assert isinstance(scene, ObjektitScene) and scene.last is not None
        assert "Last result" in shown(app, ConflictPane)


async def test_objektit_damage_and_initiative_panes(tmp_path: Path) -> None:
    app = dashboard(tmp_path, SATAMASSA, lang="fi")
    async with app.run_test(size=(160, 50)) as pilot:
        await type_line(pilot, "check Bertil vaarallinen veitsitaistelu 3")
        await type_line(pilot, "roll 1 1")
        await pilot.press("escape", "m")
        await type_line(pilot, "Aino -6")
        assert "−3 PJn vallassa" in shown(app, ObjectsPane)
        await pilot.press("escape", "i")
        await type_line(pilot, "Merikotka = 2")
        await type_line(pilot, "initiative Bertil = 2")
        text = shown(app, InitiativePane)
        assert "1. Merikotka, Bertil" in text and "yhtä aikaa" in text


async def test_chance_keys_pressed_faster_than_the_screen_step_on(tmp_path: Path) -> None:
    """``+`` three times before the dashboard shows the first: three steps of the ladder,
    not the first one three times."""
    import shutil

    from fatescreen.ui.systems.shell import SystemApp

    source = Path(__file__).resolve().parents[2] / "scenes" / "objektit" / "satamassa.toml"
    path = tmp_path / "satamassa.toml"
    shutil.copy(source, path)
    app = SystemApp(path, lang="en", remember=False, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        app.dashboard.action_command("check Aino vikkelä")
        await pilot.pause()
        for _ in range(3):
            app.dashboard.action_chance_step(1)  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.pause()
        assert app.session is not None
        assert app.session.value.conflict.conflict.chance == 9


async def test_a_pane_is_drawn_again_only_when_what_it_shows_changes(tmp_path: Path) -> None:
    """Opening a check leaves the characters pane as it is (on a large scene drawing it
    takes seconds); spending a pool point draws it again."""
    import shutil

    from fatescreen.ui.systems.shell import SystemApp, SystemPane

    source = Path(__file__).resolve().parents[2] / "scenes" / "varjot" / "sillalla.toml"
    path = tmp_path / "sillalla.toml"
    shutil.copy(source, path)
    app = SystemApp(path, lang="en", remember=False, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        drawn: list[str] = []
        for pane in app.screen.query(SystemPane):
            render = pane.render_value

            def counted(value: object, lang: str, pane=pane, render=render) -> object:  # type: ignore[no-untyped-def]
                drawn.append(str(pane.id))
                return render(value, lang)

            pane.render_value = counted  # type: ignore[method-assign]
        app.dashboard.action_command("check Ilse Miekkailu vs Vartija Miekkailu")
        await pilot.pause()
        assert "varjot-characters" not in drawn and drawn
        drawn.clear()
        app.dashboard.action_command("pool Ilse Ruumis")
        await pilot.pause()
        assert "varjot-characters" in drawn
        text = str(app.screen.query_one("#varjot-characters", SystemPane).body.render())
        assert "Ruumis 3/5" in text
