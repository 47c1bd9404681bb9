"""The mutation report (``bench/mutate.py``) counts honestly: every mutant of a module counts,
a mutant no test reaches is not killed, an equivalent needs a reason and is matched by its
change, and a record taken on other source is stale."""

from __future__ import annotations

import ast
from pathlib import Path

import mutate
import pytest
from hypothesis import settings

from fatescreen import systems
from fatescreen.rules import odds
from tests.systems import toy

DIFF = """--- src/fatescreen/rules/ladder.py
+++ src/fatescreen/rules/ladder.py
@@ -1,3 +1,3 @@
 def describe(value: int, lang: str = "en") -> str:
-    return name(value, lang)
+    return name(value, None)
"""


def _record(module: str = "rules/ladder.py", **mutants: str) -> mutate.Record:
    return mutate.Record(
        module=module,
        source_sha256=mutate.source_hash(module),
        tests=mutate.tests_of(module),
        tests_sha256=mutate.tests_hash(mutate.tests_of(module)),
        mutmut="3.8.1",
        seconds=1.0,
        mutants=mutants,
        changes={name: ["- a", "+ b"] for name, status in mutants.items() if status != "killed"},
    )


def test_change_is_the_removed_and_added_lines_without_headers() -> None:
    assert mutate.change_of(DIFF) == ["- return name(value, lang)", "+ return name(value, None)"]


def test_function_of_a_mutant_name() -> None:
    assert mutate.function_of("x_describe__mutmut_12") == "x_describe"
    assert mutate.function_of("xǁTrackǁmark__mutmut_1") == "xǁTrackǁmark"


def test_no_tests_and_survivors_count_against_the_rate_timeouts_for_it() -> None:
    counts = mutate.tally(
        _record(
            x_a__mutmut_1="killed",
            x_a__mutmut_2="timeout",
            x_a__mutmut_3="survived",
            x_a__mutmut_4="no tests",
        ),
        [],
    )
    assert (counts.mutants, counts.killed, counts.survived, counts.no_tests) == (4, 2, 1, 1)
    assert counts.kill_rate == 0.5
    assert counts.non_equivalent_rate == 0.5
    assert [name for _, name, _, _ in counts.unexplained] == ["x_a__mutmut_3", "x_a__mutmut_4"]


def test_an_equivalent_is_matched_by_module_function_and_change(tmp_path: Path) -> None:
    equivalent = tmp_path / "equivalent.toml"
    equivalent.write_text(
        '[[mutant]]\nmodule = "rules/ladder.py"\nfunction = "x_a"\n'
        'change = ["-    a", "+  b"]\nreason = "b is a"\n'
        '[[mutant]]\nmodule = "rules/ladder.py"\nfunction = "x_other"\n'
        'change = ["- a", "+ b"]\nreason = "another function"\n',
        encoding="utf-8",
    )
    counts = mutate.tally(
        _record(x_a__mutmut_1="killed", x_a__mutmut_2="survived", x_b__mutmut_1="survived"),
        mutate.load_equivalents(equivalent),
    )
    assert counts.equivalent == 1
    assert counts.kill_rate == pytest.approx(1 / 3)
    assert counts.non_equivalent_rate == 0.5
    assert [name for _, name, _, _ in counts.unexplained] == ["x_b__mutmut_1"]


def test_an_equivalent_without_a_reason_is_refused(tmp_path: Path) -> None:
    equivalent = tmp_path / "equivalent.toml"
    equivalent.write_text(
        '[[mutant]]\nmodule = "rules/ladder.py"\nfunction = "x_a"\nchange = []\nreason = " "\n',
        encoding="utf-8",
    )
    with pytest.raises(SystemExit, match="no reason"):
        mutate.load_equivalents(equivalent)


def test_records_round_trip_and_know_when_they_are_stale(tmp_path: Path) -> None:
    record = _record(x_a__mutmut_1="killed", x_a__mutmut_2="survived")
    mutate.save_record(record, tmp_path)
    assert mutate.load_record("rules/ladder.py", tmp_path) == record
    assert mutate.state_of("rules/ladder.py", record) == "current"
    record.tests_sha256 = "0" * 64
    assert mutate.state_of("rules/ladder.py", record) == "tests changed"
    record.source_sha256 = "0" * 64
    assert mutate.state_of("rules/ladder.py", record) == "source changed"
    assert mutate.state_of("rules/ladder.py", None) == "unmeasured"


