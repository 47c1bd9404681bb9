"""The pieces every verb uses: tokens, keywords, the verb registry, the context, results."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Generic, TypeVar

from fatescreen.commands.errors import CommandError, refused
from fatescreen.commands.names import fold, no_such_verb, resolve
from fatescreen.i18n import tr
from fatescreen.rules.aspects import GM
from fatescreen.rules.character import Character
from fatescreen.rules.dice import DiceRoll, looks_like_faces, parse_faces, roll_4df
from fatescreen.rules.errors import InvalidDice
from fatescreen.rules.ladder import describe, parse_rating
from fatescreen.rules.obstacles import Block, Countdown, Hazard
from fatescreen.scene.aspects import SCENE_HOLDER, AspectInPlay, aspect_by_key, aspects_in_play
from fatescreen.scene.model import Obstacle, Scene, Zone

MAX_WORDS = 200
"""The longest command line, in words, that a verb is given."""


@dataclass(frozen=True)
class Applied:
    """What a command did: the new scene, the lines to show, and the undo label.

    ``label`` is empty for commands that change nothing (rolls without a scene, odds,
    help). ``changed`` names what changed so the UI repaints only that: ``character:ID``,
    ``zones``, ``aspects``, ``turn``, ``pool``, ``obstacles``, ``countdowns``,
    ``contests``, ``challenges``, ``pending``, or ``all``.
    """

    scene: Scene
    lines: tuple[str, ...]
    label: str = ""
    changed: frozenset[str] = frozenset()
    record: str | None = None
    """The command line the journal keeps in place of the typed one, for a command that read
    something outside the scene (``import`` reads a file that may be gone when the journal
    is replayed): it holds what the command read. None: the typed line."""

    @property
    def value(self) -> Scene:
        """The new scene (the name every system's change gives its value)."""
        return self.scene


KEYWORDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "vs": ("vs", "vastaan"),
        "on": ("on", "@", "kohteeseen", "kohde"),
        "with": ("with", "kanssa", "apuna"),
        "by": ("by", "käyttäjä", "tekijä"),
        "for": ("for", "omistaja", "hyväksi"),
        "in": ("in", "kilpailussa", "haasteessa", "alueella"),
        "to": ("to", "voittoihin"),
        "dice": ("dice", "noppa", "nopat"),
        "free": ("free", "ilmainen"),
        "paid": ("paid", "maksettu"),
        "hostile": ("hostile", "vihamielinen"),
        "reroll": ("reroll", "uudelleenheitto", "uusinta"),
        "oppose": ("oppose", "vastusta"),
        "back": ("back", "takaisin"),
        "hidden": ("hidden", "piilotettu"),
        "add": ("add", "lisää"),
        "remove": ("remove", "poista"),
        "reveal": ("reveal", "paljasta"),
        "rename": ("rename", "nimeä"),
        "spend": ("spend", "käytä"),
        "pass": ("pass", "ohita", "siirrä"),
        "give": ("give", "anna"),
        "accept": ("accept", "hyväksy", "a"),
        "refuse": ("refuse", "kieltäydy", "r"),
        "offer": ("offer", "tarjoa"),
        "physical": ("physical", "fyysinen", "p"),
        "mental": ("mental", "henkinen", "m"),
        "stress": ("stress", "rasitus"),
        "soft": ("soft", "pehmeä"),
        "full": ("full", "täysi"),
        "force": ("force", "väkisin"),
        "zone": ("zone", "alue"),
        "scene": ("scene", "kohtaus"),
        "start": ("start", "aloita"),
        "roll": ("roll", "heitä"),
        "forfeit": ("forfeit", "luovu"),
        "twist": ("twist", "käänne"),
        "threat": ("threat", "uhka"),
        "faster": ("faster", "nopea"),
        "end": ("end", "lopeta"),
        "show": ("show", "näytä"),
        "invokes": ("invokes", "invoke", "i", "käytöt"),
        "rerolls": ("rerolls", "rr", "uudelleenheitot", "uusinnat"),
        "opposed": ("opposed", "vastus"),
        "replacing": ("replacing", "korvaa"),
        "none": ("none", "ei", "pois"),
        "default": ("default", "oletus"),
        "concept": ("concept", "ydin"),
        "trouble": ("trouble", "ongelma"),
        "withdraw": ("withdraw", "peru"),
        "hard": ("hard", "vaikea"),
        "cover": ("cover", "suoja"),
        "blocks": ("blocks", "estää"),
        "weakens": ("weakens", "heikentää"),
    }
)
"""Every keyword a verb understands, by its English name, with its aliases (Finnish too)."""

