"""Errors in typed commands: each explains itself and leaves the scene unchanged."""

from __future__ import annotations

from enum import Enum

from fatescreen.i18n import tr
from fatescreen.rules.errors import RulesError


class CommandError(Exception):
    """A command line could not be applied; the message says why, in the GM's language."""


class UnknownName(CommandError):
    """A name matched nothing; the message lists the candidates."""

    def __init__(self, message: str, candidates: tuple[str, ...]) -> None:
        super().__init__(message)
        self.candidates = candidates


class AmbiguousName(UnknownName):
    """A name matched several things; the message lists them."""


WORDS = {"Severity": "ui.severity", "Outcome": "outcome"}
"""The catalog's words for the values of the rules' enumerations a refusal may name."""


def rules_message(error: RulesError, lang: str) -> str:
    """What a broken rule says in the GM's language: the catalog's ``rules.CODE`` message,
    a severity or an outcome it names in the catalog's words (only its English words if the
    rule has no code)."""
    if not error.code:
        return str(error)
    values = {name: _word(value, lang) for name, value in error.values.items()}
    return tr(lang, f"rules.{error.code}", **values)


def _word(value: object, lang: str) -> object:
    prefix = WORDS.get(type(value).__name__) if isinstance(value, Enum) else None
    return tr(lang, f"{prefix}.{value.value}") if prefix and isinstance(value, Enum) else value


def refused(error: RulesError, lang: str) -> CommandError:
    """The command error for a rule that forbids a command, in the GM's language."""
    return CommandError(rules_message(error, lang))
