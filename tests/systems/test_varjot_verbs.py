"""Menneisyyden varjot verb by verb as the GM reads them: the word a refusal says is missing,
names looked up in the GM's language, who a gift die goes to, dice entered after the roll,
failures and ties on both sides, and the sources each added die keeps."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.systems.varjot.rules.check import ExtraDice, Source
from fatescreen.systems.varjot.rules.dice import parse_faces
from fatescreen.systems.varjot.scene import VarjotScene
from tests.systems.support import (
    SILLALLA,
    edited,
    play,
    refused,
    scene_copy,
    scene_value,
    session_on,
)

scene_path = scene_copy(SILLALLA)


FI_USAGE = {
    "pool": "voimavara HAHMO VOIMAVARA [NOPAT]",
    "gift": "lahja PELAAJA [hahmolle HAHMO] [NOPAT]",
    "odds": "todennäköisyys | todennäköisyys KYKY [+N|-N] [vastaan KYKY [+N|-N]]",
}


@pytest.mark.parametrize(
    ("setup", "line", "message"),
    [
        (
            ("tarkistus Ilse Miekkailu",),
            "voimavara",
            "voimavara: hahmoa ei annettu. Käyttö: " + FI_USAGE["pool"],
        ),
        (
            ("tarkistus Ilse Miekkailu",),
            "voimavara Ilse",
            "voimavara: voimavara ei annettu. Käyttö: " + FI_USAGE["pool"],
        ),
        (
            ("tarkistus Ilse Miekkailu",),
            "voimavara Ilse Taika",
            "voimavara 'Taika' ei löydy; tunnetut: Ruumis, Mieli",
        ),
        (
            ("tarkistus Ilse Miekkailu",),
            "lahja Anni hahmolle",
            "lahja: hahmoa ei annettu. Käyttö: " + FI_USAGE["gift"],
        ),
        (
            ("tarkistus Ilse Miekkailu",),
            "lahja Eevi hahmolle Ilse",
            "Eevi ei voi antaa lahjanoppaa omaan tarkistukseensa",
        ),
        ((), "tn 3 vastaan", "todennäköisyys: kyky ei annettu. Käyttö: " + FI_USAGE["odds"]),
        ((), "tarkistus Nobody Miekkailu", "hahmoa 'Nobody' ei löydy; tunnetut: Ilse, Aarne, Saga"),
    ],
)
def test_finnish_refusals_name_what_is_missing_or_unknown(
    scene_path: Path, setup: tuple[str, ...], line: str, message: str
) -> None:
    session = session_on(scene_path, "fi")
    play(session, *setup)
    assert refused(session, line).startswith(message)


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "'Mi' could be more than one ability: Miekkailu, Mielistely"),
        ("fi", "'Mi' voi tarkoittaa useampaa kuin yhtä kyky: Miekkailu, Mielistely"),
    ],
)
def test_an_ambiguous_ability_is_named_in_the_gms_language(
    tmp_path: Path, lang: str, message: str
) -> None:
    path = edited(tmp_path, "Miekkailu = 3, Ratsastus", "Miekkailu = 3, Mielistely = 1, Ratsastus")
    session = session_on(path, lang)
    assert refused(session, "check Ilse Mi") == message


def test_both_unskilled_abilities_are_noted(scene_path: Path) -> None:
    lines = play(session_on(scene_path), "check Saga Lentäminen vs Vartija Uinti")
    assert lines[1:3] == [
        "Lentäminen is not on Saga's sheet: unskilled (0)",
        "Uinti is not on Vartija's sheet: unskilled (0)",
    ]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "check Ilse Miekkailu vs Vartija Miekkailu vs Saga Loitsut",
            "check: did not understand 'vs Saga Loitsut'",
        ),
        ("odds 3 vs 2 vs 1", "odds: did not understand 'vs 1'"),
    ],
)
def test_a_check_has_at_most_two_sides(scene_path: Path, line: str, message: str) -> None:
    assert refused(session_on(scene_path), line).startswith(message)


def test_the_side_to_name(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Ilse Miekkailu vs Vartija Miekkailu")
    assert refused(session, "bonus 1") == "name the side: Ilse, Vartija"


def test_a_gift_die_goes_to_the_side_named_or_the_only_other_players(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Ilse Miekkailu vs Aarne Vakuuttelu")
    assert play(session, "gift Anni to Aarne")[0] == "Anni gives a gift die to Aarne (3 left)"
    check = scene_value(session, VarjotScene).check
    assert check is not None
    assert check.sides[1].extras == (ExtraDice(Source.GIFT, 1, detail="Anni"),)
    assert scene_value(session, VarjotScene).gifts.by_player["Anni"] == 3
    assert refused(session, "gift Anni") == (
        "Anni cannot give a gift die to this check: name another side"
    )
    assert refused(session, "gift Eevi to Ilse") == (
        "Eevi cannot give a gift die to their own check"
    )
    assert refused(session, "gift PJ to Vartija") == "Vartija is not in this check"
    assert refused(session, "gift Anni to Saga") == "Saga is not in this check"


def test_a_gift_die_between_a_player_and_the_gm(scene_path: Path) -> None:
    """Against the GM's character, a third player's gift goes to the player's side; the
    player's own gift can only go to the other side."""
    session = session_on(scene_path)
    play(session, "check Ilse Miekkailu vs Vartija Miekkailu")
    assert play(session, "gift Anni")[0] == "Anni gives a gift die to Ilse (3 left)"
    assert play(session, "gift Eevi")[0] == "Eevi gives a gift die to Vartija (3 left)"
    assert play(session, "gift PJ")[0] == "PJ gives a gift die to Ilse (3 left)"
    check = scene_value(session, VarjotScene).check
    assert check is not None
    assert [e.detail for e in check.sides[0].extras] == ["Anni", "PJ"]
    assert [e.detail for e in check.sides[1].extras] == ["Eevi"]


