"""Following a GM's session from outside it: the scene file (or campaign folder) as saved,
with the GM's journal replayed over it the way recovery replays it. Nothing is ever written.

Any system with the player view is followed the same way: its session replays the journal,
and its ``public`` part (:class:`~fatescreen.scene.public_view.PublicPart`) says what the
players may see of each scene value.

Each look costs what changed, not how long the session has run: the journal is read from
where the last look stopped (:class:`~fatescreen.scene.journal_tail.JournalTail`), its new
records are applied to the session already held, undo and redo among them, and the files
are read again only when their size, time or inode changed. The session starts again from
the files only when they changed or the journal was begun again (a save, a recovery the GM
declined).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from fatescreen import systems
from fatescreen.commands.errors import CommandError
from fatescreen.scene.campaign import CAMPAIGN_FILE, PARTY_FILE
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.history import UndoHistory, UndoStep
from fatescreen.scene.journal import Journal, digest
from fatescreen.scene.journal_tail import JournalTail
from fatescreen.scene.presence import claimant, is_running, presence_path
from fatescreen.scene.public_view import MadeRoll, PublicMaker, PublicPart, PublicValue
from fatescreen.scene.source import read_text

ROLLS_KEPT = 4
"""How many of the last rolls the player view remembers."""

RACY_NS = 100_000_000
"""A file changed this close (in nanoseconds) to the look at it may change again with the
same size and time (file times advance by clock ticks): it is read again at the next
look, as git does with racily clean files."""


class FollowState(StrEnum):
    """How the followed session stands."""

    LIVE = "live"
    """A GM's dashboard has the scene open."""
    NOT_RUNNING = "not_running"
    """No dashboard has it open: the scene as the GM left it (saved or journaled)."""
    GONE = "gone"
    """The scene file or campaign folder is not there."""
    INVALID = "invalid"
    """The file cannot be read (the GM is in the middle of editing it by hand)."""


@dataclass(frozen=True)
class Followed:
    """What the players may see now, and how the session stands."""

    state: FollowState
    scene: PublicValue | None
    """What the players may see of the scene: a value of its system's public types."""
    rolls: tuple[Any, ...] = ()
    """The last rolls seen, oldest first, as the system's public part shows them (for a
    system that keeps rolls apart from the scene): rolls the GM undid are not among them."""
    detail: str = ""
    """The file that is gone, or the first problem of an invalid file."""


FileStat = tuple[int, int, int, int] | None
"""A file's inode, size and modification time (device first); None when it is not there."""


def _stat(path: Path) -> FileStat:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns


def _roll_made(maker: PublicMaker, step: UndoStep[Any]) -> MadeRoll | None:
    """The roll a step made, or changed (an invoke, a reroll); None if it made none."""
    made = maker.roll_in(step.after)
    return made if made is not None and made is not maker.roll_in(step.before) else None


def _add_roll(rolls: list[MadeRoll], maker: PublicMaker, step: UndoStep[Any]) -> None:
    """Add the roll ``step`` made to ``rolls``; a roll it changed replaces that roll."""
    made, before = maker.roll_in(step.after), maker.roll_in(step.before)
    assert made is not None
    if before is not None and before.roll_id is made.roll_id and rolls:
        rolls[-1] = made  # an invoke or a reroll changed the same roll
    else:
        rolls.append(made)


def _left_history(before: UndoHistory[Any], after: UndoHistory[Any]) -> tuple[UndoStep[Any], ...]:
    """The steps of ``before`` that are no longer to be undone in ``after``, without having
    been undone: taken beyond the history's limit, or a history begun again (a campaign
    opening a scene). Those stay done for good."""
    if after is before or not before.done:
        return ()
    if after.done and after.done[0] is before.done[0]:
        return ()  # undo and redo take steps at the newest end only
    dropped = len(before.done) + 1 - len(after.done)
    recorded = bool(after.done) and after.done[-1] is not before.done[-1]
    follows = len(after.done) < 2 or after.done[-2] is before.done[-1]
    if recorded and follows and 0 < dropped <= len(before.done):
        return before.done[:dropped]  # a step recorded at the limit, or after a reset
    still = {id(step) for step in (*after.done, *after.undone)}
    return tuple(step for step in before.done if id(step) not in still)


STEPS_SOUGHT = 20
"""How many undo or redo steps away from the session followed a save is looked for."""


