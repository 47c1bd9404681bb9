"""Mekanismi at the table: verbs through the session (undo, journal, save), bad lines that
change nothing, and quick rolls and odds from the shell."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from functools import partial
from pathlib import Path

import pytest

from fatescreen import cli
from fatescreen.systems.mekanismi.rules.check import Side
from fatescreen.systems.mekanismi.rules.pools import PartKind
from fatescreen.systems.mekanismi.scene import MekanismiScene
from tests.systems import support
from tests.systems.support import KUILU, play, refused, scene_copy, scene_value

scene_path = scene_copy(KUILU)
session_on = partial(support.session_on, seed=5)  # the dice these tests expect


def test_a_check_gathers_both_pools_part_by_part(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(
        session,
        "check Ragnar Taist vs Rosvopäällikkö+Rosvo Taistelu",
        "gear tikari",
        "advantage major for Ragnar ylämäki",
        "disadvantage for opposition aurinko silmissä",
        "helpers 2 for Rosvo kyläläiset",
    )
    opened = scene_value(session, MekanismiScene).check
    assert opened is not None
    actor, opposition = opened.check.actor, opened.check.opposition
    assert [(p.kind, p.dice, p.reason) for p in actor.parts] == [
        (PartKind.ABILITY, 3, "Taistelu"),
        (PartKind.ADVANTAGE, 1, "Tikari"),
        (PartKind.ADVANTAGE, 3, "ylämäki"),
        (PartKind.DISADVANTAGE, 1, "aurinko silmissä"),
    ]
    assert [(p.kind, p.dice) for p in opposition.parts] == [
        (PartKind.ABILITY, 3),
        (PartKind.HELPERS, 1),
        (PartKind.HELPERS, 2),
    ]
    assert opened.opposition.names == ("Rosvopäällikkö", "Rosvo")
    lines = play(session, "odds")
    assert lines[0].startswith("Ragnar wins ")
    assert lines[2].startswith("tie, nobody succeeds: ")


def test_the_best_of_a_group_rolls_and_the_rest_help(scene_path: Path) -> None:
    session = session_on(scene_path)
    lines = play(session, "check Renttu+Rosvo+Rosvopäällikkö Taistelu vs Ragnar Taistelu")
    assert lines[1] == "Rosvopäällikkö: Taistelu 3 + Renttu, Rosvo +2 = 5 dice"
    opened = scene_value(session, MekanismiScene).check
    assert opened is not None and opened.actor.names == ("Rosvopäällikkö", "Renttu", "Rosvo")


def test_a_roll_settles_and_the_margin_is_spent_once(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Ragnar Taistelu vs Rosvo+Roisto+Renttu Taistelu")
    lines = play(session, "roll 666 vs 1234")
    assert lines[2:] == [
        "Ragnar wins by 3: excellent success",
        "3 damage points to split: damage CHARACTER N ...",
    ]
    assert scene_value(session, MekanismiScene).check is None
    assert play(session, "damage Rosvo 2") == [
        "Rosvo takes 2 damage points (2 in all): out",
        "1 damage point left unspent",
    ]
    result = session.execute("damage Roisto 2")
    assert not result.ok and "the margin gives 1 point of damage, not 2" in result.lines[0]
    play(session, "damage Roisto 1")
    result = session.execute("damage Renttu 1")
    assert result.lines == ("no margin to spend: the last check's is spent",)
    assert scene_value(session, MekanismiScene).character("Roisto").damage.out


def test_rolled_dice_fit_the_pools(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Sigrid Ammunta")
    lines = play(session, "roll")
    assert lines[0].startswith("Sigrid: [") and lines[1].startswith("GM: [")
    settled = scene_value(session, MekanismiScene).last
    assert settled is not None
    assert len(settled.result.actor_roll.faces) == 4
    assert len(settled.result.opposition_roll.faces) == 3


@pytest.mark.parametrize(
    ("setup", "line", "message"),
    [
        ((), "roll 3 dice 66", "Actor's pool has 3 dice: 2 faces"),
        ((), "advantage", "there is no check"),
        ((), "check Nobody Taistelu", "no character 'Nobody'"),
        ((), "check Ragnar Lentäminen", "no ability 'Lentäminen'"),
        ((), "check Ragnar Taistelu vs Ragnar Taistelu", "Ragnar cannot be on both sides"),
        ((), "check Ragnar+Ragnar Taistelu", "named twice"),
        (("check Ragnar Taistelu",), "check Sigrid Soutu", "a check is under way"),
        (("check Ragnar Taistelu",), "roll 66 vs 666", "Ragnar's pool has 3 dice: 2 faces"),
        (("check Ragnar Taistelu",), "roll 667 vs 666", "1 to 6"),
        (("check Ragnar Taistelu",), "gear Jousi", "no gear 'Jousi'"),
        (("check Ragnar Taistelu",), "helpers 0", "'0' must be from 1 to 200"),
        (("check Ragnar Taistelu",), "advantage for Sigrid", "Sigrid is not in this check"),
        ((), "damage Rosvo 1", "no check has been rolled yet"),
        (
            ("check Ragnar Taistelu vs Rosvo Taistelu", "roll 611 vs 61"),
            "damage Rosvo 1",
            "no margin to spend: the last check was a tie",
        ),
        ((), "hurt Rosvo 0", "0 damage points change nothing"),
        ((), "hurt Rosvo x", "'x' is not a number"),
        ((), "check Ragnar Taistelu vs 201", "GM's pool would have 201 dice: at most 200"),
        ((), "drop", "there is no check"),
        ((), "odds -1", "'-1' must be from 0 to 200"),
        ((), "odds 201", "'201' must be from 0 to 200"),
        (("check Ragnar Taistelu",), "helpers 198", "Ragnar's pool would have 201 dice"),
    ],
)
def test_bad_lines_change_nothing(
    scene_path: Path, setup: tuple[str, ...], line: str, message: str
) -> None:
    session = session_on(scene_path)
    play(session, *setup)
    assert message in refused(session, line)


def test_a_ranged_tie_goes_to_the_target(scene_path: Path) -> None:
    session = session_on(scene_path)
    lines = play(session, "check Sigrid Ammunta vs Rosvo Taistelu ranged", "roll 6111 vs 61")
    assert lines[-1] == "Tie: the target's advantage, Rosvo is not hit"
    settled = scene_value(session, MekanismiScene).last
    assert settled is not None and settled.result.winner is Side.OPPOSITION
    assert session.execute("damage Rosvo 1").ok is False


def test_hurt_and_heal(scene_path: Path) -> None:
    session = session_on(scene_path)
    assert play(session, "hurt Ragnar 2", "hurt Ragnar -1") == [
        "Ragnar takes 2 damage points (2 in all), 3 more take them out",
        "Ragnar heals 1 damage point (1 in all), 4 more take them out",
    ]
    assert play(session, "hurt Perämies 4") == ["Perämies takes 4 damage points (4 in all)"]


def test_undo_and_redo(scene_path: Path) -> None:
    session = session_on(scene_path)
    start = session.value
    play(session, "check Ragnar Taistelu", "gear Tikari", "roll 6666 vs 111", "damage Rosvo 1")
    after = session.value
    play(session, "undo", "undo", "undo", "undo")
    assert session.value == start
    play(session, "redo", "redo", "redo", "redo")
    assert session.value == after


def test_the_journal_replays_the_same_dice(scene_path: Path) -> None:
    session = session_on(scene_path, journal=True)
    play(session, "check Ragnar Taistelu vs Rosvo Taistelu", "roll", "hurt Sigrid 1")
    played = session.value
    again = session_on(scene_path, journal=True)
    assert again.recover() == 3
    assert again.value == played


def test_save_writes_the_damage_taken(scene_path: Path) -> None:
    session = session_on(scene_path)
    assert not session.dirty
    play(session, "hurt Renttu 1", "check Ragnar Taistelu")
    assert session.dirty
    play(session, "save")
    assert not session.dirty
    assert "damage = 1" in scene_path.read_text(encoding="utf-8")
    reopened = scene_value(session_on(scene_path), MekanismiScene)
    assert reopened.character("Renttu").damage.out
    assert reopened.check is None


def test_finnish_uses_the_seeds_terms(scene_path: Path) -> None:
    session = session_on(scene_path, lang="fi")
    lines = play(session, "tarkistus Ragnar Taistelu vastaan Rosvo Taistelu", "heitä 662 vs 11")
    assert lines[-2] == "Ragnar voittaa 2 onnistumisella: hyvä onnistuminen"
    assert play(session, "tn 3")[1].startswith("Toimija voittaa 27% (lievä onnistuminen 23%")


def test_help_lists_the_verbs(scene_path: Path) -> None:
    lines = play(session_on(scene_path), "help")
    verbs = {line.split()[0] for line in lines[1:]}
    assert verbs == {"undo", "redo", "save", "log", "help"} | {
        "check",
        "advantage",
        "disadvantage",
        "gear",
        "helpers",
        "roll",
        "odds",
        "damage",
        "hurt",
        "drop",
        "secret",
        "public",
    }


def shell(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = cli.main(list(args))
    return status, out.getvalue()


def test_roll_and_odds_from_the_shell() -> None:
    assert shell(
        "roll", "--system", "mekanismi", "--lang", "en", "4", "vs", "3", "dice", "6612", "vs", "611"
    ) == (
        0,
        "Actor: [6 6 1 2] 2 successes\nGM: [6 1 1] 1 success\nActor wins by 1: slight success\n",
    )
    status, output = shell("odds", "--system", "mekanismi", "--lang", "en", "3")
    assert status == 0
    assert output.splitlines()[0] == "3 dice vs 3 dice"
    assert output.splitlines()[-1] == "tie, nobody succeeds: 46%"
    status, output = shell("roll", "--system", "mekanismi", "--seed", "4", "2", "vs", "2")
    assert status == 0 and output.startswith("Actor: [")
    assert shell("roll", "--system", "mekanismi", "--lang", "en", "x")[0] == 1


@pytest.mark.parametrize(
    ("lang", "lines", "said"),
    [
        (
            "en",
            ("check Sigrid Ammunta vs 1", "roll 6111 vs 1"),
            [
                "Sigrid: [6 1 1 1] 1 success",
                "GM: [1] 0 successes",
                "Sigrid wins by 1: slight success",
                "1 damage point to split: damage CHARACTER N ...",
            ],
        ),
        (
            "fi",
            ("tarkistus Sigrid Ammunta vastaan 1", "heitä 6111 vastaan 1"),
            [
                "Sigrid: [6 1 1 1] 1 onnistuminen",
                "PJ: [1] 0 onnistumista",
                "Sigrid voittaa 1 onnistumisella: lievä onnistuminen",
                "1 vahinkopiste jaettavana: vahinko HAHMO N ...",
            ],
        ),
        (
            "en",
            ("hurt Ragnar 4", "hurt Ragnar -3"),
            ["Ragnar heals 3 damage points (1 in all), 4 more take them out"],
        ),
        (
            "en",
            ("hurt Ragnar 4",),
            ["Ragnar takes 4 damage points (4 in all), 1 more takes them out"],
        ),
        (
            "fi",
            ("satuta Ragnar 1",),
            ["Ragnar saa 1 pisteen vahinkoa (yhteensä 1), vielä 4 vie pelistä"],
        ),
        (
            "fi",
            ("satuta Ragnar 2", "satuta Ragnar -1"),
            ["Ragnar paranee 1 pisteen (vahinkoa yhteensä 1), vielä 4 vie pelistä"],
        ),
    ],
)
def test_one_success_and_one_damage_point_are_singular(
    scene_path: Path, lang: str, lines: tuple[str, ...], said: list[str]
) -> None:
    session = session_on(scene_path, lang=lang)
    play(session, *lines[:-1])
    assert play(session, lines[-1]) == said


def test_one_helper_and_one_die(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Sigrid Ammunta vs 1")
    assert play(session, "helpers 1 kyläläinen")[:3] == [
        "Sigrid: 1 helper, +1",
        "Sigrid: Ammunta 4 + kyläläinen +1 = 5 dice",
        "GM: GM 1 = 1 die",
    ]
    play(session, "drop")
    finnish = session_on(scene_path, lang="fi")
    play(finnish, "tarkistus Sigrid Ammunta")
    assert play(finnish, "avustajat 1")[:2] == [
        "Sigrid: 1 avustaja, +1",
        "Sigrid: Ammunta 4 + 1 avustaja +1 = 5 noppaa",
    ]
    damage = session_on(scene_path)
    play(damage, "check Ragnar Taistelu vs Rosvo+Roisto Taistelu", "roll 666 vs 111")
    assert play(damage, "damage Rosvo 1") == [
        "Rosvo takes 1 damage point (1 in all): out",
        "2 damage points left unspent",
    ]
    assert play(damage, "damage Roisto 1") == [
        "Roisto takes 1 damage point (1 in all): out",
        "1 damage point left unspent",
    ]


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_the_shares_of_a_ranged_check_add_up_to_the_whole(scene_path: Path, lang: str) -> None:
    """In a ranged attack the target's share holds the ties: the two sides' shares make
    the whole, and the ties are said as a part of the target's."""
    line = "odds 3 vs 2 ranged" if lang == "en" else "tn 3 vastaan 2 ampuma"
    said = play(session_on(scene_path, lang=lang), line)
    shares = [int(re.search(r"(\d+)%", text).group(1)) for text in said[1:3]]  # type: ignore[union-attr]
    assert 99 <= sum(shares) <= 101
    assert said[3].startswith("of which ties" if lang == "en" else "josta tasapelit")
    tie = int(re.search(r"(\d+)%", said[3]).group(1))  # type: ignore[union-attr]
    assert 0 < tie < shares[1]


