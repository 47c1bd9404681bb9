"""What of the toy's party lasts from scene to scene: the party's own counters (the loot it
carries), joined to each scene's and taken back at its end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from fatescreen.scene.systems.campaign import sample_writer
from tests.systems.toy.scene import ToyScene


class ToyParty:
    """The party rules of the toy system."""

    replaced: Mapping[str, str] = MappingProxyType({})
    party_keys = ("counters",)

    def members(self, value: ToyScene) -> tuple[str, ...]:
        """Every counter's name (the party's are the scene's that its file does not hold)."""
        return tuple(name for name, _ in value.counters)

    def join(self, scene: ToyScene, party: ToyScene) -> ToyScene:
        """The party's counters first, then the scene's."""
        return replace(scene, counters=(*party.counters, *scene.counters))

    def leave(self, scene: ToyScene, party: ToyScene) -> ToyScene:
        """The party's counters as the scene leaves them."""
        counts = dict(scene.counters)
        return replace(party, counters=tuple((n, counts.get(n, c)) for n, c in party.counters))

    def own(self, scene: ToyScene, base: ToyScene) -> ToyScene:
        """The scene's own counters."""
        party = set(self.members(scene)) - set(self.members(base))
        return replace(scene, counters=tuple((n, c) for n, c in scene.counters if n not in party))

    def session_lines(self, party: ToyScene, lang: str) -> tuple[str, ...]:
        """Nothing is dealt."""
        return ()

    def new_session(self, party: ToyScene) -> ToyScene:
        """Nothing changes between sessions."""
        return party


PARTY = ToyParty()
new_campaign = sample_writer(Path(__file__).resolve().with_name("campaign"))
