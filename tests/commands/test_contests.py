"""contest and challenge."""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.core import Tokens, registry, split_line
from fatescreen.commands.session import Session
from fatescreen.commands.verbs_contests import (
    ContestRollRequest,
    ContestStart,
    ContestThreat,
    TaskRoll,
)
from fatescreen.rules.aspects import AspectKind
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.outcomes import Outcome
from tests.commands.support import CHASE, DEMO, LIBRARY, SCRIPTS, open_session, played, run

CONTEST = SCRIPTS / "contest-threat.toml"


def sides(scene, name):  # type: ignore[no-untyped-def]
    """Each side's victories in a contest, and its winner."""
    contest = next(c for c in scene.contests if c.name == name)
    return {side.name: side.victories for side in contest.sides}, contest.winner


def test_an_exchange_against_each_other(tmp_path: Path) -> None:
    done = run(
        CHASE, tmp_path, "contest roll rozio Athletics +0+0", "contest roll mirel Athletics 0000"
    )
    assert done.lines("contest roll rozio Athletics +0+0") == [
        "Rozio rolls for Pursuers with Athletics: Good (+3) + [+ 0 + 0] = Superb (+5)",
        "still to roll this exchange: Mirel",
    ]
    assert done.lines("contest roll mirel Athletics 0000") == [
        "Mirel the courier rolls for Mirel with Athletics: Great (+4) + [0 0 0 0] = Great (+4)",
        "exchange 3 (Pursuers +1, Mirel -1): Pursuers: +1 victory, 2 of 3",
    ]
    assert sides(done.scene, "Catch the courier") == ({"Pursuers": 2, "Mirel": 2}, None)
    assert done.scene.contest_rolls == ()
    assert done.scene.contests[0].exchange == 4


def test_style_against_a_difficulty_wins_the_contest(tmp_path: Path) -> None:
    done = run(
        CHASE,
        tmp_path,
        "contest roll vitor Athletics ++00 with rozio vs 2",
        "contest roll mirel Athletics ---- vs 2",
    )
    # Rozio's Athletics (+3) beats Vitor's (+2): the most skilled must roll.
    assert done.lines("contest roll vitor Athletics ++00 with rozio vs 2") == [
        "error: the most skilled rolls: Rozio has Athletics Good (+3), more than Vitor's Fair (+2)"
    ]
    won = run(
        CHASE,
        tmp_path,
        "contest roll rozio Athletics ++00 with vitor vs 2",
        "contest roll mirel Athletics ---- vs 2",
    )
    assert won.lines("contest roll mirel Athletics ---- vs 2") == [
        "Mirel the courier rolls for Mirel with Athletics: Great (+4) + [- - - -] = Mediocre "
        "(+0) vs Fair (+2): -2 shifts",
        "exchange 3 (Pursuers +4, Mirel -2): Pursuers: +2 victories, 3 of 3",
        "Pursuers win Catch the courier",
    ]
    assert sides(won.scene, "Catch the courier") == ({"Pursuers": 3, "Mirel": 2}, "Pursuers")


def test_a_tie_calls_for_a_twist(tmp_path: Path) -> None:
    done = run(
        CHASE,
        tmp_path,
        "contest roll rozio Athletics 0+00",
        "contest roll mirel Athletics 0000",
        'contest twist "A cart overturns"',
    )
    assert done.lines("contest roll mirel Athletics 0000")[1] == (
        "exchange 3 (Pursuers +0, Mirel +0): a tie for the best: no victory, a twist "
        '(contest twist "ASPECT")'
    )
    assert done.line('contest twist "A cart overturns"') == (
        'a twist in Catch the courier: "A cart overturns"'
    )
    assert "A cart overturns" in [a.name for a in done.scene.aspects]
    assert done.scene.contests[0].twists[-1] == "A cart overturns"


def test_invoking_after_the_last_roll_resolves_the_exchange_again(tmp_path: Path) -> None:
    done = run(
        CHASE,
        tmp_path,
        "contest roll rozio Athletics 0+00",
        "contest roll mirel Athletics 0000",
        "invoke alley",
    )
    assert done.lines("invoke alley") == [
        'Mirel the courier invokes "Knows every alley" (free): +2',
        "Mirel the courier rolls for Mirel with Athletics: Great (+4) + [0 0 0 0] + 2 (invoke: "
        "Knows every alley) = Fantastic (+6)",
        "exchange 3 (Pursuers -2, Mirel +2): Mirel: +1 victory, 3 of 3",
        "Mirel win Catch the courier",
    ]
    assert sides(done.scene, "Catch the courier") == ({"Pursuers": 1, "Mirel": 3}, "Mirel")


