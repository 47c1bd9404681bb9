"""The GM's own keys: ``keys.toml`` in the config folder maps binding ids to keys."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Mapping
from pathlib import Path

from textual.binding import Binding

from fatescreen.i18n import tr
from fatescreen.ui.config import config_path

KEYMAP_FILE = "keys.toml"


ALTERNATES = ({"system.endscene", "system.endsession"},)
"""Bindings of one screen that may share a key: never both at work at once (a campaign's
``E`` ends the scene while one runs, the session between scenes)."""


class KeymapError(Exception):
    """``keys.toml`` is not valid: the message names the file, the binding id and the key."""


def keymap_path() -> Path:
    """Where the GM's keymap lives: ``keys.toml`` beside the settings."""
    return config_path().parent / KEYMAP_FILE


def key_name(key: str) -> str:
    """A key as Textual names it: ``?`` is ``question_mark``, ``ctrl+s`` stays as it is."""
    key = key.strip()
    if len(key) == 1 and not key.isalnum():
        try:
            return unicodedata.name(key).lower().replace("-", "_").replace(" ", "_")
        except ValueError:
            return key
    return key


def check_keymap(
    keymap: Mapping[str, str],
    where: str,
    tables: Mapping[str, list[Binding]],
    lines: Mapping[str, int] | None = None,
    lang: str = "en",
) -> None:
    """Insist that every id in a keymap is a binding's and that no two bindings of one screen
    end up on the same key; ``lines``: the line each id is written on, named with ``where``.

    Raises:
        KeymapError: An unknown id (with the known ones) or a clash (with both ids).
    """
    lines = lines or {}

    def at(binding_id: str) -> str:
        return f"{where}:{lines[binding_id]}" if binding_id in lines else where

    known = sorted({binding.id for table in tables.values() for binding in table if binding.id})
    for binding_id in keymap:
        if binding_id not in known:
            raise KeymapError(
                tr(
                    lang,
                    "keymap.unknown",
                    where=at(binding_id),
                    id=binding_id,
                    ids=", ".join(known),
                )
            )
    for table in tables.values():
        owner: dict[str, str] = {}
        for binding in table:
            assert binding.id is not None
            keys = keymap.get(binding.id, binding.key)
            for key in (key_name(part) for part in keys.split(",")):
                other = owner.setdefault(key, binding.id)
                if other != binding.id and {other, binding.id} not in ALTERNATES:
                    remapped = binding.id if binding.id in keymap else other
                    raise KeymapError(
                        tr(
                            lang,
                            "keymap.clash",
                            where=at(remapped),
                            first=other,
                            second=binding.id,
                            pressed=key,
                        )
                    )


def read_keymap(path: Path | None = None, lang: str = "en") -> dict[str, str]:
    """The GM's keymap; see :func:`read_keymap_lines`."""
    return read_keymap_lines(path, lang)[0]


def read_keymap_lines(
    path: Path | None = None, lang: str = "en"
) -> tuple[dict[str, str], dict[str, int]]:
    """The GM's keymap (binding id to keys, e.g. ``attack = "ctrl+a"``) as written, each
    value a key or a list of keys; empty if there is no ``keys.toml``. Whether its ids are
    bindings' and its keys clash is :func:`fatescreen.ui.keymap_check.load_keymap`'s
    question (it needs every screen; the console script asks it before any dashboard
    starts); and the line each id is written on (as far as it is found).

    Raises:
        KeymapError: The file cannot be read, is not TOML, or names a key wrongly.
    """
    path = path or keymap_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, {}
    except OSError as error:
        reason = error.strerror
        raise KeymapError(tr(lang, "keymap.unreadable", where=str(path), reason=reason)) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"\(at line (\d+), column \d+\)$", str(error))
        where = f"{path}:{found.group(1)}" if found else str(path)
        reason = str(error)[: found.start()].strip() if found else str(error)
        raise KeymapError(tr(lang, "keymap.not_toml", where=where, reason=reason)) from None
    keymap: dict[str, str] = {}
    lines: dict[str, int] = {}
    for binding_id, keys in _flat(data).items():
        # a quoted id ("varjot.roll" = ...) or the last part of a dotted one
        line = _line_of(text, binding_id) or _line_of(text, binding_id.rsplit(".", 1)[-1])
        if line:
            lines[binding_id] = line
        where = f"{path}:{line}" if line else str(path)
        if isinstance(keys, str):
            keys = [keys]
        if (
            not isinstance(keys, list)
            or not keys
            or not all(isinstance(key, str) and key.strip() for key in keys)
        ):
            raise KeymapError(tr(lang, "keymap.not_a_key", where=where, id=binding_id))
        keymap[binding_id] = ",".join(key_name(key) for key in keys)
    return keymap, lines


def _flat(data: Mapping[str, object], prefix: str = "") -> dict[str, object]:
    """Dotted ids as written without quotes (``scenes.sheet = "p"``) back to one id each."""
    flat: dict[str, object] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            flat.update(_flat(value, f"{prefix}{key}."))
        else:
            flat[prefix + key] = value
    return flat


def _line_of(text: str, key: str) -> int | None:
    for number, line in enumerate(text.splitlines(), 1):
        if line.split("=", 1)[0].strip().strip("\"'") == key:
            return number
    return None
