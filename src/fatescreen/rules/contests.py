"""Contests, their victories and twists, and challenges (docs/rules.md §5, §8 faster contests)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from fatescreen.rules.actions import OVERCOME_TABLE
from fatescreen.rules.aspects import Aspect, AspectKind, make_id
from fatescreen.rules.conflict import effort_total
from fatescreen.rules.errors import ChallengeError, ContestError, InvalidValue
from fatescreen.rules.outcomes import Effort, Outcome, RollResult, outcome_for, resolve

MIN_VICTORIES = 3
"""The usual number of victories that wins a contest."""
MAX_VICTORIES = 5
"""The most victories a contest should ever need."""


def _listing(names: Iterable[str]) -> str:
    return ", ".join(names) or "none"


# --- Contests --------------------------------------------------------------------------


@dataclass(frozen=True)
class ContestSide:
    """One side of a contest: its members' ids and the victories it has marked."""

    name: str
    members: tuple[str, ...] = ()
    victories: int = 0

    def __post_init__(self) -> None:
        if self.victories < 0:
            raise InvalidValue(
                f"side {self.name!r} cannot have {self.victories} victories",
                code="contest.side_victories",
                side=self.name,
                victories=self.victories,
            )


@dataclass(frozen=True)
class Contest:
    """A contest between two or more sides, won by the first to enough victories (§5)."""

    name: str
    sides: tuple[ContestSide, ...]
    victories_needed: int = MIN_VICTORIES
    exchange: int = 1
    twists: tuple[str, ...] = ()
    """Names of the situation aspects the GM added as twists."""
    winner: str | None = None
    faster: bool = False
    """True to use the faster-contests option (§8)."""
    threat: str | None = None
    """An outside threat (a hazard's id) that attacks each side's roll (§5)."""

    def __post_init__(self) -> None:
        if not MIN_VICTORIES <= self.victories_needed <= MAX_VICTORIES:
            raise InvalidValue(
                f"contest {self.name!r}: victories needed must be {MIN_VICTORIES} to "
                f"{MAX_VICTORIES}, not {self.victories_needed}",
                code="contest.needed",
                name=self.name,
                low=MIN_VICTORIES,
                high=MAX_VICTORIES,
                needed=self.victories_needed,
            )
        if len(self.sides) < 2:
            raise InvalidValue(
                f"contest {self.name!r} needs at least two sides",
                code="contest.two_sides",
                name=self.name,
            )
        names = [side.name for side in self.sides]
        if len(set(names)) != len(names):
            raise InvalidValue(
                f"contest {self.name!r} names a side twice",
                code="contest.side_twice",
                name=self.name,
            )
        if self.exchange < 1:
            raise InvalidValue(
                f"exchanges are counted from 1, not {self.exchange}",
                code="exchange.from_one",
                exchange=self.exchange,
            )
        if self.winner is not None and self.winner not in names:
            raise InvalidValue(
                f"contest {self.name!r}: {self.winner!r} is not a side",
                code="contest.winner",
                name=self.name,
                winner=self.winner,
            )

    @property
    def side_names(self) -> tuple[str, ...]:
        """The sides' names, in order."""
        return tuple(side.name for side in self.sides)

    def side(self, name: str) -> ContestSide:
        """The side with that name.

        Raises:
            ContestError: No such side; the message lists the sides.
        """
        found = next((side for side in self.sides if side.name == name), None)
        if found is None:
            raise ContestError(
                f"no side {name!r} in {self.name!r}; sides: {_listing(self.side_names)}",
                code="contests.side",
                name=name,
                self_name=self.name,
                value=_listing(self.side_names),
            )
        return found


@dataclass(frozen=True)
class ExchangeOutcome:
    """What one exchange of a contest did (§5)."""

    exchange: int
    shifts: tuple[tuple[str, int], ...]
    """Each rolling side's shifts, in the contest's side order."""
    forfeited: tuple[str, ...] = ()
    leader: str | None = None
    """The side that marked victories this exchange, if any."""
    victories: int = 0
    twist: bool = False
    """True when sides tied for the highest shifts: the GM adds a situation aspect."""
    winner: str | None = None
    """The side that won the contest with this exchange, if any."""


