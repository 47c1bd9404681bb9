"""The stress tracks (§6): a module of its own, so that what a character holds and the rules
about it can name them without importing each other."""

from __future__ import annotations

from enum import StrEnum


class StressKind(StrEnum):
    """A stress track: physical, mental, or one combined track (minor NPCs, one-track option)."""

    PHYSICAL = "physical"
    MENTAL = "mental"
    COMBINED = "stress"
