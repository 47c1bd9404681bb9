"""Verbs for contests (exchanges of one roll per side, victories, twists, a winner) and
challenges (a set of overcome tasks read together)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fatescreen.commands.contest_picks import pick
from fatescreen.commands.core import Applied, Context, Tokens, keyword_of, verb
from fatescreen.commands.errors import CommandError
from fatescreen.commands.harm_text import hit_lines
from fatescreen.commands.names import fold
from fatescreen.commands.names import resolve as resolve_name
from fatescreen.commands.settle import (
    action_effort,
    no_hit_waiting,
    overcome_line,
    settle,
    settles,
    staged,
    with_hits,
)
from fatescreen.commands.text import effort_text, quoted
from fatescreen.i18n import tr
from fatescreen.rules.actions import Action
from fatescreen.rules.aspects import GM, Aspect, AspectKind, make_id
from fatescreen.rules.character import Character, StressKind
from fatescreen.rules.contests import (
    MAX_VICTORIES,
    MIN_VICTORIES,
    AdvantageFailureChoice,
    Challenge,
    ChallengeReading,
    ChallengeTask,
    Contest,
    ContestSide,
    ExchangeOutcome,
    FastContestAction,
    ThreatHarm,
    add_twist,
    challenge_progress,
    contest_exchange,
    exchange_shifts,
    failed_contest_advantage,
    finish_challenge,
    record_task,
    threat_harm,
)
from fatescreen.rules.dice import DiceRoll, looks_like_faces, parse_faces
from fatescreen.rules.errors import InvalidValue
from fatescreen.rules.ladder import parse_rating
from fatescreen.rules.obstacles import Hazard, hazard_effort
from fatescreen.rules.outcomes import Effort, Outcome, resolve
from fatescreen.scene.aspects import SCENE_HOLDER, add_aspect
from fatescreen.scene.model import ContestRoll, PendingHit, PendingRoll, RollPurpose, Scene


def _pop_in(args: Tokens) -> str | None:
    """Take ``in NAME`` from anywhere in the words (which contest or challenge)."""
    for index, word in enumerate(args.words[:-1]):
        if keyword_of(word) == "in":
            name = args.words[index + 1]
            del args.words[index : index + 2]
            return name
    return None


def _replace_contest(scene: Scene, old: Contest, new: Contest) -> Scene:
    return replace(scene, contests=tuple(new if c is old else c for c in scene.contests))


def _contest(ctx: Context, ref: str | None, *, running: bool = True) -> Contest:
    """A contest by name, or the only one (still running, unless ``running`` is False)."""
    candidates = [c for c in ctx.scene.contests if not running or c.winner is None]
    if ref is not None:
        entries = ((make_id(c.name), c.name, c) for c in ctx.scene.contests)
        found: Contest = resolve_name(ref, entries, "contest", ctx.lang)
        if running and found.winner is not None:
            raise ctx.error("contest.already_won", contest=found.name, side=found.winner)
        return found
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise ctx.error("error.no_contest")
    raise ctx.error("error.which_contest", names=", ".join(c.name for c in candidates))


# ---------------------------------------------------------------------------- contest


@dataclass(frozen=True)
class ContestStart:
    """``contest start NAME SIDE=ID,ID|ID... [to N] [faster] [threat HAZARD]``: the sides'
    words as typed (a side's name and members, or one member)."""

    name: str
    sides: tuple[str, ...]
    victories: int | None = None
    faster: bool = False
    threat: str | None = None


@dataclass(frozen=True)
class ContestThreat:
    """``threat [HAZARD|RATING] [FACES]`` on a contest roll: the outside threat's attack
    (the contest's own threat when neither a hazard nor a rating is named)."""

    hazard: str | None = None
    rating: int | None = None
    dice: DiceRoll | None = None


@dataclass(frozen=True)
class ContestRollRequest:
    """``contest roll WHO|SIDE [SKILL|RATING] [FACES] [with H,H] [vs DIFFICULTY]
    [threat ...] [in CONTEST]``: the word after the side is a member's skill or a side's
    rating, which only the scene tells apart."""

    side: str
    value: str | None = None
    dice: DiceRoll | None = None
    helpers: tuple[str, ...] = ()
    difficulty: int | None = None
    threat: ContestThreat | None = None
    contest: str | None = None


@dataclass(frozen=True)
class ContestForfeit:
    """``contest forfeit WHO|SIDE [in CONTEST]``."""

    side: str
    contest: str | None = None


@dataclass(frozen=True)
class ContestTwist:
    """``contest twist "ASPECT" [in CONTEST]``: a twist's new situation aspect."""

    aspect: str
    contest: str | None = None


@dataclass(frozen=True)
class ContestView:
    """``contest show|end [CONTEST]``: the board shown, or the contest closed."""

    contest: str | None = None
    end: bool = False


ContestRequest = ContestStart | ContestRollRequest | ContestForfeit | ContestTwist | ContestView
"""Any request of the ``contest`` verb."""


def parse_contest(args: Tokens) -> ContestRequest:
    """Stage one of ``contest``: the whole line as a typed request.

    Raises:
        CommandError: The line does not follow the verb's usage.
    """
    action = args.keyword("start", "roll", "forfeit", "twist", "show", "end")
    if action == "start":
        return _parse_start_contest(args)
    ref = _pop_in(args)
    if action == "roll":
        return _parse_contest_roll(args, ref)
    if action == "forfeit":
        return ContestForfeit(args.take(tr(args.lang, "what.side")), ref)
    if action == "twist":
        name = args.take(tr(args.lang, "what.aspect_name")).strip()
        args.done()
        if not name:
            raise args.missing(tr(args.lang, "what.aspect_name"))
        return ContestTwist(name, ref)
    if action is None and args:
        raise args.missing(
            args.words_in("start", "roll", "forfeit", "twist", "show", "end", sep="/")
        )
    if ref is None and args:
        ref = args.take(tr(args.lang, "what.contest"))
    return ContestView(ref, end=action == "end")


def _parse_start_contest(args: Tokens) -> ContestStart:
    name = args.take(tr(args.lang, "what.contest")).strip()
    if not name:
        raise args.missing(tr(args.lang, "what.contest"))
    needed: int | None = None
    sides: list[str] = []
    faster = False
    threat: str | None = None
    while args:
        if args.keyword("to"):
            needed = args.number(tr(args.lang, "what.victories"))
        elif args.keyword("faster"):
            faster = True
        elif args.keyword("threat"):
            threat = args.take(tr(args.lang, "what.hazard"))
        else:
            sides.append(args.take(tr(args.lang, "what.side")))
    return ContestStart(name, tuple(sides), needed, faster, threat)


def _parse_contest_roll(args: Tokens, ref: str | None) -> ContestRollRequest:
    side = args.take(tr(args.lang, "what.side"))
    value = args.word_unless("with", "vs", "dice", "threat")
    entered: DiceRoll | None = None
    helpers: list[str] = []
    difficulty: int | None = None
    threat: ContestThreat | None = None
    while args:
        if args.keyword("with"):
            helpers += args.names(tr(args.lang, "what.helpers"))
        elif args.keyword("vs"):
            difficulty = args.number(tr(args.lang, "what.difficulty"))
        elif threat is None and args.keyword("threat"):
            threat = _parse_threat(args)
        elif entered is None and (faces := args.faces()) is not None:
            entered = faces
        else:
            args.done()
    return ContestRollRequest(side, value, entered, tuple(helpers), difficulty, threat, ref)


def _parse_threat(args: Tokens) -> ContestThreat:
    """The words after ``threat``: a hazard or a rating, if named, and its faces."""
    hazard: str | None = None
    rating: int | None = None
    if args and not args.at_keyword("with", "vs", "dice", "threat"):
        word = args.peek() or ""
        if not looks_like_faces(word):
            rating = args.optional_number()
            if rating is None:
                hazard = args.take(tr(args.lang, "what.hazard"))
    return ContestThreat(hazard, rating, args.faces())


@verb(
    "contest",
    "contest start NAME SIDE=ID,ID|ID... [to N] [faster] [threat HAZARD] | roll WHO|SIDE "
    "[SKILL|RATING] [FACES] [with H,H] [vs DIFFICULTY] [threat [HAZARD|RATING] [FACES]] | "
    'forfeit WHO|SIDE | twist "ASPECT" | show | end [in CONTEST]',
    aliases=("ct", "kilpailu"),
    example="contest roll rozio Athletics +0+0 vs 2",
    parse=parse_contest,
)
def contest(ctx: Context, args: Tokens, request: ContestRequest) -> Applied:
    """The contest verbs: the line parsed (:func:`parse_contest`), then each request
    decided, applied and said by its own function."""
    if isinstance(request, ContestStart):
        return _start_contest(ctx, request)
    if isinstance(request, ContestRollRequest):
        no_hit_waiting(ctx)
        return _roll(ctx, args, request)
    if isinstance(request, ContestForfeit):
        return _forfeit(ctx, request)
    if isinstance(request, ContestTwist):
        return _twist(ctx, request)
    if request.end:
        return _end_contest(ctx, request.contest)
    found = _contest(ctx, request.contest, running=False)
    return Applied(ctx.scene, (_board(ctx, found),))


def _board(ctx: Context, found: Contest) -> str:
    sides = ", ".join(f"{side.name} {side.victories}" for side in found.sides)
    line = ctx.tr(
        "contest.board",
        contest=found.name,
        exchange=found.exchange,
        sides=sides,
        needed=found.victories_needed,
    )
    if found.winner is not None:
        line += " · " + ctx.tr("contest.winner", side=found.winner)
    return line


def _start_contest(ctx: Context, request: ContestStart) -> Applied:
    name = request.name
    if any(make_id(c.name) == make_id(name) for c in ctx.scene.contests):
        raise ctx.error("error.contest_exists", contest=name)
    needed = request.victories
    if needed is None:
        needed = ctx.scene.rules.contest_victories
    faster = request.faster
    threat = None if request.threat is None else _hazard(ctx, request.threat).id
    sides: list[ContestSide] = []
    for word in request.sides:
        side_name, equals, members_text = word.partition("=")
        if equals:
            members = tuple(ctx.actor(ref).id for ref in members_text.split(",") if ref.strip())
        else:
            member = ctx.actor(word)
            side_name, members = member.name, (member.id,)
        sides.append(ContestSide(side_name.strip(), members))
    try:
        # the rules' own checks (§5): enough victories to win, at least two sides, each
        # side named once
        started = Contest(name, tuple(sides), needed, faster=faster, threat=threat)
    except InvalidValue as error:
        if error.code == "contest.needed":
            raise ctx.error("error.victories", low=MIN_VICTORIES, high=MAX_VICTORIES) from None
        if error.code == "contest.two_sides":
            raise ctx.error("error.two_sides") from None
        raise ctx.error("error.side_names") from None
    # names as the GM types them: none blank, none the same word in another case
    names = [make_id(side.name) for side in sides if side.name]
    everyone = [member for side in sides for member in side.members]
    if len(names) != len(sides) or len(set(names)) != len(names):
        raise ctx.error("error.side_names")
    if len(set(everyone)) != len(everyone):
        raise ctx.error("error.side_twice")
    scene = replace(ctx.scene, contests=(*ctx.scene.contests, started))
    line = ctx.tr(
        "contest.started",
        contest=name,
        sides=" vs ".join(side.name for side in sides),
        needed=needed,
    )
    return Applied(scene, (line,), line, frozenset({"contests"}))


def _rolled(scene: Scene, found: Contest, side: ContestSide) -> bool:
    """True once the side has rolled (or forfeited) this exchange."""
    return any(
        r.contest == found.name and r.side == side.name and not r.advantage
        for r in scene.contest_rolls
    )


def _hazard(ctx: Context, ref: str) -> Hazard:
    found = ctx.actor(ref)
    if not isinstance(found, Hazard):
        raise ctx.error("error.not_hazard", name=found.name)
    return found


def _threat(
    ctx: Context, args: Tokens, found: Contest, given: ContestThreat | None
) -> tuple[Effort | None, str | None]:
    """The outside threat's attack on the side (§5): the hazard or rating after ``threat``
    (with its faces), else the contest's own threat; None when there is none."""
    hazard = _hazard(ctx, given.hazard) if given is not None and given.hazard else None
    rating = given.rating if given is not None else None
    faces = given.dice if given is not None else None
    if hazard is None and rating is None and found.threat is not None:
        known = ctx.scene.obstacle_index.get(found.threat)
        hazard = known if isinstance(known, Hazard) else None
    if hazard is not None:
        return hazard_effort(hazard, ctx.dice(faces)), hazard.id
    if rating is not None:
        return Effort(rating, ctx.dice(faces)), None
    if given:
        raise args.missing(ctx.tr("what.hazard"))
    return None, None


def _side_of(
    ctx: Context, word: str, ref: str | None
) -> tuple[Contest, ContestSide, Character | Hazard | None]:
    """The contest side a word names: a member (who then rolls) or the side's name."""
    candidates = (
        [_contest(ctx, ref)]
        if ref is not None
        else [c for c in ctx.scene.contests if c.winner is None]
    )
    if not candidates:
        raise ctx.error("error.no_contest")
    entries = [
        (make_id(side.name), side.name, (found, side))
        for found in candidates
        for side in found.sides
    ]
    try:
        actor: Character | Hazard | None = ctx.actor(word)
    except CommandError:
        actor = None
    if actor is not None:
        found_in = [(c, s) for c in candidates for s in c.sides if actor.id in s.members]
        if len(found_in) > 1:
            names = ", ".join(c.name for c, _ in found_in)
            raise ctx.error("error.which_contest", names=names)
        if found_in:
            return found_in[0][0], found_in[0][1], actor
    found_contest, side = resolve_name(word, entries, "side", ctx.lang)
    return found_contest, side, None


def _roll(ctx: Context, args: Tokens, request: ContestRollRequest) -> Applied:
    """A side's roll: decided (:func:`decide_contest_roll`), then settled (applied and
    said by :func:`apply_contest_roll` and :func:`say_contest_roll`)."""
    pending, side, found = decide_contest_roll(ctx, args, request)
    scene, lines = settle(ctx, ctx.scene, pending)
    label = ctx.tr("label.contest_roll", side=side.name, contest=found.name)
    return Applied(scene, lines, label, frozenset({"pending", "contests", "aspects"}))


def decide_contest_roll(
    ctx: Context, args: Tokens, request: ContestRollRequest
) -> tuple[PendingRoll, ContestSide, Contest]:
    """Stage two of ``contest roll``: the side's roll as the rules decide it (its effort,
    teamwork, the outside threat's attack), ready to settle.

    Raises:
        CommandError: A name is unknown, the side has rolled, or the words do not fit it.
    """
    found, side, actor = _side_of(ctx, request.side, request.contest)
    if _rolled(ctx.scene, found, side):
        raise ctx.error("error.side_rolled", side=side.name, exchange=found.exchange)
    if actor is None and side.members:
        raise ctx.error("error.who_rolls", side=side.name, names=ctx.names(side.members))
    skill = ""
    rating: int | None = None
    value = request.value
    if isinstance(actor, Character):
        if value is None:
            raise args.missing(ctx.tr("what.skill"))
        skill = ctx.skill(actor, value)
    elif actor is None:
        if value is None:
            raise args.missing(ctx.tr("what.rating"))
        try:
            rating = parse_rating(value)
        except ValueError:
            raise args.not_a_number(value) from None
    elif value is not None:
        raise ctx.error("error.extra", verb=args.verb_word, extra=value, usage=args.usage)
    entered, helpers, difficulty = request.dice, list(request.helpers), request.difficulty
    threat, threat_by = _threat(ctx, args, found, request.threat)
    others = [r for r in ctx.scene.contest_rolls if r.contest == found.name and r.effort]
    if others and (others[0].difficulty is None) != (difficulty is None):
        raise ctx.error("error.contest_mode", contest=found.name)
    if actor is not None:
        effort, counted, _ = action_effort(ctx, actor, skill, entered, helpers)
        roller = actor.id
        acts = {roller: FastContestAction.ROLL}
        pick(ctx, found, side, {**acts, **dict.fromkeys(counted, FastContestAction.TEAMWORK)})
    else:
        assert rating is not None
        if helpers:
            raise ctx.error("error.hazard_help", name=side.name)
        effort, counted, roller = Effort(rating, ctx.dice(entered)), (), ""
        skill = side.name
    pending = PendingRoll(
        roller,
        Action.OVERCOME,
        skill,
        resolve(effort, difficulty or 0),
        purpose=RollPurpose.CONTEST,
        refs=(found.name, side.name, "" if difficulty is None else str(difficulty)),
        helpers=counted,
        threat=threat,
        threat_by=threat_by,
    )
    return pending, side, found


@dataclass(frozen=True)
class ThreatStruck:
    """An outside threat's attack on the side that rolled, as applied: the harm the rules
    decided and the members left a hit to absorb."""

    harm: ThreatHarm
    hit: tuple[str, ...]


@dataclass(frozen=True)
class ExchangeRead:
    """A contest after a side's roll or forfeit: the sides still to act, or the exchange
    resolved (the rules' outcome and the contest after it)."""

    contest: str
    waiting: tuple[str, ...] = ()
    outcome: ExchangeOutcome | None = None
    after: Contest | None = None


@dataclass(frozen=True)
class ContestRolled:
    """What a side's roll put in the scene: the threat's hits and the exchange's state."""

    threat: ThreatStruck | None
    exchange: ExchangeRead


def apply_contest_roll(
    ctx: Context, scene: Scene, pending: PendingRoll
) -> tuple[Scene, ContestRolled]:
    """Record a side's roll, the outside threat's hits, and resolve the exchange when every
    side has rolled or forfeited."""
    name, side, difficulty_text = pending.refs
    difficulty = int(difficulty_text) if difficulty_text else None
    entry = ContestRoll(
        name, side, pending.actor, pending.result.effort, difficulty, helpers=pending.helpers
    )
    scene = replace(scene, contest_rolls=(*scene.contest_rolls, entry))
    scene, threat = _apply_threat(scene, pending)
    scene, exchange = _apply_exchange(scene, name)
    return scene, ContestRolled(threat, exchange)


def say_contest_roll(
    ctx: Context, scene: Scene, pending: PendingRoll, rolled: ContestRolled
) -> tuple[str, ...]:
    """The side's roll, the exchange's state, and the threat's attack."""
    _, side, difficulty_text = pending.refs
    who = ctx.who(pending.actor) if pending.actor else side
    effort = effort_text(ctx, pending.result.effort)
    own = ".own" if fold(who) == fold(side) else ""  # a side of one: "X rolls", not "X for X"
    if not difficulty_text:
        line = ctx.tr(
            "contest.roll_direct" + own, actor=who, side=side, skill=pending.skill, effort=effort
        )
    else:
        line = ctx.tr(
            "contest.roll_vs" + own,
            actor=who,
            side=side,
            skill=pending.skill,
            effort=effort,
            difficulty=ctx.rating(int(difficulty_text)),
            shifts=pending.result.shifts,
        )
    threat_lines = _say_threat(ctx, scene, pending, rolled.threat)
    return (line, *_say_exchange(ctx, rolled.exchange), *threat_lines)


settle_contest_roll = settles(Action.OVERCOME, RollPurpose.CONTEST)(
    staged(apply_contest_roll, say_contest_roll)
)


def _apply_threat(scene: Scene, pending: PendingRoll) -> tuple[Scene, ThreatStruck | None]:
    """An outside threat's attack on the side that rolled (§5): «Mikäli heidän yhteinen
    kilpailuheittonsa on pienempi kuin uhan hyökkäysheitto tai säädetty vaikeustaso,
    jokainen hahmo kärsii erotuksen verran vauriota»; each member's hit waits in turn."""
    if pending.threat is None:
        return scene, None
    name, side_name, _ = pending.refs
    side = next(c for c in scene.contests if c.name == name).side(side_name)
    harm = threat_harm(side, pending.result.effort, pending.threat)
    standing = tuple(m for m in harm.members if m in scene.character_index)
    if harm.members:
        hits = [PendingHit(m, harm.harm, StressKind.PHYSICAL, pending.threat_by) for m in standing]
        scene = with_hits(scene, hits)
    return scene, ThreatStruck(harm, standing)


def _say_threat(
    ctx: Context, scene: Scene, pending: PendingRoll, struck: ThreatStruck | None
) -> tuple[str, ...]:
    if struck is None or pending.threat is None:
        return ()
    side_name = pending.refs[1]
    threat_name = ctx.who(pending.threat_by) if pending.threat_by else ctx.tr("contest.threat")
    head = ctx.tr(
        "contest.threat_line",
        threat=threat_name,
        side=side_name,
        effort=effort_text(ctx, pending.threat),
    )
    if not struck.harm.members:
        return (head + " · " + ctx.tr("contest.threat_held", side=side_name),)
    names = ctx.names(struck.hit)
    line = head + " · " + ctx.tr("contest.threat_harm", names=names, shifts=struck.harm.harm)
    assert scene.pending_hit is not None
    return (line, *hit_lines(ctx, scene, scene.pending_hit))


def _apply_exchange(scene: Scene, name: str) -> tuple[Scene, ExchangeRead]:
    """Resolve the exchange (the rules' :func:`contest_exchange`) if every side has rolled
    or forfeited."""
    found = next(c for c in scene.contests if c.name == name)
    rolls = [r for r in scene.contest_rolls if r.contest == name and not r.advantage]
    done = {r.side for r in rolls}
    waiting = tuple(side.name for side in found.sides if side.name not in done)
    if waiting:
        return scene, ExchangeRead(name, waiting)
    rolled = [r for r in rolls if r.effort is not None]
    efforts: dict[str, int | Effort] = {r.side: r.effort for r in rolled if r.effort is not None}
    difficulties = {r.side: r.difficulty for r in rolled if r.difficulty is not None}
    forfeits = [r.side for r in rolls if r.effort is None]
    shifts = exchange_shifts(efforts, difficulties)
    after, outcome = contest_exchange(found, shifts, forfeits)
    scene = _replace_contest(scene, found, after)
    scene = replace(scene, contest_rolls=tuple(r for r in scene.contest_rolls if r.contest != name))
    return scene, ExchangeRead(name, outcome=outcome, after=after)


def _say_exchange(ctx: Context, read: ExchangeRead) -> tuple[str, ...]:
    """Who is left to act, or the exchange's shifts, its verdict and a winner."""
    if read.outcome is None or read.after is None:
        return (ctx.tr("contest.waiting", sides=", ".join(read.waiting)),)
    outcome, after = read.outcome, read.after
    listed = ", ".join(f"{side} {value:+d}" for side, value in outcome.shifts) or ctx.tr("none")
    if outcome.twist:
        verdict = ctx.tr("contest.twist_due")
    elif outcome.leader is not None:
        verdict = ctx.tr(
            "contest.victory",
            side=outcome.leader,
            count=outcome.victories,
            total=after.side(outcome.leader).victories,
            needed=after.victories_needed,
        )
    else:
        verdict = ctx.tr("contest.nothing")
    lines = [ctx.tr("contest.exchange", exchange=outcome.exchange, shifts=listed, result=verdict)]
    if outcome.winner is not None:
        lines.append(ctx.tr("contest.won", side=outcome.winner, contest=read.contest))
    return tuple(lines)


def _resolve_if_complete(ctx: Context, scene: Scene, name: str) -> tuple[Scene, tuple[str, ...]]:
    """Resolve the exchange if every side has rolled or forfeited; else say who is left."""
    scene, read = _apply_exchange(scene, name)
    return scene, _say_exchange(ctx.on(scene), read)


def _forfeit(ctx: Context, request: ContestForfeit) -> Applied:
    found, side, _ = _side_of(ctx, request.side, request.contest)
    if _rolled(ctx.scene, found, side):
        raise ctx.error("error.side_rolled", side=side.name, exchange=found.exchange)
    forfeiting = side.name
    failed = _failed_advantage(ctx.scene, side)
    if failed is not None:
        # The side's answer to its member's failed create an advantage (§5): give up
        # the roll this exchange rather than hand the other side a free invoke.
        choice = AdvantageFailureChoice.FORFEIT_ROLL
        chosen = failed_contest_advantage(choice, side.name, failed.aspect or "", GM)
        assert chosen.forfeits is not None
        forfeiting = chosen.forfeits
    scene = replace(
        ctx.scene, contest_rolls=(*ctx.scene.contest_rolls, ContestRoll(found.name, forfeiting))
    )
    line = ctx.tr("contest.forfeit", side=forfeiting, exchange=found.exchange)
    if failed is not None:
        line += " · " + ctx.tr("contest.forfeit_advantage", name=ctx.who(failed.actor))
    scene, more = _resolve_if_complete(ctx, scene, found.name)
    return Applied(scene, (line, *more), line, frozenset({"contests"}))


def _failed_advantage(scene: Scene, side: ContestSide) -> PendingRoll | None:
    """The roll just made, when it is a failed create an advantage by a member of ``side``
    not yet taken at a cost."""
    pending = scene.pending_roll
    if (
        pending is not None
        and pending.action is Action.CREATE_ADVANTAGE
        and pending.result.outcome is Outcome.FAIL
        and pending.cost is None
        and pending.actor in side.members
    ):
        return pending
    return None


def _twist(ctx: Context, request: ContestTwist) -> Applied:
    found = _contest(ctx, request.contest, running=False)
    name = request.aspect
    if any(make_id(a.name) == make_id(name) for a in ctx.scene.aspects):
        raise ctx.error("error.aspect_exists", aspect=quoted(name), holder=ctx.tr("holder.scene"))
    scene = add_aspect(ctx.scene, SCENE_HOLDER, Aspect(name, AspectKind.SITUATION))
    scene = _replace_contest(scene, found, add_twist(found, name))
    line = ctx.tr("contest.twist", contest=found.name, aspect=quoted(name))
    return Applied(scene, (line,), line, frozenset({"contests", "aspects"}))


def _end_contest(ctx: Context, ref: str | None) -> Applied:
    found = _contest(ctx, ref, running=False)
    scene = replace(
        ctx.scene,
        contests=tuple(c for c in ctx.scene.contests if c is not found),
        contest_rolls=tuple(r for r in ctx.scene.contest_rolls if r.contest != found.name),
    )
    key = "contest.ended_won" if found.winner else "contest.ended"
    line = ctx.tr(key, contest=found.name, side=found.winner or "")
    return Applied(scene, (line,), line, frozenset({"contests"}))


# ---------------------------------------------------------------------------- challenge


def _challenge(ctx: Context, ref: str | None, *, running: bool = True) -> Challenge:
    candidates = [c for c in ctx.scene.challenges if not running or not c.done]
    if ref is not None:
        entries = ((make_id(c.name), c.name, c) for c in ctx.scene.challenges)
        found: Challenge = resolve_name(ref, entries, "challenge", ctx.lang)
        if running and found.done:
            raise ctx.error("error.challenge_over", challenge=found.name)
        return found
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise ctx.error("error.no_challenge")
    raise ctx.error("error.which_challenge", names=", ".join(c.name for c in candidates))


def _task(ctx: Context, word: str, ref: str | None) -> tuple[Challenge, ChallengeTask]:
    challenges = (
        [_challenge(ctx, ref)]
        if ref is not None
        else [c for c in ctx.scene.challenges if not c.done]
    )
    if not challenges:
        raise ctx.error("error.no_challenge")
    entries = [
        (make_id(task.name), task.name, (found, task))
        for found in challenges
        for task in found.tasks
    ]
    found_challenge, task = resolve_name(word, entries, "task", ctx.lang)
    return found_challenge, task


def _task_text(args: Tokens, spec: str) -> ChallengeTask:
    """``"Find the book:Investigate:3"``."""
    parts = [part.strip() for part in spec.split(":")]
    if len(parts) != 3 or not parts[0] or not parts[1]:
        raise args.error("error.task_spec", spec=spec)
    try:
        difficulty = int(parts[2])
    except ValueError:
        raise args.error("error.task_spec", spec=spec) from None
    if abs(difficulty) > 20:
        raise args.error("error.range", low=-20, high=20)
    return ChallengeTask(parts[0], parts[1], difficulty)


def _replace_challenge(scene: Scene, old: Challenge, new: Challenge) -> Scene:
    return replace(scene, challenges=tuple(new if c is old else c for c in scene.challenges))


def progress_lines(ctx: Context, found: Challenge) -> tuple[str, ...]:
    """The challenge's tasks sorted by how they went, and its reading once all are rolled."""
    progress = challenge_progress(found)
    costs = ", ".join(
        f"{task.name} ({task.cost})" if task.cost else task.name
        for task in found.tasks
        if task.at_cost
    )
    line = ctx.tr(
        "challenge.progress",
        challenge=found.name,
        rolled=sum(1 for task in found.tasks if task.rolled),
        total=len(found.tasks),
        successes=", ".join(progress.successes) or ctx.tr("none"),
        costs=costs or ctx.tr("none"),
        failures=", ".join(progress.failures) or ctx.tr("none"),
        remaining=", ".join(progress.remaining) or ctx.tr("none"),
    )
    reading = ctx.tr(f"challenge.reading.{progress.reading.value}")
    # "so far" while tasks remain; once every task is rolled or the GM ended it, its outcome
    pending = progress.reading is ChallengeReading.PENDING
    key = "challenge.reading" if pending else "challenge.reading.final"
    return (line, ctx.tr(key, challenge=found.name, reading=reading))


@dataclass(frozen=True)
class ChallengeStart:
    """``challenge start NAME "TASK:SKILL:DIFFICULTY"...``."""

    name: str
    tasks: tuple[ChallengeTask, ...]


@dataclass(frozen=True)
class TaskRoll:
    """``challenge roll TASK WHO [SKILL] [FACES] [with H,H] [in CHALLENGE]`` (the task's
    own skill unless one is named)."""

    task: str
    who: str
    skill: str | None = None
    dice: DiceRoll | None = None
    helpers: tuple[str, ...] = ()
    challenge: str | None = None


@dataclass(frozen=True)
class ChallengeView:
    """``challenge show|end [CHALLENGE]``: the progress shown, or the challenge closed."""

    challenge: str | None = None
    end: bool = False


ChallengeRequest = ChallengeStart | TaskRoll | ChallengeView
"""Any request of the ``challenge`` verb."""


def parse_challenge(args: Tokens) -> ChallengeRequest:
    """Stage one of ``challenge``: the whole line as a typed request.

    Raises:
        CommandError: The line does not follow the verb's usage, or a task is malformed.
    """
    action = args.keyword("start", "roll", "show", "end")
    if action == "start":
        name = args.take(tr(args.lang, "what.challenge")).strip()
        if not name:
            raise args.missing(tr(args.lang, "what.challenge"))
        tasks = [_task_text(args, args.take(tr(args.lang, "what.task")))]
        while args:
            tasks.append(_task_text(args, args.take(tr(args.lang, "what.task"))))
        return ChallengeStart(name, tuple(tasks))
    ref = _pop_in(args)
    if action == "roll":
        return _parse_task_roll(args, ref)
    if action is None and args:
        raise args.missing(args.words_in("start", "roll", "show", "end", sep="/"))
    if ref is None and args:
        ref = args.take(tr(args.lang, "what.challenge"))
    return ChallengeView(ref, end=action == "end")


def _parse_task_roll(args: Tokens, ref: str | None) -> TaskRoll:
    task = args.take(tr(args.lang, "what.task"))
    who = args.take(tr(args.lang, "what.character"))
    skill = args.word_unless("with", "dice")
    dice, helpers = args.dice_and_helpers()
    entered = parse_faces(dice) if dice is not None else None
    return TaskRoll(task, who, skill, entered, helpers, ref)


@verb(
    "challenge",
    'challenge start NAME "TASK:SKILL:DIFFICULTY"... | roll TASK WHO [SKILL] [FACES] '
    "[with H,H] | show | end [in CHALLENGE]",
    aliases=("ch", "haaste"),
    example="challenge roll codex silbestre Lore +0+0",
    parse=parse_challenge,
)
def challenge(ctx: Context, args: Tokens, request: ChallengeRequest) -> Applied:
    """The challenge verbs: the line parsed (:func:`parse_challenge`), then each request
    decided, applied and said by its own function."""
    if isinstance(request, ChallengeStart):
        return _start_challenge(ctx, request)
    if isinstance(request, TaskRoll):
        no_hit_waiting(ctx)
        return _roll_task(ctx, request)
    found = _challenge(ctx, request.challenge, running=request.end)
    if request.end:
        closed = finish_challenge(found)
        scene = _replace_challenge(ctx.scene, found, closed)
        lines = (ctx.tr("challenge.ended", challenge=found.name), *progress_lines(ctx, closed)[1:])
        return Applied(scene, lines, lines[0], frozenset({"challenges"}))
    return Applied(ctx.scene, progress_lines(ctx, found))


def _start_challenge(ctx: Context, request: ChallengeStart) -> Applied:
    name, tasks = request.name, request.tasks
    if any(make_id(c.name) == make_id(name) for c in ctx.scene.challenges):
        raise ctx.error("error.challenge_exists", challenge=name)
    try:
        started = Challenge(name, tuple(tasks))
    except InvalidValue:
        raise ctx.error("error.task_twice", challenge=name) from None
    scene = replace(ctx.scene, challenges=(*ctx.scene.challenges, started))
    listed = ", ".join(
        f"{task.name} ({task.skill} {ctx.rating(task.difficulty)})" for task in tasks
    )
    line = ctx.tr("challenge.started", challenge=name, tasks=listed)
    return Applied(scene, (line,), line, frozenset({"challenges"}))


def _roll_task(ctx: Context, request: TaskRoll) -> Applied:
    """A task's roll: decided here (the task's difficulty, the effort with teamwork), then
    settled (applied and said by :func:`apply_task` and :func:`say_task`)."""
    found, task = _task(ctx, request.task, request.challenge)
    if task.rolled:
        raise ctx.error(
            "error.task_rolled", task=task.name, outcome=ctx.tr(f"outcome.{task.outcome}")
        )
    actor = ctx.standing(request.who)
    skill = task.skill if request.skill is None else ctx.skill(actor, request.skill)
    helpers = list(request.helpers)
    effort, counted, _ = action_effort(ctx, actor, skill, request.dice, helpers)
    pending = PendingRoll(
        actor.id,
        Action.OVERCOME,
        skill,
        resolve(effort, task.difficulty),
        purpose=RollPurpose.TASK,
        refs=(found.name, task.name),
        helpers=counted,
    )
    scene, lines = settle(ctx, ctx.scene, pending)
    label = ctx.tr("label.task", actor=actor.name, task=task.name)
    return Applied(scene, lines, label, frozenset({"pending", "challenges"}))


@dataclass(frozen=True)
class TaskRecorded:
    """What a task's roll put in the scene: the challenge with the task recorded."""

    challenge: Challenge
    cost: str
    """The cost the task was achieved at ("" for none, or none named yet)."""


def apply_task(ctx: Context, scene: Scene, pending: PendingRoll) -> tuple[Scene, TaskRecorded]:
    """Record the task's outcome (achieved at a cost when one was named)."""
    name, task_name = pending.refs
    found = next(c for c in scene.challenges if c.name == name)
    cost = "" if pending.result.outcome.succeeded else pending.cost or ""
    recorded = record_task(found, task_name, pending.result, cost=cost)
    return _replace_challenge(scene, found, recorded), TaskRecorded(recorded, cost)


def say_task(
    ctx: Context, scene: Scene, pending: PendingRoll, recorded: TaskRecorded
) -> tuple[str, ...]:
    """The roll's line, a call for the cost of a tie, and the challenge's progress."""
    lines = [overcome_line(ctx, pending, "challenge.roll_line", task=pending.refs[1])]
    if pending.result.outcome is Outcome.TIE and not recorded.cost:
        lines.append(ctx.tr("challenge.name_cost"))
    return (*lines, *progress_lines(ctx, recorded.challenge))


settle_task = settles(Action.OVERCOME, RollPurpose.TASK)(staged(apply_task, say_task))