def direct_contest_shifts(efforts: Mapping[str, int | Effort]) -> dict[str, int]:
    """Shifts for sides rolling straight against each other (§5).

    Each side's shifts are its effort minus the best effort among the other sides.

    Raises:
        ContestError: Fewer than two efforts are given.
    """
    totals = {name: effort_total(effort) for name, effort in efforts.items()}
    if len(totals) < 2:
        raise ContestError(
            "sides rolling against each other need at least two efforts",
            code="contests.direct_contest_shifts",
        )
    return {
        name: total - max(other for key, other in totals.items() if key != name)
        for name, total in totals.items()
    }


def exchange_shifts(
    efforts: Mapping[str, int | Effort], difficulties: Mapping[str, int] | None = None
) -> dict[str, int]:
    """The shifts of each side that rolled in an exchange (§5 «Kilpailut»).

    «Ratkaisuheitot tehdään kiinteää vaikeustasoa vastaan, jos jokainen kilpailija yrittää
    peitota ympäristön haasteita, tai heiton tuloksia verrataan toisiinsa»: against a fixed
    difficulty a side's shifts are «kunkin puolen vaikutuksen ja vaikeustason erotus»;
    rolled straight against each other, its effort minus the best of the others
    (:func:`direct_contest_shifts`). A side left rolling alone (every other side forfeited)
    keeps its whole effort, which no one opposed.

    Args:
        efforts: The effort of each side that rolled (not of those that forfeited).
        difficulties: The difficulty each side rolled against; none when they rolled
            against each other (a side missing from it faces +0).
    """
    if difficulties:
        return {
            side: effort_total(effort) - difficulties.get(side, 0)
            for side, effort in efforts.items()
        }
    if len(efforts) >= 2:
        return direct_contest_shifts(efforts)
    return {side: effort_total(effort) for side, effort in efforts.items()}


def contest_exchange(
    contest: Contest,
    results: Mapping[str, RollResult | int],
    forfeits: Collection[str] = (),
) -> tuple[Contest, ExchangeOutcome]:
    """Resolve one exchange of a contest (§5).

    The side with the highest shifts marks a victory, or two if it succeeded with style
    and no other side did. A tie for the highest marks nothing and a twist is due. The
    first side to reach the victories needed wins.

    Args:
        contest: The contest, not yet won.
        results: Each rolling side's roll against the difficulty or opposition, or its
            shifts (see :func:`direct_contest_shifts`).
        forfeits: Sides that gave up their roll this exchange (a failed create an
            advantage, :func:`failed_contest_advantage`).

    Raises:
        ContestError: The contest is already won, a side is unknown, rolls and forfeits
            too, or has neither.
    """
    if contest.winner is not None:
        raise ContestError(
            f"{contest.name!r} is already won by {contest.winner}",
            code="contests.contest_exchange",
            contest_name=contest.name,
            winner=contest.winner,
        )
    for name in (*results, *forfeits):
        contest.side(name)
    both = [name for name in forfeits if name in results]
    if both:
        raise ContestError(
            f"{_listing(both)} cannot both roll and forfeit the roll",
            code="contests.contest_exchange_2",
            value=_listing(both),
        )
    missing = [n for n in contest.side_names if n not in results and n not in forfeits]
    if missing:
        raise ContestError(
            f"no roll for {_listing(missing)}: enter a roll or a forfeit",
            code="contests.contest_exchange_3",
            value=_listing(missing),
        )
    shifts = {
        name: result.shifts if isinstance(result, RollResult) else result
        for name, result in results.items()
    }
    ordered = tuple((name, shifts[name]) for name in contest.side_names if name in shifts)
    forfeited = tuple(name for name in contest.side_names if name in forfeits)
    after = replace(contest, exchange=contest.exchange + 1)
    if not shifts:
        return after, ExchangeOutcome(contest.exchange, ordered, forfeited)
    best = max(shifts.values())
    leaders = [name for name, value in ordered if value == best]
    if len(leaders) > 1:
        return after, ExchangeOutcome(contest.exchange, ordered, forfeited, twist=True)
    leader = leaders[0]
    others_with_style = any(
        outcome_for(value) is Outcome.STYLE for name, value in ordered if name != leader
    )
    marked = 2 if outcome_for(best) is Outcome.STYLE and not others_with_style else 1
    sides = tuple(
        replace(side, victories=side.victories + marked) if side.name == leader else side
        for side in contest.sides
    )
    after = replace(after, sides=sides)
    winner = leader if after.side(leader).victories >= contest.victories_needed else None
    after = replace(after, winner=winner)
    return after, ExchangeOutcome(
        contest.exchange, ordered, forfeited, leader=leader, victories=marked, winner=winner
    )


