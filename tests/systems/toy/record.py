"""The players' record of a toy scene: each counter they see that changed, said from the
public value only (``public.py``), so that a hidden counter never reaches it."""

from __future__ import annotations

from typing import Any

from fatescreen.i18n import tr
from tests.systems.toy.public import PublicTally


def players_record(before: Any, after: Any, lang: str) -> tuple[str, ...]:
    """The counters the players see whose count changed (all of them as a scene opens)."""
    assert isinstance(after, PublicTally)
    was = dict(before.counters) if isinstance(before, PublicTally) else {}
    return tuple(
        tr(lang, "toy.mark.line", name=name, count=count)
        for name, count in after.counters
        if was.get(name) != count
    )