_ALIASES: Mapping[str, str] = MappingProxyType(
    {fold(alias): name for name, aliases in KEYWORDS.items() for alias in aliases}
)


def keyword_of(word: str) -> str | None:
    """The English keyword a word stands for (``vastaan`` → ``vs``), or None."""
    return _ALIASES.get(fold(word))


class WordQueue:
    """The words of a command line after its verb, consumed left to right.

    Fate's verbs read them as :class:`Tokens`, other systems' as their own subclass; the
    errors name the verb and show its usage as the subclass writes them.
    """

    def __init__(self, words: list[str], lang: str) -> None:
        self.words = words[:MAX_WORDS]
        self.lang = lang

    @property
    def verb_word(self) -> str:
        """The verb as the error messages name it."""
        raise NotImplementedError

    @property
    def usage(self) -> str:
        """The verb's usage line, as the error messages show it."""
        raise NotImplementedError

    def __bool__(self) -> bool:
        return bool(self.words)

    def peek(self) -> str | None:
        """The next word, not consumed."""
        return self.words[0] if self.words else None

    def take(self, what: str) -> str:
        """The next word (a quoted name counts as one).

        Raises:
            CommandError: There is none; the message shows the usage.
        """
        if not self.words:
            raise self.missing(what)
        return self.words.pop(0)

    def missing(self, what: str) -> CommandError:
        """The error for a missing argument, with the verb's usage."""
        return CommandError(
            tr(self.lang, "error.missing", verb=self.verb_word, what=what, usage=self.usage)
        )

    def optional(self) -> str | None:
        """The next word, or None."""
        return self.words.pop(0) if self.words else None

    def not_a_number(self, word: str) -> CommandError:
        """The error for a word that should have been a number."""
        return CommandError(
            tr(self.lang, "error.number", verb=self.verb_word, text=word, usage=self.usage)
        )

    def rest(self) -> str:
        """All remaining words joined (free text such as a reason)."""
        text = " ".join(self.words)
        self.words = []
        return text

    def done(self) -> None:
        """Insist nothing is left over.

        Raises:
            CommandError: Extra words remain; the message quotes them.
        """
        if self.words:
            raise CommandError(
                tr(
                    self.lang,
                    "error.extra",
                    verb=self.verb_word,
                    extra=" ".join(self.words),
                    usage=self.usage,
                )
            )


