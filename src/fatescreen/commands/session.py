"""A running scene of any system: commands applied one at a time, with undo, journal, log
and saving.

The dashboard and the headless CLI both drive a :class:`Session`; it is the one path by
which a scene changes, for every system. What a session asks of its system (its verbs,
what a change repaints, how its value is saved, what the players may read) is the
system's :class:`SessionCommands`.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from fatescreen.commands.core import Verb, split_line
from fatescreen.commands.errors import CommandError, rules_message, save_error
from fatescreen.commands.names import fold
from fatescreen.commands.paths import save_target
from fatescreen.commands.writer import SceneWriter, save_options, take_writer_lock
from fatescreen.i18n import tr
from fatescreen.rules.errors import RulesError
from fatescreen.scene.atomic import remove_stale_temps
from fatescreen.scene.errors import SceneFileError, escape_controls
from fatescreen.scene.history import NothingToUndo, UndoHistory, UndoStep
from fatescreen.scene.journal import Journal, JournalWriteError
from fatescreen.scene.lock import WriterLock

S = TypeVar("S")
"""A system's scene value (or a campaign's state of play)."""
S_co = TypeVar("S_co", covariant=True)

META: dict[str, tuple[str, ...]] = {
    "undo": ("u", "kumoa"),
    "redo": ("re", "tee"),
    "save": ("w", "tallenna"),
    "log": ("l", "loki"),
    "help": ("?", "apua", "ohje"),
}
"""The verbs of the session itself, which every system has, with their aliases."""

META_VERBS = tuple(META)


def session_verb(ctx: Any, args: Any) -> Any:
    """The handler of the session's own verbs, which the session runs itself: run as a
    plain verb (outside a session), one is refused.

    Raises:
        CommandError: Always, naming the verb.
    """
    raise CommandError(tr(ctx.lang, "error.meta", verb=args.verb.name))


SESSION_VERBS: dict[str, Verb[Any, Any, Any]] = {
    name: Verb(
        name,
        usage,
        tr("en", f"verb.{name}"),
        session_verb,
        META[name],
        example,
        changes_scene=False,
    )
    for name, usage, example in (
        ("undo", "undo", "undo"),
        ("redo", "redo", "redo"),
        ("save", "save [--replay|--overwrite] [PATH]", "save"),
        ("log", "log [--markdown [--gm]]", "log --markdown"),
        ("help", "help [VERB]", "help attack"),
    )
}
"""The session's own verbs as every system's help shows them (Fate's registry holds them
too, so that a prefix finds them: ``sav``)."""


class RecoveryPending(RuntimeError):
    """A session was asked to change a scene whose journal still holds unsaved changes:
    :meth:`Session.recover` or :meth:`Session.discard_recovery` must be called first, or
    the new changes would be journaled after (and mixed with) the old ones."""


@dataclass(frozen=True)
class PendingSave:
    """A save being written: the saved state it starts from, the value it writes, and
    how many of the journal's commands that value holds."""

    loaded: Any
    value: Any
    through: int
    """How many of the journal's commands the scene holds."""
    unsaved: int
    """How many of the session's changes not saved it holds."""


def refuse_journaling(journal: Journal | None, *, pending: bool) -> None:
    """Raise if ``journal`` holds a recovery not yet decided (``pending``).

    Raises:
        RecoveryPending: Saying which journal and what to call.
    """
    if pending and journal is not None:
        raise RecoveryPending(
            f"{journal.path} holds unsaved changes: call recover() or discard_recovery() first"
        )


@dataclass(frozen=True)
class Result:
    """What one command line did, for the screen or the terminal."""

    line: str
    lines: tuple[str, ...]
    ok: bool = True
    changed: frozenset[str] = frozenset()
    label: str = ""

    def shown(self) -> Result:
        """This result with control characters escaped in every line (see
        :func:`escape_controls`): what a screen or a terminal may print."""
        return replace(
            self,
            line=escape_controls(self.line),
            lines=tuple(escape_controls(line) for line in self.lines),
            label=escape_controls(self.label),
        )


