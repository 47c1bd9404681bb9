"""The stress runs, each returning its figures: fuzzed command lines, undo/redo walks,
SIGKILLs of saves and of a journaling session, two writers racing on one scene, damaged
journals and a full disk under the journal."""

from __future__ import annotations

import json
import os
import random
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from fatescreen import systems
from fatescreen.commands.fate_session import fate_session
from fatescreen.scene.load import load_scene
from tests.commands.support import DEMO
from tests.commands.test_fuzz import demo, scenario
from tests.stress.play import Play

Figures = Counter[str]
STRESS = Path(__file__).resolve().parent
ROOT = STRESS.parents[1]
KILL_SAVER = STRESS.parent / "scene" / "kill_saver.py"
JOURNAL_SERVER = STRESS / "journal_server.py"
WRITER_SERVER = STRESS / "writer_server.py"
UNDO_WORDS = {"undo", "u", "kumoa", "redo", "re", "tee"}


def _play(play: Play | None) -> Play:
    """The play given, or the default system's."""
    return play if play is not None else Play(systems.default())


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )


def fuzz_lines(target: int, start_seed: int = 0) -> tuple[Figures, list[str]]:
    """Random command lines against the demo scene until ``target`` lines have run.

    Counts lines, rejected lines, crashes (anything but a result escaping ``execute``),
    rejected lines that changed the scene or the history, and accepted lines whose undo
    or redo did not give back the scene exactly.

    Returns:
        The figures and a description of each failure.
    """
    figures: Figures = Counter()
    failures: list[str] = []

    def run(lines: list[str]) -> None:
        session = fate_session(demo())
        for line in lines:
            figures["lines"] += 1
            before, steps = session.scene, len(session.history.done)
            try:
                result = session.execute(line)
            except Exception as error:  # a crash: counted, described, and the run goes on
                figures["crashes"] += 1
                failures.append(f"crash: {line!r}: {type(error).__name__}: {error}")
                return
            if not result.ok:
                figures["rejected"] += 1
                if session.scene != before or len(session.history.done) != steps:
                    figures["changed by rejection"] += 1
                    failures.append(f"changed by rejection: {line!r}")
                continue
            if len(session.history.done) > steps and line.split()[0] not in UNDO_WORDS:
                figures["undone"] += 1
                after = session.scene
                undone = session.execute("undo").ok and session.scene == before
                redone = session.execute("redo").ok and session.scene == after
                if not (undone and redone):
                    figures["undo not exact"] += 1
                    failures.append(f"undo not exact: {line!r}")

    number = start_seed
    while figures["lines"] < target:
        remaining = max((target - figures["lines"]) // 6, 10)
        seed(number)(_settings(min(remaining, 2000))(given(scenario)(run)))()
        number += 1
    return figures, failures


def undo_redo(sequences: int, start_seed: int = 0) -> tuple[Figures, list[str]]:
    """Random accepted commands, then a random walk of undo and redo over them: each step
    must give exactly the scene the walk is at, and undo (redo) must fail exactly at the
    start (the end) of the history.

    Returns:
        The figures (sequences, steps walked, mismatches) and each mismatch described.
    """
    figures: Figures = Counter()
    failures: list[str] = []
    walks = st.lists(st.sampled_from(["undo", "redo"]), min_size=5, max_size=30)

    def run(lines: list[str], walk: list[str]) -> None:
        session = fate_session(demo())
        states = [session.scene]
        for line in lines:
            if not line.split() or line.split()[0] in UNDO_WORDS:
                continue
            steps = len(session.history.done)
            if session.execute(line).ok and len(session.history.done) > steps:
                states.append(session.scene)
        figures["sequences"] += 1
        figures["changes"] += len(states) - 1
        at = len(states) - 1
        for word in walk:
            figures["undo/redo steps"] += 1
            result = session.execute(word)
            moved = at - 1 if word == "undo" else at + 1
            if 0 <= moved < len(states):
                at = moved
                if not result.ok or session.scene != states[at]:
                    figures["mismatches"] += 1
                    failures.append(f"{word} to state {at} of {len(states)}: {lines}")
            elif result.ok or session.scene != states[at]:
                figures["mismatches"] += 1
                failures.append(f"{word} past the end of the history: {lines}")

    many = st.lists(scenario, min_size=1, max_size=3).map(
        lambda g: [x for lines in g for x in lines]
    )
    number = start_seed
    while figures["sequences"] < sequences:
        examples = min(sequences - figures["sequences"], 2000)
        seed(number)(_settings(examples)(given(many, walks)(run)))()
        number += 1
    return figures, failures


def system_fuzz(play: Play, target: int, start_seed: int = 0) -> tuple[Figures, list[str]]:
    """Random lines shaped like a system's verbs (``Play.line``) against its sample scene,
    ``target`` lines in sessions of up to 30: the figures of :func:`fuzz_lines`."""
    figures: Figures = Counter()
    failures: list[str] = []
    rng = random.Random(start_seed)
    with tempfile.TemporaryDirectory(prefix="fatescreen-fuzz-") as temp:
        while figures["lines"] < target:
            # a fresh copy each session: a line may have written beside the scene
            session = play.open(play.copy_into(Path(temp) / str(figures["lines"])))
            for _ in range(min(30, target - figures["lines"])):
                line = play.line(rng)
                figures["lines"] += 1
                before, steps = session.value, len(session.history.done)
                try:
                    result = session.execute(line)
                except Exception as error:  # a crash: counted, described, and the run goes on
                    figures["crashes"] += 1
                    failures.append(f"crash: {line!r}: {type(error).__name__}: {error}")
                    break
                if not result.ok:
                    figures["rejected"] += 1
                    if session.value != before or len(session.history.done) != steps:
                        figures["changed by rejection"] += 1
                        failures.append(f"changed by rejection: {line!r}")
                    continue
                if len(session.history.done) > steps and line.split()[0] not in UNDO_WORDS:
                    figures["undone"] += 1
                    after = session.value
                    undone = session.execute("undo").ok and session.value == before
                    redone = session.execute("redo").ok and session.value == after
                    if not (undone and redone):
                        figures["undo not exact"] += 1
                        failures.append(f"undo not exact: {line!r}")
    return figures, failures


def system_undo_redo(play: Play, sequences: int, start_seed: int = 0) -> tuple[Figures, list[str]]:
    """Random lines of a system, then a random walk of undo and redo over the changes they
    made, ``sequences`` times: the figures of :func:`undo_redo`."""
    figures: Figures = Counter()
    failures: list[str] = []
    rng = random.Random(start_seed)
    with tempfile.TemporaryDirectory(prefix="fatescreen-walk-") as temp:
        for number in range(sequences):
            session = play.open(play.copy_into(Path(temp) / str(number)))
            states = [session.value]
            lines = [play.line(rng) for _ in range(rng.randint(3, 15))]
            for line in lines:
                if not line.split() or line.split()[0] in UNDO_WORDS:
                    continue
                steps = len(session.history.done)
                if session.execute(line).ok and len(session.history.done) > steps:
                    states.append(session.value)
            figures["sequences"] += 1
            figures["changes"] += len(states) - 1
            at = len(states) - 1
            for word in rng.choices(("undo", "redo"), k=rng.randint(5, 30)):
                figures["undo/redo steps"] += 1
                result = session.execute(word)
                moved = at - 1 if word == "undo" else at + 1
                if 0 <= moved < len(states):
                    at = moved
                    if not result.ok or session.value != states[at]:
                        figures["mismatches"] += 1
                        failures.append(f"{word} to state {at} of {len(states)}: {lines}")
                elif result.ok or session.value != states[at]:
                    figures["mismatches"] += 1
                    failures.append(f"{word} past the end of the history: {lines}")
    return figures, failures


def fresh_screens(sequences: int, start_seed: int = 0) -> tuple[Figures, list[str]]:
    """Random sequences of the GM's commands on a dashboard and, under a player view, on a
    GM's session (``tests/ui/fresh.py``), each ``sequences`` times: at the end, every pane
    updated command by command must show what it shows on one opened fresh on the scene
    reached (at 120x40).

    Returns:
        The figures (sequences, commands run, sequences where incremental differs from
        fresh) and each difference described.
    """
    import asyncio

    from tests.ui.fresh import (
        ARRIVES,
        LEAVES,
        LOOK,
        dashboard_differences,
        dashboard_sequences,
        player_sequences,
        player_view_differences,
    )

    figures: Figures = Counter()
    failures: list[str] = []

    def dashboard(lines: list[str]) -> None:
        figures["dashboard sequences"] += 1
        figures["dashboard commands"] += len(lines)
        found = asyncio.run(dashboard_differences(lines))
        if found:
            figures["sequences where incremental differs from fresh"] += 1
            failures.append(f"dashboard after {lines}: {found[0]}")

    def player_view(lines: list[str]) -> None:
        figures["player view sequences"] += 1
        figures["player view commands"] += sum(
            line not in (LOOK, ARRIVES, LEAVES) for line in lines
        )
        found = asyncio.run(player_view_differences(lines))
        if found:
            figures["sequences where incremental differs from fresh"] += 1
            failures.append(f"player view after {lines}: {found[0]}")

    with tempfile.TemporaryDirectory(prefix="fatescreen-fresh-") as temp:
        backup = dict(os.environ)
        os.environ["FATESCREEN_DATA_DIR"] = str(Path(temp) / "data")
        os.environ["FATESCREEN_CONFIG_DIR"] = str(Path(temp) / "config")
        try:
            seed(start_seed)(_settings(sequences)(given(dashboard_sequences())(dashboard)))()
            seed(start_seed)(_settings(sequences)(given(player_sequences())(player_view)))()
        finally:
            os.environ.clear()
            os.environ.update(backup)
    return figures, failures


def _read_line(process: subprocess.Popen[bytes], timeout: float = 20.0) -> str:
    """One line from an unbuffered pipe (a buffered one could hold a line select() does not
    see), or TimeoutError."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    if not ready:
        raise TimeoutError("the child process did not answer")
    return process.stdout.readline().decode().strip()


def _ask(process: subprocess.Popen[bytes]) -> None:
    assert process.stdin is not None
    process.stdin.write(b"go\n")
    process.stdin.flush()


def _temps(folder: Path) -> list[Path]:
    return sorted(path for path in folder.iterdir() if path.name.endswith(".tmp"))


def kill_saves(
    kills: int, start_seed: int = 0, play: Play | None = None
) -> tuple[Figures, list[str]]:
    """SIGKILL a process saving a system's sample scene (the default system's unless
    ``play`` is given) over and over, ``kills`` times at random
    moments; after each kill the file must be the old or the new text, whole; after the
    last, opening the scene must leave no temporary file behind.

    Returns:
        The figures (kills, old, new, torn, temporary files left by the kills and after
        the next open) and each failure described.
    """
    figures: Figures = Counter()
    failures: list[str] = []
    play = _play(play)
    rng = random.Random(start_seed)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        target = play.copy_into(folder)
        old = target.read_text(encoding="utf-8")
        new = _changed_text(play, folder / "changed")
        if new == old:
            raise RuntimeError(f"{play.system.id}: the save left the sample's text as it was")
        (folder / "old.txt").write_text(old, encoding="utf-8")
        (folder / "new.txt").write_text(new, encoding="utf-8")
        command = [
            sys.executable,
            str(KILL_SAVER),
            str(target),
            "atomic",
            str(folder / "old.txt"),
            str(folder / "new.txt"),
        ]
        with subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
        ) as server:
            assert server.stdin is not None
            try:
                for _ in range(kills):
                    _ask(server)
                    pid = int(_read_line(server))
                    time.sleep(rng.uniform(0.0005, 0.03))
                    os.kill(pid, signal.SIGKILL)
                    if _read_line(server) != "reaped":
                        failures.append("the saver was not reaped")
                    figures["save kills"] += 1
                    text = target.read_text(encoding="utf-8")
                    kind = "old" if text == old else "new" if text == new else "torn"
                    figures[f"file {kind}"] += 1
                    if kind == "torn":
                        failures.append(f"kill {figures['save kills']}: the file is torn")
                    figures["temp files left by the last kill"] = len(_temps(folder))
            finally:
                server.stdin.close()
                server.wait(timeout=30)
        play.open(target)
        left = _temps(folder)
        figures["temp files left after the next open"] = len(left)
        if left:
            failures.append(f"temporary files left: {[p.name for p in left]}")
    return figures, failures


def _changed_text(play: Play, folder: Path) -> str:
    """The sample scene's text once changed (:meth:`Play.to_the_file`) and saved."""
    path = play.copy_into(folder)
    session = play.open(path)
    for line in play.to_the_file():
        session.execute(line)
    if not session.execute("save").ok:
        raise RuntimeError(f"{play.system.id}: the save was refused")
    return path.read_text(encoding="utf-8")


