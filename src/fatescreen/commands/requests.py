"""Typed requests: what the dashboard asks the session to do, as small values.

Each request renders its own command line (as python-chess's ``Move`` renders ``uci()``): the
line is what the log shows and the journal keeps, and the session reads it with the same
parser as a typed command, so a request and the line a GM would type always do the same.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Protocol

from fatescreen.rules.dice import looks_like_faces
from fatescreen.rules.ladder import parse_rating


def word(text: str) -> str:
    """A name or text as one word of a command line."""
    return shlex.quote(text)


class Request(Protocol):
    """Anything the session can be asked to do."""

    def command(self) -> str:
        """The command line that does it."""
        ...


Order = Request | str
"""A request, or a command line as typed."""


def command_line(order: Order) -> str:
    """The command line of a request (a typed line is its own)."""
    return order if isinstance(order, str) else order.command()


@dataclass(frozen=True)
class Line:
    """A command line as the GM typed it (the command bar, a script)."""

    text: str

    def command(self) -> str:
        """The line itself."""
        return self.text


def _helpers(helpers: tuple[str, ...]) -> list[str]:
    return ["with", ",".join(helpers)] if helpers else []


MAX_REASONS = 5
"""The most reasons a task is hard that ``vs hard N`` takes: +10, beyond the ladder."""


def is_difficulty(text: str) -> bool:
    """Whether the word after ``vs`` is a difficulty (a number or a ladder word) rather than
    an opponent's name; four dice are never a difficulty."""
    if looks_like_faces(text):
        return False
    try:
        parse_rating(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Attack:
    """``attack ATTACKER DEFENDER[,DEFENDER...]|zone ZONE [SKILL] [physical|mental] [FACES]
    [with H,H] [cover BLOCK blocks|weakens] [vs FACES...]`` (``hazard`` for a hazard, which
    names no skill; ``cover``: the defender shelters behind a block).

    Names and skills are as typed; the verb resolves them against the scene.
    """

    actor: str
    target: str | None
    skill: str | None = None
    dice: str | None = None
    defense_dice: tuple[str, ...] = ()
    hazard: bool = False
    zone: str | None = None
    kind: str | None = None
    helpers: tuple[str, ...] = ()
    cover: str | None = None
    """The block the defender takes cover behind."""
    cover_mode: str | None = None
    """``blocks`` or ``weakens``: what the table decided the cover does."""

    @property
    def targets(self) -> tuple[str, ...]:
        """The defenders named (none for a zone attack)."""
        return tuple(part.strip() for part in self.target.split(",")) if self.target else ()

    def command(self) -> str:
        """The ``attack`` (or ``hazard``) line."""
        words = ["hazard" if self.hazard else "attack", self.actor]
        words += ["zone", self.zone] if self.zone is not None else [self.target or ""]
        words += [self.skill] if self.skill and not self.hazard else []
        words += [self.kind] if self.kind else []
        words += [self.dice] if self.dice else []
        words += _helpers(self.helpers)
        words += ["cover", self.cover, self.cover_mode or ""] if self.cover else []
        words += ["vs", *self.defense_dice] if self.defense_dice else []
        return line_of(*words)


@dataclass(frozen=True)
class Overcome:
    """``overcome ACTOR SKILL [FACES] [with H,H] [vs DIFFICULTY|hard [N]|OPPONENT [SKILL]
    [FACES]]``.

    ``opposition`` is a difficulty (a number or ladder word) or an opponent's name; the
    roller's own dice follow a difficulty and come before an opponent.
    """

    actor: str
    skill: str | None
    opposition: str | None = None
    dice: str | None = None
    opponent_skill: str | None = None
    opponent_dice: str | None = None
    helpers: tuple[str, ...] = ()
    reasons: int | None = None
    """``vs hard N``: the difficulty from the number of reasons the task is hard."""

    def command(self) -> str:
        """The ``overcome`` line."""
        words = ["overcome", self.actor, *([self.skill] if self.skill else [])]
        return line_of(*words, *_roll_words(self))


@dataclass(frozen=True)
class Create:
    """``create ACTOR SKILL "ASPECT" [on WHERE|WHO,WHO...] [FACES] [with H,H]
    [vs DIFFICULTY|OPPONENT [SKILL] [FACES]]`` (a hazard names no skill)."""

    actor: str
    skill: str | None
    aspect: str
    opposition: str | None = None
    dice: str | None = None
    holder: str | None = None
    opponent_skill: str | None = None
    opponent_dice: str | None = None
    helpers: tuple[str, ...] = ()
    reasons: int | None = None
    """``vs hard N``: the difficulty from the number of reasons the task is hard."""

    def command(self) -> str:
        """The ``create`` line."""
        words = ["create", self.actor, *([self.skill] if self.skill else []), self.aspect]
        words += ["on", self.holder] if self.holder else []
        return line_of(*words, *_roll_words(self))


def _roll_words(request: Overcome | Create) -> list[str]:
    """The dice, helpers and opposition of an overcome or a create an advantage."""
    words = _helpers(request.helpers)
    if request.reasons is not None:
        words += ["vs", "hard", str(request.reasons)]
        return words + ([request.dice] if request.dice else [])
    if request.opposition is None or is_difficulty(request.opposition):
        if request.opposition is not None:
            words += ["vs", request.opposition]
        return words + ([request.dice] if request.dice else [])
    words = ([request.dice] if request.dice else []) + words + ["vs", request.opposition]
    words += [request.opponent_skill] if request.opponent_skill else []
    words += [request.opponent_dice] if request.opponent_dice else []
    return words


@dataclass(frozen=True)
class Invoke:
    """``invoke ASPECT [by WHO] [free|paid|hostile] [reroll [FACES]|oppose]``."""

    aspect: str
    by: str | None = None
    payment: str | None = None
    effect: str | None = None
    reroll_dice: str | None = None

    def command(self) -> str:
        """The ``invoke`` line."""
        words = ["invoke", self.aspect]
        words += ["by", self.by] if self.by else []
        words += [self.payment] if self.payment else []
        words += [self.effect] if self.effect else []
        words += [self.reroll_dice] if self.reroll_dice else []
        return line_of(*words)


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


def line_of(*words: str) -> str:
    """Words as one command line, each quoted only when it must be."""
    return " ".join(word(text) for text in words)


@dataclass(frozen=True)
class Field:
    """``FIELD VALUE...``: one field of a record and the words of its new value.

    ``set`` and ``add`` take any number of these after what they change.
    """

    name: str
    values: tuple[str, ...] = ()

    def words(self) -> tuple[str, ...]:
        """The field's words on a command line."""
        return (self.name, *self.values)


def field(name: str, *values: str) -> Field:
    """A :class:`Field` from its name and value words."""
    return Field(name, values)


def _field_words(fields: tuple[Field, ...]) -> tuple[str, ...]:
    return tuple(text for found in fields for text in found.words())


@dataclass(frozen=True)
class Add:
    """``add WHAT [NAME] [VALUE] [FIELD VALUE...] [in ZONE]``.

    ``what`` is a kind (``pc``, ``mooks``, ``zone``, ``hazard``, ``countdown``...) or a
    template's key; ``value`` is what the kind takes after its name (a mook group's members,
    a hazard's rating, a distraction's choice, a countdown's boxes, a template's count).
    """

    what: str
    name: str | None = None
    value: str | None = None
    fields: tuple[Field, ...] = ()
    zone: str | None = None

    def command(self) -> str:
        """The ``add`` line."""
        words = ["add", self.what]
        words += [self.name] if self.name is not None else []
        words += [self.value] if self.value is not None else []
        words += _field_words(self.fields)
        words += ["in", self.zone] if self.zone else []
        return line_of(*words)


@dataclass(frozen=True)
class Set:
    """``set TARGET FIELD VALUE [FIELD VALUE...]``: change fields of one record."""

    target: str
    fields: tuple[Field, ...]

    def command(self) -> str:
        """The ``set`` line."""
        return line_of("set", self.target, *_field_words(self.fields))


@dataclass(frozen=True)
class Place:
    """``place TARGET ZONE|none``: put someone in a zone, or in none."""

    target: str
    zone: str | None

    @property
    def targets(self) -> tuple[str, ...]:
        """The names listed (several are joined by commas)."""
        return tuple(part.strip() for part in self.target.split(","))

    def command(self) -> str:
        """The ``place`` line."""
        return line_of("place", self.target, self.zone or "none")


@dataclass(frozen=True)
class Remove:
    """``remove TARGET``: take a character, zone, obstacle or countdown out of the scene."""

    target: str

    @property
    def targets(self) -> tuple[str, ...]:
        """The names listed (several are joined by commas)."""
        return tuple(part.strip() for part in self.target.split(","))

    def command(self) -> str:
        """The ``remove`` line."""
        return line_of("remove", self.target)


@dataclass(frozen=True)
class SaveTemplate:
    """``template save TARGET [as NAME] [to FILE]``: a stat block into the library (named
    as the record is, in the library's own folder, unless told)."""

    target: str
    name: str | None = None
    file: str | None = None

    def command(self) -> str:
        """The ``template save`` line."""
        words = ["template", "save", self.target]
        words += ["as", self.name] if self.name is not None else []
        words += ["to", self.file] if self.file is not None else []
        return line_of(*words)


@dataclass(frozen=True)
class ImportSheets:
    """``import FILE... [as KIND] [to party]``: characters from other tools' files (Fari,
    Fate Core Official) into the scene, or into a campaign's party; ``import data JSON``
    adds characters already read, given as scene records (what the journal keeps, so that
    replaying it never needs the files)."""

    files: tuple[str, ...] = ()
    data: str | None = None
    kind: str | None = None
    """``pc``, ``major``, ``minor`` or ``mooks``; None: a PC."""
    to_party: bool = False

    def command(self) -> str:
        """The ``import`` line."""
        words = ["import", *(("data", self.data) if self.data is not None else self.files)]
        words += ["as", self.kind] if self.kind is not None else []
        words += ["to", "party"] if self.to_party else []
        return line_of(*words)


@dataclass(frozen=True)
class ListTemplates:
    """``template list``: the templates the scene can use."""

    def command(self) -> str:
        """The ``template list`` line."""
        return "template list"


TemplateRequest = SaveTemplate | ListTemplates
"""Any request of the ``template`` verb."""


@dataclass(frozen=True)
class Link:
    """``link ZONE ZONE [FIELD VALUE...]``: a way between two zones (barrier, block)."""

    first: str
    second: str
    fields: tuple[Field, ...] = ()

    def command(self) -> str:
        """The ``link`` line."""
        return line_of("link", self.first, self.second, *_field_words(self.fields))


@dataclass(frozen=True)
class Unlink:
    """``unlink ZONE ZONE``: take the way between two zones away."""

    first: str
    second: str

    def command(self) -> str:
        """The ``unlink`` line."""
        return line_of("unlink", self.first, self.second)


@dataclass(frozen=True)
class AddAspect:
    """``aspect add NAME [on HOLDER] [concept|trouble] [free N [for WHO]] [hidden]``."""

    name: str
    holder: str | None = None
    role: str | None = None
    free: int = 0
    owner: str | None = None
    hidden: bool = False

    def command(self) -> str:
        """The ``aspect add`` line."""
        words = ["aspect", "add", self.name]
        words += ["on", self.holder] if self.holder else []
        words += [self.role] if self.role else []
        words += ["free", str(self.free)] if self.free else []
        words += ["for", self.owner] if self.owner else []
        words += ["hidden"] if self.hidden else []
        return line_of(*words)


@dataclass(frozen=True)
class RemoveAspect:
    """``aspect remove ASPECT``."""

    aspect: str

    def command(self) -> str:
        """The ``aspect remove`` line."""
        return line_of("aspect", "remove", self.aspect)


@dataclass(frozen=True)
class RevealAspect:
    """``aspect reveal ASPECT``: a hidden aspect becomes known."""

    aspect: str

    def command(self) -> str:
        """The ``aspect reveal`` line."""
        return line_of("aspect", "reveal", self.aspect)


@dataclass(frozen=True)
class RenameAspect:
    """``aspect rename ASPECT NEW``."""

    aspect: str
    name: str

    def command(self) -> str:
        """The ``aspect rename`` line."""
        return line_of("aspect", "rename", self.aspect, self.name)


AspectRequest = AddAspect | RemoveAspect | RevealAspect | RenameAspect
"""Any request of the ``aspect`` verb."""


@dataclass(frozen=True)
class Visibility:
    """``secret TARGET`` or ``public TARGET``: hide something from the players, or show it."""

    target: str
    secret: bool

    def command(self) -> str:
        """The ``secret`` or ``public`` line."""
        return line_of("secret" if self.secret else "public", self.target)


@dataclass(frozen=True)
class Milestone:
    """``milestone PC OPTION [WORDS...]``: a milestone's option and what it needs."""

    pc: str
    option: str
    values: tuple[str, ...] = ()

    def command(self) -> str:
        """The ``milestone`` line."""
        return line_of("milestone", self.pc, self.option, *self.values)


@dataclass(frozen=True)
class Play:
    """``play SCENE``: start a prepared scene of the campaign (by number, title or file)."""

    scene: str

    def command(self) -> str:
        """The ``play`` line."""
        return line_of("play", self.scene)


@dataclass(frozen=True)
class Defend:
    """``defend [DEFENDER] [SKILL] [FACES]``: roll the pending roll's defense again.

    A lone word is read as the skill unless it names one of the roll's defenders (the verb
    decides that against the roll), so ``Defend(skill="ann")`` and ``Defend("ann")`` do
    the same.
    """

    defender: str | None = None
    skill: str | None = None
    dice: str | None = None

    def command(self) -> str:
        """The ``defend`` line."""
        words = ["defend"]
        words += [self.defender] if self.defender else []
        words += [self.skill] if self.skill else []
        words += [self.dice] if self.dice else []
        return line_of(*words)


@dataclass(frozen=True)
class Absorb:
    """``absorb [OPTION] ["CONSEQUENCE TEXT"...] [replacing ASPECT]``: take the pending hit
    with the numbered option of those shown."""

    option: int | None = None
    texts: tuple[str, ...] = ()
    replacing: str | None = None

    def command(self) -> str:
        """The ``absorb`` line."""
        words = ["absorb"]
        words += [str(self.option)] if self.option is not None else []
        words += self.texts
        words += ["replacing", self.replacing] if self.replacing else []
        return line_of(*words)


# -- the table's flows: harm, true forms, compels, time and the map ----------------------


@dataclass(frozen=True)
class Minion:
    """``minion [MINION]``: a minion takes the hit for its big bad (the first one when
    none is named)."""

    minion: str | None = None

    def command(self) -> str:
        """The ``minion`` line."""
        return line_of("minion", *([self.minion] if self.minion else []))


@dataclass(frozen=True)
class RevealForm:
    """``reveal NAME [soft|full] [force]``: a big bad's next true form (``force``: while
    the current form still stands)."""

    character: str
    mode: str | None = None
    force: bool = False

    def command(self) -> str:
        """The ``reveal`` line."""
        words = [*([self.mode] if self.mode else []), *(["force"] if self.force else [])]
        return line_of("reveal", self.character, *words)


@dataclass(frozen=True)
class Stress:
    """``stress NAME [physical|mental|stress] BOX``: check or clear one stress box (on the
    character's first track when no kind is named)."""

    character: str
    kind: str | None
    box: int

    def command(self) -> str:
        """The ``stress`` line."""
        kind = [self.kind] if self.kind else []
        return line_of("stress", self.character, *kind, str(self.box))


@dataclass(frozen=True)
class Compel:
    """``compel WHO ASPECT offer|accept|refuse|withdraw [by PLAYER]``: a compel offered,
    answered or withdrawn (``by`` a player who pays for compelling another's character)."""

    character: str
    aspect: str
    answer: str
    by: str | None = None

    def command(self) -> str:
        """The ``compel`` line."""
        by = ["by", self.by] if self.by else []
        return line_of("compel", self.character, self.aspect, self.answer, *by)


@dataclass(frozen=True)
class Declare:
    """``declare WHO "DETAIL" [free]``: a story detail declared with an aspect (``free``
    when an aspect clearly covers it)."""

    who: str
    detail: str
    free: bool = False

    def command(self) -> str:
        """The ``declare`` line."""
        return line_of("declare", self.who, self.detail, *(["free"] if self.free else []))


@dataclass(frozen=True)
class Cost:
    """``cost [for WHO] [TEXT]``: success at a cost on the roll just made (``for`` the one
    who names the cost of a failed create an advantage)."""

    text: str = ""
    cost_for: str | None = None

    def command(self) -> str:
        """The ``cost`` line."""
        words = ["for", self.cost_for] if self.cost_for else []
        return line_of("cost", *words, *([self.text] if self.text else []))


@dataclass(frozen=True)
class Tick:
    """``tick COUNTDOWN [back] [N]``: boxes of a countdown (one unless counted), or taken
    back."""

    countdown: str
    back: bool = False
    count: int | None = None

    def command(self) -> str:
        """The ``tick`` line."""
        words = ["back"] if self.back else []
        words += [str(self.count)] if self.count is not None else []
        return line_of("tick", self.countdown, *words)


@dataclass(frozen=True)
class Move:
    """``move NAME ZONE [SKILL] [FACES] [with H,H]``: a character to another zone (rolling
    an overcome across a barrier or a block)."""

    character: str
    zone: str
    skill: str | None = None
    dice: str | None = None
    helpers: tuple[str, ...] = ()

    def command(self) -> str:
        """The ``move`` line."""
        words = [self.character, self.zone, *([self.skill] if self.skill else [])]
        words += [self.dice] if self.dice else []
        return line_of("move", *words, *_helpers(self.helpers))


@dataclass(frozen=True)
class Trade:
    """``trade ["BOOST"]``: a shift of a stylish hit traded for a boost (named as the
    catalog names it unless given)."""

    boost: str | None = None

    def command(self) -> str:
        """The ``trade`` line."""
        return line_of("trade", *([self.boost] if self.boost is not None else []))


@dataclass(frozen=True)
class TakeOut:
    """``takeout [NAME]``: the one with the pending hit (or the one named) taken out."""

    character: str | None = None

    def command(self) -> str:
        """The ``takeout`` line."""
        return line_of("takeout", *([self.character] if self.character is not None else []))


@dataclass(frozen=True)
class EndScene:
    """``endscene [compels N]``: the scene ends (in a campaign, with N late compel points
    carried to the next scene)."""

    compels: int | None = None

    def command(self) -> str:
        """The ``endscene`` line."""
        compels = ["compels", str(self.compels)] if self.compels is not None else []
        return line_of("endscene", *compels)


@dataclass(frozen=True)
class EndSession:
    """``endsession``: the session ends, between scenes of a campaign."""

    def command(self) -> str:
        """The ``endsession`` line."""
        return "endsession"


@dataclass(frozen=True)
class Save:
    """``save [--replay|--overwrite]``: save over the scene's own files; ``choice`` says
    what to do with a file edited by hand since it was read (see
    :mod:`fatescreen.commands.writer`)."""

    choice: str | None = None

    def command(self) -> str:
        """The ``save`` line."""
        return line_of("save", *((f"--{self.choice}",) if self.choice else ()))
