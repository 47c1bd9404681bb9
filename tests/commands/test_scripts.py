"""The seed's worked examples replay as scripts (tests/scripts/*.txt) with their numbers.

Each script names its scene on its first line (``# scene: FILE``, or ``# campaign: FOLDER``
for a campaign folder of the project, played on a copy); a line ``#> TEXT`` says
that the command before it prints a line containing TEXT.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.commands.support import ROOT, SCRIPTS, cli_run

SCRIPT_FILES = sorted(SCRIPTS.glob("*.txt"))


def expectations(script: str) -> list[tuple[str, str]]:
    """(command, expected text) pairs from the ``#>`` lines."""
    pairs: list[tuple[str, str]] = []
    command = ""
    for line in script.splitlines():
        if line.startswith("#> "):
            pairs.append((command, line[3:]))
        elif line.strip() and not line.startswith("#"):
            command = line
    return pairs


def printed(output: str) -> list[tuple[str, list[str]]]:
    """Each command and its lines, in order."""
    blocks = []
    for block in output.split("\n> "):
        head, *lines = block.removeprefix("> ").split("\n")
        blocks.append((head, [line.strip() for line in lines if line.strip()]))
    return blocks


def test_there_are_scripts() -> None:
    assert {path.stem for path in SCRIPT_FILES} >= {
        "silbestre-and-the-ghoul",
        "vitor",
        "dolors",
        "popcorn",
    }


@pytest.mark.parametrize("path", SCRIPT_FILES, ids=[path.stem for path in SCRIPT_FILES])
def test_script_replays_with_the_seeds_numbers(path: Path, tmp_path: Path) -> None:
    script = path.read_text(encoding="utf-8")
    first = script.splitlines()[0]
    if first.startswith("# campaign: "):
        # A campaign writes its files as it goes: it plays on a copy.
        target = tmp_path / "campaign"
        shutil.copytree(ROOT / first.removeprefix("# campaign: "), target)
    else:
        assert first.startswith("# scene: ")
        target = SCRIPTS / first.removeprefix("# scene: ")
    status, output = cli_run(target, script, tmp_path)
    assert status == 0, output
    assert "error:" not in output
    blocks = printed(output)
    position = 0
    for command, text in expectations(script):
        while position < len(blocks) and blocks[position][0] != command:
            position += 1
        assert position < len(blocks), f"{command!r} not run (or out of order)"
        lines = blocks[position][1]
        assert any(text in line for line in lines), f"{command!r}: no {text!r} in {lines}"