@dataclass(frozen=True)
class LogEntry:
    """One applied command and its result lines."""

    command: str
    lines: tuple[str, ...]
    step: str = ""
    """What it did to the history: ``made`` a step, ``undo``, ``redo``, ``reset`` (began
    it again, a campaign opening a scene), ``opened`` (began it again with a step made);
    empty for none."""

    def __post_init__(self) -> None:
        # the log is printed (``log``, session records): never with raw control characters
        object.__setattr__(self, "command", escape_controls(self.command))
        object.__setattr__(self, "lines", tuple(escape_controls(line) for line in self.lines))


class Change(Protocol[S_co]):
    """What a verb of any system returns: the new value, the lines that say what happened,
    the undo label, and the line the journal keeps in place of the typed one (None: the
    typed line)."""

    @property
    def value(self) -> S_co: ...

    @property
    def lines(self) -> tuple[str, ...]: ...

    @property
    def label(self) -> str: ...

    @property
    def record(self) -> str | None: ...


class SessionCommands(Protocol[S]):
    """What a session asks of its system: each system (Fate the first) gives one."""

    @property
    def system(self) -> str:
        """The system's id."""
        ...

    def find(self, word: str, lang: str) -> Verb[Any, Any, Any]:
        """The verb a word names (its name, an alias, a unique prefix).

        Raises:
            CommandError: None or several match; the message lists candidates.
        """
        ...

    def verbs(self) -> Iterable[Verb[Any, Any, Any]]:
        """Every verb of the system's language, for the help."""
        ...

    def run(
        self, session: Session[S], found: Verb[Any, Any, Any], words: list[str], replay: list[str]
    ) -> tuple[Change[Any], tuple[str, ...]]:
        """Run a verb on the session's scene with the words after it: what it did, and the
        dice it rolled as the journal writes them (``replay``: dice recorded before, used
        instead of rolling).

        Raises:
            CommandError: A malformed line, said for the GM.
            RulesError: What the rules refuse.
        """
        ...

    def changes(self, before: S, after: S) -> frozenset[str]:
        """What a change from ``before`` to ``after`` repaints (``all`` for everything)."""
        ...

    def carried(self, saved: S, now: S) -> S:
        """The value a file holds (``saved``) with what no file holds taken from ``now``
        (a roll under way): a save keeps those as they are."""
        ...

    def dirty(self, saved: S, now: S) -> bool:
        """Whether ``now`` holds other than what the file holds (``saved``)."""
        ...

    def save(
        self,
        loaded: Any,
        value: S,
        target: Path | None,
        before_write: Callable[[str], None] | None,
    ) -> Any:
        """Write ``value`` over the file ``loaded`` was read from (or into ``target``); the
        saved state (``before_write`` is given the text just before it is written).

        Raises:
            OSError: The file could not be written.
            SceneFileError: The file cannot be written as it is.
        """
        ...

    def open(self, path: Path, *, lang: str, journal: bool) -> Session[S]:
        """A session on a scene file of the system as it is now (no lock)."""
        ...

    def readable(
        self, entries: Iterable[tuple[str, tuple[str, ...]]]
    ) -> list[tuple[str, tuple[str, ...]]]:
        """The journaled changes whose dice the system can read; a damaged record is left
        out (never an error that keeps a scene shut)."""
        ...

    def players_lines(self, before: S | None, after: S, lang: str) -> tuple[str, ...]:
        """What the players could see of one step from ``before`` to ``after`` (None: the
        step opened a new scene); () when nothing public changed, or the system does not
        say what its players see."""
        ...

    def secret_names(self, value: S) -> frozenset[str]:
        """Names the players must not read while the scene is as it is."""
        ...

    def public_names(self, value: S) -> frozenset[str]:
        """Names the players may read in the scene as it is."""
        ...


def meta_named(word: str, verbs: dict[str, tuple[str, ...]]) -> str | None:
    """The verb of ``verbs`` that a word names exactly (its name or an alias), or None."""
    wanted = fold(word)
    for name, aliases in verbs.items():
        if wanted == name or wanted in aliases:
            return name
    return None