def test_report_totals_current_records_and_lists_the_rest(tmp_path: Path) -> None:
    mutate.save_record(_record(x_a__mutmut_1="killed", x_a__mutmut_2="survived"), tmp_path)
    stale = _record("rules/dice.py", x_b__mutmut_1="survived")
    stale.source_sha256 = "0" * 64
    mutate.save_record(stale, tmp_path)
    text, _ = mutate.report(["rules/ladder.py", "rules/dice.py", "rules/odds.py"], tmp_path, [])
    total = next(line for line in text.splitlines() if line.startswith("total"))
    assert total.split()[3:5] == ["2", "1"]
    assert "50.0%" in total
    assert "measured on other source (left out of the total): rules/dice.py" in text
    assert "unmeasured (1): rules/odds.py" in text
    assert "rules/ladder.py x_a__mutmut_2 (survived): - a | + b" in text


def test_a_fresh_clone_reports_every_module_unmeasured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With no records (they are not in git), ``make mutate ARGS=--report`` names what is
    unmeasured, with its size, claims no rate and says how to measure; it exits 0."""
    monkeypatch.setattr(mutate, "RESULTS", tmp_path / "nothing yet")
    assert mutate.main(["rules/dice.py", "rules/ladder.py", "--report"]) == 0
    out = capsys.readouterr().out
    total = next(line for line in out.splitlines() if line.startswith("total"))
    assert total.split()[-2:] == ["—", "—"]
    assert "%" not in out
    assert "unmeasured (2): rules/dice.py (" in out
    assert "make mutate measures them" in out
    assert not (tmp_path / "nothing yet").exists()


def test_records_are_kept_out_of_git_and_the_reasons_in_it() -> None:
    """The records are regenerated results in an ignored folder; the reasons for equivalent
    mutants are source, tracked beside the runner."""
    root = Path(mutate.__file__).resolve().parents[1]
    assert root / ".cache" / "mutation" == mutate.RESULTS
    assert root / "bench" / "mutation" / "equivalent.toml" == mutate.EQUIVALENT
    assert mutate.EQUIVALENT.is_file()
    ignored = (root / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert ".cache/" in ignored


def test_every_module_of_both_layers_is_listed() -> None:
    found = mutate.modules(None)
    assert "rules/harm.py" in found
    assert "commands/verbs_attack.py" in found
    assert "systems/mekanismi/rules/check.py" in found
    assert all(module.startswith(("rules/", "commands/", "systems/")) for module in found)
    assert mutate.modules("systems/mekanismi") == [m for m in found if "mekanismi/" in m]
    assert mutate.modules("systems/mekanismi")[-2:] == [
        "systems/mekanismi/record.py",
        "systems/mekanismi/verbs.py",
    ]


def test_each_system_s_rules_and_verbs_are_listed_from_the_registry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    listed = mutate.system_modules()
    assert list(listed) == list(systems.ids())
    for system in systems.registered():
        assert system.rules is not None
        package = system.rules.removeprefix("fatescreen.").replace(".", "/") + "/"
        assert listed[system.id] and set(listed[system.id]) <= set(mutate.all_modules())
        assert [m for m in listed[system.id] if not m.startswith(package)] == [
            part.partition(":")[0].removeprefix("fatescreen.").replace(".", "/") + ".py"
            for part in (system.verbs, system.record)
            if part
        ]
    # Fate's rules are rules/ without the packages the other systems name
    assert "rules/harm.py" in listed["fate-condensed"]
    assert not [m for m in listed["fate-condensed"] if m.count("/") > 1]
    # a system no longer registered is no longer measured; the framework still is
    kept = tuple(system for system in systems.registered() if system.id != "mekanismi")
    monkeypatch.setattr(systems, "registered", lambda: kept)
    left = mutate.all_modules()
    assert not [module for module in left if "mekanismi" in module]
    assert "commands/systems/session.py" in left and "commands/verbs_attack.py" in left


def test_a_system_whose_code_is_not_fatescreen_s_has_no_modules_to_mutate(
    every_system: str,
) -> None:
    listed = mutate.system_modules()
    assert every_system in listed
    if every_system == toy.TOY:
        assert listed[toy.TOY] == []


def test_each_module_runs_against_its_own_tests() -> None:
    assert mutate.tests_of("rules/harm.py") == ["tests/rules"]
    assert mutate.tests_of("commands/verbs_harm.py") == ["tests/commands", "tests/campaign"]
    assert mutate.tests_of("systems/varjot/rules/dice.py") == ["tests/systems"]
    assert mutate.tests_of("commands/systems/base.py") == ["tests/systems"]
    assert "tests/i18n/test_rule_codes.py" in mutate.tests_of("commands/errors.py")


def test_a_copy_is_refreshed_with_todays_catalogs_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A recheck runs today's tests, which say today's messages: the copy gets today's
    catalogs (and every other source file) along with the tests, not only the modules."""
    root = tmp_path / "project"
    catalog = root / "src" / "fatescreen" / "i18n" / "fi" / "fatescreen.po"
    module = root / "src" / "fatescreen" / "commands" / "paths.py"
    for path, text in ((catalog, 'msgid "new"\n'), (module, "# today\n")):
        path.parent.mkdir(parents=True)
        path.write_text(text, encoding="utf-8")
    (root / "tests").mkdir()
    (root / "tests" / "test_new.py").write_text("# a new test\n", encoding="utf-8")
    monkeypatch.setattr(mutate, "ROOT", root)
    folder = tmp_path / "copy"
    (folder / "mutants").mkdir(parents=True)
    mutate._refresh_copy([], folder)
    for target in (folder, folder / "mutants"):
        copied = target / catalog.relative_to(root)
        assert copied.read_text(encoding="utf-8") == 'msgid "new"\n'
        assert (target / module.relative_to(root)).read_text(encoding="utf-8") == "# today\n"
        assert (target / "tests" / "test_new.py").is_file()


