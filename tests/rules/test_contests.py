"""Contests and challenges (§5 «Kilpailut», «Haasteet»; §8 «Nopeammat kilpailut»)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.contests import (
    AdvantageFailureChoice,
    Challenge,
    ChallengeProgress,
    ChallengeReading,
    ChallengeTask,
    Contest,
    ContestSide,
    FastContestAction,
    FastContestPlan,
    ThreatHarm,
    add_twist,
    challenge_progress,
    contest_exchange,
    direct_contest_shifts,
    exchange_shifts,
    failed_contest_advantage,
    finish_challenge,
    plan_fast_exchange,
    record_task,
    roll_task,
    threat_harm,
)
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.errors import ChallengeError, ContestError
from fatescreen.rules.outcomes import Effort, Outcome, resolve

HEROES = ContestSide("heroes", ("silbestre", "rozio"))
CULT = ContestSide("cult", ("leader",))
CHASE = Contest("Chase through the harbour", (HEROES, CULT))

# --- Contests --------------------------------------------------------------------------


def test_direct_contest_compares_the_efforts() -> None:
    """§5: in a direct contest the sides' efforts are compared with each other."""
    assert direct_contest_shifts({"heroes": 5, "cult": 3}) == {"heroes": 2, "cult": -2}
    assert direct_contest_shifts({"a": Effort(2, parse_faces("+000")), "b": 4, "c": 1}) == {
        "a": -1,
        "b": 1,
        "c": -3,
    }
    with pytest.raises(ContestError, match="at least two efforts"):
        direct_contest_shifts({"a": 3})


@pytest.mark.parametrize(
    ("efforts", "difficulties", "shifts"),
    [
        # «Ratkaisuheitot tehdään kiinteää vaikeustasoa vastaan ... Vertaile jokaisen
        # kierroksen jälkeen kunkin puolen vaikutuksen ja vaikeustason erotusta.»
        ({"heroes": 4, "cult": 1}, {"heroes": 2, "cult": 2}, {"heroes": 2, "cult": -1}),
        ({"heroes": Effort(3, parse_faces("++0-"))}, {"heroes": 3}, {"heroes": 1}),
        # a side the difficulties leave out faces Mediocre (+0)
        ({"heroes": 4, "cult": 1}, {"heroes": 2}, {"heroes": 2, "cult": 1}),
        # «... tai heiton tuloksia verrataan toisiinsa, jos kyseessä on suorempi kilpailu.»
        ({"heroes": 5, "cult": 3}, {}, {"heroes": 2, "cult": -2}),
        # the other side forfeited: the one that rolled faces no one
        ({"cult": 2}, {}, {"cult": 2}),
    ],
)
def test_an_exchange_measures_shifts_against_a_difficulty_or_each_other(
    efforts: dict[str, int | Effort], difficulties: dict[str, int], shifts: dict[str, int]
) -> None:
    """§5 «Kilpailut»: against a fixed difficulty, or the rolls compared."""
    assert exchange_shifts(efforts, difficulties) == shifts


@pytest.mark.parametrize(
    ("results", "leader", "victories", "twist"),
    [
        ({"heroes": 2, "cult": -2}, "heroes", 1, False),
        ({"heroes": 3, "cult": -3}, "heroes", 2, False),  # style, nobody else: two
        ({"heroes": 5, "cult": 3}, "heroes", 1, False),  # both with style: only one
        ({"heroes": 1, "cult": 4}, "cult", 2, False),
        ({"heroes": 2, "cult": 2}, None, 0, True),  # tie for highest: a twist
        ({"heroes": -1, "cult": -1}, None, 0, True),
        ({"heroes": -1, "cult": -3}, "heroes", 1, False),  # the highest marks, even a failure
    ],
)
def test_contest_exchange_marks_victories(
    results: dict[str, int], leader: str | None, victories: int, twist: bool
) -> None:
    """§5: the highest shifts mark a victory; two with style when no other side had style;
    a tie for the highest marks nothing and a twist is due."""
    after, outcome = contest_exchange(CHASE, results)
    assert (outcome.leader, outcome.victories, outcome.twist) == (leader, victories, twist)
    assert outcome.exchange == 1
    assert after.exchange == 2
    assert outcome.shifts == (("heroes", results["heroes"]), ("cult", results["cult"]))
    marked = {side.name: side.victories for side in after.sides}
    assert marked == {name: victories if name == leader else 0 for name in ("heroes", "cult")}
    assert after.winner is None


