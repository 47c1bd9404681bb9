"""The docs of the systems other than Fate: every verb documented with its usage and aliases,
every system file format in scene-format.md, the registries complete."""

from __future__ import annotations

import re

import pytest

from fatescreen.commands.systems import verbs_of
from fatescreen.scene.systems import formats, scene_format
from fatescreen.systems import BUILTIN, Capability, named_by
from fatescreen.systems.mekanismi.verbs import KEYWORDS as MEKANISMI_KEYWORDS
from fatescreen.systems.objektit.verbs import KEYWORDS as OBJEKTIT_KEYWORDS
from fatescreen.systems.varjot.verbs import KEYWORDS as VARJOT_KEYWORDS
from fatescreen.ui.systems.shell import SystemScreen, screen_of
from tests.systems.support import ROOT

COMMANDS_DOC = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
SCENE_DOC = (ROOT / "docs" / "scene-format.md").read_text(encoding="utf-8")


def section(doc: str, title: str) -> str:
    start = doc.index(f"## {title}\n")
    following = re.search(r"^## ", doc[start + 3 :], flags=re.MULTILINE)
    return doc[start : start + 3 + following.start()] if following else doc[start:]


def verb_sections(text: str) -> dict[str, str]:
    parts = re.split(r"^#### `([^`]+)`\s*$", text, flags=re.MULTILINE)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def test_every_system_on_the_shared_stack_has_every_part() -> None:
    on_shared_stack = [system for system in BUILTIN if system.scene_format is not None]
    assert [system.id for system in on_shared_stack] == list(formats())
    assert all(system.verbs and system.screen for system in on_shared_stack)
    for system in formats():
        assert scene_format(system).system == system
        assert {"roll", "odds"} <= set(verbs_of(system).verbs)
        assert issubclass(screen_of(system), SystemScreen)
        # a CSV sheet's columns are what fatescreen import needs of it
        declared = named_by(system)
        assert declared is not None and declared.can(Capability.IMPORT)
        assert scene_format(system).columns is not None


SYSTEMS = pytest.mark.parametrize(
    ("system", "title", "keywords"),
    [
        ("menneisyyden-varjot", "Menneisyyden varjot", VARJOT_KEYWORDS),
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


def test_the_varjot_file_format_is_documented() -> None:
    text = SCENE_DOC[SCENE_DOC.index("### Menneisyyden varjot") :]
    for key in ("players", "gm", "gift_dice", "[[pc]]", "[[npc]]", "name", "player"):
        assert f"`{key}`" in text, key
    for key in ("abilities", "pools", "notes"):
        assert f"`{key}`" in text, key
