"""Mekanismi and Objektien luonti under random input: nothing uncaught escapes, a refused line
changes nothing, undo takes every change back, and a mangled file is only ever a
SceneFileError."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomlkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fatescreen.commands.systems.session import open_system_session
from tests.systems.support import KUILU, SATAMASSA, loads_or_names_the_file, undone_at_the_end

COMMON = ["0", "1", "2", "3", "-1", "+2", "-6", "3,14", "66", "6612", "611", "-", '"', "x"]
MEKANISMI_WORDS = [
    *("check", "advantage", "disadvantage", "gear", "helpers", "roll", "odds", "damage"),
    *("hurt", "drop", "tarkistus", "heitä", "etu", "haitta"),
    *("Ragnar", "Sigrid", "Rosvo", "Roisto+Renttu", "Rosvopäällikkö+Rosvo", "Perämies"),
    *("Taistelu", "Soutu", "Ammunta", "Tikari", "Kevyt", "vs", "for", "major", "ranged"),
    *("dice", "actor", "opposition", "15", "199", "200"),
    *COMMON,
]
OBJEKTIT_WORDS = [
    *("check", "chance", "roll", "odds", "damage", "condition", "initiative", "drop"),
    *("konflikti", "heitä", "aloite", "tila", "clear", "=", "dice"),
    *("Aino", "Bertil", "Merikotka", "vikkelä", "kova", "nokkela", "kiipeily", "poliisi"),
    *("kapteeni", "kestävä", "7", "12", "+9", "-9", "1000", "1001", "0.0000001"),
    *COMMON,
]
SCENES = pytest.mark.parametrize(
    ("scene", "words"), [(KUILU, MEKANISMI_WORDS), (SATAMASSA, OBJEKTIT_WORDS)], ids=["m", "o"]
)


@SCENES
@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_lines_never_escape_and_undo_restores(
    scene: Path, words: list[str], data: st.DataObject
) -> None:
    lines = data.draw(
        st.lists(st.lists(st.sampled_from(words), min_size=1, max_size=7), max_size=12)
    )
    played = open_system_session(scene, seed=1, journal=False)
    undone_at_the_end(played, (" ".join(line) for line in lines))


VALUES = st.one_of(
    st.integers(-10, 10),
    st.text(max_size=5),
    st.booleans(),
    st.floats(allow_nan=True),
    st.lists(st.integers(0, 5), max_size=3),
    st.dictionaries(st.sampled_from(["Taistelu", "kova", "x"]), st.integers(-2, 9), max_size=3),
    st.dictionaries(st.sampled_from(["Tikari", "y"]), st.sampled_from([1, 2, 3, "pieni", "?"])),
)


@pytest.mark.parametrize(
    ("scene", "section", "keys"),
    [
        (KUILU, "pc", ("name", "player", "abilities", "gear", "damage", "health", "extra")),
        (KUILU, "npc", ("name", "abilities", "gear", "damage", "health", "player")),
        (
            SATAMASSA,
            "object",
            ("name", "kind", "inherent", "developed", "default", "condition", "goals", "x"),
        ),
    ],
    ids=["pc", "npc", "object"],
)
@settings(max_examples=40)
@given(data=st.data())
def test_mangled_files_are_refused_cleanly(
    scene: Path, section: str, keys: tuple[str, ...], data: st.DataObject
) -> None:
    document = tomlkit.parse(scene.read_text(encoding="utf-8"))
    records = document[section]
    index = data.draw(st.integers(0, len(records) - 1))
    records[index][data.draw(st.sampled_from(keys))] = data.draw(VALUES)
    loads_or_names_the_file(tomlkit.dumps(document))
