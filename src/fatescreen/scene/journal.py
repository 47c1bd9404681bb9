"""The per-scene journal: every applied command is appended and fsynced, so a crash or a
closed terminal loses nothing; reopening the scene replays what was not saved."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

if TYPE_CHECKING:
    from fatescreen.scene.lock import Holder

DATA_DIR_VARIABLE = "FATESCREEN_DATA_DIR"


def data_dir() -> Path:
    """The user's data folder for fatescreen (``FATESCREEN_DATA_DIR`` overrides it)."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    return Path(override) if override else Path(platformdirs.user_data_dir("fatescreen"))


def private_folder(folder: Path) -> Path:
    """Create ``folder`` and its missing parents readable by their owner only (0700), and
    take the group's and others' access away from it and from the folders between it and
    the data folder: fatescreen's own folders. The data folder itself is tightened too
    unless ``FATESCREEN_DATA_DIR`` names one that was there already (the user's choice).

    Returns:
        The folder.

    Raises:
        OSError: It cannot be created.
    """
    own = data_dir()
    missing = [path for path in (folder, *folder.parents) if not path.exists()]
    for path in reversed(missing):
        ours = path in (folder, own) or own in path.parents
        with contextlib.suppress(FileExistsError):  # made by another process meanwhile
            path.mkdir(mode=0o700 if ours else 0o777)
    chosen = bool(os.environ.get(DATA_DIR_VARIABLE)) and own not in missing
    inside = folder == own or own in folder.parents
    for path in (folder, *folder.parents) if inside else (folder,):
        if path == own:
            if not chosen:
                _tighten(path)
            break
        _tighten(path)
    return folder


def _tighten(folder: Path) -> None:
    """Take the group's and others' access away from a folder of this user's (where the
    system has POSIX modes)."""
    uid = getattr(os, "getuid", None)
    if uid is None:
        return
    try:
        status = folder.stat()
        if status.st_uid == uid() and status.st_mode & 0o077:
            folder.chmod(status.st_mode & 0o700)
    except OSError:
        pass  # not ours to change: a file in it is still created 0600


def data_dir_problem() -> str | None:
    """Why the data folder cannot hold journals (its ``journals`` folder cannot be created
    or written, with the system's reason), or None when it can."""
    folder = data_dir() / "journals"
    try:
        private_folder(folder)
        probe = folder / f".probe-{os.getpid()}"
        descriptor = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.close(descriptor)
        probe.unlink()
    except OSError as error:
        return error.strerror or str(error)
    return None


def digest(text: str) -> str:
    """The digest a journal's first record names: of the text its commands apply to."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _entry_line(command: str, dice: tuple[str, ...]) -> str:
    entry: dict[str, object] = {"command": command}
    if dice:
        entry["dice"] = list(dice)
    return json.dumps(entry, ensure_ascii=False) + "\n"


class JournalWriteError(Exception):
    """The journal could not be written (a full disk, a folder without write permission):
    the change that was being journaled was not made."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def _record(line: bytes) -> dict[str, object] | None:
    """A journal line's record, or None when the line is damaged."""
    try:
        entry = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(entry, dict):
        return None
    if "base" in entry:
        return entry if isinstance(entry["base"], str) else None
    if "saved" in entry:
        through = entry.get("through")
        valid = isinstance(entry["saved"], str) and type(through) is int and through >= 0
        return entry if valid else None
    command, dice = entry.get("command"), entry.get("dice", [])
    if not isinstance(command, str) or not isinstance(dice, list):
        return None
    if not all(isinstance(face, str) for face in dice):
        return None
    return entry


def record_of(line: bytes, faces: Callable[[str], bool] | None) -> dict[str, object] | None:
    """A journal line's record, or None when the line is damaged: torn (inside a UTF-8
    character too), not JSON, of another shape, or with dice that ``faces`` says no roll
    shows."""
    entry = _record(line)
    if entry is not None and faces is not None:
        dice = entry.get("dice", [])
        if isinstance(dice, list) and not all(faces(face) for face in dice):
            return None
    return entry


