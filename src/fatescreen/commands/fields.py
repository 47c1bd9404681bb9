"""The fields of a stat block as ``add`` and ``set`` read them: each turns a few words into a
change of the record as the scene file writes it (``weapon 2`` → ``weapon = 2``), so that the
scene codec checks the result exactly as the loader would."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from fatescreen.commands import requests
from fatescreen.commands.core import Context, FateVerb, Tokens, keyword_of
from fatescreen.commands.names import fold
from fatescreen.i18n import tr
from fatescreen.rules.advancement import DEFAULT_SKILLS
from fatescreen.rules.character import CharacterKind
from fatescreen.rules.copies import base_id
from fatescreen.rules.ladder import parse_rating
from fatescreen.rules.obstacles import CountdownVisibility
from fatescreen.scene import codec
from fatescreen.scene.model import RulesInPlay

Data = dict[str, Any]
Parser = Callable[[Context, Tokens, Data], None]
"""Reads a field's words from ``Tokens`` and writes them into the record's file form."""
Span = Callable[[Tokens], list[str]]
"""Takes a field's value words from ``Tokens`` by their shape alone, without reading what
they mean (the parse stage of ``set`` and ``add``); the field's parser reads them after."""

KINDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "pc": ("pc", "ph", "pelaajahahmo"),
        "major": ("major", "merkittävä"),
        "minor": ("minor", "vähäisempi"),
        "mooks": ("mooks", "joukko", "kätyrijoukko"),
    }
)
"""Character kinds as typed, by the file's value."""

SLOTS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "mild": ("mild", "lievä"),
        "moderate": ("moderate", "merkittävä"),
        "severe": ("severe", "vakava"),
        "extreme": ("extreme", "äärimmäinen"),
        "mild_physical": ("mild_physical", "lievä_fyysinen"),
        "mild_mental": ("mild_mental", "lievä_henkinen"),
    }
)
"""Consequence slots as typed, by the file's slot name."""

VISIBILITY: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "hidden": ("hidden", "piilotettu"),
        "boxes": ("boxes", "ruudut"),
        "full": ("full", "täysi"),
    }
)
"""What players see of a countdown, as typed."""

SCALES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "mundane": ("mundane", "tavallinen"),
        "supernatural": ("supernatural", "yli-inhimillinen"),
        "otherworldly": ("otherworldly", "toismaailmallinen"),
        "legendary": ("legendary", "legendaarinen"),
        "godlike": ("godlike", "jumalallinen"),
    }
)
"""Scales as typed, by the file's value."""

SOLO: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "skill": ("skill", "taito"),
        "harm": ("harm", "vaurio"),
        "minimum_harm": ("minimum_harm", "vähimmäisvaurio"),
        "boosted_invokes": ("boosted_invokes", "voimistettu"),
        "damped_invokes": ("damped_invokes", "vaimennettu"),
        "one_free_invoke": ("one_free_invoke", "yksi_ilmainen"),
    }
)
"""A big bad's solo-bonus options (§7) as typed, by the file's name."""

ACTIONS = ("overcome", "create", "attack", "defend")
"""The actions a stunt's bonus may apply to, as the file writes them."""

SWITCHES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "true": ("on", "true", "yes", "kyllä", "päällä"),
        "false": ("off", "false", "no", "ei", "pois"),
    }
)
"""Words that switch an optional rule on or off."""

# Each table of words lists its English word first and its Finnish word last.


def word_in(words: Mapping[str, tuple[str, ...]], text: str) -> str | None:
    """The value a word stands for in a table of words (``lievä`` → ``mild``), or None."""
    wanted = fold(text)
    return next((key for key, aliases in words.items() if wanted in aliases), None)


def options_in(words: Mapping[str, tuple[str, ...]], lang: str) -> str:
    """A table's words as the GM types them in ``lang``, for a message: in English each
    value's first word, in another language its last (each table lists its Finnish word
    last)."""
    return ", ".join(aliases[0] if lang == "en" else aliases[-1] for aliases in words.values())


