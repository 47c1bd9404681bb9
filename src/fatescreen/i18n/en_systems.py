"""English messages shared by the systems other than Fate (docs/systems.md)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "system.placeholder": ": command  (help, undo, save…)",
    "system.unknown": "unknown system {system!r}; known: {names}",
    "system.range": "{verb}: {text!r} must be from {low} to {high}. Usage: {usage}",
}
