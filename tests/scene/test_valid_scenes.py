"""Fuzzing from valid scenes: documents drawn from the format itself (tests/scene/strategies.py)
load, save back unchanged and carry a change through a save; with a few values replaced at
random they load or fail cleanly. Each property counts what it saw and asserts that most
examples got past the loader, so the round trip is really exercised."""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import tomlkit
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.load import load_text
from fatescreen.scene.save import render
from tests.scene.strategies import label, scene_document
from tests.scene.test_fuzz import _places, values

HERE = Path(__file__).with_name("generated.toml")
EXAMPLES = 60
"""Examples per property in ``make test``; ``make stress`` runs many more (STRESS_EXAMPLES)."""


def _examples() -> int:
    import os

    return int(os.environ.get("STRESS_EXAMPLES", EXAMPLES))


def _instead_of(value: Any) -> st.SearchStrategy[Any]:
    """What replaces a value: mostly one of the same type (a number out of its range, a
    name that refers to nothing, a control character), sometimes anything at all."""
    same: st.SearchStrategy[Any]
    if isinstance(value, bool):
        same = st.booleans()
    elif isinstance(value, int):
        same = (
            st.integers(value - 1, value + 1) | st.integers(-3, 12) | st.integers(-(2**40), 2**40)
        )
    elif isinstance(value, str):
        same = (
            label("Name")
            | st.sampled_from(["", " ", "gm", "Zone0", "pc0", "x\x1b[2J", "\u202e"])
            | st.text(max_size=8)
        )
    elif isinstance(value, list):
        same = st.lists(values, max_size=3) | st.just(value[:-1])
    else:
        same = st.dictionaries(st.text(max_size=6), values, max_size=2)
    return st.one_of(same, same, same, values)


def test_generated_scenes_load_and_round_trip() -> None:
    """Every drawn scene loads; saving it unchanged writes the very same text; a save after
    a change (the GM pool, a character's fate points) reads back as the changed scene."""
    seen: Counter[str] = Counter()
    problems: list[str] = []

    @settings(
        max_examples=_examples(),
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(scene_document())
    def check(document: dict[str, Any]) -> None:
        text = tomlkit.dumps(document)
        try:
            loaded = load_text(text, HERE)
        except SceneFileError as error:
            seen["refused"] += 1
            problems.append(f"{error}\n--- from ---\n{text}")
            event("refused")
            return
        seen["loaded"] += 1
        event("loaded")
        event(f"characters: {min(len(loaded.scene.characters), 5)}")
        assert render(loaded, loaded.scene) == text
        changed = replace(loaded.scene, gm_pool=loaded.scene.gm_pool + 1)
        if changed.characters:
            first = changed.characters[0]
            changed = changed.with_character(replace(first, fate_points=first.fate_points + 1))
        again = load_text(render(loaded, changed), HERE)
        assert again.scene == changed

    check()
    total = seen["loaded"] + seen["refused"]
    print(f"generated scenes: {seen['loaded']} of {total} loaded")
    assert total >= min(_examples(), 50)
    assert seen["loaded"] >= 0.95 * total, problems[:3]


def test_generated_scenes_with_values_replaced_load_or_fail_cleanly() -> None:
    """A valid scene with one or two values replaced (mostly by one of the same type) either
    loads (and saves back unchanged) or raises SceneFileError with located problems; nothing
    else escapes. Both happen: the replacements reach deep into records that load
    otherwise."""
    seen: Counter[str] = Counter()

    @settings(
        max_examples=_examples(),
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(scene_document(), st.data())
    def check(document: dict[str, Any], data: st.DataObject) -> None:
        document = copy.deepcopy(document)
        for _ in range(data.draw(st.sampled_from((1, 1, 1, 1, 2)))):
            # the places are read again: a first replacement may have taken a table away
            path = data.draw(st.sampled_from(_places(document)))
            parent = document
            for part in path[:-1]:
                parent = parent[part]
            parent[path[-1]] = data.draw(_instead_of(parent[path[-1]]))
        try:
            text = tomlkit.dumps(document)
        except Exception:  # tomlkit cannot write every random structure
            seen["unwritable"] += 1
            return
        try:
            loaded = load_text(text, HERE)
        except SceneFileError as error:
            assert error.problems and all(str(problem) for problem in error.problems)
            seen["refused"] += 1
            event("refused")
            return
        seen["loaded"] += 1
        event("loaded")
        assert render(loaded, loaded.scene) == text

    check()
    print(f"replaced values: {dict(seen)}")
    written = seen["loaded"] + seen["refused"]
    assert written >= 0.8 * sum(seen.values())
    assert seen["loaded"] > 0 and seen["refused"] >= 0.2 * written, seen
