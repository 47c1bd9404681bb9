"""The one rule for text a scene holds: names and free texts a file may hold, and so a
command may make (no control or format character, not blank, not too long).

The loader reads every text of a file with it, and an aspect (a consequence and a boost
included) cannot be made with a name it refuses, so that no command can leave a scene
that its own file would not load."""

from __future__ import annotations

import unicodedata

from fatescreen.rules.errors import RuleProblem, RulesError

MAX_NAME = 200
"""Longest name or id a scene may use, in characters."""
MAX_TEXT = 4000
"""Longest free text (notes, stunts, outcomes) a scene may use, in characters."""


class InvalidText(RulesError, ValueError):
    """A name or text a scene may not hold."""


def control_character(text: str, allowed: str = "\t") -> str | None:
    """The first control or format character in a text (other than ``allowed``), as
    ``U+001B``: escapes, bidirectional overrides, zero-width spaces, line separators."""
    if text.isprintable():  # the common case, checked at C speed: no Cc, Cf, Cs or Co at all
        return None
    for char in text:
        if char not in allowed and unicodedata.category(char) in (
            "Cc",
            "Cf",
            "Cs",
            "Co",
            "Zl",
            "Zp",
        ):
            return f"U+{ord(char):04X}"
    return None


def text_problem(
    value: str, *, limit: int = MAX_NAME, allow_empty: bool = False
) -> RuleProblem | None:
    """What is wrong with a text a scene would hold, or None. Free texts longer than a
    name (``limit`` above :data:`MAX_NAME`) may span lines; names may not."""
    if (
        value.isprintable()
        and len(value) <= limit
        and (allow_empty or (value and not value.isspace()))
    ):
        return None
    bad = control_character(value, "\t\n" if limit > MAX_NAME else "\t")
    if bad:
        return RuleProblem(
            f"control or escape character {bad} is not allowed in text",
            code="text.control_character",
            character=bad,
        )
    if len(value) > limit:
        return RuleProblem(
            f"text of {len(value)} characters is too long (at most {limit})",
            code="text.too_long",
            length=len(value),
            limit=limit,
        )
    if not allow_empty and not value.strip():
        return RuleProblem("expected a non-empty string", code="text.empty")
    return None


def check_text(value: str, *, limit: int = MAX_NAME, allow_empty: bool = False) -> str:
    """``value`` if a scene may hold it.

    Raises:
        InvalidText: It has a control character, is blank or is too long.
    """
    problem = text_problem(value, limit=limit, allow_empty=allow_empty)
    if problem is not None:
        raise InvalidText(str(problem), code=problem.code, **problem.values)
    return value