@dataclass
class Session(SceneWriter, Generic[S]):
    """A scene of any system being run: its value, history, journal and log.

    A campaign session is this session with the campaign's files: its value is the
    campaign's state of play, or the scene it runs.
    """

    value: S
    commands: SessionCommands[S]
    loaded: Any = None
    """The file as read or last saved (a system's loaded scene, with ``path``, ``text``
    and ``value``); None without a file."""
    rng: random.Random = field(default_factory=random.Random)
    lang: str = "en"
    journal: Journal | None = None
    history: UndoHistory[S] = field(default_factory=UndoHistory)
    log: list[LogEntry] = field(default_factory=list)
    listeners: list[Callable[[Result], None]] = field(default_factory=list)
    recovery_pending: bool = False
    """The journal holds changes a crash left unsaved, and neither :meth:`recover` nor
    :meth:`discard_recovery` has been called: until then :meth:`execute` refuses to run."""
    read_only: bool = False
    """A copy that only looks (it follows someone else's session, or another process
    writes the scene): commands apply in memory only and nothing is ever written
    (``save`` says so)."""
    writer_lock: WriterLock | None = None
    """The scene's writer lock, while this session holds it (see ``take_writer_lock``)."""
    unsaved: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    """The changes made since the last save, as the journal records them."""
    not_recovered: list[tuple[str, str]] = field(default_factory=list)
    """The journaled commands the last :meth:`recover` could not make again, each with why
    (a roll of a check that was under way at a save: the file does not hold the check)."""
    moments: list[tuple[Any, Any]] = field(default_factory=list)
    """For each log entry: the value before it (None when it opened a new scene, of which
    nothing was there before) and after it (the players' record is made from what the
    players could see of each, see :meth:`players_lines`)."""
    step_from: Any = field(default=None, repr=False)
    """The value as the command being run found it."""

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        seed: int | None = None,
        lang: str = "en",
        journal: bool = True,
        lock: bool = False,
    ) -> Session[Any]:
        """Load a scene file of any system and start a session on it (its system is the
        one the file names, see :func:`fatescreen.systems.of_file`).

        Args:
            path: The scene file.
            seed: Seed for reproducible dice.
            lang: The language of the results.
            journal: False to keep no crash journal (scripts, tests).
            lock: True to become the scene's one writer first (the dashboard, a script
                that saves): see ``take_writer_lock``; :meth:`close` lets it go.

        Raises:
            SceneFileError: The file is invalid (every problem listed).
            SceneLocked: ``lock`` and another process writes the scene.
            OSError: ``lock`` and the lock file cannot be made.
        """
        from fatescreen.systems import of_file

        opened: Session[Any] = of_file(path).open_session(
            path, seed=seed, lang=lang, journal=journal, lock=lock
        )
        return opened

    @property
    def system(self) -> str:
        """The id of the system the session plays."""
        return self.commands.system

    # -- the journal -------------------------------------------------------------------

    def discard_recovery(self) -> None:
        """Forget unsaved journaled changes and journal afresh from the file."""
        self.recovery_pending = False
        self.start_journal()

    def start_journal(self) -> None:
        """Begin a fresh journal against the file as it is now (discarding an old one).

        Raises:
            RecoveryPending: The old journal has not been recovered or discarded yet.
        """
        self.refuse_pending_recovery()
        self.forget_changes()
        text = self.journal_text()
        if self.journal is not None and text is not None:
            self.begin_journal(text)

    def with_owed_save(self, result: Result) -> Result:
        """``result`` of an undo or redo, with the line of the save it owed, if any (see
        :meth:`SceneWriter.note_change`): the log's entry says it too."""
        line = self.owed_save_line()
        if line is None:
            return result
        entry = self.log[-1]
        self.log[-1] = replace(entry, lines=(*entry.lines, line))
        return replace(result, lines=(*result.lines, line))

    def open_journal(self) -> None:
        """At the session's start: a journal a crash left waits to be recovered (see
        :attr:`recovery_pending`); else the journal begins, the records of one written on
        another version of the files set aside first (kept, not lost)."""
        self.recovery_pending = bool(self.recoverable())
        if self.recovery_pending:
            return
        text = self.journal_text()
        if self.journal is not None and text is not None:
            with contextlib.suppress(OSError):
                self.journal.set_aside_unmatched(text)
        self.start_journal()

    def save_command(self, words: list[str], text: str) -> Result:
        """``save [--replay|--overwrite] [NAME]``: the scene over its own file, or into the
        file NAME names beside it, where the session carries on; the lines it says.

        Raises:
            CommandError: The session has no file, or the file could not be written.
        """
        choice, words = save_options(words, self.lang)
        if self.read_only:
            return Result(text, (tr(self.lang, "save.read_only"),))
        target = self.save_target(words)
        # a save over the session's own file never writes over a hand edit unasked
        replayed = self.settle_hand_edits(choice) if target is None else None

        def write() -> None:
            try:
                self.write_value(target)
            except (OSError, SceneFileError) as error:
                raise save_error(error, self.lang) from None

        if target is None:
            write()
        else:
            self.save_as(target, write)  # the session carries on in the new file
        self.start_journal()
        line = self.saved_line()
        lines = (replayed, line) if replayed else (line,)
        self.log.append(LogEntry(text, lines))
        return Result(text, lines)

    def save_target(self, words: list[str]) -> Path | None:
        """The file ``save`` names in ``words`` when it is another than the session's own
        (None: its own file).

        Raises:
            CommandError: The session has no file and none is named.
        """
        if self.loaded is None:
            raise CommandError(tr(self.lang, "error.save_nowhere"))
        path: Path | None = self.loaded.path
        target = save_target(words[0], path.parent if path else None, self.lang) if words else None
        if target is not None and path is not None:
            target = None if same_file(target, path) else target
        return target

    def saved_line(self) -> str:
        """The line that says where a save wrote."""
        return tr(self.lang, "save.line", path=str(self.loaded.path))

    def write_files(self) -> Path:
        """Write the scene over its file as it stands now, and journal afresh.

        Raises:
            CommandError: The file could not be written.
        """
        assert self.loaded is not None and self.loaded.path is not None
        path: Path = self.loaded.path
        try:
            self.write_value()
        except (OSError, SceneFileError) as error:
            raise save_error(error, self.lang) from None
        self.start_journal()
        return path

    def refuse_pending_recovery(self) -> None:
        """Raise unless the journal may be written (see :attr:`recovery_pending`).

        Raises:
            RecoveryPending: A recovery waits for the session's ``recover`` or
                :meth:`discard_recovery`.
        """
        refuse_journaling(self.journal, pending=self.recovery_pending)

    # -- recovery ----------------------------------------------------------------------

    def recoverable(self) -> list[tuple[str, tuple[str, ...]]]:
        """Commands journaled since the last save that a crash left unsaved."""
        text = self.journal_text()
        if self.journal is None or text is None:
            return []
        return self.commands.readable(self.journal.pending(text))

    def recover(self) -> int:
        """Replay the unsaved journal; returns how many commands were replayed (those that
        could not be are in :attr:`not_recovered`, with why)."""
        return sum(1 for result in self.recover_results() if result.ok)

    def recover_results(self) -> list[Result]:
        """Replay the unsaved journal; returns each command's result, in order (for a log
        that shows the session as it was before the crash)."""
        results = self.replay_results(self.recoverable())
        self.not_recovered = [
            (result.line, result.lines[0] if result.lines else "")
            for result in results
            if not result.ok
        ]
        self.recovery_pending = False
        self.journal_again()  # the same changes, in a journal that names this writer
        return results

    def replay(self, entries: Iterable[tuple[str, tuple[str, ...]]]) -> int:
        """Apply journaled command lines with the dice they rolled, without journaling
        them again; returns how many applied."""
        return sum(1 for result in self.replay_results(entries) if result.ok)

    def replay_results(self, entries: Iterable[tuple[str, tuple[str, ...]]]) -> list[Result]:
        """As :meth:`replay`, returning each command's result in order."""
        return [self._execute(command, list(dice), journal=False) for command, dice in entries]

    def journal_text(self) -> str | None:
        """The text of the scene file the journal is kept against (None without a file)."""
        return self.loaded.text if self.loaded is not None else None

    # -- the one writer (see fatescreen.commands.writer) -----------------------------------

    def loaded_files(self) -> list[tuple[Path, str]]:
        """The scene file, with the text the session read or last saved."""
        if self.loaded is None or self.loaded.path is None:
            return []
        return [(self.loaded.path, self.loaded.text)]

    def reopened(self) -> Session[S]:
        """A session on the scene file as it is now (no journal, no lock)."""
        assert self.loaded is not None and self.loaded.path is not None
        return self.commands.open(self.loaded.path, lang=self.lang, journal=False)

    def replayed(self, command: str, dice: tuple[str, ...]) -> str | None:
        """Apply one recorded change again, with its dice; None if it applied, else why not."""
        read = self.commands.readable([(command, dice)])
        if not read:
            return command  # never: the session recorded dice it rolled itself
        result = self._execute(command, list(read[0][1]), journal=False)
        return None if result.ok else (result.lines[0] if result.lines else command)

    def adopt(self, other: Session[S]) -> None:
        """Take the other session's file, value and history."""
        self.loaded, self.value, self.history = other.loaded, other.value, other.history

    def continued_in(self, loaded: Session[S]) -> bool:
        """Whether ``loaded``, a session read from the files just now, holds what this one
        holds, the fields no file holds aside (the GM saved it: a player view following
        the session keeps this one's history, and so the rolls undo can take back)."""
        if loaded.system != self.system:
            return False
        return bool(self.commands.carried(loaded.value, self.value) == self.value)

    # -- what the verbs see, and the dashboard ----------------------------------------------

    @property
    def scene(self) -> Any:
        """The scene value the verbs see and change (the session's value itself; a
        campaign's, its running scene)."""
        return self.value

    @scene.setter
    def scene(self, scene: Any) -> None:
        self.value = self.with_scene(scene)

    def with_scene(self, scene: Any) -> Any:
        """The session's value with the scene value a verb left (``scene`` itself)."""
        return scene

    @property
    def shown(self) -> Any:
        """The scene value the dashboard and the player view show."""
        return self.value

    @property
    def scene_folder(self) -> Path | None:
        """The scene file's folder (template libraries are looked for from there)."""
        if self.loaded is None or self.loaded.path is None:
            return None
        path: Path = self.loaded.path
        return path.parent

    # -- commands ----------------------------------------------------------------------

    def refuse_verb(self, name: str) -> None:
        """Refuse a verb of the system that this session does otherwise (nothing here).

        Raises:
            CommandError: Why, and what does it instead.
        """

    def meta_verb(self, word: str) -> str | None:
        """The verb of the session itself (``undo``, ``save``…) a word names, if any."""
        return meta_named(word, META)

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
        self.step_from = self.value
        try:
            words = split_line(text, self.lang)
            meta = self.meta_verb(words[0])
            found = None if meta is not None else self.commands.find(words[0], self.lang)
            if found is not None and found.name in META:
                meta = found.name  # a prefix of a session verb (``sav``)
            if meta is not None:
                result = self.with_owed_save(self._meta(meta, words[1:], text, journal=journal))
            else:
                assert found is not None
                self.refuse_verb(found.name)
                applied, rolled = self.commands.run(self, found, words[1:], replay)
                result = self._commit(text, applied, rolled, journal=journal)
        except (CommandError, RulesError) as error:
            # Only the project's own errors are messages for the GM; anything else is a bug.
            said = rules_message(error, self.lang) if isinstance(error, RulesError) else str(error)
            result = Result(text, (said,), ok=False)
        self.note_moments()
        result = result.shown()
        for listener in self.listeners:
            listener(result)
        return result

    def _commit(
        self, text: str, applied: Change[Any], rolled: tuple[str, ...], *, journal: bool
    ) -> Result:
        previous = self.value
        value = self.with_scene(applied.value)
        changed = value is not previous and value != previous

        def take() -> None:
            self.value = value

        return self._take_step(
            text,
            applied,
            rolled,
            UndoStep(applied.label or text, previous, value) if changed else None,
            take,
            self.commands.changes(previous, value) if changed else frozenset(),
            journal=journal,
        )

    def _take_step(
        self,
        text: str,
        applied: Change[Any],
        rolled: tuple[str, ...],
        step: UndoStep[Any] | None,
        take: Callable[[], None],
        changed: frozenset[str],
        *,
        journal: bool,
        command: bool = True,
    ) -> Result:
        """The one way a step of play is taken: journaled first (when the journal cannot
        be written, nothing changes), then remembered for undo and made (``take``), then
        logged. ``step`` None: the line changed nothing, and is only logged; ``command``
        False: a change that is no command line (a campaign's sheet edit, saved at once)."""
        if step is not None:
            if command:
                self.note_change(applied.record or text, rolled, journal=journal)
            self.history = self.history.record(step)
            take()
        self.log.append(LogEntry(text, applied.lines, "made" if step is not None else ""))
        return Result(text, applied.lines, True, changed, applied.label)

    def _meta(self, name: str, words: list[str], text: str, *, journal: bool) -> Result:
        if name in ("undo", "redo"):
            previous = self.value
            # a replayed undo is in the journal already: journaled again, a second crash
            # would replay it twice
            self.history, step, self.value, line = undo_or_redo(
                self.history, name, words, self.lang, partial(self.note_change, journal=journal)
            )
            self.log.append(LogEntry(text, (line,), name))
            return Result(
                text, (line,), True, self.commands.changes(previous, self.value), step.label
            )
        if name == "save":
            return self.save_command(words, text)
        if name == "log":
            lines = self.log_lines(markdown="--markdown" in words, gm="--gm" in words)
            return Result(text, tuple(lines))
        return Result(text, tuple(self.help_lines(words[0] if words else None)))

    # -- saving while play goes on ------------------------------------------------------

    saves_in_background: ClassVar[bool] = True
    """Whether :meth:`begin_save` may be used: the scene's save is written off the UI
    thread while commands go on (a campaign saves several files at once, and does not)."""

    def begin_save(self) -> PendingSave:
        """Take what a save writes (the value now, and how many journaled commands it
        holds); :meth:`write_save` writes it on any thread, :meth:`end_save` adopts it.

        Raises:
            CommandError: The session is read-only or has no file to save to.
        """
        if self.read_only or self.loaded is None:
            raise CommandError(tr(self.lang, "error.save_nowhere"))
        through = len(self.journal.written) if self.journal is not None else 0
        self.writing = True
        self.steps_saved()  # the save holds them: undoing one goes past it
        return PendingSave(self.loaded, self.value, through, len(self.unsaved))

    def save_failed(self) -> None:
        """A save taken by :meth:`begin_save` could not be written: none is being written."""
        self.writing = False

    def write_save(self, pending: PendingSave) -> Any:
        """Write a save taken by :meth:`begin_save`; touches nothing of the session but
        the journal's file (a marker that says what the file holds), so commands may go on
        meanwhile on another thread. The saved state.

        Raises:
            CommandError: The file or the journal cannot be written.
        """
        journal = self.journal

        def mark(text: str) -> None:
            if journal is not None:
                journal.mark_saved(text, pending.through)

        try:
            return self.commands.save(pending.loaded, pending.value, None, mark)
        except (OSError, SceneFileError, JournalWriteError) as error:
            raise save_error(error, self.lang) from None

    def end_save(self, pending: PendingSave, saved: Any) -> Result:
        """Adopt a written save: the file's text becomes the base, and the journal starts
        again against it with the commands applied while it was written."""
        self.loaded = saved
        self.unsaved = self.unsaved[pending.unsaved :]
        self.writing = False
        if self.journal is not None:
            self.begin_journal(saved.text, self.journal.written[pending.through :])
        if pending.value is self.value or pending.value == self.value:
            self.value = self.commands.carried(saved.value, self.value)
        line = tr(self.lang, "save.line", path=str(saved.path))
        self.log.append(LogEntry("save", (line,)))
        return Result("save", (line,))

    def write_value(self, target: Path | None = None) -> None:
        """Write the scene over its file or into ``target`` (see
        :meth:`save_command`); what the file holds not (a roll under way)
        stays as it is."""
        assert self.loaded is not None
        self.loaded = self.commands.save(self.loaded, self.value, target, None)
        self.value = self.commands.carried(self.loaded.value, self.value)

    @property
    def dirty(self) -> bool:
        """True when the scene differs from the file."""
        return self.loaded is None or self.commands.dirty(self.loaded.value, self.value)

    @property
    def unsaved_work(self) -> bool:
        """True when quitting now leaves work that is not in the file: the scene differs
        from it, or changes were made since the last save that no file holds (a check under
        way, a roll), which only the journal keeps for the next start."""
        return self.dirty or bool(self.unsaved)

    # -- the log and the records --------------------------------------------------------

    def note_moments(self) -> None:
        """Note the value before and after each log entry not noted yet: the first from
        the value the command found, the others (a command that logged more) from now."""
        before = self.step_from if self.step_from is not None else self.value
        while len(self.moments) < len(self.log):
            self.moments.append((before, self.value))
            before = self.value
        self.step_from = self.value

    def players_lines(self, index: int) -> tuple[str, ...]:
        """What the players could see of log entry ``index``; () when nothing public
        changed."""
        self.note_moments()
        before, after = self.moments[index]
        lines = self.commands.players_lines(before, after, self.lang)
        return tuple(escape_controls(line) for line in lines)

    def log_lines(self, markdown: bool = False, *, gm: bool = False) -> list[str]:
        """The event log, oldest first; as a Markdown session record if asked: the
        players' record (what the table could see of each step), or with ``gm`` the full
        record of commands and results."""
        if not markdown:
            return [line for entry in self.log for line in entry.lines] or [
                tr(self.lang, "log.empty")
            ]
        from fatescreen.scene.public import names_any

        out = [f"# {self.shown.title}", ""]
        secrets = self.secrets()
        stands = standing(self.log)
        for index, entry in enumerate(self.log):
            if not gm and index not in stands:
                continue  # undone: for the players it never happened
            if gm:
                out.append(f"- `{entry.command}`")
                out += [f"  - {line}" for line in entry.lines]
                continue
            # the record is for the table (docs/player-view.md): what they saw of each step,
            # less what has been made secret since
            seen = [line for line in self.players_lines(index) if not names_any(line, secrets)]
            first, *rest = seen or ("",)
            if first:
                out.append(f"- {first}")
                out += [f"  - {line}" for line in rest]
        return out

    def secrets(self) -> frozenset[str]:
        """Names the players must not read in the record: secret now, or secret in a
        scene of the history and not shown now (a hidden NPC removed unmet)."""
        values: list[Any] = []
        for step in self.history.done:
            values += [step.before, step.after]
        secret = set(self.commands.secret_names(self.value))
        for value in values:
            secret |= self.commands.secret_names(value)
        return frozenset(secret - self.commands.public_names(self.value))

    def help_lines(self, name: str | None = None) -> list[str]:
        """One line per verb, or the full help of one verb."""
        if name:
            own = meta_named(name, META)
            found = SESSION_VERBS[own] if own else self.commands.find(name, self.lang)
            aliases = ", ".join(found.aliases) or tr(self.lang, "none")
            example = found.example_in(self.lang)
            if own == "help":
                # help's example names a verb of this system: attack, else its first
                verbs = {v.name: v for v in self.commands.verbs()}
                about = verbs.get(found.example.split()[-1]) or next(iter(verbs.values()), None)
                if about is not None:
                    example = f"{found.word(self.lang)} {about.word(self.lang)}"
            return [
                found.usage_in(self.lang),
                found.help_in(self.lang),
                tr(self.lang, "help.example", example=example),
                tr(self.lang, "help.aliases", aliases=aliases),
            ]
        lines = [tr(self.lang, "help.header")]
        verbs = {**SESSION_VERBS, **{v.name: v for v in self.commands.verbs()}}
        lines += [
            f"{v.word(self.lang):<12} {v.help_in(self.lang)}"
            for v in sorted(verbs.values(), key=lambda v: v.word(self.lang))
        ]
        return lines