def test_start_forfeit_show_and_end(tmp_path: Path) -> None:
    done = run(
        DEMO,
        tmp_path,
        'contest start "Race to the altar" heroes=silbestre,rozio leader to 4',
        "contest forfeit heroes",
        "contest roll leader Athletics 0000",
        "contest",
        "contest end",
    )
    assert done.line('contest start "Race to the altar" heroes=silbestre,rozio leader to 4') == (
        "contest Race to the altar: heroes vs Masked leader, first to 4 victories"
    )
    assert done.line("contest forfeit heroes") == "heroes forfeit their roll in exchange 1"
    assert done.lines("contest roll leader Athletics 0000")[1] == (
        "exchange 1 (Masked leader +2): Masked leader: +1 victory, 1 of 4"
    )
    assert done.line("contest") == (
        "Race to the altar, exchange 2: heroes 0, Masked leader 1 (of 4)"
    )
    assert done.line("contest end") == "contest Race to the altar is over without a winner"
    assert done.scene.contests == ()


def test_challenge_roll_cost_and_reading(tmp_path: Path) -> None:
    done = run(
        LIBRARY,
        tmp_path,
        "challenge roll codex silbestre 0000 with vitor",
        "challenge roll hold riesa Physique --00",
        "cost the mast cracks",
        "challenge end",
    )
    assert done.lines("challenge roll codex silbestre 0000 with vitor") == [
        "Silbestre takes on Save the Codex Aurea with Lore: Great (+4) + [0 0 0 0] + 1 "
        "(teamwork) = Superb (+5) vs Great (+4): success (teamwork: Vitor)",
        "Save the burning library: 3 of 4 tasks rolled; succeeded: Smother the flames, Save "
        "the Codex Aurea; at a cost: Reach the library (Riesa's burned hands); failed: none; to "
        "go: Hold the yacht into the wind",
        "Save the burning library so far: tasks remain",
    ]
    assert done.lines("cost the mast cracks")[-1] == (
        "Save the burning library ends: a success at a cost"
    )
    assert done.lines("challenge end") == [
        "challenge Save the burning library is over",
        "Save the burning library ends: a success at a cost",
    ]
    challenge = done.scene.challenges[0]
    task = challenge.task("Hold the yacht into the wind")
    assert (task.outcome, task.cost, challenge.done) == (Outcome.FAIL, "the mast cracks", True)


def test_challenge_start_and_a_tie_is_success_at_a_minor_cost(tmp_path: Path) -> None:
    """Seed «Ratkaise»: «Jos saat tasapelin, onnistut pienellä hinnalla»; the GM names the
    cost, but the task counts as achieved at a cost before that."""
    done = run(
        DEMO,
        tmp_path,
        'challenge start "Stop the ritual" "Read the sigils:Lore:4" "Break the circle:Physique:2"',
        "challenge roll sigils silbestre 0000",
        "challenge",
    )
    assert done.line(
        'challenge start "Stop the ritual" "Read the sigils:Lore:4" "Break the circle:Physique:2"'
    ) == (
        "challenge Stop the ritual: Read the sigils (Lore Great (+4)), Break the circle "
        "(Physique Fair (+2))"
    )
    assert done.lines("challenge roll sigils silbestre 0000")[1] == "name the minor cost: cost TEXT"
    assert done.lines("challenge")[0] == (
        "Stop the ritual: 1 of 2 tasks rolled; succeeded: none; at a cost: Read the sigils; "
        "failed: none; to go: Break the circle"
    )


def test_an_advantage_in_a_contest_of_the_usual_kind_is_no_pick_of_the_exchange() -> None:
    """Seed §8 «Nopeammat kilpailut»: only a faster contest has each participant pick one
    thing an exchange; in the usual kind a participant creates an advantage and the side
    still makes its roll, and nothing of it is kept in the contest's rolls."""
    session = played(CHASE, 'create rozio Deceive "Wrong turn" ++++ vs 1')
    assert session.scene.contest_rolls == ()
    result = session.execute("contest roll rozio Athletics +0+0")
    assert result.ok, result.lines
    assert [(r.side, r.roller, r.advantage) for r in session.scene.contest_rolls] == [
        ("Pursuers", "rozio", False)
    ]