def kill_journal(
    kills: int, start_seed: int = 0, play: Play | None = None
) -> tuple[Figures, list[str]]:
    """SIGKILL a session of a system (the default system's unless ``play`` is given)
    applying commands with its journal, ``kills`` times at random
    moments; after each kill the reopened scene must offer every command the session had
    finished (none lost), only those in their order (none mixed in), and recovering them
    must give the scene a session without a crash reaches with the same commands.

    Returns:
        The figures (kills, commands acknowledged and recovered, lost, mixed) and each
        failure described.
    """
    figures: Figures = Counter()
    failures: list[str] = []
    play = _play(play)
    commands = play.changes(100)
    rng = random.Random(start_seed)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        target = play.copy_into(folder / "scene")
        listing = folder / "commands.txt"
        listing.write_text("\n".join(commands), encoding="utf-8")
        env = {
            **os.environ,
            "FATESCREEN_DATA_DIR": str(folder / "data"),
            # the system a test registers is found from the project's root
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        }
        previous = os.environ.get("FATESCREEN_DATA_DIR")
        os.environ["FATESCREEN_DATA_DIR"] = env["FATESCREEN_DATA_DIR"]
        try:
            with subprocess.Popen(
                [
                    sys.executable,
                    str(JOURNAL_SERVER),
                    str(target),
                    str(listing),
                    *_registering(play),
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                bufsize=0,
                env=env,
            ) as server:
                assert server.stdin is not None
                try:
                    for _ in range(kills):
                        _one_journal_kill(play, server, target, commands, rng, figures, failures)
                finally:
                    server.stdin.close()
                    server.wait(timeout=30)
        finally:
            if previous is None:
                del os.environ["FATESCREEN_DATA_DIR"]
            else:
                os.environ["FATESCREEN_DATA_DIR"] = previous
    return figures, failures


def _one_journal_kill(
    play: Play,
    server: subprocess.Popen[bytes],
    target: Path,
    commands: list[str],
    rng: random.Random,
    figures: Figures,
    failures: list[str],
) -> None:
    _ask(server)
    pid = int(_read_line(server))
    if _read_line(server) != "ready":
        failures.append("the journaling child did not start")
    time.sleep(rng.uniform(0.01, 0.1))
    os.kill(pid, signal.SIGKILL)
    acknowledged = 0
    while (line := _read_line(server)) != "reaped":
        if line.startswith("failed"):
            failures.append(f"a journaled command failed: {line}")
        else:
            acknowledged = int(line) + 1
    figures["journal kills"] += 1
    figures["commands acknowledged"] += acknowledged
    session = play.open(target, journal=True)
    pending = [command for command, _ in session.recoverable()]
    figures["commands recovered"] += len(pending)
    if len(pending) < acknowledged:
        figures["lost"] += acknowledged - len(pending)
        failures.append(f"lost: {acknowledged} acknowledged, {len(pending)} in the journal")
    if pending != commands[: len(pending)] or len(pending) > acknowledged + 1:
        figures["mixed"] += 1
        failures.append(f"mixed: the journal holds {pending[:5]}...")
    expected = play.open(target)
    for command in pending:
        expected.execute(command)
    session.recover()
    if session.value != expected.value:
        figures["mixed"] += 1
        failures.append("the recovered scene differs from the commands replayed")
    session.discard_recovery()  # the next child starts from the file again


def _registering(play: Play) -> list[str]:
    """The arguments that have a child process register the system, if it is not built in
    (the function of its package that registers it, ``register``)."""
    if play.system in systems.BUILTIN:
        return []
    verbs = play.system.verbs or ""
    return [f"{verbs.partition(':')[0].rpartition('.')[0]}:register"]


def _journaled_session(play: Play, folder: Path, commands: list[str]) -> tuple[Path, Any]:
    """The sample scene copied into ``folder`` with ``commands`` applied and journaled."""
    path = play.copy_into(folder)
    session = play.open(path, journal=True)
    for line in commands:
        session.execute(line)
    return path, session


def damaged_journals(
    count: int, start_seed: int = 0, play: Play | None = None
) -> tuple[Figures, list[str]]:
    """Damage a journal of a short session ``count`` times at a random byte offset (bytes
    changed, cut short, or garbage put in); each time the scene must open, and every record
    the damage did not touch must be offered for recovery.

    Returns:
        The figures (journals damaged, records intact, scenes that failed to open, intact
        records lost) and each failure described.
    """
    figures: Figures = Counter()
    failures: list[str] = []
    play = _play(play)
    rng = random.Random(start_seed)
    commands = play.changes(6)
    with tempfile.TemporaryDirectory(prefix="fatescreen-damage-") as temp:
        backup = dict(os.environ)
        os.environ["FATESCREEN_DATA_DIR"] = str(Path(temp) / "data")
        try:
            path, session = _journaled_session(play, Path(temp) / "scene", commands)
            assert session.journal is not None
            journal = session.journal.path
            pristine = journal.read_bytes()
            lines = pristine.split(b"\n")
            for number in range(count):
                offset = rng.randrange(len(pristine))
                how = rng.choice(("flip", "cut", "garbage", "utf8"))
                if how == "flip":
                    damaged = (
                        pristine[:offset] + bytes([rng.randrange(256)]) + pristine[offset + 1 :]
                    )
                elif how == "cut":
                    damaged = pristine[:offset]
                elif how == "garbage":
                    junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
                    damaged = pristine[:offset] + junk + pristine[offset:]
                else:
                    damaged = pristine[:offset] + "Ä".encode()[:1] + pristine[offset:]
                journal.write_bytes(damaged)
                figures["journals damaged"] += 1
                aside = journal.with_suffix(".damaged")
                kept_before = aside.stat().st_size if aside.exists() else 0
                # the records the damage left whole: the lines before the damaged one
                # (a cut keeps them all but the last), after it the lines that follow
                start = pristine.rfind(b"\n", 0, offset) + 1
                intact = [
                    line
                    for line in lines[1:]
                    if line
                    and (pristine.find(line) + len(line) < start or how != "cut")
                    and line in damaged.split(b"\n")
                ]
                figures["records intact"] += len(intact)
                try:
                    reopened = play.open(path, journal=True)
                    offered = reopened.recoverable()
                except Exception as error:  # a damaged journal must never keep a scene shut
                    figures["scenes that failed to open"] += 1
                    failures.append(f"#{number} {how} at {offset}: {type(error).__name__}: {error}")
                    continue
                if lines[0] not in damaged.split(b"\n"):
                    # the base line itself was hit: nothing can be replayed safely, and every
                    # record the damage left whole is kept with the damaged lines
                    kept = aside.read_bytes()[kept_before:] if aside.exists() else b""
                    for line in intact:
                        if line not in kept.split(b"\n"):
                            figures["intact records lost"] += 1
                            failures.append(f"#{number} {how} at {offset}: {line!r} not kept")
                    continue
                shown = {command for command, _ in offered}
                for line in intact:
                    command = json.loads(line)["command"]  # a line left whole reads as it was
                    if command not in shown:
                        figures["intact records lost"] += 1
                        failures.append(f"#{number} {how} at {offset}: {command!r} not offered")
        finally:
            os.environ.clear()
            os.environ.update(backup)
    return figures, failures


def full_disk_appends(
    count: int, start_seed: int = 0, play: Play | None = None
) -> tuple[Figures, list[str]]:
    """Make the disk full at a random journal append, ``count`` times: the command that
    hit it must change nothing in memory, and every change in memory must be in the
    journal (a session reopened from it reaches the same scene).

    Returns:
        The figures (disks filled, commands refused by a full disk, changes in memory not
        in the journal) and each failure described.
    """
    import errno

    from fatescreen.scene import journal as journal_module
    from fatescreen.scene.journal import JournalWriteError

    figures: Figures = Counter()
    failures: list[str] = []
    play = _play(play)
    commands = play.changes(8)
    rng = random.Random(start_seed)
    real_write = os.write
    with tempfile.TemporaryDirectory(prefix="fatescreen-full-") as temp:
        backup = dict(os.environ)
        os.environ["FATESCREEN_DATA_DIR"] = str(Path(temp) / "data")
        try:
            for number in range(count):
                folder = Path(temp) / f"scene-{number}"
                path, session = _journaled_session(play, folder, [])
                fail_at = rng.randrange(len(commands))
                appended = [0]

                def write(
                    descriptor: int,
                    data: bytes,
                    fail_at: int = fail_at,
                    appended: list[int] = appended,
                ) -> int:
                    if appended[0] == fail_at:
                        part = rng.randrange(len(data))  # some of the record may go in
                        if part:
                            real_write(descriptor, data[:part])
                        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                    appended[0] += 1
                    return real_write(descriptor, data)

                journal_module.os.write = write  # type: ignore[attr-defined]
                try:
                    for line in commands:
                        before = session.value
                        try:
                            session.execute(line)
                        except JournalWriteError:
                            figures["commands refused by a full disk"] += 1
                            if session.value is not before:
                                figures["changes in memory not in the journal"] += 1
                                failures.append(f"#{number}: {line!r} changed the scene")
                            break
                finally:
                    journal_module.os.write = real_write  # type: ignore[attr-defined]
                figures["disks filled"] += 1
                reopened = play.open(path, journal=True)
                reopened.recover()
                if reopened.value != session.value:
                    figures["changes in memory not in the journal"] += 1
                    failures.append(f"#{number}: the journal does not give the scene in memory")
        finally:
            os.environ.clear()
            os.environ.update(backup)
    return figures, failures


def two_writers(races: int, start_seed: int = 0, *, lock: bool = True) -> tuple[Figures, list[str]]:
    """Two writers at once on one scene, ``races`` times, each adding one to the GM pool and
    an aspect of its own and saving after a random pause: with the writer lock the second
    waits for the first, so both changes must be in the file every time.

    ``lock`` False opens both without the lock (and without a journal), to show the race is
    real: then a save is lost or refused.

    Returns:
        The figures (races, writers refused by the lock then let in, saves refused over a
        changed file, lost updates, failed writers) and each failure described.
    """
    figures: Figures = Counter()
    failures: list[str] = []
    rng = random.Random(start_seed)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        shutil.copytree(DEMO.parent / "library", folder / "library")
        target = folder / DEMO.name
        original = DEMO.read_text(encoding="utf-8")
        pool = load_scene(DEMO).scene.gm_pool
        env = {**os.environ, "FATESCREEN_DATA_DIR": str(folder / "data")}
        with subprocess.Popen(
            [sys.executable, str(WRITER_SERVER), str(DEMO)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
            env=env,
        ) as server:
            assert server.stdin is not None
            try:
                for _ in range(races):
                    target.write_text(original, encoding="utf-8")
                    # without the lock, a long pause: the other writer surely reads the file
                    # before this one saves
                    pause = rng.uniform(0.0, 0.05) if lock else 0.3
                    server.stdin.write(f"{target} {int(lock)} {pause:.3f}\n".encode())
                    server.stdin.flush()
                    _one_race(server, target, pool, figures, failures)
            finally:
                server.stdin.close()
                server.wait(timeout=60)
    return figures, failures


def _one_race(
    server: subprocess.Popen[bytes],
    target: Path,
    pool: int,
    figures: Figures,
    failures: list[str],
) -> None:
    while (line := _read_line(server, timeout=60)) != "done":
        if " failed " in line:
            figures["writers failed"] += 1
            failures.append(line)
            continue
        *_tag, refused, saved = line.split()
        figures["writers refused, then let in"] += int(refused) > 0
        if saved != "1":
            figures["saves refused over a changed file"] += 1
    figures["races"] += 1
    scene = load_scene(target).scene
    names = {aspect.name for aspect in scene.aspects}
    kept = sum(tag in names for tag in ("Writer A", "Writer B"))
    lost = max(2 - kept, 2 - (scene.gm_pool - pool))
    if lost:
        figures["lost updates"] += lost
        failures.append(f"lost: pool {pool} -> {scene.gm_pool}, aspects {sorted(names)}")
