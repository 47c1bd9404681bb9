"""Typed requests: what the dashboard asks the session to do, as small values.

Each request renders its own command line (as python-chess's ``Move`` renders ``uci()``): the
line is what the log shows and the journal keeps, and the session reads it with the same
parser as a typed command, so a request and the line a GM would type always do the same.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Protocol


def word(text: str) -> str:
    """A name or text as one word of a command line."""
    return shlex.quote(text)


class Request(Protocol):
    """Anything the session can be asked to do."""

    def command(self) -> str:
        """The command line that does it."""
        ...


@dataclass(frozen=True)
class Line:
    """A command line as the GM typed it (the command bar, a script)."""

    text: str

    def command(self) -> str:
        """The line itself."""
        return self.text


def _dice(own: str | None, defense: str | None = None) -> str:
    parts = [own] if own else []
    if defense:
        parts += ["vs", defense]
    return "".join(f" {part}" for part in parts)


@dataclass(frozen=True)
class Attack:
    """``attack ATTACKER DEFENDER [SKILL] [FACES] [vs FACES]`` (``hazard`` for a hazard)."""

    actor: str
    target: str
    skill: str | None = None
    dice: str | None = None
    defense_dice: str | None = None
    hazard: bool = False

    def command(self) -> str:
        """The ``attack`` (or ``hazard``) line."""
        verb = "hazard" if self.hazard else "attack"
        skill = f" {word(self.skill)}" if self.skill and not self.hazard else ""
        return (
            f"{verb} {word(self.actor)} {word(self.target)}{skill}"
            f"{_dice(self.dice, self.defense_dice)}"
        )


def _against(
    opposition: str, dice: str | None, opponent_skill: str | None, opponent_dice: str | None
) -> str:
    """`` vs DIFFICULTY [FACES]``, or against an active opponent
    `` [FACES] vs OPPONENT SKILL [FACES]`` (the roller's faces before ``vs``)."""
    if opponent_skill is None:
        return f" vs {word(opposition)}{_dice(dice)}"
    return f"{_dice(dice)} vs {word(opposition)} {word(opponent_skill)}{_dice(opponent_dice)}"


@dataclass(frozen=True)
class Overcome:
    """``overcome ACTOR [SKILL] vs DIFFICULTY [FACES]``; with ``opponent_skill`` the
    opposition is a character who rolls that skill against it."""

    actor: str
    skill: str | None
    opposition: str
    dice: str | None = None
    opponent_skill: str | None = None
    opponent_dice: str | None = None

    def command(self) -> str:
        """The ``overcome`` line."""
        skill = f" {word(self.skill)}" if self.skill else ""
        against = _against(self.opposition, self.dice, self.opponent_skill, self.opponent_dice)
        return f"overcome {word(self.actor)}{skill}{against}"


@dataclass(frozen=True)
class Create:
    """``create ACTOR [SKILL] "ASPECT" vs DIFFICULTY [FACES]``: the aspect is a new name or
    the key of an aspect in play; with ``opponent_skill`` the opposition is a character who
    actively opposes with that skill."""

    actor: str
    skill: str | None
    aspect: str
    opposition: str
    dice: str | None = None
    opponent_skill: str | None = None
    opponent_dice: str | None = None

    def command(self) -> str:
        """The ``create`` line."""
        skill = f" {word(self.skill)}" if self.skill else ""
        against = _against(self.opposition, self.dice, self.opponent_skill, self.opponent_dice)
        return f"create {word(self.actor)}{skill} {word(self.aspect)}{against}"


@dataclass(frozen=True)
class Invoke:
    """``invoke ASPECT [by WHO] [free|paid|hostile]``."""

    aspect: str
    by: str | None = None
    payment: str | None = None

    def command(self) -> str:
        """The ``invoke`` line."""
        by = f" by {word(self.by)}" if self.by else ""
        payment = f" {self.payment}" if self.payment else ""
        return f"invoke {word(self.aspect)}{by}{payment}"


@dataclass(frozen=True)
class NextTurn:
    """``next WHO``: hand the turn on."""

    who: str

    def command(self) -> str:
        """The ``next`` line."""
        return f"next {word(self.who)}"


@dataclass(frozen=True)
class NextExchange:
    """``exchange WHO``: start the next exchange with someone."""

    who: str

    def command(self) -> str:
        """The ``exchange`` line."""
        return f"exchange {word(self.who)}"
