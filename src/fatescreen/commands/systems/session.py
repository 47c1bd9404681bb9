"""A running non-Fate scene: commands applied one at a time, with undo, journal, log and
saving — the same one path as :class:`fatescreen.commands.session.Session` for Fate."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any, Generic, cast

from fatescreen.commands.core import split_line
from fatescreen.commands.errors import CommandError, rules_message
from fatescreen.commands.names import fold
from fatescreen.commands.session import (
    JournalGuard,
    LogEntry,
    Result,
    undo_or_redo,
)
from fatescreen.commands.systems.base import S, SystemContext, VerbSet
from fatescreen.commands.writer import take_writer_lock
from fatescreen.i18n import tr
from fatescreen.rules.errors import RulesError
from fatescreen.scene.atomic import remove_stale_temps
from fatescreen.scene.history import UndoHistory, UndoStep
from fatescreen.scene.journal import Journal
from fatescreen.scene.lock import WriterLock
from fatescreen.scene.systems import LoadedSystemScene, save_system_scene, scene_format

META: dict[str, tuple[str, ...]] = {
    "undo": ("u", "kumoa"),
    "redo": ("re", "tee"),
    "save": ("w", "tallenna"),
    "log": ("l", "loki"),
    "help": ("?", "apua", "ohje"),
}
"""The verbs every session has, with the same aliases as Fate's."""


@dataclass
class SystemSession(JournalGuard, Generic[S]):
    """A scene of some system being run: its value, history, journal and log."""

    system: str
    value: S
    verbs: VerbSet
    loaded: LoadedSystemScene[S] | None = None
    rng: random.Random = field(default_factory=random.Random)
    lang: str = "en"
    journal: Journal | None = None
    history: UndoHistory[S] = field(default_factory=UndoHistory)
    log: list[LogEntry] = field(default_factory=list)
    listeners: list[Callable[[Result], None]] = field(default_factory=list)
    recovery_pending: bool = False
    """The journal holds changes a crash left unsaved and neither :meth:`recover` nor
    :meth:`discard_recovery` has been called: until then :meth:`execute` refuses to run."""
    read_only: bool = False
    """Another process writes the scene: commands apply in memory only, nothing is written."""
    writer_lock: WriterLock | None = None
    """The scene's writer lock, while this session holds it."""
    unsaved: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    """The changes made since the last save, as the journal records them."""
    not_recovered: list[tuple[str, str]] = field(default_factory=list)
    """The journaled commands the last :meth:`recover` could not make again, each with why
    (a roll of a check that was under way at a save: the file does not hold the check)."""

    # -- recovery ----------------------------------------------------------------------

    def recoverable(self) -> list[tuple[str, tuple[str, ...]]]:
        """Commands journaled since the last save that a crash left unsaved."""
        if self.journal is None or self.loaded is None:
            return []
        return self.journal.pending(self.loaded.text)

    def recover(self) -> int:
        """Replay the unsaved journal; returns how many commands were replayed (those that
        could not be are in :attr:`not_recovered`, with why)."""
        replayed = 0
        self.not_recovered = []
        for command, dice in self.recoverable():
            result = self._execute(command, list(dice), journal=False)
            if result.ok:
                replayed += 1
            else:
                self.not_recovered.append((command, result.lines[0] if result.lines else ""))
        self.recovery_pending = False
        self.journal_again()  # the same changes, in a journal that names this writer
        return replayed

    def journal_text(self) -> str | None:
        """The text of the scene file the journal is kept against (None without a file)."""
        return self.loaded.text if self.loaded is not None else None

    # -- the one writer (see fatescreen.commands.writer) -----------------------------------

    def loaded_files(self) -> list[tuple[Path, str]]:
        """The scene file, with the text the session read or last saved."""
        if self.loaded is None or self.loaded.path is None:
            return []
        return [(self.loaded.path, self.loaded.text)]

    def reopened(self) -> SystemSession[S]:
        """A session on the scene file as it is now (no journal, no lock)."""
        assert self.loaded is not None and self.loaded.path is not None
        fresh: SystemSession[S] = open_system_session(
            self.loaded.path, lang=self.lang, journal=False
        )
        return fresh

    def replayed(self, command: str, dice: tuple[str, ...]) -> str | None:
        """Apply one recorded change again, with its dice; None if it applied, else why not."""
        result = self._execute(command, list(dice), journal=False)
        return None if result.ok else (result.lines[0] if result.lines else command)

    def adopt(self, other: SystemSession[S]) -> None:
        """Take the other session's file, value and history."""
        self.loaded, self.value, self.history = other.loaded, other.value, other.history

    def continued_in(self, loaded: SystemSession[S]) -> bool:
        """Whether ``loaded``, a session read from the file just now, holds what this one
        holds, the fields no file holds aside (the GM saved it: a player view following
        the session keeps this one's history)."""
        if loaded.system != self.system:
            return False
        kept = {name: getattr(self.value, name) for name in scene_format(self.system).transient}
        carried: Any = replace(cast(Any, loaded.value), **kept)
        return bool(carried == self.value)

    # -- commands ----------------------------------------------------------------------

    @property
    def scene(self) -> Any:
        """The scene value the verbs see and change (the session's value itself)."""
        return self.value

    def with_scene(self, scene: Any) -> Any:
        """The session's value with the scene value the verbs left (``scene`` itself)."""
        return scene

    @property
    def shown(self) -> Any:
        """The scene value the dashboard and the player view show."""
        return self.value

    def refuse_verb(self, name: str) -> None:
        """Refuse a verb of the system that this session does otherwise (nothing here).

        Raises:
            CommandError: Why, and what does it instead.
        """

    def meta_verb(self, word: str) -> str | None:
        """The verb of the session itself (``undo``, ``save``…) a word names, if any."""
        return _meta_named(word, META)

    def execute(self, line: str) -> Result:
        """Apply one command line; a bad line changes nothing and explains itself.

        Raises:
            RecoveryPending: The session was opened on a journal waiting for recovery.
        """
        self.refuse_pending_recovery()
        return self._execute(line, [], journal=True)

    def _execute(self, line: str, replay: list[str], *, journal: bool) -> Result:
        text = line.strip()
        if not text or text.startswith("#"):
            return Result(text, ())
        try:
            words = split_line(text, self.lang)
            meta = self.meta_verb(words[0])
            if meta is not None:
                result = self.with_owed_save(self._meta(meta, words[1:], text, journal=journal))
            else:
                found = self.verbs.find(words[0], self.lang)
                self.refuse_verb(found.name)
                ctx = SystemContext(self.scene, self.rng, self.lang, replay)
                applied = found.handler(ctx, self.verbs.words(found, words[1:], self.lang))
                value = self.with_scene(applied.value)
                changed = value is not self.value and value != self.value
                # journaled first: when the journal cannot be written, nothing changes
                if changed:
                    self.note_change(text, tuple(ctx.rolled), journal=journal)
                result = self._commit(text, value, applied.lines, applied.label)
        except (CommandError, RulesError) as error:
            said = rules_message(error, self.lang) if isinstance(error, RulesError) else str(error)
            result = Result(text, (said,), ok=False)
        result = result.shown()
        for listener in self.listeners:
            listener(result)
        return result

    def _commit(self, text: str, value: S, lines: tuple[str, ...], label: str) -> Result:
        changed = value is not self.value and value != self.value
        if changed:
            self.history = self.history.record(UndoStep(label or text, self.value, value))
            self.value = value
        self.log.append(LogEntry(text, lines))
        return Result(text, lines, True, frozenset({"all"}) if changed else frozenset(), label)

    def _meta(self, name: str, words: list[str], text: str, *, journal: bool) -> Result:
        if name in ("undo", "redo"):
            # a replayed undo is in the journal already: journaling it again would undo twice
            # after the next crash
            self.history, step, self.value, line = undo_or_redo(
                self.history, name, words, self.lang, partial(self.note_change, journal=journal)
            )
            self.log.append(LogEntry(text, (line,)))
            return Result(text, (line,), True, frozenset({"all"}), step.label)
        if name == "save":
            return self.save_command(words, text)
        if name == "log":
            lines = [line for entry in self.log for line in entry.lines]
            return Result(text, tuple(lines or [tr(self.lang, "log.empty")]))
        return Result(text, tuple(self.help_lines(words[0] if words else None)))

    def write_value(self, target: Path | None = None) -> None:
        """Write the scene over its file or into ``target`` (see
        :meth:`JournalGuard.save_command`)."""
        assert self.loaded is not None
        self.loaded = save_system_scene(self.loaded, self.value, target)

    @property
    def dirty(self) -> bool:
        """True when what the file holds differs from the scene."""
        if self.loaded is None:
            return True
        fmt = scene_format(self.system)
        return fmt.file_state(self.loaded.value) != fmt.file_state(self.value)

    def help_lines(self, name: str | None = None) -> list[str]:
        """One line per verb, or the full help of one verb."""
        if name:
            found = self.verbs.find(name, self.lang)
            aliases = ", ".join(found.aliases) or tr(self.lang, "none")
            return [
                found.usage_in(self.lang),
                tr(self.lang, found.help_key),
                tr(self.lang, "help.example", example=found.example_in(self.lang)),
                tr(self.lang, "help.aliases", aliases=aliases),
            ]
        lines = [tr(self.lang, "help.header")]
        lines += [
            f"{v.word(self.lang):<12} {tr(self.lang, v.help_key)}"
            for v in sorted(self.verbs.verbs.values(), key=lambda v: v.word(self.lang))
        ]
        return lines


