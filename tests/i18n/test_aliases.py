"""Every Finnish word the UI shows for a command is accepted as that command."""

from __future__ import annotations

import re

import pytest

import fatescreen.commands.session  # noqa: F401  (registers undo, redo, save, log, help)
from fatescreen.commands.core import KEYWORDS, find_verb, keyword_of, registry
from fatescreen.commands.systems import verbs_of
from fatescreen.i18n import tr

VERB_OF_KEY = {
    "attack": "attack",
    "overcome": "overcome",
    "create": "create",
    "hazard": "hazard",
    "invoke": "invoke",
    "free_invoke": "free",
    "next_turn": "next",
    "next_exchange": "exchange",
    "tick": "tick",
    "move": "move",
    "stress": "stress",
    "add_aspect": "aspect",
    "compel": "compel",
    "end_scene": "endscene",
    "undo": "undo",
    "redo": "redo",
    "save": "save",
    "help": "help",
    "remove_selected": "remove",
    "add_zone": "add",
    "link_zones": "link",
    "scenes.end_session": "endsession",
    "scenes.milestone": "milestone",
    "scenes.undo": "undo",
    "scenes.redo": "redo",
}
"""The keys that run a command, by binding id."""


@pytest.mark.parametrize("name", sorted(registry()))
def test_the_finnish_word_of_each_verb_is_accepted(name: str) -> None:
    word = registry()[name].word("fi")
    assert word != name or name in ("fp",), f"{name} has no Finnish word"
    assert find_verb(word, "fi").name == name


@pytest.mark.parametrize(("binding", "verb"), sorted(VERB_OF_KEY.items()))
def test_a_keys_finnish_label_names_its_command(binding: str, verb: str) -> None:
    """The label's first word, or its words run together (``Lopeta pelikerta``)."""
    words = tr("fi", f"ui.key.{binding}").casefold().split()
    said = [word for word in (words[0], "".join(words)) if word in _words_of(verb)]
    assert said, f"{binding}: {' '.join(words)!r} is not {verb}"
    assert find_verb(said[0], "fi").name == verb


def _words_of(verb: str) -> set[str]:
    found = registry()[verb]
    return {found.name, *found.aliases}


@pytest.mark.parametrize("keyword", sorted(KEYWORDS))
def test_the_finnish_word_of_each_keyword_in_usage_lines_is_accepted(keyword: str) -> None:
    word = tr("fi", f"usage.{keyword}")
    if word == f"usage.{keyword}":
        pytest.skip(f"{keyword} is in no usage line")
    assert keyword_of(word) == keyword or find_verb(word, "fi").name == keyword, word


@pytest.mark.parametrize(
    ("said", "verb"),
    [("ratkaise", "overcome"), ("painosta", "compel"), ("lopetapelikerta", "endsession")],
)
def test_the_seeds_words_are_commands(said: str, verb: str) -> None:
    assert find_verb(said, "fi").name == verb


SYSTEM_VERBS = [
    (system, name)
    for system in ("menneisyyden-varjot", "mekanismi", "objektien-luonti")
    for name in sorted(verbs_of(system).verbs)
]


@pytest.mark.parametrize(("system", "name"), SYSTEM_VERBS)
def test_the_finnish_words_of_each_other_systems_verb_and_keywords_are_accepted(
    system: str, name: str
) -> None:
    """The help, palette and usage lines of Menneisyyden varjot, Mekanismi and Objektien
    luonti show a verb's Finnish word and its keywords' words: the parser takes them."""
    verbs = verbs_of(system)
    found = verbs.verbs[name]
    word = found.word("fi")
    assert word != name, f"{system} {name} has no Finnish word"
    assert verbs.find(word, "fi") is found
    for keyword in set(re.findall(r"[\w-]+", found.usage)) & set(verbs.keywords):
        shown = found.term(keyword, "fi")
        assert shown != keyword, f"{system} {keyword} has no Finnish word"
        words = verbs.words(found, [shown], "fi")
        assert words.keyword(keyword) == keyword, shown


def test_a_keys_line_in_the_other_systems_is_written_in_finnish() -> None:
    verbs = verbs_of("mekanismi")
    assert verbs.line_in("helpers 2 for opposition", "fi") == "avustajat 2 puolelle vastapuoli"
    assert verbs.line_in("undo", "fi") == "kumoa"
    assert verbs.line_in("roll", "en") == "roll"
