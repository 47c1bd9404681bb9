"""The duplicate-code check that ``make lint`` runs (pylint, set up in pyproject.toml): a
block of six lines of code repeated in two modules fails it, five do not, and docstrings
and comments are not code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BLOCK = [
    "    total = 0",
    "    for value in values:",
    "        if value > limit:",
    "            total += value",
    "        else:",
    "            total -= value",
]


def check(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pylint", f"--rcfile={ROOT / 'pyproject.toml'}", str(folder)],
        capture_output=True,
        text=True,
        check=False,
        cwd=folder,
    )


def two_modules(folder: Path, first: list[str], second: list[str]) -> Path:
    package = folder / "package"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name, lines in (("first", first), ("second", second)):
        (package / f"{name}.py").write_text("\n".join([*lines, ""]), encoding="utf-8")
    return package


def function(name: str, body: list[str]) -> list[str]:
    return [f"def {name}(values: list[int], limit: int) -> int:", *body, "    return total"]


def test_six_repeated_lines_fail_the_check(tmp_path: Path) -> None:
    found = check(two_modules(tmp_path, function("first", BLOCK), function("second", BLOCK)))
    assert found.returncode != 0
    assert "duplicate-code" in found.stdout and "Similar lines in 2 files" in found.stdout


def test_five_repeated_lines_pass(tmp_path: Path) -> None:
    other = [*BLOCK[:5], "            total -= 2 * value"]
    found = check(two_modules(tmp_path, function("first", BLOCK), function("second", other)))
    assert found.returncode == 0, found.stdout


def test_comments_are_not_code(tmp_path: Path) -> None:
    notes = ["        # those above the limit count,", "        # the others count against it"]
    body = [*BLOCK[:3], *notes, *BLOCK[3:5]]
    first = function("first", [*body, "            total -= value"])
    second = function("second", [*body, "            total -= 2 * value"])
    found = check(two_modules(tmp_path, first, second))
    assert found.returncode == 0, found.stdout


def test_docstrings_are_not_code(tmp_path: Path) -> None:
    text = [
        '"""The limits of a table:',
        "",
        "how many sit at it, and how far",
        'each may go."""',
        "",
        "SEATS = 4",
        "REACH = 2",
        "ROUNDS = 3",
        "TURNS = 6",
    ]
    found = check(two_modules(tmp_path, [*text, "LAST = 1"], [*text, "LAST = 2"]))
    assert found.returncode == 0, found.stdout
