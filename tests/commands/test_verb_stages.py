"""Every verb is stages: its parse stage reads the whole line into a typed request before
anything looks at the scene, and the stages after it (ask the rules, apply, say) get the
request. The registry holds each verb's parser, so a verb without one cannot be registered
by the ``verb`` decorator; these tests keep it so for every verb of the language."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from fatescreen.commands.core import Context, Tokens, Verb, line_in, registry, split_line
from fatescreen.commands.errors import CommandError
from fatescreen.commands.session import META_VERBS
from fatescreen.scene.model import Scene

RUN_BY_THE_SESSION = dict.fromkeys(
    META_VERBS, "the session runs it itself (undo history, saving, the log, help)"
)
"""The only verbs without a parse stage of their own, each with its reason."""

VERBS = sorted(registry())
STAGED = [name for name in VERBS if name not in RUN_BY_THE_SESSION]


def _words(found: Verb, lang: str) -> list[str]:
    words = split_line(line_in(found.example, lang), lang)
    return words[1:]


def test_every_verb_has_a_parse_stage_but_the_sessions_own() -> None:
    missing = [name for name in VERBS if registry()[name].parse is None]
    assert missing == sorted(RUN_BY_THE_SESSION)
    assert set(RUN_BY_THE_SESSION) <= set(VERBS)


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("name", STAGED)
def test_the_example_line_parses_into_a_frozen_request_using_every_word(
    name: str, lang: str
) -> None:
    found = registry()[name]
    assert found.parse is not None
    args = Tokens(found, _words(found, lang), lang)
    request = found.parse(args)
    args.done()
    assert dataclasses.is_dataclass(request) and not isinstance(request, type)
    assert type(request).__dataclass_params__.frozen, type(request)  # type: ignore[attr-defined]


class Untouchable(Context):
    """A context whose scene must not be looked at: the parse stage comes first."""

    def __getattribute__(self, name: str) -> Any:
        if name in ("scene", "rng", "replay", "rolled", "folder", "ladder_names"):
            raise AssertionError(f"the verb looked at {name} before its line was parsed")
        return super().__getattribute__(name)


def _untouchable() -> Context:
    context = Context.__new__(Untouchable)
    object.__setattr__(context, "lang", "en")
    return context


def _refusal(found: Verb, words: list[str]) -> str | None:
    """What the parse stage (with nothing left over) says of these words, or None."""
    assert found.parse is not None
    args = Tokens(found, list(words), "en")
    try:
        found.parse(args)
        args.done()
    except CommandError as error:
        return str(error)
    return None


MALFORMED = {
    "absorb": ["replacing"],
    "cost": ["for"],
    "takeout": ["ann", "bob"],
}
"""A malformed line for the verbs whose grammar takes any words after the example's."""


@pytest.mark.parametrize("name", STAGED)
def test_a_line_the_parse_stage_refuses_is_refused_before_the_scene_is_read(name: str) -> None:
    """The example with a stray word, and with its last word cut off: where the parse stage
    refuses it, the verb refuses it with the same words without reading the scene."""
    found = registry()[name]
    words = _words(found, "en")
    checked = 0
    candidates = ([*words, "zzz-stray"], words[:-1], ["zzz-stray"], [], MALFORMED.get(name, []))
    for wrong in candidates:
        said = _refusal(found, wrong)
        if said is None:
            continue
        with pytest.raises(CommandError) as refused:
            found.handler(_untouchable(), Tokens(found, list(wrong), "en"))
        assert str(refused.value) == said
        checked += 1
    # Every verb refuses at least one of them (a stray word after a complete line, or a
    # line cut short): the check above is never vacuous.
    assert checked, name


def test_the_handler_hands_the_parsed_request_on() -> None:
    """A run stage gets the request its parser made (here ``pool``'s, through a session's
    context): the line changes the scene as the request says."""
    found = registry()["pool"]
    ctx = Context(Scene(title="t"), random.Random(0))
    applied = found.handler(ctx, Tokens(found, ["7"], "en"))
    assert applied.scene.gm_pool == 7
    with pytest.raises(CommandError):
        found.handler(ctx, Tokens(found, ["1001"], "en"))


def test_a_verb_registered_after_a_lookup_is_found_by_name_and_alias() -> None:
    """Verb words are looked up in an index made once: a verb registered later (a game
    system's) is found all the same, by its name, an alias in another case, or a prefix."""
    from fatescreen.commands.core import REGISTRY, Verb, find_verb, register_verb

    assert find_verb("next").name == "next"  # the index is made
    extra = Verb("zzbenchverb", "zzbenchverb", "test", lambda ctx, args: None, ("ZZalias",))
    register_verb(extra)
    try:
        assert find_verb("zzbenchverb") is extra
        assert find_verb("zzALIAS") is extra
        assert find_verb("zzbench") is extra
    finally:
        del REGISTRY["zzbenchverb"]
        register_verb(REGISTRY["next"])  # forget the index that names the test's verb
    with pytest.raises(CommandError):
        find_verb("zzbenchverb")


def test_a_verb_replaced_in_the_registry_itself_is_the_one_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A verb put straight into the registry in place of another (as a test may) is the
    one its words find, although the index of verb words was made before."""
    from fatescreen.commands.core import REGISTRY, find_verb

    pool = find_verb("pool")
    other = dataclasses.replace(pool, help="another")
    monkeypatch.setitem(REGISTRY, "pool", other)
    assert find_verb("pool") is other
    assert find_verb("varanto", "fi") is other
