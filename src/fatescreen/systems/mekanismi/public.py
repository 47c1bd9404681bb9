"""What the players may see of a Mekanismi scene: the one place that decides it for the system
(its ``public`` part; docs/player-view.md lists the rules in words).

:func:`public_mekanismi` returns a value of its own types, which have no field for a secret:
no abilities or gear of the GM's characters, no notes, no advantages the GM named, no odds.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatescreen.scene.public_view import PublicOf
from fatescreen.systems.mekanismi.rules.check import Side
from fatescreen.systems.mekanismi.scene import MekanismiScene, OpenCheck, SideOf


@dataclass(frozen=True)
class PublicMekanismiCharacter:
    """A PC, or a GM's character the players see, as far as they know it."""

    name: str
    player: str
    """Who plays it; "" for the GM's character."""
    taken: int
    """Damage points taken."""
    health: int | None
    """The points that take a PC out; None for a GM's character (the players see the
    damage it took, not how much it can take) and for a PC without ``health``."""
    out: bool
    """Taken out."""


@dataclass(frozen=True)
class PublicMekanismiSide:
    """One side of a check as the table sees it."""

    names: tuple[str, ...]
    """Who rolls, the best actor first: "" for a character the players do not see; empty
    for the GM's pool without a character."""
    ability: str
    """The ability rolled, when a PC leads the side; "" otherwise."""
    dice: int
    """How many d6 the side rolls."""


@dataclass(frozen=True)
class PublicMekanismiResult:
    """The check rolled last: both sides' dice, who won and by how much."""

    actor: PublicMekanismiSide
    opposition: PublicMekanismiSide
    actor_faces: tuple[int, ...]
    opposition_faces: tuple[int, ...]
    winner: int | None
    """0 the actor, 1 the opposition, None a tie."""
    margin: int
    """The damage points the winner may spend."""
    level: int | None
    """The winner's level of success; None on a tie (even one a ranged target wins)."""
    damage_left: int
    """Damage points of the margin not spent yet."""


@dataclass(frozen=True)
class PublicMekanismi:
    """Everything the players may see of a Mekanismi scene, and nothing else."""

    title: str
    characters: tuple[PublicMekanismiCharacter, ...]
    """The PCs, then the GM's characters that are not hidden."""
    check: tuple[PublicMekanismiSide, PublicMekanismiSide] | None
    """The check being built: the actor's side and the opposition's."""
    ranged: bool
    """The check under way is a ranged attack (a tie goes to the target)."""
    last: PublicMekanismiResult | None


def _side(side: SideOf, dice: int, scene: MekanismiScene) -> PublicMekanismiSide:
    hidden = {m.name for m in scene.members if m.hidden}
    pcs = {m.name for m in scene.members if m.player is not None}
    names = tuple("" if name in hidden else name for name in side.names)
    led_by_pc = bool(side.names) and side.names[0] in pcs
    return PublicMekanismiSide(names, side.ability if led_by_pc else "", dice)


def _sides(
    opened: OpenCheck, scene: MekanismiScene
) -> tuple[PublicMekanismiSide, PublicMekanismiSide]:
    check = opened.check
    return (
        _side(opened.actor, check.pool(Side.ACTOR).size, scene),
        _side(opened.opposition, check.pool(Side.OPPOSITION).size, scene),
    )


def public_mekanismi(scene: MekanismiScene) -> PublicMekanismi:
    """What the players may see of ``scene`` (see docs/player-view.md).

    Public: the PCs with their players and damage (of their health); the GM's characters
    that are not hidden, by name, with the damage they took and whether they are out; the
    check being built (who rolls, a PC's ability, each side's dice) and the check rolled
    last (the dice, the successes, the winner, the margin and the level of success).

    Secret: the GM's characters marked hidden (in a check they are *someone*), every
    character's abilities and gear beyond the ability a PC rolls, a GM's character's
    health, the parts of a pool (the advantages the GM named), the odds and the notes.
    """
    members = (
        *(m for m in scene.members if m.player is not None),
        *(m for m in scene.members if m.player is None and not m.hidden),
    )
    characters = tuple(
        PublicMekanismiCharacter(
            member.name,
            member.player or "",
            member.sheet.damage.taken,
            member.sheet.damage.health if member.player is not None else None,
            member.sheet.damage.out,
        )
        for member in members
    )
    last = None
    if scene.last is not None:
        result = scene.last.result
        actor, opposition = _sides(scene.last.opened, scene)
        winner = None if result.winner is None else (0 if result.winner is Side.ACTOR else 1)
        last = PublicMekanismiResult(
            actor,
            opposition,
            result.actor_roll.faces,
            result.opposition_roll.faces,
            winner,
            result.damage_points,
            None if result.level is None else int(result.level),
            scene.last.damage_left,
        )
    return PublicMekanismi(
        title=scene.title,
        characters=characters,
        check=None if scene.check is None else _sides(scene.check, scene),
        ranged=scene.check is not None and scene.check.check.ranged,
        last=last,
    )


PUBLIC = PublicOf(public_mekanismi)
"""The system's ``public`` part."""
