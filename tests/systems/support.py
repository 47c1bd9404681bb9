"""Helpers for the tests of the systems other than Fate: the example scenes, edited copies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fatescreen.commands.session import Result
from fatescreen.commands.systems.session import SystemSession

ROOT = Path(__file__).resolve().parents[2]
SILLALLA = ROOT / "scenes" / "varjot" / "sillalla.toml"
"""The prepared Menneisyyden varjot scene."""


def edited(tmp_path: Path, old: str, new: str, source: Path = SILLALLA) -> Path:
    """A copy of a scene with one piece of text replaced (which must be there)."""
    text = source.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def changed(session: SystemSession[Any], line: str, *lines: str) -> None:
    """The line (in Finnish) changes the scene, says ``lines`` and is undone by its first
    line."""
    before = session.value
    result = session.execute(line)
    assert result == Result(line, lines, True, frozenset({"all"}), lines[0])
    assert session.value is not None and session.value != before
    undone = session.execute("kumoa")
    assert undone.lines == ("peruttu: " + lines[0],) and session.value == before
    assert session.execute("tee").ok


def same(session: SystemSession[Any], line: str, *lines: str) -> None:
    """The line says ``lines`` (or refuses with them) and leaves the scene as it was."""
    before = session.value
    steps = session.history.done
    result = session.execute(line)
    assert result.lines == lines
    assert result.changed == frozenset() and result.label == ""
    assert session.value is before and session.history.done == steps


def play(session: SystemSession[Any], *lines: str) -> list[str]:
    """The lines, each of which must succeed, and all they said."""
    out: list[str] = []
    for line in lines:
        result = session.execute(line)
        assert result.ok, (line, result.lines)
        out += result.lines
    return out
