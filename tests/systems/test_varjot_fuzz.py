"""Menneisyyden varjot under random input: nothing uncaught escapes, a refused line changes
nothing, undo takes every change back, and a mangled file is only ever a SceneFileError."""

from __future__ import annotations

from typing import Any

import tomlkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fatescreen.commands.session import Session
from fatescreen.commands.systems.session import open_system_session
from tests.systems.support import SILLALLA, loads_or_names_the_file, undone_at_the_end

WORDS = [
    "check",
    "pool",
    "gift",
    "penalty",
    "bonus",
    "roll",
    "accept",
    "drop",
    "session",
    "odds",
    "undo",
    "redo",
    "tarkistus",
    "heitä",
    "Ilse",
    "Vartija",
    "Saga",
    "Aarne",
    "Kalmanlordi",
    "Miekkailu",
    "Loitsut",
    "Uinti",
    "Ruumis",
    "Mieli",
    "Taika",
    "Tuomas",
    "Eevi",
    "PJ",
    "vs",
    "on",
    "to",
    "support",
    "margin",
    "no-tie",
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "-1",
    "+2",
    "+",
    "-",
    "0",
    "+0-",
    "++0-",
    "---",
    "000",
    "+0-+0",
    '"',
    "x",
]
TEXT = SILLALLA.read_text(encoding="utf-8")


def session() -> Session[Any]:
    return open_system_session(SILLALLA, seed=1, journal=False)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=7), max_size=12))
def test_random_lines_never_escape_and_undo_restores(lines: list[list[str]]) -> None:
    played = (" ".join(words) for words in lines if words[0] not in ("undo", "redo"))
    undone_at_the_end(session(), played)


VALUES = st.one_of(
    st.integers(-10, 10),
    st.text(max_size=5),
    st.booleans(),
    st.lists(st.integers(0, 5), max_size=3),
    st.dictionaries(st.sampled_from(["max", "left", "x"]), st.integers(-2, 9), max_size=3),
)


@given(
    section=st.sampled_from(["pc", "npc"]),
    index=st.integers(0, 2),
    key=st.sampled_from(["name", "player", "abilities", "pools", "notes", "extra"]),
    value=VALUES,
)
def test_mangled_files_are_refused_cleanly(section: str, index: int, key: str, value: Any) -> None:
    document = tomlkit.parse(TEXT)
    records = document[section]
    if index >= len(records):
        return
    records[index][key] = value
    loads_or_names_the_file(tomlkit.dumps(document))
