"""The system registry: Fate is registered first, like the others; systems are found by id
or alias in any case; a clash is refused; capabilities are declared, never guessed; and a
fifth system (the toy in ``tests/systems/toy``), registered at run time, runs through the
console script and the dashboard without a line of the framework naming it."""

from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.util
import io
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot

import fatescreen
from fatescreen import cli, systems
from fatescreen.cli import main
from fatescreen.resources import sample_scene, shipped
from fatescreen.scene.errors import SceneFileError
from fatescreen.systems import Capability, RuleSystem, fate, mekanismi, objektit, varjot
from fatescreen.systems.base import load_part
from fatescreen.systems.shared import system_on_shared_stack
from fatescreen.ui import crash
from fatescreen.ui.players.app import PlayersApp
from fatescreen.ui.systems.shell import CommandLine, SystemApp
from tests.systems import toy
from tests.systems.toy.players import counters_text
from tests.systems.toy.public import PublicTally
from tests.systems.toy.scene import ToyScene
from tests.ui.support import screen_text

SOURCE = Path(fatescreen.__file__).resolve().parent

TOY_SCENE = """\
format = 1
system = "toy-tally"
title = "Goblin hunt"
# the GM's own note, kept by every save
counters = { Goblins = 0, Traps = 2 }
"""


@pytest.fixture
def toy_system() -> Iterator[RuleSystem]:
    """The toy system registered, its messages in the catalogs, for one test."""
    toy.register()
    yield toy.SYSTEM
    toy.unregister()


@pytest.fixture
def toy_scene(tmp_path: Path, toy_system: RuleSystem) -> Path:
    path = tmp_path / "goblin-hunt.toml"
    path.write_text(TOY_SCENE, encoding="utf-8")
    return path


@pytest.fixture
def scenes_copy(tmp_path: Path) -> Path:
    """A copy of the shipped Fate scenes."""
    folder = tmp_path / "scenes"
    shutil.copytree(shipped("scenes"), folder)
    return folder


