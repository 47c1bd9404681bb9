"""What the players may see of a Menneisyyden varjot scene: the one place that decides it
for the system (its ``public`` part; docs/player-view.md lists the rules in words).

:func:`public_varjot` returns a value of its own types, which have no field for a secret: no
abilities of the GM's characters, no pools of theirs, no notes, no GM's penalty dice and no
reason the GM gave for dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatescreen.scene.public_view import PublicOf
from fatescreen.systems.varjot.rules.check import Side, Source
from fatescreen.systems.varjot.scene import Settled, VarjotScene

SHOWN_SOURCES = (Source.POOL, Source.GIFT, Source.SUPPORT, Source.MARGIN)
"""Where the bonus dice the players see come from: their own pools and gift dice, and the
support or margin of a check they saw. The GM's penalty dice and any dice the GM gave a
reason for are not shown."""


@dataclass(frozen=True)
class PublicPool:
    """A PC's pool: the points left of its size."""

    name: str
    left: int
    maximum: int


@dataclass(frozen=True)
class PublicVarjotCharacter:
    """A PC, or a GM's character the players see, as far as they know it."""

    name: str
    player: str
    """Who plays it; "" for the GM's character."""
    pools: tuple[PublicPool, ...]
    """A PC's pools; none for a GM's character (the GM's pools are the GM's)."""


@dataclass(frozen=True)
class PublicDice:
    """Bonus dice from one source the players see."""

    source: str
    """The :class:`~fatescreen.systems.varjot.rules.check.Source` value: pool, gift, support,
    margin."""
    count: int
    detail: str
    """The pool spent or the giver of a gift die; "" for support and margin."""


@dataclass(frozen=True)
class PublicVarjotSide:
    """One side of a check as the table sees it."""

    character: str
    """The character's name; "" for one the players do not see."""
    ability: str
    """The ability rolled, for a PC; "" for the GM's character."""
    rating: int | None
    """Its rating, for a PC."""
    dice: tuple[PublicDice, ...]
    """The bonus dice from the players' own sources, for a PC."""
    kept: tuple[int, ...]
    """The three dice that count, once rolled (-1, 0 or +1 each)."""
    level: int | None
    """The level reached, once rolled."""


@dataclass(frozen=True)
class PublicSettled:
    """The check settled last: each side's level, and who won by how much."""

    sides: tuple[tuple[str, int], ...]
    """Each side's character ("" for one the players do not see) and level."""
    winner: int | None
    """The index of the side that won; None when nobody did."""
    margin: int
    tie: bool


@dataclass(frozen=True)
class PublicVarjot:
    """Everything the players may see of a Menneisyyden varjot scene, and nothing else."""

    title: str
    characters: tuple[PublicVarjotCharacter, ...]
    """The PCs, then the GM's characters that are not hidden."""
    gifts: tuple[tuple[str, int], ...]
    """The gift dice each player holds (the GM's hand is the GM's)."""
    check: tuple[PublicVarjotSide, ...] | None
    """The sides of the check under way; None between checks."""
    last: PublicSettled | None


def _name(name: str, scene: VarjotScene) -> str:
    return "" if name in scene.hidden else name


def _side(side: Side, scene: VarjotScene, pcs: frozenset[str]) -> PublicVarjotSide:
    is_pc = side.character in pcs
    dice = tuple(
        PublicDice(
            extra.source.value,
            extra.count,
            extra.detail if extra.source in (Source.POOL, Source.GIFT) else "",
        )
        for extra in side.extras
        if extra.source in SHOWN_SOURCES and not extra.penalty
    )
    return PublicVarjotSide(
        character=_name(side.character, scene),
        ability=side.ability if is_pc else "",
        rating=side.rating if is_pc else None,
        dice=dice if is_pc else (),
        kept=side.kept,
        level=side.level,
    )


def _settled(settled: Settled, scene: VarjotScene) -> PublicSettled:
    resolution = settled.resolution
    sides = tuple(
        (_name(side.character, scene), level)
        for side, level in zip(settled.check.sides, resolution.levels, strict=True)
    )
    return PublicSettled(sides, resolution.winner, resolution.margin, resolution.tie)


def public_varjot(scene: VarjotScene) -> PublicVarjot:
    """What the players may see of ``scene`` (see docs/player-view.md).

    Public: the PCs with their players and pools; the GM's characters that are not hidden,
    by name; the players' gift dice; the check under way (who rolls, a PC's ability and
    rating and the bonus dice from pools, gift dice, support and margin, the three dice that
    count and the level once rolled) and the check settled last.

    Secret: the GM's characters marked hidden (a side of theirs is *someone*), the GM's
    characters' abilities and pools, the GM's gift dice, the GM's penalty dice and every
    die the GM gave a reason for, the dice cancelled, the odds and the notes.
    """
    pcs = frozenset(c.name for c in scene.characters if c.player is not None)
    characters = tuple(
        PublicVarjotCharacter(
            character.name,
            character.player or "",
            tuple(PublicPool(p.name, p.left, p.maximum) for p in character.pools)
            if character.player is not None
            else (),
        )
        for character in (
            *(c for c in scene.characters if c.player is not None),
            *(c for c in scene.characters if c.player is None and c.name not in scene.hidden),
        )
    )
    return PublicVarjot(
        title=scene.title,
        characters=characters,
        gifts=tuple((player, left) for player, left in scene.gifts.left if player != scene.gm),
        check=None
        if scene.check is None
        else tuple(_side(side, scene, pcs) for side in scene.check.sides),
        last=None if scene.last is None else _settled(scene.last, scene),
    )


PUBLIC = PublicOf(public_varjot)
"""The system's ``public`` part."""
