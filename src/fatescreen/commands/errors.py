"""Errors in typed commands: each explains itself and leaves the scene unchanged."""

from __future__ import annotations

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


def rules_message(error: RulesError, lang: str) -> str:
    """What a broken rule says in the GM's language: the catalog's ``rules.CODE`` message
    (only its English words if the rule has no code)."""
    return tr(lang, f"rules.{error.code}", **error.values) if error.code else str(error)


def refused(error: RulesError, lang: str) -> CommandError:
    """The command error for a rule that forbids a command, in the GM's language."""
    return CommandError(rules_message(error, lang))
