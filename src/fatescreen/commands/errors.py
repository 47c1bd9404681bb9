"""Errors in typed commands: each explains itself and leaves the scene unchanged."""

from __future__ import annotations


class CommandError(Exception):
    """A command line could not be applied; the message says why, in the GM's language."""


class UnknownName(CommandError):
    """A name matched nothing; the message lists the candidates."""

    def __init__(self, message: str, candidates: tuple[str, ...]) -> None:
        super().__init__(message)
        self.candidates = candidates


class AmbiguousName(UnknownName):
    """A name matched several things; the message lists them."""
