"""The command machinery every non-Fate system shares: its verbs, the words of a command
line, the context a verb runs in, and what a verb returns.

A verb is four small steps, as in Fate: read the words into a typed request, ask the
system's pure rules package for the decision, return the new scene value with the lines
that say what happened; the :class:`~fatescreen.commands.session.Session` records it
(undo, journal, log). A verb is the one :class:`~fatescreen.commands.core.Verb` of every
system, Fate's too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

from fatescreen.commands.core import Verb, WordQueue
from fatescreen.commands.errors import CommandError
from fatescreen.commands.names import fold, no_such_verb
from fatescreen.i18n import tr
from fatescreen.scene.reader import MAX_COUNT

S = TypeVar("S")
"""A system's scene value."""


class Named(Protocol):
    """A character or object of a public value, known by its name."""

    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=Named)


def percent(chance: Fraction) -> str:
    """A probability as every system shows it: ``41%``, ``<1%``, ``>99%`` (never a certain
    0% or 100% that is not)."""
    value = float(chance * 100)
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


@dataclass(frozen=True)
class SystemApplied(Generic[S]):
    """What a verb did: the new scene value, the lines to show, and the undo label
    (empty for verbs that change nothing)."""

    value: S
    lines: tuple[str, ...]
    label: str = ""
    record: str | None = None
    """The line the journal keeps in place of the typed one (None: the typed line)."""


@dataclass
class SystemContext(Generic[S]):
    """What a verb handler sees: the scene value, the language, and the dice source.

    Dice rolled are recorded as text in ``rolled`` for the journal; ``replay`` supplies
    recorded dice instead of rolling, so a replayed journal gives the same results.
    """

    value: S
    rng: random.Random
    lang: str = "en"
    replay: list[str] = field(default_factory=list)
    rolled: list[str] = field(default_factory=list)

    def tr(self, key: str, **values: object) -> str:
        """A message in the session's language."""
        return tr(self.lang, key, **values)

    def error(self, key: str, **values: object) -> CommandError:
        """A command error with a message from the catalog."""
        return CommandError(self.tr(key, **values))

    def dice(self, roll: Callable[[random.Random], str]) -> str:
        """Dice written as text: recorded ones when replaying, else ``roll(rng)``."""
        chosen = self.replay.pop(0) if self.replay else roll(self.rng)
        self.rolled.append(chosen)
        return chosen


Handler = Callable[[SystemContext[Any], "Words"], SystemApplied[Any]]


SystemVerb = Verb[SystemContext[Any], "Words", SystemApplied[Any]]
"""A verb of a system's command language (the one verb type, with this system's context,
words and result)."""


class Words(WordQueue):
    """The words of a command line after its verb, with the system's keywords."""

    def __init__(
        self,
        verb: SystemVerb,
        words: list[str],
        lang: str,
        keywords: Mapping[str, tuple[str, ...]] | None = None,
    ) -> None:
        super().__init__(words, lang)
        self.verb = verb
        self.keywords = keywords or {}

    @property
    def verb_word(self) -> str:
        """The verb as the GM's language writes it."""
        return self.verb.word(self.lang)

    @property
    def usage(self) -> str:
        """The verb's usage line in the GM's language."""
        return self.verb.usage_in(self.lang)

    def keyword(self, *names: str) -> str | None:
        """Consume the next word if it is one of the keywords ``names`` (in any language):
        its English name, or None (nothing consumed)."""
        if self.words:
            word = fold(self.words[0])
            for name in names:
                if word in (fold(alias) for alias in (name, *self.keywords.get(name, ()))):
                    self.words.pop(0)
                    return name
        return None

    def integer(self, what: str, *, low: int, high: int) -> int:
        """The next word as a whole number in ``low``..``high`` (a minus sign, ``−1``, as the
        dashboards write negative numbers, is a minus).

        Raises:
            CommandError: Missing, not a number, or out of range.
        """
        word = self.take(what)
        try:
            value = int(word.replace("−", "-"))
        except ValueError:
            raise self.not_a_number(word) from None
        if not low <= value <= high:
            # a bound that only keeps numbers sane (the scene file's) is not said
            key = "system.range"
            if value > high and low <= -MAX_COUNT:
                key = "system.range_most"
            elif value < low and high >= MAX_COUNT:
                key = "system.range_least"
            raise CommandError(
                tr(
                    self.lang,
                    key,
                    verb=self.verb.word(self.lang),
                    text=word,
                    low=low,
                    high=high,
                    usage=self.usage,
                )
            )
        return value