def _taken(args: Tokens, count: int) -> list[str]:
    """Up to ``count`` next words, whatever they are (the parser judges them)."""
    taken = args.words[:count]
    del args.words[:count]
    return taken


def _one(args: Tokens) -> list[str]:
    return _taken(args, 1)


@dataclass(frozen=True)
class Field:
    """One field of a record: its English name, other words for it, how its words are
    found (``span``) and how they are read into the record (``parse``)."""

    name: str
    aliases: tuple[str, ...]
    parse: Parser
    span: Span = _one


IN = "in"
"""``in ZONE``, which stands for ``zone ZONE`` where a record has a zone."""


class Fields:
    """The fields of one kind of record, found by any of their words."""

    def __init__(self, *fields: Field) -> None:
        self.fields = fields
        self.by_word = {fold(word): f for f in fields for word in (f.name, *f.aliases)}

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and fold(word) in self.by_word

    @property
    def names(self) -> str:
        """The fields' English names, for messages and help."""
        return ", ".join(f.name for f in self.fields)

    def names_in(self, lang: str) -> str:
        """The fields as the GM types them in ``lang``, for messages: in English their
        names; in another language the catalog's word for a field where the parser takes it,
        else the field's last alias (each field lists its Finnish word last)."""
        return ", ".join(self.word_in(field.name, lang) for field in self.fields)

    def word_in(self, word: str, lang: str) -> str:
        """The GM's word in ``lang`` for the field ``word`` names (any of its words, or its
        key in the scene file where that is one of them); a word that names no field, or
        any word in English, as it is."""
        field = self.by_word.get(fold(word))
        if field is None or lang == "en":
            return word
        shown = tr(lang, f"usage.{field.name}")
        if self.by_word.get(fold(shown)) is not field:
            shown = field.aliases[-1] if field.aliases else field.name
        return shown

    def split(self, args: Tokens, *, at_least_one: bool = True) -> tuple[requests.Field, ...]:
        """The parse stage: ``FIELD VALUE...`` groups until the words run out, each under
        its English name with its value words as typed; ``in ZONE`` stays ``in``.

        Raises:
            CommandError: A word is not a field (the message lists them), or there is no
                field where one is needed.
        """
        found: list[requests.Field] = []
        while args:
            if "zone" in self.by_word and args.keyword(IN):
                found.append(requests.Field(IN, tuple(_one(args))))
                continue
            word = args.words.pop(0)  # there is one: the loop's condition
            field = self.by_word.get(fold(word))
            if field is None:
                raise args.error("build.unknown_field", field=word, fields=self.names_in(args.lang))
            found.append(requests.Field(field.name, tuple(field.span(args))))
        if at_least_one and not found:
            raise args.missing(tr(args.lang, "what.field"))
        return tuple(found)

    def apply(
        self, ctx: Context, verb: FateVerb, given: tuple[requests.Field, ...], data: Data
    ) -> None:
        """Read each field's words into the record's file form, in order.

        Raises:
            CommandError: A field is not one of these, or a value is missing, malformed or
                followed by words it does not take.
        """
        for found in given:
            field = self.by_word.get("zone" if found.name == IN else fold(found.name))
            if field is None:
                raise ctx.error(
                    "build.unknown_field", field=found.name, fields=self.names_in(ctx.lang)
                )
            args = Tokens(verb, list(found.values), ctx.lang)
            field.parse(ctx, args, data)
            args.done()


# ---------------------------------------------------------------------------- values


def is_none(args: Tokens) -> bool:
    """Consume ``none`` (or an alias) if it comes next."""
    return args.keyword("none") is not None


def text_word(args: Tokens, what: str = "what.text") -> str:
    """The next word as a text that is not blank (``what`` names it where it is missing)."""
    value = args.take(tr(args.lang, what)).strip()
    if not value:
        raise args.missing(tr(args.lang, what))
    return value


def choice(ctx: Context, args: Tokens, words: Mapping[str, tuple[str, ...]], what: str) -> str:
    """The next word as one of a table's values."""
    word = args.take(ctx.tr(what))
    found = word_in(words, word)
    if found is None:
        raise ctx.error("build.choice", text=word, options=options_in(words, ctx.lang))
    return found


