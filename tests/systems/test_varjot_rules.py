"""Menneisyyden varjot rules: each worked example and rule sentence of seed 002 as a test."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.systems.varjot.rules.check import (
    Check,
    ExtraDice,
    OnFailure,
    Side,
    Source,
    chain_order,
    level,
    margin_dice,
    resolve_independent,
    resolve_opposed,
    support,
)
from fatescreen.systems.varjot.rules.dice import (
    change_net,
    dice_rolled,
    kept,
    net_dice,
    new_dice_needed,
    parse_faces,
    roll_faces,
    symbols,
)
from fatescreen.systems.varjot.rules.errors import (
    ChainBroken,
    InvalidFudgeDice,
    InvalidRating,
    NoGiftDice,
    NoPoolPoints,
    OwnGift,
    TooManyGmDice,
)
from fatescreen.systems.varjot.rules.odds import level_odds, success_odds
from fatescreen.systems.varjot.rules.sheet import Ability, Character, GiftDice, Pool


def test_three_dice_plus_the_ability() -> None:
    """«heitä kolmea noppaa ja ynnää ne hahmon käyttämän kyvyn arvoon»."""
    assert level(2, parse_faces("+0+")) == 4
    assert level(3, parse_faces("-0-")) == 1


def test_no_result_below_zero() -> None:
    """«nollaa pienempiä tuloksia ei ole, vaan negatiiviset arvot lasketaan kaikki nollaksi»."""
    assert level(0, parse_faces("---")) == 0
    assert level(1, parse_faces("--0")) == 0


def test_a_grandmaster_can_reach_seven() -> None:
    """«Jos hahmo olisi suurmestari (4), hän voisi saada tulokseksi jopa seitsemän.»"""
    assert level(4, parse_faces("+++")) == 7
    assert max(level_odds(4)) == 7


def test_every_result_is_from_zero_to_seven() -> None:
    """«Kykytarkistuksen tulos on siis luku nollasta seiskaan»."""
    for rating in range(5):
        for net in range(-3, 4):
            assert set(level_odds(rating, net)) <= set(range(8))


def test_a_grandmaster_never_really_fails() -> None:
    """«Noppien tulos on aina välillä -3–+3, mikä merkitsee sitä, että suurmestari ei koskaan
    varsinaisesti epäonnistu kykynsä käyttämisessä.»"""
    assert 0 not in level_odds(4)
    assert success_odds(4) == 1


def test_unskilled_fail_more_often_capable_succeed_mostly() -> None:
    """«taitamaton hahmo epäonnistuu useammin kuin onnistuu ... Mutta jo kyvykäs hahmo
    onnistuu useimmiten.» 3dF: 10 of 27 rolls are +1 or better, 17 of 27 are 0 or better."""
    assert success_odds(0).numerator == 10 and success_odds(0).denominator == 27
    assert success_odds(1).numerator == 17 and success_odds(1).denominator == 27


def test_bonus_and_penalty_dice_cancel_first() -> None:
    """«Sakkonopat siis kumoavat bonusnoppia ja päinvastoin, heitossa ei ole koskaan mukana
    molempia yhtäaikaa.»"""
    assert net_dice(2, 1) == 1
    assert net_dice(1, 3) == -2
    side = Side("Ilse", "Miekkailu", 3).add(ExtraDice(Source.POOL, 1))
    side = side.add(ExtraDice(Source.GM, 1, penalty=True))
    assert side.net == 0 and dice_rolled(side.net) == 3


def test_one_bonus_die_rolls_four_two_penalty_dice_five() -> None:
    """«jos sinulla on siis yksi bonusnoppa, heität yhteensä neljää noppaa, kaksi
    sakkonoppaa tarkoittaa viittä noppaa»."""
    assert dice_rolled(1) == 4
    assert dice_rolled(-2) == 5


def test_best_three_with_bonus_worst_three_with_penalty() -> None:
    """«Jos heitossa oli bonusnoppia, kolme parasta noppaa lasketaan, jos taas sakkonoppia,
    ota kolme huonointa.»"""
    assert sorted(kept(parse_faces("-0++"), 1)) == [0, 1, 1]
    assert sorted(kept(parse_faces("++0-0"), -2)) == [-1, 0, 0]
    with pytest.raises(InvalidFudgeDice):
        kept(parse_faces("+0-"), 1)


def test_dice_added_after_the_roll() -> None:
    """«Kun nopat ovat pöydässä voidaan lisänoppia heittää mukaan, kunnes pelaaja on
    tyytyväinen tulokseen.» One bonus die after [-][0][+]: it is rolled and the best three
    count; another after that, again."""
    side = Side("Ilse", "Miekkailu", 3).roll(parse_faces("-0+"))
    assert side.level == 3
    bonus = ExtraDice(Source.GIFT, 1, detail="Tuomas")
    assert side.dice_for(bonus) == 1
    side = side.add(bonus, parse_faces("+"))
    assert side.faces == parse_faces("-0++") and side.level == 5
    side = side.add(ExtraDice(Source.POOL, 1, detail="Ruumis"), parse_faces("+"))
    assert side.level == 6


def test_a_die_after_the_roll_that_cancels_takes_the_last_extra_die_away() -> None:
    """Sources cancel «ennen tai jälkeen itse heiton»: a bonus die given after a roll with two
    penalty dice leaves one penalty die: the last die rolled leaves the table."""
    side = Side("Vartija", "Miekkailu", 2, (ExtraDice(Source.GM, 2, penalty=True),))
    side = side.roll(parse_faces("++0-0"))
    gift = ExtraDice(Source.GIFT, 1, detail="Anni")
    assert side.dice_for(gift) == 0
    after = side.add(gift)
    assert after.faces == parse_faces("++0-") and after.level == 2
    assert change_net(parse_faces("+0-+"), 1, -1, parse_faces("0")) == parse_faces("+0-0")
    assert new_dice_needed(1, -1) == 1


def test_entered_dice_must_fit() -> None:
    with pytest.raises(InvalidFudgeDice):
        parse_faces("+x0")
    with pytest.raises(InvalidFudgeDice):
        Side("Ilse", "Miekkailu", 3).roll(parse_faces("+0"))
    side = Side("Ilse", "Miekkailu", 3).roll(parse_faces("+0-"))
    with pytest.raises(InvalidFudgeDice):
        side.add(ExtraDice(Source.POOL, 1))  # the new die's face is missing
    with pytest.raises(InvalidFudgeDice):
        Side("Ilse", "Miekkailu", 3).add(ExtraDice(Source.POOL, 1), parse_faces("+"))


def test_a_pool_point_buys_one_bonus_die() -> None:
    """«Pelaaja voi aina ottaa hahmolleen yhden bonusnopan kykytarkistukseen käyttämällä
    pisteen kykyyn liittyvästä voimavarasta.»"""
    ilse = Character("Ilse", (Ability("Miekkailu", 3),), (Pool("Ruumis", 5, 1),), "Eevi")
    spent = ilse.spend("Ruumis")
    assert spent.pool("Ruumis").left == 0
    with pytest.raises(NoPoolPoints):
        spent.spend("Ruumis")
    with pytest.raises(NoPoolPoints):
        ilse.spend("Mieli")


def test_an_ability_not_on_the_sheet_is_unskilled() -> None:
    """«hahmo osaa toki minkä tahansa kulttuurilleen tyypillisen kyvyn tasolla taitamaton»."""
    ilse = Character("Ilse", (Ability("Miekkailu", 3),))
    assert ilse.rating("miekkailu") == 3
    assert ilse.rating("Uinti") == 0


@pytest.mark.parametrize("rating", [-1, 5])
def test_abilities_are_rated_zero_to_four(rating: int) -> None:
    """«Jokaisella kykytasollahan on sitä vastaava numeroarvo nollasta neljään»."""
    with pytest.raises(InvalidRating):
        Ability("Miekkailu", rating)


def test_the_gm_imposes_one_or_two_penalty_dice() -> None:
    """«Pelinjohtaja voi aina määrätä kykytarkistukseen yhden tai kaksi sakkonoppaa»."""
    side = Side("Ilse", "Miekkailu", 3).add(ExtraDice(Source.GM, 2, penalty=True))
    assert side.gm_penalty == 2 and side.net == -2
    with pytest.raises(TooManyGmDice):
        side.add(ExtraDice(Source.GM, 1, penalty=True))
    # other penalty dice (harm, a knack) are not the GM's to count
    assert side.add(ExtraDice(Source.OTHER, 1, penalty=True, detail="haava")).net == -3


def test_gift_dice_per_session_and_to_another_player() -> None:
    """«Kunkin pelikerran alussa jokainen pelaaja, myös pelinjohtaja, saa niin monta
    lahjanoppaa kuin pöydän ympärillä on pelaajia. Pelin aikana pelaaja voi antaa koska
    tahansa toiselle pelaajan lahjanopan bonusnopaksi»."""
    gifts = GiftDice.new_session(("Eevi", "Tuomas", "Anni", "PJ"))
    assert gifts.by_player == {"Eevi": 4, "Tuomas": 4, "Anni": 4, "PJ": 4}
    gifts = gifts.give("Tuomas", "Eevi")
    assert gifts.by_player["Tuomas"] == 3
    with pytest.raises(OwnGift):
        gifts.give("Eevi", "Eevi")
    with pytest.raises(NoGiftDice):
        GiftDice((("Anni", 0),)).give("Anni", "Eevi")
    with pytest.raises(NoGiftDice):
        gifts.give("Outsider", "Eevi")


def test_independent_check_won_with_one_or_better() -> None:
    """«Jos hahmo onnistuu käyttämään kykyään, eli saa tarkistuksen tulokseksi ykkösen tai
    paremman, hän myös voittaa selkkauksen.»"""
    assert resolve_independent(1).winner == 0
    assert resolve_independent(0).winner is None


def test_opposed_the_higher_level_wins() -> None:
    """«Korkeamman onnistumisen asteen saanut voittaa.»"""
    result = resolve_opposed(5, 2)
    assert (result.winner, result.margin, result.tie) == (0, 3, False)
    assert resolve_opposed(1, 4).winner == 1


def test_opposed_ties() -> None:
    """«jos tilanteen voi hyvin kuvitella päättyvän ratkaisemattomana, kukaan ei voita» ...
    «Jos tasapeliä ei voi tilanteen luonteen vuoksi kuvitella, tilanteen aloittanut osapuoli
    häviää.»"""
    assert resolve_opposed(3, 3).winner is None
    strict = resolve_opposed(3, 3, tie_plausible=False)
    assert strict.winner == 1 and strict.tie


def test_a_check_resolves_once_rolled() -> None:
    check = Check((Side("Ilse", "Miekkailu", 3), Side("Vartija", "Miekkailu", 2)))
    with pytest.raises(InvalidFudgeDice):
        check.resolve()
    rolled = check.with_side(0, check.sides[0].roll(parse_faces("0+0")))
    rolled = rolled.with_side(1, rolled.sides[1].roll(parse_faces("-00")))
    assert rolled.resolve().levels == (4, 1)


def test_secondary_ability_level_becomes_bonus_dice() -> None:
    """«Toissijaista kykyä käytetään ensin, ja sen onnistumisen tasoa käytetään bonusnoppina
    toisessa kykytarkistuksessa.» And on a failure: «Joissakin tilanteissa toista
    kykytarkistusta voi yrittää ongelmitta, joissakin epäonnistuminen aiheuttaa sakkonopan ja
    lopuissa toista kykytarkistusta ei voi yrittää.»"""
    assert support(3, "Ratsastus") == ExtraDice(Source.SUPPORT, 3, detail="Ratsastus")
    assert support(0, "Ratsastus") is None
    assert support(0, "Ratsastus", OnFailure.PENALTY) == ExtraDice(
        Source.SUPPORT, 1, penalty=True, detail="Ratsastus"
    )
    with pytest.raises(ChainBroken):
        support(0, "Ratsastus", OnFailure.STOP)


def test_helpers_chain_each_level_into_the_next_roll() -> None:
    """«Kunkin pelaajan onnistumisen taso lisätään bonusonoppina seuraavan pelaajan
    heittoon.» Aarne reaches 3, three bonus dice for Saga; her 4 gives Ilse four."""
    aarne = Side("Aarne", "Historia", 1).roll(parse_faces("+0+"))
    assert aarne.level == 3
    helped = support(aarne.level or 0, "Aarne")
    assert helped is not None
    saga = Side("Saga", "Historia", 2).add(helped)
    saga = saga.roll(parse_faces("0+0-+-"))
    assert saga.kept == (1, 1, 0) and saga.level == 4
    passed = support(saga.level or 0, "Saga")
    assert passed is not None
    assert Side("Ilse", "Miekkailu", 3).add(passed).net == 4


def test_most_skilled_first_when_no_order_is_obvious() -> None:
    """«lähdetään siitä että taitavimmat suorittajat heittävät ensin ja jokainen heitto voi
    tuottaa sakkonoppia»."""
    assert chain_order([("Aarne", 1), ("Saga", 4), ("Ilse", 2)]) == [
        ("Saga", 4),
        ("Ilse", 2),
        ("Aarne", 1),
    ]


def test_margin_of_the_won_simple_check_on_the_first_round() -> None:
    """«saa hän syvennetyn selkkauksen ensimmäisellä kierroksella voittonsa asteen (eli
    hahmojen kykytarkistusten onnistumisten asteiden erotuksen) verran bonusnoppia.»"""
    result = resolve_opposed(5, 2)
    assert margin_dice(result, 0) == 3
    assert margin_dice(result, 1) == 0
    assert margin_dice(resolve_independent(4), 0) == 0


def test_rolling_uses_the_given_random_source() -> None:
    first = roll_faces(random.Random(7), 5)
    assert first == roll_faces(random.Random(7), 5)
    assert len(first) == 5 and set(first) <= {-1, 0, 1}
    assert parse_faces(symbols(first)) == first


@given(
    start=st.integers(-3, 3),
    changes=st.lists(st.integers(-2, 2).filter(bool), max_size=6),
    seed=st.integers(0, 1000),
)
def test_dice_on_the_table_always_fit_the_net_dice(
    start: int, changes: list[int], seed: int
) -> None:
    """However many bonus and penalty dice come after the roll, 3 + |net| dice lie on the
    table and three of them count."""
    rng = random.Random(seed)
    extras = (ExtraDice(Source.OTHER, abs(start), penalty=start < 0),) if start else ()
    side = Side("Ilse", "Miekkailu", 3, extras).roll_with(rng)
    for change in changes:
        extra = ExtraDice(Source.OTHER, abs(change), penalty=change < 0)
        side = side.add(extra, roll_faces(rng, side.dice_for(extra)))
        assert side.faces is not None and len(side.faces) == dice_rolled(side.net)
        assert len(side.kept) == 3 and 0 <= (side.level or 0) <= 7
