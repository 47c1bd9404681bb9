"""The pieces every verb uses: tokens, the verb registry, the execution context, results."""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from fatescreen.commands.errors import CommandError
from fatescreen.commands.names import fold, resolve
from fatescreen.i18n import tr
from fatescreen.rules.character import Character
from fatescreen.rules.dice import DiceRoll, looks_like_faces, parse_faces, roll_4df
from fatescreen.rules.errors import InvalidDice
from fatescreen.rules.ladder import describe, parse_rating
from fatescreen.rules.obstacles import Countdown, Hazard
from fatescreen.scene.aspects import SCENE_HOLDER, AspectInPlay, aspects_in_play
from fatescreen.scene.model import Obstacle, Scene, Zone

T = TypeVar("T")


@dataclass(frozen=True)
class Applied:
    """What a command did: the new scene, the lines to show, and the undo label.

    ``label`` is empty for commands that change nothing (rolls without a scene, odds,
    help). ``changed`` names what changed so the UI repaints only that: ``character:ID``,
    ``zones``, ``aspects``, ``turn``, ``pool``, ``obstacles``, ``countdowns``,
    ``contests``, ``pending``, or ``all``.
    """

    scene: Scene
    lines: tuple[str, ...]
    label: str = ""
    changed: frozenset[str] = frozenset()


class Tokens:
    """The words of a command line after its verb, consumed left to right."""

    def __init__(self, verb: Verb, words: list[str], lang: str) -> None:
        self.verb = verb
        self.words = words
        self.lang = lang

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
            raise CommandError(
                tr(
                    self.lang,
                    "error.missing",
                    verb=self.verb.name,
                    what=what,
                    usage=self.verb.usage,
                )
            )
        return self.words.pop(0)

    def optional(self) -> str | None:
        """The next word, or None."""
        return self.words.pop(0) if self.words else None

    def keyword(self, *options: str) -> str | None:
        """Consume the next word if it is one of ``options`` (case-insensitive)."""
        if self.words and fold(self.words[0]) in options:
            return fold(self.words.pop(0))
        return None

    def number(self, what: str) -> int:
        """The next word as an integer or a ladder word (``+3``, ``Good``, ``Hyvä``)."""
        word = self.take(what)
        try:
            return parse_rating(word)
        except ValueError:
            raise CommandError(
                tr(self.lang, "error.number", verb=self.verb.name, text=word, usage=self.verb.usage)
            ) from None

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
        """Entered dice if the next word is four faces (``+0-+``) or d6 values (``1356``)."""
        word = self.peek()
        if word is None:
            return None
        if looks_like_faces(word):
            self.words.pop(0)
            return parse_faces(word)
        if fold(word) in ("dice", "noppa", "nopat") and len(self.words) > 1:
            self.words.pop(0)
            try:
                return parse_faces(self.words.pop(0))
            except InvalidDice as error:
                raise CommandError(str(error)) from None
        return None

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
                    verb=self.verb.name,
                    extra=" ".join(self.words),
                    usage=self.verb.usage,
                )
            )


Handler = Callable[["Context", Tokens], Applied]


@dataclass(frozen=True)
class Verb:
    """One verb of the command language."""

    name: str
    usage: str
    help: str
    handler: Handler
    aliases: tuple[str, ...] = ()
    example: str = ""
    changes_scene: bool = True


REGISTRY: dict[str, Verb] = {}
"""All verbs by name; filled by the verb modules as they are imported."""


def verb(
    name: str,
    usage: str,
    help: str,
    *,
    aliases: Iterable[str] = (),
    example: str = "",
    changes_scene: bool = True,
) -> Callable[[Handler], Handler]:
    """Register a handler as a verb (a decorator)."""

    def register(handler: Handler) -> Handler:
        REGISTRY[name] = Verb(
            name, usage, help, handler, tuple(aliases), example or usage, changes_scene
        )
        return handler

    return register


def find_verb(word: str, lang: str = "en") -> Verb:
    """The verb named by ``word``, an alias, or a unique prefix."""
    entries = [(v.name, v.name, v) for v in REGISTRY.values()]
    entries += [(alias, alias, v) for v in REGISTRY.values() for alias in v.aliases]
    for name, _, found in entries:
        if name == fold(word):
            return found
    candidates = {v.name: v for n, _, v in entries if n.startswith(fold(word))}
    if len(candidates) == 1:
        return next(iter(candidates.values()))
    names = sorted(candidates) if candidates else sorted(REGISTRY)
    raise CommandError(tr(lang, "error.unknown_verb", verb=word, names=", ".join(names)))


