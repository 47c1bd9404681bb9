"""Launched as a separate process: time the player view following a long session, or
measure its CPU while nothing changes.

``python bench/players.py update SCENE N [N...] [--updates K]`` journals N commands of a
session on a copy of SCENE (written at once, as a session of hours leaves them), lets a
follower catch up, then appends K commands more, one at a time, and times the follower's
work on each: from its look at the files to the new public state (the poll's wait is not
in it). The updates of the sessions of each N are timed in turn. It prints one JSON line:
for each N, the milliseconds of each update, the bytes appended and the bytes the
follower read from the journal, the files it opened while updating, and how long the
catch-up took.

``python bench/players.py idle SCENE SECONDS`` starts the player view on SCENE (headless,
its poll loop as it runs for the players), lets it show the scene, then measures the CPU
time the whole process takes over SECONDS of nothing changing. It prints one JSON line:
the share of one core, and how many looks at the files the view made meanwhile.

The session repeats five commands, as the dashboard journals them (characters by id): a
roll whose dice differ from the roll before (a success by one or two shifts), a stress box
checked and cleared, the clearing undone and done again. The scene stays the same size
however long it runs.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _copy(scene: Path, folder: Path) -> Path:
    """The scene (and the template libraries beside it) copied into ``folder``, its file
    dated an hour back, as a scene saved before the session began."""
    copy = folder / scene.name
    shutil.copy(scene, copy)
    for library in scene.parent.glob("*-library.toml"):
        shutil.copy(library, folder / library.name)
    hour_ago = time.time() - 3600
    os.utime(copy, (hour_ago, hour_ago))
    return copy


def session_lines(scene: Path, count: int) -> list[bytes]:
    """The journal lines of ``count`` commands of a session on ``scene`` (each one applied
    by a GM's session, the dice it rolled recorded as the dashboard records them)."""
    from fatescreen.commands.session import Session
    from fatescreen.rules.character import CharacterKind
    from fatescreen.scene.journal import Journal

    class Lines(Journal):
        """A journal kept in memory: the lines :meth:`Journal.append` writes."""

        lines: list[bytes]

        def append(self, command: str, dice: tuple[str, ...] = ()) -> None:
            entry: dict[str, object] = {"command": command}
            if dice:
                entry["dice"] = list(dice)
            self.lines.append((json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8"))

    gm = Session.open(scene, seed=1, journal=False)
    journal = Lines(scene, Path(tempfile.gettempdir()))
    journal.lines = []
    gm.journal = journal
    pc = next(c for c in gm.scene.characters if c.kind is CharacterKind.PC)
    skill, rating = next(iter(pc.skills.items()), ("Athletics", 0))
    index = 0
    while len(journal.lines) < count:
        # a success by one or two shifts: no boost, no aspect, the scene keeps its size
        dice = ("0000", "+000")[index // 5 % 2]
        command = (
            f"overcome {pc.id} {skill} {dice} vs {rating - 1}",
            f"stress {pc.id} physical 2",
            f"stress {pc.id} physical 2",
            "undo",
            "redo",
        )[index % 5]
        result = gm.execute(command)
        if not result.ok or len(journal.lines) != index + 1:
            raise RuntimeError(f"{command!r} changed nothing: {result.lines}")
        index += 1
    return journal.lines


@dataclass
class Followed:
    """A follower caught up with a session of ``count`` records, and the records to come."""

    count: int
    journal: Path
    follower: Any
    coming: list[bytes]
    catch_up: float
    samples: list[float] = field(default_factory=list)
    appended: int = 0


def updates(scene: Path, counts: list[int], updates: int) -> dict[str, Any]:
    """The follower's updates after each count of records (see the module's docstring).

    The sessions are made first, then their updates are timed in turn, one of each count
    after the other, so that the machine's load drifting weighs on every count alike.
    """
    from fatescreen.commands.follow import Follower
    from fatescreen.scene import journal_tail
    from fatescreen.scene.journal import Journal

    read: dict[int, int] = {}
    now: list[int] = []
    read_at = journal_tail.read_at

    def counted(descriptor: int, size: int, offset: int) -> bytes:
        data = read_at(descriptor, size, offset)
        if now:
            read[now[0]] = read.get(now[0], 0) + len(data)
        return data

    journal_tail.read_at = counted
    opened: dict[int, set[str]] = {}

    def note(event: str, args: tuple[Any, ...]) -> None:
        if event == "open" and now and isinstance(args[0], str | bytes | os.PathLike):
            opened.setdefault(now[0], set()).add(os.fsdecode(args[0]))

    sys.addaudithook(note)
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        os.environ["FATESCREEN_DATA_DIR"] = str(folder / "data")
        sessions = []
        for count in counts:
            place = folder / str(count)
            place.mkdir()
            copy = _copy(scene, place)
            lines = session_lines(copy, count + updates)
            journal = Journal(copy)
            journal.start(copy.read_text(encoding="utf-8"))
            with journal.path.open("ab") as handle:
                handle.write(b"".join(lines[:count]))
            os.utime(copy, (time.time() - 3600,) * 2)
            follower = Follower(copy)
            began = time.perf_counter()
            follower.poll()
            catch_up = time.perf_counter() - began
            sessions.append(Followed(count, journal.path, follower, lines[count:], catch_up))
        for index in range(updates):
            for session in sessions:
                line = session.coming[index]
                with session.journal.open("ab") as handle:
                    handle.write(line)
                session.appended += len(line)
                now.append(session.count)
                began = time.perf_counter()
                followed = session.follower.poll()
                session.samples.append((time.perf_counter() - began) * 1000)
                now.clear()
                if followed is None:
                    raise RuntimeError(f"{line!r} changed nothing the players see")
        for session in sessions:
            session.follower.close()
    return {
        str(session.count): {
            "samples": session.samples,
            "appended": session.appended,
            "read": read.get(session.count, 0),
            "opened": sorted(opened.get(session.count, ())),
            "catch_up": session.catch_up,
        }
        for session in sessions
    }


async def idle(scene: Path, seconds: float) -> dict[str, Any]:
    """The player view's CPU over ``seconds`` of nothing changing."""
    from fatescreen.commands.follow import Follower
    from fatescreen.ui.players.app import PlayersApp

    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        os.environ["FATESCREEN_DATA_DIR"] = str(folder / "data")
        copy = _copy(scene, folder)
        looks: list[float] = []
        poll = Follower.poll

        def counted(self: Follower) -> object:
            looks.append(time.monotonic())
            return poll(self)

        Follower.poll = counted  # type: ignore[assignment, method-assign]
        app = PlayersApp(copy, lang="en")
        running = asyncio.create_task(app.run_async(headless=True, size=(120, 40)))
        while app.followed is None or len(looks) < 3:
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)  # the first frames drawn
        before, began, polls = _cpu_seconds(), time.perf_counter(), len(looks)
        await asyncio.sleep(seconds)
        used, wall = _cpu_seconds() - before, time.perf_counter() - began
        polls = len(looks) - polls
        app.exit()
        await running
    return {"cpu": used / wall, "seconds": wall, "looks": polls}


def main() -> None:
    kind, scene = sys.argv[1], Path(sys.argv[2]).resolve()
    if kind == "update":
        arguments = sys.argv[3:]
        count = 10
        if "--updates" in arguments:
            at = arguments.index("--updates")
            count = int(arguments[at + 1])
            del arguments[at : at + 2]
        print(json.dumps(updates(scene, [int(n) for n in arguments], count)))
    elif kind == "idle":
        print(json.dumps(asyncio.run(idle(scene, float(sys.argv[3])))))
    else:
        raise SystemExit(f"unknown measurement {kind!r}")


if __name__ == "__main__":
    main()