class Tokens(WordQueue):
    """The words of a Fate command line after its verb, with Fate's keywords."""

    def __init__(self, verb: FateVerb, words: list[str], lang: str) -> None:
        super().__init__(words, lang)
        self.verb = verb

    @property
    def verb_word(self) -> str:
        """The verb as the GM's language writes it."""
        return self.verb.word(self.lang)

    @property
    def usage(self) -> str:
        """The verb's usage in the GM's language."""
        return self.verb.usage_in(self.lang)

    def words_in(self, *words: str, sep: str = ", ") -> str:
        """Keywords and placeholders of this verb as the GM types them, for a message."""
        return sep.join(usage_word(self.verb, word, self.lang) for word in words)

    def at_keyword(self, *names: str) -> bool:
        """True if the next word is one of the keywords ``names`` (not consumed)."""
        return bool(self.words) and keyword_of(self.words[0]) in names

    def keyword(self, *names: str) -> str | None:
        """Consume the next word if it is one of the keywords ``names`` or their aliases.

        Returns:
            The keyword's English name, or None (nothing consumed).
        """
        if self.words:
            name = keyword_of(self.words[0])
            if name in names:
                self.words.pop(0)
                return name
        return None

    def number(self, what: str) -> int:
        """The next word as an integer or a ladder word (``+3``, ``Good``, ``Hyvä``)."""
        word = self.take(what)
        try:
            return parse_rating(word)
        except ValueError:
            raise self.not_a_number(word) from None

    def optional_number(self) -> int | None:
        """The next word as a number if it is one, else None (not consumed)."""
        word = self.peek()
        if word is None or looks_like_faces(word):
            return None
        try:
            value = parse_rating(word)
        except ValueError:
            return None
        self.words.pop(0)
        return value

    def faces(self) -> DiceRoll | None:
        """Entered dice if the next word is four faces (``+0-+``) or d6 values (``1356``),
        or ``dice FACES``; None (nothing consumed) otherwise.

        Raises:
            CommandError: ``dice`` is followed by something that is not four dice.
        """
        word = self.peek()
        if word is None:
            return None
        if looks_like_faces(word):
            self.words.pop(0)
            return parse_faces(word)
        if keyword_of(word) == "dice":
            self.words.pop(0)
            text = self.take(tr(self.lang, "what.dice"))
            try:
                return parse_faces(text)
            except InvalidDice as error:
                raise refused(error, self.lang) from None
        return None

    def faces_text(self) -> str | None:
        """As :meth:`faces`, but the dice as typed (checked to be four dice): what a typed
        request keeps."""
        word = self.peek()
        if word is None:
            return None
        if looks_like_faces(word):
            return self.words.pop(0)
        if keyword_of(word) == "dice":
            self.words.pop(0)
            text = self.take(tr(self.lang, "what.dice"))
            try:
                parse_faces(text)
            except InvalidDice as error:
                raise refused(error, self.lang) from None
            return text
        return None

    def word_unless(self, *keywords: str) -> str | None:
        """The next word (consumed) unless it is dice or one of ``keywords``: an optional
        skill or name before a roll's dice and options."""
        word = self.peek()
        if word is None or looks_like_faces(word) or self.at_keyword(*keywords):
            return None
        return self.words.pop(0)

    def dice_and_helpers(self) -> tuple[str | None, tuple[str, ...]]:
        """The rest of a roll's line: its dice as typed (checked to be four dice) and the
        helpers after ``with``, in either order.

        Raises:
            CommandError: Any other word, or dice given twice.
        """
        dice: str | None = None
        helpers: list[str] = []
        while self.words:
            if self.keyword("with"):
                helpers += self.names(tr(self.lang, "what.helpers"))
            elif dice is None and (faces := self.faces_text()) is not None:
                dice = faces
            else:
                self.done()
        return dice, tuple(helpers)

    def error(self, key: str, **values: object) -> CommandError:
        """A command error with a message from the catalog, in the line's language."""
        return CommandError(tr(self.lang, key, **values))

    def names(self, what: str) -> list[str]:
        """A comma-separated list of names in one word (``rozio,vitor``)."""
        word = self.take(what)
        names = [part.strip() for part in word.split(",")]
        if not all(names):
            raise CommandError(
                tr(
                    self.lang,
                    "error.list",
                    verb=self.verb_word,
                    text=word,
                    usage=self.usage,
                )
            )
        return names


Handler = Callable[["Context", Tokens], Applied]
"""What the session calls with a command line's words: a verb's stages run in turn."""

Parser = Callable[[Tokens], object]
"""Stage one of a verb: the whole line read into a typed request."""

Req = TypeVar("Req")
Run = Callable[["Context", Tokens, Req], Applied]
"""The stages after parsing: ask the rules, apply, say. The words are all read by then; the
verb's tokens are passed on for its usage in error messages."""


C = TypeVar("C")
"""What a verb's handler is given to run in: a system's context."""
A = TypeVar("A")
"""The words a verb's handler reads: a system's word queue."""
R = TypeVar("R")
"""What a verb's handler returns: a system's applied change."""