def shell(*args: str) -> tuple[int, str, str]:
    """The console script's exit status, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(list(args))
    return status, out.getvalue(), err.getvalue()


# ---- the registry ----------------------------------------------------------------------


def test_fate_is_registered_first_like_the_others() -> None:
    assert systems.BUILTIN == (fate.SYSTEM, varjot.SYSTEM, mekanismi.SYSTEM, objektit.SYSTEM)
    assert systems.registered() == systems.BUILTIN
    assert systems.default() is fate.SYSTEM
    assert systems.ids() == (
        "fate-condensed",
        "menneisyyden-varjot",
        "mekanismi",
        "objektien-luonti",
    )
    assert all(isinstance(system, RuleSystem) for system in systems.registered())


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("fate-condensed", fate.SYSTEM),
        ("Fate", fate.SYSTEM),
        ("VARJOT", varjot.SYSTEM),
        ("Menneisyyden-Varjot", varjot.SYSTEM),
        ("mekanismi", mekanismi.SYSTEM),
        ("objektit", objektit.SYSTEM),
        ("chess", None),
        ("", None),
    ],
)
def test_a_system_is_found_by_its_id_or_an_alias_in_any_case(
    name: str, expected: RuleSystem | None
) -> None:
    assert systems.find(name) is expected


def test_a_file_names_a_system_by_its_exact_id() -> None:
    assert systems.named_by("menneisyyden-varjot") is varjot.SYSTEM
    assert systems.named_by("varjot") is None
    assert systems.of_text('system = "Mekanismi"\n') is fate.SYSTEM


def test_a_name_taken_is_refused_and_nothing_is_registered() -> None:
    with pytest.raises(ValueError, match="'FATE' already names the system 'fate-condensed'"):
        systems.register(replace(toy.SYSTEM, aliases=("toy", "FATE")))
    with pytest.raises(ValueError, match="'mekanismi' already names"):
        systems.register(replace(toy.SYSTEM, id="mekanismi"))
    assert systems.registered() == systems.BUILTIN


def test_register_and_unregister(toy_system: RuleSystem) -> None:
    assert systems.registered() == (*systems.BUILTIN, toy_system)
    assert systems.find("TOY") is toy_system
    with pytest.raises(ValueError, match="already names"):
        systems.register(toy_system)
    assert systems.unregister(toy.TOY) is toy_system
    assert systems.find("toy") is None
    with pytest.raises(ValueError, match="no system has the id 'toy-tally'"):
        systems.unregister(toy.TOY)
    systems.register(toy_system)  # for the fixture to take away


def test_the_default_system_cannot_be_unregistered() -> None:
    with pytest.raises(ValueError, match="default"):
        systems.unregister("fate-condensed")
    assert systems.registered() == systems.BUILTIN


def test_capabilities_are_declared() -> None:
    assert {capability for capability in Capability if fate.SYSTEM.can(capability)} == set(
        Capability
    )
    for other in (varjot.SYSTEM, mekanismi.SYSTEM, objektit.SYSTEM):
        assert other.capabilities == {
            Capability.CAMPAIGNS,
            Capability.IMPORT,
            Capability.PLAYER_VIEW,
        }
    assert toy.SYSTEM.capabilities == set(Capability)
    assert systems.able(Capability.CAMPAIGNS) == systems.BUILTIN
    assert systems.able(Capability.PLAYER_VIEW) == systems.BUILTIN
    assert systems.able(Capability.IMPORT) == systems.BUILTIN


def test_a_capability_needs_its_part() -> None:
    with pytest.raises(ValueError, match="declares import without import_sheets"):
        replace(toy.SYSTEM, import_sheets=None)
    with pytest.raises(ValueError, match=r"'package\.module:attr'"):
        replace(toy.SYSTEM, screen="tests.systems.toy.screen.SCREEN")
    with pytest.raises(ValueError, match="declares campaigns without its campaign parts"):
        replace(toy.SYSTEM, campaign_session=None)
    with pytest.raises(ValueError, match="declares export without export and export_format"):
        replace(toy.SYSTEM, export=None)
    with pytest.raises(ValueError, match="declares export without export and export_format"):
        replace(toy.SYSTEM, export_format=None)
    with pytest.raises(ValueError, match="a word of lower-case letters, not '--json'"):
        replace(toy.SYSTEM, export_format="--json")


def test_a_system_on_the_shared_stack_names_its_export_part_as_its_other_parts() -> None:
    assert fate.SYSTEM.export == "fatescreen.cli_export:to_fari"
    assert fate.SYSTEM.export_format == "fari"
    assert toy.SYSTEM.export == "tests.systems.toy.export:EXPORT"
    assert toy.SYSTEM.export_format == "json"
    assert toy.SYSTEM.import_sheets == "fatescreen.cli_import:as_sheet_rows"
    built_in = system_on_shared_stack(
        "dice-only",
        (),
        "Dice only",
        {Capability.EXPORT},
        module="fatescreen.systems.dice",
        export_format="csv",
    )
    assert built_in.export == "fatescreen.systems.dice.export:EXPORT"
    assert built_in.verbs == "fatescreen.systems.dice.verbs:VERBS"
    assert built_in.rules is None
    assert (varjot.SYSTEM.export, varjot.SYSTEM.export_format) == (None, None)
    unexported = system_on_shared_stack("x", (), "X", (), module="x", export_format="csv")
    assert (unexported.export, unexported.export_format) == (None, None)


def test_every_system_names_a_sample_scene_it_reads_and_its_rules_package(
    every_system: str,
) -> None:
    system = systems.named_by(every_system)
    assert system is not None
    sample = sample_scene(system)
    assert sample.is_file() and systems.of_file(sample) is system
    system.check_file(sample)
    if system.rules is not None:
        assert importlib.import_module(system.rules).__file__
    else:
        assert system is toy.SYSTEM  # a folder's system names its rules package if any
    with pytest.raises(LookupError, match="declares no sample scene"):
        sample_scene(replace(system, sample=None))


def test_parts_are_imported_when_first_asked_for() -> None:
    assert load_part("fatescreen.systems.fate:SYSTEM.id") == "fate-condensed"
    with pytest.raises(ValueError, match=r"'package\.module:attr'"):
        load_part("fatescreen.systems.fate")
    assert toy.SYSTEM.part("scene_format").system == toy.TOY
    with pytest.raises(LookupError, match="fate-condensed has no verbs"):
        fate.SYSTEM.part("verbs")
    with pytest.raises(LookupError, match="not a part"):
        fate.SYSTEM.part("title")


def test_the_registry_imports_no_system_code() -> None:
    code = "import sys, fatescreen.systems\nprint('\\n'.join(sys.modules))\n"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    framework = ("fatescreen.rules", "fatescreen.scene", "fatescreen.commands", "fatescreen.ui")
    assert [name for name in loaded if name.startswith(framework)] == []


# ---- no framework code names a system --------------------------------------------------

NEVER_NAMING_A_SYSTEM = ("cli.py", "cli_import.py", "ui/systems/shell.py")


@pytest.mark.parametrize("file", NEVER_NAMING_A_SYSTEM)
def test_no_system_id_is_written_in_the_framework(file: str) -> None:
    names = {name for system in systems.BUILTIN for name in system.names()}
    tree = ast.parse((SOURCE / file).read_text(encoding="utf-8"))
    found = [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in names
    ]
    assert found == []


# ---- the toy system through the console script -----------------------------------------


def test_check_reads_a_toy_scene(toy_scene: Path) -> None:
    assert shell("check", str(toy_scene), "--lang", "en") == (0, f"{toy_scene}: ok\n", "")
    toy_scene.write_text(TOY_SCENE.replace("Traps = 2", "Traps = -1"), encoding="utf-8")
    status, output, _ = shell("check", str(toy_scene), "--lang", "en")
    assert status == 1
    assert output == f"{toy_scene}:5: counters.Traps: -1 is too small (at least 0)\n"


def test_a_script_plays_a_toy_scene_and_saves_it(toy_scene: Path, tmp_path: Path) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("mark goblins\nmark Goblins\nmark Dragons\n", encoding="utf-8")
    status, output, _ = shell(
        "run", str(toy_scene), "--script", str(script), "--save", "--lang", "en"
    )
    assert status == 1  # one line failed
    assert output.splitlines()[:6] == [
        "> mark goblins",
        "  Goblins: 1",
        "> mark Goblins",
        "  Goblins: 2",
        "> mark Dragons",
        "  error: no counter is called 'Dragons'; there are: Goblins, Traps",
    ]
    saved = toy_scene.read_text(encoding="utf-8")
    assert "counters = { Goblins = 2, Traps = 2 }" in saved
    assert "# the GM's own note, kept by every save" in saved


def test_a_one_off_command_asks_the_system_an_alias_names(toy_system: RuleSystem) -> None:
    status, output, _ = shell("odds", "--system", "Toy", "--lang", "en", "3")
    assert status == 1
    assert output == "unknown command 'odds'; try: mark\n"


def test_what_a_system_lacks_is_said(toy_system: RuleSystem, tmp_path: Path) -> None:
    """A system without import and export (the toy, declared without them) is refused
    both, each refusal naming the systems that offer it, the toy among them."""
    plain = replace(
        toy_system,
        id="toy-plain",
        aliases=(),
        title="Plain tally",
        capabilities=frozenset({Capability.CAMPAIGNS, Capability.PLAYER_VIEW}),
        import_sheets=None,
        export=None,
        export_format=None,
    )
    systems.register(plain)
    try:
        scene = tmp_path / "plain.toml"
        scene.write_text(TOY_SCENE.replace("toy-tally", "toy-plain"), encoding="utf-8")
        lacking = "this scene is for Plain tally (toy-plain)\n"
        status, _, error = shell("export", str(scene), "Goblins", "--json", "--lang", "en")
        assert (status, error) == (
            2,
            f"characters are exported from scenes of Fate Condensed, Toy tally; {lacking}",
        )
        sheet = tmp_path / "sheet.csv"
        sheet.write_text("name\nGrok\n", encoding="utf-8")
        status, output, _ = shell("import", str(sheet), "--into", str(scene), "--lang", "fi")
        names = "Fate Condensed, Menneisyyden varjot, Mekanismi, Objektien luonti, Toy tally"
        assert (status, output) == (
            2,
            f"hahmoja tuodaan vain järjestelmän {names} kohtauksiin; "
            "tämä kohtaus on järjestelmälle Plain tally (toy-plain)\n",
        )
        assert "Grok" not in scene.read_text(encoding="utf-8")
    finally:
        systems.unregister("toy-plain")


# ---- the toy system's export and import ---------------------------------------------------


def test_export_writes_a_toy_counter_as_json(toy_scene: Path, tmp_path: Path) -> None:
    status, output, error = shell("export", str(toy_scene), "goblins", "--json", "--lang", "en")
    assert (status, error) == (0, "")
    assert json.loads(output) == {
        "system": "toy-tally",
        "tally": "Goblin hunt",
        "name": "Goblins",
        "count": 0,
    }
    assert output.endswith("}\n")
    toy_scene.write_text(TOY_SCENE + 'hidden = ["Traps"]\n', encoding="utf-8")
    target = tmp_path / "traps.json"
    status, output, error = shell(
        "export", str(toy_scene), "Traps", "--json", "--out", str(target), "--lang", "fi"
    )
    assert (status, output) == (0, "")
    assert error == "ei JSONissa: pelaajat eivät näe laskuria Traps\n"
    assert json.loads(target.read_text(encoding="utf-8"))["count"] == 2


def test_export_of_a_toy_campaign_writes_a_party_counter(
    toy_system: RuleSystem, tmp_path: Path
) -> None:
    folder = tmp_path / "hunts"
    assert shell("new-campaign", str(folder), "--system", "toy", "--lang", "en")[0] == 0
    status, output, _ = shell("export", str(folder), "Loot", "--json")
    assert status == 0
    assert json.loads(output) == {
        "system": "toy-tally",
        "tally": "hunts",
        "name": "Loot",
        "count": 0,
    }
    status, output, error = shell("export", str(folder / "campaign.toml"), "Goblins", "--json")
    assert (status, output) == (1, "")
    assert error == "no counter is called 'Goblins'; there are: Loot\n"


def test_export_refuses_another_systems_format_and_an_unknown_counter(
    toy_scene: Path, scenes_copy: Path
) -> None:
    status, output, error = shell("export", str(toy_scene), "Goblins", "--fari", "--lang", "en")
    assert (status, output, error) == (
        2,
        "",
        "characters of Toy tally (toy-tally) are exported with --json\n",
    )
    fate_scene = str(scenes_copy / "golden-mask.toml")
    status, _, error = shell("export", fate_scene, "leader", "--json", "--lang", "fi")
    assert (status, error) == (
        2,
        "järjestelmän Fate Condensed (fate-condensed) hahmot viedään valitsimella --fari\n",
    )
    status, output, error = shell("export", str(toy_scene), "Dragons", "--json", "--lang", "fi")
    assert (status, output) == (1, "")
    assert error == "laskuria 'Dragons' ei ole; on: Goblins, Traps\n"
    status, output, error = shell("export", str(toy_scene), "Goblins", "--lang", "en")
    assert (status, output) == (2, "") and "--json" in error


def test_export_of_a_toy_scene_that_cannot_be_read_lists_its_problems(toy_scene: Path) -> None:
    toy_scene.write_text(TOY_SCENE.replace("Traps = 2", "Traps = -1"), encoding="utf-8")
    status, output, error = shell("export", str(toy_scene), "Goblins", "--json", "--lang", "en")
    assert (status, output) == (2, "")
    assert error == f"{toy_scene}:5: counters.Traps: -1 is too small (at least 0)\n"


def test_import_adds_counters_from_a_csv_sheet_to_a_toy_scene(
    toy_scene: Path, tmp_path: Path
) -> None:
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("name,count,colour\nWolves,3,grey\nBats,,\n", encoding="utf-8")
    status, output, _ = shell("import", str(sheet), "--into", str(toy_scene), "--lang", "en")
    assert status == 0
    assert output.splitlines() == [
        f"Wolves, from a CSV sheet ({sheet}, row 2):",
        "  name   Wolves",
        "  count  3",
        "  left out: row 2, colour: no column of that name in this system's sheet",
        f"Bats, from a CSV sheet ({sheet}, row 3):",
        "  name  Bats",
        "added: Wolves, Bats",
        f"saved to {toy_scene}",
    ]
    assert toy_scene.read_text(encoding="utf-8") == (
        TOY_SCENE + '\n[[counter]]\nname = "Wolves"\ncount = 3\n\n[[counter]]\nname = "Bats"\n'
    )
    value = systems.of_file(toy_scene).open_session(toy_scene, journal=False).value
    assert value == ToyScene(
        "Goblin hunt",
        counters=(("Goblins", 0), ("Traps", 2), ("Wolves", 3), ("Bats", 0)),
        listed=("Wolves", "Bats"),
    )
    script = tmp_path / "moves.txt"
    script.write_text("mark bats\nmark wolves\nmark goblins\n", encoding="utf-8")
    assert shell("run", str(toy_scene), "--script", str(script), "--save")[0] == 0
    saved = toy_scene.read_text(encoding="utf-8")
    assert "counters = { Goblins = 1, Traps = 2 }" in saved
    assert saved.endswith('name = "Wolves"\ncount = 4\n\n[[counter]]\nname = "Bats"\ncount = 1\n')
    assert "# the GM's own note, kept by every save" in saved
    status, output, _ = shell("export", str(toy_scene), "bats", "--json")
    assert json.loads(output)["count"] == 1


@pytest.mark.parametrize(
    ("sheet", "said"),
    [
        ("name,count\nGoblins,1\n", "  row 2, name: 'Goblins' is here twice"),
        ("name,count\nBats,-1\n", "  row 2, count: -1 is too small (at least 0)"),
        ("name,count\nBats,many\n", "  row 2, count: not a whole number: 'many'"),
        ("count\n3\n", "  row 2, name: the character has no name"),
    ],
)
def test_a_toy_sheet_that_breaks_the_format_writes_nothing(
    toy_scene: Path, tmp_path: Path, sheet: str, said: str
) -> None:
    file = tmp_path / "sheet.csv"
    file.write_text(sheet, encoding="utf-8")
    status, output, _ = shell("import", str(file), "--into", str(toy_scene), "--lang", "en")
    assert status == 1
    assert output.splitlines()[0].startswith("error: nothing imported:")
    assert said in output.splitlines(), output
    assert toy_scene.read_text(encoding="utf-8") == TOY_SCENE


def test_a_counter_table_without_a_name_is_refused_in_the_gms_language(toy_scene: Path) -> None:
    toy_scene.write_text(TOY_SCENE + "\n[[counter]]\ncount = 3\n", encoding="utf-8")
    status, output, _ = shell("check", str(toy_scene), "--lang", "fi")
    assert status == 1
    assert output == f"{toy_scene}:7: counter[1].name: puuttuu: jokainen laskuri tarvitsee nimen\n"


def test_the_toy_player_view_shows_only_the_counters_not_hidden(
    toy_scene: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    toy_scene.write_text(TOY_SCENE + 'hidden = ["Traps"]\n', encoding="utf-8")
    started: list[object] = []
    monkeypatch.setattr(crash, "run_app", lambda app, lang: started.append(app) or 0)
    assert shell("players", str(toy_scene), "--lang", "en") == (0, "", "")
    (app,) = started
    assert isinstance(app, PlayersApp) and app.panes is toy.SYSTEM.part("player_panes")
    public = toy.SYSTEM.part("public")(systems.of_file(toy_scene).open_session(toy_scene).value)
    assert public == PublicTally("Goblin hunt", (("Goblins", 0),))
    shown = str(counters_text(public, (), "en"))
    assert "Goblins 0" in shown and "Traps" not in shown


def test_a_campaign_of_a_system_without_campaigns_is_refused(
    toy_system: RuleSystem, tmp_path: Path
) -> None:
    plain = replace(
        toy_system,
        id="toy-plain",
        aliases=(),
        capabilities=frozenset(),
        campaign_check=None,
        campaign_session=None,
        campaign_dashboard=None,
        new_campaign=None,
        party=None,
    )
    systems.register(plain)
    try:
        (tmp_path / "campaign.toml").write_text(
            'format = 1\nname = "Hunt"\nsystem = "toy-plain"\n', encoding="utf-8"
        )
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["check", str(tmp_path)]) == 1
        assert out.getvalue() == (
            f"{tmp_path / 'campaign.toml'}:3: system: campaigns run 'fate-condensed', "
            "'menneisyyden-varjot', 'mekanismi', 'objektien-luonti', 'toy-tally' only; "
            "found 'toy-plain'\n"
        )
    finally:
        systems.unregister("toy-plain")


def test_the_toy_systems_campaign_runs_through_the_command_line(
    toy_system: RuleSystem, tmp_path: Path
) -> None:
    """A fifth system's campaigns come with its folder: its party part and a sample."""
    folder = tmp_path / "hunts"
    out = io.StringIO()
    script = tmp_path / "play.txt"
    script.write_text("play 1\nmark Loot\nmark Goblins\nendscene\nplay 2\n", encoding="utf-8")
    with contextlib.redirect_stdout(out):
        assert main(["new-campaign", str(folder), "--system", "toy", "--lang", "en"]) == 0
        assert main(["check", str(folder)]) == 0
        assert main(["run", str(folder), "--script", str(script), "--save"]) == 0
    assert "counters = { Loot = 1 }" in (folder / "party.toml").read_text(encoding="utf-8")
    assert "Goblins = 1" in (folder / "01-cave.toml").read_text(encoding="utf-8")
    assert 'running = "02-forest.toml"' in (folder / "campaign.toml").read_text(encoding="utf-8")


