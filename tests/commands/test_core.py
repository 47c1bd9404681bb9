"""The verb registry as a verb module fills it when it is imported: what ``verb`` files away
for a verb and what the handler it makes does with a line, the verbs the session runs
itself, and the modules whose import registers every verb. (The verbs are registered once,
at import; these tests register a verb of their own in a copy of the registry.)"""

from __future__ import annotations

import importlib
import pkgutil
import random
from pathlib import Path

import pytest

from fatescreen import commands
from fatescreen.commands import core
from fatescreen.commands.core import Applied, Context, Tokens, Verb, find_verb
from fatescreen.commands.errors import CommandError
from tests.commands.support import DEMO, MINE, open_session


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
    assert find_verb("a") is own_registry["attack"]  # an alias, though other verbs start so
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


def test_a_line_in_finnish_has_the_verbs_and_its_keywords_words() -> None:
    line = 'attack leader rozio Fight vs 0000 with vitor on "Dark corners"'
    assert core.line_in(line, "fi") == (
        'hyökkää leader rozio Fight vastaan 0000 kanssa vitor kohteeseen "Dark corners"'
    )
    assert core.line_in('template save rozio to "x.toml"', "fi") == (
        'malli save rozio tiedostoon "x.toml"'
    )
    assert (core.line_in("", "fi"), core.line_in("roll", "fi")) == ("", "heitä")
    # a line that names no verb still has the keywords all verbs share
    assert (
        core.line_in("nosuch rozio vs 3 with vitor", "fi") == "nosuch rozio vastaan 3 kanssa vitor"
    )


def test_a_verbs_own_help_is_shown_where_the_catalog_has_none(
    own_registry: dict[str, Verb],
) -> None:
    core.verb("shout", "shout WORD", "Says a word back.", parse=lambda args: args.rest())(shout)
    found = own_registry["shout"]
    assert (core.verb_help(found, "fi"), core.verb_help(found, "en")) == ("Says a word back.",) * 2
    odds = own_registry["odds"]
    assert core.verb_help(odds, "fi") != odds.help


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "no character or obstacle 'nobody'; known: Silbestre, Rozio, Vitor, Riesa, "
            "Masked leader, Cultist 1, Cultist 2, Cultist 3, Toppling braziers",
        ),
        (
            "fi",
            "hahmoa tai estettä 'nobody' ei löydy; tunnetut: Silbestre, Rozio, Vitor, Riesa, "
            "Masked leader, Cultist 1, Cultist 2, Cultist 3, Toppling braziers",
        ),
    ],
)
def test_an_opponent_is_a_character_or_an_obstacle_by_name(lang: str, said: str) -> None:
    session = open_session(DEMO, lang)
    result = session.execute("overcome rozio Athletics 0000 vs nobody")
    assert (result.ok, result.lines) == (False, (said,))
    assert session.execute("overcome rozio Athletics 0000 vs mask Will 0000").ok
    pending = session.scene.pending_roll
    assert pending is not None and pending.target == "leader"


ASPECTS_KNOWN = (
    "Chanting echoes, Choking incense, Candles everywhere, Dark corners, Slippery steps, "
    "Haunted scholar of the old books, Can't leave a mystery alone, Owes Rozio his life, "
    "Never without his notebook, Friends in the archive, Knife-throwing smuggler with a "
    "conscience, Wanted in three harbours, Silbestre's oldest friend, A blade for every "
    "occasion, Chemist with a short fuse …"
)
"""The first aspects of the demo scene, as a refusal lists them."""

HIT_ROZIO = ("attack leader rozio Fight +000 vs 0000", 'absorb 3 "Candles everywhere"')


