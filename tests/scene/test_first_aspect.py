"""Finding the first aspect in play that is wanted gives what listing them all gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.scene.aspects import aspect_by_key, aspects_in_play, first_aspect_in_play
from fatescreen.scene.load import load_scene
from tests.scene.support import MID_CONFLICT, SHIPPED


@pytest.mark.parametrize("path", [*SHIPPED, MID_CONFLICT], ids=lambda p: p.name)
def test_first_wanted_and_by_key_agree_with_the_full_list(path: Path) -> None:
    """For aspects with free invokes, consequences, one holder's aspects and none at all,
    the first one found is the first of the full list; every key finds its aspect."""
    scene = load_scene(path).scene
    listed = aspects_in_play(scene)
    wants = [
        lambda a: bool(a.aspect.free_invokes),
        lambda a: a.holder.startswith("consequence:"),
        lambda a: a.holder == listed[-1].holder,
        lambda a: False,
    ]
    for wanted in wants:
        expected = next((a for a in listed if wanted(a)), None)
        fresh = load_scene(path).scene  # a scene whose aspects were never listed
        assert first_aspect_in_play(fresh, wanted) == expected
        assert first_aspect_in_play(scene, wanted) == expected
    keys = [a.key for a in listed]
    for aspect in listed:
        assert aspect_by_key(scene, aspect.key) == (aspect if keys.count(aspect.key) == 1 else None)
    assert aspect_by_key(scene, "character:nobody/x") is None