# ---- the toy system's dashboard ----------------------------------------------------------


async def type_line(pilot: Pilot[None], text: str) -> None:
    """Type text key by key, as the GM does."""
    await pilot.press(*("space" if character == " " else character for character in text))


def counts(app: SystemApp) -> dict[str, int]:
    assert app.session is not None
    value = app.session.value
    assert isinstance(value, ToyScene)
    return dict(value.counters)


async def test_the_toy_dashboard_plays_a_typed_line_and_a_key(toy_scene: Path) -> None:
    app = systems.of_file(toy_scene).open_dashboard(toy_scene, lang="en")
    assert isinstance(app, SystemApp)
    app.cursor_blink = False
    async with app.run_test(size=(120, 40)) as pilot:
        assert "Goblins 0" in screen_text(app)
        await pilot.press("colon")
        assert isinstance(app.focused, CommandLine)
        await type_line(pilot, "mark Goblins")
        await pilot.press("enter")
        await pilot.pause()
        assert counts(app) == {"Goblins": 1, "Traps": 2}
        assert "Goblins 1" in screen_text(app)
        assert not isinstance(app.focused, CommandLine)  # the keys are the dashboard's again
        await pilot.press("m")  # pre-fills "mark ", not selected: the name goes after it
        await type_line(pilot, "Traps")
        await pilot.press("enter")
        await pilot.pause()
        assert counts(app) == {"Goblins": 1, "Traps": 3}
        assert "Traps: 3" in screen_text(app)
        await pilot.press("u")
        await pilot.pause()
        assert counts(app) == {"Goblins": 1, "Traps": 2}


