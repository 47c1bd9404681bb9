"""The record of a campaign's sessions, for every system: each command of a session as the
GM typed it, with the scene it was typed in, what it said and what the players could see of
it, kept in ``logs/session-N.jsonl`` in the campaign folder and written out as Markdown by
``fatescreen log`` (the players' record, or with ``--gm`` the GM's)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from fatescreen.i18n import tr
from fatescreen.scene.campaign import LOG_FOLDER


@dataclass(frozen=True)
class RecordEntry:
    """One command of a session's record: the scene it was typed in and what it did."""

    scene: str
    title: str
    command: str
    lines: tuple[str, ...]
    players: tuple[str, ...] | None = None
    """What the players could see of it (see :meth:`Session.players_lines`); None in a
    record written before the players' record was kept, which leaves it out of theirs."""
    withdraws: int = 0
    """How many entries just before this one it takes out of the players' record, itself
    with them: an undo that took a scene start back (the scene never happened)."""


def record_path(folder: Path, session: int) -> Path:
    """The session record's file: ``logs/session-N.jsonl`` in the campaign folder."""
    return folder / LOG_FOLDER / f"session-{session}.jsonl"


def read_record(folder: Path, session: int) -> list[RecordEntry]:
    """The record of one session, oldest first ([] if nothing was recorded).

    A torn last line (a crash while writing) ends the record; everything before it is kept.
    """
    try:
        text = record_path(folder, session).read_text(encoding="utf-8")
    except OSError:
        return []
    entries = []
    for line in text.split("\n"):  # JSON may hold U+2028, which splitlines() breaks at
        try:
            data = json.loads(line)
            players = data.get("players")
            entries.append(
                RecordEntry(
                    str(data["scene"]),
                    str(data["title"]),
                    str(data["command"]),
                    tuple(str(item) for item in data["lines"]),
                    None if players is None else tuple(str(item) for item in players),
                    max(0, int(data.get("withdraws", 0))),
                )
            )
        except (json.JSONDecodeError, KeyError, TypeError, AttributeError, ValueError):
            break
    return entries


def players_entries(entries: list[RecordEntry]) -> list[RecordEntry]:
    """The entries of a record that the players' record is made from: a scene start the GM
    took back, with what was played in it and the undo, is left out."""
    kept: list[RecordEntry] = []
    for entry in entries:
        if entry.withdraws:
            del kept[max(0, len(kept) - entry.withdraws) :]
        else:
            kept.append(entry)
    return kept


def record_markdown(
    name: str, session: int, entries: list[RecordEntry], lang: str, *, gm: bool = False
) -> str:
    """A session record as one Markdown document, a section per scene: the players' record
    (what the table could see of each entry, entries that showed nothing left out), or with
    ``gm`` the full record of commands and their lines."""
    out = [f"# {tr(lang, 'record.title', name=name, session=session)}", ""]
    if not gm:
        entries = players_entries(entries)
    shown: list[tuple[RecordEntry, str, tuple[str, ...]]] = []
    for entry in entries:
        if gm:
            shown.append((entry, f"`{entry.command}`", entry.lines))
        elif entry.players:
            shown.append((entry, entry.players[0], entry.players[1:]))
    if not shown:
        out.append(tr(lang, "record.empty"))
    title: str | None = None
    for entry, head, lines in shown:
        if entry.title != title:
            title = entry.title
            if out[-1] != "":
                out.append("")
            out += [f"## {title}", ""]
        out.append(f"- {head}")
        out += [f"  - {line}" for line in lines]
    return "\n".join(out) + "\n"


def append_record(folder: Path, session: int, entry: RecordEntry, withdraws: int = 0) -> None:
    """Add one entry to a session's record (``withdraws``: see :attr:`RecordEntry.withdraws`).

    Raises:
        OSError: The record cannot be written.
    """
    path = record_path(folder, session)
    path.parent.mkdir(parents=True, exist_ok=True)
    data: dict[str, object] = {
        "scene": entry.scene,
        "title": entry.title,
        "command": entry.command,
        "lines": list(entry.lines),
    }
    if entry.players is not None:
        data["players"] = list(entry.players)
    if withdraws:
        data["withdraws"] = withdraws
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(data, ensure_ascii=False) + "\n")
