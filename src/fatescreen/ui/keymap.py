"""The GM's own keys: ``keys.toml`` in the config folder maps binding ids to keys."""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Mapping
from pathlib import Path

from textual.binding import Binding

from fatescreen.ui.config import config_path

KEYMAP_FILE = "keys.toml"


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
    keymap: Mapping[str, str], where: str, tables: Mapping[str, list[Binding]]
) -> None:
    """Insist that every id in a keymap is a binding's and that no two bindings of one screen
    end up on the same key.

    Raises:
        KeymapError: An unknown id (with the known ones) or a clash (with both ids).
    """
    known = sorted({binding.id for table in tables.values() for binding in table if binding.id})
    for binding_id in keymap:
        if binding_id not in known:
            raise KeymapError(
                f"{where}: unknown binding id {binding_id!r}; the ids: {', '.join(known)}"
            )
    for screen, table in tables.items():
        owner: dict[str, str] = {}
        for binding in table:
            assert binding.id is not None
            keys = keymap.get(binding.id, binding.key)
            for key in (key_name(part) for part in keys.split(",")):
                other = owner.setdefault(key, binding.id)
                if other != binding.id:
                    raise KeymapError(
                        f"{where}: {other!r} and {binding.id!r} both have the key {key!r} "
                        f"({screen}): give one of them another key"
                    )


def read_keymap(path: Path | None = None) -> dict[str, str]:
    """The GM's keymap (binding id to keys, e.g. ``attack = "ctrl+a"``) as written, each
    value a key or a list of keys; empty if there is no ``keys.toml``. Whether its ids are
    bindings' and its keys clash is :func:`fatescreen.ui.keymap_check.load_keymap`'s
    question (it needs every screen; the console script asks it before any dashboard
    starts).

    Raises:
        KeymapError: The file cannot be read, is not TOML, or names a key wrongly.
    """
    path = path or keymap_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise KeymapError(f"{path}: cannot read it: {error.strerror}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise KeymapError(f"{path}: {error}") from None
    keymap: dict[str, str] = {}
    for binding_id, keys in _flat(data).items():
        line = _line_of(text, binding_id.rsplit(".", 1)[-1])
        where = f"{path}:{line}" if line else str(path)
        if isinstance(keys, str):
            keys = [keys]
        if (
            not isinstance(keys, list)
            or not keys
            or not all(isinstance(key, str) and key.strip() for key in keys)
        ):
            raise KeymapError(f"{where}: {binding_id}: expected a key or a list of keys")
        keymap[binding_id] = ",".join(key_name(key) for key in keys)
    return keymap


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
