"""The words by which a sheet's labels say what a section, a block or a track holds, in
English and Finnish (docs/import.md lists them). A label matches when it holds one of the
words, case ignored."""

from __future__ import annotations

import re

from fatescreen.rules.character import StressKind

ASPECTS = ("aspect", "piirre", "piirte")
STUNTS = ("stunt", "temppu", "tempu")
CONSEQUENCES = ("consequence", "jälki", "jälje")
EXTRAS = ("extra", "lisä")
NOTES = ("note", "muistiinpan")
HIGH_CONCEPT = ("high concept", "concept", "ydin")
TROUBLE = ("trouble", "ongelma")
FATE_POINTS = ("fate point", "fate-piste", "fatepiste")
REFRESH = ("refresh", "lähtölataus")
PHYSICAL = ("physical", "physique", "fyysinen", "kunto")
MENTAL = ("mental", "henkinen", "tahdonvoima")
STRESS = ("stress", "rasitus")
SLOTS = (
    ("extreme", ("extreme", "äärimmäi")),
    ("severe", ("severe", "vakava")),
    ("moderate", ("moderate", "merkittävä", "kohtalai")),
    ("mild", ("mild", "lievä")),
)
"""Each consequence slot and its words, the rarer first (so "Extreme" is not read as
anything milder)."""

_STUNT_PLACEHOLDER = re.compile(r"(stunt|temppu)\s*#?\s*\d*", re.IGNORECASE)
_RATING_FIRST = re.compile(r"\s*[+\-−]?\d")


def has(label: str, words: tuple[str, ...]) -> bool:
    """Whether a label holds one of the words (case ignored)."""
    folded = label.casefold()
    return any(word in folded for word in words)


def track_kind(label: str) -> StressKind | None:
    """The stress track a label names (physical, mental, or one combined track), or None."""
    if has(label, PHYSICAL):
        return StressKind.PHYSICAL
    if has(label, MENTAL):
        return StressKind.MENTAL
    if has(label, STRESS):
        return StressKind.COMBINED
    return None


def consequence_slot(label: str) -> str | None:
    """The consequence slot a label names (``mild``, ``mild_physical``...), or None."""
    for slot, words in SLOTS:
        if has(label, words):
            if slot == "mild" and has(label, PHYSICAL):
                return "mild_physical"
            if slot == "mild" and has(label, MENTAL):
                return "mild_mental"
            return slot
    return None


def consequence_label(slot: str) -> str:
    """A consequence slot's label on an exported sheet, as :func:`consequence_slot` reads it
    back (``mild_physical`` is ``MILD (PHYSICAL)``)."""
    severity, _, kind = slot.partition("_")
    return f"{severity} ({kind})".upper() if kind else severity.upper()


def is_stunt_placeholder(label: str) -> bool:
    """A template's label for an empty stunt slot (``Stunt #2``), which names no stunt."""
    return _STUNT_PLACEHOLDER.fullmatch(label.strip()) is not None


def is_rating_placeholder(label: str) -> bool:
    """A template's label that starts with a rating (``+5 Skills:``) and names no skill."""
    return _RATING_FIRST.match(label) is not None
