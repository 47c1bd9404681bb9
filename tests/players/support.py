"""Helpers for player view tests: what a player sees, and the secrets they must not."""

from __future__ import annotations

from fatescreen.commands.session import Session
from fatescreen.scene.public import public_names, secret_names

ALWAYS_SECRET = (
    "GM-NOTE",
    "HELD-REASON",
    "STUNT-TEXT",
    "Silver tongue",
    "Deceive",
    "Stealth",
    "Vault keeper",
    "Barnacled guardian",
)
"""Texts of the chapel scene no command in these tests ever makes public: the GM's notes,
a held point's reason, an NPC's stunt and skills, the NPC in the secret vault."""


def secrets_now(session: Session) -> set[str]:
    """What the players must not read while the GM's scene is as it is."""
    names = secret_names(session.scene) - public_names(session.scene)
    return set(names) | set(ALWAYS_SECRET)


def leaked(text: str, secrets: set[str]) -> list[str]:
    """The secrets found in a text (case ignored)."""
    folded = text.casefold()
    return sorted(secret for secret in secrets if secret.casefold() in folded)