def test_gift_dice_run_out(scene_path: Path) -> None:
    session = session_on(scene_path, "fi")
    play(session, "tarkistus Ilse Miekkailu", *["lahja Anni"] * 4)
    assert refused(session, "lahja Anni") == (
        "pelaajalla Anni ei ole lahjanoppia jäljellä tällä pelikerralla"
    )


def test_dice_entered_for_dice_added_after_the_roll(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Ilse Miekkailu vs Vartija Miekkailu", "roll 000 vs 000")
    assert play(session, "gift Anni to Ilse +")[1] == (
        "Ilse adds [+]: now [0 0 0 +], keeps [+ 0 0] = Astonishing (4)"
    )
    assert play(session, "bonus 2 on Vartija -+ konsti")[1] == (
        "Vartija adds [- +]: now [0 0 0 - +], keeps [+ 0 0] = Peerless (3)"
    )
    assert play(session, "pool Ilse Mieli 0")[1] == (
        "Ilse adds [0]: now [0 0 0 + 0], keeps [+ 0 0] = Astonishing (4)"
    )
    check = scene_value(session, VarjotScene).check
    assert check is not None
    assert check.sides[0].faces == parse_faces("000+0")
    assert check.sides[0].extras == (
        ExtraDice(Source.GIFT, 1, detail="Anni"),
        ExtraDice(Source.POOL, 1, detail="Mieli"),
    )
    assert check.sides[1].extras == (ExtraDice(Source.OTHER, 2, detail="konsti"),)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Ilse: the die cancels one on the table: now [0 0 0] = Peerless (3)"),
        ("fi", "Ilse: noppa kumoaa pöydältä yhden: nyt [0 0 0] = Verraton (3)"),
    ],
)
def test_a_die_that_cancels_one_on_the_table(scene_path: Path, lang: str, said: str) -> None:
    session = session_on(scene_path, lang)
    play(session, "check Ilse Miekkailu", "penalty 1", "roll 0000")
    assert play(session, "pool Ilse Ruumis")[1] == said


