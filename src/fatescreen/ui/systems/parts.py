"""Pieces of text the dashboards of Mekanismi and Objektien luonti share: a chance as a bar,
a list broken a few entries to a line."""

from __future__ import annotations

from fractions import Fraction

from fatescreen.commands.systems.base import percent
from fatescreen.ui.text import Part

BAR_WIDTH = 20
"""Width of the bar of a chance."""


def chance_bar(chance: Fraction, style: str) -> list[Part]:
    """A chance as a bar of :data:`BAR_WIDTH` cells and its percentage: ``███░░░  15%``."""
    filled = round(float(chance) * BAR_WIDTH)
    return [
        ("█" * filled, style),
        ("░" * (BAR_WIDTH - filled), "$text-muted"),
        (f" {percent(chance):>4}", "bold"),
    ]


def chunks(items: list[str], per_line: int = 3) -> list[str]:
    """Items joined ``a · b · c``, a few to a line, so a list of abilities breaks between
    abilities and not inside one."""
    return [" · ".join(items[start : start + per_line]) for start in range(0, len(items), per_line)]
