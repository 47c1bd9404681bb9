"""Mutation testing of the rules core and the command layer (mutmut), with recorded results.

``make mutate`` measures every module of ``src/fatescreen/rules/`` and
``src/fatescreen/commands/`` whose recorded result is missing or was taken on other source,
records each result in ``bench/mutation/`` and prints the report: per module and in total,
mutants killed of all mutants, and killed of the mutants not explained as equivalent.

- **One module at a time.** Each module is mutated in its own copy of the project under
  ``.mutmut/`` (runs never share state, the work tree stays clean) with the tests that
  ``TESTS`` maps it to (its layer's tests unless narrowed). mutmut first runs those tests once
  to learn which tests reach which function, then runs, for each mutant, only the tests that
  reach the mutated function.
- **Recorded.** ``bench/mutation/<layer>-<module>.json`` holds, per module, the SHA-256 of its
  source and of its tests, the mutmut version, the status of every mutant (killed, survived,
  timeout, no tests...) and the change each mutant not killed makes. A module is measured
  again only when its source changed (``--tests-changed`` also re-measures those whose tests
  changed; ``--force`` measures anyway).
- **Survivors.** Each survivor is either killed by a new test (``--recheck`` runs the
  recorded survivors of a module, whose source is unchanged, against the current tests and
  updates its record) or explained in ``bench/mutation/equivalent.toml``: the module, the
  function, the change (the diff's ``-``/``+`` lines) and why no test can tell it apart.
  Equivalents are matched by their change, so a reason stays with its mutant when mutmut
  renumbers them.

The headline is honest: every mutant of a measured module counts, and "no tests" (a mutant
that no selected test reaches) counts as not killed. Timeouts and mutants the type checker
catches count as killed. Records taken on other source than today's are listed as stale and
left out of the totals.

Exit status: 0 when every measured, current module kills at least ``--floor`` (95%) of its
non-equivalent mutants.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "fatescreen"
RESULTS = ROOT / "bench" / "mutation"
EQUIVALENT = RESULTS / "equivalent.toml"
WORK = ROOT / ".mutmut"
LAYERS = ("rules", "commands")
LAYER_TESTS = {"rules": ["tests/rules"], "commands": ["tests/commands", "tests/campaign"]}
SYSTEM_TESTS = ("tests/systems",)
# The long fuzz tests reach every verb, so they would run for every surviving mutant of
# commands/ (17 s a time); they check robustness, which `make stress` runs at length.
SKIPPED_TESTS = (
    "tests/commands/test_fuzz.py",
    "tests/campaign/test_campaign_fuzz.py",
    "tests/systems/test_mekanismi_objektit_fuzz.py",
    "tests/systems/test_varjot_fuzz.py",
)
# Modules whose own tests live elsewhere than their layer's, or whose layer tests are more than
# they need (mutmut runs the selected tests once in full to learn which reach what).
TESTS: dict[str, list[str]] = {
    # following a live session is what the player view does
    "commands/follow.py": ["tests/players/test_follow.py"],
    # a rule's message in the GM's language is checked code by code with the catalogs
    "commands/errors.py": [
        "tests/commands",
        "tests/campaign",
        "tests/i18n/test_rules_errors.py",
        "tests/i18n/test_rule_codes.py",
    ],
}
# A campaign's steps, its verbs and its session are reached only by the tests that open a
# campaign (tests/campaign, the shipped campaign of the docs' examples and scripts, building
# in a campaign), those of every verb's parse stage and replies, and those that end a scene
# played on its own (``endscene`` is a campaign verb that hands a lone scene to its flow).
CAMPAIGN_TESTS = [
    "tests/campaign",
    *(
        f"tests/commands/{name}.py"
        for name in (
            "test_build",
            "test_docs",
            "test_scripts",
            "test_request_round_trip",
            "test_requests",
            "test_verb_stages",
            "test_verb_replies",
            "test_missing_words_in_finnish",
            "test_flow",
            "test_flow_edges",
            "test_harm",
            "test_rule_book",
        )
    ),
]
TESTS.update(
    {
        f"commands/{name}.py": CAMPAIGN_TESTS
        for name in ("campaign", "verbs_campaign", "campaign_session")
    }
)
# Shared by every module's tests: a change here changes every tests hash.
TEST_SUPPORT = ("tests/__init__.py", "tests/conftest.py")
COPIED = ("src", "tests", "scenes", "themes", "docs", "README.md", "pyproject.toml")
KILLED = frozenset({"killed", "timeout", "caught by type check"})
NOT_RUN = frozenset({"not checked", "check was interrupted by user", "skipped"})


IGNORED_PARTS = frozenset({"__pycache__", "__snapshots__", ".hypothesis"})


def sha256_of(root: Path, paths: Iterable[Path]) -> str:
    """One digest over the files named: their paths relative to ``root`` and their bytes."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def _files_under(root: Path, names: Iterable[str]) -> Iterator[Path]:
    for name in names:
        path = root / name
        if path.is_file():
            yield path
        elif path.is_dir():
            for file in path.rglob("*"):
                parts = set(file.relative_to(root).parts)
                if file.is_file() and not parts & IGNORED_PARTS and file.suffix != ".pyc":
                    yield file


