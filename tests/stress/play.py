"""What the stress runs play on any registered system, read from the registry and the
system's own help: its sample scene, random command lines shaped like its verbs, and a list
of commands that each change the scene when played in order.

Nothing here names a system: the lines come from ``help`` (each verb, its usage, its
example and aliases), the words of the sample scene file and a few numbers and dice.
"""

from __future__ import annotations

import random
import shutil
import tempfile
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from fatescreen import systems
from fatescreen.commands.session import META
from fatescreen.resources import sample_scene
from fatescreen.systems import RuleSystem

NUMBERS = ("0", "1", "2", "3", "4", "5", "6", "-1", "+2", "10", "99")
DICE = ("+0-", "0000", "++--", "+", "-", "66", "1", "6", "3 5", "---")
ODD = ('"', "x", "", "vs", "on", "back", "all", "ä")
"""Words any system's lines may meet: numbers, dice faces, stray quotes and keywords."""
UNDO_WORDS = frozenset({"undo", "u", "kumoa", "redo", "re", "tee"})
SESSION_VERBS = frozenset(name for verb, aliases in META.items() for name in (verb, *aliases))
"""The session's own verbs, which every system's help lists: not a system's verbs to play."""
SEED = 1
"""The dice seed of every session the runs open: a list of commands replays the same."""


def _strings(value: Any) -> Iterator[str]:
    """Every key and string in a parsed TOML value, split into words, and the whole."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str) and len(value) < 40:
        yield value
        yield from value.split()


@dataclass(frozen=True)
class Play:
    """One registered system as the stress runs play it."""

    system: RuleSystem
    scene: Path = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "scene", sample_scene(self.system))

    @classmethod
    def of(cls, system_id: str) -> Play:
        """The play of a registered system, by id."""
        system = systems.named_by(system_id)
        if system is None:
            raise LookupError(f"no system {system_id!r} is registered")
        return cls(system)

    @classmethod
    def on(cls, system_id: str, scene: Path) -> Play:
        """The play of a registered system on another of its scenes than the sample (a
        benchmark's scaled one): the changes found are found on that scene."""
        play = cls.of(system_id)
        object.__setattr__(play, "scene", scene)
        return play

    def copy_into(self, folder: Path) -> Path:
        """The sample scene copied into ``folder`` with the files beside it (templates it
        names); its path there."""
        shutil.copytree(
            self.scene.parent,
            folder,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns("*.json", "campaign*"),
        )
        return folder / self.scene.name

    def open(self, path: Path, *, journal: bool = False) -> Any:
        """A session on a copy of the sample scene, its dice seeded. Never the sample
        itself: a line may write files beside the scene (a template, a log)."""
        return self.system.open_session(path, seed=SEED, journal=journal)

    @contextmanager
    def scratch(self) -> Iterator[Any]:
        """A session without a journal on a copy of the sample in a folder of its own,
        which goes with whatever the lines played on it wrote."""
        with tempfile.TemporaryDirectory(prefix="fatescreen-play-") as folder:
            yield self.open(self.copy_into(Path(folder) / "scene"))

    @cached_property
    def verbs(self) -> dict[str, tuple[str, ...]]:
        """Each verb and the lines its help shows: usage, example, aliases."""
        with self.scratch() as session:
            return self._verbs(session)

    def _verbs(self, session: Any) -> dict[str, tuple[str, ...]]:
        listing = session.execute("help").lines[1:]
        verbs: dict[str, tuple[str, ...]] = {}
        for line in listing:
            if not line.split():
                continue
            verb = line.split()[0]
            if verb in SESSION_VERBS:
                continue  # the session's own: undo and redo are played on purpose
            verbs[verb] = tuple(session.execute(f"help {verb}").lines)
        return verbs

    @cached_property
    def examples(self) -> tuple[str, ...]:
        """The verbs' examples, as their help gives them."""
        found = []
        for lines in self.verbs.values():
            for line in lines:
                if line.startswith("e.g. "):
                    found.append(line.removeprefix("e.g. "))
        return tuple(found)

    @cached_property
    def words(self) -> tuple[str, ...]:
        """The fuzz vocabulary: verbs and aliases, the words of their usage and examples,
        the sample scene's keys and strings, numbers, dice and odd words."""
        words: set[str] = set(NUMBERS) | set(DICE) | set(ODD)
        for verb, lines in self.verbs.items():
            words.add(verb)
            for line in lines:
                if line.startswith("aliases: "):
                    words |= {alias.strip() for alias in line[9:].split(",")}
                elif line.startswith("e.g. ") or line.startswith(verb):
                    words |= {word for word in line.split() if not word.isupper()}
        document = tomllib.loads(self.scene.read_text(encoding="utf-8"))
        words |= {word for word in _strings(document) if "\n" not in word}
        return tuple(sorted(words))

    def line(self, rng: random.Random) -> str:
        """One random line: an example as it is, an example with words changed, dropped
        or added, or a verb followed by random words."""
        how = rng.random()
        if self.examples and how < 0.3:
            return rng.choice(self.examples)
        if self.examples and how < 0.7:
            words = rng.choice(self.examples).split()
            for _ in range(rng.randint(1, 3)):
                at = rng.randrange(len(words) + 1)
                change = rng.random()
                if change < 0.4 and at < len(words):
                    words[at] = rng.choice(self.words)
                elif change < 0.7 and at < len(words) and len(words) > 1:
                    del words[at]
                else:
                    words.insert(at, rng.choice(self.words))
            return " ".join(words)
        verb = rng.choice([*self.verbs, "undo", "redo"])
        return " ".join([verb, *(rng.choice(self.words) for _ in range(rng.randint(0, 5)))])

    def changes(self, count: int, seed: int = 0) -> list[str]:
        """``count`` commands that each change the scene when played in this order from
        the sample scene (each found by playing random lines on a session and keeping
        those that changed it; with :data:`SEED` dice, the list replays the same)."""
        with self.scratch() as session:
            return self._changes(session, count, seed)

    def _changes(self, session: Any, count: int, seed: int) -> list[str]:
        rng = random.Random(seed)
        found: list[str] = []
        tries = 0
        while len(found) < count:
            tries += 1
            if tries > 200 * count + 2000:
                raise RuntimeError(f"{self.system.id}: only {len(found)} changing lines found")
            line = self.line(rng)
            if not line.split() or line.split()[0] in UNDO_WORDS:
                continue
            steps = len(session.history.done)
            if session.execute(line).ok and len(session.history.done) > steps:
                found.append(line)
        return found

    def to_the_file(self) -> list[str]:
        """The first commands of :meth:`changes`, up to the first after which the scene's
        file would differ (a check under way changes no file)."""
        with self.scratch() as session:
            lines = []
            for line in self.changes(40):
                if not session.execute(line).ok:
                    break
                lines.append(line)
                if session.dirty:
                    return lines
        raise RuntimeError(f"{self.system.id}: no change of the sample reached its file")


def every_play() -> list[Play]:
    """A play of each registered system, in the order registered."""
    return [Play(system) for system in systems.registered()]
