"""Mutation testing of the rules core and the command layer, one module at a time (mutmut).

``make mutate MODULE=rules/ladder.py`` mutates one module under ``src/fatescreen/`` and runs,
for each mutant, the tests that reach the mutated function among the module's tests (by
default the tests of its layer: ``tests/rules`` for ``rules/``, ``tests/commands`` and
``tests/campaign`` for ``commands/``; ``TESTS=...`` names others). ``MODULE=rules`` or
``MODULE=commands`` runs every module of the layer in turn. A whole layer takes hours on a
two-core machine; one module takes minutes.

Each module is run in its own copy of the project under ``.mutmut/`` (so runs of different
modules never share state and the work tree stays clean). The report lists killed,
survived, timed-out and untested mutants per module, the kill rate, and the name of every
survivor (``.venv/bin/mutmut show NAME`` inside that module's copy shows its diff).

Exit status: 0 when every module's kill rate reaches ``--floor`` (95% by default).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "fatescreen"
WORK = ROOT / ".mutmut"
LAYER_TESTS = {"rules": ["tests/rules"], "commands": ["tests/commands", "tests/campaign"]}
COPIED = ("src", "tests", "scenes", "themes", "docs", "README.md", "pyproject.toml")
KILLED = {"killed"}
SURVIVED = {"survived"}


@dataclass
class Report:
    """What became of one module's mutants."""

    module: str
    counts: dict[str, int] = field(default_factory=dict)
    survivors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def judged(self) -> int:
        """Mutants a test ran against: killed, survived or timed out (a timeout kills)."""
        return sum(self.counts.get(key, 0) for key in ("killed", "survived", "timeout"))

    @property
    def kill_rate(self) -> float:
        """Killed (or timed out) among the judged mutants, 1.0 if there were none."""
        if not self.judged:
            return 1.0
        return (self.counts.get("killed", 0) + self.counts.get("timeout", 0)) / self.judged


def modules(target: str) -> list[str]:
    """The modules a MODULE argument names: one file, or every file of a layer."""
    path = PACKAGE / target
    if path.is_dir():
        return [
            str(file.relative_to(PACKAGE))
            for file in sorted(path.glob("*.py"))
            if file.name != "__init__.py" and file.stat().st_size > 200
        ]
    if not path.is_file():
        raise SystemExit(f"no module {target} under src/fatescreen/")
    return [target]


def _project_copy(module: str, tests: list[str]) -> Path:
    """A fresh copy of the project whose mutmut settings name one module and its tests."""
    folder = WORK / module.replace("/", "-").removesuffix(".py")
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source,
                folder / name,
                ignore=shutil.ignore_patterns("__pycache__", "__snapshots__", "*.bak"),
            )
        else:
            shutil.copy2(source, folder / name)
    settings = "\n".join(
        [
            "",
            "[tool.mutmut]",
            'source_paths = ["src"]',
            f'only_mutate = ["src/fatescreen/{module}"]',
            f"pytest_add_cli_args_test_selection = {json.dumps(tests)}",
            'also_copy = ["scenes", "themes", "docs", "README.md"]',
            'pytest_add_cli_args = ["-q", "-p", "no:cacheprovider", "-p", "no:randomly"]',
            "",
        ]
    )
    with (folder / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write(settings)
    return folder


def run_module(module: str, tests: list[str], children: int) -> Report:
    """Mutate one module and run its tests against each mutant."""
    folder = _project_copy(module, tests)
    mutmut = str(Path(sys.executable).with_name("mutmut"))
    start = time.monotonic()
    subprocess.run(
        [mutmut, "run", "--max-children", str(children)],
        cwd=folder,
        check=False,
        stdout=subprocess.DEVNULL,
    )
    report = Report(module, seconds=time.monotonic() - start)
    listing = subprocess.run(
        [mutmut, "results", "--all", "true"],
        cwd=folder,
        check=False,
        capture_output=True,
        text=True,
    ).stdout
    for line in listing.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if not name:
            continue
        status = status.strip().replace(" ", "_")
        key = {"no_tests": "untested"}.get(status, status)
        report.counts[key] = report.counts.get(key, 0) + 1
        if status in SURVIVED:
            report.survivors.append(name)
    return report


def main() -> int:
    """Run the modules named and print one report per module and the total."""
    parser = argparse.ArgumentParser(prog="make mutate", description=__doc__)
    parser.add_argument("module", help="a module or a layer under src/fatescreen/")
    parser.add_argument("tests", nargs="*", help="test paths (default: the layer's tests)")
    parser.add_argument("--children", type=int, default=2)
    parser.add_argument("--floor", type=float, default=0.95)
    args = parser.parse_args()
    reports = []
    for module in modules(args.module):
        tests = args.tests or LAYER_TESTS.get(module.split("/")[0], ["tests"])
        report = run_module(module, tests, args.children)
        reports.append(report)
        counts = ", ".join(f"{count} {key}" for key, count in sorted(report.counts.items()))
        if not report.judged and report.counts.get("not_checked"):
            print(f"{module}: not run: mutmut checked no mutant (did the tests fail unmutated?)")
            reports.append(Report(module, {"survived": 1}))
            continue
        print(
            f"{module}: {report.kill_rate:.1%} killed of {report.judged} judged "
            f"({counts or 'no mutants'}; {report.seconds:.0f} s)",
            flush=True,
        )
        for name in report.survivors:
            print(f"  survived: {name}", flush=True)
    judged = sum(r.judged for r in reports)
    killed = sum(r.kill_rate * r.judged for r in reports)
    if len(reports) > 1:
        print(f"total: {killed / judged if judged else 1:.1%} killed of {judged} judged")
    return 0 if all(r.kill_rate >= args.floor for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