def add_twist(contest: Contest, aspect_name: str) -> Contest:
    """Record the situation aspect the GM added as a twist after a tie (§5)."""
    return replace(contest, twists=(*contest.twists, aspect_name))


class AdvantageFailureChoice(StrEnum):
    """What a side does when one of its members fails to create an advantage (§5)."""

    FORFEIT_ROLL = "forfeit_roll"
    """Give up the side's roll this exchange."""
    GIVE_FREE_INVOKE = "give_free_invoke"
    """Success at a serious cost: keep the roll, the aspect exists, the other side gets
    its free invoke."""


@dataclass(frozen=True)
class FailedAdvantage:
    """The consequence of a failed create an advantage in a contest (§5)."""

    choice: AdvantageFailureChoice
    forfeits: str | None = None
    """The side that gives up its roll this exchange, if it chose so."""
    aspect: Aspect | None = None
    """The aspect created anyway, its free invoke held by the other side."""


def failed_contest_advantage(
    choice: AdvantageFailureChoice, side: str, aspect_name: str, opposition: str
) -> FailedAdvantage:
    """Apply a side's choice after a failed create an advantage in a contest (§5).

    Args:
        choice: Forfeit the side's roll, or keep it and give the other side a free invoke.
        side: The side whose member failed.
        aspect_name: The aspect that was attempted.
        opposition: Who on the other side holds the free invoke (a character id).
    """
    if choice is AdvantageFailureChoice.FORFEIT_ROLL:
        return FailedAdvantage(choice=choice, forfeits=side)
    aspect = Aspect(name=aspect_name, kind=AspectKind.SITUATION, free_invokes=(opposition,))
    return FailedAdvantage(choice=choice, aspect=aspect)


@dataclass(frozen=True)
class ThreatHarm:
    """Harm an outside threat deals to a contest side (§5)."""

    side: str
    harm: int
    """Shifts of harm each member must absorb."""
    members: tuple[str, ...] = ()
    """The members who take that harm (none when the side's roll held)."""


def threat_harm(
    side: ContestSide, side_effort: int | Effort, threat_attack: int | Effort
) -> ThreatHarm:
    """An outside threat's attack on a contest side (§5).

    If the side's roll is below the threat's attack (or set difficulty), every character on
    the side takes the difference as harm.
    """
    harm = max(effort_total(threat_attack) - effort_total(side_effort), 0)
    return ThreatHarm(side=side.name, harm=harm, members=side.members if harm else ())


class FastContestAction(StrEnum):
    """The one thing each participant does per exchange of a faster contest (§8)."""

    ROLL = "roll"
    """Make the side's roll."""
    ADVANTAGE = "advantage"
    """Create an advantage, giving no teamwork bonus."""
    TEAMWORK = "teamwork"
    """Give teamwork to an ally's roll or create an advantage; no roll of one's own."""


@dataclass(frozen=True)
class FastContestPlan:
    """Who does what for one side in an exchange of a faster contest (§8)."""

    side: str
    roller: str | None = None
    advantage: tuple[str, ...] = ()
    helpers: tuple[str, ...] = ()


