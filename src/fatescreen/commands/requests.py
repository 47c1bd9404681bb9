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


# -- the table's flows: harm, fate points, time and the map ---------------------------------


@dataclass(frozen=True)
class Absorb:
    """``absorb OPTION ["CONSEQUENCE TEXT"...]``: one of the ways to absorb the hit."""

    option: int
    consequences: tuple[str, ...] = ()

    def command(self) -> str:
        """The ``absorb`` line."""
        texts = "".join(f" {word(text)}" for text in self.consequences)
        return f"absorb {self.option}{texts}"


@dataclass(frozen=True)
class Minion:
    """``minion MINION``: a minion takes the hit for its big bad."""

    minion: str

    def command(self) -> str:
        """The ``minion`` line."""
        return f"minion {word(self.minion)}"


@dataclass(frozen=True)
class Reveal:
    """``reveal NAME [soft|full]``: a big bad's next true form."""

    character: str
    mode: str | None = None

    def command(self) -> str:
        """The ``reveal`` line."""
        mode = f" {self.mode}" if self.mode else ""
        return f"reveal {word(self.character)}{mode}"


@dataclass(frozen=True)
class Stress:
    """``stress NAME KIND BOX``: check or clear one stress box."""

    character: str
    kind: str
    box: int

    def command(self) -> str:
        """The ``stress`` line."""
        return f"stress {word(self.character)} {self.kind} {self.box}"


@dataclass(frozen=True)
class Compel:
    """``compel WHO ASPECT accept|refuse``: a compel answered."""

    character: str
    aspect: str
    answer: str

    def command(self) -> str:
        """The ``compel`` line."""
        return f"compel {word(self.character)} {word(self.aspect)} {self.answer}"


@dataclass(frozen=True)
class AddAspect:
    """``aspect add "NAME" free N for WHO``: a situation aspect with free invokes."""

    name: str
    free: int
    owner: str

    def command(self) -> str:
        """The ``aspect add`` line."""
        return f"aspect add {word(self.name)} free {self.free} for {word(self.owner)}"


@dataclass(frozen=True)
class Cost:
    """``cost TEXT``: success at a cost on the roll just made."""

    text: str

    def command(self) -> str:
        """The ``cost`` line."""
        return f"cost {word(self.text)}"


@dataclass(frozen=True)
class Tick:
    """``tick COUNTDOWN``: one box of a countdown."""

    countdown: str

    def command(self) -> str:
        """The ``tick`` line."""
        return f"tick {word(self.countdown)}"


@dataclass(frozen=True)
class Move:
    """``move NAME ZONE``: a character to another zone (rolling across a barrier)."""

    character: str
    zone: str

    def command(self) -> str:
        """The ``move`` line."""
        return f"move {word(self.character)} {word(self.zone)}"


@dataclass(frozen=True)
class InvokeFor:
    """``invoke ... reroll|oppose``: an invoke used to reroll, or for +2 to the opposition."""

    invoke: Invoke
    use: str

    def command(self) -> str:
        """The ``invoke`` line with its use."""
        return f"{self.invoke.command()} {self.use}"