def test_a_mutant_out_of_reach_is_explained_but_still_not_killed(tmp_path: Path) -> None:
    equivalent = tmp_path / "equivalent.toml"
    equivalent.write_text(
        '[[mutant]]\nmodule = "rules/ladder.py"\nfunction = "x_a"\nkind = "not reachable"\n'
        'change = ["- a", "+ b"]\nreason = "runs at import"\n',
        encoding="utf-8",
    )
    counts = mutate.tally(
        _record(x_a__mutmut_1="killed", x_a__mutmut_2="survived"),
        mutate.load_equivalents(equivalent),
    )
    assert (counts.not_reachable, counts.equivalent, counts.unexplained) == (1, 0, [])
    assert counts.kill_rate == counts.non_equivalent_rate == 0.5
    equivalent.write_text(equivalent.read_text().replace("not reachable", "maybe"))
    with pytest.raises(SystemExit, match="is not one of"):
        mutate.load_equivalents(equivalent)


class _Item:
    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid


def test_each_mutant_runs_its_tests_quickest_first_and_all_of_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plugin: dict[str, object] = {}
    exec(mutate.conftest(), plugin)
    modify = plugin["pytest_collection_modifyitems"]
    assert callable(modify)
    monkeypatch.chdir(tmp_path)
    items = [_Item("t::slow"), _Item("t::new"), _Item("t::quick")]
    modify(items)  # before mutmut has timed the tests: the order stays
    assert [item.nodeid for item in items] == ["t::slow", "t::new", "t::quick"]
    (tmp_path / "mutmut-stats.json").write_text(
        '{"duration_by_test": {"t::slow": 2.5, "t::quick": 0.1}}', encoding="utf-8"
    )
    modify(items)
    assert [item.nodeid for item in items] == ["t::new", "t::quick", "t::slow"]


def test_neighbours_that_share_their_tests_are_mutated_in_one_run() -> None:
    small = ["commands/flow.py", "commands/names.py", "systems/varjot/rules/dice.py"]
    assert mutate.batches(small, 600) == [small[:2], small[2:]]
    assert mutate.batches(small, 100) == [[name] for name in small]
    assert mutate.batches(["commands/settle.py"], 10) == [["commands/settle.py"]]
    settings = mutate._settings(small[:2], ["tests/commands"])
    assert (
        'only_mutate = ["src/fatescreen/commands/flow.py", "src/fatescreen/commands/names.py"]'
        in settings
    )


def test_a_run_of_several_modules_gives_each_only_its_own_mutants() -> None:
    assert mutate._of_module("fatescreen.commands.flow.x_next__mutmut_1", "commands/flow.py")
    assert not mutate._of_module("fatescreen.commands.follow.x_a__mutmut_1", "commands/flow.py")
    package = "commands/systems/__init__.py"
    assert mutate._of_module("fatescreen.commands.systems.x_verbs_of__mutmut_2", package)
    assert not mutate._of_module("fatescreen.commands.systems.base.x_a__mutmut_1", package)
    assert mutate._of_module("fatescreen.rules.dice.xǁDiceǁroll__mutmut_3", "rules/dice.py")


def test_each_mutant_runs_its_tests_with_the_projects_caches_empty() -> None:
    """A mutant's run is forked from the process that ran the tests unmutated: a cached
    function (the odds tables) must not answer from the original code's results."""
    plugin: dict[str, object] = {}
    exec(mutate.conftest(), plugin)
    start = plugin["pytest_sessionstart"]
    assert callable(start)
    odds._odds(1, 0, False)
    assert odds._odds.cache_info().currsize >= 1
    settings.register_profile("before mutation", settings.default)
    try:
        start(None)
    finally:
        settings.load_profile("before mutation")
    assert odds._odds.cache_info().currsize == 0