def test_a_penalty_with_a_reason_is_not_the_gms(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Ilse Miekkailu", "penalty 2", "penalty 3 on Ilse pimeys")
    check = scene_value(session, VarjotScene).check
    assert check is not None
    assert check.sides[0].extras == (
        ExtraDice(Source.GM, 2, penalty=True),
        ExtraDice(Source.OTHER, 3, penalty=True, detail="pimeys"),
    )
    assert refused(session, "penalty 1") == "the GM imposes 1 or 2 penalty dice"
    play(session, "bonus 1")
    check = scene_value(session, VarjotScene).check
    assert check is not None
    assert check.sides[0].extras[-1] == ExtraDice(Source.OTHER, 1, detail="another source")


@pytest.mark.parametrize(
    ("lang", "lines", "said"),
    [
        (
            "en",
            ("check Aarne Uinti", "roll ---"),
            "Aarne rolls [- - -], keeps [- - -]: 0 -3 = Failure (0)",
        ),
        (
            "en",
            ("check Aarne Uinti", "roll ---", "pool Aarne Ruumis -"),
            "Aarne adds [-]: now [- - - -], keeps [- - -] = Failure (0)",
        ),
        (
            "fi",
            ("tarkistus Aarne Uinti", "heitä ---", "voimavara Aarne Ruumis -"),
            "Aarne lisää [-]: nyt [- - - -], lasketaan [- - -] = Moka (0)",
        ),
    ],
)
def test_a_failure_is_level_zero(
    scene_path: Path, lang: str, lines: tuple[str, ...], said: str
) -> None:
    session = session_on(scene_path, lang)
    assert said in play(session, *lines)


@pytest.mark.parametrize(
    ("lang", "rolled", "said"),
    [
        (
            "en",
            "roll +00 vs ---",
            [
                "Vartija wins by 3: Peerless (3) vs Failure (0)",
                "Vartija may take 3 bonus dice into an extended conflict",
            ],
        ),
        (
            "fi",
            "heitä +00 vastaan ---",
            [
                "Vartija voittaa asteella 3: Verraton (3) vastaan Moka (0)",
                "Vartija saa 3 bonusnoppaa syvennettyyn selkkaukseen",
            ],
        ),
    ],
)
def test_the_side_that_started_loses_to_a_failure(
    scene_path: Path, lang: str, rolled: str, said: list[str]
) -> None:
    session = session_on(scene_path, lang)
    play(session, "check Vartija Miekkailu vs Aarne Uinti", rolled)
    assert play(session, "accept") == said


def test_the_second_side_wins(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Aarne Uinti vs Vartija Miekkailu", "roll --- vs +00")
    assert play(session, "accept") == [
        "Vartija wins by 3: Peerless (3) vs Failure (0)",
        "Vartija may take 3 bonus dice into an extended conflict",
    ]


@pytest.mark.parametrize(
    ("lang", "accept", "said"),
    [
        (
            "en",
            "accept",
            "A tie at Peerless (3): nobody wins (reopen it at once if everyone wishes)",
        ),
        (
            "en",
            "accept no-tie",
            "A tie at Peerless (3) that cannot stay undecided: Ilse started it and loses",
        ),
        (
            "fi",
            "hyväksy ratkaistava",
            "Tasapeli (Verraton (3)), joka ei voi jäädä ratkaisematta: aloittaja Ilse häviää",
        ),
    ],
)
def test_a_tie_that_cannot_stay_undecided(
    scene_path: Path, lang: str, accept: str, said: str
) -> None:
    session = session_on(scene_path, lang)
    play(session, "check Ilse Miekkailu vs Vartija Miekkailu", "roll 000 vs +00")
    assert play(session, accept) == [said]
    last = scene_value(session, VarjotScene).last
    assert last is not None
    assert last.resolution.winner == (None if accept == "accept" else 1)


def test_a_margin_only_for_the_winner_of_the_last_check(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Ilse Miekkailu vs Vartija Miekkailu", "roll 000 vs 000", "accept")
    assert refused(session, "check Saga Loitsut margin") == (
        "Saga did not win the last check: no margin to carry"
    )
    assert refused(session, "check Vartija Miekkailu margin") == (
        "Vartija did not win the last check: no margin to carry"
    )
    play(session, "check Ilse Miekkailu margin")
    check = scene_value(session, VarjotScene).check
    assert check is not None and check.sides[0].extras == (ExtraDice(Source.MARGIN, 1),)


def test_support_keeps_its_helper(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Aarne Jäljitys", "roll 0+0", "accept", "check Ilse Miekkailu support")
    check = scene_value(session, VarjotScene).check
    assert check is not None
    assert check.sides[0].extras == (ExtraDice(Source.SUPPORT, 3, detail="Aarne"),)


@pytest.mark.parametrize(
    ("setup", "line", "message"),
    [
        ((), "roll", "there is no check: start one with 'check'"),
        (("check Ilse Miekkailu",), "roll 0", "3 dice are needed for Ilse: 1 entered"),
        (
            ("check Ilse Miekkailu", "roll 000"),
            "roll",
            "a check is under way: settle it with 'accept' (or 'undo')",
        ),
    ],
)
def test_roll_refuses(scene_path: Path, setup: tuple[str, ...], line: str, message: str) -> None:
    session = session_on(scene_path)
    play(session, *setup)
    assert refused(session, line) == message


def test_a_quick_roll_of_an_unskilled_ability(scene_path: Path) -> None:
    assert play(session_on(scene_path), "roll 0 +0-") == [
        "Ability 0: rolls [+ 0 -], keeps [- 0 +] = Failure (0)"
    ]


def test_no_chance_to_improve_at_the_top(scene_path: Path) -> None:
    session = session_on(scene_path)
    play(session, "check Ilse Miekkailu vs Vartija Miekkailu")
    assert play(session, "roll +++ vs 0++") == [
        "Ilse rolls [+ + +], keeps [+ + +]: 3 +3 = Unearthly (6)",
        "Vartija rolls [0 + +], keeps [0 + +]: 2 +2 = Astonishing (4)",
        "Vartija: one more bonus die would improve it: 33%",
    ]


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (
            "odds 3 -1",
            "Odds of success 89%: Failure 11% · Good 22% · Fine 27% · Peerless 21% · "
            "Astonishing 12% · Legendary 5% · Unearthly 1%",
        ),
        (
            "odds 3 +1",
            "Odds of success 99%: Failure 1% · Good 5% · Fine 12% · Peerless 21% · "
            "Astonishing 27% · Legendary 22% · Unearthly 11%",
        ),
        ("odds 3 -2 vs 2 +1", "Odds: win 19% · tie 16% · lose 65%"),
    ],
)
def test_odds_with_net_dice(scene_path: Path, line: str, said: str) -> None:
    assert play(session_on(scene_path), line) == [said]


@pytest.mark.parametrize(
    ("lang", "line", "message"),
    [
        ("en", "roll 3 X1", "roll: did not understand 'X1'"),
        ("en", "odds 3 x2", "odds: did not understand 'x2'"),
        ("en", "roll 3 +", "a roll of ability 3 with no bonus or penalty dice takes 3 dice: 1"),
        (
            "fi",
            "heitä 0 ++",
            "kyvyn 0 heittoon (ei bonus- eikä sakkonoppia) tarvitaan 3 noppaa, syötettiin 2",
        ),
    ],
)
def test_what_follows_a_quick_ability(scene_path: Path, lang: str, line: str, message: str) -> None:
    """Only ``+N`` or ``-N`` are net dice; anything else after the ability is not understood
    (or, written in dice faces, must be the right number of dice)."""
    assert refused(session_on(scene_path, lang), line).startswith(message)
