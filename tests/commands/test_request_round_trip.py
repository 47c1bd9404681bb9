"""One grammar for the dashboard and the command line: every typed request renders a line
that the verb's own parser (its first stage) reads back into an equal request, whatever the
names hold (spaces, quotes, Finnish letters); the requests that change records render
exactly their words."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.commands.core import Tokens, find_verb, keyword_of, split_line
from fatescreen.commands.fields import (
    ALL_FIELDS,
    CHALLENGE_FIELDS,
    CHARACTER_FIELDS,
    CONTEST_FIELDS,
    COUNTDOWN_FIELDS,
    OBSTACLE_FIELDS,
    RULES_FIELDS,
    Fields,
    character_kind,
    word_in,
)
from fatescreen.commands.names import fold
from fatescreen.commands.requests import (
    Absorb,
    Add,
    AddAspect,
    Attack,
    Compel,
    Cost,
    Create,
    Declare,
    Defend,
    EndScene,
    EndSession,
    Field,
    Invoke,
    Link,
    ListTemplates,
    Milestone,
    Minion,
    Move,
    NextExchange,
    NextTurn,
    Overcome,
    Place,
    Play,
    Remove,
    RemoveAspect,
    RenameAspect,
    Request,
    RevealAspect,
    RevealForm,
    SaveTemplate,
    Set,
    Stress,
    TakeOut,
    Tick,
    Trade,
    Unlink,
    Visibility,
    is_difficulty,
)
from fatescreen.commands.verbs_aspects import parse_aspect
from fatescreen.commands.verbs_attack import parse_attack, parse_defend, parse_trade
from fatescreen.commands.verbs_build import THINGS, parse_add, parse_remove
from fatescreen.commands.verbs_campaign import (
    parse_endscene,
    parse_endsession,
    parse_milestone,
    parse_play,
)
from fatescreen.commands.verbs_edit import RULES_WORDS, parse_place, parse_set
from fatescreen.commands.verbs_flow import parse_exchange, parse_move, parse_next, parse_tick
from fatescreen.commands.verbs_harm import (
    parse_absorb,
    parse_minion,
    parse_reveal,
    parse_stress,
    parse_takeout,
)
from fatescreen.commands.verbs_library import parse_template
from fatescreen.commands.verbs_map import parse_link, parse_unlink
from fatescreen.commands.verbs_points import parse_compel, parse_declare
from fatescreen.commands.verbs_rolls import parse_cost, parse_create, parse_invoke, parse_overcome
from fatescreen.commands.verbs_visibility import parse_visibility
from fatescreen.rules.dice import looks_like_faces

LETTERS = "abcxyzABXäöåÄÖÅé 0123'\"-_.:/"
"""Names are drawn from these: spaces, both quotes, Finnish letters, digits, punctuation."""


def _plain(text: str) -> bool:
    """A name that stands alone: not blank, not padded, no comma (lists use them)."""
    return bool(text.strip()) and text == text.strip() and "," not in text


text = st.text(LETTERS, min_size=1, max_size=14).filter(_plain)
"""Any name or text."""
word = text.filter(lambda t: keyword_of(t) is None and not looks_like_faces(t))
"""A name or skill where the grammar reads a free word: never a keyword or dice."""
opponent = word.filter(lambda t: not is_difficulty(t))
"""An opponent's name after ``vs`` (a number there is a difficulty)."""
faces = st.text("+-0", min_size=4, max_size=4) | st.text("123456", min_size=4, max_size=4)
"""Entered dice: four Fate faces or four d6 values."""
difficulty = st.sampled_from(["0", "2", "+3", "-1", "Good", "Hyvä", "Fair"])
helpers = st.lists(text, max_size=3).map(tuple)


def parsed(verb: str, line: str, parse: Callable[[Tokens], Request]) -> Request:
    words = split_line(line)
    assert find_verb(words[0]).name == verb, line
    return parse(Tokens(find_verb(verb), words[1:], "en"))


