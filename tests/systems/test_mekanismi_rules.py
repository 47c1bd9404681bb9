"""Mekanismi's worked examples from seed 003, each quoting the sentence it reproduces."""

from __future__ import annotations

import pytest

from fatescreen.systems.mekanismi.rules.check import Check, Side, SuccessLevel, level_for, resolve
from fatescreen.systems.mekanismi.rules.damage import DamageTrack, split_damage
from fatescreen.systems.mekanismi.rules.dice import PoolRoll, parse_pool_roll
from fatescreen.systems.mekanismi.rules.errors import InvalidDamageSplit, InvalidPool
from fatescreen.systems.mekanismi.rules.odds import margin_odds
from fatescreen.systems.mekanismi.rules.pools import (
    Advantage,
    PartKind,
    Pool,
    ability_pool,
    best_actor,
    group_pool,
    static_difficulty,
)
from fatescreen.systems.mekanismi.rules.sheet import Character


def faces(text: str) -> PoolRoll:
    """Entered faces, as many as typed."""
    return parse_pool_roll(text, len(text.replace(" ", "")))


def test_every_six_is_a_success() -> None:
    """«Noppia heitetään ominaisuuden arvon määrän verran lisäten noppia hahmon varusteista ja
    olosuhteista. Jokainen nopan tulos 6 tarkoittaa onnistumista.»"""
    climber = Character("A", abilities=(("Kiipeily", 3),), gear=(("Köysi", Advantage.MINOR),))
    pool = climber.pool("kiipeily", gear=["köysi"])
    assert pool.size == 4
    assert [part.kind for part in pool.parts] == [PartKind.ABILITY, PartKind.ADVANTAGE]
    assert faces("6 1 6 5").successes == 2
    assert faces("5 4 3 2").successes == 0


def test_static_difficulty_is_three_dice_plus_circumstances() -> None:
    """«Kiinteä vaikeus kaikille olosuhdehaasteille on 3. ... Pelinjohtaja heittäisi kolmea
    noppaa lisäten omaan noppapooliinsa noppia esimerkiksi sateesta, joka tekee muurista
    liukkaamman»"""
    wall = static_difficulty("muuri")
    assert wall.size == 3
    climb = Check(ability_pool(2, "Kiipeily"), wall)
    rainy = climb.disadvantage(Side.ACTOR, Advantage.MINOR, "sade")
    assert rainy.opposition.size == 4
    assert rainy.actor.size == 2
    assert rainy.opposition.parts[-1].kind is PartKind.DISADVANTAGE


def test_dagger_is_one_die_and_chainmail_three() -> None:
    """«Etu lisää yhden nopan edun saajalle (esimerkiksi tikarilla varustautunut tappelija saa
    yhden nopan lisää aseetonta vihollista vastaan). Merkittävä etu lisää kolme noppaa edun
    saajalle (esimerkiksi rengaspaidalla varustautunut hahmo saa kolme noppaa lisää
    panssaritonta vastustajaa vastaan).»"""
    brawler = Character(
        "Tappelija",
        abilities=(("Taistelu", 2),),
        gear=(("Tikari", Advantage.MINOR), ("Rengaspaita", Advantage.MAJOR)),
    )
    unarmed = Check(brawler.pool("Taistelu"), ability_pool(2))
    assert unarmed.advantage(Side.ACTOR, Advantage.MINOR, "Tikari").actor.size == 3
    assert brawler.pool("Taistelu", gear=["Tikari"]).size == 3
    assert brawler.pool("Taistelu", gear=["Tikari", "Rengaspaita"]).size == 6


def test_a_wounded_character_keeps_its_dice() -> None:
    """«Noppia ei koskaan vähennetä noppapooleista haittaavien olosuhteiden mukaan, vaan
    vastapooli saa lisänoppia. Näin siis esimerkiksi haavoittunut hahmo ei toimi vähemmillä
    noppamäärillä, vaan vastaheiton noppien määrä vain lisääntyy.»"""
    check = Check(ability_pool(4), ability_pool(3))
    wounded = check.disadvantage(Side.ACTOR, Advantage.MINOR, "haava")
    assert (wounded.actor.size, wounded.opposition.size) == (4, 4)
    other_way = check.disadvantage(Side.OPPOSITION, Advantage.MAJOR, "sokaistu")
    assert (other_way.actor.size, other_way.opposition.size) == (7, 3)
    with pytest.raises(InvalidPool):
        ability_pool(-1)


