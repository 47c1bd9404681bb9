"""The other systems' saves write each changed value over its own span: the text is the one
the style-preserving patcher (tomlkit) writes, read back the same, for every system's sample
scene and the changes its play makes."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomlkit

from fatescreen import systems
from fatescreen.commands.systems.session import open_system_session
from fatescreen.resources import sample_scene
from fatescreen.scene.save import insert_top_key, patch
from fatescreen.scene.splice import spliced_state
from fatescreen.scene.systems import scene_format

PLAYS = {
    "menneisyyden-varjot": [
        "secret Vartija",
        "check Ilse Miekkailu vs Vartija Miekkailu",
        "pool Ilse Ruumis",
        "gift Tuomas",
        "drop",
        "public Vartija",
        "public Kalmanlordi",
    ],
    "mekanismi": ["hurt Ragnar 2", "secret Rosvo", "hurt Rosvo 1", "hurt Ragnar -2"],
    "objektien-luonti": ["condition Aino 3", "secret Bertil", "condition Aino 6", "public Bertil"],
}
"""Lines that change what each system's file holds: every kind of value its play writes."""


def patched_by_tomlkit(text: str, old: dict[Any, Any], new: dict[Any, Any]) -> str:
    """The style-preserving patcher's text, as the save wrote it before the splice."""
    document = tomlkit.parse(text)
    for key_path in [*old, *(k for k in new if k not in old)]:
        before, after = old.get(key_path), new.get(key_path)
        if before == after:
            continue
        if len(key_path) == 1 and key_path[0] not in document and after is not None:
            insert_top_key(document, str(key_path[0]), after)
            continue
        container: Any = document
        for part in key_path[:-1]:
            container = container[part]
        patch(container, key_path[-1], before, after)
    return tomlkit.dumps(document)


@pytest.mark.parametrize("system_id", sorted(PLAYS))
def test_the_splice_writes_what_the_patcher_writes(system_id: str, tmp_path: Path) -> None:
    system = systems.named_by(system_id)
    assert system is not None
    path = tmp_path / "scene.toml"
    path.write_text(sample_scene(system).read_text(encoding="utf-8"), encoding="utf-8")
    session = open_system_session(path, journal=False, seed=1)
    fmt = scene_format(system_id)
    loaded = session.loaded
    assert loaded is not None
    spliced_once = 0
    for line in PLAYS[system_id]:
        assert session.execute(line).ok, line
        old, new = dict(fmt.file_state(loaded.value)), dict(fmt.file_state(session.value))
        # in the order the save gives them: the file's paths, then the new ones
        paths = [*old, *(k for k in new if k not in old)]
        changes = [(k, old.get(k), new.get(k)) for k in paths if old.get(k) != new.get(k)]
        if not changes:
            continue
        spliced = spliced_state(loaded.text, changes)
        expected = patched_by_tomlkit(loaded.text, old, new)
        assert spliced is not None, line
        assert tomllib.loads(spliced) == tomllib.loads(expected), line
        assert spliced == expected, line
        spliced_once += 1
    assert spliced_once >= 2
