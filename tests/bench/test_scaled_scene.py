"""Every registered system's benchmark scene is its sample scene grown by one builder
(``bench/scaled_scene.py``): each named entry and counter written 40 times the scale, named
apart, and the result still a valid scene of the system."""

from __future__ import annotations

import tomllib
from pathlib import Path

import scaled_scene

from fatescreen import systems
from fatescreen.resources import sample_scene


def entries(path: Path) -> int:
    """The named entries and counters of a scene file."""
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    count = 0
    for value in document.values():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            count += sum(isinstance(entry.get("name"), str) for entry in value)
        elif isinstance(value, dict) and value and all(type(v) is int for v in value.values()):
            count += len(value)
    return count


def test_every_system_s_sample_grows_by_copies_times_the_scale(
    every_system: str, tmp_path: Path
) -> None:
    system = systems.named_by(every_system)
    assert system is not None
    sample = sample_scene(system)
    assert entries(sample) > 0
    once = scaled_scene.write(system, tmp_path / "1" / "scene.toml", 1)
    twice = scaled_scene.write(system, tmp_path / "2" / "scene.toml", 2)
    assert entries(once) == scaled_scene.COPIES * entries(sample)
    assert entries(twice) == 2 * entries(once)
    assert systems.of_file(twice) is system


def test_copies_are_named_apart_and_the_gm_s_comments_kept() -> None:
    text = 'format = 1\ntitle = "T"\n# kept\nc = { A = 1 }\n\n[[pc]]\nname = "Ilse"\nx = 2\n'
    grown = scaled_scene.scaled_text(text, 1)
    assert "# kept" in grown
    assert grown.count('name = "Ilse') == scaled_scene.COPIES
    assert f'name = "Ilse {scaled_scene.COPIES}"' in grown
    assert f'"A {scaled_scene.COPIES}" = 1' in grown
    assert tomllib.loads(grown)["pc"][1] == {"name": "Ilse 2", "x": 2}
