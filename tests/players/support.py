"""Helpers for player view tests: the secrets of a scene, worked out here on their own (not
with the code under test), finding them in a text, and the files a block of code opens."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from fatescreen.commands.session import Session
from fatescreen.rules.character import CharacterKind
from fatescreen.rules.obstacles import CountdownVisibility

ALWAYS_SECRET = (
    "GM-NOTE",
    "HELD-REASON",
    "STUNT-TEXT",
    "Silver tongue",
    "Deceive",
    "Stealth",
)
"""Texts of the chapel scene no command ever makes public: the GM's notes, a held point's
reason, an NPC's stunt and skills."""


def secrets_now(session: Session) -> set[str]:
    """What the players must not read while the GM's scene is as it is (docs/player-view.md):
    hidden aspects, zones without a PC in them, hidden NPCs and those in a secret zone,
    unrevealed true forms, countdowns not shown by name."""
    scene = session.scene
    with_pcs = {c.zone for c in scene.characters if c.kind is CharacterKind.PC}
    secret_zones = {z.id for z in scene.zones if z.hidden and z.id not in with_pcs}
    secrets = set(ALWAYS_SECRET)
    secrets |= {z.name for z in scene.zones if z.id in secret_zones}
    aspects = [*scene.aspects, *(a for z in scene.zones for a in z.aspects)]
    for character in scene.characters:
        aspects += character.aspects
        if character.kind is not CharacterKind.PC and (
            character.hidden or character.zone in secret_zones
        ):
            secrets.add(character.name)
            secrets |= {a.name for a in character.aspects}
        for form in character.forms[character.form :]:
            secrets.add(form.name)
            secrets |= {a.name for a in form.aspects}
    for zone in scene.zones:
        if zone.id in secret_zones:
            secrets |= {a.name for a in zone.aspects}
    secrets |= {a.name for a in aspects if a.hidden}
    for countdown in scene.countdowns:
        if countdown.visibility is not CountdownVisibility.FULL:
            secrets |= {countdown.name, countdown.outcome}
    return {secret for secret in secrets if secret}


def leaked(text: str, secrets: set[str]) -> list[str]:
    """The secrets found in a text (case ignored)."""
    folded = text.casefold()
    return sorted(secret for secret in secrets if secret.casefold() in folded)


_OPENED: list[list[str]] = []
"""The lists :func:`files_opened` is filling now."""


def _note_open(event: str, args: tuple[object, ...]) -> None:
    if event == "open" and _OPENED and isinstance(args[0], str | bytes | os.PathLike):
        for opened in _OPENED:
            opened.append(os.fsdecode(args[0]))


@contextmanager
def files_opened() -> Iterator[list[str]]:
    """The paths of the files opened while the block runs, by any means (an audit hook:
    ``open``, ``os.open``, ``Path.read_text`` alike)."""
    if not getattr(_note_open, "installed", False):
        sys.addaudithook(_note_open)  # a hook cannot be taken out: it stays, idle
        _note_open.installed = True  # type: ignore[attr-defined]
    opened: list[str] = []
    _OPENED.append(opened)
    try:
        yield opened
    finally:
        _OPENED.remove(opened)