def refuses(session: Session, line: str, message: str) -> None:
    """The line is refused with exactly this message, and leaves the scene and history."""
    before, steps = session.scene, len(session.history.done)
    assert session.execute(line).lines == (message,)
    assert session.scene == before and len(session.history.done) == steps


def said(session: Session, line: str) -> tuple[str, ...]:
    """What an accepted line says."""
    result = session.execute(line)
    assert result.ok, result.lines
    return result.lines


def test_contest_lines_without_a_contest_say_how_to_start_one() -> None:
    session = open_session(DEMO)
    none = "no contest is running: contest start NAME SIDE=… SIDE=…"
    for line in ("contest", 'contest twist "Fog"', "contest end", "contest forfeit rozio"):
        refuses(session, line, none)
    refuses(session, "contest show nope", "no contest 'nope'; known: none")
    finnish = open_session(DEMO, "fi")
    refuses(finnish, "kilpailu näytä nope", "kilpailua 'nope' ei löydy; tunnetut: ei yhtään")


def test_contest_start_names_what_it_misses_in_the_gms_language() -> None:
    usage = {
        "en": (
            "contest start NAME SIDE=ID,ID|ID... [to N] [faster] [threat HAZARD] | roll WHO|SIDE "
            "[SKILL|RATING] [FACES] [with H,H] [vs DIFFICULTY] [threat [HAZARD|RATING] [FACES]] "
            '| forfeit WHO|SIDE | twist "ASPECT" | show | end [in CONTEST]'
        ),
        "fi": (
            "kilpailu aloita NIMI PUOLI=TUNNUS,TUNNUS|TUNNUS... [voittoihin N] [nopea] [uhka "
            "VAARALLINEN_ESTE] | heitä KUKA|PUOLI [TAITO|TASO] [NOPAT] [kanssa A,A] [vastaan "
            "VAIKEUSTASO] [uhka [VAARALLINEN_ESTE|TASO] [NOPAT]] | luovu KUKA|PUOLI | käänne "
            '"PIIRRE" | näytä | lopeta [kilpailussa KILPAILU]'
        ),
    }
    cases = [
        ("contest start", "contest: missing contest", "kilpailu: kilpailua ei annettu"),
        ('contest start ""', "contest: missing contest", "kilpailu: kilpailua ei annettu"),
        (
            "contest start Race to",
            "contest: missing the victories needed",
            "kilpailu: tarvittavien voittojen määrää ei annettu",
        ),
        (
            "contest start Race rozio leader threat",
            "contest: missing hazard",
            "kilpailu: vaarallinen este ei annettu",
        ),
        ("contest roll", "contest: missing side", "kilpailu: osapuolta ei annettu"),
    ]
    english, finnish = open_session(DEMO), open_session(DEMO, "fi")
    for line, in_english, in_finnish in cases:
        refuses(english, line, f"{in_english}. Usage: {usage['en']}")
        refuses(finnish, line, f"{in_finnish}. Käyttö: {usage['fi']}")


def test_a_won_contest_is_shown_twisted_and_ended_but_takes_no_roll() -> None:
    session = played(
        CHASE,
        "contest roll rozio Athletics ++00 with vitor vs 2",
        "contest roll mirel Athletics ---- vs 2",
    )
    board = "Catch the courier, exchange 4: Pursuers 3, Mirel 2 (of 3) · Pursuers won"
    assert said(session, "contest show") == (board,)
    assert said(session, "contest show courier") == (board,)
    refuses(
        session,
        "contest roll rozio Athletics 0000 in courier",
        "Catch the courier is already won by Pursuers",
    )
    assert said(session, 'contest twist "Rain" in courier') == (
        'a twist in Catch the courier: "Rain"',
    )
    assert said(session, "contest end courier") == (
        "contest Catch the courier is over: Pursuers won",
    )
    assert session.scene.contests == ()


