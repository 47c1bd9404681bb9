"""Mekanismi (seed 003), on the shared stack: pools of d6, advantages, groups, margins as
damage; characters from CSV sheets; the player view."""

from __future__ import annotations

from fatescreen.systems.base import Capability
from fatescreen.systems.shared import system_on_shared_stack

MEKANISMI = "mekanismi"
"""The id its scene files name."""

SYSTEM = system_on_shared_stack(
    MEKANISMI,
    (),
    "Mekanismi",
    {Capability.CAMPAIGNS, Capability.IMPORT, Capability.PLAYER_VIEW},
    module=__name__,
    rules=f"{__name__}.rules",
    sample="mekanismi/kuilun-reunalla.toml",
)