def test_each_built_in_system_on_the_shared_stack_is_one_folder() -> None:
    folders = []
    for system in systems.BUILTIN:
        if system.verbs is None:
            continue  # Fate's parts are the framework's own stack
        folder = system.verbs.partition(":")[0].removesuffix(".verbs")
        assert folder.startswith("fatescreen.systems.")
        assert importlib.import_module(folder).SYSTEM is system
        own = (
            system.scene_format,
            system.verbs,
            system.screen,
            system.public,
            system.player_panes,
            system.record,
            system.party,
            system.new_campaign,
            system.export,
            system.rules,
        )
        assert [part for part in own if part and not part.startswith(folder + ".")] == []
        for part in own:
            if part:
                module = part.partition(":")[0]
                assert importlib.util.find_spec(module) is not None, module
        folders.append(folder)
    assert len(folders) == len(systems.BUILTIN) - 1


def test_a_bad_byte_after_the_system_key_leaves_the_file_to_its_system(tmp_path: Path) -> None:
    """The keys before the first table name the system even when a byte further on is not
    UTF-8: that system's loader then names the line, not Fate's."""
    path = tmp_path / "bad.toml"
    path.write_bytes(b'format = 1\nsystem = "mekanismi"\ntitle = "T"\n\n[[pc]]\nname = "\xff"\n')
    assert systems.of_file(path).id == "mekanismi"
    with pytest.raises(SceneFileError) as error:
        systems.of_file(path).check_file(path)
    assert [problem.line for problem in error.value.problems] == [6]