def _meta_named(word: str, verbs: dict[str, tuple[str, ...]]) -> str | None:
    wanted = fold(word)
    for name, aliases in verbs.items():
        if wanted == name or wanted in aliases:
            return name
    return None


def open_system_session(
    path: Path,
    *,
    seed: int | None = None,
    lang: str = "en",
    journal: bool = True,
    lock: bool = False,
) -> SystemSession[Any]:
    """Load a non-Fate scene file and start a session on it (``lock``: as its one writer,
    see :func:`~fatescreen.commands.writer.take_writer_lock`).

    Raises:
        SceneFileError: The file is invalid (every problem listed).
        SceneLocked: ``lock`` and another process writes the scene.
        OSError: ``lock`` and the lock file cannot be made.
    """
    from fatescreen.commands.systems import verbs_of
    from fatescreen.scene.systems import load_system_scene

    kept = Journal(path) if journal else None
    # the lock first: what is read then is what no other writer changes
    held = take_writer_lock(path, kept) if lock else None
    try:
        loaded = load_system_scene(path)
    except BaseException:
        if held is not None:
            held.release()
        raise
    session: SystemSession[Any] = SystemSession(
        loaded.system,
        loaded.value,
        verbs_of(loaded.system),
        loaded,
        random.Random(seed),
        lang,
        kept,
        writer_lock=held,
    )
    remove_stale_temps(path)
    session.open_journal()
    return session


def blank_session(system: str, *, seed: int | None = None, lang: str = "en") -> SystemSession[Any]:
    """A session on an empty scene of ``system``: quick rolls and odds from the shell."""
    from fatescreen.commands.systems import verbs_of

    value = scene_format(system).blank("-")
    return SystemSession(system, value, verbs_of(system), None, random.Random(seed), lang)
