"""Menneisyyden varjot (seed 002), on the shared stack: checks, dice after the roll, pools,
gift dice; characters from CSV sheets; the player view."""

from __future__ import annotations

from fatescreen.systems.base import Capability
from fatescreen.systems.shared import system_on_shared_stack

VARJOT = "menneisyyden-varjot"
"""The id its scene files name."""

SYSTEM = system_on_shared_stack(
    VARJOT,
    ("varjot",),
    "Menneisyyden varjot",
    {Capability.CAMPAIGNS, Capability.IMPORT, Capability.PLAYER_VIEW},
    module=__name__,
    rules=f"{__name__}.rules",
    sample="varjot/sillalla.toml",
)
