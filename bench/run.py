"""Run every benchmark against the bare-app floor beside it and print one table.

``python bench/run.py [--scale N] [--doc docs/performance.md]`` measures on the large scene
made ``N`` times larger, prints the table (Markdown, the machine's floor beside each figure)
and, with ``--doc``, writes it into that page's section for the scale; it exits non-zero
when a target is missed. ``--smoke`` measures each figure once, without targets, so the
benchmarks cannot rot. How each figure is taken is in :data:`METHOD`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

METHOD = """\
Start is launch to the first frame after which the screen no longer changes (frames are
rendered as for a terminal and compared one with the next), with the dashboard's warm-up
running; memory is the peak resident size over the whole run, warm-up included, with the
child process that loads a large scene added at its own peak to the dashboard's peak when
it ended (shared pages counted twice). Load and
save are timed one operation per fresh process, in pairs with their floor whose order
alternates; the ratio is the median of the pairs' ratios. A keystroke is timed from the key
reaching the app to the first frame that shows a change (the journal's fsync comes first),
with no widget mounted or removed and no pane drawn again whole on the screen for a change
of a few of its cells. A player-view update is the follower's work from its look at the
files to the new public state (the poll's wait left out), after a session of that many
journal records, one command appended at a time; its idle CPU is the whole process's, its
poll loop running, while nothing changes. Every registered system's rows are taken alike on
its sample scene grown by bench/scaled_scene.py (each named entry and counter written 40
times the scale): its dashboard's start and memory, the load of its check, and the save
command after one change (found by playing the sample), its session without a journal;
they are reported, the targets being the large Fate scene's."""

ONE_TIMES: Targets = {"start": 1.3, "load": 2.0, "save": 1.5, "memory": 1.5, "median": 10.0}
SCALED: Targets = {"start": 1.5, "load": 2.0, "save": 1.5, "memory": 2.0, "median": None}
Targets = dict[str, float | None]
P95 = 25.0
ODDS_MS = 5.0
PLAYER_RECORDS = (100, 1000, 5000)
"""Journal records of the sessions the player view's update is timed after."""
PLAYER_UPDATE_MS = 20.0
PLAYER_GROWTH = 2.0
"""The most a player-view update after more records may take, in times the first's."""
IDLE_CPU = 0.01
"""The most of one core the player view may take while nothing changes."""


@dataclass(frozen=True)
class Row:
    """One line of the table."""

    figure: str
    value: str
    floor: str
    ratio: str
    target: str
    passed: bool | None
    notes: str = ""


def paired(ours: Sequence[float], floors: Sequence[float]) -> float:
    """The median of the ratios of each pair (drift between pairs cancels out)."""
    return statistics.median(a / b for a, b in zip(ours, floors, strict=True))


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def spread(values: Sequence[float]) -> str:
    return f"{min(values):.1f}–{max(values):.1f}" if len(values) > 1 else ""


def large_scene(folder: Path, scale: int) -> Path:
    """Generate the large benchmark scene, ``scale`` times larger, into ``folder``."""
    path = folder / "large-scene.toml"
    subprocess.run(
        [sys.executable, str(HERE / "make_large_scene.py"), str(path), "--scale", str(scale)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return path


def child(args: list[str], env: dict[str, str], timeout: float = 300) -> str:
    """Run one of the benchmark scripts as a fresh process; its standard output."""
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=timeout
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def start(kind: str, scene: Path | None, env: dict[str, str]) -> tuple[float, float, str]:
    """Launch one app: milliseconds to its settled frame, peak KiB, and what it showed."""
    args = [str(HERE / "startup.py"), kind] + ([str(scene)] if scene else [])
    launched = time.perf_counter()
    report = json.loads(child(args, env).splitlines()[-1])
    return (report["frame"] - launched) * 1000, float(report["memory"]), report["text"]


def markers(scene: Path) -> dict[str, str]:
    """Something each pane must show once the dashboard is up, by pane."""
    from fatescreen.scene.load import load_scene

    loaded = load_scene(scene).scene
    pc = next(c for c in loaded.characters if c.kind.value == "pc")
    shown = {
        "zones": loaded.zones[0].name,
        "stat block": pc.aspects[0].name if pc.aspects else pc.name,
        "aspects": loaded.aspects[0].name,
        "fate points": "GM pool",
        "obstacles": loaded.obstacles[0].name,
        "footer": "Help",
    }
    if loaded.turn is not None:
        shown["turn order"] = loaded.character_names.get(loaded.turn.up or "", "")
    return shown


def startup_rows(
    scene: Path, env: dict[str, str], repeats: int, smoke: bool, targets: Targets
) -> list[Row]:
    """Start and memory, in pairs with the floor whose order alternates."""
    ours: list[float] = []
    floors: list[float] = []
    memory: list[float] = []
    floor_memory: list[float] = []
    missing: set[str] = set()
    wanted = markers(scene)
    for index in range(repeats):
        order = ("fatescreen", "floor") if index % 2 == 0 else ("floor", "fatescreen")
        for kind in order:
            ms, kib, text = start(kind, scene if kind == "fatescreen" else None, env)
            if kind == "fatescreen":
                ours.append(ms)
                memory.append(kib)
                missing |= {pane for pane, mark in wanted.items() if mark[:12] not in text}
            else:
                floors.append(ms)
                floor_memory.append(kib)
    start_ratio = paired(ours, floors)
    memory_ratio = paired(memory, floor_memory)
    start_target = targets["start"] or 0
    memory_target = targets["memory"] or 0
    notes = spread(ours)
    if missing:
        notes += f"; NOT SHOWN: {', '.join(sorted(missing))}"
    return [
        Row(
            "start: launch to settled frame",
            f"{statistics.median(ours):.0f} ms",
            f"{statistics.median(floors):.0f} ms",
            f"{start_ratio:.2f}",
            f"≤ {start_target}×, every pane shown",
            None if smoke else start_ratio <= start_target and not missing,
            notes,
        ),
        Row(
            "memory: peak over the run",
            f"{statistics.median(memory) / 1024:.1f} MiB",
            f"{statistics.median(floor_memory) / 1024:.1f} MiB",
            f"{memory_ratio:.2f}",
            f"≤ {memory_target}×",
            None if smoke else memory_ratio <= memory_target,
            f"{min(memory) / 1024:.1f}–{max(memory) / 1024:.1f}",
        ),
    ]


def pair_rows(
    scene: Path, env: dict[str, str], repeats: int, smoke: bool, targets: Targets
) -> list[Row]:
    """Load and save, one operation per fresh process, in alternating pairs."""
    rows = []
    for name, ours_kind, floor_kind, key in (
        ("load vs tomllib.loads", "load", "tomllib", "load"),
        ("save one change vs tomlkit.dumps", "save", "dumps", "save"),
        ("save, a record added vs tomlkit.dumps", "save-record", "dumps", "save"),
    ):
        ours: list[float] = []
        floors: list[float] = []
        for index in range(repeats):
            order = (ours_kind, floor_kind) if index % 2 == 0 else (floor_kind, ours_kind)
            for kind in order:
                ms = float(child([str(HERE / "loadsave.py"), kind, str(scene)], env))
                (ours if kind == ours_kind else floors).append(ms)
        ratio = paired(ours, floors)
        limit = targets[key] if key else None
        rows.append(
            Row(
                name,
                f"{statistics.median(ours):.1f} ms",
                f"{statistics.median(floors):.1f} ms",
                f"{ratio:.2f}",
                f"≤ {limit}×" if limit else "(reported)",
                None if smoke or limit is None else ratio <= limit,
                spread(ours),
            )
        )
    return rows


def odds_row(repeats: int, smoke: bool, rating: int = 2, opposition: int = 3 + 2) -> Row:
    """The exact odds of an opposed roll with +2 invokes, a reroll and an opposition invoke,
    every cache but the dice pool's cleared; the reroll must change the odds.

    The case: Fair (+2) with two invokes against a Good (+3) defender who invoked once
    (+2): the roller fails or ties often enough for the reroll to be taken.
    """
    from fatescreen.rules.odds import _odds, _rerolled, dice_counts, odds

    dice_counts()
    without = odds(rating, opposition, invokes=2, opposed=True)
    samples = []
    result = without
    for _ in range(repeats):
        _odds.cache_clear()
        _rerolled.cache_clear()
        began = time.perf_counter()
        result = odds(rating, opposition, invokes=2, rerolls=1, opposed=True)
        samples.append((time.perf_counter() - began) * 1000)
    rerolled = result.success + result.style > without.success + without.style
    value = statistics.median(samples)
    return Row(
        "odds: 2 invokes, a reroll, opposition invoke (uncached)",
        f"{value:.2f} ms",
        "—",
        "—",
        f"≤ {ODDS_MS:.0f} ms, reroll taken",
        None if smoke else value <= ODDS_MS and rerolled,
        f"success {float(without.success + without.style):.3f} → "
        f"{float(result.success + result.style):.3f} with the reroll"
        + ("" if rerolled else "; reroll not taken"),
    )


def keystroke_row(
    name: str, operation: dict[str, Any], floor: str, smoke: bool, targets: Targets
) -> Row:
    """One operation's row: its latencies, and whether anything was rebuilt for it (a
    widget mounted or removed, or a pane drawn again whole for a change of a few of its
    cells)."""
    samples = operation["samples"]
    if not samples:
        return Row(f"key: {name}", "—", floor, "—", "(none pressed)", None, "no key in time")
    shown = [s for s in samples if s is not None]
    unchanged = len(samples) - len(shown)
    median = statistics.median(shown) if shown else float("inf")
    p95 = percentile(shown, 0.95) if shown else float("inf")
    rebuilt = operation["mounted"] or operation["removed"] or operation["full"]
    limit = targets["median"]
    ok = p95 <= P95 and (limit is None or median <= limit) and not rebuilt and not unchanged
    notes = (
        f"p95 {p95:.1f}; mounted {operation['mounted']}, removed {operation['removed']}; "
        f"repainted whole: {', '.join(sorted(operation['full'])) or '-'}"
    )
    if unchanged:
        notes += f"; {unchanged} presses showed no change"
    return Row(
        f"key: {name}",
        f"{median:.1f} ms",
        floor,
        "—",
        (f"median ≤ {limit:.0f}, " if limit else "") + f"p95 ≤ {P95:.0f}, nothing rebuilt",
        None if smoke else bool(ok),
        notes,
    )


def keystroke_rows(
    scene: Path, env: dict[str, str], repeats: int, smoke: bool, targets: Targets
) -> list[Row]:
    """Key press to changed frame, with the bare app's beside it."""
    report = json.loads(child([str(HERE / "keystrokes.py"), str(scene), str(repeats)], env, 900))
    floor = [s for s in report["floor"]["samples"] if s is not None]
    floor_text = f"{statistics.median(floor):.1f} ms (p95 {percentile(floor, 0.95):.1f})"
    return [
        keystroke_row(name, operation, floor_text, smoke, targets)
        for name, operation in report["operations"].items()
    ]


def player_update_row(count: int, update: dict[str, Any], first: float, smoke: bool) -> Row:
    """The player view's update after ``count`` journal records: its median within
    :data:`PLAYER_UPDATE_MS` and, after more records than the first row's, within
    :data:`PLAYER_GROWTH` times the first's (``first``); no byte read but those appended,
    and no other file opened."""
    samples = update["samples"]
    median = statistics.median(samples)
    ratio = median / first if first else float("inf")
    grows = count != PLAYER_RECORDS[0]
    only_appended = update["read"] == update["appended"] and not update["opened"]
    ok = median <= PLAYER_UPDATE_MS and only_appended and (not grows or ratio <= PLAYER_GROWTH)
    notes = (
        f"p95 {percentile(samples, 0.95):.1f}; read {update['read']} B of "
        f"{update['appended']} B appended by {len(samples)} commands; "
        f"caught up in {update['catch_up']:.1f} s"
    )
    if update["opened"]:
        notes += f"; OPENED: {', '.join(Path(name).name for name in update['opened'])}"
    return Row(
        f"player view: update after {count:,} journal records",
        f"{median:.2f} ms",
        "—",
        f"{ratio:.2f}" if grows else "—",
        f"≤ {PLAYER_UPDATE_MS:.0f} ms"
        + (f", ≤ {PLAYER_GROWTH:.0f}× at {PLAYER_RECORDS[0]}" if grows else "")
        + ", only appended bytes read",
        None if smoke else bool(ok),
        notes,
    )


def player_rows(scene: Path, env: dict[str, str], smoke: bool) -> list[Row]:
    """The player view following a long session (``bench/players.py``): one update after
    each count of :data:`PLAYER_RECORDS`, and its CPU while nothing changes (30 s; 5 s in
    the smoke run)."""
    counts = [str(count) for count in PLAYER_RECORDS]
    updates = "5" if smoke else "30"
    report = json.loads(
        child([str(HERE / "players.py"), "update", str(scene), *counts, "--updates", updates], env)
    )
    first = statistics.median(report[counts[0]]["samples"])
    rows = [player_update_row(int(count), report[count], first, smoke) for count in counts]
    seconds = 5 if smoke else 30
    idle = json.loads(child([str(HERE / "players.py"), "idle", str(scene), str(seconds)], env))
    rows.append(
        Row(
            f"player view: idle CPU over {seconds} s",
            f"{idle['cpu'] * 100:.2f} %",
            "—",
            "—",
            f"≤ {IDLE_CPU * 100:.0f} % of a core",
            None if smoke else idle["cpu"] <= IDLE_CPU,
            f"{idle['looks']} looks at the files",
        )
    )
    return rows


def system_scene(system_id: str, folder: Path, scale: int) -> Path:
    """A registered system's benchmark scene, ``scale`` times larger, built from its sample
    scene by ``bench/scaled_scene.py`` (the same builder for every system)."""
    path = folder / system_id / "scene.toml"
    subprocess.run(
        [
            sys.executable,
            str(HERE / "scaled_scene.py"),
            system_id,
            str(path),
            "--scale",
            str(scale),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return path


CHANGE = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[3])
from tests.stress.play import Play
print(json.dumps(Play.on(sys.argv[1], Path(sys.argv[2])).to_the_file()))
"""
"""Finds a change of a scene in a process of its own (see :func:`a_change`)."""


def a_change(system_id: str, scene: Path, env: dict[str, str]) -> list[str]:
    """Command lines that change the system's scaled scene, the last one what its file
    holds (found by playing that scene: the stress runs' ``Play.to_the_file``; a line
    found on the sample may name what the scaled scene holds several of). Played in a
    process of its own: a large scene played here would raise this process's peak memory,
    which every process it starts inherits as its own peak until it ends."""
    found = child(["-c", CHANGE, system_id, str(scene), str(HERE.parent)], env)
    lines: list[str] = json.loads(found.splitlines()[-1])
    return lines


def system_rows(
    system_id: str, title: str, folder: Path, env: dict[str, str], repeats: int, scale: int
) -> list[Row]:
    """The measurements every registered system gets on its scaled sample scene: start and
    memory of its dashboard, load (its ``check`` part) and one change saved by its session,
    each beside its floor. Reported, without targets (the targets are the Fate table's)."""
    scene = system_scene(system_id, folder, scale)
    ours: list[float] = []
    floors: list[float] = []
    memory: list[float] = []
    floor_memory: list[float] = []
    for index in range(repeats):
        for kind in ("system", "floor") if index % 2 == 0 else ("floor", "system"):
            ms, kib, _ = start(kind, scene if kind == "system" else None, env)
            (ours if kind == "system" else floors).append(ms)
            (memory if kind == "system" else floor_memory).append(kib)
    rows = [
        Row(
            f"{title}: start, launch to settled frame",
            f"{statistics.median(ours):.0f} ms",
            f"{statistics.median(floors):.0f} ms",
            f"{paired(ours, floors):.2f}",
            "(reported)",
            None,
            spread(ours),
        ),
        Row(
            f"{title}: memory, peak over the run",
            f"{statistics.median(memory) / 1024:.1f} MiB",
            f"{statistics.median(floor_memory) / 1024:.1f} MiB",
            f"{paired(memory, floor_memory):.2f}",
            "(reported)",
            None,
            f"{min(memory) / 1024:.1f}–{max(memory) / 1024:.1f}",
        ),
    ]
    change = a_change(system_id, scene, env)
    for name, ours_args, floor_kind in (
        ("load (check) vs tomllib.loads", ["system-load"], "tomllib"),
        (f"save after {change[-1]!r} vs tomlkit.dumps", ["system-save"], "dumps"),
    ):
        timed: list[float] = []
        floor_times: list[float] = []
        for index in range(repeats):
            order = ("ours", "floor") if index % 2 == 0 else ("floor", "ours")
            for which in order:
                if which == "ours":
                    copy = scene.with_name(f"timed-{index}.toml")
                    copy.write_bytes(scene.read_bytes())
                    extra = change if ours_args == ["system-save"] else []
                    args = [str(HERE / "loadsave.py"), *ours_args, str(copy), *extra]
                    timed.append(float(child(args, env)))
                else:
                    args = [str(HERE / "loadsave.py"), floor_kind, str(scene)]
                    floor_times.append(float(child(args, env)))
        rows.append(
            Row(
                f"{title}: {name}",
                f"{statistics.median(timed):.1f} ms",
                f"{statistics.median(floor_times):.1f} ms",
                f"{paired(timed, floor_times):.2f}",
                "(reported)",
                None,
                spread(timed),
            )
        )
    return rows


def every_system_rows(folder: Path, env: dict[str, str], repeats: int, scale: int) -> list[Row]:
    """:func:`system_rows` for every registered system, in the registry's order."""
    from fatescreen import systems

    rows = []
    for system in systems.registered():
        rows += system_rows(system.id, system.title, folder, env, repeats, scale)
    return rows


def measure(
    scale: int, repeats: int, keystrokes: int, smoke: bool, only_systems: bool = False
) -> list[Row]:
    """Every figure of the table: the large Fate scene's, then every system's."""
    targets = ONE_TIMES if scale == 1 else SCALED
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        env = {
            **os.environ,
            "FATESCREEN_DATA_DIR": str(folder / "data"),
            "FATESCREEN_CONFIG_DIR": str(folder / "config"),
        }
        os.environ.update(env)
        rows = []
        if not only_systems:
            scene = large_scene(folder, scale)
            rows += startup_rows(scene, env, repeats, smoke, targets)
            rows += keystroke_rows(scene, env, keystrokes, smoke, targets)
            rows += pair_rows(scene, env, repeats, smoke, targets)
            rows.append(odds_row(repeats, smoke))
            rows += player_rows(scene, env, smoke)
        rows += every_system_rows(folder, env, repeats, scale)
    return rows


def table(rows: list[Row], scale: int) -> str:
    """The results as a Markdown table, with the machine it ran on."""
    lines = [
        f"Scale {scale}× ({platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average "
        f"{' '.join(f'{load:.1f}' for load in os.getloadavg())} at the end):",
        "",
        "| figure | value | bare-app floor | ratio | target | met | spread / notes |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        met = "—" if row.passed is None else ("yes" if row.passed else "**no**")
        lines.append(
            f"| {row.figure} | {row.value} | {row.floor} | {row.ratio} | {row.target} | "
            f"{met} | {row.notes} |"
        )
    return "\n".join(lines)


def write_table(doc: Path, scale: int, text: str) -> None:
    """Put ``text`` between the page's markers for this scale (added after the other
    scales' tables, or at the end, if missing)."""
    begin, end = f"<!-- bench scale={scale} -->", f"<!-- /bench scale={scale} -->"
    content = doc.read_text(encoding="utf-8")
    block = f"{begin}\n{text}\n{end}"
    if begin in content and end in content:
        content = re.sub(
            re.escape(begin) + ".*?" + re.escape(end), lambda _: block, content, flags=re.S
        )
    elif "<!-- /bench scale=" in content:
        # after the other scales' tables
        last = content.rindex("<!-- /bench scale=")
        end_of_last = content.index("-->", last) + 3
        content = content[:end_of_last] + "\n\n" + block + content[end_of_last:]
    else:
        content = content.rstrip("\n") + "\n\n" + block + "\n"
    doc.write_text(content, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="one quick pass, no targets")
    parser.add_argument("--scale", type=int, default=1, help="times the large scene")
    parser.add_argument("--repeats", type=int, default=11, help="starts, loads and saves")
    parser.add_argument("--keystrokes", type=int, default=30, help="presses per operation")
    parser.add_argument("--doc", type=Path, help="write the table into this Markdown page")
    parser.add_argument(
        "--systems", action="store_true", help="only every system's rows (never written)"
    )
    args = parser.parse_args(argv)
    repeats = 1 if args.smoke else args.repeats
    keystrokes = 2 if args.smoke else args.keystrokes
    rows = measure(args.scale, repeats, keystrokes, args.smoke, args.systems)
    text = table(rows, args.scale)
    print(text)
    print("\n" + METHOD)
    if args.doc and not (args.smoke or args.systems):
        write_table(args.doc, args.scale, text)
    missed = [row.figure for row in rows if row.passed is False]
    if missed:
        print("\ntargets missed: " + "; ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
