"""The docs of Mekanismi and Objektien luonti: every verb documented with its usage and
aliases, every keyword, every key of each file format."""

from __future__ import annotations

import pytest

from fatescreen.commands.systems import verbs_of
from fatescreen.commands.systems.mekanismi import KEYWORDS as MEKANISMI_KEYWORDS
from fatescreen.commands.systems.objektit import KEYWORDS as OBJEKTIT_KEYWORDS
from tests.systems.test_systems_docs import COMMANDS_DOC, SCENE_DOC, section, verb_sections

SYSTEMS = pytest.mark.parametrize(
    ("system", "title", "keywords"),
    [
        ("mekanismi", "Mekanismi", MEKANISMI_KEYWORDS),
        ("objektien-luonti", "Objektien luonti", OBJEKTIT_KEYWORDS),
    ],
)


@SYSTEMS
def test_every_verb_has_a_section(system: str, title: str, keywords: object) -> None:
    sections = verb_sections(section(COMMANDS_DOC, title))
    verbs = verbs_of(system).verbs
    assert sorted(sections) == sorted(verbs)
    for name, body in sections.items():
        verb = verbs[name]
        assert f"Usage: `{verb.usage}`" in body, name
        for alias in verb.aliases:
            assert f"`{alias}`" in body, (name, alias)
        assert "    > " in body, name


@SYSTEMS
def test_every_keyword_is_documented(
    system: str, title: str, keywords: dict[str, tuple[str, ...]]
) -> None:
    text = section(COMMANDS_DOC, title)
    for name, aliases in keywords.items():
        for word in (name, *aliases):
            assert f"`{word}`" in text, word


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
