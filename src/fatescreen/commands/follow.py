"""Following a GM's session from outside it: the scene file (or campaign folder) as saved,
with the GM's journal replayed over it the way recovery replays it, read again whenever one
of the files changes. Nothing is ever written."""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from fatescreen.commands.campaign_session import CampaignSession, open_campaign
from fatescreen.commands.errors import CommandError
from fatescreen.commands.session import Session, are_faces
from fatescreen.rules.dice import parse_faces
from fatescreen.scene.campaign import CAMPAIGN_FILE, PARTY_FILE, load_campaign
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.journal import Journal
from fatescreen.scene.model import PendingRoll
from fatescreen.scene.presence import gm_present, presence_path
from fatescreen.scene.public import PublicRoll, PublicScene, public_roll, public_scene
from fatescreen.scene.source import read_text

ROLLS_KEPT = 4
"""How many of the last rolls the player view remembers."""


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
    scene: PublicScene | None
    rolls: tuple[PublicRoll, ...] = ()
    """The last rolls seen, oldest first."""
    detail: str = ""
    """The file that is gone, or the first problem of an invalid file."""


Signature = tuple[tuple[int, int] | bool | None, ...]


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


class Follower:
    """Follows one scene file or campaign folder; :meth:`poll` is cheap when nothing
    changed (a few ``stat`` calls)."""

    def __init__(self, path: Path, *, lang: str = "en") -> None:
        self.path = path
        self.lang = lang
        self.is_campaign = path.is_dir()
        self.journal = Journal(path / CAMPAIGN_FILE if self.is_campaign else path, faces=are_faces)
        self._signature: Signature | None = None
        self._session: Session | None = None
        self._base = ""
        """The text the journal is written against."""
        self._key = ""
        """The texts of the files the session was read from."""
        self._replayed: list[tuple[str, tuple[str, ...]]] = []
        self._rolls: list[PendingRoll] = []
        """The last rolls made, as the scene held them: they are shown with the names
        public now (a roller made secret again is "someone" in them too)."""
        self._last: Followed | None = None
        self._broken_scene: Path | None = None
        """A campaign's running scene file that could not be opened: watched until mended."""

    def _scene_file(self) -> Path | None:
        """A campaign's open scene file (or its running one, while that is invalid)."""
        session = self._session
        if isinstance(session, CampaignSession):
            return None if session.scene_key is None else self.path / session.scene_key
        return self._broken_scene

    def _files(self) -> list[Path]:
        files = [self.journal.path, presence_path(self.journal)]
        if not self.is_campaign:
            return [self.path, *files]
        files += [self.path / CAMPAIGN_FILE, self.path / PARTY_FILE]
        scene = self._scene_file()
        if scene is not None:
            files.append(scene)
        return files

    def _look(self) -> Signature:
        """The files' sizes and times, and whether the GM's dashboard still runs (a
        dashboard that crashed leaves its presence file behind)."""
        return (*(_stat(file) for file in self._files()), gm_present(self.journal))

    def poll(self) -> Followed | None:
        """What the players see now, if anything changed since the last poll; else None."""
        signature = self._look()
        if signature == self._signature:
            return None
        # the files as they were before the read: a command journaled while it reads is
        # seen at the next poll (a campaign that opened another scene file reads once more)
        self._signature = signature
        followed = self._read()
        if followed == self._last:
            return None
        self._last = followed
        return followed

    def _read(self) -> Followed:
        target = self.path / CAMPAIGN_FILE if self.is_campaign else self.path
        if not target.exists():
            self._session = None
            return Followed(FollowState.GONE, None, self._shown_rolls(), str(target))
        try:
            key = self._files_key()
            if self._session is None or key != self._key:
                self._session, self._base = self._load()
                self._key, self._replayed = self._files_key(), []
        except SceneFileError as error:
            self._session = None
            return Followed(FollowState.INVALID, None, self._shown_rolls(), str(error.problems[0]))
        except (CommandError, OSError) as error:
            self._session = None
            self._broken_scene = self._running_file()
            return Followed(FollowState.INVALID, None, self._shown_rolls(), str(error))
        session = self._session
        entries = self.journal.pending(self._base)
        if entries[: len(self._replayed)] != self._replayed:
            # the GM discarded the journal or undid past it: start again from the files
            session, self._base = self._load()
            self._session, self._replayed = session, []
            entries = self.journal.pending(self._base)
        for command, dice in entries[len(self._replayed) :]:
            before = session.scene.pending_roll
            session.replay([(command, tuple(parse_faces(d) for d in dice))])
            self._note_roll(before, session)
        self._replayed = entries
        state = FollowState.LIVE if gm_present(self.journal) else FollowState.NOT_RUNNING
        rolls = tuple(
            roll for pending in self._rolls if (roll := public_roll(pending, session.scene))
        )
        return Followed(state, public_scene(session.scene), rolls)

    def _shown_rolls(self) -> tuple[PublicRoll, ...]:
        """The rolls of the last picture shown (when there is no scene to read now)."""
        return self._last.rolls if self._last is not None else ()

    def _running_file(self) -> Path | None:
        """The scene file a campaign's files say is running (None for a scene file, a
        campaign between scenes or campaign files that cannot be read)."""
        if not self.is_campaign:
            return None
        try:
            running = load_campaign(self.path).campaign.running
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

    def _load(self) -> tuple[Session, str]:
        """A read-only session on the files as they are, and the text its journal is
        written against.

        Raises:
            SceneFileError: A file is invalid.
            CommandError: A campaign's running scene is invalid.
        """
        if self.is_campaign:
            campaign = open_campaign(self.path, lang=self.lang, journal=False)
            campaign.read_only = True
            assert campaign.files is not None
            return campaign, campaign.files.campaign_text + "\0" + campaign.files.party_text
        scene = Session.open(self.path, lang=self.lang, journal=False)
        scene.read_only = True
        assert scene.loaded is not None
        return scene, scene.loaded.text

    def _note_roll(self, before: PendingRoll | None, session: Session) -> None:
        """Remember the roll a command made; an invoke that changed the roll replaces it."""
        pending = session.scene.pending_roll
        if pending is None or pending is before:
            return
        same_roll = before is not None and before.roll_id is pending.roll_id
        if same_roll and self._rolls:
            self._rolls[-1] = pending  # an invoke or a reroll changed the same roll
        else:
            self._rolls.append(pending)
        self._rolls[:] = self._rolls[-ROLLS_KEPT:]


def follow_once(path: Path, lang: str = "en") -> Followed:
    """What the players see of a scene file or campaign folder now (for scripts and tests)."""
    followed = Follower(path, lang=lang).poll()
    assert followed is not None  # a new follower always has something to show
    return followed