# The parsers that several fields share, each told its key, are small records called like a
# function rather than closures made by a factory: the tables of fields are built when the
# module is imported, and a record's ``__call__`` runs (and is tested) each time a field is read.


@dataclass(frozen=True)
class _SetText:
    """``FIELD TEXT``: a text that is not blank, under ``key``."""

    key: str
    what: str = "what.text"

    def __call__(self, ctx: Context, args: Tokens, data: Data) -> None:
        data[self.key] = text_word(args, self.what)


@dataclass(frozen=True)
class _SetNumber:
    """``FIELD NUMBER`` under ``key``; ``FIELD none`` takes it away where it is optional."""

    key: str
    optional: bool = False

    def __call__(self, ctx: Context, args: Tokens, data: Data) -> None:
        if self.optional and is_none(args):
            data.pop(self.key, None)
        else:
            data[self.key] = args.number(ctx.tr("what.number"))


@dataclass(frozen=True)
class _SetSwitch:
    """``FIELD on|off`` under ``key``."""

    key: str

    def __call__(self, ctx: Context, args: Tokens, data: Data) -> None:
        data[self.key] = choice(ctx, args, SWITCHES, "what.switch") == "true"


def _set_zone(ctx: Context, args: Tokens, data: Data) -> None:
    if is_none(args):
        data.pop("zone", None)
    else:
        data["zone"] = ctx.zone(args.take(ctx.tr("what.zone"))).id


def _set_notes(ctx: Context, args: Tokens, data: Data) -> None:
    """``notes "TEXT"`` or ``notes none``: the GM's notes on a character."""
    if is_none(args):
        data.pop("notes", None)
    else:
        data["notes"] = text_word(args)


def _is_value(word: str) -> bool:
    if keyword_of(word) == "none":
        return True
    try:
        parse_rating(word)
    except ValueError:
        return False
    return True


def skill_name(ref: str, known: Iterable[str]) -> str:
    """A skill as the GM typed it, spelled as the character (or the default list) has it."""
    wanted = fold(ref)
    for name in (*known, *DEFAULT_SKILLS):
        if fold(name) == wanted:
            return name
    return ref[:1].upper() + ref[1:]


def _another_skill(words: list[str]) -> bool:
    """True if a skill list goes on with ``words``: a skill and its rating, not the next field
    nor ``in ZONE`` (``skill Fight 3 in none`` takes the character out of any zone)."""
    return (
        len(words) >= 2
        and words[0] not in ALL_FIELDS
        and keyword_of(words[0]) != IN
        and _is_value(words[1])
    )


def _skills(ctx: Context, args: Tokens, data: Data) -> None:
    """``skill SKILL RATING [SKILL RATING]...``; ``none`` for a rating drops the skill."""
    skills = dict(data.get("skills", {}))
    while True:
        name = skill_name(text_word(args, "what.skill"), skills)
        if is_none(args):
            skills.pop(name, None)
        else:
            skills[name] = args.number(ctx.tr("what.rating"))
        if not _another_skill(args.words):
            break
    _put(data, "skills", skills)


def _skills_span(args: Tokens) -> list[str]:
    taken = _taken(args, 2)
    while _another_skill(args.words):
        taken += _taken(args, 2)
    return taken


def _put(data: Data, key: str, value: Any) -> None:
    """Set a key, or drop it when the value is empty (the file leaves it out)."""
    if value:
        data[key] = value
    else:
        data.pop(key, None)


def _stunt_value(ctx: Context, args: Tokens) -> str | Data:
    """``"TEXT" [BONUS SKILL ACTION]``, as the file writes a stunt."""
    stunt_text = text_word(args, "what.stunt")
    word = args.peek()
    if word is None or word in ALL_FIELDS or not _is_value(word) or keyword_of(word) == "none":
        return stunt_text
    bonus = args.number(ctx.tr("what.bonus"))
    skill = skill_name(text_word(args, "what.skill"), ())
    action = args.take(ctx.tr("what.action"))
    if action not in ACTIONS:
        raise ctx.error("build.choice", text=action, options=", ".join(ACTIONS))
    return {"text": stunt_text, "skill": skill, "action": action, "bonus": bonus}