def split_line(line: str, lang: str = "en") -> list[str]:
    """Split a command line into words; quotes group a name with spaces."""
    try:
        lexer = shlex.shlex(line, posix=True)
        lexer.whitespace_split = True
        lexer.commenters = ""
        return list(lexer)
    except ValueError as error:
        raise CommandError(tr(lang, "error.quote", detail=str(error))) from None


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

    def tr(self, key: str, **values: object) -> str:
        """A message in the session's language."""
        return tr(self.lang, key, **values)

    def dice(self, entered: DiceRoll | None = None) -> DiceRoll:
        """Entered dice if given, else recorded faces when replaying, else a fresh roll."""
        if entered is not None:
            chosen = entered
        elif self.replay:
            chosen = self.replay.pop(0)
        else:
            chosen = roll_4df(self.rng)
        self.rolled.append(chosen)
        return chosen

    def rating(self, value: int) -> str:
        """A value on the ladder, with or without adjectives as the GM prefers."""
        return describe(value, self.lang, self.ladder_names)

    # -- lookups ---------------------------------------------------------------------

    def character(self, ref: str) -> Character:
        """A character by id, name or unique prefix."""
        return resolve(
            ref, ((c.id, c.name, c) for c in self.scene.characters), "character", self.lang
        )

    def zone(self, ref: str) -> Zone:
        """A zone by id, name or unique prefix."""
        return resolve(ref, ((z.id, z.name, z) for z in self.scene.zones), "zone", self.lang)

    def obstacle(self, ref: str) -> Obstacle:
        """An obstacle by id, name or unique prefix."""
        return resolve(
            ref, ((o.id, o.name, o) for o in self.scene.obstacles), "obstacle", self.lang
        )

    def hazard(self, ref: str) -> Hazard:
        """A hazard by id, name or unique prefix."""
        hazards = [o for o in self.scene.obstacles if isinstance(o, Hazard)]
        return resolve(ref, ((h.id, h.name, h) for h in hazards), "hazard", self.lang)

    def actor(self, ref: str) -> Character | Hazard:
        """A character or a hazard (hazards act in the turn order too)."""
        hazards = [o for o in self.scene.obstacles if isinstance(o, Hazard)]
        entries: list[tuple[str, str, Character | Hazard]] = [
            (c.id, c.name, c) for c in self.scene.characters
        ]
        entries += [(h.id, h.name, h) for h in hazards]
        return resolve(ref, entries, "actor", self.lang)

    def countdown(self, ref: str) -> Countdown:
        """A countdown by id, name or unique prefix."""
        return resolve(
            ref, ((c.id, c.name, c) for c in self.scene.countdowns), "countdown", self.lang
        )

    def aspect(self, ref: str) -> AspectInPlay:
        """An aspect in play (scene, zone, character, consequence) by name or prefix."""
        found = aspects_in_play(self.scene)
        return resolve(ref, ((a.key, a.aspect.name, a) for a in found), "aspect", self.lang)

    def holder(self, ref: str | None) -> str:
        """Where a new aspect goes: ``scene``, a zone or a character (by name)."""
        if ref is None or fold(ref) in ("scene", "kohtaus"):
            return SCENE_HOLDER
        entries = [(f"zone:{z.id}", z.name, f"zone:{z.id}") for z in self.scene.zones]
        entries += [
            (f"character:{c.id}", c.name, f"character:{c.id}") for c in self.scene.characters
        ]
        return resolve(ref, entries, "holder", self.lang)

    def holder_name(self, holder: str) -> str:
        """A holder as the GM reads it."""
        kind, _, rest = holder.partition(":")
        if kind == "zone":
            return self.scene.zone(rest).name
        if kind in ("character", "consequence"):
            return self.scene.character(rest.split(":")[0]).name
        return self.tr("holder.scene")

    def who(self, actor_id: str) -> str:
        """The display name of a character, a hazard or the GM."""
        if actor_id in self.scene.character_index:
            return self.scene.character(actor_id).name
        if actor_id in self.scene.obstacle_index:
            return self.scene.obstacle_index[actor_id].name
        return "GM" if actor_id == "gm" else actor_id

    def skill(self, character: Character, ref: str) -> str:
        """A skill the character has (by unique prefix), or the typed name for +0."""
        skills = character.current_skills
        try:
            return resolve(ref, ((s, s, s) for s in skills), "skill", self.lang)
        except CommandError:
            if any(fold(s).startswith(fold(ref)) for s in skills):
                raise
            return ref[:1].upper() + ref[1:]
