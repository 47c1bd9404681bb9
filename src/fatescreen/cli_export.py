"""``fatescreen export``: Fate's way of writing a character for another tool, its ``export``
part (``fatescreen.systems``): Fari's character JSON (docs/import.md)."""

from __future__ import annotations

from pathlib import Path

from fatescreen.i18n import tr
from fatescreen.systems.base import Exported


def to_fari(source: Path, character: str, *, lang: str) -> Exported:
    """One character of a Fate scene file (its campaign's party too, if the scene belongs to
    one) or of a campaign folder's party, as Fari's character JSON; the note lists what
    Fari's sheet has no place for.

    Raises:
        SceneFileError: The scene or campaign cannot be read.
        CommandError: No character, or more than one, answers to ``character``.
    """
    import json
    import time

    from fatescreen.commands.names import resolve
    from fatescreen.rules.character import Character
    from fatescreen.scene.campaign import load_campaign, party_of
    from fatescreen.scene.errors import said
    from fatescreen.scene.load import load_scene
    from fatescreen.scene.scaffold import find_campaign
    from fatescreen.scene.sheets.fari import left_out_of_fari, write_fari

    if source.is_dir():
        campaign = load_campaign(source).campaign
        characters, rules = campaign.pcs, campaign.rules
    else:
        owner = find_campaign(source)
        party = party_of(load_campaign(owner).campaign) if owner else None
        scene = load_scene(source, party).scene
        characters, rules = scene.characters, scene.rules
    found: Character = resolve(
        character, ((c.id, c.name, c) for c in characters), "character", lang
    )
    data = write_fari(found, escalating=rules.escalating_stress_boxes, updated=int(time.time()))
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    left = left_out_of_fari(found)
    if not left:
        return Exported(text)
    items = "; ".join(said(item, lang) for item in left)
    return Exported(text, (tr(lang, "export.left", items=items),))
