"""How the scene file writes values and records in their short forms: shared by the
tomlkit patcher (``save.py``) and the span splicer (``splice.py``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import tomlkit

from fatescreen.rules.character import Character
from fatescreen.scene import codec
from fatescreen.scene.model import RulesInPlay, Scene

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


def top_data(scene: Scene, embedded: Collection[str] = ()) -> Data:
    """The scene's top-level values as the file writes them (short forms, defaults left
    out).

    Args:
        scene: The scene.
        embedded: Ids of the party's PCs that the file writes as ``[[pc]]`` records of
            their own (a one-shot's PCs standing in for the party): those records place
            them, so ``pcs`` leaves them out.
    """
    data: Data = {"title": scene.title}
    if scene.notes:
        data["notes"] = scene.notes
    if scene.gm_pool != len(scene.pcs):
        data["gm_pool"] = scene.gm_pool
    if scene.compel_points:
        data["compel_points"] = scene.compel_points
    listed = [pc_id for pc_id in scene.party if pc_id not in embedded]
    if listed:
        data["pcs"] = party_places(scene, listed)
    if scene.aspects:
        data["aspects"] = [codec.encode_aspect(a) for a in scene.aspects]
    if scene.held:
        data["held"] = codec.encode_held(scene.held)
    return data


def embedded_party(old: Scene, new: Scene, records: Collection[str]) -> frozenset[str]:
    """The party's PCs that the file writes as ``[[pc]]`` records of their own (``records``:
    the ids of the characters written as records): a one-shot's PCs standing in for the
    party. Only their zone is the scene's to write; the rest of them is the party's."""
    return frozenset(pc_id for pc_id in (*old.party, *new.party) if pc_id in records)


def character_data(
    character: Character, rules: RulesInPlay, names: Mapping[str, str], embedded: Collection[str]
) -> Data:
    """A character's record as the file writes it, its zone by name; of a party PC the file
    embeds (see :func:`embedded_party`), only the zone."""
    if character.id in embedded:
        return with_zone_names({"zone": character.zone} if character.zone else {}, names)
    return with_zone_names(codec.encode_character(character, rules), names)


def party_places(scene: Scene, ids: list[str]) -> list[str | Data]:
    """``pcs`` as the file writes it: each PC's id, with the zone it stands in by name
    (``{ id = "rozio", zone = "Stacks" }``) when it stands in one."""
    names = {zone.id: zone.name for zone in scene.zones}
    index = scene.character_index
    places: list[str | Data] = []
    for pc_id in ids:
        pc = index.get(pc_id)
        zone = None if pc is None else pc.zone
        places.append(pc_id if zone is None else {"id": pc_id, "zone": names.get(zone, zone)})
    return places


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