def tests_of(module: str) -> list[str]:
    """The test paths a module's mutants are run against: ``TESTS``, else the other rule
    systems' tests for their modules (``rules/varjot/``, ``commands/systems/``), else the
    layer's tests."""
    if module in TESTS:
        return TESTS[module]
    parts = module.split("/")
    if len(parts) > 2 or parts[1] == "systems":
        return list(SYSTEM_TESTS)
    return LAYER_TESTS.get(parts[0], ["tests"])


def source_hash(module: str, root: Path = ROOT) -> str:
    """The SHA-256 of one module's source (``root`` is the project or a copy of it)."""
    return sha256_of(root, [root / "src" / "fatescreen" / module])


def tests_hash(tests: list[str], root: Path = ROOT) -> str:
    """The SHA-256 of the test files a module is run against, with the shared test support."""
    files = _files_under(root, [*TEST_SUPPORT, *tests])
    skipped = {root / name for name in SKIPPED_TESTS}
    return sha256_of(root, [file for file in files if file not in skipped])


def all_modules() -> list[str]:
    """Every module of rules/ and commands/ (their sub-packages too) with code in it."""
    found = []
    for layer in LAYERS:
        for file in sorted((PACKAGE / layer).rglob("*.py")):
            text = file.read_text(encoding="utf-8")
            if "def " in text:
                found.append(file.relative_to(PACKAGE).as_posix())
    return found


def modules(target: str | None) -> list[str]:
    """The modules a MODULE argument names: one file, a folder, or (none) both layers."""
    if not target:
        return all_modules()
    path = PACKAGE / target
    if path.is_dir():
        prefix = target.rstrip("/") + "/"
        return [module for module in all_modules() if module.startswith(prefix)]
    if not path.is_file():
        raise SystemExit(f"no module {target} under src/fatescreen/")
    return [target]


# --- records ---------------------------------------------------------------------------------


@dataclass
class Record:
    """One module's recorded mutation run."""

    module: str
    source_sha256: str
    tests: list[str]
    tests_sha256: str
    mutmut: str
    seconds: float
    mutants: dict[str, str]
    """Every mutant's short name (without the module's dotted path) and its mutmut status."""
    changes: dict[str, list[str]] = field(default_factory=dict)
    """The change (diff lines) of every mutant not killed."""
    hypothesis: str = ""
    """The property tests' settings of the run (empty: the test suite's own profile)."""

    def to_json(self) -> str:
        data = {
            "module": self.module,
            "source_sha256": self.source_sha256,
            "tests": self.tests,
            "tests_sha256": self.tests_sha256,
            "mutmut": self.mutmut,
            "seconds": round(self.seconds),
            "mutants": dict(sorted(self.mutants.items(), key=lambda item: _natural(item[0]))),
            "changes": dict(sorted(self.changes.items(), key=lambda item: _natural(item[0]))),
        }
        if self.hypothesis:
            data["hypothesis"] = self.hypothesis
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Record:
        data = json.loads(text)
        return cls(
            module=data["module"],
            source_sha256=data["source_sha256"],
            tests=list(data["tests"]),
            tests_sha256=data["tests_sha256"],
            mutmut=data["mutmut"],
            seconds=float(data["seconds"]),
            mutants=dict(data["mutants"]),
            changes={name: list(lines) for name, lines in data["changes"].items()},
            hypothesis=str(data.get("hypothesis", "")),
        )


def _natural(name: str) -> tuple[str, int]:
    function, _, number = name.rpartition("__mutmut_")
    return (function, int(number)) if number.isdigit() else (name, 0)


def record_path(module: str, results: Path = RESULTS) -> Path:
    return results / (module.removesuffix(".py").replace("/", "-") + ".json")


def load_record(module: str, results: Path = RESULTS) -> Record | None:
    path = record_path(module, results)
    if not path.is_file():
        return None
    return Record.from_json(path.read_text(encoding="utf-8"))


