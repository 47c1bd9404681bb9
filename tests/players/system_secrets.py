"""The secrets of a scene of Menneisyyden varjot, Mekanismi or Objektien luonti, worked out
here on their own: from the scene file as TOML (what it marks hidden, its notes, the GM's
characters' sheets) and from what the GM typed into the session (the reasons given for
dice and advantages), never with the systems' ``public`` parts under test."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from fatescreen.systems.mekanismi.rules.pools import PartKind
from fatescreen.systems.varjot.rules.check import Source

SHORTEST = 4
"""Shorter strings would be found inside ordinary words."""


def _lines(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines()}


def _texts(strings: Iterable[str]) -> set[str]:
    return {text for text in strings if len(text) >= SHORTEST}


def _table(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _keys(records: Iterable[Mapping[str, Any]], key: str) -> set[str]:
    return {name for record in records for name in record.get(key, {})}


def varjot_secrets(path: Path, value: Any) -> set[str]:
    """The notes; the hidden GM's characters; the abilities and pools only the GM's
    characters have; the reasons the GM gave for dice (in the check under way or the last)."""
    data = _table(path)
    pcs, npcs = data.get("pc", []), data.get("npc", [])
    secrets = _lines(data.get("notes", ""))
    for npc in npcs:
        if npc.get("hidden"):
            secrets.add(npc["name"])
        secrets |= _lines(npc.get("notes", ""))
    secrets |= _keys(npcs, "abilities") - _keys(pcs, "abilities")
    secrets |= _keys(npcs, "pools") - _keys(pcs, "pools")
    checks = [value.check, value.last.check if value.last is not None else None]
    for check in (check for check in checks if check is not None):
        for side in check.sides:
            secrets |= {extra.detail for extra in side.extras if extra.source is Source.OTHER}
    return _texts(secrets)


def mekanismi_secrets(path: Path, value: Any) -> set[str]:
    """The notes; the hidden GM's characters; the abilities only the GM's characters have and
    their gear; the reasons the GM gave for advantages and disadvantages."""
    data = _table(path)
    pcs, npcs = data.get("pc", []), data.get("npc", [])
    secrets = _lines(data.get("notes", ""))
    for npc in npcs:
        if npc.get("hidden"):
            secrets.add(npc["name"])
        secrets |= _lines(npc.get("notes", ""))
    secrets |= _keys(npcs, "abilities") - _keys(pcs, "abilities")
    secrets |= _keys(npcs, "gear")
    opened = [value.check, value.last.opened if value.last is not None else None]
    for check in (opened.check for opened in opened if opened is not None):
        for pool in (check.actor, check.opposition):
            secrets |= {
                part.reason
                for part in pool.parts
                if part.kind in (PartKind.ADVANTAGE, PartKind.DISADVANTAGE)
            }
    return _texts(secrets)


def objektit_secrets(path: Path, value: Any) -> set[str]:
    """The notes; the hidden objects; the GM's objects' concept, history, goals, notes and
    the developed abilities only they have."""
    data = _table(path)
    objects = data.get("object", [])
    players = [item for item in objects if "player" in item]
    gms = [item for item in objects if "player" not in item]
    secrets = _lines(data.get("notes", ""))
    for item in gms:
        if item.get("hidden"):
            secrets.add(item["name"])
        for key in ("concept", "history", "goal", "notes"):
            secrets |= _lines(item.get(key, ""))
        secrets |= set(item.get("goals", []))
    secrets |= _keys(gms, "developed") - _keys(players, "developed")
    return _texts(secrets)


SECRETS: dict[str, Callable[[Path, Any], set[str]]] = {
    "menneisyyden-varjot": varjot_secrets,
    "mekanismi": mekanismi_secrets,
    "objektien-luonti": objektit_secrets,
}
"""Each system's secrets, by its id."""


def leaked(text: str, secrets: set[str]) -> list[str]:
    """The secrets found in a text (case ignored)."""
    folded = text.casefold()
    return sorted(secret for secret in secrets if secret.casefold() in folded)
