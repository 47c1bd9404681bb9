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
        "cold start to first frame",
        "key: toggle a stress box",
        "key: spend a free invoke",
        "key: hand the turn on",
        "key: move a character",
        "key: tick a countdown",
        "load the large scene",
        "save one change",
        "odds: 3 invokes + a reroll",
        "memory at first frame",
    ):
        assert figure in table, figure