def test_two_contests_need_naming_and_ending_one_keeps_the_others_rolls() -> None:
    session = played(CHASE, "contest start Race rozio=rozio mirel=mirel")
    race = session.scene.contests[-1]
    assert (race.victories_needed, race.faster, race.threat) == (3, False, None)
    which = "more than one contest is running: add in CONTEST (Catch the courier, Race)"
    refuses(session, "contest", which)
    refuses(session, "contest roll rozio Athletics 0000", which)
    refuses(
        session,
        'contest twist "Laundry lines everywhere" in race',
        'the scene already has the aspect "Laundry lines everywhere"',
    )
    assert said(session, 'contest twist "Rain" in race') == ('a twist in Race: "Rain"',)
    rain = next(a for a in session.scene.aspects if a.name == "Rain")
    assert rain.kind is AspectKind.SITUATION
    assert said(session, "contest roll vitor Athletics 0000 in courier")[1] == (
        "still to roll this exchange: Mirel"
    )
    assert said(session, "contest forfeit mirel in race") == (
        "mirel forfeit their roll in exchange 1",
        "still to roll this exchange: rozio",
    )
    refuses(
        session,
        "contest forfeit mirel in race",
        "mirel has already rolled (or forfeited) in exchange 1",
    )
    refuses(
        session,
        "contest roll mirel Athletics 0000 in race",
        "mirel has already rolled (or forfeited) in exchange 1",
    )
    assert said(session, "contest end race") == ("contest Race is over without a winner",)
    assert [c.name for c in session.scene.contests] == ["Catch the courier"]
    assert [(r.contest, r.side) for r in session.scene.contest_rolls] == [
        ("Catch the courier", "Pursuers")
    ]


def test_challenge_lines_without_a_challenge_and_bad_tasks_are_refused() -> None:
    session = open_session(DEMO)
    none = 'no challenge is running: challenge start NAME "TASK:SKILL:DIFFICULTY"…'
    for line in ("challenge", "challenge roll x rozio", "challenge end"):
        refuses(session, line, none)
    refuses(session, "challenge show nope", "no challenge 'nope'; known: none")
    spec = 'a task is "NAME:SKILL:DIFFICULTY", e.g. "Find the book:Investigate:3"; not {!r}'
    for task in ("A:Lore", ":Lore:1", "A::1", "A:Lore:x"):
        refuses(session, f'challenge start Second "{task}"', spec.format(task))
    for task in ("A:Lore:21", "A:Lore:-21"):
        refuses(session, f'challenge start Second "{task}"', "numbers here go from -20 to 20")
    refuses(
        session,
        'challenge start Second "A:Lore:1" "a:Fight:2"',
        "challenge Second names a task twice",
    )
    refuses(session, 'challenge start Second "A:Lore:1" "B:Fight"', spec.format("B:Fight"))
    finnish = open_session(LIBRARY, "fi")
    refuses(
        finnish,
        'haaste aloita Toinen "A:Lore:x"',
        'tehtävä annetaan muodossa "NIMI:TAITO:VAIKEUSTASO", esim. "Löydä kirja:Tutkiminen:3"; '
        "ei 'A:Lore:x'",
    )
    refuses(
        finnish,
        "haaste näytä nope",
        "haastetta 'nope' ei löydy; tunnetut: Save the burning library",
    )


def test_two_challenges_need_naming_and_an_ended_one_takes_no_roll() -> None:
    session = open_session(LIBRARY)
    refuses(
        session,
        'challenge start "Save the burning library" "A:Lore:1"',
        "there is already a challenge Save the burning library",
    )
    assert said(session, 'challenge start Second "A:Lore:20" "B:Fight:-20"') == (
        "challenge Second: A (Lore +20), B (Fight -20)",
    )
    refuses(
        session,
        "challenge",
        "more than one challenge is running: add in CHALLENGE (Save the burning library, Second)",
    )
    progress = (
        "Second: 0 of 2 tasks rolled; succeeded: none; at a cost: none; failed: none; to go: A, B",
        "Second so far: tasks remain",
    )
    assert said(session, "challenge show second") == progress
    # ended with every task still to go: nothing was achieved, and nothing is "so far"
    ended = ("challenge Second is over", "Second ends: a failure")
    assert said(session, "challenge end second") == ended
    assert said(session, "challenge show second") == (progress[0], ended[1])
    refuses(session, "challenge roll a rozio in second", "challenge Second is over")
    refuses(
        session,
        "challenge show nope",
        "no challenge 'nope'; known: Save the burning library, Second",
    )
    assert said(session, "challenge end") == (
        "challenge Save the burning library is over",
        "Save the burning library ends: a partial success",
    )
    assert [c.done for c in session.scene.challenges] == [True, True]
    finnish = open_session(LIBRARY, lang="fi")
    assert said(finnish, "challenge end") == (
        "haaste Save the burning library on päättynyt",
        "Save the burning library päättyy: osittainen onnistuminen",
    )