class VerbSet:
    """A system's verbs, registered with the :meth:`verb` decorator.

    Args:
        prefix: The catalog prefix of the system's messages (``varjot``).
        keywords: Keywords the verbs understand, by English name, with their aliases.
    """

    def __init__(self, prefix: str, keywords: Mapping[str, tuple[str, ...]]) -> None:
        self.prefix = prefix
        self.keywords = keywords
        self.verbs: dict[str, SystemVerb] = {}

    def verb(
        self, name: str, usage: str, *, aliases: Iterable[str] = (), example: str = ""
    ) -> Callable[[Handler], Handler]:
        """Register a handler as a verb (a decorator)."""

        def register(handler: Handler) -> Handler:
            self.verbs[name] = Verb(
                name,
                usage,
                "",
                handler,
                tuple(aliases),
                example or usage,
                prefix=self.prefix,
                keywords=self.keywords,
            )
            return handler

        return register

    def find(self, word: str, lang: str = "en") -> SystemVerb:
        """The verb named by ``word``, an alias, or a unique prefix.

        Raises:
            CommandError: No verb or several verbs match; the message lists candidates.
        """
        wanted = fold(word)
        entries = [(v.name, v) for v in self.verbs.values()]
        entries += [(fold(alias), v) for v in self.verbs.values() for alias in v.aliases]
        for name, found in entries:
            if name == wanted:
                return found
        candidates = {v.name: v for n, v in entries if wanted and n.startswith(wanted)}
        if len(candidates) == 1:
            return next(iter(candidates.values()))
        prefixed = [found.word(lang) for found in candidates.values()]
        every = [found.word(lang) for found in self.verbs.values()]
        spellings = {name: found.word(lang) for name, found in entries}
        spellings.update({fold(v.word(lang)): v.word(lang) for v in self.verbs.values()})
        raise CommandError(no_such_verb(word, prefixed, every, spellings, lang))

    def line_in(self, line: str, lang: str) -> str:
        """A command line as the GM's language writes it: the verb's word (a session verb's
        from ``cmd.NAME``) and the keywords from the catalog, each one the parser accepts;
        names, abilities and dice as they are."""
        words = line.split(" ")
        if not words[0]:
            return line
        found = self.verbs.get(words[0])
        if found is not None:
            return found.line_in(line, lang)
        text = tr(lang, f"cmd.{words[0]}")
        return line if text == f"cmd.{words[0]}" else " ".join([text, *words[1:]])

    def words(self, verb: SystemVerb, words: list[str], lang: str) -> Words:
        """The words after ``verb`` on a command line."""
        return Words(verb, words, lang, self.keywords)


def seen_lines(
    before: Iterable[T] | None,
    after: Iterable[T],
    changed: Callable[[T, T], str | None],
    lang: str,
) -> list[str]:
    """The players' record of the characters (or objects) they see after a step, each
    known by its ``name``: one that came into view says so; of one seen before,
    ``changed(before, after)`` says what changed (None: nothing they see). ``before`` is
    None when a scene opened: nothing came into view then."""
    known = {thing.name: thing for thing in before} if before is not None else {}
    lines = []
    for thing in after:
        was = known.get(thing.name)
        if was is None:
            if before is not None:
                lines.append(tr(lang, "players.record.seen", name=thing.name))
        elif (line := changed(was, thing)) is not None:
            lines.append(line)
    return lines
