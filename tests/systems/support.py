"""Helpers for the tests of the systems other than Fate: the example scenes, edited copies."""

from __future__ import annotations

from pathlib import Path

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
