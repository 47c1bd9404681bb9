"""The toy system's export: one counter, the toy's "character", as a small JSON object::

    {"system": "toy-tally", "tally": "Goblin hunt", "name": "Goblins", "count": 0}

From a scene file, its own counters; from a campaign folder, the party's. Whether the
players see the counter is the scene's (its ``hidden`` list), not the counter's: for a
hidden one, the note says so."""

from __future__ import annotations

import json
from pathlib import Path

from fatescreen.commands.errors import CommandError
from fatescreen.commands.names import fold
from fatescreen.i18n import tr
from fatescreen.scene.systems import load_system_scene
from fatescreen.scene.systems.campaign import load_campaign
from fatescreen.systems.base import Exported
from tests.systems.toy import TOY
from tests.systems.toy.scene import ToyScene


def export_counter(source: Path, character: str, *, lang: str) -> Exported:
    """The counter named ``character`` (in any case) as JSON.

    Raises:
        SceneFileError: The scene or campaign cannot be read.
        CommandError: No counter has that name.
    """
    if source.is_dir():
        campaign = load_campaign(source)
        tally, value = campaign.name, campaign.party
    else:
        value = load_system_scene(source).value
        tally = value.title
    assert isinstance(value, ToyScene)
    names = [name for name, _ in value.counters]
    found = next((name for name in names if fold(name) == fold(character)), None)
    if found is None:
        raise CommandError(tr(lang, "toy.unknown", name=character, names=", ".join(names)))
    data = {"system": TOY, "tally": tally, "name": found, "count": value.count(found)}
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    left = (tr(lang, "toy.export.hidden", name=found),) if found in value.hidden else ()
    return Exported(text, left)


EXPORT = export_counter
"""The toy system's ``export`` part."""