def save_record(record: Record, results: Path = RESULTS) -> None:
    results.mkdir(parents=True, exist_ok=True)
    record_path(record.module, results).write_text(record.to_json(), encoding="utf-8")


def state_of(module: str, record: Record | None) -> str:
    """``unmeasured``, ``source changed``, ``tests changed`` or ``current``."""
    if record is None:
        return "unmeasured"
    if record.source_sha256 != source_hash(module):
        return "source changed"
    if record.tests_sha256 != tests_hash(tests_of(module)):
        return "tests changed"
    return "current"


# --- equivalent mutants ----------------------------------------------------------------------


def change_of(diff: str) -> list[str]:
    """The lines a mutant removes and adds, ``-``/``+`` then the line stripped; no headers."""
    lines = []
    for line in diff.splitlines():
        if line.startswith(("---", "+++")) or line[:1] not in ("-", "+"):
            continue
        lines.append(line[0] + " " + line[1:].strip())
    return lines


def function_of(name: str) -> str:
    """The function part of a short mutant name: ``x_absorb__mutmut_3`` -> ``x_absorb``."""
    return name.rpartition("__mutmut_")[0] or name


@dataclass(frozen=True)
class Equivalent:
    """A mutant no test can tell from the original, and why."""

    module: str
    function: str
    change: tuple[str, ...]
    reason: str
    kind: str = "equivalent"
    """``equivalent``, or ``not reachable``: code that runs when the module is imported,
    before mutmut switches a mutant on (counted as not killed, but explained)."""


KINDS = ("equivalent", "not reachable")


def load_equivalents(path: Path = EQUIVALENT) -> list[Equivalent]:
    """The explained equivalent mutants (``[[mutant]]`` tables: module, function, change,
    reason)."""
    if not path.is_file():
        return []
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found = []
    for entry in data.get("mutant", []):
        reason = " ".join(str(entry.get("reason", "")).split())
        if not reason:
            raise SystemExit(f"{path}: an equivalent mutant of {entry.get('module')} has no reason")
        change = tuple(change_of("\n".join(entry["change"])))
        kind = entry.get("kind", "equivalent")
        if kind not in KINDS:
            raise SystemExit(f"{path}: kind {kind!r} is not one of {', '.join(KINDS)}")
        found.append(Equivalent(entry["module"], entry["function"], change, reason, kind))
    return found


def explanation(
    equivalents: list[Equivalent], module: str, name: str, change: list[str]
) -> Equivalent | None:
    """The explanation recorded for this mutant's change, if any."""
    for entry in equivalents:
        if (
            entry.module == module
            and entry.function == function_of(name)
            and entry.change == tuple(change)
        ):
            return entry
    return None


# --- tallies ---------------------------------------------------------------------------------