def test_contest_exchange_takes_rolls_against_a_fixed_difficulty() -> None:
    """§5: against the environment each side rolls an overcome at a fixed difficulty."""
    heroes = resolve(Effort(3, parse_faces("0+00")), 2)  # +2
    cult = resolve(Effort(2, parse_faces("++0+")), 2)  # +3, style
    after, outcome = contest_exchange(CHASE, {"heroes": heroes, "cult": cult})
    assert (outcome.leader, outcome.victories) == ("cult", 2)
    assert after.side("cult").victories == 2


def test_twist_ties_among_three_sides_and_is_recorded() -> None:
    """§5: a tie for the highest among several sides: nobody marks; the GM adds an aspect."""
    race = Contest("Race", (ContestSide("a"), ContestSide("b"), ContestSide("c")))
    after, outcome = contest_exchange(race, {"a": 2, "b": 2, "c": -1})
    assert outcome.twist
    assert all(side.victories == 0 for side in after.sides)
    twisted = add_twist(after, "Landslide on the road")
    assert twisted.twists == ("Landslide on the road",)


def test_first_to_three_victories_wins_and_the_contest_then_stops() -> None:
    """§5: the first side to three victories wins the contest."""
    contest = Contest("Debate", (ContestSide("heroes", victories=2), CULT))
    after, outcome = contest_exchange(contest, {"heroes": 1, "cult": 0})
    assert (outcome.winner, after.winner, after.side("heroes").victories) == (
        "heroes",
        "heroes",
        3,
    )
    with pytest.raises(ContestError, match="already won by heroes"):
        contest_exchange(after, {"heroes": 1, "cult": 0})


def test_raised_victory_count_and_style_overshooting_it() -> None:
    """§5: the victories needed may be raised up to five; two at once may end it."""
    long_chase = Contest("Long chase", (ContestSide("heroes", victories=4), CULT), 5)
    still, _ = contest_exchange(
        Contest("Long chase", (ContestSide("heroes", victories=3), CULT), 5),
        {"heroes": 1, "cult": 0},
    )
    assert still.winner is None
    done, outcome = contest_exchange(long_chase, {"heroes": 4, "cult": 0})
    assert (outcome.victories, done.side("heroes").victories, done.winner) == (2, 6, "heroes")


@pytest.mark.parametrize("needed", [2, 6, 0])
def test_victories_needed_are_three_to_five(needed: int) -> None:
    """§5: three by default; raise it if you like, never above five."""
    with pytest.raises(ValueError, match=f"3 to 5, not {needed}"):
        Contest("X", (HEROES, CULT), needed)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Contest("X", (HEROES,)), "at least two sides"),
        (lambda: Contest("X", (HEROES, HEROES)), "names a side twice"),
        (lambda: Contest("X", (HEROES, CULT), exchange=0), "counted from 1"),
        (lambda: Contest("X", (HEROES, CULT), winner="villains"), "'villains' is not a side"),
        (lambda: ContestSide("x", victories=-1), "cannot have -1 victories"),
    ],
)
def test_contest_rejects_impossible_states(make: Callable[[], object], message: str) -> None:
    """§5: a contest has two or more distinct sides and counts from exchange 1."""
    with pytest.raises(ValueError, match=message):
        make()


def test_contest_exchange_explains_bad_input() -> None:
    """§5: every side rolls or forfeits; unknown sides are named with the real ones."""
    with pytest.raises(ContestError, match="no roll for cult: enter a roll or a forfeit"):
        contest_exchange(CHASE, {"heroes": 1})
    with pytest.raises(ContestError, match=r"no side 'cops' in .*; sides: heroes, cult"):
        contest_exchange(CHASE, {"heroes": 1, "cops": 2})
    with pytest.raises(ContestError, match="cult cannot both roll and forfeit"):
        contest_exchange(CHASE, {"heroes": 1, "cult": 2}, forfeits=("cult",))


