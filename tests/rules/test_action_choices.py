"""The defaults the rules pick for the table: the best defense skill, the attack skill when
none is named, who gains a boost from a settled roll, a tie read as a fail with a boost
(docs/rules.md §2, §4, §8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fatescreen.rules.actions import (
    Action,
    Chooser,
    RollBoosts,
    best_defense,
    default_attack_skill,
    outcome_of,
    roll_boosts,
    tie_boost_reading,
)
from fatescreen.rules.character import Character, StressKind
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.outcomes import Effort, Outcome, resolve


def rozio(**skills: int) -> Character:
    return Character("Rozio", skills=skills)


def effort(rating: int, faces: str = "0000") -> Effort:
    return Effort(rating, parse_faces(faces))


def test_the_best_default_defense_against_each_attack() -> None:
    """§2 «Mitä taitoja voin käyttää hyökätäkseni ja puolustaakseni?»: Athletics against any
    physical attack, Fight too against Fight, Will against mental attacks; the better one
    defends, Athletics on a tie."""
    fighter = rozio(Athletics=2, Fight=3, Will=1)
    assert best_defense(fighter, "Fight") == "Fight"
    assert best_defense(fighter, "Shoot") == "Athletics"
    assert best_defense(fighter, "Provoke") == "Will"
    assert best_defense(rozio(Athletics=2, Fight=2), "Fight") == "Athletics"
    assert best_defense(rozio(Athletics=1, Fight=4), "fight") == "Fight"


def test_a_hazard_or_an_allowed_skill_defends_by_the_harm_it_deals() -> None:
    """A skill that does not attack by default (a hazard's «Flames») defends by its kind of
    harm, physical when none is named; a harm kind the skill does not deal wins over it."""
    mind = rozio(Athletics=3, Fight=4, Will=1)
    assert best_defense(mind, "Flames") == "Athletics"
    assert best_defense(mind, "Flames", StressKind.MENTAL) == "Will"
    assert best_defense(mind, "Fight", StressKind.MENTAL) == "Will"
    assert best_defense(mind, "Fight", StressKind.PHYSICAL) == "Fight"


def test_the_attack_skill_when_the_gm_names_none() -> None:
    """§4 zones: only a ranged attack reaches another zone; in one's own zone the better of
    Fight and Shoot, Fight on a tie."""
    here = replace(rozio(), zone="hall")
    there = replace(rozio(), zone="crypt")
    nowhere = rozio()
    assert default_attack_skill(replace(rozio(Fight=1, Shoot=3), zone="hall"), [here]) == "Shoot"
    assert default_attack_skill(replace(rozio(Fight=3, Shoot=1), zone="hall"), [here]) == "Fight"
    assert default_attack_skill(rozio(Fight=2, Shoot=2)) == "Fight"
    # across zones Shoot, even at Mediocre (+0): Fight cannot reach
    assert default_attack_skill(replace(rozio(Fight=4), zone="hall"), [there]) == "Shoot"
    assert default_attack_skill(replace(rozio(Fight=4), zone="hall"), [here, there]) == "Shoot"
    assert default_attack_skill(replace(rozio(Fight=4), zone="hall"), [nowhere]) == "Fight"


def test_who_gains_a_boost_from_a_settled_roll() -> None:
    """§2: an attack's tie gives the attacker a boost (unless Weapon turns it into harm, §8);
    an overcome with style gives one; a defense with style gives the defender one."""
    tie = resolve(effort(2), 2)
    assert roll_boosts(Action.ATTACK, tie) == RollBoosts(actor=True, defender=False)
    assert roll_boosts(Action.ATTACK, tie, harm_boost=False) == RollBoosts(False, False)
    hit = resolve(effort(4), 2)
    assert roll_boosts(Action.ATTACK, hit) == RollBoosts(False, False)
    assert roll_boosts(Action.ATTACK, hit, harm_boost=True) == RollBoosts(True, False)
    assert roll_boosts(Action.OVERCOME, resolve(effort(5), 2)) == RollBoosts(True, False)
    assert roll_boosts(Action.CREATE_ADVANTAGE, tie) == RollBoosts(True, False)
    assert roll_boosts(Action.OVERCOME, tie) == RollBoosts(False, False)
    reading = tie_boost_reading(Action.OVERCOME, Outcome.TIE)
    assert roll_boosts(Action.OVERCOME, tie, reading=reading) == RollBoosts(True, False)


def test_a_defense_with_style_gives_the_defender_a_boost() -> None:
    """§2 «Puolusta»: success with style on a defense gives a boost; a plain success does
    not. The roll is the attacker's: the defender's shifts are its negation."""
    assert roll_boosts(Action.ATTACK, resolve(effort(1), effort(4))) == RollBoosts(False, True)
    assert roll_boosts(Action.ATTACK, resolve(effort(1), effort(2))) == RollBoosts(False, False)
    assert roll_boosts(Action.OVERCOME, resolve(effort(1), 4)) == RollBoosts(False, False)


def test_only_an_overcomes_tie_may_be_read_as_a_fail_with_a_boost() -> None:
    """§2 overcome: «Vaihtoehtoisesti voit epäonnistua ja saada itse särmän»."""
    reading = tie_boost_reading(Action.OVERCOME, Outcome.TIE)
    assert reading is not None
    assert (reading.succeeded, reading.boost, reading.chosen_by) == (False, True, Chooser.ACTOR)
    assert tie_boost_reading(Action.OVERCOME, Outcome.SUCCESS) is None
    assert tie_boost_reading(Action.ATTACK, Outcome.TIE) is None
    assert tie_boost_reading(Action.CREATE_ADVANTAGE, Outcome.TIE) is None


def test_an_attack_looked_up_without_shifts_hits_for_nothing() -> None:
    assert outcome_of(Action.ATTACK, Outcome.SUCCESS).hit == 0
    assert outcome_of(Action.ATTACK, Outcome.SUCCESS, shifts=2).hit == 2
    with pytest.raises(ValueError) as refused:
        outcome_of(Action.DEFEND, Outcome.SUCCESS)
    assert str(refused.value) == (
        "a defense takes the outcome of the action it opposes; use defend_outcome"
    )
