"""Obstacles (hazards, blocks, distractions) and countdowns (docs/rules.md §7, §8)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import StrEnum

from fatescreen.rules.aspects import make_id
from fatescreen.rules.conflict import effort_total, harm_after_weapon_and_armor
from fatescreen.rules.dice import DiceRoll, roll_4df
from fatescreen.rules.errors import CountdownError, InvalidValue
from fatescreen.rules.outcomes import Bonus, Effort, Outcome, RollResult, outcome_for, resolve

BLOCK_REMOVAL_STEP = 2
"""Removing a block takes an overcome at its rating plus this much, unless set otherwise."""


def dice_for(dice: DiceRoll | random.Random) -> DiceRoll:
    """Entered dice as they are, or a fresh roll from the injected random source."""
    return dice if isinstance(dice, DiceRoll) else roll_4df(dice)


_FIELDS = {
    "rating": "its rating",
    "weapon": "its Weapon rating",
    "removal": "its removal difficulty",
    "difficulty": "its difficulty",
}
"""The English words of each number an obstacle holds."""


def _not_negative(kind: str, name: str, field: str, value: int) -> None:
    if value < 0:
        raise InvalidValue(
            f"{kind} {name!r}: {_FIELDS[field]} must be 0 or more, not {value}",
            code=f"{kind}.negative_{field}",
            name=name,
            value=value,
        )


def _derive_id(obstacle: Hazard | Block | Distraction | Countdown) -> None:
    if not obstacle.id:
        object.__setattr__(obstacle, "id", make_id(obstacle.name))


# --- Hazards ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Hazard:
    """An obstacle that hurts: it takes turns and attacks or creates advantages (§7).

    Its name is both its skill and an aspect. It cannot be attacked or taken out; an
    overcome or create an advantage against it faces its rating as the difficulty.
    """

    name: str
    rating: int
    weapon: int = 0
    zone: str | None = None
    id: str = ""

    def __post_init__(self) -> None:
        _derive_id(self)
        _not_negative("hazard", self.name, "rating", self.rating)
        _not_negative("hazard", self.name, "weapon", self.weapon)

    @property
    def difficulty(self) -> int:
        """The difficulty of an overcome or create an advantage against the hazard."""
        return self.rating


@dataclass(frozen=True)
class HazardAttack:
    """A hazard's attack roll and what it does (§7)."""

    hazard: str
    """The hazard's id."""
    result: RollResult
    harm: int
    """Shifts of harm the defender must absorb, the hazard's Weapon included."""
    boost: bool
    """True when the hazard gains a boost instead of harm."""

    @property
    def shifts(self) -> int:
        """The attack's shifts before Weapon."""
        return self.result.shifts

    @property
    def outcome(self) -> Outcome:
        """The attack's outcome before Weapon."""
        return self.result.outcome


def hazard_effort(
    hazard: Hazard, dice: DiceRoll | random.Random, bonuses: tuple[Bonus, ...] = ()
) -> Effort:
    """The hazard's effort for any roll: its rating plus the dice (entered or rolled)."""
    return Effort(rating=hazard.rating, dice=dice_for(dice), bonuses=bonuses)


def hazard_attack(
    hazard: Hazard,
    defense: int | Effort,
    dice: DiceRoll | random.Random,
    armor: int = 0,
    bonuses: tuple[Bonus, ...] = (),
) -> HazardAttack:
    """Roll a hazard's attack against a defense (§7).

    On a tie or better the hazard adds its Weapon, so a tie deals Weapon harm instead of
    a boost and a hit deals its shifts plus Weapon; the defender's Armor then reduces it.

    Args:
        hazard: The attacking hazard.
        defense: The defender's effort, or a fixed number.
        dice: Entered dice, or a random source to roll with.
        armor: The defender's Armor rating.
        bonuses: Invokes or other bonuses on the hazard's roll.
    """
    result = resolve(hazard_effort(hazard, dice, bonuses), defense)
    dealt = harm_after_weapon_and_armor(result.shifts, weapon=hazard.weapon, armor=armor)
    return HazardAttack(hazard=hazard.id, result=result, harm=dealt.harm, boost=dealt.boost)


# --- Blocks ----------------------------------------------------------------------------


class CoverMode(StrEnum):
    """How a block used as cover protects: it stops the attack, or it weakens it (§7)."""

    BLOCKS = "blocks"
    WEAKENS = "weakens"


@dataclass(frozen=True)
class BlockCover:
    """What a block used as cover does to one attack."""

    blocked: bool
    """True when the attack simply cannot be made."""
    armor: int
    """Armor the defender gains when the block weakens the attack."""