@dataclass(frozen=True)
class Verb(Generic[C, A, R]):
    """One verb of a system's command language, Fate's or another's.

    Its words come from the catalog under the system's ``prefix`` (none for Fate, the
    first system; ``varjot`` for Menneisyyden varjot): its one-line help is
    ``PREFIX.verb.NAME``, its word in the GM's language ``PREFIX.cmd.NAME``, and the words
    of its usage line ``PREFIX.usage.NAME.WORD``, ``PREFIX.usage.WORD`` or ``usage.WORD``.
    """

    name: str
    usage: str
    help: str
    """Its one-line help in English, when the catalog has none."""
    handler: Callable[[C, A], R]
    aliases: tuple[str, ...] = ()
    example: str = ""
    changes_scene: bool = True
    parse: Callable[[A], object] | None = None
    """Stage one: the whole line read into a typed request (None for a verb that reads its
    words as it goes, and for the session's own verbs, ``undo``, ``save``…, which it runs
    itself)."""
    prefix: str = ""
    """The catalog prefix of the system's messages (empty for Fate's)."""
    keywords: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: KEYWORDS)
    """The keywords its lines understand, by English name, with their aliases."""

    def key(self, kind: str, *rest: str) -> str:
        """A catalog key of this verb's system: ``PREFIX.KIND.REST…``."""
        return ".".join((self.prefix, kind, *rest) if self.prefix else (kind, *rest))

    @property
    def help_key(self) -> str:
        """The catalog key of the verb's one-line help."""
        return self.key("verb", self.name)

    def help_in(self, lang: str) -> str:
        """The verb's one-line help in ``lang``, if the catalog has it, else English."""
        text = tr(lang, self.help_key)
        return (self.help or text) if text == self.help_key else text

    def word(self, lang: str) -> str:
        """The verb as the GM's language writes it (one of the words it accepts)."""
        key = self.key("cmd", self.name)
        text = tr(lang, key)
        return self.name if text == key else text

    def term(self, word: str, lang: str) -> str:
        """A keyword or placeholder of this verb's lines in ``lang``: the verb's own word
        for it (``usage.VERB.WORD``: ``to`` is "tiedostoon" after ``template save``,
        "voittoihin" in a contest), or else the word its system's verbs share, or the word
        all verbs share (``usage.WORD``), or the word as it is."""
        keys = [self.key("usage", self.name, word), self.key("usage", word)]
        if self.prefix:
            keys.append(f"usage.{word}")
        for key in keys:
            text = tr(lang, key)
            if text != key:
                return text
        return word

    def usage_in(self, lang: str) -> str:
        """The usage in the GM's language: the verb's word, the keywords and the words to
        fill in, each from the catalog."""
        alternatives = []
        for alternative in self.usage.split(" | "):
            alternatives.append(
                _USAGE_WORD.sub(lambda match: self._usage_word(match, lang), alternative)
            )
        return " | ".join(alternatives)

    def _usage_word(self, match: re.Match[str], lang: str) -> str:
        word = match.group(0)
        if match.start() == 0 and word == self.name:
            return self.word(lang)
        return self.term(word, lang)

    def example_in(self, lang: str) -> str:
        """The example line in the GM's language (see :meth:`line_in`)."""
        return self.line_in(self.example, lang)

    def line_in(self, line: str, lang: str) -> str:
        """A line of this verb as the GM's language writes it: the verb's word and the
        keywords from the catalog (each one the parser accepts); names, skills and dice as
        they are."""
        if lang == "en":
            return line
        parts = _LINE_PART.split(line)
        for index in range(1, len(parts), 2):
            part = parts[index]
            if index == 1:
                parts[index] = self.word(lang)
            elif part in self.keywords:
                parts[index] = self.term(part, lang)
        return "".join(parts)


_LINE_PART = re.compile(r'("[^"]*"|\S+)')
"""A word of a command line, or a quoted name."""


FateVerb = Verb["Context", Tokens, Applied]
"""A verb of Fate's command language."""


def line_in(line: str, lang: str) -> str:
    """A Fate command line as the GM's language writes it (see :meth:`Verb.line_in`); of a
    line of no verb, the keywords only."""
    if lang == "en":
        return line
    words = line.split(maxsplit=1)
    found = REGISTRY.get(words[0]) if words else None
    if found is not None:
        return found.line_in(line, lang)
    parts = _LINE_PART.split(line)
    for index in range(3, len(parts), 2):
        if parts[index] in KEYWORDS:
            parts[index] = usage_word(None, parts[index], lang)
    return "".join(parts)


_USAGE_WORD = re.compile(r"(?<![-\w])[A-Za-z][A-Za-z_]*(?:-[A-Za-z]+)*")
"""A word of a usage line (``--markdown`` is typed as it is)."""


def usage_word(found: FateVerb | None, word: str, lang: str) -> str:
    """A keyword or placeholder of a Fate verb's line in ``lang`` (see :meth:`Verb.term`),
    or of no verb's: the word all verbs share (``usage.WORD``), or the word as it is."""
    if found is not None:
        return found.term(word, lang)
    text = tr(lang, f"usage.{word}")
    return word if text == f"usage.{word}" else text


REGISTRY: dict[str, FateVerb] = {}
"""All verbs by name; filled by the verb modules as they are imported."""