def plan_fast_exchange(
    side: ContestSide, choices: Mapping[str, FastContestAction]
) -> FastContestPlan:
    """Check one side's picks for an exchange of a faster contest (§8).

    Each member picks one action; only one of them makes the side's roll.

    Raises:
        ContestError: A non-member picks, or more than one member picks the roll.
    """
    strangers = [member for member in choices if member not in side.members]
    if strangers:
        raise ContestError(
            f"{_listing(strangers)} not on side {side.name!r}",
            code="contests.plan_fast_exchange",
            value=_listing(strangers),
            side_name=side.name,
        )
    rollers = [m for m, action in choices.items() if action is FastContestAction.ROLL]
    if len(rollers) > 1:
        raise ContestError(
            f"only one member of side {side.name!r} makes its roll, not {_listing(rollers)}",
            code="contests.plan_fast_exchange_2",
            side_name=side.name,
            value=_listing(rollers),
        )
    return FastContestPlan(
        side=side.name,
        roller=rollers[0] if rollers else None,
        advantage=tuple(m for m, a in choices.items() if a is FastContestAction.ADVANTAGE),
        helpers=tuple(m for m, a in choices.items() if a is FastContestAction.TEAMWORK),
    )


def fast_exchange_pick(
    side: ContestSide,
    picks: Mapping[str, FastContestAction],
    member: str,
    action: FastContestAction,
) -> FastContestPlan:
    """Add one member's pick to its side's picks this exchange of a faster contest (§8).

    «Jokaisella kierroksella kilpailussa, kukin osallistuja voi valita vain yhden
    seuraavista toiminnoista»: a member who has picked (rolled, created an advantage or
    given teamwork) picks nothing more this exchange.

    Raises:
        ContestError: The member already picked, is not on the side, or a second member
            would make the side's roll.
    """
    if member in picks:
        raise ContestError(
            f"{member} already picked {picks[member].value} this exchange of a faster contest",
            code="contests.fast_exchange_pick",
            member=member,
            action=picks[member],
        )
    return plan_fast_exchange(side, {**picks, member: action})


# --- Challenges ------------------------------------------------------------------------


@dataclass(frozen=True)
class ChallengeTask:
    """One overcome roll of a challenge; ``outcome`` is None until it is rolled (§5).

    ``cost`` is the price paid to turn a tie or a failure into success at a cost.
    """

    name: str
    skill: str
    difficulty: int
    outcome: Outcome | None = None
    cost: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        if self.cost and (self.outcome is None or self.outcome.succeeded):
            raise InvalidValue(
                f"task {self.name!r}: only a tie or a failure is bought with a cost",
                code="challenge.cost",
                name=self.name,
            )

    @property
    def rolled(self) -> bool:
        """True once the roll is recorded."""
        return self.outcome is not None

    @property
    def achieved(self) -> bool:
        """True for a success, a tie (success at a minor cost, §2 overcome: «Jos saat
        tasapelin, onnistut pienellä hinnalla»), or a failure turned into success at a
        serious cost."""
        if self.outcome is None:
            return False
        return OVERCOME_TABLE[self.outcome].succeeded or bool(self.cost)

    @property
    def at_cost(self) -> bool:
        """True when the task was achieved at a cost: a tie, or a failure bought."""
        return self.achieved and not (self.outcome is not None and self.outcome.succeeded)


@dataclass(frozen=True)
class Challenge:
    """A set of overcome rolls against one complex problem (§5)."""

    name: str
    tasks: tuple[ChallengeTask, ...]
    done: bool = False

    def __post_init__(self) -> None:
        keys = [make_id(task.name) for task in self.tasks]
        if len(set(keys)) != len(keys):
            raise InvalidValue(
                f"challenge {self.name!r} names a task twice",
                code="challenge.task_twice",
                name=self.name,
            )

    def task(self, name: str) -> ChallengeTask:
        """The task with that name (case and spacing ignored).

        Raises:
            ChallengeError: No such task; the message lists the tasks.
        """
        key = make_id(name)
        found = next((task for task in self.tasks if make_id(task.name) == key), None)
        if found is None:
            listed = _listing(task.name for task in self.tasks)
            raise ChallengeError(
                f"no task {name!r} in {self.name!r}; tasks: {listed}",
                code="contests.task",
                name=name,
                self_name=self.name,
                listed=listed,
            )
        return found