@dataclass(frozen=True)
class Block:
    """An obstacle that stops people doing things; no turns, no attacks (§7).

    Its rating is the difficulty whenever it hinders someone. ``between`` names the two
    zones it separates, if it stands on a way between zones.
    """

    name: str
    rating: int
    weapon: int = 0
    zone: str | None = None
    between: tuple[str, str] | None = None
    removal: int | None = None
    """The difficulty to remove it, when it is not the usual rating + 2."""
    id: str = ""
    harmful: bool | None = None
    """Whether falling short against it hurts; by default, only a block with a Weapon does."""

    def __post_init__(self) -> None:
        _derive_id(self)
        _not_negative("block", self.name, "rating", self.rating)
        _not_negative("block", self.name, "weapon", self.weapon)
        if self.removal is not None:
            _not_negative("block", self.name, "removal", self.removal)
        if self.between is not None and (
            len(self.between) != 2 or self.between[0] == self.between[1]
        ):
            raise InvalidValue(
                f"block {self.name!r} must stand between two different zones",
                code="block.between",
                name=self.name,
            )

    @property
    def removal_difficulty(self) -> int:
        """The overcome difficulty to get rid of the block: its rating + 2 by default."""
        return self.removal if self.removal is not None else self.rating + BLOCK_REMOVAL_STEP

    @property
    def can_harm(self) -> bool:
        """Whether an overcome that falls short against it causes harm.

        Not every block can hurt; unless ``harmful`` says otherwise, a block hurts when it
        has a Weapon rating above 0 (a chain-link fence just stops you; an acid pool burns).
        """
        return self.harmful if self.harmful is not None else self.weapon > 0

    @property
    def forced_weapon(self) -> int:
        """The Weapon an attack gains by forcing its target into the block: half the
        block's Weapon, rounded down, at least 1."""
        return max(self.weapon // 2, 1)

    @property
    def cover_armor(self) -> int:
        """Armor from the block as weakening cover: half its rating, rounded down, at least 1."""
        return max(self.rating // 2, 1)


def block_cover(block: Block, mode: CoverMode) -> BlockCover:
    """The effect of using a block as cover against one attack; the table decides the mode."""
    if mode is CoverMode.BLOCKS:
        return BlockCover(blocked=True, armor=0)
    return BlockCover(blocked=False, armor=block.cover_armor)


@dataclass(frozen=True)
class BlockRoll:
    """An overcome against a block, to get past it or to remove it (§7)."""

    block: str
    """The block's id."""
    effort: int
    difficulty: int
    harm: int = 0
    """Harm taken for falling short: the shortfall plus the block's Weapon."""
    removing: bool = False
    """True for an attempt to get rid of the block rather than to get past it."""

    @property
    def shifts(self) -> int:
        """Effort minus the difficulty."""
        return self.effort - self.difficulty

    @property
    def outcome(self) -> Outcome:
        """The overcome's outcome."""
        return outcome_for(self.shifts)


def crossing_difficulty(barrier: int | None, block: Block | None = None) -> int | None:
    """The difficulty of moving across the way between two zones (§4 «Alueet», §7): its
    barrier, raised to the rating of a block on it; None when nothing stands in the way
    (a free move).

    Args:
        barrier: The way's barrier, if it has one.
        block: A block standing on the way, if any.
    """
    if block is None:
        return barrier
    return max(barrier or 0, block.rating)


def overcome_block(block: Block, effort: int | Effort) -> BlockRoll:
    """Resolve an overcome hindered by a block: its rating is the difficulty (§7).

    Falling short costs the shortfall plus the block's Weapon as harm, when the block can
    harm at all (:attr:`Block.can_harm`).
    """
    total = effort_total(effort)
    shortfall = max(block.rating - total, 0)
    harm = shortfall + block.weapon if shortfall and block.can_harm else 0
    return BlockRoll(block=block.id, effort=total, difficulty=block.rating, harm=harm)


def remove_block(block: Block, effort: int | Effort) -> BlockRoll:
    """Resolve an overcome to get rid of a block, at its removal difficulty (§7).

    The block is gone when the roll succeeds; this attempt causes no harm by itself.
    """
    return BlockRoll(
        block=block.id,
        effort=effort_total(effort),
        difficulty=block.removal_difficulty,
        removing=True,
    )


# --- Distractions ----------------------------------------------------------------------


@dataclass(frozen=True)
class DistractionAnswer:
    """One answer to a distraction's choice and what follows from it."""

    answer: str
    consequence: str


@dataclass(frozen=True)
class Distraction:
    """An obstacle that forces a hard choice (§7).

    ``choice`` is the question it poses; ``answers`` give the consequence of each answer
    (possibly of both); ``difficulty``, if any, opposes rolls made against it.
    """

    name: str
    choice: str
    answers: tuple[DistractionAnswer, ...] = ()
    difficulty: int | None = None
    zone: str | None = None
    id: str = ""

    def __post_init__(self) -> None:
        _derive_id(self)
        if not self.choice.strip():
            raise InvalidValue(
                f"distraction {self.name!r} needs a choice: the question it poses",
                code="distraction.choice",
                name=self.name,
            )
        if self.difficulty is not None:
            _not_negative("distraction", self.name, "difficulty", self.difficulty)
        keys = [make_id(answer.answer) for answer in self.answers]
        if len(set(keys)) != len(keys):
            raise InvalidValue(
                f"distraction {self.name!r} lists the same answer twice",
                code="distraction.answer_twice",
                name=self.name,
            )

    def answer(self, text: str) -> DistractionAnswer | None:
        """The answer matching ``text`` (case and spacing ignored), or None."""
        key = make_id(text)
        return next((a for a in self.answers if make_id(a.answer) == key), None)


def obstacle_difficulty(obstacle: Hazard | Block | Distraction) -> int | None:
    """The difficulty an overcome against an obstacle faces (§7): a hazard's or a block's
    rating, a distraction's difficulty (None when it has none: the GM sets one)."""
    if isinstance(obstacle, Distraction):
        return obstacle.difficulty
    return obstacle.rating


# --- Countdowns (§8) -------------------------------------------------------------------


class CountdownVisibility(StrEnum):
    """What the players see of a countdown."""

    HIDDEN = "hidden"
    BOXES = "boxes"
    """The boxes, without what they count down to."""
    FULL = "full"


@dataclass(frozen=True)
class Countdown:
    """A track of boxes checked left to right when a trigger happens; when the last box
    is checked, the outcome happens (§8)."""

    name: str
    boxes: int
    checked: int = 0
    triggers: tuple[str, ...] = ()
    outcome: str = ""
    visibility: CountdownVisibility = CountdownVisibility.FULL
    id: str = ""

    def __post_init__(self) -> None:
        _derive_id(self)
        if self.boxes < 1:
            raise InvalidValue(
                f"countdown {self.name!r} needs at least 1 box, not {self.boxes}",
                code="countdown.boxes",
                name=self.name,
                boxes=self.boxes,
            )
        if not 0 <= self.checked <= self.boxes:
            raise InvalidValue(
                f"countdown {self.name!r} has {self.boxes} boxes; "
                f"{self.checked} of them cannot be checked",
                code="countdown.checked",
                name=self.name,
                boxes=self.boxes,
                checked=self.checked,
            )

    @property
    def remaining(self) -> int:
        """Boxes still empty."""
        return self.boxes - self.checked

    @property
    def finished(self) -> bool:
        """True once the last box is checked."""
        return self.checked == self.boxes


_EACH_EXCHANGE = ("each exchange", "every exchange", "jokaisen kierroksen", "joka kierros")
"""Trigger wordings (English and Finnish) that mean a countdown ticks when an exchange ends."""


def ticks_each_exchange(countdown: Countdown) -> bool:
    """True if one of the countdown's triggers is the end of each exchange, so that it
    ticks by itself when the next exchange begins (§8)."""
    return not countdown.finished and any(
        phrase in trigger.casefold() for trigger in countdown.triggers for phrase in _EACH_EXCHANGE
    )


def tick(countdown: Countdown, n: int = 1) -> tuple[Countdown, bool]:
    """Check ``n`` more boxes; ticking past the end stops at the last box.

    Returns:
        The countdown, and True when this tick checked the last box (the outcome happens).

    Raises:
        CountdownError: The countdown has already run out, or ``n`` is below 1.
    """
    if n < 1:
        raise CountdownError(
            f"tick a countdown by 1 or more boxes, not {n}", code="obstacles.tick", n=n
        )
    if countdown.finished:
        raise CountdownError(
            f"countdown {countdown.name!r} has already run out",
            code="obstacles.tick_2",
            countdown_name=countdown.name,
        )
    ticked = replace(countdown, checked=min(countdown.checked + n, countdown.boxes))
    return ticked, ticked.finished


def untick(countdown: Countdown, n: int = 1) -> Countdown:
    """Clear the last ``n`` checked boxes (the threat is pushed back).

    Raises:
        CountdownError: Fewer than ``n`` boxes are checked, or ``n`` is below 1.
    """
    if n < 1:
        raise CountdownError(
            f"untick a countdown by 1 or more boxes, not {n}", code="obstacles.untick", n=n
        )
    if n > countdown.checked:
        raise CountdownError(
            f"countdown {countdown.name!r} has only {countdown.checked} checked boxes, not {n}",
            code="obstacles.untick_2",
            countdown_name=countdown.name,
            checked=countdown.checked,
            n=n,
        )
    return replace(countdown, checked=countdown.checked - n)