def test_challenge_progress_lists_costs_failures_and_nothing_left() -> None:
    """A task is found in whichever running challenge has it; the progress names each
    cost, every failure, and "none" where nothing is left or nothing came at a cost."""
    session = played(
        DEMO,
        'challenge start T "A:Lore:4" "B:Lore:4" "C:Lore:9" "D:Lore:9"',
        'challenge start U "E:Fight:-20"',
    )
    assert said(session, "challenge roll e riesa 0000")[1:] == (
        "U: 1 of 1 tasks rolled; succeeded: E; at a cost: none; failed: none; to go: none",
        "U ends: a success",
    )
    for line in (
        "challenge roll a silbestre 0000",
        "cost the ink runs",
        "challenge roll b silbestre 0000",
        "challenge roll c silbestre 0000",
        "challenge roll d silbestre 0000",
    ):
        said(session, line)
    assert said(session, "challenge show t") == (
        "T: 4 of 4 tasks rolled; succeeded: none; at a cost: A (the ink runs), B; failed: C, D; "
        "to go: none",
        "T ends: a partial success",
    )


def test_a_task_taken_at_a_cost_then_invoked_to_success_has_no_cost() -> None:
    session = played(
        DEMO, 'challenge start T "A:Lore:5"', "challenge roll a silbestre 0000", "cost the ink runs"
    )
    assert said(session, "invoke notebook")[2:] == (
        "T: 1 of 1 tasks rolled; succeeded: A; at a cost: none; failed: none; to go: none",
        "T ends: a success",
    )
    task = session.scene.challenges[0].task("A")
    assert (task.outcome, task.cost) == (Outcome.SUCCESS, "")


def _parsed(line: str) -> object:
    """The typed request a contest or challenge line parses into (every word used)."""
    words = split_line(line, "en")
    found = registry()[words[0]]
    assert found.parse is not None
    args = Tokens(found, words[1:], "en")
    request = found.parse(args)
    args.done()
    return request


def test_contest_and_challenge_lines_parse_into_their_requests() -> None:
    """What follows ``threat`` is a hazard, a rating or only the threat's faces, and stops
    at the next keyword; a task's skill is the word before the dice or helpers."""
    faces = parse_faces("++00")
    roll = "contest roll ann Athletics"
    cases = [
        (
            f"{roll} 0000 threat",
            ContestRollRequest("ann", "Athletics", parse_faces("0000"), threat=ContestThreat()),
        ),
        (
            f"{roll} threat rocks ++00",
            ContestRollRequest("ann", "Athletics", threat=ContestThreat("rocks", None, faces)),
        ),
        (
            f"{roll} threat 2 ++00",
            ContestRollRequest("ann", "Athletics", threat=ContestThreat(None, 2, faces)),
        ),
        (
            f"{roll} threat ++00",
            ContestRollRequest("ann", "Athletics", threat=ContestThreat(None, None, faces)),
        ),
        (
            f"{roll} threat dice ++00",
            ContestRollRequest("ann", "Athletics", threat=ContestThreat(None, None, faces)),
        ),
        (
            f"{roll} threat with bob",
            ContestRollRequest("ann", "Athletics", helpers=("bob",), threat=ContestThreat()),
        ),
        (
            f"{roll} threat vs 1",
            ContestRollRequest("ann", "Athletics", difficulty=1, threat=ContestThreat()),
        ),
        ("contest start R ann foreman", ContestStart("R", ("ann", "foreman"))),
        (
            "challenge roll hold riesa Athletics ++00 with vitor",
            TaskRoll("hold", "riesa", "Athletics", faces, ("vitor",)),
        ),
        (
            "challenge roll a riesa with vitor in u",
            TaskRoll("a", "riesa", None, None, ("vitor",), "u"),
        ),
        ("challenge roll a riesa dice ++00", TaskRoll("a", "riesa", None, faces)),
    ]
    for line, request in cases:
        assert _parsed(line) == request, line
    refused = open_session(CONTEST).execute(f"{roll} 0000 threat threat")
    assert refused.lines[0].startswith("contest: did not understand 'threat'. Usage: ")


