"""What every session does as its scene's one writer: hold the writer lock, keep the changes
not saved yet, and never write over a file someone edited by hand since it was read.

A save over the session's own files first compares each file with the text it was read
from. When one differs (an editor saved it meanwhile), the save is refused, saying so,
unless the GM chose what to do (``save --replay`` or ``save --overwrite``):

- *replay* keeps the hand edit: the files are read again as they are now, and the changes
  this session made since its last save are applied on them one by one, with the dice they
  rolled, exactly as a journal is recovered. The first that no longer applies stops it:
  nothing is written and nothing changes, and the GM is told which change it was and why;
- *overwrite* writes this session's scene over the edit (the save keeps the edited file as
  ``NAME.bak``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Self, TypeVar

from fatescreen.commands.errors import CommandError, save_error
from fatescreen.i18n import tr
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.history import UndoHistory, UndoStep
from fatescreen.scene.journal import Journal
from fatescreen.scene.lock import SceneLocked, WriterLock, lock_of
from fatescreen.scene.source import read_text

REPLAY = "replay"
OVERWRITE = "overwrite"
HAND_EDIT_CHOICES = (REPLAY, OVERWRITE)
"""What a save may be told to do with a hand-edited file (``save --replay``)."""

Entry = tuple[str, tuple[str, ...]]
"""A change as the journal records it: the command line and the faces of the dice it
rolled."""


class HandEdited(CommandError):
    """A save was refused: a file changed on the disk since the session read it.

    Attributes:
        paths: The files that changed.
        changes: How many changes of the session's are not saved.
    """

    def __init__(self, message: str, paths: tuple[Path, ...], changes: int) -> None:
        super().__init__(message)
        self.paths = paths
        self.changes = changes


def save_options(words: list[str], lang: str) -> tuple[str | None, list[str]]:
    """The hand-edit choice among a save's words (``--replay``, ``--overwrite``: typed as
    they are, like ``log --markdown``) and the other words.

    Raises:
        CommandError: Both choices given.
    """
    options = {f"--{choice}": choice for choice in HAND_EDIT_CHOICES}
    chosen = {options[word] for word in words if word in options}
    if len(chosen) > 1:
        raise CommandError(tr(lang, "save.both_choices"))
    rest = [word for word in words if word not in options]
    return (chosen.pop() if chosen else None), rest


def changed_on_disk(files: list[tuple[Path, str]]) -> tuple[Path, ...]:
    """Which of the files no longer hold the text they were read with. A file that is gone
    counts as changed (one that never was is read as ""); one that cannot be read does not:
    the save then fails with its own reason."""
    changed = []
    for path, text in files:
        try:
            now = read_text(path) if path.exists() else ""
        except SceneFileError:
            continue
        if now != text:
            changed.append(path)
    return tuple(changed)


def take_writer_lock(target: Path, journal: Journal | None) -> WriterLock:
    """Become the one writer of a scene file (or a campaign, by its campaign.toml): before
    the file is read, so that what is read is what no other writer changes, and before its
    journal is touched; the journal then records this process as its writer.

    Args:
        target: The scene file, or the campaign's campaign.toml.
        journal: The session's journal (None without one: the lock is still the one a
            journal of the file would have beside it).

    Returns:
        The lock, held (:meth:`SceneWriter.close` lets it go).

    Raises:
        SceneLocked: Another process writes it (who, since when).
        OSError: The lock file cannot be made (the data folder cannot be written).
    """
    lock = lock_of((journal or Journal(target)).path, target)
    holder = lock.acquire()
    if journal is not None:
        journal.writer = holder
    return lock


class SceneWriter:
    """The writer's part of a session (Fate's, a campaign's, another system's).

    A session provides :meth:`loaded_files`, :meth:`reopened`, :meth:`replayed`,
    :meth:`adopt` and :meth:`journal_text`; it takes its lock with :func:`take_writer_lock`
    before it reads its files, calls :meth:`note_change` for every change it makes (before
    the change, so that a journal that cannot be written stops it) and
    :meth:`forget_changes` once they are all saved.
    """

    journal: Journal | None
    lang: str
    read_only: bool
    writer_lock: WriterLock | None
    unsaved: list[Entry]
    """The changes made since the last save, as the journal records them (kept even
    without a journal: ``fatescreen run`` keeps none)."""

    # -- what each session provides ----------------------------------------------------

    def loaded_files(self) -> list[tuple[Path, str]]:
        """The files a save writes over, each with the text the session read from it."""
        raise NotImplementedError

    def reopened(self) -> Self:
        """A new session of the same kind on the files as they are now: no journal, no
        lock, nothing replayed.

        Raises:
            SceneFileError: A file is invalid now.
            CommandError: A campaign's scene is invalid now.
        """
        raise NotImplementedError

    def replayed(self, command: str, dice: tuple[str, ...]) -> str | None:
        """Apply one recorded change again without journaling it; None when it applied,
        else why not."""
        raise NotImplementedError

    def adopt(self, other: Self) -> None:
        """Take ``other``'s files and values (its scene, history and what it read) as this
        session's own."""
        raise NotImplementedError

    # -- the lock ----------------------------------------------------------------------

    def save_as(self, target: Path, write: Callable[[], object]) -> None:
        """Save into another file and carry on there: its writer lock is taken first
        (when this session is its scene's one writer), ``write`` writes it, then the
        session's lock and journal move to the new file and the old journal goes (all it
        held is in the new file). The caller starts the new journal
        (:meth:`start_journal`).

        Raises:
            CommandError: Another process writes ``target`` (who, since when), or its lock
                file cannot be made; nothing was written then.
        """
        moved: WriterLock | None = None
        if self.writer_lock is not None:
            moved = lock_of(Journal(target).path, target)
            try:
                moved.acquire()
            except SceneLocked as error:
                raise CommandError(locked_message(error, self.lang)) from None
            except OSError as error:
                raise save_error(error, self.lang) from None
        try:
            write()
        except BaseException:
            if moved is not None:
                moved.release()
            raise
        if self.journal is not None:
            old, self.journal = self.journal, Journal(target)
            self.journal.writer = moved.holder if moved is not None else None
            with contextlib.suppress(OSError):
                old.discard()
        if moved is not None and self.writer_lock is not None:
            self.writer_lock.release()
            self.writer_lock = moved

    def close(self) -> None:
        """Let the writer lock go (the session is done with the scene). Never raises."""
        if self.writer_lock is not None:
            self.writer_lock.release()
            self.writer_lock = None

    # -- the changes not saved ---------------------------------------------------------

    def note_change(
        self,
        command: str,
        dice: tuple[str, ...],
        step: UndoStep[Any] | None = None,
        *,
        journal: bool,
    ) -> None:
        """Record a change about to be made: in the journal first (when ``journal``; if it
        cannot be written, this raises and the change is not made), then among the changes
        not saved. ``step`` is the step an undo or redo takes: one the files already hold
        goes back past the last save, which no journal can say (a recovery replays it over
        the saved files, with no history to undo), so the files are written again at once
        instead (:meth:`owed_save_line`).

        Raises:
            JournalWriteError: The journal could not be written.
            CommandError: An undo or redo past the last save, while the files cannot be
                written now (a save is being written, or a file was edited by hand).
        """
        if journal and self.journal is not None:
            if step is not None and id(step) in self._saved_ids:
                self._owe_save(command)
            else:
                self.journal.append(command, dice)
        self.unsaved.append((command, dice))

    # -- undo and redo past the last save ----------------------------------------------

    history: UndoHistory[Any]
    writing: bool = False
    """A save is being written off the UI thread (see ``Session.begin_save``)."""
    save_owed: str | None = None
    """``undo`` or ``redo`` when that step went back past the last save: the files are to
    be written again."""
    _past: int = 0
    """The undo (negative) and redo steps taken past saves in this session."""
    _saved_steps: tuple[UndoStep[Any], ...] = ()
    """The history's steps when the journal last began: the files hold them (kept here so
    that their ids are not given to new steps)."""
    _saved_ids: frozenset[int] = frozenset()

    def begin_journal(self, text: str, entries: list[Entry] | None = None) -> None:
        """Begin the journal afresh against ``text`` (the files' texts) with ``entries``,
        counting the steps the session took past its saves (see :meth:`Journal.start`).

        Raises:
            OSError: The journal cannot be written.
        """
        assert self.journal is not None
        # every journal of the session counts them, so that a player view that missed the
        # one an undo began (another save came before it looked) still takes the steps
        position = None if entries else len(self.history.done)
        self.journal.start(text, entries or (), stepped=self._past or None, position=position)
        if not entries:
            # the files hold every step now; with entries, those steps are the journal's
            # (recovered, or made while a save was written): undoing one goes past no save
            self.steps_saved()

    def steps_saved(self) -> None:
        """The files hold the history's steps now (the journal began again against them,
        or a save of them is being written): an undo or redo of one goes past a save."""
        self._saved_steps = (*self.history.done, *self.history.undone)
        self._saved_ids = frozenset(id(step) for step in self._saved_steps)

    def _owe_save(self, step: str) -> None:
        """Refuse an undo or redo past the last save when the files cannot be written now;
        else note that they are to be.

        Raises:
            CommandError: A save is being written, or a file was edited by hand.
        """
        if self.writing:
            raise CommandError(tr(self.lang, "history.past_save_while_saving"))
        edited = self.hand_edited()
        if edited:
            paths = ", ".join(str(path) for path in edited)
            raise CommandError(tr(self.lang, "history.past_save_hand_edited", paths=paths))
        self.save_owed = step

    def owed_save_line(self) -> str | None:
        """Write the files an undo or redo past the last save left owed; the line that
        says so, or why they could not be written (the change then waits for a save, as
        any change not saved). None when no save was owed."""
        if self.save_owed is None:
            return None
        step = -1 if self.save_owed == "undo" else 1
        self._past += step
        self.save_owed = None
        try:
            where = self.write_files()
        except CommandError as error:
            self._past -= step  # no journal began: none counts the step
            return str(error)
        return tr(self.lang, "history.saved_past", path=str(where))

    def write_files(self) -> Path:
        """Write the session's files as they stand now, over the ones it read (after the
        checks a save makes), and begin the journal again; where they were written.

        Raises:
            CommandError: A file could not be written.
        """
        raise NotImplementedError

    def forget_changes(self) -> None:
        """Every change is in the files now (a save, a fresh start)."""
        self.unsaved = []

    # -- hand edits --------------------------------------------------------------------

    def hand_edited(self) -> tuple[Path, ...]:
        """The session's files that changed on the disk since they were read or saved."""
        if self.read_only:
            return ()
        return changed_on_disk(self.loaded_files())

    def settle_hand_edits(self, choice: str | None) -> str | None:
        """Before a save over the session's own files: refuse it if a file was edited by
        hand since, unless ``choice`` says what to do; replay the changes on the edit if
        asked.

        Returns:
            A line saying the changes were replayed on the edited files, or None.

        Raises:
            HandEdited: A file was edited and no choice given.
            CommandError: The edited files cannot be read, or a change does not apply to
                them (which one, and why); nothing has changed then.
        """
        edited = self.hand_edited()
        if not edited or choice == OVERWRITE:
            return None
        names = ", ".join(str(path) for path in edited)
        count = len(self.unsaved)
        if choice != REPLAY:
            raise HandEdited(
                tr(
                    self.lang,
                    "save.hand_edited",
                    paths=names,
                    count=count,
                ),
                edited,
                count,
            )
        try:
            fresh = self.reopened()
        except SceneFileError as error:
            problems = "; ".join(problem.render(self.lang) for problem in error.problems)
            raise CommandError(
                tr(self.lang, "save.edit_invalid", paths=names, problems=problems)
            ) from None
        except CommandError as error:
            raise CommandError(
                tr(self.lang, "save.edit_invalid", paths=names, problems=str(error))
            ) from None
        for number, (command, dice) in enumerate(self.unsaved, 1):
            why = fresh.replayed(command, dice)
            if why is not None:
                raise CommandError(
                    tr(
                        self.lang,
                        "save.replay_failed",
                        number=number,
                        count=count,
                        command=command,
                        paths=names,
                        reason=why,
                    )
                )
        self.adopt(fresh)
        self.journal_again()
        return tr(self.lang, "save.replayed", paths=names, count=count)

    def journal_again(self) -> None:
        """Write the journal afresh with the changes not saved, against the files the
        session has now and naming this process as its writer (after changes were replayed
        on a hand edit, or recovered from another writer's journal). The new journal
        replaces the old at once: a crash meanwhile leaves one or the other, whole."""
        text = self.journal_text()
        if self.journal is None or text is None:
            return
        with contextlib.suppress(OSError):
            self.begin_journal(text, self.unsaved)

    def journal_text(self) -> str | None:
        """The text the journal is kept against (None without a file)."""
        raise NotImplementedError


