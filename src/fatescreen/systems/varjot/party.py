"""What of a Menneisyyden varjot party lasts from scene to scene (seed 002): the table (its
players and GM), each PC's sheet with the pool points left, and the gift dice left this
session. «Kunkin pelikerran alussa jokainen pelaaja, myös pelinjohtaja, saa niin monta
lahjanoppaa kuin pöydän ympärillä on pelaajia»: the gift dice are dealt again at each
session's start. The seed says nothing of pools refilling: the points stay spent until the GM
writes them back into party.toml between sessions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType

from fatescreen.scene.systems.campaign import sample_writer
from fatescreen.systems.varjot.rules.sheet import GiftDice
from fatescreen.systems.varjot.scene import VarjotScene


class VarjotParty:
    """The party rules of Menneisyyden varjot."""

    replaced: Mapping[str, str] = MappingProxyType({"session": "endsession"})
    """The system's verbs the campaign does otherwise, with the campaign verb that does."""

    party_keys = ("players", "gm", "gift_dice", "pc")

    def members(self, value: VarjotScene) -> tuple[str, ...]:
        """The PCs: the characters a player plays."""
        return tuple(c.name for c in value.characters if c.player is not None)

    def join(self, scene: VarjotScene, party: VarjotScene) -> VarjotScene:
        """The party's table and gift dice, its PCs first, then the scene's characters."""
        return replace(
            scene,
            players=party.players,
            gm=party.gm,
            gifts=party.gifts,
            characters=(*party.characters, *scene.characters),
        )

    def leave(self, scene: VarjotScene, party: VarjotScene) -> VarjotScene:
        """Each PC as the scene leaves them, and the gift dice left."""
        playing = {c.name: c for c in scene.characters}
        characters = tuple(playing.get(c.name, c) for c in party.characters)
        return replace(party, characters=characters, gifts=scene.gifts)

    def own(self, scene: VarjotScene, base: VarjotScene) -> VarjotScene:
        """The scene's own characters, with the table as its file has it."""
        party = set(self.members(scene)) - set(self.members(base))
        return replace(
            scene,
            players=base.players,
            gm=base.gm,
            gifts=base.gifts,
            characters=tuple(c for c in scene.characters if c.name not in party),
        )

    def session_lines(self, party: VarjotScene, lang: str) -> tuple[str, ...]:
        """The gift dice dealt, as the ``session`` verb says it."""
        from fatescreen.i18n import tr

        table = party.table
        return (tr(lang, "varjot.session.line", count=len(table), names=", ".join(table)),)

    def new_session(self, party: VarjotScene) -> VarjotScene:
        """Every player, the GM too, gets as many gift dice as there are players."""
        return replace(party, gifts=GiftDice.new_session(party.table))


PARTY = VarjotParty()
new_campaign = sample_writer("varjot")
