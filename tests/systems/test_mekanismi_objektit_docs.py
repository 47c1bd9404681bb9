"""The docs of Mekanismi and Objektien luonti: every key of each file format (their verbs and
keywords are checked with every system's in test_systems_docs.py)."""

from __future__ import annotations

import pytest

from tests.systems.test_systems_docs import SCENE_DOC


@pytest.mark.parametrize(
    ("title", "keys"),
    [
        (
            "### Mekanismi",
            ("[[pc]]", "[[npc]]", "name", "player", "abilities", "gear", "damage", "health"),
        ),
        (
            "### Objektien luonti",
            (
                "[kinds.NAME]",
                "[[object]]",
                "kind",
                "concept",
                "inherent",
                "developed",
                "default",
                "condition",
                "goal",
                "goals",
                "history",
                "appearance",
                "notes",
            ),
        ),
    ],
)
def test_the_file_formats_are_documented(title: str, keys: tuple[str, ...]) -> None:
    text = SCENE_DOC[SCENE_DOC.index(title) :]
    for key in keys:
        assert f"`{key}`" in text, key