def verb(
    name: str,
    usage: str,
    help: str = "",
    *,
    parse: Callable[[Tokens], Req],
    aliases: Iterable[str] = (),
    example: str = "",
    changes_scene: bool = True,
) -> Callable[[Run[Req]], Run[Req]]:
    """Register a verb (a decorator): its parse stage, then the stages that run the request.

    The registered handler reads the whole line with ``parse`` first (a malformed line is
    refused there and changes nothing), insists no word is left, and only then runs the
    decorated function with the typed request.

    Args:
        name: The verb as typed.
        usage: Its arguments, e.g. ``attack ATTACKER DEFENDER [SKILL] [FACES]``.
        help: One line saying what it does, in English; by default the English catalog's
            ``verb.NAME`` (other catalogs translate that key).
        parse: Stage one: the words after the verb into a typed request.
        aliases: Other words for it (short forms, Finnish).
        example: A complete example line.
        changes_scene: False for verbs that only show something.
    """

    def register(run: Run[Req]) -> Run[Req]:
        def handler(ctx: Context, args: Tokens) -> Applied:
            request = parse(args)
            args.done()
            return run(ctx, args, request)

        text = help or tr("en", f"verb.{name}")
        found = Verb(
            name, usage, text, handler, tuple(aliases), example or usage, changes_scene, parse
        )
        REGISTRY[name] = found
        _exact_words.clear()
        return run

    return register


def register_verb(found: FateVerb) -> None:
    """Register a verb the session runs itself (no parse stage of its own)."""
    REGISTRY[found.name] = found
    _exact_words.clear()


def verb_help(found: FateVerb, lang: str) -> str:
    """A verb's one-line help in ``lang``, if the catalog translates it, else English."""
    return found.help_in(lang)


_VERBS_LOADED = False


def load_verbs() -> None:
    """Import every ``commands.verbs_*`` module once; each registers its verbs.

    Deferred until a command is first looked up, so that opening the dashboard does not
    pay for importing every verb before its first frame.
    """
    global _VERBS_LOADED
    if _VERBS_LOADED:
        return
    import importlib

    for name in verb_modules():
        importlib.import_module(name)
    _VERBS_LOADED = True


def verb_modules() -> list[str]:
    """The names of the ``commands.verbs_*`` modules, in the order they are imported."""
    import pkgutil

    from fatescreen import commands

    names = sorted(info.name for info in pkgutil.iter_modules(commands.__path__))
    return [f"{commands.__name__}.{name}" for name in names if name.startswith("verbs_")]


def registry() -> Mapping[str, FateVerb]:
    """Every verb of the language by name."""
    load_verbs()
    return REGISTRY


_exact_words: dict[str, FateVerb] = {}
"""Each verb's name and folded aliases, to the verb (a name before an alias alike): made
again when a verb is registered, or found replaced in the registry."""


def _verb_words() -> list[tuple[str, FateVerb]]:
    """Every verb's name, then every verb's folded aliases, with the verb."""
    entries = [(v.name, v) for v in REGISTRY.values()]
    entries += [(fold(alias), v) for v in REGISTRY.values() for alias in v.aliases]
    return entries


def find_verb(word: str, lang: str = "en") -> FateVerb:
    """The verb named by ``word``, an alias, or a unique prefix.

    Raises:
        CommandError: No verb or several verbs match; the message lists candidates.
    """
    load_verbs()
    wanted = fold(word)
    exact = _exact_words.get(wanted)
    if exact is not None and REGISTRY.get(exact.name) is exact:
        return exact
    # not in the index, or the index names a verb replaced since: made again
    entries = _verb_words()
    _exact_words.clear()
    for name, found in entries:
        _exact_words.setdefault(name, found)
    exact = _exact_words.get(wanted)
    if exact is not None:
        return exact
    candidates = {v.name: v for n, v in entries if wanted and n.startswith(wanted)}
    if len(candidates) == 1:
        return next(iter(candidates.values()))
    prefixed = [found.word(lang) for found in candidates.values()]
    every = [found.word(lang) for found in REGISTRY.values()]
    spellings = {name: found.word(lang) for name, found in entries}
    spellings.update({fold(found.word(lang)): found.word(lang) for found in REGISTRY.values()})
    raise CommandError(no_such_verb(word, prefixed, every, spellings, lang))


_QUOTING = re.compile(r"[\"'\\]")
"""A character the lexer reads as a quote or an escape."""
_WORD = re.compile(r"[^ \t\r\n]+")
"""A word between the lexer's blanks."""

