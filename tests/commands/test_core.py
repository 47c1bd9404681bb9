"""The verb registry as a verb module fills it when it is imported: what ``verb`` files away
for a verb and what the handler it makes does with a line, the verbs the session runs
itself, and the modules whose import registers every verb. (The verbs are registered once,
at import; these tests register a verb of their own in a copy of the registry.)"""

from __future__ import annotations

import importlib
import pkgutil
import random

import pytest

from fatescreen import commands
from fatescreen.commands import core
from fatescreen.commands.core import Applied, Context, Tokens, Verb, find_verb
from fatescreen.commands.errors import CommandError
from tests.commands.support import DEMO, open_session


@pytest.fixture
def own_registry(monkeypatch: pytest.MonkeyPatch) -> dict[str, Verb]:
    """A copy of the registry (and an index of verb words) that the test may change."""
    registry = dict(core.registry())
    monkeypatch.setattr(core, "REGISTRY", registry)
    monkeypatch.setattr(core, "_exact_words", {"stale": registry["roll"]})
    return registry


def shout(ctx: Context, args: Tokens, request: str) -> Applied:
    """A verb's stages after parsing: says its request back."""
    return Applied(ctx.scene, (f"{args.verb_word}: {request}",), "shouted")


def test_verb_files_away_a_verb_with_its_parse_stage(own_registry: dict[str, Verb]) -> None:
    def parse(args: Tokens) -> str:
        return args.take("word")

    registered = core.verb(
        "shout",
        "shout WORD",
        "Says a word back.",
        parse=parse,
        aliases=["huuda", "hu"],
        example="shout hello",
        changes_scene=False,
    )(shout)
    assert registered is shout
    found = own_registry["shout"]
    assert found == Verb(
        "shout",
        "shout WORD",
        "Says a word back.",
        found.handler,
        ("huuda", "hu"),
        "shout hello",
        False,
        parse,
    )
    assert core._exact_words == {}
    assert find_verb("huuda") is found
    ctx = Context(open_session(DEMO).scene, random.Random(0))
    applied = found.handler(ctx, Tokens(found, ["hello"], "en"))
    assert applied == Applied(ctx.scene, ("shout: hello",), "shouted")
    with pytest.raises(CommandError) as extra:
        found.handler(ctx, Tokens(found, ["hello", "there"], "en"))
    said = "shout: did not understand 'there'. Usage: shout WORD"
    assert str(extra.value) == said


def test_a_verb_without_its_own_help_and_example_takes_the_catalogs_and_its_usage(
    own_registry: dict[str, Verb],
) -> None:
    core.verb("odds", "odds SKILL", parse=lambda args: args.rest())(shout)
    found = own_registry["odds"]
    assert found.help == "Exact chances of fail / tie / success / style, with invokes and rerolls."
    assert (found.aliases, found.example, found.changes_scene) == ((), "odds SKILL", True)


def test_a_verb_the_session_runs_is_registered_as_it_is(own_registry: dict[str, Verb]) -> None:
    own = Verb("whisper", "whisper", "Says nothing.", lambda ctx, args: Applied(ctx.scene, ()))
    core.register_verb(own)
    assert own_registry["whisper"] is own
    assert core._exact_words == {}


def test_every_verbs_module_is_imported_once(monkeypatch: pytest.MonkeyPatch) -> None:
    names = sorted(
        info.name
        for info in pkgutil.iter_modules(commands.__path__)
        if info.name.startswith("verbs_")
    )
    assert names and core.verb_modules() == [f"fatescreen.commands.{name}" for name in names]
    imported: list[str] = []
    monkeypatch.setattr(core, "_VERBS_LOADED", False)
    monkeypatch.setattr(importlib, "import_module", imported.append)
    core.load_verbs()
    assert imported == core.verb_modules()
    assert core._VERBS_LOADED is True
    core.load_verbs()
    assert imported == core.verb_modules()
