"""A campaign of a system on the shared stack being played: the same session as a scene's
(:class:`~fatescreen.commands.session.Session`: journal, undo, recovery, save), whose
value is the campaign's whole state of play, plus the campaign's files.

Between scenes the campaign verbs run (``scenes``, ``play``, ``endsession``); while a scene
runs, every verb of the system plays it and ``endscene`` ends it. Starting and ending a
scene or a session saves every file at once, as Fate's campaigns do; undo goes back across
them (the files are written again at once, see ``SceneWriter.note_change``).
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from fatescreen.commands.errors import CommandError, save_error
from fatescreen.commands.names import resolve
from fatescreen.commands.record import RecordEntry, append_record
from fatescreen.commands.session import META, LogEntry, Result, Session, meta_named
from fatescreen.commands.systems.session import shared_commands
from fatescreen.commands.writer import locked_message, take_writer_lock
from fatescreen.i18n import tr
from fatescreen.scene.atomic import remove_stale_temps, write_atomic
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.history import UndoStep
from fatescreen.scene.journal import Journal
from fatescreen.scene.lock import SceneLocked, WriterLock, lock_of
from fatescreen.scene.systems import (
    LoadedSystemScene,
    load_system_scene,
    load_system_text,
    patched_text,
    scene_format,
)
from fatescreen.scene.systems.campaign import (
    CampaignState,
    LoadedCampaign,
    PartyRules,
    load_campaign,
    party_rules,
    save_campaign,
)

UNRECORDED = ("help", "log", "save", "scenes")
"""The verbs that only show or save: the record leaves them out."""

CAMPAIGN_META: dict[str, tuple[str, ...]] = {
    "scenes": ("kohtaukset",),
    "play": ("pelaa",),
    "endscene": ("end", "lopeta"),
    "endsession": ("lopetapelikerta", "lopetasessio"),
}
"""The campaign's own verbs, with the same words as Fate's campaign verbs."""


@dataclass(frozen=True)
class Play:
    """The campaign's state of play: the campaign file's state, the party, the scene being
    played (the party in it) and what each scene played in this session left in its file."""

    state: CampaignState
    party: Any
    scene: Any = None
    """The running scene with the party in it; None between scenes."""
    ended: tuple[tuple[str, Any], ...] = ()
    """Scenes ended while the campaign was open, each with what its file is to hold."""


@dataclass
class SystemCampaignSession(Session[Any]):
    """A campaign folder of a system on the shared stack, being played."""

    saves_in_background: ClassVar[bool] = False
    """A campaign's save writes its scenes, the party and the campaign file together."""

    files: LoadedCampaign[Any] | None = None
    """The campaign's two files as last read or saved."""
    scene_files: dict[str, LoadedSystemScene[Any]] = field(default_factory=dict)
    """Each scene file the session has read, as last read or saved, by its key."""
    scene_locks: dict[str, WriterLock] = field(default_factory=dict)
    """The writer locks of the scene files this session writes (the one running, those
    ended while it was open), held while it is the campaign's writer: a dashboard on one
    of those files alone would write it too."""
    unrecorded: list[tuple[int, RecordEntry]] = field(default_factory=list)
    milestones: set[str] = field(default_factory=set)
    """The labels of the scenes' and sessions' starts and ends played: the players'
    record tells them, and an undo or a redo of one."""
    """The commands played since the session's record was last written, each with the
    number of the session it was played in."""

    @property
    def rules(self) -> PartyRules[Any]:
        """What of the party lasts from scene to scene."""
        return party_rules(self.system)

    @property
    def scene_key(self) -> str | None:
        """The scene being played, as the scene list names it (None between scenes)."""
        running: str | None = self.value.state.running
        return running

    @property
    def folder(self) -> Path:
        """The campaign folder."""
        assert self.files is not None
        return self.files.folder

    # -- what the verbs see --------------------------------------------------------------

    @property
    def scene(self) -> Any:
        """The running scene.

        Raises:
            CommandError: No scene is running.
        """
        if self.value.scene is None:
            raise CommandError(tr(self.lang, "campaign.no_scene"))
        return self.value.scene

    @scene.setter
    def scene(self, scene: Any) -> None:
        self.value = self.with_scene(scene)

    def with_scene(self, scene: Any) -> Play:
        """The state of play with the running scene as the verb left it."""
        play: Play = replace(self.value, scene=scene)
        return play

    @property
    def shown(self) -> Any:
        """The running scene, or between scenes the party; titled with the campaign's name."""
        assert self.files is not None
        play: Play = self.value
        if play.scene is not None:
            return replace(play.scene, title=f"{self.files.name} · {play.scene.title}")
        between = tr(self.lang, "campaign.between_short", session=play.state.session)
        return replace(play.party, title=f"{self.files.name} · {between}")

    def _execute(self, line: str, replay: list[str], *, journal: bool) -> Result:
        """A command line played, and kept for the session's record."""
        play: Play = self.value
        result = super()._execute(line, replay, journal=journal)
        words = result.line.split()
        verb = self.meta_verb(words[0]) if words else None
        if result.ok and verb not in UNRECORDED:
            self._keep(play, result, verb)
        return result

    def _keep(self, play: Play, result: Result, verb: str | None) -> None:
        """Keep a command for the record: the GM's lines, and for the players the scenes'
        starts and ends and the session's (taken back by an undo, given again by a redo),
        and within a scene what they saw change, as the system's ``record`` part says it
        from what they may see (never a line of the GM's, which may hold a secret)."""
        now: Play = self.value
        key = now.state.running or play.state.running or ""
        # between scenes the record's section is the campaign's own
        title = self._title(key)[0] if key else (self.files.name if self.files else "")
        players: tuple[str, ...] = ()
        if verb in CAMPAIGN_META and result.label:
            players = (result.label,)
            self.milestones.add(result.label)
        elif verb in ("undo", "redo") and result.label in self.milestones and result.lines:
            players = (result.lines[0],)
        elif play.scene is not None and now.scene is not None and now.scene != play.scene:
            # within a scene: what the table saw change, as the system says it
            players = self.commands.players_lines(play.scene, now.scene, self.lang)
        entry = RecordEntry(key, title, result.line, result.lines, players)
        self.unrecorded.append((play.state.session, entry))
        if not self.unsaved and self.files is not None and not self.read_only:
            # the files hold it already (a scene's or a session's start or end saves at
            # once): so does the record, or quitting now would leave it out
            with contextlib.suppress(OSError):
                self.write_record()

    def write_record(self) -> None:
        """Add the commands played since the last save to the session's record
        (``logs/session-N.jsonl``; ``fatescreen log`` writes it out)."""
        while self.unrecorded:
            session, entry = self.unrecorded[0]
            append_record(self.folder, session, entry)
            del self.unrecorded[0]

    def refuse_verb(self, name: str) -> None:
        """A verb of the system that the campaign does otherwise (Varjot's ``session``,
        which deals the gift dice: the campaign's session end does) is refused.

        Raises:
            CommandError: Which campaign verb does it.
        """
        instead = self.rules.replaced.get(name)
        if instead is not None:
            verb = self.commands.find(name, self.lang).word(self.lang)
            raise CommandError(
                tr(
                    self.lang,
                    "campaign.replaced",
                    verb=verb,
                    instead=tr(self.lang, f"cmd.{instead}"),
                )
            )

    def meta_verb(self, word: str) -> str | None:
        """The session's verbs and the campaign's."""
        return meta_named(word, {**META, **CAMPAIGN_META})

    def _meta(self, name: str, words: list[str], text: str, *, journal: bool) -> Result:
        if name == "scenes":
            lines = tuple(self.scene_lines())
            self.log.append(LogEntry(text, lines))
            return Result(text, lines)
        if name in CAMPAIGN_META:
            return self._campaign_verb(name, words, text, journal=journal)
        return super()._meta(name, words, text, journal=journal)

    # -- the campaign verbs --------------------------------------------------------------

    def scene_lines(self) -> list[str]:
        """The campaign's header and one line per scene with its state."""
        assert self.files is not None
        play: Play = self.value
        lines = [tr(self.lang, "campaign.header", name=self.files.name, session=play.state.session)]
        for number, key in enumerate(self.files.scenes, start=1):
            state = (
                "running"
                if key == play.state.running
                else "finished"
                if key in play.state.finished
                else "prepared"
            )
            title, problem = self._title(key)
            line = tr(
                self.lang,
                "campaign.scene_line",
                number=number,
                title=title,
                file=key,
                state=tr(self.lang, f"campaign.state.{state}"),
            )
            if problem:
                line += " · " + tr(self.lang, "campaign.scene_problem", problem=problem)
            lines.append(line)
        return lines

    def _title(self, key: str) -> tuple[str, str]:
        """A scene's title, and why its file cannot be read ('' if it can)."""
        try:
            loaded = self._scene_file(key)
        except SceneFileError as error:
            return key, error.problems[0].render(self.lang) if error.problems else ""
        return str(getattr(loaded.value, "title", key)), ""

    def _scene_file(self, key: str) -> LoadedSystemScene[Any]:
        """A scene file as the session last read or saved it. A file the campaign does not
        write (a scene not played in this session) is read again each time: the GM may be
        preparing it while the campaign is open."""
        if key not in self.scene_files or key not in self._written_keys():
            self.scene_files[key] = load_system_scene(self.folder / key)
        return self.scene_files[key]

    def _written_keys(self) -> set[str]:
        play: Play = self.value
        keys = {key for key, _ in play.ended}
        if play.state.running is not None:
            keys.add(play.state.running)
        return keys

    def _campaign_verb(self, name: str, words: list[str], text: str, *, journal: bool) -> Result:
        assert self.files is not None
        play: Play = self.value
        if name == "play":
            after, label, lines = self._play(play, words)
        elif name == "endscene":
            after, label, lines = self._end_scene(play, words)
        else:
            after, label, lines = self._end_session(play, words)
        self.note_change(text, (), journal=journal)
        self.history = self.history.record(UndoStep(label, play, after))
        self.value = after
        self.log.append(LogEntry(text, lines))
        result = Result(text, lines, True, frozenset({"all"}), label)
        # saved at once by the campaign's one writer (a dashboard, or a script that saves);
        # never while a journal is replayed
        if journal and not self.read_only and (self.journal or self.writer_lock) is not None:
            saved = self._save_now()
            result = replace(result, lines=(*result.lines, saved))
            self.log[-1] = LogEntry(text, result.lines)
        return result

    def _save_now(self) -> str:
        """Write every file at once (a scene or a session starting or ending)."""
        try:
            where = self.write_files()
        except CommandError as error:
            return str(error)
        return tr(self.lang, "campaign.saved", path=str(where))

    def _play(self, play: Play, words: list[str]) -> tuple[Play, str, tuple[str, ...]]:
        assert self.files is not None
        self._words(words, "play", 1)
        if play.scene is not None:
            title, _ = self._title(str(play.state.running))
            raise CommandError(
                tr(self.lang, "campaign.in_scene", verb=tr(self.lang, "cmd.play"), title=title)
            )
        key = self._scene_key(words[0])
        title, problem = self._title(key)
        if problem:
            raise CommandError(tr(self.lang, "campaign.scene_problem", problem=problem))
        if key in play.state.finished:
            raise CommandError(tr(self.lang, "campaign.finished", title=title))
        base = self._scene_file(key).value
        clash = sorted(set(self.rules.members(base)) & set(self.rules.members(play.party)))
        if clash:
            raise CommandError(
                tr(self.lang, "campaign.party_in_scene", names=", ".join(clash), file=key)
            )
        try:
            self.lock_scene(key)
        except SceneLocked as error:
            raise CommandError(locked_message(error, self.lang)) from None
        own = dict(play.ended).get(key, base)
        scene = self.rules.join(own, play.party)
        state = replace(play.state, running=key)
        number = self.files.scenes.index(key) + 1
        line = tr(self.lang, "campaign.play", number=number, session=state.session, title=title)
        label = tr(self.lang, "campaign.label.play", title=title)
        return replace(play, state=state, scene=scene), label, (line,)

    def _scene_key(self, ref: str) -> str:
        assert self.files is not None
        scenes = self.files.scenes
        if ref.isdigit() and 1 <= int(ref) <= len(scenes):
            return scenes[int(ref) - 1]
        named = ((key, self._title(key)[0], key) for key in scenes)
        key: str = resolve(ref, named, "scene", self.lang)
        return key

    def lock_scene(self, key: str) -> None:
        """Hold the writer lock of a scene file the campaign is to write (nothing when the
        session writes nothing).

        Raises:
            SceneLocked: Another process writes the scene file.
        """
        if self.writer_lock is None or key in self.scene_locks:
            return
        path = self.folder / key
        lock = lock_of(Journal(path).path, path)
        lock.acquire()
        self.scene_locks[key] = lock

    def close(self) -> None:
        """Let the campaign's lock and its scenes' go."""
        super().close()
        for lock in self.scene_locks.values():
            lock.release()
        self.scene_locks.clear()

    def _words(self, words: list[str], name: str, wanted: int) -> None:
        """Refuse a campaign verb given more or fewer words than it takes."""
        verb = tr(self.lang, f"cmd.{name}")
        usage = f"{verb} {tr(self.lang, 'usage.SCENE')}" if wanted else verb
        if len(words) > wanted:
            extra = " ".join(words[wanted:])
            raise CommandError(tr(self.lang, "error.extra", verb=verb, extra=extra, usage=usage))
        if len(words) < wanted:
            what = tr(self.lang, "usage.SCENE")
            raise CommandError(tr(self.lang, "error.missing", verb=verb, what=what, usage=usage))

    def _end_scene(self, play: Play, words: list[str]) -> tuple[Play, str, tuple[str, ...]]:
        self._words(words, "endscene", 0)
        if play.scene is None or play.state.running is None:
            raise CommandError(tr(self.lang, "campaign.no_scene"))
        key = play.state.running
        title, _ = self._title(key)
        party = self.rules.leave(play.scene, play.party)
        own = self.rules.own(play.scene, self._scene_file(key).value)
        ended = (*((k, v) for k, v in play.ended if k != key), (key, own))
        state = replace(play.state, running=None, finished=(*play.state.finished, key))
        names = ", ".join(self.rules.members(party)) or tr(self.lang, "none")
        left = [k for k in self.files.scenes if k not in state.finished] if self.files else []
        end_key = "campaign.ended" if left else "campaign.all_finished"
        lines = (
            tr(self.lang, end_key, title=title),
            tr(self.lang, "campaign.end.party", names=names),
        )
        label = tr(self.lang, "campaign.label.endscene", title=title)
        return Play(state, party, None, ended), label, lines

    def _end_session(self, play: Play, words: list[str]) -> tuple[Play, str, tuple[str, ...]]:
        self._words(words, "endsession", 0)
        if play.scene is not None:
            title, _ = self._title(str(play.state.running))
            raise CommandError(tr(self.lang, "campaign.still_running", title=title))
        number = play.state.session
        state = replace(play.state, session=number + 1)
        line = tr(self.lang, "campaign.session_end", number=number, next=number + 1)
        label = tr(self.lang, "campaign.label.endsession", number=number)
        party = self.rules.new_session(play.party)
        dealt = self.rules.session_lines(party, self.lang)
        return replace(play, state=state, party=party), label, (line, *dealt)

    # -- the files ---------------------------------------------------------------------

    def _party_now(self) -> Any:
        play: Play = self.value
        return play.party if play.scene is None else self.rules.leave(play.scene, play.party)

    def _scene_states(self) -> dict[str, Any]:
        """What each scene file the session changed is to hold, by key."""
        play: Play = self.value
        states = dict(play.ended)
        if play.scene is not None and play.state.running is not None:
            key = play.state.running
            states[key] = self.rules.own(play.scene, self._scene_file(key).value)
        return states

    def save_target(self, words: list[str]) -> Path | None:
        """A campaign saves into its own folder only.

        Raises:
            CommandError: A file was named.
        """
        if words:
            raise CommandError(tr(self.lang, "campaign.save_where"))
        return None

    def saved_line(self) -> str:
        """Where the campaign was saved."""
        return tr(self.lang, "campaign.saved", path=str(self.folder))

    def write_value(self, target: Path | None = None) -> None:
        """Write every file whose state changed: the scenes first, then party.toml and
        campaign.toml (each atomically; a file whose state did not change is not written).
        A campaign is saved into its own folder only (``target`` is refused before)."""
        assert self.files is not None and target is None
        for key, value in self._scene_states().items():
            loaded = self._scene_file(key)
            fmt = scene_format(self.system)
            text = patched_text(loaded.text, fmt.file_state(loaded.value), fmt.file_state(value))
            if text == loaded.text:
                continue
            path = self.folder / key
            load_system_text(text, path)  # never write a file that would not read back
            write_atomic(path, text)
            self.scene_files[key] = LoadedSystemScene(self.system, value, path, text)
        play: Play = self.value
        self.files = save_campaign(self.files, play.state, self._party_now())
        self.write_record()

    def write_files(self) -> Path:
        """Write the campaign's files as they stand, and journal afresh; the folder."""
        try:
            self.write_value()
        except (OSError, SceneFileError) as error:
            raise save_error(error, self.lang) from None
        self.start_journal()
        return self.folder

    @property
    def dirty(self) -> bool:
        """True when a file holds other than the state of play."""
        if self.files is None:
            return True
        play: Play = self.value
        fmt = scene_format(self.system)
        if play.state != self.files.state:
            return True
        if fmt.file_state(self._party_now()) != fmt.file_state(self.files.party):
            return True
        return any(
            fmt.file_state(value) != fmt.file_state(self._scene_file(key).value)
            for key, value in self._scene_states().items()
        )

    def journal_text(self) -> str | None:
        """The campaign's files (and the running scene's) that the journal is kept against."""
        if self.files is None:
            return None
        texts = [self.files.campaign_text, self.files.party_text]
        running = self.value.state.running
        if running is not None:
            texts.append(self._scene_file(running).text)
        return "\0".join(texts)

    def recoverable(self) -> list[tuple[str, tuple[str, ...]]]:
        """Commands journaled since the last save that a crash left unsaved."""
        text = self.journal_text()
        if self.journal is None or text is None:
            return []
        return self.journal.pending(text)

    def loaded_files(self) -> list[tuple[Path, str]]:
        """campaign.toml, party.toml and every scene file read, each with its text."""
        if self.files is None:
            return []
        files = [
            (self.files.campaign_path, self.files.campaign_text),
            (self.files.party_path, self.files.party_text),
        ]
        written = self._written_keys()
        return files + [
            (self.folder / key, loaded.text)
            for key, loaded in self.scene_files.items()
            if key in written
        ]

    def reopened(self) -> SystemCampaignSession:
        """The campaign as its files are now (no journal, no lock)."""
        return open_system_campaign(self.folder, lang=self.lang, journal=False)

    def adopt(self, other: Session[Any]) -> None:
        """Take the other session's files, state of play and history."""
        assert isinstance(other, SystemCampaignSession)
        self.value, self.history = other.value, other.history
        self.files, self.scene_files = other.files, other.scene_files

    def continued_in(self, loaded: Session[Any]) -> bool:
        """Whether ``loaded``, read from the files just now, holds this state of play."""
        if not isinstance(loaded, SystemCampaignSession):
            return False
        mine, theirs = self.value, loaded.value
        kept = scene_format(self.system).transient
        if mine.scene is not None and theirs.scene is not None:
            carried = {name: getattr(mine.scene, name) for name in kept}
            theirs = replace(theirs, scene=replace(theirs.scene, **carried))
        return bool(replace(theirs, ended=mine.ended) == mine)

    def help_lines(self, name: str | None = None) -> list[str]:
        """The system's verbs, then the campaign's."""
        verb = meta_named(name, CAMPAIGN_META) if name else None
        if verb is not None:
            word = tr(self.lang, f"cmd.{verb}")
            usage = f"{word} {tr(self.lang, 'usage.SCENE')}" if verb == "play" else word
            aliases = ", ".join(CAMPAIGN_META[verb])
            return [
                usage,
                tr(self.lang, f"campaign.help.{verb}"),
                tr(self.lang, "help.aliases", aliases=aliases),
            ]
        lines = super().help_lines(name)
        if not name:
            lines += [
                f"{tr(self.lang, f'cmd.{verb}'):<12} {tr(self.lang, f'campaign.help.{verb}')}"
                for verb in CAMPAIGN_META
            ]
        return lines