def test_each_mutant_runs_its_property_tests_with_the_same_examples() -> None:
    """Property tests draw fewer examples than the suite, but the same ones every run, and the
    record says how they ran."""
    plugin: dict[str, object] = {}
    exec(mutate.conftest(), plugin)
    start = plugin["pytest_sessionstart"]
    assert callable(start)
    before = settings.default.max_examples
    settings.register_profile("before mutation", settings.default)
    try:
        start(None)
        assert settings.default.derandomize
        assert settings.default.max_examples == mutate.HYPOTHESIS["max_examples"] < 100
        assert settings.default.database is None
    finally:
        settings.load_profile("before mutation")
    assert settings.default.max_examples == before
    assert mutate.hypothesis_settings().startswith("max_examples=20, derandomize=True")
    record = _record(x_a__mutmut_1="killed")
    record.hypothesis = mutate.hypothesis_settings()
    assert mutate.Record.from_json(record.to_json()) == record
    assert mutate._run_settings(record) == record.hypothesis
    record.hypothesis = ""
    assert mutate._run_settings(record).startswith("the suite profile; rechecked with max_")


def test_verbs_are_mutated_their_registering_decorators_written_as_calls(tmp_path: Path) -> None:
    """mutmut leaves decorated functions alone; a verb's decorator only files the function
    away, so the copy calls it after the function and the verb's body is mutated too."""
    source = (
        '@verb(\n    "a",\n    "a X",\n)\ndef a_verb(ctx, args):\n    return 1\n\n\n'
        "@lru_cache\ndef cached():\n    return 2\n"
    )
    written = mutate.undecorated(source)
    assert written.startswith("def a_verb(ctx, args):\n    return 1\n\n\na_verb = (verb(\n")
    assert written.endswith("))(a_verb)\n\n\n@lru_cache\ndef cached():\n    return 2\n")
    module = "commands/verbs_points.py"
    real = (mutate.PACKAGE / module).read_text(encoding="utf-8")

    def bodies(text: str) -> list[str]:
        return [
            ast.dump(ast.FunctionDef(**{**vars(node), "decorator_list": []}))
            for node in ast.parse(text).body
            if isinstance(node, ast.FunctionDef)
        ]

    assert "@verb" in real and "@verb" not in mutate.undecorated(real)
    assert bodies(mutate.undecorated(real)) == bodies(real)
    mutate._place_source(module, tmp_path)
    assert mutate.measured_hash(module, tmp_path) == mutate.source_hash(module)
    assert mutate.source_hash(module, tmp_path) != mutate.source_hash(module)


def test_a_recheck_runs_in_the_copy_that_measured_the_module_with_its_neighbours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Survivors are rechecked where their module was measured, with the neighbours mutated
    in the same run; a neighbour changed since gets today's source (mutmut mutates it again)
    so that the tests run today's code."""
    monkeypatch.setattr(mutate, "WORK", tmp_path)
    folder = tmp_path / "commands-names"
    for module in ("commands/names.py", "commands/text.py"):
        mutate._place_source(module, folder)
        meta = folder / "mutants" / "src" / "fatescreen" / (module + ".meta")
        meta.parent.mkdir(parents=True, exist_ok=True)
        meta.write_text("{}", encoding="utf-8")
    assert mutate.mutated_in(folder) == ["commands/names.py", "commands/text.py"]
    record = _record("commands/text.py", x_a__mutmut_1="survived")
    assert mutate.copy_of("commands/text.py", record) == folder
    record.source_sha256 = "0" * 64
    assert mutate.copy_of("commands/text.py", record) is None
    record = _record("commands/text.py", x_a__mutmut_1="survived")
    names = folder / "src" / "fatescreen" / "commands" / "names.py"
    (folder / "original" / "src" / "fatescreen" / "commands" / "names.py").write_text("# old\n")
    names.write_text("# old\n")
    assert mutate.copy_of("commands/text.py", record) == folder
    mutate._neighbours_up_to_date(["commands/text.py"], folder)
    assert mutate.measured_hash("commands/names.py", folder) == mutate.source_hash(
        "commands/names.py"
    )
    assert names.read_text(encoding="utf-8") == mutate.undecorated(
        (mutate.PACKAGE / "commands" / "names.py").read_text(encoding="utf-8")
    )


def test_a_mutants_run_that_finds_no_test_by_its_id_is_no_kill(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pytest ends with a usage error when a test named by id is not found; mutmut would
    count that as a kill, so the run ends as suspicious (exit code 35) instead."""
    plugin: dict[str, object] = {}
    exec(mutate.conftest(), plugin)
    finish = plugin["pytest_sessionfinish"]
    assert callable(finish)
    exits: list[int] = []
    monkeypatch.setattr(plugin["os"], "_exit", exits.append)
    monkeypatch.setenv("MUTANT_UNDER_TEST", "fatescreen.commands.flow.x_scene_end__mutmut_3")
    finish(None, 1)
    finish(None, 0)
    assert exits == []
    finish(None, 4)
    assert exits == [35]
    monkeypatch.setenv("MUTANT_UNDER_TEST", "stats")
    finish(None, 4)
    assert exits == [35]
