"""Objektien luonti (seed 001), on the shared stack: 2d6 conflicts, the chance ladder, the
condition track, initiative; objects from CSV sheets; the player view."""

from __future__ import annotations

from fatescreen.systems.base import Capability
from fatescreen.systems.shared import system_on_shared_stack

OBJEKTIT = "objektien-luonti"
"""The id its scene files name."""

SYSTEM = system_on_shared_stack(
    OBJEKTIT,
    ("objektit",),
    "Objektien luonti",
    {Capability.CAMPAIGNS, Capability.IMPORT, Capability.PLAYER_VIEW},
    module=__name__,
    rules=f"{__name__}.rules",
    sample="objektit/satamassa.toml",
)