def test_failed_advantage_forfeit_the_roll() -> None:
    """§5 «Kilpailussa edun luominen»: after a failed create an advantage, the side may
    give up its roll this exchange; the other side's roll then stands alone."""
    failed = failed_contest_advantage(
        AdvantageFailureChoice.FORFEIT_ROLL, "heroes", "Shortcut through the market", "leader"
    )
    assert (failed.forfeits, failed.aspect) == ("heroes", None)
    after, outcome = contest_exchange(CHASE, {"cult": 1}, forfeits=("heroes",))
    assert (outcome.forfeited, outcome.leader, outcome.victories) == (("heroes",), "cult", 1)
    assert after.side("cult").victories == 1


def test_failed_advantage_give_the_other_side_a_free_invoke() -> None:
    """§5: or success at a serious cost: keep the roll; the aspect exists and the other
    side gets its free invoke."""
    failed = failed_contest_advantage(
        AdvantageFailureChoice.GIVE_FREE_INVOKE, "heroes", "Shortcut through the market", "leader"
    )
    assert failed.forfeits is None
    assert failed.aspect == Aspect(
        "Shortcut through the market", AspectKind.SITUATION, free_invokes=("leader",)
    )


def test_everyone_forfeits_nothing_happens() -> None:
    """§5: with no roll made, nobody marks a victory and no twist is due."""
    after, outcome = contest_exchange(CHASE, {}, forfeits=("heroes", "cult"))
    assert (outcome.leader, outcome.twist, after.exchange) == (None, False, 2)


@pytest.mark.parametrize(
    ("side_effort", "threat", "harm", "members"),
    [
        (2, 5, 3, ("silbestre", "rozio")),
        (Effort(3, parse_faces("-000")), Effort(4, parse_faces("0000")), 2, ("silbestre", "rozio")),
        (5, 5, 0, ()),  # not below: no harm
        (6, 4, 0, ()),
    ],
)
def test_outside_threat_harms_every_member_of_a_side(
    side_effort: int | Effort, threat: int | Effort, harm: int, members: tuple[str, ...]
) -> None:
    """§5: if a side's roll is below the threat's attack, each of its characters takes the
    difference as harm."""
    assert threat_harm(HEROES, side_effort, threat) == ThreatHarm("heroes", harm, members)


def test_faster_contest_each_member_picks_one_action() -> None:
    """§8 «Nopeammat kilpailut»: per exchange each picks the side's roll, an advantage
    (and then no teamwork), or teamwork; only one member rolls for the side."""
    crew = ContestSide("crew", ("a", "b", "c", "d"))
    plan = plan_fast_exchange(
        crew,
        {
            "a": FastContestAction.TEAMWORK,
            "b": FastContestAction.ROLL,
            "c": FastContestAction.ADVANTAGE,
            "d": FastContestAction.TEAMWORK,
        },
    )
    assert plan == FastContestPlan("crew", "b", ("c",), ("a", "d"))
    with pytest.raises(
        ContestError, match="only one member of side 'crew' makes its roll, not a, b"
    ):
        plan_fast_exchange(crew, {"a": FastContestAction.ROLL, "b": FastContestAction.ROLL})
    with pytest.raises(ContestError, match="zed not on side 'crew'"):
        plan_fast_exchange(crew, {"zed": FastContestAction.ROLL})


# --- Challenges ------------------------------------------------------------------------

LIBRARY = Challenge(
    "The ancient library",
    (
        ChallengeTask("Find the clue in the old book", "Lore", 3),
        ChallengeTask("Keep the librarian busy", "Rapport", 2),
        ChallengeTask("Hold the back door", "Fight", 4),
    ),
)