def test_the_race_over_the_chasm() -> None:
    """«Enemmän onnistumisia saanut pääsee hyppäämään kuilun yli ensin. Jos toinen toimija sai
    onnistumisia, pääsee hän kuilun yli, mutta vasta voittajan jälkeen. Jos hän taas ei saanut
    yhtään onnistumista, hän kenties putoaa kuiluun»"""
    race = Check(ability_pool(3), ability_pool(3))
    result = resolve(race, faces("6 6 2"), faces("6 3 1"))
    assert result.winner is Side.ACTOR
    assert result.opposition_successes == 1
    falls = resolve(race, faces("6 6 2"), faces("5 3 1"))
    assert falls.winner is Side.ACTOR
    assert falls.opposition_successes == 0


def test_a_tie_is_nobodys_but_a_ranged_targets() -> None:
    """«Tasapeli kykyhaasteissa tarkoittaa tilannetta, jossa kumpikaan ei onnistu.
    Ampumahyökkäyksissä tasapeli on kohteen etu (esim. nuoli ei osu).»"""
    tie = resolve(Check(ability_pool(2), ability_pool(2)), faces("6 1"), faces("2 6"))
    assert (tie.winner, tie.level, tie.damage_points) == (None, None, 0)
    arrow = Check(ability_pool(2), ability_pool(2), ranged=True)
    missed = resolve(arrow, faces("6 1"), faces("2 6"))
    assert (missed.winner, missed.level, missed.damage_points) == (Side.OPPOSITION, None, 0)
    none_at_all = resolve(arrow, faces("1 1"), faces("2 2"))
    assert none_at_all.winner is Side.OPPOSITION


def test_the_horse_falls_short_and_the_rider_takes_a_point() -> None:
    """«Hän heittää onnistumisia ja pelinjohtaja saa vastaheitossa yhden onnistumisen enemmän.
    ... hahmo iskeytyy kuilun seinään, saa yhden pisteen vahinkoa ja jää roikkumaan reunalta»"""
    jump = Check(ability_pool(3, "Ratsastus"), static_difficulty("kuilu"))
    result = resolve(jump, faces("6 2 3"), faces("6 6 1"))
    assert result.winner is Side.OPPOSITION
    assert result.margin == -1
    assert result.level is SuccessLevel.SLIGHT
    assert DamageTrack().take(result.damage_points).taken == 1


@pytest.mark.parametrize(
    ("margin", "level"),
    [
        (1, SuccessLevel.SLIGHT),
        (2, SuccessLevel.GOOD),
        (3, SuccessLevel.EXCELLENT),
        (4, SuccessLevel.AMAZING),
        (7, SuccessLevel.AMAZING),
        (0, None),
        (-2, None),
    ],
)
def test_levels_of_success(margin: int, level: SuccessLevel | None) -> None:
    """«1 onnistuminen enemmän kuin vastaheittäjällä=lievä onnistuminen ... 2 ... =hyvä
    onnistuminen ... 3 ... =erinomainen onnistuminen ... 4+ onnistumista enemmän kuin
    vastaheittäjällä=mieletön onnistuminen»"""
    assert level_for(margin) is level


def test_three_advantages_is_the_rule_of_thumb() -> None:
    """«Yhteensä kolme etua varusteista ja olosuhteista hyvänä nyrkkisääntönä.»"""
    pool = ability_pool(2)
    for reason in ("miekka", "kilpi", "mäki"):
        pool = pool.with_advantage(Advantage.MINOR, reason)
    assert pool.advantages == 3
    assert not pool.past_rule_of_thumb
    fourth = Check(ability_pool(1), pool).disadvantage(Side.ACTOR, Advantage.MAJOR, "pimeä")
    assert fourth.opposition.advantages == 4
    assert fourth.opposition.past_rule_of_thumb
    assert not pool.with_helpers(3).past_rule_of_thumb


