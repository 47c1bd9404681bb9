"""The per-scene journal: every applied command is appended and fsynced, so a crash or a
closed terminal loses nothing; reopening the scene replays what was not saved."""

from __future__ import annotations

import hashlib
import json
import os
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import platformdirs

DATA_DIR_VARIABLE = "FATESCREEN_DATA_DIR"


def data_dir() -> Path:
    """The user's data folder for fatescreen (``FATESCREEN_DATA_DIR`` overrides it)."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    return Path(override) if override else Path(platformdirs.user_data_dir("fatescreen"))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _sync_and_close(descriptor: int) -> None:
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


_syncer: ThreadPoolExecutor | None = None


def _sync_later(descriptor: int) -> Future[None]:
    """fsync and close ``descriptor`` on the journal's own thread (fsync lets other
    threads run while it waits for the disk)."""
    global _syncer
    if _syncer is None:
        _syncer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal-sync")
    return _syncer.submit(_sync_and_close, descriptor)


class Journal:
    """An append-only log of command lines applied to one scene since its last save.

    The first line records a digest of the file the commands apply to, so that a journal
    is only replayed over the very text it was written against.
    """

    def __init__(self, scene_path: Path, folder: Path | None = None) -> None:
        key = hashlib.sha256(str(scene_path.resolve()).encode("utf-8")).hexdigest()[:16]
        self.scene_path = scene_path
        self.path = (folder or data_dir() / "journals") / f"{scene_path.stem}-{key}.jsonl"
        self.sync_later = False
        """When True, :meth:`append` returns once the entry is written, its fsync running
        on a thread of its own until :meth:`synced` (the dashboard draws meanwhile, and
        waits for it before the frame that shows the change)."""
        self._syncing: Future[None] | None = None

    def pending(self, base_text: str) -> list[tuple[str, tuple[str, ...]]]:
        """Command lines (with the dice they rolled) journaled against ``base_text`` and
        not saved since; [] if none or if the journal belongs to another version of the
        file."""
        self.synced()
        try:
            lines = self.path.read_text(encoding="utf-8").split("\n")
        except OSError:
            return []
        entries = []
        for line in lines:
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line torn by a crash: the lines around it are good
            if isinstance(entry, dict):
                entries.append(entry)
        if not entries or entries[0].get("base") != _digest(base_text):
            return []
        return [
            (str(entry["command"]), tuple(str(d) for d in entry.get("dice", ())))
            for entry in entries[1:]
            if "command" in entry
        ]

    def start(self, base_text: str) -> None:
        """Begin a fresh journal for a file whose text is ``base_text`` (after a save)."""
        self.synced()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temp = self.path.with_suffix(".tmp")
        with temp.open("w", encoding="utf-8") as handle:
            handle.write(json.dumps({"base": _digest(base_text)}) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, self.path)

    def append(self, command: str, dice: tuple[str, ...] = ()) -> None:
        """Record one applied command line durably, with the faces of any dice it rolled
        so that replaying it gives the same result."""
        self.synced()  # entries reach the disk in order
        entry: dict[str, object] = {"command": command}
        if dice:
            entry["dice"] = list(dice)
        data = (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8")
        descriptor = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o666)
        try:
            # after a crash mid-append the file may end in a torn line: end it first
            size = os.fstat(descriptor).st_size
            if size:
                os.lseek(descriptor, size - 1, os.SEEK_SET)
                if os.read(descriptor, 1) != b"\n":
                    data = b"\n" + data
            written = 0
            while written < len(data):
                written += os.write(descriptor, data[written:])
        except BaseException:
            os.close(descriptor)
            raise
        if self.sync_later:
            self._syncing = _sync_later(descriptor)
        else:
            _sync_and_close(descriptor)

    def synced(self) -> None:
        """Return once every entry appended is on the disk (at once unless
        :attr:`sync_later`); raise what its fsync raised."""
        syncing, self._syncing = self._syncing, None
        if syncing is not None:
            syncing.result()

    def discard(self) -> None:
        """Forget the journal (the GM declined to recover it)."""
        self.synced()
        self.path.unlink(missing_ok=True)
