"""What a rule system tells the player view: its ``public`` part, the one place where the
system decides what its players may see.

A system's public part turns a scene value into a public value of the system's own types,
which have no field for a secret, so a view built from it cannot show one by mistake (Fate's
is :mod:`fatescreen.scene.public`). The follower (:mod:`fatescreen.commands.follow`) asks
it for what the players see after every step of the GM's session it replays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol


class PublicValue(Protocol):
    """What the players may see of a scene: a value of the system's own public types."""

    @property
    def title(self) -> str:
        """The scene's title."""
        ...


class MadeRoll(Protocol):
    """A roll a system keeps apart from its scene value (Fate's pending roll)."""

    @property
    def roll_id(self) -> object:
        """The same object for a roll and for the roll an invoke or a reroll made of it."""
        ...


class PublicMaker(Protocol):
    """Makes the public values of one followed session, one scene value after another (it
    may keep what it worked out for the scene before)."""

    def __call__(self, value: Any) -> PublicValue:
        """What the players may see of a scene value."""
        ...

    def roll_in(self, value: Any) -> MadeRoll | None:
        """The roll a scene value holds as the last one made, if the system keeps rolls
        apart from the scene (None: the scene value shows its last result itself)."""
        ...

    def rolls(self, made: Iterable[Any], value: Any) -> tuple[Any, ...]:
        """Rolls made earlier (each as :meth:`roll_in` gave it), as the table saw them,
        with the names public in ``value``."""
        ...


class PublicPart(Protocol):
    """A system's ``public`` part (see ``docs/systems.md``)."""

    @property
    def faces(self) -> Callable[[str], bool] | None:
        """Whether a journal record's dice are faces the system's rolls could show (None:
        any text)."""
        ...

    def maker(self) -> PublicMaker:
        """A maker of public values for one followed session."""
        ...


@dataclass(frozen=True)
class PublicOf:
    """The public part of a system whose scene value holds its check under way and its last
    result (undo takes them back with the value): a function from the scene value to the
    system's public value, and nothing kept between values."""

    decide: Callable[[Any], PublicValue]
    """What the players may see of a scene value."""
    faces: Callable[[str], bool] | None = None

    def maker(self) -> PublicOf:
        """Itself: it keeps nothing between values."""
        return self

    def __call__(self, value: Any) -> PublicValue:
        """What the players may see of ``value``."""
        return self.decide(value)

    def roll_in(self, value: Any) -> MadeRoll | None:
        """None: the scene value shows its last result itself."""
        return None

    def rolls(self, made: Iterable[Any], value: Any) -> tuple[Any, ...]:
        """None kept apart from the scene."""
        return ()