def test_contest_start_refuses_a_hazard_that_is_not_one_and_sides_named_alike() -> None:
    session = open_session(CONTEST)
    refuses(session, "contest start R ann foreman threat bob", "Bob is not a hazard")
    refuses(session, "contest roll ann Athletics 0000 threat bob", "Bob is not a hazard")
    for line in (
        "contest start R a=ann a=foreman",
        "contest start R ann ann=foreman",
        "contest start R =ann b=foreman",
    ):
        refuses(session, line, "each side needs its own name")
    refuses(
        session,
        "contest start R x=ann=bob foreman",
        "no character or hazard 'ann=bob'; known: Ann, Bob, Foreman, Falling rocks",
    )


def test_a_side_forfeits_for_its_members_failed_create() -> None:
    """§5: after a member's failed create an advantage the side may give up its roll this
    exchange instead of handing the other side a free invoke."""
    session = played(CONTEST, 'create bob Athletics "Loose rail" ---- vs 1')
    assert said(session, "contest forfeit bob") == (
        "Miners forfeit their roll in exchange 1 · for Bob's failed create an advantage",
        "still to roll this exchange: Foreman",
    )
    assert [(r.side, r.effort, r.advantage) for r in session.scene.contest_rolls] == [
        ("Miners", None, True),
        ("Miners", None, False),
    ]


def test_a_task_roll_names_what_it_misses_and_rolls_the_skill_named() -> None:
    usage = {
        "en": 'Usage: challenge start NAME "TASK:SKILL:DIFFICULTY"... | roll TASK WHO [SKILL] '
        "[FACES] [with H,H] | show | end [in CHALLENGE]",
        "fi": 'Käyttö: haaste aloita NIMI "TEHTÄVÄ:TAITO:VAIKEUSTASO"... | heitä TEHTÄVÄ KUKA '
        "[TAITO] [NOPAT] [kanssa A,A] | näytä | lopeta [haasteessa HAASTE]",
    }
    english, finnish = open_session(LIBRARY), open_session(LIBRARY, "fi")
    refuses(english, "challenge roll", f"challenge: missing task. {usage['en']}")
    refuses(english, "challenge roll hold", f"challenge: missing character. {usage['en']}")
    refuses(finnish, "challenge roll", f"haaste: tehtävää ei annettu. {usage['fi']}")
    refuses(finnish, "challenge roll hold", f"haaste: hahmoa ei annettu. {usage['fi']}")
    assert said(english, "challenge roll hold riesa Athletics --00 with vitor")[0] == (
        "Riesa takes on Hold the yacht into the wind with Athletics: Good (+3) + [- - 0 0] + 1 "
        "(teamwork) = Fair (+2) vs Good (+3): fail (or success at a serious cost) (teamwork: "
        "Vitor)"
    )
    assert english.history.done[-1].label == "Riesa rolls for Hold the yacht into the wind"
    two = played(DEMO, 'challenge start T "A:Lore:4"', 'challenge start U "A:Fight:1"')
    assert said(two, "challenge roll a riesa 0000 in u")[0] == (
        "Riesa takes on A with Fight: Great (+4) + [0 0 0 0] = Great (+4) vs Average (+1): "
        "success with style"
    )
    assert [c.task("A").outcome for c in two.scene.challenges] == [None, Outcome.STYLE]


CONTEST_USAGE = (
    "Usage: contest start NAME SIDE=ID,ID|ID... [to N] [faster] [threat HAZARD] | roll WHO|SIDE "
    "[SKILL|RATING] [FACES] [with H,H] [vs DIFFICULTY] [threat [HAZARD|RATING] [FACES]] | "
    'forfeit WHO|SIDE | twist "ASPECT" | show | end [in CONTEST]'
)


