"""Errors in typed commands: each explains itself and leaves the scene unchanged."""

from __future__ import annotations

import errno
import os

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


OS_ERRORS = {
    errno.ENOSPC: "os.no_space",
    errno.EDQUOT: "os.no_space",
    errno.EACCES: "os.denied",
    errno.EPERM: "os.denied",
    errno.EROFS: "os.read_only",
}
"""The failures of a write the GM meets (a full disk, a file not theirs to write, a file
system mounted read-only), each with its catalog key."""


def _as_the_system_says(error: OSError) -> bool:
    """Whether an error holds the system's own words (not ours, which say more)."""
    return error.errno is not None and error.strerror in (None, os.strerror(error.errno))


def os_error_text(error: BaseException, lang: str) -> str:
    """Why a file could not be written, in the GM's language where the catalog says it
    (with the file named), else as the system said it."""
    if isinstance(error, OSError) and error.errno in OS_ERRORS and _as_the_system_says(error):
        said = tr(lang, OS_ERRORS[error.errno])
        return f"{said}: {error.filename}" if error.filename else said
    return str(error)


def save_error(error: BaseException, lang: str) -> CommandError:
    """The refusal of a save that could not be written, said for the GM."""
    return CommandError(tr(lang, "error.save", detail=os_error_text(error, lang)))
