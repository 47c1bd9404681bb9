"""What a big bad may have besides a character's sheet (§7): the solo bonus options, an
immunity until the PCs win a challenge or a contest, and a threat as a swarm of parts. A
character holds them (:class:`~fatescreen.rules.character.Character`); the rules about them
are :mod:`fatescreen.rules.big_bads`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fatescreen.rules.errors import InvalidValue
from fatescreen.rules.stress_kinds import StressKind


@dataclass(frozen=True)
class SoloBonus:
    """Which solo-bonus options a big bad uses against a group of PCs (§7); combinable.

    Attributes:
        skill_bonus: (a) +(PCs - 1) to all skill rolls, never above double the skill.
        harm_reduction: (b) each hit on it is reduced by half the PCs, rounded up.
        minimum_harm: (b) with the reduction, a hit still deals at least 1.
        boosted_invokes: (c) its paid invokes give +(PCs) instead of +2.
        damped_invokes: (d) invokes against it give only +1 (a reroll is unchanged).
        one_free_invoke: (d) at most one free invoke against it on one roll.
    """

    skill_bonus: bool = False
    harm_reduction: bool = False
    minimum_harm: bool = False
    boosted_invokes: bool = False
    damped_invokes: bool = False
    one_free_invoke: bool = False


class ImmunityVia(StrEnum):
    """What the PCs must win before the big bad can be harmed (§7)."""

    CHALLENGE = "challenge"
    CONTEST = "contest"


@dataclass(frozen=True)
class Immunity:
    """The big bad cannot be harmed until the named challenge or contest is won.

    ``kinds`` says which harm it is immune to: physical, mental, or both.
    """

    until: str
    via: ImmunityVia = ImmunityVia.CHALLENGE
    kinds: frozenset[StressKind] = frozenset({StressKind.PHYSICAL, StressKind.MENTAL})


@dataclass(frozen=True)
class Swarm:
    """A big bad made of parts, each a character with its own stress (§7).

    Attributes:
        heart_id: The part that must be taken out to beat the whole.
        part_ids: The other parts, each acting on its own in the turn order.
        shields: Parts that must be taken out before the heart can be harmed.
    """

    heart_id: str
    part_ids: tuple[str, ...]
    shields: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.heart_id in self.part_ids:
            raise InvalidValue(
                f"the heart {self.heart_id!r} is not one of its own parts",
                code="swarm.heart",
                heart=self.heart_id,
            )
        stray = [shield for shield in self.shields if shield not in self.part_ids]
        if stray:
            raise InvalidValue(
                f"shield {stray[0]!r} is not a part of the swarm",
                code="swarm.shield",
                shield=stray[0],
            )
