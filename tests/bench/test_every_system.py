"""``make bench`` measures every registered system alike on its grown sample scene: its
dashboard's start and memory, its load and a saved change, each beside its floor."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import run

from fatescreen import systems


@pytest.mark.parametrize("system", systems.registered(), ids=systems.ids())
def test_every_system_gets_the_same_rows_taken_once(
    system: systems.RuleSystem, tmp_path: Path
) -> None:
    env = {
        **os.environ,
        "FATESCREEN_DATA_DIR": str(tmp_path / "data"),
        "FATESCREEN_CONFIG_DIR": str(tmp_path / "config"),
    }
    rows = run.system_rows(system.id, system.title, tmp_path, env, 1, 1)
    assert [row.figure.split(": ")[1].split(" ")[0] for row in rows] == [
        "start,",
        "memory,",
        "load",
        "save",
    ]
    assert all(row.figure.startswith(f"{system.title}: ") for row in rows)
    for row in rows:
        value = float(row.value.split()[0])
        assert value > 0 and float(row.ratio) > 0
        assert row.passed is None and row.target == "(reported)"
    saved = tmp_path / system.id / "timed-0.toml"
    system.check_file(saved)  # the copy saved is whole, and holds the change
    assert saved.read_bytes() != (tmp_path / system.id / "scene.toml").read_bytes()
