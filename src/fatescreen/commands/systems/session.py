"""The shared stack's side of a session (:class:`~fatescreen.commands.session.Session`):
a system's verbs, its scene format, and what its players may read."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from fatescreen.commands.session import Session, session_on_file
from fatescreen.commands.systems.base import SystemApplied, SystemContext, SystemVerb, VerbSet
from fatescreen.scene.systems import LoadedSystemScene, save_system_scene, scene_format


@dataclass(frozen=True)
class SharedCommands:
    """What a session of a system on the shared stack asks of it (see
    :class:`~fatescreen.commands.session.SessionCommands`): its verbs (a
    :class:`~fatescreen.commands.systems.base.VerbSet`) and its scene format."""

    system: str
    verb_set: VerbSet

    def find(self, word: str, lang: str) -> SystemVerb:
        """The verb a word names (see :meth:`VerbSet.find`)."""
        return self.verb_set.find(word, lang)

    def verbs(self) -> Iterable[SystemVerb]:
        """Every verb of the system's language."""
        return self.verb_set.verbs.values()

    def run(
        self, session: Session[Any], found: SystemVerb, words: list[str], replay: list[str]
    ) -> tuple[SystemApplied[Any], tuple[str, ...]]:
        """Run a verb on the session's scene; the dice it rolled, as text."""
        ctx: SystemContext[Any] = SystemContext(session.scene, session.rng, session.lang, replay)
        applied = found.handler(ctx, self.verb_set.words(found, words, session.lang))
        return applied, tuple(ctx.rolled)

    def changes(self, before: Any, after: Any) -> frozenset[str]:
        """Every pane: a system's screen draws again only what its panes show."""
        return frozenset({"all"})

    def carried(self, saved: Any, now: Any) -> Any:
        """The saved value with the fields its file does not hold from ``now``."""
        kept = {name: getattr(now, name) for name in scene_format(self.system).transient}
        return replace(cast(Any, saved), **kept)

    def dirty(self, saved: Any, now: Any) -> bool:
        """Whether the value holds other than its file."""
        fmt = scene_format(self.system)
        return bool(fmt.file_state(saved) != fmt.file_state(now))

    def save(
        self,
        loaded: LoadedSystemScene[Any],
        value: Any,
        target: Path | None,
        before_write: Callable[[str], None] | None,
    ) -> LoadedSystemScene[Any]:
        """Write the value over its file or into ``target`` (see :func:`save_system_scene`)."""
        return save_system_scene(loaded, value, target, before_write=before_write)

    def open(self, path: Path, *, lang: str, journal: bool) -> Session[Any]:
        """A session on a scene file of the system as it is now."""
        return open_system_session(path, lang=lang, journal=journal)

    def readable(
        self, entries: Iterable[tuple[str, tuple[str, ...]]]
    ) -> list[tuple[str, tuple[str, ...]]]:
        """Every record: a system's verbs read their dice themselves, and refuse what is
        damaged."""
        return list(entries)

    def players_lines(self, before: Any, after: Any, lang: str) -> tuple[str, ...]:
        """What the players saw of a step: the system's ``record`` part, given what they
        may see of each scene value (its ``public`` part); nothing for a system that says
        none (its record then leaves the step out rather than show a secret)."""
        from fatescreen import systems

        system = systems.named_by(self.system)
        if system is None or system.record is None or system.public is None:
            return ()
        public = system.part("public").maker()
        record = system.part("record")
        shown: tuple[str, ...] = record(
            None if before is None else public(before), public(after), lang
        )
        return shown

    def secret_names(self, value: Any) -> frozenset[str]:
        """None: the players' record is made from what they may see only (see
        :meth:`players_lines`)."""
        return frozenset()

    def public_names(self, value: Any) -> frozenset[str]:
        """None named (see :meth:`secret_names`)."""
        return frozenset()


def shared_commands(system: str) -> SharedCommands:
    """The session's side of a system on the shared stack."""
    from fatescreen.commands.systems import verbs_of

    return SharedCommands(system, verbs_of(system))


def open_system_session(
    path: Path,
    *,
    seed: int | None = None,
    lang: str = "en",
    journal: bool = True,
    lock: bool = False,
) -> Session[Any]:
    """Load a scene file of a system on the shared stack and start a session on it
    (``lock``: as its one writer, see
    :func:`~fatescreen.commands.writer.take_writer_lock`).

    Raises:
        SceneFileError: The file is invalid (every problem listed).
        SceneLocked: ``lock`` and another process writes the scene.
        OSError: ``lock`` and the lock file cannot be made.
    """
    from fatescreen.scene.systems import load_system_scene

    return session_on_file(
        path,
        load_system_scene,
        lambda loaded: shared_commands(loaded.system),
        seed=seed,
        lang=lang,
        journal=journal,
        lock=lock,
    )


def blank_session(system: str, *, seed: int | None = None, lang: str = "en") -> Session[Any]:
    """A session on an empty scene of ``system``: quick rolls and odds from the shell."""
    value = scene_format(system).blank("-")
    return Session(value, shared_commands(system), None, random.Random(seed), lang)
