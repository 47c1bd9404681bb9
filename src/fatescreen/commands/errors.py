"""Errors in typed commands: each explains itself and leaves the scene unchanged."""

from __future__ import annotations

from fatescreen.i18n import tr
from fatescreen.rules.errors import RulesError
from fatescreen.scene.errors import rule_word


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
    """What a broken rule says in the GM's language: the catalog's ``rules.CODE`` message,
    the values it names in the catalog's words (only its English words if the rule has no
    code)."""
    if not error.code:
        return str(error)
    values = {name: rule_word(value, lang) for name, value in error.values.items()}
    return tr(lang, f"rules.{error.code}", **values)


def refused(error: RulesError, lang: str) -> CommandError:
    """The command error for a rule that forbids a command, in the GM's language."""
    return CommandError(rules_message(error, lang))
