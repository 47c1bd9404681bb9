"""Four Fate dice (4dF): rolled with an injected random source or entered by the GM (§1)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum

from fatescreen.rules.errors import InvalidDice

DICE_COUNT = 4


class Face(IntEnum):
    """One Fate die: minus, blank or plus."""

    MINUS = -1
    BLANK = 0
    PLUS = 1

    @property
    def symbol(self) -> str:
        """The face as typed and shown: ``-``, ``0`` or ``+``."""
        return {Face.MINUS: "-", Face.BLANK: "0", Face.PLUS: "+"}[self]


_SYMBOLS = {"-": Face.MINUS, "−": Face.MINUS, "0": Face.BLANK, "+": Face.PLUS}


def face_from_d6(value: int) -> Face:
    """Map a six-sided die to a Fate die: 1-2 minus, 3-4 blank, 5-6 plus."""
    if not 1 <= value <= 6:
        raise InvalidDice(f"a d6 shows 1 to 6, not {value}", code="dice.face_from_d6", value=value)
    return (Face.MINUS, Face.BLANK, Face.PLUS)[(value - 1) // 2]


@dataclass(frozen=True)
class DiceRoll:
    """The four faces of one roll of 4dF."""

    faces: tuple[Face, Face, Face, Face]
    entered: bool = False
    """True when the GM typed the faces of physical dice instead of rolling."""

    @property
    def total(self) -> int:
        """The sum of the faces, -4 to +4."""
        return sum(self.faces)

    @property
    def symbols(self) -> str:
        """The faces as a string such as ``+0-+``."""
        return "".join(face.symbol for face in self.faces)

    def __str__(self) -> str:
        return "[" + " ".join(face.symbol for face in self.faces) + "]"


def roll_4df(rng: random.Random) -> DiceRoll:
    """Roll four Fate dice with the given random source (never the global one)."""
    faces = tuple(Face(rng.randint(-1, 1)) for _ in range(DICE_COUNT))
    return DiceRoll(faces=(faces[0], faces[1], faces[2], faces[3]))


def parse_faces(text: str) -> DiceRoll:
    """Read dice entered by the GM.

    Accepts four Fate faces (``+0-+``, ``+ 0 - +``) or four d6 values (``1356``,
    ``1 3 5 6``) mapped 1-2 minus, 3-4 blank, 5-6 plus.

    Raises:
        InvalidDice: The text is not four faces or four d6 values.
    """
    compact = "".join(text.split())
    if len(compact) != DICE_COUNT:
        raise InvalidDice(
            f"expected 4 dice as + 0 - (e.g. +0-+) or d6 values (e.g. 1356), got {text!r}",
            code="dice.parse_faces",
            text=text,
        )
    if all(char in _SYMBOLS for char in compact):
        faces = tuple(_SYMBOLS[char] for char in compact)
    elif all(char in "123456" for char in compact):
        faces = tuple(face_from_d6(int(char)) for char in compact)
    else:
        raise InvalidDice(
            f"dice are + 0 - (e.g. +0-+) or d6 values 1-6 (e.g. 1356), not {text!r}",
            code="dice.parse_faces_2",
            text=text,
        )
    return DiceRoll(faces=(faces[0], faces[1], faces[2], faces[3]), entered=True)


def looks_like_faces(text: str) -> bool:
    """True if the text could be entered dice (used by parsers to tell dice from names)."""
    try:
        parse_faces(text)
    except InvalidDice:
        return False
    return True