@dataclass
class Tally:
    """Counts over one module's record (or the sum of several)."""

    mutants: int = 0
    killed: int = 0
    timeout: int = 0
    survived: int = 0
    no_tests: int = 0
    other: int = 0
    equivalent: int = 0
    not_reachable: int = 0
    unexplained: list[tuple[str, str, list[str], str]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("mutants", "killed", "timeout", "survived", "no_tests", "other"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.equivalent += other.equivalent
        self.not_reachable += other.not_reachable
        self.unexplained.extend(other.unexplained)

    @property
    def kill_rate(self) -> float:
        """Killed (timeouts and type-check catches included) of all mutants."""
        return self.killed / self.mutants if self.mutants else 1.0

    @property
    def non_equivalent_rate(self) -> float:
        """Killed of the mutants not explained as equivalent."""
        judged = self.mutants - self.equivalent
        return self.killed / judged if judged else 1.0


def tally(record: Record, equivalents: list[Equivalent]) -> Tally:
    counts = Tally()
    for name, status in record.mutants.items():
        counts.mutants += 1
        if status in KILLED:
            counts.killed += 1
            counts.timeout += status == "timeout"
            continue
        if status == "survived":
            counts.survived += 1
        elif status == "no tests":
            counts.no_tests += 1
        else:
            counts.other += 1
        change = record.changes.get(name, [])
        explained = explanation(equivalents, record.module, name, change)
        if explained is not None and explained.kind == "equivalent":
            counts.equivalent += 1
        elif explained is not None:
            counts.not_reachable += 1
        else:
            counts.unexplained.append((record.module, name, change, status))
    return counts


# --- running mutmut --------------------------------------------------------------------------


def _mutmut() -> str:
    return str(Path(sys.executable).with_name("mutmut"))


def _folder(module: str) -> Path:
    return WORK / module.removesuffix(".py").replace("/", "-")


def _settings(modules: list[str], tests: list[str]) -> str:
    paths = [f"src/fatescreen/{module}" for module in modules]
    return "\n".join(
        [
            "",
            "[tool.mutmut]",
            'source_paths = ["src"]',
            f"only_mutate = {json.dumps(paths)}",
            f"pytest_add_cli_args_test_selection = {json.dumps(tests)}",
            'also_copy = ["scenes", "themes", "docs", "README.md", "tests", "conftest.py"]',
            "pytest_add_cli_args = "
            + json.dumps(
                ["-q", "-p", "no:cacheprovider", "-p", "no:randomly"]
                + [f"--ignore={name}" for name in SKIPPED_TESTS]
            ),
            "use_git_change_detection = false",
            "",
        ]
    )


_IGNORE = shutil.ignore_patterns("__pycache__", "__snapshots__", "*.bak", ".hypothesis")

# A conftest.py at the root of a module's copy (pytest loads it for every test path under
# it), for each mutant's run of its tests:
# - The tests run quickest first, by the durations mutmut recorded while it learned which
#   tests reach which function. mutmut stops at a mutant's first failing test (-x), so a
#   killed mutant no longer waits for the slow property tests that happened to come first;
#   a surviving mutant still runs every test that reaches it.
# - The project's functools caches start empty. mutmut forks each mutant's run from the
#   process that ran the tests unmutated, so a cached function (the odds tables) would
#   answer from the original code's results and its mutants would survive untested.
# - Property tests run ``HYPOTHESIS`` (fewer examples than the suite's 100, drawn the same
#   way every run, no example database) unless a test sets its own count: a mutant's verdict
#   does not depend on the run, and the round-trip property tests that reach most verbs of
#   commands/ no longer cost a surviving mutant 25 seconds.
# - A mutant's run whose tests pytest cannot find by their ids is not counted as a kill.
HYPOTHESIS = {"max_examples": 20, "derandomize": True, "deadline": None, "database": None}
CONFTEST = '''"""Each mutant's tests: caches emptied, quickest first, property tests drawn the
same way each run (bench/mutate.py)."""

import json
import os
import sys
from pathlib import Path

from hypothesis import settings

_durations: dict[str, float] = {}
settings.register_profile("mutate", **HYPOTHESIS)


def pytest_sessionstart(session):
    settings.load_profile("mutate")
    for name, module in list(sys.modules.items()):
        if not name.startswith("fatescreen") or module is None:
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_info", None)):
                value.cache_clear()


def pytest_sessionfinish(session, exitstatus):
    # A mutant's run that names a test pytest does not find ends in a usage error, which
    # mutmut would count as a kill: it ends as "suspicious" (35) instead, not killed.
    if int(exitstatus) == 4 and "__mutmut_" in os.environ.get("MUTANT_UNDER_TEST", ""):
        os._exit(35)


def pytest_collection_modifyitems(items):
    if not _durations:
        try:
            stats = json.loads(Path("mutmut-stats.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        _durations.update(stats.get("duration_by_test", {}))
    items.sort(key=lambda item: _durations.get(item.nodeid, 0.0))
'''


def conftest() -> str:
    """The conftest.py of a module's copy, with the property tests' settings filled in."""
    return CONFTEST.replace("**HYPOTHESIS", "**" + repr(HYPOTHESIS))


def hypothesis_settings() -> str:
    """The property tests' settings of a mutation run, as a record states them."""
    return ", ".join(f"{name}={value!r}" for name, value in HYPOTHESIS.items())


# mutmut leaves every decorated function unmutated (a decorator runs when the function is
# defined). The verbs of commands/ are registered by decorators that only file the function
# away and return it unchanged, so in a module's copy each such decorator becomes the same
# call written after the function (``@verb(...) def f`` is ``def f; f = verb(...)(f)``):
# the verbs are mutated like every other function. The record keeps the hash of the source
# as written.
REGISTERING = frozenset({"verb", "settles", "VERBS.verb"})
"""The decorators that register a function and return it unchanged."""
ORIGINAL = "original"
"""The folder of a module's copy that keeps its source as written."""


def _registering(decorator: ast.expr) -> bool:
    return isinstance(decorator, ast.Call) and ast.unparse(decorator.func) in REGISTERING


def undecorated(source: str) -> str:
    """The source with each top-level function decorated only by ``REGISTERING`` decorators
    rewritten as the function followed by the same decorators' calls on it."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    removed: set[int] = set()
    after: dict[int, list[str]] = {}
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or not node.decorator_list:
            continue
        if not all(_registering(decorator) for decorator in node.decorator_list):
            continue
        call = node.name
        for decorator in reversed(node.decorator_list):
            text = ast.get_source_segment(source, decorator)
            assert text is not None and decorator.end_lineno is not None
            call = f"({text})({call})"
            removed.update(range(decorator.lineno, decorator.end_lineno + 1))
        assert node.end_lineno is not None
        after[node.end_lineno] = [f"\n\n{node.name} = {call}\n"]
    written = []
    for number, line in enumerate(lines, start=1):
        if number not in removed:
            written.append(line)
        written.extend(after.get(number, []))
    return "".join(written)


def _place_source(module: str, folder: Path) -> None:
    """Today's source of the module into its copy, the registering decorators written as calls
    (:func:`undecorated`), and as written under ``ORIGINAL``."""
    source = (PACKAGE / module).read_text(encoding="utf-8")
    for root, text in ((folder, undecorated(source)), (folder / ORIGINAL, source)):
        path = root / "src" / "fatescreen" / module
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def measured_hash(module: str, folder: Path) -> str:
    """The hash of the module's source as written, of the copy that measured it."""
    if (folder / ORIGINAL).is_dir():
        return source_hash(module, folder / ORIGINAL)
    return source_hash(module, folder)


def _project_copy(modules: list[str], tests: list[str]) -> Path:
    """A fresh copy of the project whose mutmut settings name the modules (mutated in one
    run, named after the first) and their tests."""
    folder = _folder(modules[0])
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, folder / name, ignore=_IGNORE)
        else:
            shutil.copy2(source, folder / name)
    for module in modules:
        _place_source(module, folder)
    with (folder / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write(_settings(modules, tests))
    (folder / "conftest.py").write_text(conftest(), encoding="utf-8")
    return folder


def _refresh_copy(modules: list[str], folder: Path) -> None:
    """Bring today's tests and every source file but the mutated modules into their copy (the
    mutated modules are the same: their hashes were checked) and today's conftest.py. Source
    files are all of ``src/``, the message catalogs too: a test of a new message fails
    against yesterday's catalog."""
    for target in (folder, folder / "mutants"):
        if target.is_dir():
            (target / "conftest.py").write_text(conftest(), encoding="utf-8")
        shutil.rmtree(target / "tests", ignore_errors=True)
        shutil.copytree(ROOT / "tests", target / "tests", ignore=_IGNORE)
    for file in _files_under(ROOT, ["src"]):
        relative = file.relative_to(ROOT)
        if relative in {Path("src/fatescreen") / module for module in modules}:
            continue
        for target in (folder / relative, folder / "mutants" / relative):
            if not target.is_file() or target.read_bytes() != file.read_bytes():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(file, target)


def _statuses(folder: Path) -> dict[str, str]:
    listing = subprocess.run(
        [_mutmut(), "results", "--all", "true"],
        cwd=folder,
        check=False,
        capture_output=True,
        text=True,
    ).stdout
    found = {}
    for line in listing.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            found[name] = status.strip()
    return found


_DIFFS = """
import json, sys
from mutmut.mutation.diff_apply import find_mutant, get_diff_for_mutant
names = json.loads(sys.stdin.read())
print(json.dumps({name: get_diff_for_mutant(name, path=find_mutant(name).path) for name in names}))
"""


def _diffs(folder: Path, names: list[str]) -> dict[str, str]:
    """The diffs ``mutmut show`` prints, for many mutants in one process."""
    if not names:
        return {}
    for attempt in range(3):
        done = subprocess.run(
            [sys.executable, "-c", _DIFFS],
            cwd=folder,
            input=json.dumps(names),
            check=attempt == 2,
            capture_output=True,
            text=True,
        )
        if done.returncode == 0:
            break
        time.sleep(5)  # a failed read of a run's files has succeeded when tried again
    found: dict[str, str] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def _prefix(module: str) -> str:
    dotted = module.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    return "fatescreen." + dotted + "."


def _of_module(full: str, module: str) -> bool:
    """Whether a mutant's full name (``package.module.function__mutmut_N``; mutmut leaves
    ``__init__`` out) is one of the module's, not of a sibling mutated in the same run."""
    prefix = _prefix(module)
    return full.startswith(prefix) and "." not in full.removeprefix(prefix)


def read_run(module: str, folder: Path, seconds: float, previous: Record | None) -> Record:
    """A finished mutmut run in ``folder`` as the module's record; with ``previous`` (a
    recheck of some mutants), its statuses are kept for the mutants not run again."""
    tests = tests_of(module)
    prefix = _prefix(module)
    mutants = dict(previous.mutants) if previous else {}
    changes = dict(previous.changes) if previous else {}
    not_killed = []
    for full, status in _statuses(folder).items():
        if not _of_module(full, module):
            continue  # another module of the same run
        short = full.removeprefix(prefix)
        if status in NOT_RUN and short in mutants:
            continue
        mutants[short] = status
        changes.pop(short, None)
        if status not in KILLED:
            not_killed.append(full)
    for full, diff in _diffs(folder, not_killed).items():
        changes[full.removeprefix(prefix)] = change_of(diff)
    return Record(
        module=module,
        source_sha256=measured_hash(module, folder),
        tests=tests,
        tests_sha256=tests_hash(tests, folder),
        mutmut=metadata.version("mutmut"),
        seconds=seconds + (previous.seconds if previous else 0.0),
        mutants=mutants,
        changes=changes,
        hypothesis=_run_settings(previous),
    )


def _run_settings(previous: Record | None) -> str:
    """The property tests' settings of a run, with those of the run it rechecks."""
    now = hypothesis_settings()
    if previous is None or previous.hypothesis == now:
        return now
    return f"{previous.hypothesis or 'the suite profile'}; rechecked with {now}"


def measure(modules: list[str], children: int) -> list[Record]:
    """Mutate modules that share their tests in one fresh copy, in one mutmut run (one clean
    run and one stats run of the tests for all of them), and run the tests that reach each
    mutant; each module's record gets its share of the time by its number of mutants."""
    folder = _project_copy(modules, tests_of(modules[0]))
    start = time.monotonic()
    subprocess.run(
        [_mutmut(), "run", "--max-children", str(children)],
        cwd=folder,
        check=False,
        stdout=subprocess.DEVNULL,
    )
    seconds = time.monotonic() - start
    records = [read_run(module, folder, 0.0, None) for module in modules]
    total = sum(len(record.mutants) for record in records) or 1
    for record in records:
        record.seconds = seconds * len(record.mutants) / total
    return records


def batches(modules: list[str], lines: int) -> list[list[str]]:
    """The modules in runs of neighbours that share their tests, each run at most ``lines``
    lines of source (a longer module runs alone)."""
    found: list[list[str]] = []
    size = 0
    for module in modules:
        length = len((PACKAGE / module).read_text(encoding="utf-8").splitlines())
        if found and tests_of(found[-1][0]) == tests_of(module) and size + length <= lines:
            found[-1].append(module)
            size += length
        else:
            found.append([module])
            size = length
    return found


def _measured_in(module: str) -> Path | None:
    """The copy in which the module was measured alone before, if it is still there."""
    folder = _folder(module)
    meta = folder / "mutants" / "src" / "fatescreen" / (module + ".meta")
    return folder if meta.is_file() else None


def update(module: str, children: int) -> Record:
    """Measure a module whose source changed in the copy that measured it before: mutmut
    keeps the verdicts of the functions whose code did not change and tests the mutants of
    those that did; then every mutant not killed runs against today's tests."""
    folder = _folder(module)
    _refresh_copy([module], folder)
    _place_source(module, folder)
    start = time.monotonic()
    subprocess.run(
        [_mutmut(), "run", "--max-children", str(children)],
        cwd=folder,
        check=False,
        stdout=subprocess.DEVNULL,
    )
    save_record(read_run(module, folder, time.monotonic() - start, None))
    return recheck([module], children)[0]


def copy_of(module: str, record: Record) -> Path | None:
    """The copy under ``.mutmut/`` that measured the module (alone or with neighbours) on its
    recorded source, if it is still there."""
    for meta in sorted(WORK.glob(f"*/mutants/src/fatescreen/{module}.meta")):
        folder = WORK / meta.relative_to(WORK).parts[0]
        if measured_hash(module, folder) == record.source_sha256:
            return folder
    return None


def _neighbours_up_to_date(modules: list[str], folder: Path) -> None:
    """Today's source for the other modules mutated in a copy that changed since: mutmut
    mutates them again when it starts (their source is newer than their mutants), so the
    tests run today's code of every module but the ones rechecked."""
    for other in mutated_in(folder):
        if other not in modules and measured_hash(other, folder) != source_hash(other):
            _place_source(other, folder)


def mutated_in(folder: Path) -> list[str]:
    """The modules mutated in a copy."""
    root = folder / "mutants" / "src" / "fatescreen"
    return sorted(
        meta.relative_to(root).as_posix().removesuffix(".meta") for meta in root.rglob("*.py.meta")
    )


def recheck(modules: list[str], children: int) -> list[Record]:
    """Run the mutants not killed of modules measured in one copy against today's tests
    (their source unchanged), in one mutmut run; a module whose copy is gone is rechecked in
    a fresh copy of its own."""
    records = [record for record in map(load_record, modules) if record is not None]
    folder = copy_of(modules[0], records[0])
    if folder is None:
        folder = _project_copy(modules[:1], tests_of(modules[0]))
        modules, records = modules[:1], records[:1]
    else:
        _refresh_copy(mutated_in(folder), folder)
        _neighbours_up_to_date(modules, folder)
    names = [
        _prefix(module) + name
        for module, record in zip(modules, records, strict=True)
        for name, status in record.mutants.items()
        if status not in KILLED
    ]
    start = time.monotonic()
    if names:
        run = subprocess.run(
            [_mutmut(), "run", "--max-children", str(children), *names],
            cwd=folder,
            check=False,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        if run.returncode != 0:
            # mutmut stops before any mutant when today's tests fail unmutated (it must learn
            # which of the new tests reach what): the old statuses would be recorded as new
            tail = "\n".join(run.stdout.splitlines()[-20:])
            raise SystemExit(f"{folder}: mutmut run failed (exit {run.returncode}):\n{tail}")
    seconds = (time.monotonic() - start) / len(modules)
    return [
        read_run(module, folder, seconds, record)
        for module, record in zip(modules, records, strict=True)
    ]


# --- report ----------------------------------------------------------------------------------


def _percent(value: float) -> str:
    return f"{value:.1%}"


HEADINGS = ("module", "mutants", "killed", "survived", "no tests", "equivalent")


def _row(label: str, counts: Tally, state: str) -> list[str]:
    return [
        label,
        str(counts.mutants),
        str(counts.killed),
        str(counts.survived),
        str(counts.no_tests),
        str(counts.equivalent),
        _percent(counts.kill_rate),
        _percent(counts.non_equivalent_rate),
        state,
    ]


def report(
    selected: list[str], results: Path, equivalents: list[Equivalent], markdown: bool = False
) -> tuple[str, bool]:
    """The report over the selected modules (a plain table, or Markdown for the README),
    and whether any module's record counts in the total."""
    headings = [*HEADINGS, "killed/all", "killed/non-equivalent", "state"]
    rows: list[list[str]] = []
    total = Tally()
    current = 0
    stale: list[str] = []
    unmeasured: list[str] = []
    for module in selected:
        record = load_record(module, results)
        state = state_of(module, record)
        if record is None:
            lines_of_code = len((PACKAGE / module).read_text(encoding="utf-8").splitlines())
            unmeasured.append(f"{module} ({lines_of_code} lines)")
            continue
        counts = tally(record, equivalents)
        if state == "source changed":
            stale.append(module)
        else:
            total.add(counts)
            current += 1
        rows.append(_row(module, counts, state))
    rows.append(_row(f"total ({current} modules)", total, ""))
    if markdown:
        lines = ["| " + " | ".join(headings) + " |", "|---" * len(headings) + "|"]
        for row in rows:
            label = f"`{row[0]}`" if row[0].endswith(".py") else f"**{row[0]}**"
            lines.append("| " + " | ".join([label, *row[1:]]) + " |")
        lines.append("")
    else:
        widths = [max(len(row[i]) for row in [headings, *rows]) for i in range(len(headings))]
        lines = [
            "  ".join(
                cell.ljust(widths[i]) if i in (0, len(headings) - 1) else cell.rjust(widths[i])
                for i, cell in enumerate(row)
            ).rstrip()
            for row in [headings, *rows]
        ]
    if total.timeout:
        lines.append(f"(killed includes {total.timeout} timeouts)")
    if total.not_reachable:
        lines.append(
            f"{total.not_reachable} not killed are explained as out of mutmut's reach (code run "
            "at import, before a mutant is switched on): counted as not killed"
        )
    if stale:
        lines.append("measured on other source (left out of the total): " + ", ".join(stale))
    if unmeasured:
        lines.append(f"unmeasured ({len(unmeasured)}): " + ", ".join(unmeasured))
    if total.unexplained and not markdown:
        lines.append("not killed and not explained as equivalent:")
        for module, name, change, status in total.unexplained:
            lines.append(f"  {module} {name} ({status}): " + " | ".join(change))
    return "\n".join(lines), bool(current)


BEGIN, END = "<!-- mutate:begin -->", "<!-- mutate:end -->"


def write_readme(path: Path, table: str) -> None:
    """Put the Markdown table between the README's mutate markers."""
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    if not rest:
        raise SystemExit(f"{path}: no {BEGIN} marker")
    path.write_text(f"{head}{BEGIN}\n{table}\n{END}{tail}", encoding="utf-8")


def _work(selected: list[str], args: argparse.Namespace) -> list[tuple[str, list[str]]]:
    """What to do, in order: ``record``, ``recheck``, ``update`` (a changed module measured
    again in its old copy) or ``measure`` and the modules (the modules to measure in runs
    that share their tests, see :func:`batches`)."""
    work: list[tuple[str, list[str]]] = []
    pending: list[str] = []
    for module in selected:
        record = load_record(module)
        state = state_of(module, record)
        if args.record_only:
            action = "record"
        elif args.recheck and record is not None and state != "source changed":
            if all(status in KILLED for status in record.mutants.values()):
                continue  # nothing to recheck
            action = "recheck"
        elif state == "source changed" and not args.force and _measured_in(module):
            action = "update"
        elif (
            args.force
            or state in ("unmeasured", "source changed")
            or (args.tests_changed and state == "tests changed")
        ):
            pending.append(module)
            continue
        else:
            continue
        work += [("measure", group) for group in batches(pending, args.batch_lines)]
        work.append((action, [module]))
        pending = []
    work += [("measure", group) for group in batches(pending, args.batch_lines)]
    return _rechecks_together(work)


def _rechecks_together(work: list[tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    """Neighbouring rechecks of modules measured in the same copy, as one."""
    merged: list[tuple[str, list[str]]] = []
    copy: Path | None = None
    for action, group in work:
        record = load_record(group[0]) if action == "recheck" else None
        found = copy_of(group[0], record) if record is not None else None
        same_copy = found is not None and found == copy
        if merged and action == "recheck" and merged[-1][0] == "recheck" and same_copy:
            merged[-1][1].extend(group)
            continue
        merged.append((action, list(group)))
        copy = found
    return merged


def main(argv: list[str] | None = None) -> int:
    """Measure the modules that need it, record them, and print the report."""
    parser = argparse.ArgumentParser(
        prog="make mutate", description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument(
        "module", nargs="*", help="modules or folders under src/fatescreen/, in this order"
    )
    parser.add_argument("--report", action="store_true", help="only print the recorded results")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--readme", type=Path, help="also write the Markdown table into it")
    parser.add_argument("--force", action="store_true", help="measure even current modules")
    parser.add_argument(
        "--tests-changed", action="store_true", help="also measure modules whose tests changed"
    )
    parser.add_argument(
        "--recheck",
        action="store_true",
        help="run the recorded mutants not killed against today's tests",
    )
    parser.add_argument(
        "--record-only", action="store_true", help="record the last run under .mutmut/ as it is"
    )
    parser.add_argument("--budget", type=float, default=0, help="start no module after N minutes")
    parser.add_argument(
        "--batch-lines",
        type=int,
        default=600,
        help="mutate neighbouring modules that share their tests in one run, up to N lines",
    )
    parser.add_argument("--children", type=int, default=1)
    parser.add_argument("--floor", type=float, default=0.95)
    args = parser.parse_args(argv)
    selected = list(dict.fromkeys(m for target in args.module or [None] for m in modules(target)))
    started = time.monotonic()
    if not args.report:
        for action, group in _work(selected, args):
            if args.budget and time.monotonic() - started > args.budget * 60:
                print(f"budget spent: {', '.join(group)} and later modules not run", flush=True)
                break
            record = load_record(group[0])
            if action == "record":
                print(f"{group[0]}: reading its last run under .mutmut/", flush=True)
                records = [read_run(group[0], _folder(group[0]), 0.0, None)]
            elif action == "recheck" and record is not None:
                print(f"{', '.join(group)}: rechecking the mutants not killed", flush=True)
                records = recheck(group, args.children)
            elif action == "update":
                print(f"{group[0]}: measuring the changed functions in its copy", flush=True)
                records = [update(group[0], args.children)]
            else:
                for module in group:
                    state = state_of(module, load_record(module))
                    print(f"{module}: measuring ({state})", flush=True)
                records = measure(group, args.children)
            for record in records:
                save_record(record)
                counts = tally(record, load_equivalents())
                print(
                    f"{record.module}: {_percent(counts.kill_rate)} killed of {counts.mutants}",
                    flush=True,
                )
    equivalents = load_equivalents()
    text, _ = report(selected, RESULTS, equivalents, args.markdown)
    print(text)
    if args.readme:
        write_readme(args.readme, report(selected, RESULTS, equivalents, True)[0])
    failing = []
    for module in selected:
        record = load_record(module)
        if record is None or state_of(module, record) == "source changed":
            continue
        if tally(record, equivalents).non_equivalent_rate < args.floor:
            failing.append(module)
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
