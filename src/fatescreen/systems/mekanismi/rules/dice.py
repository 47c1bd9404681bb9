"""Rolling a Mekanismi pool: d6 faces rolled with an injected random source or entered (§11)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from fatescreen.systems.mekanismi.rules.errors import InvalidPoolRoll

SUCCESS_FACE = 6
"""The face that counts as a success («Jokainen nopan tulos 6 tarkoittaa onnistumista»)."""


@dataclass(frozen=True)
class PoolRoll:
    """The faces one pool showed."""

    faces: tuple[int, ...]
    entered: bool = False
    """True when the GM typed the faces of physical dice instead of rolling."""

    def __post_init__(self) -> None:
        bad = [face for face in self.faces if not 1 <= face <= SUCCESS_FACE]
        if bad:
            raise InvalidPoolRoll(
                f"a d6 shows 1 to 6, not {bad[0]}", code="mekanismi.dice.values", value=bad[0]
            )

    @property
    def successes(self) -> int:
        """How many of the dice show a 6."""
        return sum(1 for face in self.faces if face == SUCCESS_FACE)

    def __str__(self) -> str:
        return "[" + " ".join(str(face) for face in self.faces) + "]"


def roll_pool(size: int, rng: random.Random) -> PoolRoll:
    """Roll ``size`` d6 with the given random source (never the global one)."""
    return PoolRoll(tuple(rng.randint(1, SUCCESS_FACE) for _ in range(size)))


def parse_pool_roll(text: str, size: int) -> PoolRoll:
    """Read the faces of a pool entered by the GM.

    Accepts the faces as digits with or without spaces or commas (``6 2 3``, ``623``,
    ``6,2,3``); an empty text is an empty pool.

    Args:
        text: The faces as typed.
        size: How many dice the pool has; the text must give exactly that many.

    Raises:
        InvalidPoolRoll: A character is not a face 1-6, or the count is not ``size``.
    """
    compact = "".join(text.replace(",", " ").split())
    if not all(char in "123456" for char in compact):
        raise InvalidPoolRoll(
            f"expected d6 faces 1 to 6 (e.g. 6 2 3), got {text!r}",
            code="mekanismi.dice.parse_pool_roll",
            text=text,
        )
    if len(compact) != size:
        raise InvalidPoolRoll(
            f"the pool has {size} dice, {len(compact)} faces were given",
            code="mekanismi.dice.parse_pool_roll_2",
            size=size,
            value=len(compact),
        )
    return PoolRoll(tuple(int(char) for char in compact), entered=True)