def _stunt_value_span(args: Tokens) -> list[str]:
    taken = _one(args)
    word = args.peek()
    if word is None or word in ALL_FIELDS or not _is_value(word) or keyword_of(word) == "none":
        return taken
    return taken + _taken(args, 3)


def _stunts_span(args: Tokens) -> list[str]:
    if args.at_keyword("remove"):
        return _taken(args, 2)
    return _one(args) + _stunt_value_span(args)


def _index(ctx: Context, args: Tokens, count: int, what: str) -> int:
    """A 1-based number of one of ``count`` items, as a 0-based index."""
    number = args.number(ctx.tr(what))
    if not 1 <= number <= count:
        raise ctx.error("build.no_such", what=ctx.tr(what), number=number, count=count)
    return number - 1


def _stunts(ctx: Context, args: Tokens, data: Data) -> None:
    """``stunt add "TEXT" [BONUS SKILL ACTION] | remove N | N "TEXT" [BONUS SKILL ACTION]``."""
    stunts = list(data.get("stunts", []))
    action = args.keyword("add", "remove")
    if action == "add":
        stunts.append(_stunt_value(ctx, args))
    elif action == "remove":
        del stunts[_index(ctx, args, len(stunts), "what.stunt")]
    else:
        index = _index(ctx, args, len(stunts), "what.stunt")
        stunts[index] = _stunt_value(ctx, args)
    _put(data, "stunts", stunts)


TRACKS = ("physical", "mental", "stress")


def _stress(ctx: Context, args: Tokens, data: Data) -> None:
    """``stress N`` (one track), ``stress physical N [mental N]`` or ``stress default``."""
    if args.keyword("default"):
        data.pop("stress", None)
        return
    if not args.at_keyword(*TRACKS):
        data["stress"] = args.number(ctx.tr("what.boxes"))
        return
    current = data.get("stress")
    sizes: Data = dict(current) if isinstance(current, dict) else {}
    while (track := args.keyword(*TRACKS)) is not None:
        sizes[track] = args.number(ctx.tr("what.boxes"))
    data["stress"] = sizes


def _stress_span(args: Tokens) -> list[str]:
    if not args.at_keyword(*TRACKS):  # a number of boxes, or default
        return _one(args)
    taken: list[str] = []
    while args.at_keyword(*TRACKS):
        taken += _taken(args, 2)
    return taken


def _slots(ctx: Context, args: Tokens, data: Data) -> None:
    """``consequences mild,moderate,...``, ``none`` (no slots) or ``default``."""
    if args.keyword("default"):
        data.pop("consequence_slots", None)
        return
    if is_none(args):
        data["consequence_slots"] = []
        return
    slots = []
    for word in args.names(ctx.tr("what.slots")):
        slot = word_in(SLOTS, word)
        if slot is None:
            raise ctx.error("build.choice", text=word, options=options_in(SLOTS, ctx.lang))
        slots.append(slot)
    data["consequence_slots"] = slots


def _kind(ctx: Context, args: Tokens, data: Data) -> None:
    data["kind"] = choice(ctx, args, KINDS, "what.kind")


def _scale(ctx: Context, args: Tokens, data: Data) -> None:
    data["scale"] = choice(ctx, args, SCALES, "what.scale")  # mundane is left out when saved


def _solo(ctx: Context, args: Tokens, data: Data) -> None:
    """``solo OPTION,OPTION`` or ``solo none``: a big bad's solo-bonus options (§7)."""
    if is_none(args):
        data.pop("solo", None)
        return
    found = []
    for word in args.names(ctx.tr("what.solo")):
        option = word_in(SOLO, word)
        if option is None:
            raise ctx.error("build.choice", text=word, options=options_in(SOLO, ctx.lang))
        found.append(option)
    data["solo"] = found