@st.composite
def attacks(draw: st.DrawFn) -> Attack:
    hazard = draw(st.booleans())
    zone = draw(st.none() | text)
    targets = None if zone is not None else ",".join(draw(st.lists(text, min_size=1, max_size=3)))
    if targets is not None and keyword_of(targets.split(",")[0]) == "zone":
        targets = None
        zone = "z"
    cover = draw(st.none() | word)
    return Attack(
        draw(text),
        targets,
        None if hazard else draw(st.none() | word),
        draw(st.none() | faces),
        tuple(draw(st.lists(faces, max_size=3))),
        hazard,
        zone,
        draw(st.none() | st.sampled_from(["physical", "mental"])),
        draw(helpers),
        cover,
        None if cover is None else draw(st.sampled_from(["blocks", "weakens"])),
    )


@given(attacks())
def test_an_attack_reads_back_as_itself(request: Attack) -> None:
    verb = "hazard" if request.hazard else "attack"
    assert parsed(verb, request.command(), lambda a: parse_attack(a, hazard=request.hazard)) == (
        request
    )


@st.composite
def oppositions(draw: st.DrawFn) -> dict[str, object]:
    """The tail of an overcome or a create: nothing, a difficulty, the reasons the task is
    hard, or an opponent."""
    kind = draw(st.sampled_from(["none", "difficulty", "opponent", "reasons"]))
    found: dict[str, object] = {
        "dice": draw(st.none() | faces),
        "helpers": draw(helpers),
        "opposition": None,
        "opponent_skill": None,
        "opponent_dice": None,
        "reasons": None,
    }
    if kind == "reasons":
        found["reasons"] = draw(st.integers(0, 5))
    elif kind == "difficulty":
        found["opposition"] = draw(difficulty)
    elif kind == "opponent":
        found["opposition"] = draw(opponent)
        found["opponent_skill"] = draw(st.none() | word)
        found["opponent_dice"] = draw(st.none() | faces)
    return found


@given(text, st.none() | word, oppositions())
def test_an_overcome_reads_back_as_itself(
    actor: str, skill: str | None, tail: dict[str, object]
) -> None:
    request = Overcome(actor, skill, **tail)  # type: ignore[arg-type]
    assert parsed("overcome", request.command(), parse_overcome) == request


@given(text, st.none() | word, word, st.none() | text, oppositions())
def test_a_create_reads_back_as_itself(
    actor: str, skill: str | None, aspect: str, holder: str | None, tail: dict[str, object]
) -> None:
    request = Create(actor, skill, aspect, holder=holder, **tail)  # type: ignore[arg-type]
    assert parsed("create", request.command(), parse_create) == request


@st.composite
def invokes(draw: st.DrawFn) -> Invoke:
    effect = draw(st.none() | st.sampled_from(["reroll", "oppose"]))
    return Invoke(
        draw(text),
        draw(st.none() | text),
        draw(st.none() | st.sampled_from(["free", "paid", "hostile"])),
        effect,
        draw(st.none() | faces) if effect == "reroll" else None,
    )


@given(invokes())
def test_an_invoke_reads_back_as_itself(request: Invoke) -> None:
    assert parsed("invoke", request.command(), parse_invoke) == request


@given(st.none() | word, word, st.none() | faces)
def test_a_defense_reads_back_as_itself(defender: str | None, skill: str, dice: str | None) -> None:
    request = Defend(defender, skill, dice)
    assert parsed("defend", request.command(), parse_defend) == request


def test_a_lone_defender_reads_as_the_word_the_verb_decides_on() -> None:
    assert parsed("defend", Defend("Äijä Öinen").command(), parse_defend) == Defend(
        None, "Äijä Öinen"
    )


consequence = text.filter(lambda t: keyword_of(t) != "replacing" and not is_difficulty(t))
"""A consequence's text: a number first would be the option."""


@given(
    st.none() | st.integers(1, 9),
    st.lists(consequence, max_size=3).map(tuple),
    st.none() | text,
)
def test_an_absorb_reads_back_as_itself(
    option: int | None, texts: tuple[str, ...], replacing: str | None
) -> None:
    request = Absorb(option, texts, replacing)
    assert parsed("absorb", request.command(), parse_absorb) == request