def test_a_contest_roll_names_what_it_misses() -> None:
    """A member names a skill, a side without members a rating; ``threat`` with nothing
    after it needs the contest's own threat."""
    chase = open_session(CHASE)
    refuses(chase, "contest roll rozio", f"contest: missing skill. {CONTEST_USAGE}")
    refuses(
        chase,
        "contest roll rozio Athletics 0000 threat",
        f"contest: missing hazard. {CONTEST_USAGE}",
    )
    refuses(
        open_session(CHASE, "fi"),
        "kilpailu heitä rozio Athletics 0000 uhka",
        "kilpailu: vaarallinen este ei annettu. Käyttö: kilpailu aloita NIMI "
        "PUOLI=TUNNUS,TUNNUS|TUNNUS... [voittoihin N] [nopea] [uhka VAARALLINEN_ESTE] | heitä "
        "KUKA|PUOLI [TAITO|TASO] [NOPAT] [kanssa A,A] [vastaan VAIKEUSTASO] [uhka "
        '[VAARALLINEN_ESTE|TASO] [NOPAT]] | luovu KUKA|PUOLI | käänne "PIIRRE" | näytä | lopeta '
        "[kilpailussa KILPAILU]",
    )
    storm = played(DEMO, "contest start R three=rozio storm= leader")
    refuses(storm, "contest roll storm", f"contest: missing a rating. {CONTEST_USAGE}")
    refuses(storm, "contest roll storm x", f"contest: 'x' is not a number. {CONTEST_USAGE}")
    refuses(storm, "contest roll storm 3 0000 with vitor", "storm cannot be helped by teamwork")


def test_a_side_without_members_rolls_its_rating_and_all_forfeits_do_nothing() -> None:
    session = played(DEMO, "contest start R three=rozio storm= leader")
    assert said(session, "contest roll storm 3 0000") == (
        "storm rolls with storm: Good (+3) + [0 0 0 0] = Good (+3)",
        "still to roll this exchange: three, Masked leader",
    )
    assert session.history.done[-1].label == "storm roll in R"
    forfeits = played(DEMO, "contest start R three=rozio storm= leader")
    assert said(forfeits, "contest forfeit three")[1] == (
        "still to roll this exchange: storm, Masked leader"
    )
    said(forfeits, "contest forfeit storm")
    assert said(forfeits, "contest forfeit leader") == (
        "Masked leader forfeit their roll in exchange 1",
        "exchange 1 (none): every side forfeited: nothing happens",
    )


def test_a_threat_named_by_its_rating_attacks_with_the_faces_given() -> None:
    """§5: a rating after ``threat`` is the threat's attack, rolled with the faces after it;
    a side that rolls at least as high holds."""
    hit = open_session(CONTEST)
    assert said(hit, "contest roll ann Athletics 0000 threat 3 ++00")[2] == (
        "the threat attacks Miners: Good (+3) + [+ + 0 0] = Superb (+5) · Ann, Bob take 2 "
        "shifts each"
    )
    held = open_session(CONTEST)
    assert said(held, "contest roll ann Athletics ++00 threat 3 0000")[2] == (
        "the threat attacks Miners: Good (+3) + [0 0 0 0] = Good (+3) · Miners's roll holds: "
        "no harm"
    )
    assert held.history.done[-1].label == "Miners roll in Out of the mine"


def test_challenge_start_names_what_it_misses_in_the_gms_language() -> None:
    usage = {
        "en": 'Usage: challenge start NAME "TASK:SKILL:DIFFICULTY"... | roll TASK WHO [SKILL] '
        "[FACES] [with H,H] | show | end [in CHALLENGE]",
        "fi": 'Käyttö: haaste aloita NIMI "TEHTÄVÄ:TAITO:VAIKEUSTASO"... | heitä TEHTÄVÄ KUKA '
        "[TAITO] [NOPAT] [kanssa A,A] | näytä | lopeta [haasteessa HAASTE]",
    }
    english, finnish = open_session(DEMO), open_session(DEMO, "fi")
    for line in ("challenge start", 'challenge start ""'):
        refuses(english, line, f"challenge: missing challenge. {usage['en']}")
        refuses(finnish, line, f"haaste: haastetta ei annettu. {usage['fi']}")
    refuses(english, "challenge start Second", f"challenge: missing task. {usage['en']}")
    refuses(finnish, "challenge start Second", f"haaste: tehtävää ei annettu. {usage['fi']}")
    refuses(
        english,
        "challenge sideways",
        f"challenge: missing start/roll/show/end. {usage['en']}",
    )