def test_one_against_four_enemies() -> None:
    """«Pelinjohtaja heittää parhaan vihollisen kyvyn verran noppia lisäten yhden nopan
    jokaisesta avustavasta hahmosta. Jos hahmo saa esimerkiksi kolme onnistumista enemmän kuin
    vastustajat, voi hän aiheuttaa yhdelle heistä kolme pistettä vahinkoa tai kolmelle yhden
    pisteen (jopa surmaten kolme vihollista samalla kierroksella)»"""
    enemies = [ability_pool(2), ability_pool(4, "paras"), ability_pool(3), ability_pool(1)]
    gm = group_pool(enemies, "avustajat")
    assert gm.size == 4 + 3
    assert gm.parts[0].reason == "paras"
    fight = Check(ability_pool(5).with_advantage(Advantage.MAJOR, "miekka"), gm)
    result = resolve(fight, faces("6 6 6 6 1 2 3 4"), faces("6 1 2 3 4 5 5"))
    assert result.damage_points == 3
    assert split_damage(3, [("Ensimmäinen", 3)]) == (("Ensimmäinen", 3),)
    three = split_damage(3, [("Ensimmäinen", 1), ("Toinen", 1), ("Kolmas", 1)])
    assert [share for _, share in three] == [1, 1, 1]
    assert all(DamageTrack(health=1).take(share).out for _, share in three)
    with pytest.raises(InvalidDamageSplit):
        split_damage(3, [("Ensimmäinen", 2), ("Toinen", 2)])
    with pytest.raises(InvalidDamageSplit):
        split_damage(3, [("Ensimmäinen", 0)])


def test_rowing_away_from_the_longboat() -> None:
    """«Hän saa sopivan kykynsä verran noppia lisäten 3 lisänoppaa huomattavasti kevyemmästä
    veneestä. Vastustajat saavat heittoonsa noppia parhaan soutajan kyvyn mukaan lisäten
    noppapooliin 15 noppaa lisäsoutajista. Tilanne vaikuttaa siis aika epätoivoiselta hahmon
    kannalta ellei hän ole Pertti Karppinen.»"""
    hero = ability_pool(3, "Soutu").with_advantage(Advantage.MAJOR, "kevyempi vene")
    rowers = group_pool([ability_pool(3, "paras soutaja")] + [ability_pool(2)] * 15)
    assert (hero.size, rowers.size) == (6, 18)
    desperate = margin_odds(hero.size, rowers.size)
    assert desperate.wins(Side.ACTOR) < desperate.wins(Side.OPPOSITION) / 8
    olympian = margin_odds(ability_pool(20).with_advantage(Advantage.MAJOR).size, rowers.size)
    assert olympian.wins(Side.ACTOR) > olympian.wins(Side.OPPOSITION)


def test_group_of_one_is_its_own_pool() -> None:
    """A group of one has no helpers; a group of none is an error."""
    alone = ability_pool(3)
    assert group_pool([alone]) == alone
    assert best_actor([ability_pool(2), ability_pool(4), ability_pool(4)]) == 1
    with pytest.raises(InvalidPool):
        group_pool([])
    assert Pool().size == 0


def test_the_margin_hurts_only_the_beaten_side() -> None:
    from fatescreen.systems.mekanismi.rules.damage import MarginTarget, margin_target

    # «yhdelle heistä»: one of the opponents in the check
    assert margin_target("Rosvo", ("Ragnar",), ("Rosvo", "Roisto")) is MarginTarget.BEATEN
    assert margin_target("Ragnar", ("Ragnar",), ("Rosvo",)) is MarginTarget.WINNER
    assert margin_target("Sigrid", ("Ragnar",), ("Rosvo",)) is MarginTarget.OUTSIDE
    # against the static difficulty: anyone but the winners
    assert margin_target("Rosvo", ("Ragnar",), ()) is MarginTarget.BEATEN
    assert margin_target("Ragnar", ("Ragnar",), ()) is MarginTarget.WINNER