@dataclass(frozen=True)
class _SwarmList:
    """``parts ID,ID`` or ``shields ID,ID`` (characters of the scene), or ``none``: a
    swarm's parts and the parts shielding its heart (§7)."""

    key: str

    def __call__(self, ctx: Context, args: Tokens, data: Data) -> None:
        if is_none(args):
            data.pop(self.key, None)
            if self.key == "parts":
                data.pop("shields", None)
            return
        refs = args.names(ctx.tr("what.character"))
        data[self.key] = [ctx.character(ref).id for ref in refs]


def _minions(ctx: Context, args: Tokens, data: Data) -> None:
    """``minions ID,ID`` (characters, or a template's base id for all its numbered ones)."""
    if is_none(args):
        data.pop("minions", None)
        return
    found: list[str] = []
    bases = {base_id(c.id) for c in ctx.scene.characters}
    for ref in args.names(ctx.tr("what.minion")):
        minion = ref if ref in bases and ref not in ctx.scene.character_index else None
        minion = minion or ctx.character(ref).id
        if minion == data.get("id") or minion in found:
            raise ctx.error("build.minion_self", minion=ref)
        found.append(minion)
    data["minions"] = found


def _aspects(ctx: Context, args: Tokens, data: Data) -> None:
    """``aspect add "TEXT" | remove "TEXT"`` on a true form."""
    aspects = list(data.get("aspects", []))
    action = args.keyword("add", "remove")
    if action is None:
        raise args.missing(args.words_in("add", "remove", sep="/"))
    name = text_word(args, "what.aspect_name")
    names = [fold(a if isinstance(a, str) else a["name"]) for a in aspects]
    if action == "add":
        if fold(name) in names:
            raise ctx.error("error.aspect_exists", aspect=f'"{name}"', holder=ctx.tr("what.form"))
        aspects.append(name)
    elif fold(name) in names:
        del aspects[names.index(fold(name))]
    else:
        raise ctx.error("build.no_aspect", aspect=f'"{name}"')
    _put(data, "aspects", aspects)


def _reveal(ctx: Context, args: Tokens, data: Data) -> None:
    if args.keyword("soft"):
        data["reveal"] = "soft"
    elif args.keyword("full"):
        data.pop("reveal", None)
    else:
        raise args.missing(args.words_in("soft", "full", sep="/"))


FORM_FIELDS = Fields(
    Field("name", ("nimi",), _SetText("name", "what.new_name")),
    Field("skill", ("skills", "taito"), _skills, _skills_span),
    Field("aspect", ("aspects", "piirre"), _aspects, lambda args: _taken(args, 2)),
    Field("stunt", ("stunts", "temppu"), _stunts, _stunts_span),
    Field("stress", ("rasitus",), _stress, _stress_span),
    Field("consequences", ("slots", "jäljet"), _slots),
    Field("reveal", ("paljastus",), _reveal),
)


def _forms(ctx: Context, args: Tokens, data: Data) -> None:
    """``form add "NAME" [soft] [FIELD VALUE...] | remove N | N FIELD VALUE...``: a true
    form's fields follow it until a word that is not one of them."""
    forms = [dict(form) for form in data.get("form", [])]
    action = args.keyword("add", "remove")
    if action == "remove":
        del forms[_index(ctx, args, len(forms), "what.form")]
        _put(data, "form", forms)
        return
    if action == "add":
        forms.append({"name": text_word(args, "what.form")})
        if args.keyword("soft"):
            forms[-1]["reveal"] = "soft"
        index = len(forms) - 1
    else:
        index = _index(ctx, args, len(forms), "what.form")
    if action is None and not (args and args.words[0] in FORM_FIELDS):
        raise ctx.error("build.form_field", fields=FORM_FIELDS.names_in(ctx.lang))
    while args and args.words[0] in FORM_FIELDS:
        field = FORM_FIELDS.by_word[fold(args.words.pop(0))]  # a form field (the loop condition)
        field.parse(ctx, args, forms[index])
    data["form"] = forms