aspect_requests = (
    st.builds(
        AddAspect,
        text,
        st.none() | text,
        st.none() | st.sampled_from(["concept", "trouble"]),
        st.integers(0, 5),
        st.none() | text,
        st.booleans(),
    )
    | st.builds(RemoveAspect, text)
    | st.builds(RevealAspect, text)
    | st.builds(RenameAspect, text, text)
)


@given(aspect_requests)
def test_an_aspect_request_reads_back_as_itself(
    request: AddAspect | RemoveAspect | RevealAspect | RenameAspect,
) -> None:
    assert parsed("aspect", request.command(), parse_aspect) == request


not_none = text.filter(lambda t: keyword_of(t) != "none")
"""A name where ``none`` would clear the value instead."""
names = st.lists(text, min_size=1, max_size=3).map(",".join)
"""One name or several, as ``place`` and ``remove`` take them."""


@given(names, st.none() | not_none)
def test_a_place_reads_back_as_itself(target: str, zone: str | None) -> None:
    request = Place(target, zone)
    assert parsed("place", request.command(), parse_place) == request


@given(names)
def test_a_remove_reads_back_as_itself(target: str) -> None:
    assert parsed("remove", Remove(target).command(), parse_remove) == Remove(target)


@given(text, text)
def test_an_unlink_reads_back_as_itself(first: str, second: str) -> None:
    assert parsed("unlink", Unlink(first, second).command(), parse_unlink) == Unlink(first, second)


link_fields = st.lists(
    st.builds(
        Field,
        st.just("barrier"),
        st.tuples(st.sampled_from(["none", "2", "+1", "Good", "Hyvä"])),
    )
    | st.builds(Field, st.just("block"), st.tuples(not_none)),
    max_size=3,
).map(tuple)


@given(text, text, link_fields)
def test_a_link_reads_back_as_itself(first: str, second: str, carries: tuple[Field, ...]) -> None:
    request = Link(first, second, carries)
    assert parsed("link", request.command(), parse_link) == request


@given(text, st.booleans())
def test_a_secret_or_public_reads_back_as_itself(target: str, secret: bool) -> None:
    request = Visibility(target, secret)
    verb = "secret" if secret else "public"
    assert parsed(verb, request.command(), lambda a: parse_visibility(a, secret=secret)) == (
        request
    )


@given(text)
def test_next_and_exchange_read_back_as_themselves(who: str) -> None:
    assert parsed("next", NextTurn(who).command(), parse_next) == NextTurn(who)
    assert parsed("exchange", NextExchange(who).command(), parse_exchange) == NextExchange(who)


@given(st.none() | text)
def test_a_minion_reads_back_as_itself(minion: str | None) -> None:
    assert parsed("minion", Minion(minion).command(), parse_minion) == Minion(minion)


@given(text, st.none() | st.sampled_from(["soft", "full"]))
def test_a_true_form_reveal_reads_back_as_itself(character: str, mode: str | None) -> None:
    request = RevealForm(character, mode)
    assert parsed("reveal", request.command(), parse_reveal) == request


@given(text, st.none() | st.sampled_from(["physical", "mental", "stress"]), st.integers(-2, 12))
def test_a_stress_box_reads_back_as_itself(character: str, kind: str | None, box: int) -> None:
    request = Stress(character, kind, box)
    assert parsed("stress", request.command(), parse_stress) == request


@given(text, text, st.sampled_from(["offer", "accept", "refuse", "withdraw"]), st.none() | text)
def test_a_compel_reads_back_as_itself(
    character: str, aspect: str, answer: str, by: str | None
) -> None:
    request = Compel(character, aspect, answer, by)
    assert parsed("compel", request.command(), parse_compel) == request


@given(text, text, st.booleans())
def test_a_story_detail_reads_back_as_itself(who: str, detail: str, free: bool) -> None:
    request = Declare(who, detail, free)
    assert parsed("declare", request.command(), parse_declare) == request


cost_text = st.just("") | text.filter(lambda t: keyword_of(t) != "for")
"""A cost's text (none at all leaves it unnamed); ``for`` first would name who pays."""