def open_system_campaign(
    folder: Path,
    *,
    seed: int | None = None,
    lang: str | None = None,
    journal: bool = True,
    lock: bool = False,
) -> SystemCampaignSession:
    """Open a campaign folder of a system on the shared stack (``lang`` None: the
    campaign's language; ``lock``: as its one writer); a scene left running goes on.

    Raises:
        SceneFileError: A file is invalid (every problem listed).
        SceneLocked: ``lock`` and another process writes the campaign.
    """
    from fatescreen.i18n import default_language

    target = folder / "campaign.toml"
    kept = Journal(target) if journal else None
    held = take_writer_lock(target, kept) if lock else None
    try:
        files = load_campaign(folder)
        said = lang or files.language or default_language()
        session = _session(files, seed, said, kept, held)
    except BaseException:
        if held is not None:
            held.release()
        raise
    remove_stale_temps(target)
    session.open_journal()
    return session


def _session(
    files: LoadedCampaign[Any],
    seed: int | None,
    lang: str,
    journal: Journal | None,
    held: Any,
) -> SystemCampaignSession:
    rules = party_rules(files.system)
    play = Play(files.state, files.party)
    session = SystemCampaignSession(
        play,
        shared_commands(files.system),
        None,
        random.Random(seed),
        lang,
        journal,
        writer_lock=held,
        files=files,
    )
    running = files.state.running
    if running is not None:
        try:
            session.lock_scene(running)
            base = session._scene_file(running).value
        except BaseException:
            session.close()  # the scene's lock too
            raise
        session.value = replace(play, scene=rules.join(base, files.party))
    return session
