"""What of a Mekanismi party lasts from scene to scene (seed 003): each PC's sheet whole,
its damage taken and its gear with it. The seed names no advancement and no rest: damage
stays until the GM heals it (``hurt NAME -N``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from fatescreen.scene.systems.campaign import sample_writer
from fatescreen.systems.mekanismi.scene import MekanismiScene


class MekanismiParty:
    """The party rules of Mekanismi."""

    replaced: Mapping[str, str] = MappingProxyType({})
    """The system's verbs the campaign does otherwise, with the campaign verb that does."""

    party_keys = ("pc",)

    def members(self, value: MekanismiScene) -> tuple[str, ...]:
        """The PCs: the characters a player plays."""
        return tuple(m.name for m in value.members if m.player is not None)

    def join(self, scene: MekanismiScene, party: MekanismiScene) -> MekanismiScene:
        """The party first, then the scene's own characters."""
        return replace(scene, members=(*party.members, *scene.members))

    def leave(self, scene: MekanismiScene, party: MekanismiScene) -> MekanismiScene:
        """Each PC as the scene leaves them."""
        playing = {m.name: m for m in scene.members}
        return replace(party, members=tuple(playing.get(m.name, m) for m in party.members))

    def own(self, scene: MekanismiScene, base: MekanismiScene) -> MekanismiScene:
        """The scene's own characters."""
        party = set(self.members(scene)) - set(self.members(base))
        return replace(scene, members=tuple(m for m in scene.members if m.name not in party))

    def session_lines(self, party: Any, lang: str) -> tuple[str, ...]:
        """Nothing is dealt: the GM is told what stays."""
        from fatescreen.i18n import tr

        return (tr(lang, "campaign.session_keeps.mekanismi"),)

    def new_session(self, party: MekanismiScene) -> MekanismiScene:
        """Nothing changes between sessions."""
        return party


PARTY = MekanismiParty()
new_campaign = sample_writer("mekanismi")