@pytest.mark.parametrize(
    ("lang", "line", "said"),
    [
        (
            "en",
            "odds 1 vs 0",
            [
                "1 die vs 0 dice",
                "Actor wins 17% (slight success 17%)",
                "GM cannot win",
                "tie, nobody succeeds: 83%",
            ],
        ),
        (
            "fi",
            "tn 0 vastaan 1",
            [
                "0 noppaa vastaan 1 noppa",
                "Toimija ei voi voittaa",
                "PJ voittaa 17% (lievä onnistuminen 17%)",
                "tasapeli, kumpikaan ei onnistu: 83%",
            ],
        ),
        (
            "en",
            "odds 0 vs 0 ranged",
            [
                "0 dice vs 0 dice",
                "Actor cannot win",
                "GM wins 100%, by ties only",
                "of which ties, the target's advantage: 100%",
            ],
        ),
        (
            "fi",
            "tn 0 vastaan 0 ampuma",
            [
                "0 noppaa vastaan 0 noppaa",
                "Toimija ei voi voittaa",
                "PJ voittaa 100%, vain tasapeleillä",
                "josta tasapelit, kohteen etu: 100%",
            ],
        ),
    ],
)
def test_odds_of_a_side_that_cannot_win_or_wins_only_by_ties(
    scene_path: Path, lang: str, line: str, said: list[str]
) -> None:
    """No empty list of levels: a side without dice cannot win, a ranged target without dice
    wins only the ties."""
    assert play(session_on(scene_path, lang=lang), line) == said