def _forms_span(args: Tokens) -> list[str]:
    if args.at_keyword("remove"):
        return _taken(args, 2)
    taken = _one(args)
    if taken and keyword_of(taken[0]) == "add":
        taken += _one(args)
        if args.at_keyword("soft"):
            taken += _one(args)
    while args and args.words[0] in FORM_FIELDS:
        word = args.words[0]
        taken += _one(args) + FORM_FIELDS.by_word[fold(word)].span(args)
    return taken


def _hidden(ctx: Context, args: Tokens, data: Data) -> None:
    """``hidden on|off``: kept from the players (docs/player-view.md)."""
    data["hidden"] = choice(ctx, args, SWITCHES, "what.switch") == "true"


CHARACTER_FIELDS = Fields(
    Field("name", ("nimi",), _SetText("name", "what.new_name")),
    Field("kind", ("laji",), _kind),
    Field("player", ("pelaaja",), _SetText("player")),
    Field("zone", ("alue",), _set_zone),
    Field("skill", ("skills", "taito"), _skills, _skills_span),
    Field("stunt", ("stunts", "temppu"), _stunts, _stunts_span),
    Field("stress", ("rasitus",), _stress, _stress_span),
    Field("consequences", ("slots", "jäljet"), _slots),
    Field("weapon", ("ase",), _SetNumber("weapon")),
    Field("armor", ("panssari",), _SetNumber("armor")),
    Field("refresh", ("lähtölataus",), _SetNumber("refresh")),
    Field("fp", ("fate_points", "fatepisteet"), _SetNumber("fate_points")),
    Field("members", ("jäsenet",), _SetNumber("members")),
    Field("scale", ("skaala",), _scale),
    Field("minions", ("kätyrit",), _minions),
    Field("solo", ("soolo",), _solo),
    Field("parts", ("osat",), _SwarmList("parts")),
    Field("shields", ("suojat",), _SwarmList("shields")),
    Field("form", ("forms", "muoto"), _forms, _forms_span),
    Field("hidden", ("piilotettu",), _hidden),
    Field("notes", ("muistiinpanot",), _set_notes),
)
"""What ``set`` changes on a character (aspects have the ``aspect`` verb)."""


# ---------------------------------------------------------------------------- obstacles


def obstacle_kind(data: Data) -> str:
    """Which of hazard, block and distraction a record is."""
    return next(kind for kind in codec.OBSTACLE_KINDS if kind in data)


def _obstacle_name(ctx: Context, args: Tokens, data: Data) -> None:
    data[obstacle_kind(data)] = text_word(args, "what.new_name")


def _between(ctx: Context, args: Tokens, data: Data) -> None:
    """``between ZONE ZONE`` or ``between none``."""
    if is_none(args):
        data.pop("between", None)
        return
    first = ctx.zone(args.take(ctx.tr("what.zone"))).id
    second = ctx.zone(args.take(ctx.tr("what.zone"))).id
    data["between"] = [first, second]


def _between_words(args: Tokens) -> int:
    return 1 if args.at_keyword("none") else 2


def _answer(ctx: Context, args: Tokens, data: Data) -> None:
    """``answer "ANSWER" "WHAT FOLLOWS"`` or ``answer "ANSWER" none``."""
    answers = dict(data.get("answers", {}))
    answer = text_word(args, "what.answer")
    same = [key for key in answers if fold(key) == fold(answer)]
    if is_none(args):
        if not same:
            raise ctx.error("build.no_answer", answer=answer)
        del answers[same[0]]
    else:
        answers[same[0] if same else answer] = text_word(args)
    _put(data, "answers", answers)


