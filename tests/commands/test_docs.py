"""docs/commands.md documents every verb the parser knows, and nothing else."""

from __future__ import annotations

import re

import pytest

from fatescreen.commands.core import registry
from tests.commands.doc_examples import CAMPAIGN, run_section, section_examples
from tests.commands.support import ROOT

REGISTRY = registry()

DOC = ROOT / "docs" / "commands.md"


def sections() -> dict[str, str]:
    """Each verb's section of the page, by its heading (``### `verb` ``)."""
    text = DOC.read_text(encoding="utf-8")
    parts = re.split(r"^### `([^`]+)`\s*$", text, flags=re.MULTILINE)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def test_every_verb_has_a_section_and_every_section_a_verb() -> None:
    assert REGISTRY
    assert sorted(sections()) == sorted(REGISTRY)


def test_each_section_gives_the_aliases_usage_and_an_example() -> None:
    for name, body in sections().items():
        verb = REGISTRY[name]
        for alias in verb.aliases:
            assert f"`{alias}`" in body, f"{name}: alias {alias} is not documented"
        assert f"Usage: `{verb.usage}`" in body, f"{name}: the usage differs from the program's"
        assert "    > " in body, f"{name}: no example"


def test_every_keyword_and_alias_is_in_the_keyword_table() -> None:
    from fatescreen.commands.core import KEYWORDS

    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## Keywords") : text.index("## Results")]
    for name, aliases in KEYWORDS.items():
        for word in aliases:
            assert f"`{word}`" in table, f"{name}: {word} is not in the keyword table"


@pytest.mark.parametrize("name", sorted(sections()))
def test_each_example_runs_on_the_shipped_scene_it_names_and_prints_what_the_page_says(
    name: str,
) -> None:
    scene, setup, examples = section_examples(sections()[name])
    assert examples, f"{name}: no example"
    assert scene is not None, f"{name}: the examples name no scene (# on SCENE)"
    assert scene == CAMPAIGN or (ROOT / "scenes" / scene).is_file(), f"{name}: no scene {scene}"
    printed = run_section(scene, setup, [line for line, _ in examples])
    assert printed is not None, f"{name}: an example fails on {scene}"
    for (line, documented), shown in zip(examples, printed, strict=True):
        assert documented == shown, f"{name}: {line}"
