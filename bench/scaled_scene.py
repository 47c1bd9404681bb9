"""Write any registered system's sample scene made larger: the benchmark scene of every
system, built the same way for each, from the registry alone.

Usage: ``python bench/scaled_scene.py SYSTEM PATH [--scale N]``. Every named entry of the
sample (an item of a top-level array of tables that has a ``name``: a character, an
object, a zone) is written :data:`COPIES` times ``N`` times, each copy named apart
(``Ilse 2``, and an ``id`` it gives, ``leader-2``), and so is every counter of a
top-level table of whole numbers (``Goblins 2 = 0``). What the
entries refer to by name stays as the sample has it. The files beside the sample (the
templates it names) are copied beside the new scene. The scene is checked by its system
at the end, so a sample the builder cannot grow fails loudly.
"""

from __future__ import annotations

import argparse
import copy
import shutil
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.items import AoT, Table

from fatescreen import systems
from fatescreen.resources import sample_scene
from fatescreen.systems import RuleSystem

COPIES = 40
"""Times each named entry is written at scale 1: a sample of five characters becomes a
scene of two hundred, as many as Fate's large benchmark scene has."""


def _named(entry: Any) -> bool:
    return isinstance(entry, Table | dict) and isinstance(entry.get("name"), str)


def _counters(value: Any) -> bool:
    return (
        isinstance(value, Table | dict)
        and bool(value)
        and all(
            type(item) is int or isinstance(item, tomlkit.items.Integer) for item in value.values()
        )
        and not any(isinstance(item, bool) for item in value.values())
    )


def scaled_text(text: str, scale: int) -> str:
    """The scene's text with each named entry and counter ``COPIES * scale`` times."""
    document = tomlkit.parse(text)
    times = COPIES * scale
    for key, value in list(document.items()):
        if isinstance(value, AoT):
            originals = [entry for entry in value if _named(entry)]
            for number in range(2, times + 1):
                for entry in originals:
                    twin = copy.deepcopy(entry)
                    twin["name"] = f"{entry['name']} {number}"
                    if isinstance(entry.get("id"), str):
                        twin["id"] = f"{entry['id']}-{number}"
                    value.append(twin)
        elif _counters(value):
            for name, count in list(value.items()):
                for number in range(2, times + 1):
                    value[f"{name} {number}"] = int(count)
        document[key] = value
    return tomlkit.dumps(document)


def write(system: RuleSystem, path: Path, scale: int = 1) -> Path:
    """The system's sample scene ``scale`` times larger at ``path``, with the files beside
    the sample copied beside it; checked by the system."""
    sample = sample_scene(system)
    path.parent.mkdir(parents=True, exist_ok=True)
    for neighbour in sample.parent.iterdir():
        if neighbour.is_dir() and not neighbour.name.startswith((".", "__")):
            shutil.copytree(neighbour, path.parent / neighbour.name, dirs_exist_ok=True)
    path.write_text(scaled_text(sample.read_text(encoding="utf-8"), scale), encoding="utf-8")
    system.check_file(path)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("system", help="a registered system's id or alias")
    parser.add_argument("path", type=Path)
    parser.add_argument("--scale", type=int, default=1, help="times the usual size")
    arguments = parser.parse_args()
    system = systems.find(arguments.system)
    if system is None:
        raise SystemExit(f"no system {arguments.system!r}; known: {', '.join(systems.ids())}")
    path = write(system, arguments.path, arguments.scale)
    print(f"{path}: {system.title}, {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