def test_contest_words_refused_in_the_gms_language() -> None:
    """Each word a contest line misses is named, in English and in Finnish; a hazard on a
    side rolls its own rating, so a word after it is one too many."""
    cases = [
        ("contest roll rocks x in r", "did not understand 'x'", "en ymmärtänyt kohtaa 'x'"),
        ("contest roll ann with", "missing the helpers", "auttajia ei annettu"),
        ("contest roll ann Athletics vs", "missing the difficulty", "vaikeustasoa ei annettu"),
        ("contest forfeit", "missing side", "osapuolta ei annettu"),
        ("contest twist", "missing the aspect's name", "piirteen nimeä ei annettu"),
        ('contest twist " "', "missing the aspect's name", "piirteen nimeä ei annettu"),
    ]
    english = played(CONTEST, "contest start R rocks ann", 'challenge start T "A:Lore:1"')
    finnish = open_session(CONTEST, "fi")
    for line in ("contest start R rocks ann", 'challenge start T "A:Lore:1"'):
        assert finnish.execute(line).ok
    fi_usage = CONTEST_USAGE_FI
    for line, in_english, in_finnish in cases:
        refuses(english, line, f"contest: {in_english}. {CONTEST_USAGE}")
        refuses(finnish, line, f"kilpailu: {in_finnish}. {fi_usage}")
    refuses(
        english,
        "contest roll nobody 3",
        "no side 'nobody'; known: Miners, Foreman, Falling rocks, Ann",
    )
    refuses(
        finnish,
        "contest roll nobody 3",
        "osapuolta 'nobody' ei löydy; tunnetut: Miners, Foreman, Falling rocks, Ann",
    )
    refuses(english, "challenge roll nope ann", "no task 'nope'; known: A")
    refuses(finnish, "challenge roll nope ann", "tehtävää 'nope' ei löydy; tunnetut: A")
    for keyword in ("with bob 0000", "vs 2", "dice 0000", "threat 0000"):
        refuses(
            open_session(CONTEST),
            f"contest roll ann {keyword}",
            f"contest: missing skill. {CONTEST_USAGE}",
        )


CONTEST_USAGE_FI = (
    "Käyttö: kilpailu aloita NIMI PUOLI=TUNNUS,TUNNUS|TUNNUS... [voittoihin N] [nopea] [uhka "
    "VAARALLINEN_ESTE] | heitä KUKA|PUOLI [TAITO|TASO] [NOPAT] [kanssa A,A] [vastaan "
    "VAIKEUSTASO] [uhka [VAARALLINEN_ESTE|TASO] [NOPAT]] | luovu KUKA|PUOLI | käänne "
    '"PIIRRE" | näytä | lopeta [kilpailussa KILPAILU]'
)


def test_two_contests_each_keep_their_own_rolls_and_mode() -> None:
    """A member of one contest only rolls in it without naming it; a roll against a
    difficulty in one contest does not set the other's mode; ``in CONTEST`` may come
    before the dice."""
    session = played(CHASE, "contest start Race rozio=rozio mirel=mirel")
    assert said(session, "contest roll vitor Athletics 0000") == (
        "Vitor rolls for Pursuers with Athletics: Fair (+2) + [0 0 0 0] = Fair (+2)",
        "still to roll this exchange: Mirel",
    )
    pending = session.scene.pending_roll
    assert pending is not None and pending.result.opposition == 0
    said(session, "contest forfeit mirel in race")
    assert said(session, "contest roll rozio Athletics in race 0000 vs 1") == (
        "Rozio rolls with Athletics: Good (+3) + [0 0 0 0] = Good (+3) vs Average (+1): 2 shifts",
        "exchange 1 (rozio +2): rozio: +1 victory, 1 of 3",
    )
    ended = played(LIBRARY, "challenge end")
    assert ended.history.done[-1].label == "challenge Save the burning library is over"


def test_a_contest_roll_counts_every_helper_named_after_with() -> None:
    session = open_session(CHASE)
    refuses(
        session,
        "contest roll rozio Athletics ++00 with mirel with vitor vs 2",
        "the most skilled rolls: Mirel the courier has Athletics Great (+4), more than "
        "Rozio's Good (+3)",
    )
    assert said(session, "contest roll rozio Athletics ++00 with vitor vs 2") == (
        "Rozio rolls for Pursuers with Athletics: Good (+3) + [+ + 0 0] + 1 (teamwork) = "
        "Fantastic (+6) vs Fair (+2): 4 shifts",
        "still to roll this exchange: Mirel",
    )