W = TypeVar("W", bound=SceneWriter)


def open_writer(
    opener: Callable[..., W], path: Path, *, read_only: bool = False, **options: Any
) -> W:
    """Open a session the way a dashboard does: as the scene's one writer (its writer lock
    taken before the journal is touched), or, if asked, read-only (no lock, no journal,
    nothing saved).

    Args:
        opener: ``Session.open``, ``open_campaign`` or ``open_system_session``.
        path: The scene file or campaign folder.
        read_only: True to open without writing anything.
        options: The opener's other options (``lang``, ``seed``).

    Raises:
        SceneLocked: Another process writes the scene (who, since when).
        SceneFileError: A file is invalid (every problem listed).
        OSError: The lock file cannot be made (the data folder cannot be written).
    """
    if read_only:
        session = opener(path, journal=False, **options)
        session.read_only = True
        return session
    return opener(path, lock=True, **options)


def locked_message(error: SceneLocked, lang: str) -> str:
    """Who writes the scene, in one line (the refusal a second writer gets)."""
    holder = error.holder
    if holder is None:
        return tr(lang, "lock.held_unknown", target=str(error.target))
    return tr(
        lang,
        "lock.held",
        target=str(error.target),
        pid=holder.pid,
        host=holder.host,
        since=holder.since_text(),
    )
