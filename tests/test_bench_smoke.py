"""The benchmarks run end to end (one quick pass, no targets), so they cannot rot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_benchmarks_run_and_print_their_table(tmp_path: Path) -> None:
    """``bench/run.py --smoke`` measures every figure and prints one row for each."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "run.py"), "--smoke"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    table = done.stdout
    for figure in (
        "start: launch to settled frame",
        "memory: peak over the run",
        "key: toggle a stress box",
        "key: spend a free invoke",
        "key: hand the turn on",
        "key: move a character",
        "key: tick a countdown",
        "key: tick while the warm-up runs",
        "load vs tomllib.loads",
        "save one change vs tomlkit.dumps",
        "save, a record added vs tomlkit.dumps",
        "odds: 2 invokes, a reroll, opposition invoke",
        "player view: update after 100 journal records",
        "player view: update after 1,000 journal records",
        "player view: update after 5,000 journal records",
        "player view: idle CPU over 5 s",
    ):
        assert figure in table, figure
    assert "NOT SHOWN" not in table
    assert "OPENED" not in table
