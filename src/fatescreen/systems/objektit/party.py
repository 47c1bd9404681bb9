"""What of an Objektien luonti party lasts from scene to scene (seed 001): each player's
object whole, its condition with it, and the kinds of object the party's objects are.
Development («kykyjen kehitys») is the GM's change of a sheet between scenes; the seed
gives it no clock, so the campaign changes nothing by itself at a session's end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from fatescreen.scene.systems.campaign import sample_writer
from fatescreen.systems.objektit.scene import ObjektitScene


class ObjektitParty:
    """The party rules of Objektien luonti."""

    replaced: Mapping[str, str] = MappingProxyType({})
    """The system's verbs the campaign does otherwise, with the campaign verb that does."""

    party_keys = ("kinds", "object")

    def members(self, value: ObjektitScene) -> tuple[str, ...]:
        """The players' objects."""
        return tuple(e.name for e in value.entries if e.player is not None)

    def join(self, scene: ObjektitScene, party: ObjektitScene) -> ObjektitScene:
        """The party's objects first, then the scene's; the party's kinds with the scene's
        (a kind the scene defines too is the party's)."""
        named = {kind.name for kind in party.kinds}
        kinds = (*party.kinds, *(kind for kind in scene.kinds if kind.name not in named))
        return replace(scene, kinds=kinds, entries=(*party.entries, *scene.entries))

    def leave(self, scene: ObjektitScene, party: ObjektitScene) -> ObjektitScene:
        """Each object as the scene leaves it."""
        playing = {e.name: e for e in scene.entries}
        return replace(party, entries=tuple(playing.get(e.name, e) for e in party.entries))

    def own(self, scene: ObjektitScene, base: ObjektitScene) -> ObjektitScene:
        """The scene's own objects, with the kinds its file defines."""
        party = set(self.members(scene)) - set(self.members(base))
        entries = tuple(e for e in scene.entries if e.name not in party)
        return replace(scene, kinds=base.kinds, entries=entries)

    def session_lines(self, party: Any, lang: str) -> tuple[str, ...]:
        """Nothing is dealt: the GM is told what stays."""
        from fatescreen.i18n import tr

        return (tr(lang, "campaign.session_keeps.objektit"),)

    def new_session(self, party: ObjektitScene) -> ObjektitScene:
        """Nothing changes between sessions."""
        return party


PARTY = ObjektitParty()
new_campaign = sample_writer("objektit")