@pytest.mark.parametrize(
    ("lang", "line", "message"),
    [
        ("en", "roll 1 vs 1 dice 66 vs 6", "Actor's pool has 1 die: 2 faces were entered"),
        ("en", "roll 2 vs 1 dice 6", "Actor's pool has 2 dice: 1 face was entered"),
        (
            "fi",
            "heitä 1 vastaan 1 nopat 66 vastaan 6",
            "Toimija: poolissa on 1 noppa, syötettiin 2 silmälukua",
        ),
        ("fi", "heitä 2 nopat 6", "Toimija: poolissa on 2 noppaa, syötettiin 1 silmäluku"),
    ],
)
def test_entered_faces_that_do_not_fit_the_pool(
    scene_path: Path, lang: str, line: str, message: str
) -> None:
    session = session_on(scene_path, lang=lang)
    assert session.execute(line).lines == (message,)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("damage Ragnar 1", "Ragnar won the check: the margin hurts the beaten side"),
        (
            "damage Renttu 1",
            "Renttu was not in the check: the margin hurts the beaten side (Rosvo)",
        ),
        ("damage Rosvo 1 Sigrid 1", "Sigrid was not in the check"),
    ],
)
def test_the_margin_hurts_only_the_beaten_side(scene_path: Path, line: str, message: str) -> None:
    """«voi hän aiheuttaa yhdelle heistä kolme pistettä vahinkoa»: "heistä" are the
    opponents in the check, never the winner nor a bystander."""
    session = session_on(scene_path)
    play(session, "check Ragnar Taistelu vs Rosvo Taistelu", "roll 666 vs 11")
    before = session.value
    result = session.execute(line)
    assert not result.ok and message in result.lines[0], result.lines
    assert session.value is before


