"""How the scene file writes values and records in their short forms: shared by the
tomlkit patcher (``save.py``) and the span splicer (``splice.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import tomlkit

from fatescreen.scene import codec
from fatescreen.scene.model import Scene

Data = dict[str, Any]


def render_value(value: Any) -> str:
    """A plain value as TOML text in the hand-written style: ``{ Fight = 3 }``, ``[1, 2]``."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        body = ", ".join(f"{render_key(k)} = {render_value(v)}" for k, v in value.items())
        return "{ " + body + " }"
    if isinstance(value, list):
        return "[" + ", ".join(render_value(v) for v in value) + "]"
    text: str = tomlkit.item(value).as_string()
    return text


def render_key(key: str) -> str:
    """A key as TOML writes it: bare when it can be, else quoted."""
    return (
        key
        if key and all(c.isascii() and (c.isalnum() or c in "-_") for c in key)
        else (tomlkit.item(key).as_string())
    )


def top_data(scene: Scene) -> Data:
    """The scene's top-level values as the file writes them (short forms, defaults left
    out)."""
    data: Data = {"title": scene.title}
    if scene.notes:
        data["notes"] = scene.notes
    if scene.gm_pool != len(scene.pcs):
        data["gm_pool"] = scene.gm_pool
    if scene.compel_points:
        data["compel_points"] = scene.compel_points
    if scene.party:
        data["pcs"] = list(scene.party)
    if scene.aspects:
        data["aspects"] = [codec.encode_aspect(a) for a in scene.aspects]
    if scene.held:
        data["held"] = codec.encode_held(scene.held)
    return data


def with_zone_names(data: Data, names: Mapping[str, str]) -> Data:
    """A record with its zone written by name, as a GM writes it."""
    if "zone" in data:
        data["zone"] = names.get(data["zone"], data["zone"])
    return data


def block_names(scene: Scene) -> dict[str, str]:
    """Block ids a link may write as the block's name: those whose name is unique and is
    no other obstacle's id."""
    ids = {o.id for o in scene.obstacles}
    names = [o.name for o in scene.obstacles]
    return {
        o.id: o.name
        for o in scene.obstacles
        if names.count(o.name) == 1 and (o.name == o.id or o.name not in ids)
    }


def same_records(old: Scene, new: Scene) -> bool:
    """True when both scenes hold the same records (ids), so file positions still hold."""
    return (
        [c.id for c in old.characters] == [c.id for c in new.characters]
        and [z.id for z in old.zones] == [z.id for z in new.zones]
        and [link.zones for link in old.links] == [link.zones for link in new.links]
        and [o.id for o in old.obstacles] == [o.id for o in new.obstacles]
        and [c.id for c in old.countdowns] == [c.id for c in new.countdowns]
        and [c.name for c in old.contests] == [c.name for c in new.contests]
        and [c.name for c in old.challenges] == [c.name for c in new.challenges]
        and old.party == new.party
    )