SHLEX_MESSAGES = {
    "No closing quotation": "error.quote.closing",
    "No escaped character": "error.quote.escape",
}
"""shlex's messages (as Python words them) and the catalog key of each."""


def split_line(line: str, lang: str = "en") -> list[str]:
    """Split a command line into words; quotes group a name with spaces."""
    if _QUOTING.search(line) is None:
        # no quote or escape (the lines the keys make): the words between the lexer's
        # blanks, as it would split them
        return _WORD.findall(line)
    import shlex  # quoted lines only (the start imports nothing only they need)

    try:
        lexer = shlex.shlex(line, posix=True)
        lexer.whitespace_split = True
        lexer.commenters = ""
        return list(lexer)
    except ValueError as error:
        said = str(error)
        detail = tr(lang, SHLEX_MESSAGES[said]) if said in SHLEX_MESSAGES else said
        raise CommandError(tr(lang, "error.quote", detail=detail)) from None


@dataclass
class Context:
    """What a verb handler sees: the scene, the language, and the dice source.

    Rolled dice are recorded in ``rolled`` so the journal can replay the command with the
    same faces; ``replay`` supplies recorded faces instead of rolling.
    """

    scene: Scene
    rng: random.Random
    lang: str = "en"
    ladder_names: bool = True
    replay: list[DiceRoll] = field(default_factory=list)
    rolled: list[DiceRoll] = field(default_factory=list)
    folder: Path | None = None
    """The scene file's folder, where template libraries are looked for; None without a
    file."""

    def tr(self, key: str, **values: object) -> str:
        """A message in the session's language."""
        return tr(self.lang, key, **values)

    def error(self, key: str, **values: object) -> CommandError:
        """A command error with a message from the catalog."""
        return CommandError(self.tr(key, **values))

    def dice(self, entered: DiceRoll | None = None) -> DiceRoll:
        """Entered dice if given, else recorded faces when replaying, else a fresh roll.

        Only dice that were not entered are recorded in ``rolled``: the command's own text
        holds the entered ones.
        """
        if entered is not None:
            return entered
        replayed = self.replay.pop(0) if self.replay else None
        chosen = roll_4df(self.rng) if replayed is None else replace(replayed, entered=False)
        self.rolled.append(chosen)
        return chosen

    def rating(self, value: int) -> str:
        """A value on the ladder, with or without adjectives as the GM prefers."""
        return describe(value, self.lang, self.ladder_names)

    def on(self, scene: Scene) -> Context:
        """The same context looking at another scene (names are read from it)."""
        return Context(
            scene, self.rng, self.lang, self.ladder_names, self.replay, self.rolled, self.folder
        )

    # -- lookups ---------------------------------------------------------------------

    def character(self, ref: str) -> Character:
        """A character by id, name or unique prefix."""
        found = self.scene.character_index.get(ref)
        if found is not None:
            return found  # an id: ids are unique (a large scene has thousands to search)
        return resolve(
            ref, ((c.id, c.name, c) for c in self.scene.characters), "character", self.lang
        )

    def standing(self, ref: str) -> Character:
        """A character who is still in the scene (not taken out, not conceded).

        Raises:
            CommandError: Unknown, or out of the fight.
        """
        character = self.character(ref)
        if character.taken_out or character.conceded:
            raise self.error("error.out", name=character.name)
        return character

    def _by_id(self, ref: str, *, hazards_only: bool) -> Character | Obstacle | None:
        """The one character or obstacle (hazard) whose id is ``ref``, or None (a large
        scene has thousands of characters to list)."""
        character = self.scene.character_index.get(ref)
        obstacle = self.scene.obstacle_index.get(ref)
        if hazards_only and not isinstance(obstacle, Hazard):
            obstacle = None
        if (character is None) == (obstacle is None):
            return None  # no such id, or two of them: the full lookup decides
        return character if character is not None else obstacle

    def zone(self, ref: str) -> Zone:
        """A zone by id, name or unique prefix."""
        zones = self.scene.zone_index
        found = zones.get(ref)
        if found is not None and len(zones) == len(self.scene.zones):
            return found  # the one zone with that id (a large scene has hundreds to search)
        return resolve(ref, ((z.id, z.name, z) for z in self.scene.zones), "zone", self.lang)

    def hazard(self, ref: str) -> Hazard:
        """A hazard by id, name or unique prefix."""
        hazards = [o for o in self.scene.obstacles if isinstance(o, Hazard)]
        return resolve(ref, ((h.id, h.name, h) for h in hazards), "hazard", self.lang)

    def block(self, ref: str) -> Block:
        """A block by id, name or unique prefix."""
        blocks = [o for o in self.scene.obstacles if isinstance(o, Block)]
        return resolve(ref, ((b.id, b.name, b) for b in blocks), "block", self.lang)

    def actor(self, ref: str) -> Character | Hazard:
        """A character or a hazard (hazards act in the turn order too)."""
        found = self._by_id(ref, hazards_only=True)
        if found is not None:
            return found  # type: ignore[return-value]
        hazards = [o for o in self.scene.obstacles if isinstance(o, Hazard)]
        entries: list[tuple[str, str, Character | Hazard]] = [
            (c.id, c.name, c) for c in self.scene.characters
        ]
        entries += [(h.id, h.name, h) for h in hazards]
        return resolve(ref, entries, "actor", self.lang)

    def opponent(self, ref: str) -> Character | Obstacle:
        """Whatever can oppose a roll: a character, or any obstacle (§7)."""
        found = self._by_id(ref, hazards_only=False)
        if found is not None:
            return found
        entries: list[tuple[str, str, Character | Obstacle]] = [
            (c.id, c.name, c) for c in self.scene.characters
        ]
        entries += [(o.id, o.name, o) for o in self.scene.obstacles]
        return resolve(ref, entries, "opponent", self.lang)

    def countdown(self, ref: str) -> Countdown:
        """A countdown by id, name or unique prefix."""
        return resolve(
            ref, ((c.id, c.name, c) for c in self.scene.countdowns), "countdown", self.lang
        )

    def aspect(self, ref: str) -> AspectInPlay:
        """An aspect in play (scene, zone, character, consequence) by key, name or prefix."""
        by_key = aspect_by_key(self.scene, ref)
        if by_key is not None:
            return by_key  # the key of exactly one aspect
        found = aspects_in_play(self.scene)
        return resolve(ref, ((a.key, a.aspect.name, a) for a in found), "aspect", self.lang)

    def consequence(self, ref: str) -> AspectInPlay:
        """A consequence taken (an aspect in a consequence slot) by key, name or prefix."""
        found = [a for a in aspects_in_play(self.scene) if a.holder.startswith("consequence:")]
        return resolve(ref, ((a.key, a.aspect.name, a) for a in found), "consequence", self.lang)

    def holder(self, ref: str | None) -> str:
        """Where a new aspect goes: ``scene``, a zone or a character (by name)."""
        if ref is None or keyword_of(ref) == "scene":
            return SCENE_HOLDER
        entries = [(z.id, z.name, f"zone:{z.id}") for z in self.scene.zones]
        entries += [(c.id, c.name, f"character:{c.id}") for c in self.scene.characters]
        return resolve(ref, entries, "holder", self.lang)

    def holder_name(self, holder: str) -> str:
        """A holder as the GM reads it."""
        kind, _, rest = holder.partition(":")
        if kind == "zone":
            return self.scene.zone(rest).name
        if kind in ("character", "consequence"):
            return self.scene.character(rest.split(":")[0]).name
        return self.tr("holder.scene")

    def owner(self, ref: str) -> str:
        """A character's id, or the GM (``gm``, ``pj``)."""
        if fold(ref) in ("gm", "pj"):
            return GM
        return self.character(ref).id

    def who(self, actor_id: str) -> str:
        """The display name of a character, a hazard or the GM."""
        if actor_id in self.scene.character_index:
            return self.scene.character(actor_id).name
        if actor_id in self.scene.obstacle_index:
            return self.scene.obstacle_index[actor_id].name
        return self.tr("gm.name") if actor_id == GM else actor_id

    def names(self, ids: Iterable[str]) -> str:
        """Display names joined with commas, or "none"."""
        return ", ".join(self.who(i) for i in ids) or self.tr("none")

    def skill(self, character: Character, ref: str) -> str:
        """A skill the character has (by unique prefix), or the typed name for +0."""
        skills = character.current_skills
        try:
            return resolve(ref, ((s, s, s) for s in skills), "skill", self.lang)
        except CommandError:
            if any(fold(s).startswith(fold(ref)) for s in skills):
                raise
            return ref[:1].upper() + ref[1:]
