"""Contests and challenges at their edges: an exchange everyone forfeits, a tie beside a
forfeit, a failed advantage's record, a side with no roller, task notes (docs/rules.md §5, §8)."""

from __future__ import annotations

import pytest

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.contests import (
    AdvantageFailureChoice,
    Challenge,
    ChallengeTask,
    Contest,
    ContestSide,
    ExchangeOutcome,
    FailedAdvantage,
    FastContestAction,
    FastContestPlan,
    contest_exchange,
    direct_contest_shifts,
    failed_contest_advantage,
    plan_fast_exchange,
    record_task,
)
from fatescreen.rules.errors import ChallengeError, ContestError
from fatescreen.rules.outcomes import Outcome

CHASE = Contest("Chase", (ContestSide("heroes"), ContestSide("cultists"), ContestSide("ghoul")))


def test_an_exchange_every_side_forfeits_marks_nothing_and_moves_on() -> None:
    """§5 «Kilpailut»: a side whose member failed to create an advantage may give up its
    roll; if every side does, the exchange passes with no victory."""
    after, outcome = contest_exchange(CHASE, {}, forfeits=("ghoul", "heroes", "cultists"))
    assert outcome == ExchangeOutcome(1, (), ("heroes", "cultists", "ghoul"))
    assert (after.exchange, after.winner) == (2, None)
    assert [side.victories for side in after.sides] == [0, 0, 0]


def test_a_tie_beside_a_forfeit_is_a_twist_that_names_the_forfeit() -> None:
    """§5 «Kilpailut»: «Jos korkein erotus menee tasan useamman kuin yhden osapuolen kesken,
    kukaan ei merkitse itselleen voittoa, ja tapahtuu yllättävä käänne» — the outcome still
    lists the side that forfeited."""
    _, outcome = contest_exchange(CHASE, {"heroes": 2, "cultists": 2}, forfeits=("ghoul",))
    assert outcome == ExchangeOutcome(1, (("heroes", 2), ("cultists", 2)), ("ghoul",), twist=True)


def test_a_failed_advantage_either_forfeits_or_gives_a_free_invoke() -> None:
    """§5: a failed create an advantage in a contest: give up the side's roll, or keep it
    and give the other side a free invoke on the situation aspect."""
    forfeit = AdvantageFailureChoice.FORFEIT_ROLL
    assert failed_contest_advantage(forfeit, "heroes", "Slick cobbles", "ghoul") == (
        FailedAdvantage(choice=forfeit, forfeits="heroes")
    )
    give = AdvantageFailureChoice.GIVE_FREE_INVOKE
    assert failed_contest_advantage(give, "heroes", "Slick cobbles", "ghoul") == FailedAdvantage(
        choice=give,
        aspect=Aspect("Slick cobbles", AspectKind.SITUATION, free_invokes=("ghoul",)),
    )


def test_a_side_may_make_no_roll_in_a_faster_contest() -> None:
    """§8 faster contests: each member picks one action; nobody has to roll."""
    side = ContestSide("heroes", ("silbestre", "rozio"))
    plan = plan_fast_exchange(
        side, {"silbestre": FastContestAction.ADVANTAGE, "rozio": FastContestAction.TEAMWORK}
    )
    assert plan == FastContestPlan("heroes", None, ("silbestre",), ("rozio",))


def test_direct_shifts_need_two_efforts() -> None:
    with pytest.raises(ContestError) as refused:
        direct_contest_shifts({"heroes": 3})
    assert str(refused.value) == "sides rolling against each other need at least two efforts"


def test_a_task_keeps_its_note_unless_a_new_one_is_given() -> None:
    """§5 «Haasteet»: each task is an overcome roll; a note written with the task stays
    until the result brings another."""
    challenge = Challenge(
        "Escape the flood",
        (
            ChallengeTask("Open the gate", "Physique", 2, note="rusted shut"),
            ChallengeTask("Calm the horses", "Empathy", 1),
        ),
    )
    kept = record_task(challenge, "Open the gate", Outcome.SUCCESS)
    assert kept.task("Open the gate").note == "rusted shut"
    replaced = record_task(challenge, "Open the gate", Outcome.TIE, note="barely")
    assert replaced.task("Open the gate").note == "barely"
    plain = record_task(challenge, "Calm the horses", Outcome.SUCCESS)
    assert plain.task("Calm the horses").note == ""
    with pytest.raises(ChallengeError) as unknown:
        Challenge("Empty", ()).task("Open the gate")
    assert str(unknown.value) == "no task 'Open the gate' in 'Empty'; tasks: none"