@given(cost_text, st.none() | text)
def test_a_cost_reads_back_as_itself(cost: str, cost_for: str | None) -> None:
    assert parsed("cost", Cost(cost, cost_for).command(), parse_cost) == Cost(cost, cost_for)


@given(text, st.booleans(), st.none() | st.integers(0, 12))
def test_a_tick_reads_back_as_itself(countdown: str, back: bool, count: int | None) -> None:
    request = Tick(countdown, back, count)
    assert parsed("tick", request.command(), parse_tick) == request


@given(text, text, st.none() | word, st.none() | faces, helpers)
def test_a_move_reads_back_as_itself(
    character: str, zone: str, skill: str | None, dice: str | None, helpers: tuple[str, ...]
) -> None:
    request = Move(character, zone, skill, dice, helpers)
    assert parsed("move", request.command(), parse_move) == request


@given(text)
def test_a_play_reads_back_as_itself(scene: str) -> None:
    assert parsed("play", Play(scene).command(), parse_play) == Play(scene)


@given(text, st.none() | text, st.none() | text)
def test_a_template_request_reads_back_as_itself(
    target: str, name: str | None, file: str | None
) -> None:
    request = SaveTemplate(target, name, file)
    assert parsed("template", request.command(), parse_template) == request
    assert parsed("template", ListTemplates().command(), parse_template) == ListTemplates()


milestones = (
    st.builds(Milestone, text, st.just("skip"))
    | st.builds(
        Milestone, text, st.sampled_from(["swap", "replace", "aspect"]), st.tuples(text, text)
    )
    | st.builds(Milestone, text, st.just("rewrite"), st.tuples(difficulty, text))
    | st.builds(Milestone, text, st.just("buy"), st.tuples(text))
)


@given(milestones)
def test_a_milestone_reads_back_as_itself(request: Milestone) -> None:
    assert parsed("milestone", request.command(), parse_milestone) == request


fields = st.lists(st.builds(Field, word, st.lists(text, max_size=3).map(tuple)), max_size=3).map(
    tuple
)


def _words(request: Request) -> list[str]:
    return split_line(request.command())


@given(st.none() | st.text(LETTERS, max_size=14), st.none() | text)
def test_a_trade_and_a_take_out_read_back_as_themselves(
    boost: str | None, character: str | None
) -> None:
    assert parsed("trade", Trade(boost).command(), parse_trade) == Trade(boost)
    assert parsed("takeout", TakeOut(character).command(), parse_takeout) == TakeOut(character)


@given(st.none() | st.integers(0, 100))
def test_the_scene_and_session_ends_read_back_as_themselves(compels: int | None) -> None:
    request = EndScene(compels)
    assert parsed("endscene", request.command(), parse_endscene) == request
    assert parsed("endsession", EndSession().command(), parse_endsession) == EndSession()


@given(text, text, fields)
def test_record_requests_keep_every_word_whole(
    first: str, second: str, more: tuple[Field, ...]
) -> None:
    field_words = [w for found in more for w in found.words()]
    assert _words(Set(first, more)) == ["set", first, *field_words]
    assert _words(Add("pc", first, None, more, second)) == [
        "add",
        "pc",
        first,
        *field_words,
        "in",
        second,
    ]
    assert _words(Add(first, value="3")) == ["add", first, "3"]
    assert _words(SaveTemplate(first, second)) == ["template", "save", first, "as", second]
    assert _words(AddAspect(first, second, "trouble")) == [
        "aspect",
        "add",
        first,
        "on",
        second,
        "trouble",
    ]
    assert _words(RemoveAspect(first)) == ["aspect", "remove", first]
    assert _words(RenameAspect(first, second)) == ["aspect", "rename", first, second]
    assert _words(Milestone(first, "swap", (second, first))) == [
        "milestone",
        first,
        "swap",
        second,
        first,
    ]
    assert _words(Play(first)) == ["play", first]


# -- set and add: the fields a record takes depend on its kind --------------------------

