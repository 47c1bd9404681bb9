"""``make stress``: the long fuzz, undo and kill runs, with their figures.

Usage: ``python -m tests.stress [--lines N] [--sequences N] [--save-kills N]
[--journal-kills N] [--races N] [--screens N] [--seed N] [--system ID]``. The runs of
fuzzed lines, undo/redo walks, killed saves and journals, damaged journals and full disks
run for every registered system on its sample scene (``--system`` narrows them to one);
Fate's command scenarios, the two writers and the screens run on Fate's demo scene.
Exits non-zero if any run
crashed, changed a scene by a rejected command, lost or mixed a change, left a temporary
file, let two writers lose an update, or drew a screen updated command by command other
than one opened fresh.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from tests.stress.figures import (
    Figures,
    damaged_journals,
    fresh_screens,
    full_disk_appends,
    fuzz_lines,
    kill_journal,
    kill_saves,
    system_fuzz,
    system_undo_redo,
    two_writers,
    undo_redo,
)
from tests.stress.play import Play, every_play

MUST_BE_ZERO = (
    "crashes",
    "changed by rejection",
    "undo not exact",
    "mismatches",
    "file torn",
    "temp files left after the next open",
    "lost",
    "mixed",
    "scenes that failed to open",
    "intact records lost",
    "changes in memory not in the journal",
    "lost updates",
    "saves refused over a changed file",
    "writers failed",
    "sequences where incremental differs from fresh",
)


def main() -> int:
    """Run every stress test and print its figures; 1 if any figure is wrong."""
    parser = argparse.ArgumentParser(prog="make stress", description=__doc__)
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--sequences", type=int, default=1_000)
    parser.add_argument("--save-kills", type=int, default=100)
    parser.add_argument("--journal-kills", type=int, default=100)
    parser.add_argument("--damaged-journals", type=int, default=1_000)
    parser.add_argument("--full-disks", type=int, default=100)
    parser.add_argument("--races", type=int, default=100)
    parser.add_argument("--screens", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--system", help="run the runs of every system for this one only")
    args = parser.parse_args()
    plays = [Play.of(args.system)] if args.system else every_play()
    runs = system_runs(args, plays)
    if not args.system:
        runs += [
            ("fuzzed command lines: Fate's scenarios", lambda: fuzz_lines(args.lines, args.seed)),
            ("undo/redo sequences: Fate's scenarios", lambda: undo_redo(args.sequences, args.seed)),
            ("two writers", lambda: two_writers(args.races, args.seed)),
            ("screens updated and opened fresh", lambda: fresh_screens(args.screens, args.seed)),
        ]
    bad = 0
    for title, run in runs:
        start = time.monotonic()
        figures, failures = run()
        for key in _keys(title):
            figures.setdefault(key, 0)
        elapsed = time.monotonic() - start
        print(f"{title} ({elapsed:.0f} s)", flush=True)
        for key, value in figures.items():
            print(f"  {key:<48} {value:>8}", flush=True)
        for failure in failures[:20]:
            print(f"  FAILED: {failure}", flush=True)
        bad += len(failures) + sum(figures[key] for key in MUST_BE_ZERO)
    print("stress: all figures as required" if not bad else f"stress: {bad} failures")
    return 1 if bad else 0


Run = tuple[str, Callable[[], tuple[Figures, list[str]]]]


def system_runs(args: argparse.Namespace, plays: list[Play]) -> list[Run]:
    """The runs made for every system, each on its sample scene."""
    runs: list[Run] = []
    for play in plays:
        title = play.system.title
        runs += [
            (
                f"fuzzed command lines: {title}",
                lambda play=play: system_fuzz(play, args.lines, args.seed),
            ),
            (
                f"undo/redo sequences: {title}",
                lambda play=play: system_undo_redo(play, args.sequences, args.seed),
            ),
            (
                f"SIGKILLs while saving: {title}",
                lambda play=play: kill_saves(args.save_kills, args.seed, play),
            ),
            (
                f"SIGKILLs while journaling: {title}",
                lambda play=play: kill_journal(args.journal_kills, args.seed, play),
            ),
            (
                f"journals damaged at random bytes: {title}",
                lambda play=play: damaged_journals(args.damaged_journals, args.seed, play),
            ),
            (
                f"disk full at random appends: {title}",
                lambda play=play: full_disk_appends(args.full_disks, args.seed, play),
            ),
        ]
    return runs


def _keys(title: str) -> tuple[str, ...]:
    """The figures that must be zero and that a run reports even when they are."""
    if title.startswith("fuzzed"):
        return ("crashes", "changed by rejection", "undo not exact")
    if title.startswith("undo"):
        return ("mismatches",)
    if "saving" in title:
        return ("file torn", "temp files left after the next open")
    if "damaged" in title:
        return ("scenes that failed to open", "intact records lost")
    if "full" in title:
        return ("changes in memory not in the journal",)
    if "screens" in title:
        return ("sequences where incremental differs from fresh",)
    if "writers" in title:
        return ("lost updates", "saves refused over a changed file", "writers failed")
    return ("lost", "mixed")


if __name__ == "__main__":
    sys.exit(main())