def test_seed_challenge_the_ancient_library() -> None:
    """§5 «Haasteet»: a researcher hunts for clues in an ancient book while the negotiator
    keeps the librarian busy and the fighter keeps the creatures at the back door out.
    (The seed gives no rolls; these are hand-made.)"""
    lore = roll_task(LIBRARY.task("Find the clue in the old book"), Effort(4, parse_faces("0+00")))
    assert (lore.shifts, lore.outcome) == (2, Outcome.SUCCESS)
    challenge = record_task(LIBRARY, "find the clue in the old book", lore)
    assert challenge_progress(challenge).reading is ChallengeReading.PENDING
    challenge = record_task(
        challenge, "Keep the librarian busy", Outcome.TIE, cost="The librarian grows suspicious"
    )
    challenge = record_task(challenge, "Hold the back door", Outcome.FAIL)
    progress = challenge_progress(challenge)
    assert progress == ChallengeProgress(
        successes=("Find the clue in the old book",),
        costs=("Keep the librarian busy",),
        failures=("Hold the back door",),
        remaining=(),
    )
    assert progress.reading is ChallengeReading.PARTIAL
    assert challenge.task("hold the back door").skill == "Fight"
    assert finish_challenge(challenge).done


def test_a_challenge_ended_with_tasks_to_go_reads_them_as_not_achieved() -> None:
    """The GM may end a challenge early (§5): its reading is final, a task never rolled
    counts as not achieved."""
    lore = roll_task(LIBRARY.task("Find the clue in the old book"), Effort(4, parse_faces("0+00")))
    started = record_task(LIBRARY, "find the clue in the old book", lore)
    assert challenge_progress(finish_challenge(started)).reading is ChallengeReading.PARTIAL
    assert challenge_progress(finish_challenge(LIBRARY)).reading is ChallengeReading.FAILURE


@pytest.mark.parametrize(
    ("outcomes", "costs", "reading"),
    [
        ([Outcome.SUCCESS, Outcome.STYLE, Outcome.SUCCESS], ["", "", ""], ChallengeReading.SUCCESS),
        (
            [Outcome.SUCCESS, Outcome.FAIL, Outcome.TIE],
            ["", "Serious cost", "Minor cost"],
            ChallengeReading.SUCCESS_AT_COST,
        ),
        ([Outcome.FAIL, Outcome.FAIL, Outcome.FAIL], ["", "", ""], ChallengeReading.FAILURE),
        # «Jos saat tasapelin, onnistut pienellä hinnalla»: a tie is achieved even before
        # the GM names its cost.
        ([Outcome.FAIL, Outcome.TIE, Outcome.FAIL], ["", "", ""], ChallengeReading.PARTIAL),
        ([Outcome.FAIL, Outcome.TIE, Outcome.FAIL], ["", "x", ""], ChallengeReading.PARTIAL),
    ],
)
def test_challenge_overall_reading(
    outcomes: list[Outcome], costs: list[str], reading: ChallengeReading
) -> None:
    """§5: the GM reads the mix of successes, failures and costs into one result."""
    challenge = LIBRARY
    for task, outcome, cost in zip(LIBRARY.tasks, outcomes, costs, strict=True):
        challenge = record_task(challenge, task.name, outcome, cost=cost)
    assert challenge_progress(challenge).reading is reading


def test_challenge_recording_errors() -> None:
    """§5: unknown or already-rolled tasks, costs on a success, and closed challenges."""
    with pytest.raises(ChallengeError, match=r"no task 'Swim' in .*; tasks: Find the clue"):
        record_task(LIBRARY, "Swim", Outcome.SUCCESS)
    rolled = record_task(LIBRARY, "Hold the back door", Outcome.SUCCESS)
    with pytest.raises(ChallengeError, match="already rolled"):
        record_task(rolled, "Hold the back door", Outcome.FAIL)
    with pytest.raises(ChallengeError, match="a success has no cost"):
        record_task(LIBRARY, "Hold the back door", Outcome.STYLE, cost="x")
    with pytest.raises(ChallengeError, match="already over"):
        record_task(finish_challenge(LIBRARY), "Hold the back door", Outcome.FAIL)
    with pytest.raises(ValueError, match="names a task twice"):
        Challenge("X", (ChallengeTask("A", "Fight", 2), ChallengeTask("a", "Shoot", 2)))
    with pytest.raises(ValueError, match="only a tie or a failure is bought with a cost"):
        ChallengeTask("A", "Fight", 2, Outcome.SUCCESS, cost="x")