one = st.builds(lambda value: (value,), text)
"""A field that takes one word, whatever it is (its parser judges it)."""
number = st.integers(-2, 9).map(str)
rating = st.sampled_from(["0", "2", "+3", "-1", "Good", "Hyvä", "none"])
skill_word = word.filter(lambda t: t not in ALL_FIELDS)
"""A skill after the first in a list: a field's word would end the list."""
zone_word = text.filter(lambda t: not is_difficulty(t) and keyword_of(t) != "none")
"""A zone after ``in``: a number there would read as one more skill's rating."""


def shapes(**by_field: st.SearchStrategy[tuple[str, ...]]) -> st.SearchStrategy[Field]:
    """A field of one of the given shapes, under its English name."""
    return st.one_of(
        *(st.builds(Field, st.just(name), values) for name, values in by_field.items())
    )


skills = st.builds(
    lambda first, more: (*first, *(w for pair in more for w in pair)),
    st.tuples(text, rating),
    st.lists(st.tuples(skill_word, rating), max_size=2),
)
stunts = (
    st.tuples(st.just("add"), text)
    | st.tuples(st.just("add"), text, st.just("2"), word, st.sampled_from(["overcome", "attack"]))
    | st.tuples(st.just("remove"), number)
    | st.tuples(number, text)
)
stresses = (
    st.tuples(number)
    | st.just(("default",))
    | st.tuples(st.just("physical"), number)
    | st.tuples(st.just("physical"), number, st.just("mental"), number)
)
forms = (
    st.tuples(st.just("add"), text)
    | st.tuples(st.just("add"), text, st.just("soft"))
    | st.tuples(st.just("remove"), number)
    | st.builds(lambda n, name, skill: (n, "name", name, "skill", *skill), number, text, skills)
    | st.builds(lambda name: ("1", "aspect", "add", name, "reveal", "soft"), text)
)


def _unambiguous(found: list[Field]) -> bool:
    """Stress by track reads on while tracks follow, and ``stress`` names one (its whole
    track): the grammar reads ``stress physical 1 stress 2`` as one field."""
    return not any(
        first.name == "stress" and first.values[0] == "physical" and second.name == "stress"
        for first, second in pairwise(found)
    )


character_fields = st.lists(
    shapes(
        **{name: one for name in ("name", "kind", "player", "zone", "weapon", "fp", "scale")},
        **{name: one for name in ("minions", "solo", "parts", "hidden", "consequences")},
        skill=skills,
        stunt=stunts,
        stress=stresses,
        **{"in": st.tuples(text)},
    ),
    max_size=4,
).filter(_unambiguous)
last_form = st.lists(st.builds(Field, st.just("form"), forms), max_size=1)
"""A true form takes every form field after it, so it comes last."""
obstacle_fields = shapes(
    **{name: one for name in ("name", "zone", "rating", "weapon", "removal", "harmful")},
    **{name: one for name in ("choice", "difficulty")},
    between=st.just(("none",)) | st.tuples(not_none, text),
    answer=st.tuples(text, text),
    **{"in": st.tuples(text)},
)
countdown_fields = shapes(
    **{name: one for name in ("name", "boxes", "checked", "trigger", "outcome", "visible")}
)
contest_fields = shapes(name=one, victories=one, side=st.tuples(text, text))
challenge_fields = shapes(
    name=one, task=st.tuples(text, st.just("none")) | st.tuples(text, not_none, number)
)
rules_fields = shapes(**{field.name: one for field in RULES_FIELDS.fields})
record = text.filter(lambda t: keyword_of(t) != "scene" and fold(t) not in RULES_WORDS)
"""A record's name: ``scene`` and ``rules`` are no record's."""


@st.composite
def sets(draw: st.DrawFn) -> tuple[Set, Fields]:
    kind = draw(st.sampled_from(["character", "obstacle", "countdown", "contest", "challenge"]))
    if kind == "character":
        found = [*draw(character_fields), *draw(last_form)] or [Field("name", ("Ann",))]
        return Set(draw(record), tuple(found)), CHARACTER_FIELDS
    grammar, fields = {
        "obstacle": (OBSTACLE_FIELDS, obstacle_fields),
        "countdown": (COUNTDOWN_FIELDS, countdown_fields),
        "contest": (CONTEST_FIELDS, contest_fields),
        "challenge": (CHALLENGE_FIELDS, challenge_fields),
    }[kind]
    return Set(draw(record), tuple(draw(st.lists(fields, min_size=1, max_size=4)))), grammar


