"""A campaign being played: its scenes one after another, the party saved, the session record."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from fatescreen.commands.campaign import (
    CampaignApplied,
    CampaignContext,
    SceneEnd,
    SessionEnd,
    end_scene,
    end_session,
    party_left,
    party_now,
    start_scene,
    view_scene,
)
from fatescreen.commands.core import Applied
from fatescreen.commands.errors import CommandError, os_error_text
from fatescreen.commands.fate_session import FateCommands, are_faces
from fatescreen.commands.record import RecordEntry, append_record
from fatescreen.commands.session import Change, LogEntry, Result, Session
from fatescreen.commands.writer import locked_message, save_options, take_writer_lock
from fatescreen.i18n import default_language, tr
from fatescreen.rules.character import Character
from fatescreen.scene.atomic import remove_stale_temps
from fatescreen.scene.campaign import (
    CAMPAIGN_FILE,
    Campaign,
    LoadedCampaign,
    SceneEntry,
    SceneState,
    check_sheet,
    load_campaign,
    party_of,
    save_campaign,
)
from fatescreen.scene.errors import SceneFileError, said
from fatescreen.scene.history import History, Step
from fatescreen.scene.journal import Journal
from fatescreen.scene.load import LoadedScene, load_scene
from fatescreen.scene.lock import SceneLocked, WriterLock, lock_of
from fatescreen.scene.model import Scene, SceneGear, changes
from fatescreen.scene.save import save_scene


@dataclass(frozen=True)
class CampaignStep(Step):
    """An undoable step that also changed the campaign (scene start and end, advancement)."""

    campaign_before: Campaign | None = None
    campaign_after: Campaign | None = None


@dataclass(frozen=True)
class CampaignCommands(FateCommands):
    """Fate's side of a campaign's session: its verbs see the campaign too."""

    def context(self, session: Session[Scene], replay: list[str]) -> CampaignContext:
        """The context of a verb: the scene's, with the party and the running scene's key."""
        assert isinstance(session, CampaignSession)
        plain = super().context(session, replay)
        return CampaignContext(
            plain.scene,
            plain.rng,
            plain.lang,
            plain.ladder_names,
            replay=plain.replay,
            folder=plain.folder,
            campaign=session.party(),
            scene_key=session.scene_key,
        )


CAMPAIGN_COMMANDS = CampaignCommands()


@dataclass
class CampaignSession(Session[Scene]):
    """A campaign's play: every command line goes through :meth:`execute`, as in a scene.

    Between scenes the session holds a blank scene named after the campaign; ``play``
    opens a scene file (starting it if it is prepared) and ``endscene`` ends it. Saving
    writes party.toml and campaign.toml with the scene; scene end and session end save by
    themselves. Undo covers campaign steps too, back to the start of the open scene.
    """

    saves_in_background: ClassVar[bool] = False
    """A campaign's save writes the scene, the party and the campaign file together."""

    files: LoadedCampaign | None = None
    campaign: Campaign = field(default_factory=lambda: Campaign(""))
    scene_key: str | None = None
    """The open scene's key in the campaign (its path relative to the folder)."""
    stamps: list[tuple[int, str, str]] = field(default_factory=list)
    """For each log entry: the session number, scene key and scene title it belongs to."""
    recorded: int = 0
    """How many log entries the session record already holds."""
    scene_lock: WriterLock | None = None
    """The open scene file's writer lock, while this session writes the campaign."""
    opened_at: int | None = None
    """The log entry that started the running scene (or redid its start), while it runs."""
    withdrawals: dict[int, int] = field(default_factory=dict)
    """Log entries that took a scene start back, each with how many entries before it the
    players' record leaves out with it (see :attr:`RecordEntry.withdraws`)."""

    # -- what the dashboard reads ----------------------------------------------------

    @property
    def folder(self) -> Path:
        """The campaign folder."""
        assert self.files is not None
        return self.files.folder

    @property
    def running(self) -> bool:
        """True when the open scene is the campaign's running scene."""
        return self.scene_key is not None and self.campaign.running == self.scene_key

    def scene_list(self) -> tuple[tuple[SceneEntry, SceneState], ...]:
        """The campaign's scenes, each with whether it is prepared, running or finished."""
        return tuple((entry, self.campaign.state_of(entry.key)) for entry in self.campaign.scenes)

    def party(self) -> Campaign:
        """The campaign with the newest sheets: the running scene's PCs written in."""
        return party_now(self.campaign, self.scene, self.scene_key)

    def preview_scene_end(self, compel_points: int | None = None) -> SceneEnd:
        """What ``endscene`` would do now, for a summary before it is applied.

        Raises:
            CommandError: No scene is running.
        """
        if not self.running:
            raise CommandError(tr(self.lang, "campaign.no_scene"))
        return end_scene(self.party(), self.scene, compel_points)

    def preview_session_end(self) -> SessionEnd:
        """What ``endsession`` would do now (see :func:`end_session`)."""
        return end_session(self.campaign)

    def edit_sheet(self, character: Character) -> Result:
        """Replace a party member's sheet (the dashboard's sheet screen) as one undoable step,
        in the running scene too; the files are saved at once.

        Raises:
            CommandError: No such party member, or the sheet breaks the campaign's skill
                list or skill layout (every problem listed).
        """
        self.refuse_pending_recovery()
        self.settle_hand_edits(None)  # saved at once: never over a hand edit unasked
        self.step_from = self.scene
        if character.id not in {member.id for member in self.campaign.party}:
            raise CommandError(tr(self.lang, "campaign.not_in_party", name=character.name))
        problems = check_sheet(character, self.campaign.skills, self.campaign.skill_layout)
        if problems:
            raise CommandError("; ".join(said(problem, self.lang) for problem in problems))
        scene = self.scene
        if self.running and character.id in scene.party:
            zone = scene.character(character.id).zone
            scene = scene.with_character(replace(character, zone=zone))
        campaign = self.party().with_characters({character.id: replace(character, zone=None)})
        label = tr(self.lang, "campaign.label.sheet", name=character.name)
        changed = frozenset({"party", f"pc:{character.id}", f"character:{character.id}"})
        applied = CampaignApplied(scene, (label,), label, changed, campaign=campaign, save=True)
        result = self._commit_campaign(label, applied, (), journal=False, command=False)
        self.note_moments()
        for listener in self.listeners:
            listener(result)
        return result

    # -- commands ----------------------------------------------------------------------

    def _commit(
        self, text: str, applied: Change[Any], rolled: tuple[str, ...], *, journal: bool
    ) -> Result:
        assert isinstance(applied, Applied)  # Fate's verbs, the campaign's among them
        session, where = self.campaign.session, self._where()
        if isinstance(applied, CampaignApplied) and applied.campaign is not None:
            if applied.open_scene is not None:
                result = self._open(text, applied.open_scene, applied.label, journal=journal)
            else:
                result = self._commit_campaign(text, applied, rolled, journal=journal)
        else:
            if applied.scene != self.scene and not self.running:
                raise CommandError(self._why_not_running())
            if any(pc_id not in applied.scene.party for pc_id in self.scene.party):
                # a party member taken out of the running scene keeps what happened to them
                left = party_left(self.campaign, self.scene, applied.scene)
                applied = CampaignApplied(
                    applied.scene,
                    applied.lines,
                    applied.label,
                    changes(self.scene, applied.scene) | {"party"},
                    applied.record,
                    campaign=left,
                )
                result = self._commit_campaign(text, applied, rolled, journal=journal)
            else:
                result = super()._commit(text, applied, rolled, journal=journal)
        self._stamp(session, where)
        return result

    def _why_not_running(self) -> str:
        if self.scene_key is None:
            return tr(self.lang, "campaign.no_scene")
        state = self.campaign.state_of(self.scene_key)
        key = "campaign.ended" if state is SceneState.FINISHED else "campaign.not_started"
        return tr(self.lang, key, title=self.scene.title)

    def _commit_campaign(
        self,
        text: str,
        applied: CampaignApplied,
        rolled: tuple[str, ...],
        *,
        journal: bool,
        command: bool = True,
    ) -> Result:
        """Apply a step that changes the campaign; ``command`` False for one that is not a
        command line (a sheet edit, saved at once)."""
        campaign = applied.campaign
        assert campaign is not None
        session, where = self.campaign.session, self._where()
        changed = applied.scene != self.scene or campaign != self.campaign
        step = CampaignStep(
            applied.label or text, self.scene, applied.scene, self.campaign, campaign
        )

        def take() -> None:
            self.scene, self.campaign = applied.scene, campaign

        result = self._take_step(
            text,
            applied,
            rolled,
            step if changed else None,
            take,
            applied.changed if changed else frozenset(),
            journal=journal,
            command=command,
        )
        self._stamp(session, where)  # where it happened, before the save records it
        if applied.save:
            saved = self._autosave() or tr(self.lang, "campaign.saved", path=str(self.folder))
            result = replace(result, lines=(*result.lines, saved))
        return result

    def _autosave(self) -> str | None:
        """Save everything at a milestone of play; the error message if that failed."""
        try:
            self._write()
        except CommandError as error:
            return str(error)
        return None

    def _where(self) -> tuple[str, str] | None:
        """The running scene's key and title; None between scenes."""
        if self.scene_key is None or not self.running:
            return None
        return self.scene_key, self.scene.title

    def _stamp(self, session: int, where: tuple[str, str] | None) -> None:
        """Note the session and scene of the log entries not noted yet: the scene they were
        typed in, else the scene they started, else "between scenes"."""
        key, title = where or self._where() or ("", tr(self.lang, "record.between"))
        while len(self.stamps) < len(self.log):
            self.stamps.append((session, key, title))

    def _meta(self, name: str, words: list[str], text: str, *, journal: bool) -> Result:
        session, where = self.campaign.session, self._where()
        result = super()._meta(name, words, text, journal=journal)
        if name == "undo" and isinstance(step := self.history.undone[-1], CampaignStep):
            self.campaign = step.campaign_before or self.campaign
            if _starts_scene(step) and self.opened_at is not None:
                # the scene never happened: nothing of it is the players' to read
                self.withdrawals[len(self.log) - 1] = len(self.log) - 1 - self.opened_at
                self.opened_at = None
        elif name == "redo" and isinstance(step := self.history.done[-1], CampaignStep):
            self.campaign = step.campaign_after or self.campaign
            if _starts_scene(step):
                self._opened()
        self._stamp(session, where)
        return result

    def _opened(self) -> None:
        """Note the log entry just made as the start of the running scene: the players'
        record lists what the new scene shows, and nothing of the scene before as gone."""
        self.note_moments()
        self.moments[-1] = (None, self.scene)
        self.opened_at = len(self.log) - 1

    def withdrawn(self, index: int) -> bool:
        """True when log entry ``index`` is left out of the players' record: it was played
        in a scene whose start was taken back, or it took that start back."""
        return any(last - count <= index <= last for last, count in self.withdrawals.items())

    def players_lines(self, index: int) -> tuple[str, ...]:
        """What the players could see of log entry ``index``; () for an entry
        :meth:`withdrawn` from their record."""
        return () if self.withdrawn(index) else super().players_lines(index)

    # -- scenes --------------------------------------------------------------------------

    def _load(self, key: str) -> LoadedScene:
        """A scene of the campaign as the campaign plays it (see :func:`view_scene`).

        Raises:
            CommandError: The file is invalid; every problem is listed.
        """
        try:
            loaded = load_scene(self.folder / key, party=party_of(self.campaign))
            remove_stale_temps(self.folder / key)
        except SceneFileError as error:
            raise CommandError("\n".join(str(problem) for problem in error.problems)) from None
        sheets = {m.id: m.character for m in self.campaign.party}
        running = self.campaign.running == key
        return view_scene(loaded, self.campaign, sheets, keep_zones=True, running=running)

    def _gear_line(self, gear: SceneGear) -> str:
        """What the scene gives a party PC beyond the sheet, said as the scene starts."""
        lang = self.lang
        parts = [
            *([tr(lang, "campaign.gear.weapon", rating=gear.weapon)] if gear.weapon else []),
            *([tr(lang, "campaign.gear.armor", rating=gear.armor)] if gear.armor else []),
            *(
                tr(lang, "campaign.gear.stunt", stunt=f'"{stunt.text.split(":")[0]}"')
                for stunt in gear.stunts
            ),
        ]
        name = self.scene.character(gear.pc).name
        return tr(lang, "campaign.gear", name=name, gear=", ".join(parts))

    def reopen(self, key: str) -> None:
        """Open the running scene again (after the campaign was closed), without starting it.

        Raises:
            CommandError: The file is invalid.
            SceneLocked: This session writes the campaign, and another process writes that
                scene file.
        """
        lock = self._scene_lock(key)
        try:
            loaded = self._load(key)
        except BaseException:
            self._drop(lock)
            raise
        self._hold_scene(lock)
        self.loaded, self.scene, self.scene_key = loaded, loaded.scene, key
        self.history, self.opened_at = History(), None

    def _scene_lock(self, key: str) -> WriterLock | None:
        """The writer lock of a scene of the campaign, taken (None when this session writes
        nothing): a dashboard on that scene file alone would write it too.

        Raises:
            SceneLocked: Another process writes the scene file.
        """
        if self.writer_lock is None:
            return None
        path = self.folder / key
        if self.scene_lock is not None and self.scene_lock.target == path:
            return self.scene_lock
        lock = lock_of(Journal(path).path, path)
        lock.acquire()
        return lock

    def _drop(self, lock: WriterLock | None) -> None:
        """Let a scene's lock go that was taken for nothing (the scene did not open)."""
        if lock is not None and lock is not self.scene_lock:
            lock.release()

    def _hold_scene(self, lock: WriterLock | None) -> None:
        """Keep the open scene's lock, letting the one of the scene before go."""
        if self.scene_lock is not None and self.scene_lock is not lock:
            self.scene_lock.release()
        self.scene_lock = lock

    def close(self) -> None:
        """Let the campaign's lock and its open scene's go."""
        super().close()
        if self.scene_lock is not None:
            self.scene_lock.release()
            self.scene_lock = None

    def _open(self, text: str, key: str, label: str, *, journal: bool) -> Result:
        """``play``: save what is open, open the scene and start it if it is prepared."""
        try:
            lock = self._scene_lock(key)
        except SceneLocked as held:
            raise CommandError(locked_message(held, self.lang)) from None
        try:
            if self.dirty:
                self._write()
            loaded = self._load(key)
        except BaseException:
            self._drop(lock)
            raise
        self._hold_scene(lock)
        self.loaded, self.scene, self.scene_key = loaded, loaded.scene, key
        self.history, self.opened_at = History(), None
        entry = self.campaign.entry(key)
        if self.campaign.state_of(key) is SceneState.PREPARED:
            start = start_scene(self.campaign, loaded.scene, key)
            step = CampaignStep(label, loaded.scene, start.scene, self.campaign, start.campaign)
            self.history = self.history.record(step)
            self.scene, self.campaign = start.scene, start.campaign
            names = {c.id: c.name for c in start.scene.characters}
            carried = ", ".join(f"{names[npc]} +{n}" for npc, n in start.carried)
            lines: tuple[str, ...] = (
                tr(
                    self.lang,
                    "campaign.play",
                    number=start.campaign.scene,
                    session=start.campaign.session,
                    title=entry.title,
                ),
                tr(
                    self.lang,
                    "campaign.pool",
                    total=start.pool,
                    pcs=start.pcs,
                    carried=sum(n for _, n in start.carried),
                    compels=start.compel_points,
                    who=carried or tr(self.lang, "none"),
                ),
                *(self._gear_line(gear) for gear in start.scene.gear),
            )
            self.log.append(LogEntry(text, lines, "opened"))
            self._opened()
            # saved at once, so that the files say the scene runs (the journal restarts)
            error = self._autosave()
            lines += (error,) if error else ()
        else:
            lines = (tr(self.lang, "campaign.resume", title=entry.title),)
            self.log.append(LogEntry(text, lines, "reset"))
            self.note_change(text, (), journal=journal)
        return Result(text, lines, True, frozenset({"all"}), label)

    # -- saving and the journal ------------------------------------------------------

    def _write(self, choice: str | None = None) -> str | None:
        """Write party.toml, campaign.toml and the open scene, then the session record.

        Args:
            choice: What to do with a file edited by hand since it was read (see
                :meth:`settle_hand_edits`); None refuses to write over it.

        Returns:
            A line saying the changes were replayed on hand-edited files, or None.

        Raises:
            CommandError: A file could not be written, or was edited by hand.
        """
        assert self.files is not None
        if self.read_only:
            return None
        replayed = self.settle_hand_edits(choice)
        try:
            self.files = save_campaign(self.files, self.party())
            self.campaign = self.files.campaign
            if self.loaded is not None and self.loaded.path is not None:
                saved = save_scene(self.loaded, self.scene)
                sheets = {c.id: c for c in self.scene.characters if c.id in self.scene.party}
                self.loaded = view_scene(
                    saved, self.campaign, sheets, keep_zones=False, running=self.running
                )
                self.scene = self.commands.carried(self.loaded.scene, self.scene)
            self._write_record()
        except (OSError, SceneFileError) as error:
            said = os_error_text(error, self.lang)
            raise CommandError(tr(self.lang, "campaign.save_failed", error=said)) from None
        self.start_journal()
        return replayed

    def write_files(self) -> Path:
        """Write the campaign's files and the open scene as they stand now (see
        :meth:`_write`); the campaign's folder.

        Raises:
            CommandError: A file could not be written.
        """
        self._write()
        return self.folder

    def _write_record(self) -> None:
        from fatescreen.scene.public import names_any

        self._stamp(self.campaign.session, None)
        self.note_moments()
        secrets = self.secrets()
        for index, ((session, key, title), entry) in list(
            enumerate(zip(self.stamps, self.log, strict=True))
        )[self.recorded :]:
            players = tuple(
                line for line in self.players_lines(index) if not names_any(line, secrets)
            )
            recorded = RecordEntry(key, title, entry.command, entry.lines, players)
            append_record(self.folder, session, recorded, self.withdrawals.get(index, 0))
        self.recorded = len(self.log)

    def save_command(self, words: list[str], text: str) -> Result:
        choice, words = save_options(words, self.lang)
        if words:
            raise CommandError(tr(self.lang, "campaign.save_where"))
        if self.read_only:
            return Result(text, (tr(self.lang, "save.read_only"),))
        replayed = self._write(choice)
        line = tr(self.lang, "campaign.saved", path=str(self.folder))
        lines = (replayed, line) if replayed else (line,)
        self.log.append(LogEntry(text, lines))
        return Result(text, lines)

    @property
    def dirty(self) -> bool:
        """True when the party, the state of play or the open scene differ from the files."""
        if self.files is None or self.party() != self.files.campaign:
            return True
        return (
            self.loaded is not None
            and self.commands.carried(self.loaded.scene, self.scene) != self.scene
        )

    def _journal_base(self) -> str:
        assert self.files is not None
        return self.files.campaign_text + "\0" + self.files.party_text

    def recoverable(self) -> list[tuple[str, tuple[str, ...]]]:
        """Commands journaled since the last save of the campaign that a crash left unsaved."""
        if self.journal is None or self.files is None:
            return []
        return self.commands.readable(self.journal.pending(self._journal_base()))

    def start_journal(self) -> None:
        """Begin a fresh journal against the campaign's files as they are now."""
        self.forget_changes()
        if self.journal is not None and self.files is not None:
            self.begin_journal(self._journal_base())

    def journal_text(self) -> str | None:
        """The texts of campaign.toml and party.toml, which the journal is kept against."""
        return self._journal_base() if self.files is not None else None

    # -- the one writer (see fatescreen.commands.writer) -----------------------------------

    def loaded_files(self) -> list[tuple[Path, str]]:
        """campaign.toml, party.toml and the open scene, each with the text last read."""
        if self.files is None:
            return []
        files = [
            (self.files.campaign_path, self.files.campaign_text),
            (self.files.party_path, self.files.party_text),
        ]
        return files + super().loaded_files()

    def reopened(self) -> CampaignSession:
        """The campaign as its files are now, on the scene this session has open."""
        fresh = open_campaign(self.folder, lang=self.lang, journal=False)
        if self.scene_key is not None and fresh.scene_key != self.scene_key:
            fresh.reopen(self.scene_key)
        return fresh

    def adopt(self, other: Session[Scene]) -> None:
        """Take the other session's files, campaign, open scene and history."""
        assert isinstance(other, CampaignSession)
        super().adopt(other)
        self.files, self.campaign, self.scene_key = other.files, other.campaign, other.scene_key

    def continued_in(self, loaded: Session[Scene]) -> bool:
        """Whether ``loaded``, read from the campaign's files just now, holds what this one
        holds: the same campaign, the same open scene, and that scene (the GM saved)."""
        if not isinstance(loaded, CampaignSession):
            return False
        if (loaded.scene_key, loaded.campaign) != (self.scene_key, self.campaign):
            return False
        return super().continued_in(loaded)