@pytest.mark.parametrize(
    ("scene", "setup", "line", "said", "lang"),
    [
        (
            DEMO,
            HIT_ROZIO,
            'create silbestre Lore "Candles everywhere" vs 2 0000',
            'there is an aspect "Candles everywhere" on Ritual hall, Rozio: say which with on '
            "WHERE",
            "en",
        ),
        (
            DEMO,
            (),
            'aspect rename "Owes Rozio his life" "Friends in the archive"',
            'Silbestre already has the aspect "Friends in the archive"',
            "en",
        ),
        (
            DEMO,
            (),
            'create rozio Deceive "X" on nobody vs 2 0000',
            "no character or zone 'nobody'; known: Ritual hall, Crypt, Stairs, Silbestre, Rozio, "
            "Vitor, Riesa, Masked leader, Cultist 1, Cultist 2, Cultist 3",
            "en",
        ),
        (MINE, (), "hazard nobody rozio", "no hazard 'nobody'; known: Falling rocks", "en"),
        (
            MINE,
            (),
            "next rusted-portcullis",
            "no character or hazard 'rusted-portcullis'; known: Riesa, Rozio, Silbestre, "
            "Äijä Kivinen, Claim-jumper 1, Claim-jumper 2, Claim-jumper 3, Falling rocks",
            "en",
        ),
        (
            DEMO,
            (),
            "ratkaise rozio Athletics noppa",
            "ratkaise: noppia ei annettu. Käyttö: ratkaise TEKIJÄ TAITO [NOPAT] [kanssa A,A] "
            "[vastaan VAIKEUSTASO|vaikea [N]|VASTUSTAJA [TAITO] [NOPAT]]",
            "fi",
        ),
        (
            DEMO,
            (),
            "ratkaise rozio Athletics noppa 12x4",
            "nopat ovat + 0 - (esim. +0-+) tai d6-silmälukuja 1–6 (esim. 1356), ei '12x4'",
            "fi",
        ),
        (
            DEMO,
            (),
            "sijoita rozio crypt foo bar",
            "sijoita: en ymmärtänyt kohtaa 'foo bar'. Käyttö: sijoita NIMI[,NIMI...] ALUE|ei",
            "fi",
        ),
        (
            DEMO,
            ("overcome rozio Athletics 0000 vs 3",),
            "invoke nobody",
            "no aspect 'nobody'; known: " + ASPECTS_KNOWN,
            "en",
        ),
        (
            DEMO,
            ("overcome rozio Athletics 0000 vs 3",),
            "käytä nobody",
            "piirrettä 'nobody' ei löydy; tunnetut: " + ASPECTS_KNOWN,
            "fi",
        ),
        (
            DEMO,
            (),
            "place rozio,,vitor crypt",
            "place: 'rozio,,vitor' is not a list of names (e.g. rozio,vitor). Usage: place "
            "NAME[,NAME...] ZONE|none",
            "en",
        ),
        (
            DEMO,
            (),
            "sijoita rozio,,vitor crypt",
            "sijoita: 'rozio,,vitor' ei ole nimiluettelo (esim. rozio,vitor). Käyttö: sijoita "
            "NIMI[,NIMI...] ALUE|ei",
            "fi",
        ),
        (
            DEMO,
            (),
            "hyökkää rozio nobody Fight",
            "hahmoa 'nobody' ei löydy; tunnetut: Silbestre, Rozio, Vitor, Riesa, Masked leader, "
            "Cultist 1, Cultist 2, Cultist 3",
            "fi",
        ),
        (
            DEMO,
            ("set vitor skill Athletics 5",),
            "overcome rozio Athletics with silbestre,vitor 0000 vs 3",
            "the most skilled rolls: Vitor has Athletics Superb (+5), more than Rozio's Good (+3)",
            "en",
        ),
        (
            DEMO,
            (),
            "overcome rozio S 0000 vs 3",
            "'S' could be more than one skill: Shoot, Stealth",
            "en",
        ),
        (
            DEMO,
            (),
            "overcome rozio S 0000 vs 3",
            "'S' voi tarkoittaa useampaa kuin yhtä taitoa: Shoot, Stealth",
            "fi",
        ),
        (
            DEMO,
            (),
            "next nobody",
            "no character or hazard 'nobody'; known: Silbestre, Rozio, Vitor, Riesa, "
            "Masked leader, Cultist 1, Cultist 2, Cultist 3, Toppling braziers",
            "en",
        ),
        (
            DEMO,
            (),
            "seuraava nobody",
            "hahmoa tai vaarallista estettä 'nobody' ei löydy; tunnetut: Silbestre, Rozio, Vitor, "
            "Riesa, Masked leader, Cultist 1, Cultist 2, Cultist 3, Toppling braziers",
            "fi",
        ),
        (
            DEMO,
            (),
            "overcome rozio Athletics with",
            "overcome: missing the helpers. Usage: overcome ACTOR SKILL [FACES] [with H,H] "
            "[vs DIFFICULTY|hard [N]|OPPONENT [SKILL] [FACES]]",
            "en",
        ),
        (
            DEMO,
            (),
            "ratkaise rozio Athletics kanssa",
            "ratkaise: auttajia ei annettu. Käyttö: ratkaise TEKIJÄ TAITO [NOPAT] [kanssa A,A] "
            "[vastaan VAIKEUSTASO|vaikea [N]|VASTUSTAJA [TAITO] [NOPAT]]",
            "fi",
        ),
        (
            DEMO,
            (),
            "sijoita rozio nowhere",
            "aluetta 'nowhere' ei löydy; tunnetut: Ritual hall, Crypt, Stairs",
            "fi",
        ),
        (
            DEMO,
            (),
            "roll 3 dice",
            "roll: missing dice. Usage: roll RATING [vs DIFFICULTY] [FACES] [+N...]",
            "en",
        ),
        (
            DEMO,
            (),
            "heitä 3 noppa",
            "heitä: noppia ei annettu. Käyttö: heitä TASO [vastaan VAIKEUSTASO] [NOPAT] [+N...]",
            "fi",
        ),
        (
            DEMO,
            (),
            "heitä 3 noppa 12x4",
            "nopat ovat + 0 - (esim. +0-+) tai d6-silmälukuja 1–6 (esim. 1356), ei '12x4'",
            "fi",
        ),
        (
            DEMO,
            (),
            "tikitä nobody",
            "tikittävää kelloa 'nobody' ei löydy; tunnetut: The ritual completes",
            "fi",
        ),
        (
            DEMO,
            (),
            "hoida rozio Lore nobody",
            "jälkeä 'nobody' ei löydy; tunnetut: ei yhtään",
            "fi",
        ),
        (
            MINE,
            (),
            "vaarallinen nobody rozio",
            "vaarallinen este 'nobody' ei löydy; tunnetut: Falling rocks",
            "fi",
        ),
        (
            MINE,
            (),
            "hyökkää riesa rozio Fight 0000 cover nobody blocks vs 0000",
            "hidastavaa estettä 'nobody' ei löydy; tunnetut: Rusted portcullis",
            "fi",
        ),
        (  # a character and a hazard with one id: neither is taken for the other
            MINE,
            ('add minor "Falling rocks"',),
            "overcome falling-rocks Fight 0000",
            "'falling-rocks' could be more than one character or hazard: "
            "Falling rocks, Falling rocks",
            "en",
        ),
        (
            MINE,
            ('lisää vähäisempi "Falling rocks"',),
            'luo falling-rocks Fight "Pöly" 0000',
            "'falling-rocks' voi tarkoittaa useampaa kuin yhtä hahmoa tai vaarallista estettä: "
            "Falling rocks, Falling rocks",
            "fi",
        ),
    ],
)
def test_where_an_aspect_or_an_obstacle_is_named(
    scene: Path, setup: tuple[str, ...], line: str, said: str, lang: str
) -> None:
    session = open_session(scene, lang)
    for done in setup:
        assert session.execute(done).ok, done
    result = session.execute(line)
    assert (result.ok, result.lines) == (False, (said,))