@given(sets())
def test_a_set_reads_back_as_itself(case: tuple[Set, Fields]) -> None:
    request, grammar = case
    assert parsed("set", request.command(), lambda a: parse_set(a, lambda _: grammar)) == request


@given(st.lists(rules_fields, min_size=1, max_size=3), st.lists(shapes(title=one, notes=one)))
def test_a_set_of_the_rules_or_the_scene_reads_back_as_itself(
    rules: list[Field], scene: list[Field]
) -> None:
    """The scene and its rules need no record: their fields are their own."""
    never = pytest.fail
    for target, found in (("rules", rules), ("säännöt", rules), ("scene", scene)):
        request = Set(target, tuple(found))
        if found:
            assert parsed("set", request.command(), lambda a: parse_set(a, never)) == request


@st.composite
def adds(draw: st.DrawFn) -> Add:
    what = draw(
        st.sampled_from(["pc", "major", "minor", "mooks", "zone", "hazard", "block"])
        | st.sampled_from(["distraction", "countdown", "template"])
    )
    zone = draw(st.none() | zone_word)
    if what == "template":
        key = draw(word.filter(lambda t: character_kind(t) is None and word_in(THINGS, t) is None))
        between = draw(st.lists(st.builds(Field, st.just("between"), st.tuples(text, text))))
        return Add(key, None, draw(st.none() | number), tuple(between[:1]), zone)
    name = draw(text)
    if what in ("pc", "major", "minor", "mooks"):
        value = draw(st.none() | number) if what == "mooks" else None
        found = [*draw(character_fields), *draw(last_form)]
        fields = tuple(f for f in found if f.name != "in")
        if fields and fields[-1].name == "form":
            zone = None
        return Add(what, name, value, fields, zone)
    if what == "zone":
        return Add(what, name, None, tuple(draw(st.lists(shapes(name=one, hidden=one)))))
    if what == "countdown":
        return Add(what, name, draw(number), tuple(draw(st.lists(countdown_fields))))
    value = draw(text) if what == "distraction" else draw(number)
    fields = tuple(f for f in draw(st.lists(obstacle_fields, max_size=3)) if f.name != "in")
    return Add(what, name, value, fields, zone)


@given(adds())
def test_an_add_reads_back_as_itself(request: Add) -> None:
    assert parsed("add", request.command(), parse_add) == request


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "set ann skill Fight 3 Will 2 stunt add Strong 2 Fight attack weapon 1",
            Set(
                "ann",
                (
                    Field("skill", ("Fight", "3", "Will", "2")),
                    Field("stunt", ("add", "Strong", "2", "Fight", "attack")),
                    Field("weapon", ("1",)),
                ),
            ),
        ),
        (
            "aseta ann taito Tappelu 3 ase 1 alueella kellari",
            Set(
                "ann",
                (
                    Field("skill", ("Tappelu", "3")),
                    Field("weapon", ("1",)),
                    Field("in", ("kellari",)),
                ),
            ),
        ),
        (
            "add mooks Cultists 4 skill Fight 1 in crypt",
            Add("mooks", "Cultists", "4", (Field("skill", ("Fight", "1")),), "crypt"),
        ),
        ("add hazard Fire Good weapon 2", Add("hazard", "Fire", "3", (Field("weapon", ("2",)),))),
        (
            "add cultist 3 between hall crypt in hall",
            Add("cultist", None, "3", (Field("between", ("hall", "crypt")),), "hall"),
        ),
    ],
)
def test_typed_set_and_add_lines_read_into_their_requests(line: str, expected: Request) -> None:
    """The parse stage names each field in English with its words as typed, whatever
    language the line is in; numbers the verb needs come out as numbers."""
    words = split_line(line)
    verb = find_verb(words[0])
    if verb.name == "set":
        got: Request = parse_set(Tokens(verb, words[1:], "en"), lambda _: CHARACTER_FIELDS)
    else:
        got = parse_add(Tokens(verb, words[1:], "en"))
    assert got == expected
