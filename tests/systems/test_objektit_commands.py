"""Objektien luonti at the table: verbs through the session (undo, journal, save), bad lines
that change nothing, and quick rolls and odds from the shell."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from fractions import Fraction
from functools import partial
from pathlib import Path

import pytest

from fatescreen import cli
from fatescreen.systems.objektit.scene import ObjektitScene
from fatescreen.systems.objektit.verbs import number, number_text, rating_text
from tests.systems import support
from tests.systems.support import SATAMASSA, play, refused, scene_copy, scene_value

scene_path = scene_copy(SATAMASSA)
session_on = partial(support.session_on, seed=5)  # the dice these tests expect


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("+3", Fraction(3)),
        ("-6", Fraction(-6)),
        ("−2", Fraction(-2)),
        ("3,14", Fraction("3.14")),
        ("+0.5", Fraction(1, 2)),
        ("0", Fraction(0)),
        ("kova", None),
        ("1e3", None),
        ("nan", None),
        ("1.0000001", None),
        ("1,000001", Fraction("1.000001")),
        ("1001", None),
        ("1000", Fraction(1000)),
        ("−1000", Fraction(-1000)),
        ("1000,000001", None),
        ("", None),
    ],
)
def test_a_chance_is_any_number_as_typed(word: str, expected: Fraction | None) -> None:
    assert number(word) == expected


def test_numbers_are_written_as_the_seed_writes_them() -> None:
    assert number_text("fi", Fraction("3.14")) == "+3,14"
    assert number_text("en", Fraction("-0.5")) == "−0.5"
    assert number_text("en", Fraction(12), signed=False) == "12"
    assert number_text("en", Fraction(0)) == "+0"


def test_abilities_are_written_as_the_seed_writes_them() -> None:
    """«esim "erittäin nokkela(+5)"»; «Esimerkkeinä hahmo: Melko kyvykäs poliisi(+4), laiva:
    ei kovinkaan kyvykäs kapteeni(+1)»; the scale «+0 Ei ollenkaan... +6 Äärimmäisen...»."""
    assert rating_text("fi", "nokkela", 5, developed=False) == "erittäin nokkela (+5)"
    assert rating_text("fi", "poliisi", 4, developed=True) == "melko kyvykäs poliisi (+4)"
    assert rating_text("fi", "kapteeni", 1, developed=True) == "ei kovinkaan kyvykäs kapteeni (+1)"
    assert rating_text("fi", "kova", 0, developed=False) == "ei ollenkaan kova (+0)"
    assert rating_text("fi", "vikkelä", 6, developed=False) == "äärimmäisen vikkelä (+6)"
    assert rating_text("en", "nokkela", 5, developed=False) == "very nokkela (+5)"


def test_a_conflict_with_the_chance_changed_before_the_dice(scene_path: Path) -> None:
    session = session_on(scene_path)
    lines = play(session, "check Aino nokk poliisi -3")
    assert lines[0] == (
        "Aino: very nokkela (+5) + fairly capable poliisi (+4) + chance −3 (fairly poor chance) "
        "= 6 − 2d6"
    )
    assert lines[1] == "Odds: good 28% · zero 14% · bad 58%"
    lines = play(session, "chance +1")
    assert lines[1] == "Odds: good 83% · zero 8% · bad 8%"
    conflict = scene_value(session, ObjektitScene).conflict
    assert conflict is not None and conflict.conflict.base == 10
    assert play(session, "roll 6 6") == ["Aino: 10 − [6 6] = −2: average consequence (bad)"]
    assert scene_value(session, ObjektitScene).conflict is None


def test_the_concepts_default_and_no_default(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Aino kova")
    conflict = scene_value(session, ObjektitScene).conflict
    assert conflict is not None and conflict.developed is None
    assert conflict.conflict.developed == 1
    play(session, "drop")
    result = session.execute("check Merikotka nopea")
    assert not result.ok and "no default for its concept" in result.lines[0]


def test_damage_moves_the_condition_track(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Bertil vaarallinen veitsitaistelu 0", "roll 1 1")
    assert play(session, "damage Aino -6") == [
        "Damage to Aino: kova +4 + danger −6 − hit +4 = −6: condition 6 Good → 0 In the GM's power"
    ]
    play(session, "undo")
    lines = play(session, "damage Aino -6 vikkelä kiipeily")
    assert lines == [
        "Damage to Aino: vikkelä +3 + kiipeily +2 + danger −6 − hit +4 = −5: "
        "condition 6 Good → 1 Incapacitated"
    ]
    play(session, "undo")
    assert play(session, "damage Merikotka 0") == [
        "Damage to Merikotka: kestävä +4 + danger +0 − hit +4 = +0: condition 6 Good → 6 Good"
    ]
    assert play(session, "condition Aino 4") == ["Aino: condition 6 Good → 4 Hurt"]


@pytest.mark.parametrize(
    ("lang", "lines", "said"),
    [
        ("en", ("condition Bertil -1",), "Bertil: condition 6 Good → −1 In the GM's power"),
        (
            "fi",
            ("tila Bertil -1", "tila Bertil −2"),
            "Bertil: tila −1 PJn vallassa → −2 PJn vallassa",
        ),
        (
            "en",
            ("check Aino vaarallinen ammunta +2", "roll 1 2", "damage Bertil -6"),
            "Damage to Bertil: kova +3 + danger −6 − hit +4 = −7: condition 6 Good → −1 In the "
            "GM's power",
        ),
    ],
)
def test_a_condition_below_zero_has_a_minus_sign(
    scene_path: Path, lang: str, lines: tuple[str, ...], said: str
) -> None:
    """Conditions are written as the game's other numbers are: ``−1``, not ``-1``."""
    session = session_on(scene_path, lang=lang)
    play(session, *lines[:-1])
    assert play(session, lines[-1]) == [said]


