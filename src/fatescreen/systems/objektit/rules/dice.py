"""Two six-sided dice (2d6), rolled with an injected random source or entered by the GM (§12)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from fatescreen.systems.objektit.rules.errors import InvalidTwoDice

FACES = 6


@dataclass(frozen=True)
class TwoDice:
    """The faces of one roll of 2d6."""

    first: int
    second: int
    entered: bool = False
    """True when the GM typed the faces of physical dice instead of rolling."""

    def __post_init__(self) -> None:
        for face in (self.first, self.second):
            if not 1 <= face <= FACES:
                raise InvalidTwoDice(
                    f"a d6 shows 1 to 6, not {face}", code="objektit.dice.values", face=face
                )

    @property
    def total(self) -> int:
        """The sum of both dice, 2 to 12."""
        return self.first + self.second

    def __str__(self) -> str:
        return f"[{self.first} {self.second}]"


def roll_2d6(rng: random.Random) -> TwoDice:
    """Roll two d6 with the given random source (never the global one)."""
    return TwoDice(rng.randint(1, FACES), rng.randint(1, FACES))


def parse_2d6(text: str) -> TwoDice:
    """Read two d6 faces entered by the GM: ``3 5``, ``35`` or ``3,5``.

    Raises:
        InvalidTwoDice: The text is not two faces 1-6.
    """
    compact = "".join(text.replace(",", " ").split())
    if len(compact) != 2 or not all(char in "123456" for char in compact):
        raise InvalidTwoDice(
            f"expected two d6 faces 1 to 6 (e.g. 3 5), got {text!r}",
            code="objektit.dice.parse_2d6",
            text=text,
        )
    return TwoDice(int(compact[0]), int(compact[1]), entered=True)