OBSTACLE_FIELDS = Fields(
    Field("name", ("nimi",), _obstacle_name),
    Field("zone", ("alue",), _set_zone),
    Field("rating", ("taso",), _SetNumber("rating")),
    Field("weapon", ("ase",), _SetNumber("weapon")),
    Field("removal", ("poisto",), _SetNumber("removal", optional=True)),
    Field("harmful", ("vahingollinen",), _SetSwitch("harmful")),
    Field("between", ("välissä",), _between, lambda args: _taken(args, _between_words(args))),
    Field("choice", ("valinta",), _SetText("choice")),
    Field("answer", ("answers", "vastaus"), _answer, lambda args: _taken(args, 2)),
    Field("difficulty", ("vaikeus",), _SetNumber("difficulty", optional=True)),
)
"""What ``set`` changes on a hazard, a block or a distraction."""


# ---------------------------------------------------------------------------- countdowns


def _trigger(ctx: Context, args: Tokens, data: Data) -> None:
    """``trigger "TEXT"`` adds a trigger (the first in a command replaces the old ones);
    ``trigger none`` clears them."""
    if is_none(args):
        data.pop("trigger", None)
        data["_triggers"] = []
        return
    fresh = data.setdefault("_triggers", [])
    fresh.append(text_word(args))
    data["trigger"] = list(fresh)  # a list of one loads as a single trigger


def _visible(ctx: Context, args: Tokens, data: Data) -> None:
    value = choice(ctx, args, VISIBILITY, "what.visibility")
    if value == CountdownVisibility.FULL.value:
        data.pop("visible", None)
    else:
        data["visible"] = value


def _outcome(ctx: Context, args: Tokens, data: Data) -> None:
    _put(data, "outcome", "" if is_none(args) else text_word(args))


COUNTDOWN_FIELDS = Fields(
    Field("name", ("nimi",), _SetText("name", "what.new_name")),
    Field("boxes", ("ruudut",), _SetNumber("boxes")),
    Field("checked", ("rastitettu",), _SetNumber("checked")),
    Field("trigger", ("triggers", "laukaisija"), _trigger),
    Field("outcome", ("lopputulos",), _outcome),
    Field("visible", ("näkyvyys",), _visible),
)
"""What ``set`` changes on a countdown."""


# ---------------------------------------------------------------------------- contests


def _side(ctx: Context, args: Tokens, data: Data) -> None:
    """``side "NAME" ID,ID`` sets a side's members (a new side if none has that name);
    ``side "NAME" none`` takes the side away."""
    sides = [dict(side) for side in data["sides"]]  # a contest has its sides
    name = text_word(args, "what.side")
    same = [index for index, side in enumerate(sides) if fold(side["name"]) == fold(name)]
    if is_none(args):
        if not same:
            known = ", ".join(side["name"] for side in sides)
            raise ctx.error("error.unknown", what=ctx.tr("what.side"), ref=name, names=known)
        del sides[same[0]]
    else:
        members = [ctx.actor(ref).id for ref in args.names(ctx.tr("what.character"))]
        if same:
            _put(sides[same[0]], "members", members)
        else:
            sides.append({"name": name, "members": members})
    data["sides"] = sides


CONTEST_FIELDS = Fields(
    Field("name", ("nimi",), _SetText("name", "what.new_name")),
    Field("victories", ("voitot",), _SetNumber("victories")),
    Field("side", ("sides", "puoli"), _side, lambda args: _taken(args, 2)),
)
"""What ``set`` changes on a contest (its play has the ``contest`` verb)."""


def _task(ctx: Context, args: Tokens, data: Data) -> None:
    """``task "NAME" SKILL DIFFICULTY`` adds a task or changes one; ``task "NAME" none``
    takes it away."""
    tasks = [dict(task) for task in data["tasks"]]  # a challenge has its tasks
    name = text_word(args, "what.task")
    same = [index for index, task in enumerate(tasks) if fold(task["name"]) == fold(name)]
    if is_none(args):
        if not same:
            known = ", ".join(task["name"] for task in tasks)
            raise ctx.error("error.unknown", what=ctx.tr("what.task"), ref=name, names=known)
        del tasks[same[0]]
    else:
        skill = skill_name(text_word(args, "what.skill"), ())
        difficulty = args.number(ctx.tr("what.difficulty"))
        if same:
            tasks[same[0]].update(skill=skill, difficulty=difficulty)
        else:
            tasks.append({"name": name, "skill": skill, "difficulty": difficulty})
    data["tasks"] = tasks


