"""The per-scene journal: every applied command is appended and fsynced, so a crash or a
closed terminal loses nothing; reopening the scene replays what was not saved."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import platformdirs

DATA_DIR_VARIABLE = "FATESCREEN_DATA_DIR"


def data_dir() -> Path:
    """The user's data folder for fatescreen (``FATESCREEN_DATA_DIR`` overrides it)."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    return Path(override) if override else Path(platformdirs.user_data_dir("fatescreen"))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Journal:
    """An append-only log of command lines applied to one scene since its last save.

    The first line records a digest of the file the commands apply to, so that a journal
    is only replayed over the very text it was written against.
    """

    def __init__(self, scene_path: Path, folder: Path | None = None) -> None:
        key = hashlib.sha256(str(scene_path.resolve()).encode("utf-8")).hexdigest()[:16]
        self.scene_path = scene_path
        self.path = (folder or data_dir() / "journals") / f"{scene_path.stem}-{key}.jsonl"

    def pending(self, base_text: str) -> list[tuple[str, tuple[str, ...]]]:
        """Command lines (with the dice they rolled) journaled against ``base_text`` and
        not saved since; [] if none or if the journal belongs to another version of the
        file."""
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
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temp = self.path.with_suffix(".tmp")
        with temp.open("w", encoding="utf-8") as handle:
            handle.write(json.dumps({"base": _digest(base_text)}) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, self.path)

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
            os.fsync(descriptor)
        finally:
            os.close(descriptor)

    def discard(self) -> None:
        """Forget the journal (the GM declined to recover it)."""
        self.path.unlink(missing_ok=True)