def test_the_odds_of_an_attack_on_a_target(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Bertil vaarallinen veitsitaistelu +3")
    assert play(session, "odds on Aino -3") == [
        "After this attack on Aino: 6 Good 42% · 5 Bruised 17% · 4 Hurt 14% · 3 Collapsing 11% "
        "· 2 Near the end 8% · 1 Incapacitated 6% · 0 In the GM's power 3%"
    ]
    resisted = play(session, "odds on Merikotka -6")
    assert resisted[0].startswith("After this attack on Merikotka: 6 Good 28% · 3 Collapsing 14%")
    assert play(session, "odds on Merikotka -6 nopea kapteeni") == resisted
    assert play(session, "odds on Merikotka -6 nopea") != resisted
    play(session, "drop", "check Aino vaarallinen ammunta +2")
    assert play(session, "odds on Bertil -6")[0].endswith(
        "0 In the GM's power 8% · −1 In the GM's power 6% · −2 In the GM's power 3%"
    )


def test_an_object_without_kova_names_its_resistance(scene_path: Path) -> None:
    text = scene_path.read_text(encoding="utf-8")
    scene_path.write_text(text.replace('kind = "laiva"\n', ""), encoding="utf-8")
    session = session_on(scene_path)
    play(session, "check Aino kätevä ammunta", "roll 1 1")
    result = session.execute("damage Merikotka -6")
    assert result.lines == (
        "Merikotka has no 'kova' to resist damage with: name the inherent ability",
    )
    assert play(session, "damage Merikotka -6 kestävä")[0].startswith(
        "Damage to Merikotka: kestävä +4 + danger −6 − hit +4 = −6: condition 6 Good → 0"
    )


def test_initiative_is_rolled_once_and_ordered(scene_path: Path) -> None:
    """«vain kerran "taistelun" alussa»: a second roll in the same fight is refused and the
    first stands; the GM's value by hand is an explicit override; clear starts a new fight."""
    session = session_on(scene_path)
    play(session, "initiative Aino vikkelä kiipeily +3 dice 1 1")
    play(session, "initiative Bertil vikkelä - 0 dice 66")
    before = session.value
    again = session.execute("initiative Aino vikkelä kiipeily dice 6 6")
    assert not again.ok and session.value is before
    assert again.lines == (
        "Aino has initiative this fight already (+6): it is rolled only once, at the start"
        " of the fight; 'initiative clear' starts a new fight, 'initiative Aino = VALUE'"
        " sets it by hand",
    )
    assert [entry.name for entry in scene_value(session, ObjektitScene).initiative] == [
        "Aino",
        "Bertil",
    ]
    play(session, "initiative Merikotka = -7")
    assert play(session, "initiative") == [
        "Initiative: 1. Aino +6 · 2. Bertil −7 · 3. Merikotka −7"
    ]
    assert play(session, "initiative Aino = 2")[-1] == (
        "Initiative: 1. Aino +2 · 2. Bertil −7 · 3. Merikotka −7"
    )
    assert play(session, "initiative clear") == ["Initiative cleared for the next fight"]
    assert scene_value(session, ObjektitScene).initiative == ()
    assert session.execute("initiative Aino vikkelä kiipeily dice 6 6").ok  # a new fight


def test_a_second_initiative_roll_is_refused_in_finnish(scene_path: Path) -> None:
    session = session_on(scene_path, lang="fi")
    play(session, "aloite Aino vikkelä kiipeily +3 nopat 1 1")
    result = session.execute("aloite Aino vikkelä kiipeily")
    assert result.lines[0].startswith("Aino: aloite on jo heitetty tässä taistelussa (+6)")


@pytest.mark.parametrize(
    ("setup", "line", "message"),
    [
        ((), "check Aino lentäminen", "no inherent ability (LK) 'lentäminen'"),
        ((), "check Aino vikkelä sukellus", "no developed ability (KK) 'sukellus'"),
        ((), "check Aino vikkelä - kolme", "did not understand 'kolme'"),
        ((), "chance 3", "there is no conflict"),
        ((), "damage Aino -3", "there is no attack result"),
        (("check Aino kova", "roll 6 6"), "damage Bertil -3", "is not a hit"),
        (("check Aino kova",), "check Bertil kova", "a conflict is being set up"),
        (("check Aino kova",), "roll 7 1", "two d6 faces"),
        (("check Aino kova",), "chance 1e9", "is not a number"),
        ((), "condition Aino 7", "'7' must be at most 6"),
        ((), "initiative Nobody kova", "no object 'Nobody'"),
        ((), "roll x", "is not a number"),
        ((), "odds", "there is no conflict"),
        ((), "odds on Aino -3", "there is no conflict"),
        (("check Aino kova",), "odds on Merikotka", "odds: missing danger. Usage"),
        (("check Aino kova", "roll 1 1"), "damage Bertil", "damage: missing danger. Usage"),
        ((), "roll", "roll: missing base value. Usage"),
        ((), "odds", "there is no conflict"),
        ((), "initiative Aino =", "initiative: missing value. Usage"),
        (("check Aino kova",), "chance", "chance: missing chance. Usage: chance NUMBER"),
        ((), "drop", "there is no conflict"),
    ],
)
def test_bad_lines_change_nothing(
    scene_path: Path, setup: tuple[str, ...], line: str, message: str
) -> None:
    session = session_on(scene_path)
    play(session, *setup)
    assert message in refused(session, line)


def test_undo_and_redo(scene_path: Path) -> None:
    session = session_on(scene_path)
    start = session.value
    play(session, "check Bertil vaarallinen", "chance 6", "roll 2 2", "damage Aino -4")
    after = session.value
    play(session, "undo", "undo", "undo", "undo")
    assert session.value == start
    play(session, "redo", "redo", "redo", "redo")
    assert session.value == after


def test_the_journal_replays_the_same_dice(scene_path: Path) -> None:
    session = session_on(scene_path, journal=True)
    play(session, "check Bertil vaarallinen +6", "roll", "initiative Aino vikkelä")
    played = session.value
    again = session_on(scene_path, journal=True)
    assert again.recover() == 3
    assert again.value == played


def test_save_writes_the_condition(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "condition Bertil 3", "save")
    assert not session.dirty
    assert "condition = 3" in scene_path.read_text(encoding="utf-8")
    assert scene_value(session_on(scene_path), ObjektitScene).entry("Bertil").sheet.condition == 3


def test_finnish_uses_the_seeds_terms(scene_path: Path) -> None:
    session = session_on(scene_path, lang="fi")
    lines = play(session, "konflikti Aino nokkela poliisi 3,14", "heitä 6 6")
    assert lines[0].startswith(
        "Aino: erittäin nokkela (+5) + melko kyvykäs poliisi (+4) + mahdollisuus +3,14 "
        "(melko hyvä mahdollisuus) = 12,14 − 2d6"
    )
    assert lines[-1] == "Aino: 12,14 − [6 6] = +0,14: keskinkertainen seuraus (hyvä)"
    assert play(session, "tila Aino 4") == ["Aino: tila 6 Hyvä → 4 Vahingoittunut"]


def shell(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = cli.main(list(args))
    return status, out.getvalue()


def test_roll_and_odds_from_the_shell() -> None:
    system = ("--system", "objektien-luonti", "--lang", "en")
    assert shell("roll", *system, "7", "+3", "dice", "2", "5") == (
        0,
        "10 − [2 5] = +3: fairly good consequence (good)\n",
    )
    assert shell("odds", *system, "7") == (
        0,
        "Odds: good 42% · zero 17% · bad 42%\n"
        "fairly good consequence 17% · average consequence 67% · fairly bad consequence 17%\n",
    )
    status, output = shell("roll", "--system", "objektien-luonti", "--seed", "4", "7")
    assert status == 0 and output.startswith("7 − [")


@pytest.mark.parametrize(
    ("lang", "line", "said"),
    [
        ("en", "roll 3 0,5 dice 6 1", "3.5 − [6 1] = −3.5: fairly bad consequence (bad)"),
        ("fi", "heitä 3 0,5 nopat 6 1", "3,5 − [6 1] = −3,5: melko paha seuraus (huono)"),
    ],
)
def test_a_quick_roll_is_said_in_the_tables_language_and_leaves_the_scene(
    scene_path: Path, lang: str, line: str, said: str
) -> None:
    """A bare roll of a base and a chance (no conflict open) says its result in the table's
    language, with a decimal comma in Finnish, and changes nothing in the scene."""
    session = session_on(scene_path, lang)
    before = scene_value(session, ObjektitScene)
    assert play(session, line) == [said]
    assert scene_value(session, ObjektitScene) == before


@pytest.mark.parametrize(
    ("lang", "line", "said"),
    [
        ("en", "condition Aino 9", "condition: '9' must be at most 6. Usage: condition OBJECT N"),
        ("fi", "tila Aino 9", "tila: arvon '9' pitää olla enintään 6. Käyttö: tila OBJEKTI N"),
    ],
)
def test_a_condition_above_good_names_the_one_bound_that_matters(
    scene_path: Path, lang: str, line: str, said: str
) -> None:
    session = support.session_on(scene_path, lang=lang)
    before = session.value
    assert refused(session, line) == said
    assert session.value == before