class Journal:
    """An append-only log of command lines applied to one scene since its last save.

    The first line records a digest of the file the commands apply to, so that a journal
    is only replayed over the very text it was written against.
    """

    def __init__(
        self,
        scene_path: Path,
        folder: Path | None = None,
        *,
        faces: Callable[[str], bool] | None = None,
    ) -> None:
        # one journal (and so one writer lock) for a file however it is named: a link to
        # it, or a path through a linked folder
        real = scene_path.resolve()
        key = hashlib.sha256(str(real).encode("utf-8")).hexdigest()[:16]
        self.scene_path = scene_path
        self.faces = faces
        """Whether a record's dice are faces its system's roll could show (None: any)."""
        self.written: list[tuple[str, tuple[str, ...]]] = []
        """The command records this object appended since it last started the journal."""
        self.path = (folder or data_dir() / "journals") / f"{real.stem}-{key}.jsonl"
        self.set_aside: tuple[Path, int] | None = None
        """Where damaged lines were last set aside, and how many (see
        :meth:`set_aside_damaged`), for the GM to be told."""
        self.writer: Holder | None = None
        """The process that writes this journal (recorded in its first line), once it
        holds the scene's writer lock."""

    def pending(self, base_text: str) -> list[tuple[str, tuple[str, ...]]]:
        """Command lines (with the dice they rolled) journaled against ``base_text`` and
        not saved since; [] if none or if the journal belongs to another version of the
        file. Damaged records (see :meth:`damaged`) are left out: a damaged journal never
        keeps a scene from opening."""
        return self._read(base_text)[0]

    def damaged(self) -> list[bytes]:
        """The journal's lines that are not records it could have written: a line torn by
        a crash (inside a UTF-8 character too), bytes that are not JSON, a record of
        another shape; every line when the first, which names the text the records apply
        to, is damaged (the records cannot be replayed then)."""
        return self._read(None)[1]

    def _read(self, base_text: str | None) -> tuple[list[tuple[str, tuple[str, ...]]], list[bytes]]:
        try:
            raw = self.path.read_bytes()
        except OSError:
            return [], []
        entries: list[dict[str, object]] = []
        damaged: list[bytes] = []
        lines = [line for line in raw.split(b"\n") if line]
        for line in lines:
            entry = record_of(line, self.faces)
            if entry is None:
                damaged.append(line)  # a line torn by a crash: the lines around it are good
            else:
                entries.append(entry)
        if entries and "base" not in entries[0]:
            # the first line, which says what text the records apply to, is damaged: the
            # records after it cannot be replayed, and are kept with the damaged lines
            return [], lines
        if base_text is None or not entries:
            return [], damaged
        commands = [
            (str(entry["command"]), tuple(str(face) for face in entry.get("dice", [])))  # type: ignore[attr-defined]
            for entry in entries[1:]
            if "command" in entry
        ]
        base = digest(base_text)
        if entries[0]["base"] == base:
            return commands, damaged
        # a save written while commands went on: the file now holds the text the marker
        # names, with the first ``through`` commands in it
        for entry in reversed(entries[1:]):
            if entry.get("saved") == base:
                through = entry["through"]
                assert isinstance(through, int)
                return commands[through:], damaged
        return [], damaged

    def mark_saved(self, text: str, through: int) -> None:
        """Record that ``text``, holding the first ``through`` commands of this journal, is
        about to be written over the scene: until the journal starts again against it, a
        recovery replays over it only the commands after those.

        Raises:
            JournalWriteError: The journal cannot be written.
        """
        self._write({"saved": digest(text), "through": through})

    def set_aside_damaged(self) -> Path | None:
        """Keep the damaged lines in a ``.damaged`` file beside the journal (appended, so
        that nothing set aside before is lost); returns its path, or None if there were
        none."""
        damaged = self.damaged()
        if not damaged:
            return None
        return self._keep_aside(damaged)

    def _keep_aside(self, lines: list[bytes]) -> Path:
        """Append ``lines`` to the ``.damaged`` file beside the journal, durably (nothing
        set aside before is lost), and note them for the GM to be told (:attr:`set_aside`)."""
        aside = self.path.with_suffix(".damaged")
        descriptor = os.open(aside, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(descriptor, b"".join(line + b"\n" for line in lines))
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        self.set_aside = (aside, len(lines))
        return aside

    def set_aside_unmatched(self, base_text: str) -> None:
        """At a session's start: when the journal's records were written on another text
        than ``base_text`` (the file was changed since, by hand or by another program),
        none can be replayed: keep every line in the ``.damaged`` file, as damaged lines
        are kept, and let the journal go. A journal of this text (or of a save of it that
        it marked) is left as it is."""
        try:
            raw = self.path.read_bytes()
        except OSError:
            return
        lines = [line for line in raw.split(b"\n") if line]
        entries = [entry for line in lines if (entry := record_of(line, self.faces)) is not None]
        if not entries or "base" not in entries[0]:
            return  # a damaged first line: see damaged()
        if not any("command" in entry for entry in entries[1:]):
            return
        base = digest(base_text)
        if entries[0]["base"] == base or any(entry.get("saved") == base for entry in entries):
            return
        self._keep_aside(lines)
        self.path.unlink(missing_ok=True)

    def start(
        self,
        base_text: str,
        entries: Iterable[tuple[str, tuple[str, ...]]] = (),
        *,
        stepped: int | None = None,
        position: int | None = None,
    ) -> None:
        """Begin a fresh journal for a file whose text is ``base_text`` (after a save); the
        damaged lines of the journal it replaces are set aside first. The first line
        records the digest of ``base_text`` and the journal's :attr:`writer`; ``entries``
        (command lines with their dice) follow it, all replacing the old journal at once.
        ``stepped``: the undo (negative) and redo steps the writer's session took past its
        saves so far (each writes the files at once): a player view following the session
        takes the same steps, so that what no file holds (a roll pending) is undone too.
        ``position``: how many steps the writer's history has done when the journal begins
        (without ``entries``): a player view that missed an undo of the journal before
        (a save began this one before it looked) goes to the same place in the history.
        """
        entries = list(entries)
        private_folder(self.path.parent)
        self.set_aside_damaged()
        temp = self.path.with_suffix(".tmp")
        base: dict[str, object] = {"base": digest(base_text)}
        if self.writer is not None:
            base["writer"] = self.writer.as_record()
        if stepped is not None:
            base["stepped"] = stepped
        if position is not None:
            base["position"] = position
        lines = [json.dumps(base) + "\n", *(_entry_line(c, d) for c, d in entries)]
        descriptor = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write("".join(lines))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, self.path)
        self.written = [(command, tuple(dice)) for command, dice in entries]

    def append(self, command: str, dice: tuple[str, ...] = ()) -> None:
        """Record one applied command line durably, with the faces of any dice it rolled
        so that replaying it gives the same result.

        The fsync runs on the caller's thread: on a thread of its own it could start only
        once the caller let the interpreter go (a dashboard drawing its panes holds it for
        milliseconds), so the disk's wait would still come after the drawing, with two
        thread switches more, each slow on a busy machine.
        """
        entry: dict[str, object] = {"command": command}
        if dice:
            entry["dice"] = list(dice)
        self._write(entry)
        self.written.append((command, tuple(dice)))

    def _write(self, entry: dict[str, object]) -> None:
        """Append one record durably (see :meth:`append`)."""
        data = (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            descriptor = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
        except OSError as error:
            raise JournalWriteError(self.path, error.strerror or str(error)) from error
        try:
            # after a crash mid-append the file may end in a torn line: end it first
            size = os.fstat(descriptor).st_size
            if size:
                os.lseek(descriptor, size - 1, os.SEEK_SET)
                if os.read(descriptor, 1) != b"\n":
                    data = b"\n" + data
            written = 0
            try:
                while written < len(data):
                    written += os.write(descriptor, data[written:])
                os.fsync(descriptor)
            except OSError as error:
                # take back what was written of the record: a torn record is damage
                os.ftruncate(descriptor, size)
                raise JournalWriteError(self.path, error.strerror or str(error)) from error
        finally:
            os.close(descriptor)

    def recorded_writer(self) -> Holder | None:
        """The writer the journal's first line names (None: none, or no journal)."""
        from fatescreen.scene.lock import Holder

        try:
            with self.path.open("rb") as handle:
                first = _record(handle.readline().rstrip(b"\n"))
        except OSError:
            return None
        return Holder.from_record(first.get("writer")) if first is not None else None

    def discard(self) -> None:
        """Forget the journal (the GM declined to recover it)."""
        self.path.unlink(missing_ok=True)