def roll_task(task: ChallengeTask, effort: Effort) -> RollResult:
    """An effort against a task's difficulty."""
    return resolve(effort, task.difficulty)


def record_task(
    challenge: Challenge,
    task_name: str,
    result: RollResult | Outcome,
    cost: str = "",
    note: str = "",
) -> Challenge:
    """Record a task's roll, and the cost if a tie or failure became success at a cost.

    Raises:
        ChallengeError: The challenge is done, the task is unknown or already rolled, or a
            cost is given for a success.
    """
    if challenge.done:
        raise ChallengeError(
            f"challenge {challenge.name!r} is already over",
            code="contests.record_task",
            challenge_name=challenge.name,
        )
    task = challenge.task(task_name)
    if task.rolled:
        raise ChallengeError(
            f"task {task.name!r} is already rolled ({task.outcome})",
            code="contests.task_rolled",
            name=task.name,
            outcome=task.outcome,
        )
    outcome = result.outcome if isinstance(result, RollResult) else result
    if cost and outcome.succeeded:
        raise ChallengeError(
            f"task {task.name!r} succeeded; a success has no cost",
            code="contests.record_task_3",
            task_name=task.name,
        )
    done = replace(task, outcome=outcome, cost=cost, note=note or task.note)
    return replace(challenge, tasks=tuple(done if old is task else old for old in challenge.tasks))


class ChallengeReading(StrEnum):
    """A first reading of a challenge's overall result; the GM has the final word (§5)."""

    PENDING = "pending"
    SUCCESS = "success"
    SUCCESS_AT_COST = "success_at_cost"
    PARTIAL = "partial"
    FAILURE = "failure"


@dataclass(frozen=True)
class ChallengeProgress:
    """Task names sorted by how they went (§5)."""

    successes: tuple[str, ...] = ()
    costs: tuple[str, ...] = ()
    """Tasks achieved at a cost."""
    failures: tuple[str, ...] = ()
    remaining: tuple[str, ...] = ()
    closed: bool = False
    """The GM ended the challenge: a task still to go was not achieved."""

    @property
    def reading(self) -> ChallengeReading:
        """Pending while tasks remain in a running challenge; then success, success at a
        cost, partial success (a mix of achieved and failed or unrolled tasks) or failure."""
        if self.remaining and not self.closed:
            return ChallengeReading.PENDING
        if not self.failures and not self.remaining:
            return ChallengeReading.SUCCESS_AT_COST if self.costs else ChallengeReading.SUCCESS
        if self.successes or self.costs:
            return ChallengeReading.PARTIAL
        return ChallengeReading.FAILURE


def challenge_progress(challenge: Challenge) -> ChallengeProgress:
    """Sort the challenge's tasks into successes, costs, failures and remaining."""

    tasks = challenge.tasks
    return ChallengeProgress(
        successes=tuple(t.name for t in tasks if t.outcome is not None and t.outcome.succeeded),
        costs=tuple(t.name for t in tasks if t.at_cost),
        failures=tuple(t.name for t in tasks if t.rolled and not t.achieved),
        remaining=tuple(t.name for t in tasks if not t.rolled),
        closed=challenge.done,
    )


def finish_challenge(challenge: Challenge) -> Challenge:
    """Close the challenge; the GM may close it with tasks left unrolled."""
    return replace(challenge, done=True)


def won_by_pcs(
    challenges: Iterable[Challenge], contests: Iterable[Contest], pcs: Collection[str]
) -> tuple[str, ...]:
    """The challenges the PCs have won (a success, at a cost or not) and the contests a side
    with a PC has won (§5): what a big bad's immunity waits for (§7)."""
    won = [
        challenge.name
        for challenge in challenges
        if challenge_progress(challenge).reading
        in (ChallengeReading.SUCCESS, ChallengeReading.SUCCESS_AT_COST)
    ]
    for contest in contests:
        side = next((s for s in contest.sides if s.name == contest.winner), None)
        if side is not None and set(pcs) & set(side.members):
            won.append(contest.name)
    return tuple(won)
