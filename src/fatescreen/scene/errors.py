"""Errors in scene files, each naming the file, the line and the key path."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from fatescreen.i18n import tr
from fatescreen.rules.errors import Listed, RuleProblem, RulesError
from fatescreen.rules.ladder import Rung, describe

KeyPath = tuple[str | int, ...]
"""A path into a TOML document: table keys and 0-based array indices."""


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_LONGEST_KEY = 60


def _render_key(key: str) -> str:
    """A key as TOML writes it: bare, or quoted with control characters escaped (so a key
    can never send escape sequences to the terminal) and cut short if it is huge."""
    if _BARE_KEY.fullmatch(key) and len(key) <= _LONGEST_KEY:
        return key
    shown = key if len(key) <= _LONGEST_KEY else key[:_LONGEST_KEY] + "..."
    return '"' + "".join(_escape(char) for char in shown) + '"'


def _escape(char: str) -> str:
    if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co"):
        return f"\\u{ord(char):04X}"
    return "\\" + char if char in '"\\' else char


_UNSHOWN = ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")
"""Character categories never sent to a terminal as they are: controls (ESC, BEL...),
format characters (bidirectional overrides, zero-width spaces), line separators."""


def unshown(char: str) -> bool:
    """True for a character that must not reach a terminal raw (see :func:`escape_controls`)."""
    return unicodedata.category(char) in _UNSHOWN


def escape_controls(text: str, keep: str = "\n") -> str:
    """``text`` with every control, format or separator character written as an escape
    (``\\x1b``, ``\\u202e``), so that printing it cannot move the cursor, clear the screen
    or reorder what follows; characters in ``keep`` (line breaks) stay as they are."""
    if text.isprintable():  # the common case, at C speed
        return text
    return "".join(
        char
        if char in keep or not unshown(char)
        else (f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}")
        for char in text
    )


def render_path(path: KeyPath, lang: str = "en") -> str:
    """Show a key path as a GM reads it: ``npc[3].skills.Fight``, ``npc[2].each."Thug 1"``
    (array items 1-based)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += ("." if out else "") + _render_key(part)
    return out or tr(lang, "check.top_level")


@dataclass(frozen=True)
class Text:
    """A message of the catalogs not yet put in words: its key and its values (a value may
    itself be a Text), so that a problem found once is told in the GM's language."""

    key: str
    values: tuple[tuple[str, object], ...] = ()

    def render(self, lang: str) -> str:
        """The message in ``lang``."""
        values = {name: rule_word(value, lang) for name, value in self.values}
        return tr(lang, self.key, **values)


def text(key: str, /, **values: object) -> Text:
    """A catalog message with its values, to be put in words in the GM's language."""
    return Text(key, tuple(values.items()))


def said(message: Text | str, lang: str) -> str:
    """A message in ``lang``: a catalog message put in words, English words as they are."""
    return message.render(lang) if isinstance(message, Text) else message


WORDS = {
    "Severity": "ui.severity",
    "Outcome": "outcome",
    "CompelState": "rules.word.compel",
    "AspectKind": "rules.word.aspect",
    "FastContestAction": "rules.word.fast",
    "SkillLayout": "rules.word.layout",
    "StressKind": "ui.stress",
}
"""The catalog's words for the values of the rules' enumerations a message may name."""


def rule_word(value: object, lang: str) -> object:
    """A value a message names, in ``lang``: a catalog message or a rule's problem put in
    words, a step of the ladder or an enumeration's value in the catalog's words, several
    values each in words; names and numbers as they are."""
    if isinstance(value, Text):
        return value.render(lang)
    if isinstance(value, RuleProblem):
        values = {name: rule_word(item, lang) for name, item in value.values.items()}
        return tr(lang, f"rules.{value.code}", **values)
    if isinstance(value, Rung):
        return describe(value.value, lang)
    if isinstance(value, Listed):
        return value.sep.join(str(rule_word(item, lang)) for item in value.items)
    prefix = WORDS.get(type(value).__name__) if isinstance(value, Enum) else None
    return tr(lang, f"{prefix}.{value.value}") if prefix and isinstance(value, Enum) else value


def rules_text(error: Exception | str) -> Text | str:
    """What a rule the scene file breaks says, as the catalog's ``rules.CODE`` message
    (only its English words if the rule, or the error, has no code)."""
    if isinstance(error, RulesError | RuleProblem) and error.code:
        return text(f"rules.{error.code}", **error.values)
    return str(error)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a scene file (``text``: the message in the catalogs' terms,
    ``message``: the same in English)."""

    path: KeyPath
    message: str
    line: int | None = None
    file: Path | None = None
    text: Text | None = None

    @classmethod
    def of(
        cls, path: KeyPath, message: Text, line: int | None = None, file: Path | None = None
    ) -> Problem:
        """A problem told by a catalog message."""
        return cls(path, message.render("en"), line, file, message)

    def __str__(self) -> str:
        return self.render("en")

    def render(self, lang: str) -> str:
        """The problem as ``check`` prints it, in ``lang``: file:line: key path: message."""
        where = str(self.file) if self.file else "<scene>"
        if self.line is not None:
            where += f":{self.line}"
        said = self.text.render(lang) if self.text is not None else self.message
        return escape_controls(f"{where}: {render_path(self.path, lang)}: {said}")


class TemplateFileError(Exception):
    """A library file a template cannot be written into: not TOML, or its section is not a
    list of entries. The message names the file."""


class SceneFileError(Exception):
    """A scene file could not be loaded; ``problems`` lists everything wrong with it."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(problem) for problem in problems))
