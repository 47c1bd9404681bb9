"""Menneisyyden varjot at the table: verbs through the session (undo, journal, save), bad
lines that change nothing, and quick rolls and odds from the shell."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from fatescreen import cli
from fatescreen.systems.varjot.rules.check import Source
from fatescreen.systems.varjot.rules.dice import parse_faces
from fatescreen.systems.varjot.scene import VarjotScene
from tests.systems.support import SILLALLA, play, scene_copy, scene_value, session_on

scene_path = scene_copy(SILLALLA)


def test_a_check_built_step_by_step(scene_path: Path) -> None:
    session = session_on(scene_path)
    lines = play(
        session,
        "check Ilse Miekkailu vs Vartija Miekkailu",
        "pool Ilse Ruumis",
        "gift Tuomas",
        "penalty 1 on Vartija",
    )
    assert lines[0] == "Check: Ilse, Miekkailu 3 vs Vartija, Miekkailu 2"
    assert "Tuomas gives a gift die to Ilse (3 left)" in lines
    scene = scene_value(session, VarjotScene)
    assert scene.character("Ilse").pool("Ruumis").left == 3
    assert scene.gifts.by_player["Tuomas"] == 3
    check = scene.check
    assert check is not None
    ilse, guard = check.sides
    assert [e.source for e in ilse.extras] == [Source.POOL, Source.GIFT]
    assert ilse.net == 2 and guard.net == -1 and guard.gm_penalty == 1
    play(session, "roll +0-+0 vs 0-0+")
    check = scene_value(session, VarjotScene).check
    assert check is not None and check.sides[0].level == 5 and check.sides[1].level == 1
    lines = play(session, "accept")
    assert lines == [
        "Ilse wins by 4: Legendary (5) vs Good (1)",
        "Ilse may take 4 bonus dice into an extended conflict",
    ]
    scene = scene_value(session, VarjotScene)
    assert scene.check is None and scene.last is not None
    assert scene.last.resolution.margin == 4


def test_dice_added_after_the_roll_show_the_new_level(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Ilse Miekkailu", "roll -0-")
    lines = play(session, "pool Ilse Mieli +")
    assert lines[-1] == "Ilse adds [+]: now [- 0 - +], keeps [+ 0 -] = Peerless (3)"
    check = scene_value(session, VarjotScene).check
    assert check is not None and check.sides[0].faces == parse_faces("-0-+")


@pytest.mark.parametrize(
    ("setup", "line", "message"),
    [
        ((), "pool Ilse Ruumis", "there is no check: start one with 'check'"),
        (("check Ilse Miekkailu",), "check Aarne Historia", "a check is under way"),
        (("check Ilse Miekkailu",), "accept", "roll the check first"),
        (("check Ilse Miekkailu", "roll 000"), "drop", "the check can no longer be dropped"),
        (("check Ilse Miekkailu",), "gift Eevi", "Eevi cannot give a gift die to this check"),
        (("check Ilse Miekkailu",), "penalty 3", "the GM imposes 1 or 2 penalty dice"),
        (("check Ilse Miekkailu", "penalty 2"), "penalty 1", "the GM imposes 1 or 2"),
        (("check Ilse Miekkailu",), "roll +0", "3 dice are needed for Ilse: 2 entered"),
        (("check Ilse Miekkailu", "roll 000"), "pool Ilse Mieli +-", "1 die is needed for Ilse: 2"),
        (
            ("check Ilse Miekkailu",),
            "pool Ilse Ruumis +",
            "Ilse's dice are not rolled yet: enter them all with 'roll'",
        ),
        (
            ("check Ilse Miekkailu", "penalty 1", "roll 0000"),
            "pool Ilse Ruumis +",
            "nothing to enter: the dice added cancel Ilse's dice on the table",
        ),
        (
            ("check Ilse Miekkailu vs Vartija Miekkailu", "roll 000 vs 000"),
            "bonus 2 on Vartija -",
            "2 dice are needed for Vartija: 1 entered",
        ),
        ((), "check Ilse Miekkailu vs Ilse Ratsastus", "Ilse cannot be on both sides of a check"),
        ((), "roll 3 +31", "roll: '+31' must be from -30 to 30"),
        ((), "odds 3 vs 2 -31", "odds: '-31' must be from -30 to 30"),
        ((), "roll 3 +1 +0-", "a roll of ability 3 with 1 bonus die takes 4 dice: 3 entered"),
        ((), "roll 2 -2 +0-", "a roll of ability 2 with 2 penalty dice takes 5 dice: 3 entered"),
        ((), "roll 0 ++", "a roll of ability 0 with no bonus or penalty dice takes 3 dice: 2"),
        (("check Ilse Miekkailu",), "pool Ilse Taika", "no pool 'Taika'"),
        (("check Ilse Miekkailu",), "bonus 1 on Saga", "Saga is not in this check"),
        (("check Ilse Miekkailu vs Vartija Miekkailu",), "bonus 1", "name the side"),
        ((), "check Nobody Miekkailu", "no character 'Nobody'"),
        ((), "check Ilse Miekkailu margin", "no check has been settled yet"),
        ((), "frobnicate", "unknown command 'frobnicate'"),
        ((), "undo", "nothing to undo"),
        ((), "roll 5", "roll: '5' must be from 0 to 4"),
        (("check Ilse Miekkailu",), "penalty x", "penalty: 'x' is not a number"),
    ],
)
def test_bad_lines_change_nothing(
    scene_path: Path, setup: tuple[str, ...], line: str, message: str
) -> None:
    session = session_on(scene_path)
    play(session, *setup)
    before = session.value
    result = session.execute(line)
    assert not result.ok
    assert message in result.lines[0], result.lines
    assert session.value is before


def test_an_empty_pool_and_an_empty_hand(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Saga Loitsut", "pool Saga Taika", "pool Saga Taika")
    result = session.execute("pool Saga Taika")
    assert not result.ok and "no points left" in result.lines[0]
    play(session, *["gift PJ"] * 4)
    result = session.execute("gift PJ")
    assert result.lines == ("PJ has no gift dice left this session",)
    assert play(session, "session") == [
        "A new session: 4 gift dice each for Eevi, Tuomas, Anni, PJ"
    ]
    assert scene_value(session, VarjotScene).gifts.by_player["PJ"] == 4


def test_undo_and_redo(scene_path: Path) -> None:
    session = session_on(scene_path)
    start = session.value
    play(session, "check Ilse Miekkailu", "pool Ilse Ruumis")
    after = session.value
    play(session, "undo", "undo")
    assert session.value == start
    play(session, "redo", "redo")
    assert session.value == after


def test_the_journal_replays_the_same_dice(scene_path: Path) -> None:
    session = session_on(scene_path, journal=True)
    play(
        session, "check Ilse Miekkailu vs Vartija Miekkailu", "gift Anni", "roll", "pool Ilse Mieli"
    )
    played = session.value
    again = session_on(scene_path, journal=True)
    assert len(again.recoverable()) == 4
    assert again.recover() == 4
    assert again.value == played


def test_save_writes_pools_and_gift_dice(scene_path: Path) -> None:
    session = session_on(scene_path)
    assert not session.dirty
    play(session, "check Ilse Miekkailu", "pool Ilse Ruumis", "gift Anni")
    assert session.dirty
    play(session, "save")
    assert not session.dirty
    text = scene_path.read_text(encoding="utf-8")
    assert "Ruumis = { max = 5, left = 3 }" in text
    assert "gift_dice = { Eevi = 4, Tuomas = 4, Anni = 3, PJ = 4 }" in text
    reopened = scene_value(session_on(scene_path), VarjotScene)
    assert reopened.character("Ilse").pool("Ruumis").left == 3
    assert reopened.check is None  # a check under way is not part of the file


def test_finnish_uses_the_seeds_terms(scene_path: Path) -> None:
    session = session_on(scene_path, lang="fi")
    lines = play(session, "tarkistus Saga Loitsut", "heitä +++", "hyväksy")
    assert lines[-1] == "Saga onnistuu: Taivaallinen (7)"
    assert play(session, "tn 0")[0].startswith("Onnistumisen todennäköisyys 37%: Moka 63%")


def test_help_lists_the_verbs(scene_path: Path) -> None:
    lines = play(session_on(scene_path), "help")
    verbs = {line.split()[0] for line in lines[1:]}
    assert verbs == {"undo", "redo", "save", "log", "help"} | {
        "check",
        "pool",
        "gift",
        "penalty",
        "bonus",
        "roll",
        "accept",
        "drop",
        "session",
        "odds",
        "secret",
        "public",
    }
    detail = play(session_on(scene_path), "help gift")
    assert detail[0] == "gift PLAYER [to CHARACTER] [DICE]"


def shell(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = cli.main(list(args))
    return status, out.getvalue()


def test_roll_and_odds_from_the_shell() -> None:
    assert shell("roll", "--system", "menneisyyden-varjot", "--lang", "en", "3", "+1", "-0++") == (
        0,
        "Ability 3: rolls [- 0 + +], keeps [+ + 0] = Legendary (5)\n",
    )
    assert shell(
        "odds", "--system", "menneisyyden-varjot", "--lang", "en", "3", "+1", "vs", "2"
    ) == (
        0,
        "Odds: win 74% · tie 13% · lose 13%\n",
    )
    status, output = shell("roll", "--system", "menneisyyden-varjot", "--seed", "4", "2", "-1")
    assert status == 0 and output.startswith("Ability 2: rolls [")
    assert shell("odds", "--system", "nosuch", "1")[0] == 2
    assert shell("roll", "--system", "menneisyyden-varjot", "--lang", "en", "7")[0] == 1


@pytest.mark.parametrize(
    ("faces", "said"),
    [
        ("+00", "Ability 4: rolls [+ 0 0], keeps [0 0 +] = Legendary (5)\n"),
        ("-00", "Ability 4: rolls [- 0 0], keeps [- 0 0] = Peerless (3)\n"),
        ("000", "Ability 4: rolls [0 0 0], keeps [0 0 0] = Astonishing (4)\n"),
    ],
)
def test_typed_faces_are_always_faces(faces: str, said: str) -> None:
    """``roll 4 +00`` is three faces typed, never "+0 net dice" and three random dice."""
    for seed in ("1", "2"):
        assert shell(
            "roll", "--system", "menneisyyden-varjot", "--lang", "en", "--seed", seed, "4", faces
        ) == (0, said)


def test_plus_zero_is_two_faces_in_a_roll_and_no_dice_in_the_odds() -> None:
    status, output = shell("roll", "--system", "menneisyyden-varjot", "--lang", "en", "4", "+0")
    assert status == 1 and "takes 3 dice: 2" in output
    assert shell("odds", "--system", "menneisyyden-varjot", "--lang", "en", "3", "+0")[0] == 0


def test_run_a_script_headless(scene_path: Path, tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_text("check Saga Loitsut\nroll +++\naccept\n", encoding="utf-8")
    status, output = shell("run", str(scene_path), "--script", str(script), "--lang", "en")
    assert status == 0
    assert "  Saga succeeds: Heavenly (7)" in output.splitlines()


def test_a_failed_link_of_a_chain(scene_path: Path) -> None:
    """«epäonnistunut kykytarkistus saattaa tarkoittaa, että koko toimintoa ei voi jatkaa,
    että seuraava pelaaja saa sakkonoppia heittoonsa tai että tarkistukset voivat jatkua
    ilman sakkonoppia.»"""
    session = session_on(scene_path)
    play(session, "check Aarne Uinti", "roll ---", "accept")
    assert play(session, "check Ilse Miekkailu support")[1] == (
        "Aarne failed: no bonus dice (the GM may add a penalty die)"
    )
    play(session, "drop")
    assert play(session, "check Ilse Miekkailu support fail-penalty")[1] == (
        "Aarne failed: a penalty die for Ilse"
    )
    check = scene_value(session, VarjotScene).check
    assert check is not None and check.sides[0].net == -1
    play(session, "drop")
    result = session.execute("check Ilse Miekkailu support fail-stop")
    assert result.lines == ("Aarne failed: by the GM's ruling this check cannot be tried",)


@pytest.mark.parametrize(
    ("lang", "line", "message"),
    [
        ("en", "roll 3 +1 +0-", "a roll of ability 3 with 1 bonus die takes 4 dice: 3 entered"),
        (
            "fi",
            "heitä 3 +1 +0-",
            "kyvyn 3 heittoon (1 bonusnoppa) tarvitaan 4 noppaa, syötettiin 3",
        ),
        (
            "fi",
            "heitä 1 -3 +-",
            "kyvyn 1 heittoon (3 sakkonoppaa) tarvitaan 6 noppaa, syötettiin 2",
        ),
    ],
)
def test_a_quick_roll_with_the_wrong_number_of_dice_says_what_it_takes(
    scene_path: Path, lang: str, line: str, message: str
) -> None:
    """A quick roll has no character: the refusal names the ability, its extra dice and the
    dice it takes, never the rating as a name."""
    session = session_on(scene_path, lang=lang)
    before = session.value
    assert session.execute(line).lines == (message,)
    assert session.value is before


@pytest.mark.parametrize(
    ("lang", "lines", "said"),
    [
        ("en", ("check Ilse Miekkailu", "penalty 1"), "The GM imposes 1 penalty die on Ilse"),
        ("en", ("check Ilse Miekkailu", "penalty 2"), "The GM imposes 2 penalty dice on Ilse"),
        ("fi", ("tarkistus Ilse Miekkailu", "sakko 1"), "PJ määrää hahmolle Ilse 1 sakkonopan"),
        ("en", ("check Ilse Miekkailu", "bonus 1 konsti"), "1 bonus die for Ilse: konsti"),
        (
            "fi",
            ("tarkistus Ilse Miekkailu", "bonusnoppa 1"),
            "1 bonusnoppa hahmolle Ilse: muu lähde",
        ),
        ("en", ("check Ilse Miekkailu", "penalty 1 pimeys"), "1 penalty die on Ilse: pimeys"),
        (
            "fi",
            ("tarkistus Ilse Miekkailu", "sakko 1 pimeys"),
            "1 sakkonoppa hahmolle Ilse: pimeys",
        ),
    ],
)
def test_one_die_is_one_die(scene_path: Path, lang: str, lines: tuple[str, ...], said: str) -> None:
    session = session_on(scene_path, lang=lang)
    play(session, *lines[:-1])
    assert play(session, lines[-1])[0] == said


def test_one_die_carried_from_a_win_by_one(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Ilse Miekkailu vs Vartija Miekkailu", "roll 000 vs 000")
    assert play(session, "accept") == [
        "Ilse wins by 1: Peerless (3) vs Fine (2)",
        "Ilse may take 1 bonus die into an extended conflict",
    ]
    assert play(session, "check Ilse Miekkailu margin")[1] == (
        "Ilse won by 1: 1 bonus die on the first round"
    )
    play(session, "drop", "check Aarne Uinti", "roll 0+0", "accept")
    assert play(session, "check Ilse Miekkailu support")[1] == (
        "Aarne's Good (1) gives Ilse 1 bonus die"
    )


def test_a_chance_to_improve_reads_as_a_sentence(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Ilse Miekkailu")
    assert play(session, "roll 0-0")[1] == "Ilse: one more bonus die would improve it: 67%"