def _task_span(args: Tokens) -> list[str]:
    taken = _one(args)
    return taken + _taken(args, 1 if args.at_keyword("none") else 2)


CHALLENGE_FIELDS = Fields(
    Field("name", ("nimi",), _SetText("name", "what.new_name")),
    Field("task", ("tasks", "tehtävä"), _task, _task_span),
)
"""What ``set`` changes on a challenge (its play has the ``challenge`` verb)."""


def finish(data: Data) -> Data:
    """The record without the working keys fields leave in it."""
    return {key: value for key, value in data.items() if not key.startswith("_")}


# ---------------------------------------------------------------------------- zones, scene

ZONE_FIELDS = Fields(
    Field("name", ("nimi",), _SetText("name", "what.new_name")),
    Field("hidden", ("piilotettu",), _hidden),
)
"""What ``set`` changes on a zone (its aspects have the ``aspect`` verb)."""


def _notes(ctx: Context, args: Tokens, data: Data) -> None:
    _put(data, "notes", "" if is_none(args) else text_word(args))


SCENE_FIELDS = Fields(
    Field("title", ("otsikko",), _SetText("title")),
    Field("notes", ("muistiinpanot",), _notes),
)
"""What ``set scene`` changes."""


@dataclass(frozen=True)
class _Rule:
    """An optional rule's value under ``key``: a switch, a text or a number, as its default
    is."""

    key: str

    def __call__(self, ctx: Context, args: Tokens, data: Data) -> None:
        default = codec.rules_values(RulesInPlay())[self.key]
        if isinstance(default, bool):
            data[self.key] = choice(ctx, args, SWITCHES, "what.switch") == "true"
        elif isinstance(default, str):
            data[self.key] = "" if is_none(args) else text_word(args)
        else:
            data[self.key] = args.number(ctx.tr("what.number"))


RULES_WORDS = {
    "weapons_and_armor": "ase_ja_panssariarvot",
    "scale": "skaala",
    "conditions": "tilat",
    "split_conditions": "jaetut_tilat",
    "full_defense": "täysi_puolustus",
    "extreme_consequences": "äärimmäiset_jäljet",
    "one_stress_track": "yksi_rasitusrivi",
    "extra_stress_boxes": "lisärasitusruudut",
    "escalating_stress_boxes": "kasvavat_rasitusruudut",
    "contest_victories": "kilpailun_voitot",
    "ladder_names": "tikkaiden_nimet",
    "skills": "taitolista",
    "physical_stress": "fyysinen_rasitus",
    "mental_stress": "henkinen_rasitus",
    "physical_defense": "fyysinen_puolustus",
    "mental_defense": "henkinen_puolustus",
    "melee": "lähitaistelu",
    "ranged": "kaukotaistelu",
    "mental_attack": "henkinen_hyökkäys",
}
"""The Finnish word of each ``[rules]`` key, as ``set rules`` takes it (the section names of
Fate Condensed's optional rules: «Tilat», «Äärimmäiset jäljet», «Täysi puolustus»...)."""

RULES_FIELDS = Fields(*(Field(key, (RULES_WORDS[key],), _Rule(key)) for key in codec.RULES_KEYS))
"""What ``set rules`` changes: the optional rules of the scene, by their keys in the scene
file or their Finnish words."""

ALL_FIELDS = Fields(
    *CHARACTER_FIELDS.fields,
    *OBSTACLE_FIELDS.fields,
    *COUNTDOWN_FIELDS.fields,
    *FORM_FIELDS.fields,
    *CONTEST_FIELDS.fields,
    *CHALLENGE_FIELDS.fields,
)
"""Every field word: a list of values (skills, stunt bonuses) stops at one of them."""


def character_kind(word: str) -> CharacterKind | None:
    """A character kind typed as ``pc``, ``major``... (or in Finnish), or None."""
    found = word_in(KINDS, word)
    return None if found is None else CharacterKind(found)
