"""The other systems' saves write each changed value over its own span: the text is the one
the style-preserving patcher (tomlkit) writes, read back the same, for every system's sample
scene and the changes its play makes."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from fatescreen import systems
from fatescreen.commands.systems.session import open_system_session
from fatescreen.resources import sample_scene
from fatescreen.scene.splice import spliced_state
from fatescreen.scene.systems import changed_paths, document_patched, scene_format

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
        changes = [(k, old.get(k), new.get(k)) for k in changed_paths(old, new)]
        if not changes:
            continue
        spliced = spliced_state(loaded.text, changes)
        expected = document_patched(loaded.text, old, new)
        assert spliced is not None, line
        assert tomllib.loads(spliced) == tomllib.loads(expected), line
        assert spliced == expected, line
        spliced_once += 1
    assert spliced_once >= 2
