"""Name lookup for commands: by id, by name, or by any unique case-insensitive prefix."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import TypeVar

from fatescreen.commands.errors import AmbiguousName, UnknownName
from fatescreen.i18n import tr

T = TypeVar("T")


@lru_cache(maxsize=1 << 16)
def fold(text: str) -> str:
    """Case- and normalisation-insensitive form of a name (Finnish letters kept)."""
    return unicodedata.normalize("NFC", text).casefold()


def resolve(ref: str, items: Iterable[tuple[str, str, T]], what: str, lang: str = "en") -> T:
    """Find one item by id, full name, or unique prefix of either.

    Args:
        ref: What the GM typed.
        items: (id, name, value) triples.
        what: What is looked for ("character", "zone"...), for the error message.
        lang: The language of the error message.

    Raises:
        UnknownName: Nothing matches; the message lists all candidates.
        AmbiguousName: The prefix matches several; the message lists them.
    """
    entries = list(items)
    by_id = [e for e in entries if e[0] == ref]
    if len(by_id) == 1:
        return by_id[0][2]
    wanted = fold(ref.strip())
    exact = [e for e in entries if fold(e[1]) == wanted or fold(e[0]) == wanted]
    if len(exact) == 1:
        return exact[0][2]
    matches = [e for e in entries if fold(e[1]).startswith(wanted) or fold(e[0]).startswith(wanted)]
    if not matches and wanted:
        # words inside the name ("leader" -> "Masked leader", "short fuse" -> "... short fuse")
        matches = [e for e in entries if f" {wanted}" in f" {fold(e[1])}"]
    if len(matches) == 1:
        return matches[0][2]
    if matches:
        names = tuple(e[1] for e in matches)
        raise AmbiguousName(
            tr(
                lang,
                "error.ambiguous",
                what=tr(lang, f"what.{what}"),
                ref=ref,
                names=", ".join(names),
            ),
            names,
        )
    names = tuple(e[1] for e in entries)
    shown = ", ".join(names[:15]) + (" …" if len(names) > 15 else "")
    raise UnknownName(
        tr(
            lang,
            "error.unknown",
            what=tr(lang, f"what.{what}"),
            ref=ref,
            names=shown or tr(lang, "none"),
        ),
        names,
    )


FEW_VERBS = 12
"""Up to this many verbs, a mistyped one is answered with all of them."""


def no_such_verb(
    word: str, prefixed: list[str], every: list[str], spellings: dict[str, str], lang: str
) -> str:
    """What to tell a GM whose ``word`` names no one verb: the verbs it begins, if several;
    all of them, if they are few; else the nearest spellings ("did you mean attack?"), or
    the way to the list. ``spellings`` maps each folded name and alias to the verb's word
    in ``lang``."""
    if len(prefixed) > 1:
        return tr(lang, "error.ambiguous_verb", verb=word, names=", ".join(sorted(prefixed)))
    if len(every) <= FEW_VERBS:
        return tr(lang, "error.unknown_verb", verb=word, names=", ".join(sorted(every)))
    import difflib

    # compared without diacritics too: "hyokkaa" typed on a keyboard without ä and ö
    plain = {_plain(spelling): verb for spelling, verb in spellings.items()}
    scored: dict[str, float] = {}
    for spelling, verb in plain.items():
        score = difflib.SequenceMatcher(None, _plain(fold(word)), spelling).ratio()
        if score >= 0.7 and score > scored.get(verb, 0.0):
            scored[verb] = score
    best = max(scored.values(), default=0.0)
    near = sorted((v for v, score in scored.items() if score >= best - 0.1), key=scored.__getitem__)
    near.reverse()
    if near:
        return tr(lang, "error.unknown_verb_near", verb=word, names=" / ".join(near[:3]))
    return tr(lang, "error.unknown_verb_help", verb=word)


def _plain(text: str) -> str:
    """``text`` without its diacritics (ä → a, ö → o)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