def _starts_scene(step: CampaignStep) -> bool:
    """True for the step that started a scene of the campaign."""
    before, after = step.campaign_before, step.campaign_after
    return (
        before is not None
        and after is not None
        and before.running is None
        and after.running is not None
    )


def open_campaign(
    folder: Path,
    *,
    seed: int | None = None,
    lang: str | None = None,
    journal: bool = True,
    lock: bool = False,
) -> CampaignSession:
    """Open a campaign folder for play; a scene left running is opened again.

    Args:
        folder: The folder holding campaign.toml.
        seed: Seed for reproducible dice.
        lang: The UI language; by default the campaign's, else the locale's.
        journal: False to keep no crash journal (scripts, tests).
        lock: True to become the campaign's one writer first (see
            :func:`~fatescreen.commands.writer.take_writer_lock`).

    Raises:
        SceneFileError: campaign.toml or party.toml is invalid (every problem listed).
        CommandError: The running scene's file is invalid.
        SceneLocked: ``lock`` and another process writes the campaign.
        OSError: ``lock`` and the lock file cannot be made.
    """
    kept = Journal(folder / CAMPAIGN_FILE, faces=are_faces) if journal else None
    # the lock first: what is read then is what no other writer changes
    held = take_writer_lock(folder / CAMPAIGN_FILE, kept) if lock else None
    try:
        files = load_campaign(folder)
        campaign = files.campaign
        session = CampaignSession(
            Scene(campaign.name, rules=campaign.rules),
            CAMPAIGN_COMMANDS,
            rng=random.Random(seed),
            lang=lang or campaign.language or default_language(),
            journal=kept,
            writer_lock=held,
            files=files,
            campaign=campaign,
        )
        if campaign.running is not None:
            session.reopen(campaign.running)
    except BaseException:
        if held is not None:
            held.release()
        raise
    session.open_journal()
    return session