def test_the_rest_of_a_line_is_taken_whole() -> None:
    args = Tokens(find_verb("cost"), ["a", "twisted", "ankle"], "en")
    assert args.rest() == "a twisted ankle"
    assert args.words == [] and not args


def test_helpers_named_twice_on_a_roll_all_help() -> None:
    session = open_session(DEMO)
    said = session.execute("overcome rozio Athletics with silbestre 0000 with vitor vs 3").lines
    assert said == (
        "Rozio overcomes with Athletics: Good (+3) + [0 0 0 0] + 2 (teamwork) = Superb (+5) vs "
        "Good (+3): success (teamwork: Silbestre, Vitor)",
    )


@pytest.mark.parametrize(
    ("words", "lang", "said"),
    [
        (["with", "rozio", "0000", "with", "vitor"], "en", ("0000", ("rozio", "vitor"))),
        (["kanssa", "rozio", "kanssa", "vitor,riesa"], "fi", (None, ("rozio", "vitor", "riesa"))),
        (["with"], "en", "contest: missing the helpers. Usage: "),
        (["kanssa"], "fi", "kilpailu: auttajia ei annettu. Käyttö: "),
    ],
)
def test_dice_and_helpers_keeps_every_with_and_names_a_missing_list(
    words: list[str], lang: str, said: tuple[str | None, tuple[str, ...]] | str
) -> None:
    args = Tokens(find_verb("contest"), words, lang)
    if isinstance(said, tuple):
        assert args.dice_and_helpers() == said
        return
    with pytest.raises(CommandError) as refused:
        args.dice_and_helpers()
    assert str(refused.value) == said + args.usage


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "no character or zone 'zzz'; known: "),
        ("fi", "hahmoa tai aluetta 'zzz' ei löydy; tunnetut: "),
    ],
)
def test_an_unknown_holder_is_refused_in_the_gms_language(lang: str, said: str) -> None:
    ctx = Context(open_session(DEMO).scene, random.Random(0), lang)
    with pytest.raises(CommandError) as refused:
        ctx.holder("zzz")
    known = "Ritual hall, Crypt, Stairs, Silbestre, Rozio, Vitor, Riesa, Masked leader, "
    assert str(refused.value) == said + known + "Cultist 1, Cultist 2, Cultist 3"


def test_who_names_the_gm_and_leaves_an_unknown_id_as_typed() -> None:
    ctx = Context(open_session(DEMO).scene, random.Random(0), "fi")
    assert (ctx.who("rozio"), ctx.who("gm"), ctx.who("nobody")) == ("Rozio", "PJ", "nobody")