def session_on_file(
    path: Path,
    load: Callable[[Path], Any],
    commands: Callable[[Any], SessionCommands[Any]],
    *,
    faces: Callable[[str], bool] | None = None,
    seed: int | None = None,
    lang: str = "en",
    journal: bool = True,
    lock: bool = False,
) -> Session[Any]:
    """A session on a scene file, for any system: ``load`` reads the file (its loaded
    state, with ``value``), ``commands`` gives the system's side for it, ``faces`` says
    which journaled dice the system's rolls could show. With ``lock``, the session is the
    scene's one writer (see ``take_writer_lock``), the lock taken before the file is read.

    Raises:
        SceneFileError: The file is invalid (every problem listed).
        SceneLocked: ``lock`` and another process writes the scene.
        OSError: ``lock`` and the lock file cannot be made.
    """
    kept = Journal(path, faces=faces) if journal else None
    # the lock first: what is read then is what no other writer changes
    held = take_writer_lock(path, kept) if lock else None
    try:
        loaded = load(path)
    except BaseException:
        if held is not None:
            held.release()
        raise
    session: Session[Any] = Session(
        loaded.value, commands(loaded), loaded, random.Random(seed), lang, kept, writer_lock=held
    )
    remove_stale_temps(path)
    session.open_journal()
    return session


