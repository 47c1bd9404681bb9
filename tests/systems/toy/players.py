"""How the player view shows a toy scene: one pane of the public counters."""

from __future__ import annotations

from textual.content import Content

from fatescreen.i18n import tr
from fatescreen.ui.players.panes import PlayerPane, PlayerPanes
from fatescreen.ui.text import Part, assemble
from tests.systems.toy.public import PublicTally


def counters_text(public: object, rolls: tuple[object, ...], lang: str) -> Content:
    """One line a counter, the name shown literally."""
    assert isinstance(public, PublicTally)
    if not public.counters:
        return assemble((tr(lang, "players.none"), "$text-muted"))
    parts: list[Part] = []
    for name, count in public.counters:
        parts += [(name, "bold"), f" {count}\n"]
    return assemble(*parts)


PLAYERS = PlayerPanes((PlayerPane("toy-counters", "toy.ui.counters", "left", counters_text),))
"""The toy system's ``player_panes`` part."""
