"""keys.toml in the config folder remaps keys by binding id; unknown ids and clashes are
clear errors that name the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.cli import main
from fatescreen.resources import shipped
from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.keymap import KeymapError, keymap_path
from fatescreen.ui.keymap_check import load_keymap


def write_keys(text: str) -> Path:
    path = keymap_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_no_keys_file_is_no_keymap() -> None:
    assert load_keymap() == {}


def test_keys_by_binding_id_with_characters_named_as_textual_names_them() -> None:
    write_keys('attack = "ctrl+a"\nhelp = ["?", "f1"]\n"scenes.sheet" = "p"\n')
    assert load_keymap() == {
        "attack": "ctrl+a",
        "help": "question_mark,f1",
        "scenes.sheet": "p",
    }


def test_an_unknown_binding_id_is_named_with_its_line() -> None:
    path = write_keys('attack = "ctrl+a"\natack = "z"\n')
    with pytest.raises(KeymapError) as error:
        load_keymap()
    assert str(error.value).startswith(f"{path}:2: unknown binding id 'atack'; the ids: ")
    assert "attack" in str(error.value)


def test_a_clash_names_both_bindings_and_the_key() -> None:
    path = write_keys('attack = "o"\n')
    with pytest.raises(KeymapError) as error:
        load_keymap()
    assert str(error.value) == (
        f"{path}:1: 'attack' and 'overcome' both have the key 'o': give one of them another key"
    )


def test_moving_a_binding_out_of_the_way_is_no_clash() -> None:
    write_keys('attack = "o"\novercome = "O"\n')
    assert load_keymap() == {"attack": "o", "overcome": "O"}


def test_a_value_that_is_not_a_key_names_its_line() -> None:
    path = write_keys("\nattack = 3\n")
    with pytest.raises(KeymapError, match=f"^{path}:2: attack: expected a key or a list"):
        load_keymap()


def test_the_cli_refuses_to_start_with_a_broken_keymap(capsys: pytest.CaptureFixture[str]) -> None:
    path = write_keys('atack = "z"\n')
    assert main(["demo"]) == 2
    assert capsys.readouterr().err.startswith(f"{path}:1: unknown binding id 'atack'")


async def test_the_dashboard_answers_to_the_remapped_key(tmp_path: Path) -> None:
    write_keys('help = "f1"\n')
    scene = tmp_path / "golden-mask.toml"
    scene.write_bytes((shipped("scenes") / "golden-mask.toml").read_bytes())
    app = FatescreenApp(scene, lang="en", theme="fate-dark", cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("question_mark")
        assert len(app.screen_stack) == 1
        await pilot.press("f1")
        assert type(app.screen).__name__ == "HelpScreen"


def test_every_binding_id_is_documented() -> None:
    from fatescreen.ui.keymap_check import binding_tables

    text = (Path(__file__).resolve().parents[2] / "docs" / "keys.md").read_text(encoding="utf-8")
    ids = {binding.id for table in binding_tables().values() for binding in table}
    assert sorted(i for i in ids if f"| `{i}` |" not in text) == []


def test_a_keymap_that_is_not_toml_names_its_line_in_the_gms_language() -> None:
    path = write_keys('attack = "a"\nhelp = \n')
    with pytest.raises(KeymapError) as error:
        load_keymap(lang="fi")
    assert str(error.value).startswith(f"{path}:2: ei ole TOMLia: ")
    path = write_keys('atack = "z"\n')
    with pytest.raises(KeymapError, match=f"^{path}:1: tuntematon näppäintoiminnon tunnus 'atack'"):
        load_keymap(lang="fi")


async def test_the_other_systems_dashboards_answer_to_the_keymap(tmp_path: Path) -> None:
    """One keys.toml for every dashboard: a system's own key and the shell's."""
    from fatescreen.ui.systems.shell import SystemApp

    write_keys('"mekanismi.roll" = "R"\nundo = "z"\n')
    assert load_keymap()["mekanismi.roll"] == "R"
    scene = tmp_path / "k.toml"
    scene.write_bytes((shipped("scenes") / "mekanismi" / "kuilun-reunalla.toml").read_bytes())
    app = SystemApp(scene, lang="en", remember=False, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.session is not None
        await pilot.press("c")
        for key in "Ragnar Taistelu vs Rosvo Taistelu":
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        await pilot.press("r")  # no longer the roll's key
        await pilot.pause()
        assert app.session.value.last is None
        await pilot.press("R")
        await pilot.pause()
        assert app.session.value.last is not None
        await pilot.press("z")
        await pilot.pause()
        assert app.session.value.last is None


def test_a_clash_among_a_systems_keys_is_refused() -> None:
    path = write_keys('"varjot.roll" = "a"\n')
    with pytest.raises(KeymapError) as error:
        load_keymap()
    assert str(error.value) == (
        f"{path}:1: 'varjot.roll' and 'varjot.accept' both have the key 'a': "
        "give one of them another key"
    )