def test_against_the_static_difficulty_the_margin_spares_only_the_winner(
    scene_path: Path,
) -> None:
    session = session_on(scene_path)
    # the chasm wins: the beaten rider takes the margin
    play(session, "check Ragnar Ratsastus", "roll 624 vs 661")
    assert play(session, "damage Ragnar 1") == [
        "Ragnar takes 1 damage point (1 in all), 4 more take them out"
    ]
    # the rider wins against the difficulty: anyone but him (the GM's call)
    play(session, "check Ragnar Ratsastus", "roll 666 vs 111")
    assert not session.execute("damage Ragnar 1").ok
    assert play(session, "damage Rosvo 1")[0] == "Rosvo takes 1 damage point (1 in all): out"


def test_in_finnish_the_margin_names_the_beaten_side(scene_path: Path) -> None:
    session = session_on(scene_path, lang="fi")
    play(session, "tarkistus Ragnar Taistelu vastaan Rosvo Taistelu", "heitä 666 vastaan 11")
    result = session.execute("vahinko Ragnar 1")
    assert result.lines == ("Ragnar voitti tarkistuksen: ero vahingoittaa hävinnyttä puolta",)


def test_an_undone_roll_is_named_by_the_roll(scene_path: Path) -> None:
    """The undo of a roll names its outcome (who won), not the hint about its damage
    points that ends what it says."""
    session = session_on(scene_path)
    play(session, "check Ragnar Taistelu", "gear Tikari")
    said = play(session, "roll 6666 vs 111")
    assert len(said) > 1
    assert play(session, "undo") == [f"undone: {said[-2]}"] and "wins" in said[-2]
