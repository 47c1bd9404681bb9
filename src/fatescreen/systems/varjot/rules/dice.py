"""Fudge dice for Menneisyyden varjot: three base dice, bonus and penalty dice cancelling
first, the best or worst three kept, and dice added after the roll (seed 002)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from fatescreen.systems.varjot.rules.errors import InvalidFudgeDice

BASE_DICE = 3
"""Every check rolls three Fudge dice, and three are always the ones counted."""
FACES = (-1, 0, 1)
"""A Fudge die: two ``+`` faces, two blank, two ``-``."""
MAX_EXTRA_DICE = 30
"""The most bonus or penalty dice one check can have (a sanity limit, not a rule)."""
_SYMBOLS = {-1: "-", 0: "0", 1: "+"}
_VALUES = {"-": -1, "0": 0, "+": 1, "\u2212": -1}

Faces = tuple[int, ...]
"""Rolled Fudge dice, each -1, 0 or +1, in the order they were rolled."""


def symbols(faces: Iterable[int]) -> str:
    """Faces written as the dice show them: ``(1, 0, -1)`` → ``+0-``."""
    return "".join(_SYMBOLS[face] for face in faces)


def looks_like_faces(word: str) -> bool:
    """True if a word is written only with Fudge faces (``+0-``, at least one die)."""
    return bool(word) and all(char in _VALUES for char in word)


def parse_faces(text: str, count: int | None = None) -> Faces:
    """Read entered dice such as ``+0-+``.

    Args:
        text: One character per die: ``+``, ``0`` or ``-``.
        count: How many dice are needed, if that is known.

    Raises:
        InvalidFudgeDice: A character is not a face, or the count is wrong.
    """
    try:
        faces = tuple(_VALUES[char] for char in text)
    except KeyError:
        raise InvalidFudgeDice(
            f"{text!r} is not Fudge dice: write + 0 - for each die",
            code="varjot.dice.parse_faces_2",
            text=text,
        ) from None
    if not faces or (count is not None and len(faces) != count):
        wanted = count if count is not None else "some"
        raise InvalidFudgeDice(
            f"{text!r}: {wanted} dice are needed, {len(faces)} given",
            code="varjot.dice.parse_faces",
            text=text,
            wanted=wanted,
            value=len(faces),
        )
    return faces


def roll_faces(rng: random.Random, count: int) -> Faces:
    """Roll ``count`` Fudge dice."""
    return tuple(rng.choice(FACES) for _ in range(count))


def net_dice(bonus: int, penalty: int) -> int:
    """Bonus and penalty dice cancel each other first: positive is bonus dice left over,
    negative penalty dice; never both (seed: «ne vähennetään ensin toisistaan»)."""
    return bonus - penalty


def dice_rolled(net: int) -> int:
    """How many dice a check rolls: the three base dice plus the dice left after
    cancelling (one bonus die: four dice; two penalty dice: five)."""
    return BASE_DICE + abs(net)


def kept(faces: Sequence[int], net: int) -> Faces:
    """The three dice that count: the best three with bonus dice, the worst three with
    penalty dice, all three without either.

    Raises:
        InvalidFudgeDice: ``faces`` are not as many as ``net`` needs.
    """
    if len(faces) != dice_rolled(net):
        raise InvalidFudgeDice(
            f"{dice_rolled(net)} dice are needed, {len(faces)} given",
            code="varjot.dice.kept",
            value=dice_rolled(net),
            value_=len(faces),
        )
    ordered = sorted(faces, reverse=net > 0)
    return tuple(ordered[:BASE_DICE])


def new_dice_needed(old_net: int, new_net: int) -> int:
    """How many fresh dice a change of the net dice after the roll rolls: each step away
    from zero adds a die; each step toward zero cancels one already on the table."""
    return sum(1 for step in _steps(old_net, new_net) if abs(step[1]) > abs(step[0]))


def change_net(faces: Sequence[int], old_net: int, new_net: int, fresh: Iterable[int]) -> Faces:
    """The dice on the table after bonus or penalty dice are added after the roll.

    A die that adds to the dice of its own kind is rolled and joins the others; a die that
    cancels one of the other kind takes the most recently rolled extra die off the table
    (the dice are alike, so which one goes must not depend on its face: the result is
    then exactly as if the check had been rolled with the new dice from the start).

    Args:
        faces: The dice on the table, as many as ``old_net`` rolls.
        old_net: Net dice before the change.
        new_net: Net dice after it.
        fresh: Faces of the newly rolled dice, :func:`new_dice_needed` of them.

    Raises:
        InvalidFudgeDice: The faces on the table or the fresh faces do not fit.
    """
    if len(faces) != dice_rolled(old_net):
        raise InvalidFudgeDice(
            f"{dice_rolled(old_net)} dice are needed, {len(faces)} given",
            code="varjot.dice.change_net",
            value=dice_rolled(old_net),
            value_=len(faces),
        )
    table = list(faces)
    supply: Iterator[int] = iter(fresh)
    for before, after in _steps(old_net, new_net):
        if abs(after) > abs(before):
            face = next(supply, None)
            if face is None or face not in FACES:
                raise InvalidFudgeDice(
                    "not enough Fudge dice for the dice added", code="varjot.dice.change_net_3"
                )
            table.append(face)
        else:
            table.pop()
    if next(supply, None) is not None:
        raise InvalidFudgeDice(
            "more dice were entered than were added", code="varjot.dice.change_net_2"
        )
    return tuple(table)


def _steps(old_net: int, new_net: int) -> list[tuple[int, int]]:
    direction = 1 if new_net > old_net else -1
    return [(value, value + direction) for value in range(old_net, new_net, direction)]
