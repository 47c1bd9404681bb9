"""Objektien luonti's worked examples from seed 001, each quoting the sentence it reproduces."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fatescreen.systems.objektit.rules.condition import (
    ConditionLevel,
    condition_after,
    condition_level,
)
from fatescreen.systems.objektit.rules.conflict import Conflict, ConflictResult, Step, step_for
from fatescreen.systems.objektit.rules.damage import Damage
from fatescreen.systems.objektit.rules.dice import TwoDice, parse_2d6
from fatescreen.systems.objektit.rules.errors import (
    InvalidRating,
    InvalidTwoDice,
    NotAHit,
    UnknownAbility,
)
from fatescreen.systems.objektit.rules.initiative import InitiativeEntry, initiative_order
from fatescreen.systems.objektit.rules.ratings import Rating, rating
from fatescreen.systems.objektit.rules.sheet import ObjectSheet

HUMANOID = ("vikkelä", "vaarallinen", "kurinalainen", "kätevä", "vaikuttava", "nokkela", "kova")


def test_the_scale_of_abilities() -> None:
    """«Esimerkiksi nämä siis liitetään jokainen sopivat asteen perään, esim "erittäin
    nokkela(+5)"» and «Esimerkkeinä hahmo: Melko kyvykäs poliisi(+4), laiva: ei kovinkaan
    kyvykäs kapteeni(+1)»"""
    assert rating(5) is Rating.VERY
    assert rating(4) is Rating.FAIRLY
    assert rating(1) is Rating.NOT_VERY
    assert [int(step) for step in Rating] == list(range(7))
    with pytest.raises(InvalidRating, match=r"\+0 to \+6, not \+7"):
        rating(7, "KK")
    with pytest.raises(InvalidRating):
        rating(-1)


def test_a_ship_is_an_object_like_a_character() -> None:
    """«Laiva-esimerkissä kehittyvillä kyvyillä voi kuvata esim. senhetkisen kapteenin ja
    miehistön taitotasoa.» A ship has its own inherent abilities and a captain of +1."""
    ship = ObjectSheet(
        "Merikotka",
        concept="kuluneen näköinen kauppalaiva",
        inherent=(("nopea", 3), ("kestävä", 4)),
        developed=(("kapteeni", 1),),
    )
    assert ship.developed_rating("Kapteeni") is Rating.NOT_VERY
    assert ship.condition_level is ConditionLevel.GOOD
    with pytest.raises(InvalidRating):
        ObjectSheet("Vene", developed=(("kapteeni", 7),))
    with pytest.raises(UnknownAbility):
        ship.inherent_rating("nokkela")


def test_a_missing_developed_ability_takes_the_concepts_default() -> None:
    """«ensin lasketaan yhteen objektin luonnollinen kyky ja mahdollisesti sopiva kehittyvä
    kyky. mikäli sopivaa KK ei ole, PJ päättää konseptin pohjalta vakioarvon jota käytetään.»"""
    thief = ObjectSheet(
        "Varas",
        inherent=tuple(zip(HUMANOID, (5, 2, 3, 4, 3, 4, 2), strict=True)),
        developed=(("tiirikointi", 4),),
        default_developed=1,
    )
    assert thief.conflict("kätevä", "tiirikointi", Fraction(0)).base == 8
    assert thief.conflict("vikkelä", None, Fraction(-3)).base == 5 + 1 - 3
    with pytest.raises(UnknownAbility):
        ObjectSheet("Kivi").developed_rating(None)


def test_the_dice_are_taken_away_and_the_result_compared_with_zero() -> None:
    """«Seuraavaksi saadusta arvosta vähennetään noppien antama sattumanvarainen tulos ...
    Saatua lopputulosta verrataan nollaan, suuremmat luvut ovat hyviä ja pienemmät huonoja»"""
    conflict = Conflict(inherent=4, developed=3, chance=Fraction(3))
    good = conflict.resolve(TwoDice(2, 3))
    assert (good.value, good.good, good.bad, good.step) == (
        Fraction(5),
        True,
        False,
        Step.FAIRLY_GOOD,
    )
    even = conflict.resolve(TwoDice(5, 5))
    assert (even.value, even.good, even.bad, even.step) == (Fraction(0), False, False, Step.AVERAGE)
    bad = conflict.resolve(TwoDice(6, 6))
    assert (bad.value, bad.good, bad.bad, bad.step) == (Fraction(-2), False, True, Step.AVERAGE)


def test_any_number_is_a_chance() -> None:
    """«Mahdollisuudeksi voi valita minkä tahansa luvun. Edeltävässä taulukossa on annettu vain
    esimerkkejä. Luku voi olla vaikka +3,14 jos PJ niin haluaa.»"""
    conflict = Conflict(inherent=3, developed=2, chance=Fraction("3.14"))
    assert conflict.base == Fraction("8.14")
    assert conflict.resolve(TwoDice(4, 4)).value == Fraction("0.14")
    assert conflict.resolve(TwoDice(4, 4)).good
    assert Conflict(2, 2, Fraction(40)).base == 44


@pytest.mark.parametrize(
    ("value", "step"),
    [
        (-9, Step.VERY_BAD),
        (-6, Step.BAD),
        (-3, Step.FAIRLY_BAD),
        (0, Step.AVERAGE),
        (3, Step.FAIRLY_GOOD),
        (6, Step.GOOD),
        (9, Step.EXCELLENT),
        (2, Step.AVERAGE),
        (-2, Step.AVERAGE),
        (4, Step.FAIRLY_GOOD),
        (-5, Step.FAIRLY_BAD),
        (Fraction("8.99"), Step.GOOD),
        (14, Step.EXCELLENT),
        (-12, Step.VERY_BAD),
    ],
)
def test_the_ladder_of_results(value: Fraction | int, step: Step) -> None:
    """«-9 Todella paha seuraus / -6 Paha seuraus / -3 Melko paha seuraus / +0 Keskinkertainen
    seuraus / +3 Melko hyvä seuraus / +6 Hyvä seuraus / +9 Mahtava seuraus»; between two steps
    the one reached counting from 0 names it (the seed is silent there)."""
    assert step_for(value) is step


def test_a_positive_result_is_a_hit() -> None:
    """«Jos konfliktin tulos on positiivinen, hyökkääjän hyökkäys osuu kohteeseensa»; a hit of
    +3 to the head and to the leg are the same number («vaikka molempien hyökkäysten tulos
    olisikin vaikka +3»)."""
    assert ConflictResult(Fraction(3)).good
    assert ConflictResult(Fraction(3)).step is Step.FAIRLY_GOOD
    assert not ConflictResult(Fraction(0)).good


def test_the_condition_track() -> None:
    """«<1 PJn vallassa / 1 Lamautettu / 2 Viimeisillään / 3 Luhistumassa / 4 Vahingoittunut /
    5 Kolhittu / 6 Hyvä» and «jos hahmolta on jalka murtunut puusta pudotessa, on hänen tilansa
    nyt 4(Vahingoittunut)»"""
    assert condition_level(4) is ConditionLevel.HURT
    assert [condition_level(value) for value in range(6, 0, -1)] == [
        ConditionLevel.GOOD,
        ConditionLevel.BRUISED,
        ConditionLevel.HURT,
        ConditionLevel.COLLAPSING,
        ConditionLevel.NEAR_THE_END,
        ConditionLevel.INCAPACITATED,
    ]
    assert condition_level(0) is condition_level(-7) is ConditionLevel.IN_GM_POWER
    with pytest.raises(InvalidRating):
        condition_level(7)


def test_damage_takes_the_hit_for_the_dice() -> None:
    """«Mahdollisuus = vahingon tyypin vaarallisuus ... Hyökkääjän tulos = 2d6 (eli noppia ei
    siis heitetä) / Tulos lisätään tilaan (jos tulos>0 niin kohteen tila ei muutu)»; the
    digest's case (docs/rules.md §12): Kova +4, danger -6, hit +3 gives -5, condition 6 Hyvä to
    1 Lamautettu."""
    bullet = Damage(resistance=4, developed=0, danger=Fraction(-6), hit=Fraction(3))
    assert bullet.value == -5
    assert condition_level(bullet.condition_after(6)) is ConditionLevel.INCAPACITATED
    fist = Damage(resistance=4, developed=0, danger=Fraction(0), hit=Fraction(3))
    assert fist.value == 1
    assert fist.condition_after(6) == 6
    assert Damage(4, 0, Fraction(-1), Fraction(3)).condition_after(6) == 6
    with pytest.raises(NotAHit):
        Damage(4, 0, Fraction(-6), Fraction(0))


def test_damage_resisted_by_tough_and_a_fitting_skill() -> None:
    """«Kova kuvaa hahmon fyysistä ja henkistä kovuutta, tätä arvoa käytetään yleensä vahinkoa
    vastustettaessa.»"""
    soldier = ObjectSheet(
        "Sotilas", inherent=(("kova", 4),), developed=(("kilpitaistelu", 2),), condition=5
    )
    hit = soldier.damage("Kova", "kilpitaistelu", danger=Fraction(-6), hit=Fraction(4))
    assert hit.value == -4
    assert condition_level(hit.condition_after(soldier.condition)) is ConditionLevel.INCAPACITATED
    assert soldier.damage("kova", None, Fraction(-6), Fraction(4)).value == -6


def test_a_fraction_of_a_step_does_not_move_the_track() -> None:
    """The seed allows a chance of +3,14 but counts the track in whole steps; a damage result
    of -2.86 moves it two steps (the part of a step is dropped)."""
    assert condition_after(6, Fraction("-2.86")) == 4
    assert condition_after(6, Fraction("-0.5")) == 6
    assert condition_after(2, -5) == -3


def test_initiative_ties_go_by_kk_then_lk_then_simultaneous() -> None:
    """«kaikki mukanaolevat ratkaisevat aloitteensa sopivalla heitolla ja suurin luku voi alkaa
    toimia ensimmäisenä ... Mikäli usealla osanottajalla on sama aloite, voidaan järestys ratkaista
    ensin kehittyvän- ja sitten luotanisen kyvyn (jos KK on sama) perusteella. Jos tilanne on
    vieläkin tasan, alkavat toiminnot aivan yhtä aikaa.»"""
    entries = [
        InitiativeEntry("Aino", Fraction(2), developed=3, inherent=4),
        InitiativeEntry("Bertil", Fraction(5), developed=0, inherent=0),
        InitiativeEntry("Cecilia", Fraction(2), developed=4, inherent=1),
        InitiativeEntry("Daniel", Fraction(2), developed=3, inherent=5),
        InitiativeEntry("Eemeli", Fraction(2), developed=3, inherent=4),
        InitiativeEntry("Hattu", Fraction(-1), developed=2, inherent=2),
    ]
    order = [[entry.name for entry in group] for group in initiative_order(entries)]
    assert order == [["Bertil"], ["Cecilia"], ["Daniel"], ["Aino", "Eemeli"], ["Hattu"]]


def test_entered_two_dice() -> None:
    assert parse_2d6("3 5") == TwoDice(3, 5, entered=True)
    assert parse_2d6("3,5").total == parse_2d6("35").total == 8
    for bad in ("3", "357", "0 5", "3 x"):
        with pytest.raises(InvalidTwoDice, match="two d6 faces"):
            parse_2d6(bad)


def test_initiative_is_rolled_once_a_fight() -> None:
    from fractions import Fraction

    from fatescreen.systems.objektit.rules.initiative import InitiativeEntry, rolled_this_fight

    aino = InitiativeEntry("Aino", Fraction(6), 0, 5)
    assert rolled_this_fight([aino], "Aino") is aino
    assert rolled_this_fight([aino], "Bertil") is None
    assert rolled_this_fight([], "Aino") is None