def _stepped_to(session: FollowedSession, loaded: FollowedSession) -> bool:
    """Whether ``session`` comes to hold what ``loaded`` holds by undoing or redoing at most
    :data:`STEPS_SOUGHT` of its steps, which it then has undone or redone: the GM went back
    past the last save (or forth again), which writes the files at once."""
    for name, back in (("undo", "redo"), ("redo", "undo")):
        taken = 0
        while taken < STEPS_SOUGHT and session.replayed(name, ()) is None:
            taken += 1
            if session.continued_in(loaded):
                return True
        for _ in range(taken):
            session.replayed(back, ())
    return False


class FollowedSession(Protocol):
    """What the follower asks of a session of any system (Fate's, a campaign's, a system's
    on the shared stack)."""

    history: UndoHistory[Any]
    read_only: bool
    value: Any
    """The session's value now (its undo history's)."""

    @property
    def shown(self) -> Any:
        """The scene value the players' view is made from."""
        ...

    def replayed(self, command: str, dice: tuple[str, ...]) -> str | None:
        """Apply one journaled command with its dice; None if it applied."""
        ...

    def continued_in(self, loaded: Any) -> bool:
        """Whether ``loaded``, read from the files just now, holds what this session holds
        (the GM saved it)."""
        ...


class Follower:
    """Follows one scene file or campaign folder; :meth:`poll` is cheap when nothing
    changed (a few ``stat`` calls).

    Raises:
        LookupError: The scene's system has no player view (no ``public`` part).
    """

    def __init__(self, path: Path, *, lang: str = "en") -> None:
        self.path = path
        self.lang = lang
        self.is_campaign = path.is_dir()
        target = path / CAMPAIGN_FILE if self.is_campaign else path
        self.system = systems.of_file(target)
        """The scene's system, as the scene file (or campaign.toml) names it."""
        part: PublicPart = self.system.part("public")
        self.journal = Journal(target, faces=part.faces)
        self._tail = JournalTail(self.journal.path, faces=part.faces)
        """The journal as read so far."""
        self._session: FollowedSession | None = None
        self._base = ""
        self._writer: object = None
        """The writer of the journal the session follows (see JournalTail.writer)."""
        """The digest of the text the session's journal is written against."""
        self._applied = 0
        """How many of the journal's records the session has applied."""
        self._stepped = 0
        self._offset: int | None = None
        """The writer's history's position less this view's, when known (see
        :meth:`_step_to_writer`)."""
        """The steps the GM took past saves, as the journal last read counts them."""
        self._sources: tuple[FileStat, ...] | None = None
        """The files the session was read from, as they were when last looked at (None:
        read them again at the next look)."""
        self._key = ""
        """The texts of the files the session was read from."""
        self._kept_rolls: list[MadeRoll] = []
        """Rolls made that no undo can take back any more (made before the session was
        read from the files again, or beyond its history's limit), oldest first."""
        self._present: bool | None = None
        """Whether the GM's dashboard ran at the last look."""
        self._presence: FileStat = None
        self._claimant: int | None = None
        """The process id the presence file named when last read."""
        self._last: Followed | None = None
        self._broken_scene: Path | None = None
        """A campaign's running scene file that could not be opened: watched until mended."""
        self._public = part.maker()

    def close(self) -> None:
        """Let go of the journal's file (a later poll opens it again)."""
        self._tail.close()

    def _scene_file(self) -> Path | None:
        """A campaign's open scene file (or its running one, while that is invalid)."""
        session = self._session
        if session is not None and self.is_campaign:
            key: str | None = getattr(session, "scene_key", None)
            return None if key is None else self.path / key
        return self._broken_scene

    def _source_files(self) -> list[Path]:
        """The files the session is read from."""
        if not self.is_campaign:
            return [self.path]
        files = [self.path / CAMPAIGN_FILE, self.path / PARTY_FILE]
        scene = self._scene_file()
        return files if scene is None else [*files, scene]

    def poll(self) -> Followed | None:
        """What the players see now, if anything changed since the last poll; else None."""
        looked_at = time.time_ns()
        # the files as they were before the read: a command journaled or a file written
        # while it reads is seen at the next poll
        files = self._source_files()
        sources = tuple(_stat(file) for file in files)
        change = self._tail.look()
        present = self._gm_present()
        if change is None and sources == self._sources and present == self._present:
            return None
        self._present = present
        followed = self._follow(sources, change is not None and change.restarted)
        if self._source_files() != files:
            sources = tuple(_stat(file) for file in self._source_files())
        racy = any(stat is not None and stat[3] >= looked_at - RACY_NS for stat in sources)
        self._sources = None if racy else sources
        if followed == self._last:
            return None
        self._last = followed
        return followed

    def _gm_present(self) -> bool:
        """Whether the GM's dashboard runs: its presence file is read when it changed, and
        the process it names is asked after at every look."""
        presence = _stat(presence_path(self.journal))
        if presence != self._presence:
            self._presence, self._claimant = presence, claimant(self.journal)
        return self._claimant is not None and is_running(self._claimant)

    def _follow(self, sources: tuple[FileStat, ...], restarted: bool) -> Followed:
        """What the players see, the files looked at (``sources``) and the journal read
        (``restarted``: begun again since the last look)."""
        target = self.path / CAMPAIGN_FILE if self.is_campaign else self.path
        if not target.exists():
            self._drop_session()
            return Followed(FollowState.GONE, None, self._shown_rolls(), str(target))
        try:
            if self._session is not None and not restarted:
                self._apply_new()  # before the files: a save holds what they did
            elif restarted and self._session is not None and self._tail.writer == self._writer:
                # the same GM's session: to where its history is now (the undos of the
                # journal it replaced, which this view may have missed, and the steps it
                # took past saves since the last look)
                self._step_to_writer(self._session)
            if restarted:
                self._stepped = self._tail.stepped or 0
            key = None if sources == self._sources else self._files_key()
            if self._session is None or (key is not None and key != self._key):
                self._read_files(key)
            elif restarted and self._applied > 0:
                # the records applied are not in the new journal; one another writer began
                # against the same text replaced the old (a crash's recovery replays in it
                # what still stands, a discarded one never happened), else the GM saved
                replaced = self._tail.writer is not None and self._tail.writer != self._writer
                self._read_files(key, replaced=replaced and self._tail.base == self._base)
            elif restarted:
                self._applied = 0  # the same files, and nothing of the old journal applied
            if self._applied == 0 and self._session is not None:
                # at the journal's start: where this history stands against the writer's
                position = self._tail.position
                done = len(self._session.history.done)
                self._offset = None if position is None else position - done
            self._apply_new()
        except SceneFileError as error:
            self._drop_session()
            return Followed(FollowState.INVALID, None, self._shown_rolls(), str(error.problems[0]))
        except (CommandError, OSError) as error:
            self._drop_session()
            self._broken_scene = self._running_file()
            return Followed(FollowState.INVALID, None, self._shown_rolls(), str(error))
        session = self._session
        assert session is not None
        state = FollowState.LIVE if self._present else FollowState.NOT_RUNNING
        rolls = self._public.rolls(self._rolls_now(session), session.shown)
        return Followed(state, self._public(session.shown), rolls)

    def _apply_new(self) -> None:
        """Apply the journal's records the session has not applied yet, if the journal is
        written against the files it was read from."""
        session = self._session
        records = self._tail.records
        if session is None or self._tail.base != self._base or self._applied >= len(records):
            return
        for command, dice in records[self._applied :]:
            before = session.history
            session.replayed(command, dice)  # one that does not apply is left out
            for step in _left_history(before, session.history):
                if _roll_made(self._public, step) is not None:
                    _add_roll(self._kept_rolls, self._public, step)
            del self._kept_rolls[:-ROLLS_KEPT]
        self._applied = len(records)

    def _read_files(self, key: str | None, *, replaced: bool = False) -> None:
        """Start again from the files, whose texts are ``key`` if they were just read (the
        GM's history goes on when they hold what the session held: the GM saved it, or
        went back or forth past a save, which saves at once); ``replaced``: the journal
        followed was replaced by another writer's over the same files, which holds what
        stands: the old records' history and rolls are not kept.

        Raises:
            SceneFileError: A file is invalid.
            CommandError: A campaign's running scene is invalid.
            OSError: A file could not be read.
        """
        key = self._files_key() if key is None else key
        loaded, base = self._load()
        earlier = self._session
        if earlier is not None and not replaced:
            rolls = self._rolls_now(earlier)
            if earlier.continued_in(loaded) or _stepped_to(earlier, loaded):
                loaded.history = earlier.history
                loaded.value = earlier.value
            else:
                self._kept_rolls = rolls
        self._session, self._base, self._key, self._applied = loaded, digest(base), key, 0
        self._writer = self._tail.writer
        self._broken_scene = None

    def _step_to_writer(self, session: FollowedSession) -> None:
        """Undo or redo to where the writer's history is as its new journal begins: by the
        position the journal names, when this view knows where its own history stands
        against the writer's; else by the steps past saves the journal counts."""
        position = self._tail.position
        if position is None or self._offset is None:
            self._step_past_saves(session)
            return
        target = position - self._offset
        while len(session.history.done) > target and session.replayed("undo", ()) is None:
            pass
        while len(session.history.done) < target and session.replayed("redo", ()) is None:
            pass

    def _step_past_saves(self, session: FollowedSession) -> None:
        """Take the undo or redo steps the GM took past saves since the last look, as the
        new journal counts them (see :meth:`~fatescreen.scene.journal.Journal.start`): what
        no file holds (a roll pending) goes or comes back with them."""
        moved = (self._tail.stepped or 0) - self._stepped
        for _ in range(abs(moved)):
            session.replayed("undo" if moved < 0 else "redo", ())

    def _drop_session(self) -> None:
        """Forget the session (its files are gone or broken): its rolls stay shown."""
        if self._session is not None:
            self._kept_rolls = self._rolls_now(self._session)
        self._session, self._key, self._applied = None, "", 0

    def _rolls_now(self, session: FollowedSession) -> list[MadeRoll]:
        """The last rolls made and not undone, oldest first: found from the newest step of
        the history back (a roll an invoke changed, as it is now), then among the rolls
        kept from before; so the cost does not grow with the history."""
        rolls: list[MadeRoll] = []
        seen: set[int] = set()
        for step in reversed(session.history.done):
            if len(rolls) == ROLLS_KEPT:
                break
            pending = _roll_made(self._public, step)
            if pending is not None and id(pending.roll_id) not in seen:
                seen.add(id(pending.roll_id))
                rolls.append(pending)
        for pending in reversed(self._kept_rolls):
            if len(rolls) == ROLLS_KEPT:
                break
            if id(pending.roll_id) not in seen:
                seen.add(id(pending.roll_id))
                rolls.append(pending)
        return rolls[::-1]

    def _shown_rolls(self) -> tuple[Any, ...]:
        """The rolls of the last picture shown (when there is no scene to read now)."""
        return self._last.rolls if self._last is not None else ()

    def _running_file(self) -> Path | None:
        """The scene file a campaign's files say is running (None for a scene file, a
        campaign between scenes or campaign files that cannot be read)."""
        if not self.is_campaign:
            return None
        try:
            running: str | None = self.system.check_campaign(self.path).running
        except SceneFileError:
            return None
        return None if running is None else self.path / running

    def _files_key(self) -> str:
        """The texts of the files the session is read from (cheap next to parsing them).

        Raises:
            SceneFileError: A scene or campaign file cannot be read (a named pipe or a
                device is refused at once, never waited on).
        """
        if not self.is_campaign:
            return read_text(self.path)
        party = self.path / PARTY_FILE  # a campaign without a party yet has none
        parts = [
            read_text(self.path / CAMPAIGN_FILE),
            read_text(party) if party.exists() else "",
        ]
        scene = self._scene_file()
        if scene is not None:
            try:
                parts.append(read_text(scene))
            except SceneFileError:
                parts.append("")
        return "\0".join(parts)

    def _load(self) -> tuple[FollowedSession, str]:
        """A read-only session on the files as they are, and the text its journal is
        written against.

        Raises:
            SceneFileError: A file is invalid.
            CommandError: A campaign's running scene is invalid.
        """
        if self.is_campaign:
            campaign = self.system.open_campaign(self.path, lang=self.lang, journal=False)
            campaign.read_only = True
            return campaign, str(campaign.journal_text())
        scene = self.system.open_session(self.path, lang=self.lang, journal=False)
        scene.read_only = True
        assert scene.loaded is not None
        return scene, str(scene.loaded.text)


def follow_once(path: Path, lang: str = "en") -> Followed:
    """What the players see of a scene file or campaign folder now (for scripts and tests)."""
    follower = Follower(path, lang=lang)
    try:
        followed = follower.poll()
    finally:
        follower.close()
    assert followed is not None  # a new follower always has something to show
    return followed