V = TypeVar("V")


def standing(log: list[LogEntry]) -> set[int]:
    """The indices of the log entries whose changes stand: a step undone (and not redone)
    is left out, and so are the undo and redo entries themselves; entries that changed
    nothing stand."""
    made: list[int] = []
    """The steps that may be undone, oldest first."""
    undone: list[int] = []
    """The steps undone that a redo may bring back, the last undone last."""
    hidden: set[int] = set()
    for index, entry in enumerate(log):
        if entry.step in ("reset", "opened"):
            hidden.update(undone)  # the history began again: none comes back
            made, undone = [], []
        if entry.step in ("made", "opened"):
            made.append(index)
            hidden.update(undone)  # a new step: the steps undone can come back no more
            undone = []
        elif entry.step == "undo":
            hidden.add(index)
            if made:
                undone.append(made.pop())
        elif entry.step == "redo":
            hidden.add(index)
            if undone:
                made.append(undone.pop())
    hidden.update(undone)
    return set(range(len(log))) - hidden


def same_file(first: Path, second: Path) -> bool:
    """Whether two paths name one file (False when either cannot be resolved)."""
    try:
        return first.resolve() == second.resolve()
    except OSError:
        return False


def undo_or_redo(
    history: UndoHistory[V],
    name: str,
    words: list[str],
    lang: str,
    note: Callable[[str, tuple[str, ...], UndoStep[V]], None],
) -> tuple[UndoHistory[V], UndoStep[V], V, str]:
    """``undo`` or ``redo`` on any session's history (Fate's or another system's).

    Returns:
        The new history, the step undone or redone, the value it leaves, and the line
        that says so; ``note`` records the verb (in the journal, among the changes not
        saved) before anything changes.

    Raises:
        CommandError: Words after the verb, or nothing to undo or redo.
    """
    if words:
        word = tr(lang, f"cmd.{name}")
        raise CommandError(tr(lang, "error.extra", verb=word, extra=" ".join(words), usage=word))
    try:
        if name == "undo":
            history, step = history.undo()
            value = step.before
        else:
            history, step = history.redo()
            value = step.after
    except NothingToUndo:
        raise CommandError(tr(lang, f"error.nothing_to_{name}")) from None
    note(name, (), step)
    return history, step, value, tr(lang, f"{name}.line", label=step.label)
