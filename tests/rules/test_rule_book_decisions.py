"""Decisions the verbs and the dashboard used to make themselves, now made by the rules core
and called by them: fate points at a session's start and for a new PC, the GM pool when the
cast changes, trading a stylish hit's shift for a boost, who «vastustaja» is for a failed
create an advantage, what an attack does to a defender, which challenges and contests the
PCs have won, and the largest hit a mook group still takes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.actions import attack_reading, opposition_holder, style_trade
from fatescreen.rules.aspects import GM
from fatescreen.rules.big_bads import SoloBonus, attack_harm, defender_harm
from fatescreen.rules.conflict import AttackHarm
from fatescreen.rules.contests import (
    Challenge,
    ChallengeTask,
    Contest,
    ContestSide,
    record_task,
    won_by_pcs,
)
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.fate_points import (
    DEFAULT_REFRESH,
    gm_pool_after_cast_change,
    refreshed_points,
)
from fatescreen.rules.invokes import InvokeRefusal, Payment, PaymentDecision, invoke_payment
from fatescreen.rules.npcs import apply_harm_to_group, largest_group_hit, mook_group
from fatescreen.rules.obstacles import Block, Hazard, crossing_difficulty, hazard_attack
from fatescreen.rules.odds import ScaledOdds, odds, overcome_chance, scaled_odds
from fatescreen.rules.outcomes import Effort, Outcome, RollResult, resolve

# ---------------------------------------------------------------------------- fate points


def test_a_session_starts_with_at_least_the_refresh() -> None:
    """Seed «Lähtölataus»: «Eevin lähtölataus on 2, joten hän aloittaa seuraavan session
    viidellä fate-pisteellä. ... Hänen lähtölatauksensa on 3, joten hän aloittaa seuraavan
    pelikerran kolmella fate-pisteellä, vaikka nyt hänellä onkin vain yksi jäljellä.»"""
    assert refreshed_points(5, 2) == 5  # Eevi
    assert refreshed_points(1, 3) == 3  # Mikko


def test_a_new_pc_starts_with_its_refresh_three_by_default() -> None:
    """Seed «Lähtölataus»: «Lähtölataus kertoo, kuinka monta fate-pistettä hahmollasi on
    vähintään pelikerran alussa. Oletusarvo lähtölataukselle on 3.»"""
    assert refreshed_points(0) == DEFAULT_REFRESH == 3
    assert refreshed_points(0, 2) == 2


def test_the_gm_pool_follows_the_pcs_in_the_scene() -> None:
    """Seed «Fate-pisteesi»: «Jokaisen kohtauksen aluksi sinulla on käytettävissäsi yhtä
    monta fate-pistettä kuin kohtauksessa on pelaajahahmoja.» A PC joining a scene in play
    adds one; one leaving takes one away, never below 0 (the seed says nothing of a cast
    changing: what is spent stays spent)."""
    assert gm_pool_after_cast_change(4, pcs_joined=1) == 5
    assert gm_pool_after_cast_change(4, pcs_joined=2, pcs_left=1) == 5
    assert gm_pool_after_cast_change(4, pcs_left=1) == 3
    assert gm_pool_after_cast_change(0, pcs_left=1) == 0
    assert gm_pool_after_cast_change(3) == 3
    message = "^PCs joining or leaving cannot be negative$"
    with pytest.raises(ValueError, match=message):
        gm_pool_after_cast_change(3, pcs_joined=-1)
    with pytest.raises(ValueError, match=message):
        gm_pool_after_cast_change(3, pcs_left=-1)


# ---------------------------------------------------------------------------- attacks


def _attack(effort: int, defense: int) -> RollResult:
    return resolve(Effort(effort, parse_faces("0000")), defense)


def test_only_an_attack_with_style_may_trade_a_shift_for_a_boost() -> None:
    """Seed «Hyökkää»: «Jos onnistut tyylillä, kuten onnistuimisen tapauksessa, mutta
    lisäksi voit vähentää yhden tekemästäsi vauriosta saadaksesi särmän.»"""
    style = _attack(5, 2)
    trade = style_trade(style)
    assert trade is not None
    assert (trade.hit, trade.boost, trade.traded_shifts) == (2, True, 1)
    assert attack_reading(style, traded=True) == trade
    assert (attack_reading(style).hit, attack_reading(style).boost) == (3, False)
    for plain in (_attack(4, 2), _attack(2, 2), _attack(1, 2)):
        assert style_trade(plain) is None
        assert attack_reading(plain, traded=True) == attack_reading(plain)


def test_armor_that_cuts_the_harm_to_zero_gives_a_boost() -> None:
    """Seed «Ase- ja panssariarvot»: «Jos osut kohteeseen, mutta tämän panssari vähentää
    vaurion nollaan, saat särmän, muttet tee vauriota, aivan kuin heitto olisi ollut
    tasapeli.»"""
    assert attack_harm(1, Outcome.SUCCESS, armor=1) == AttackHarm(harm=0, boost=True)
    assert attack_harm(2, Outcome.SUCCESS, weapon=2, armor=1) == AttackHarm(harm=3, boost=False)


def test_a_solo_big_bad_takes_less_harm_and_a_zero_is_a_boost() -> None:
    """Seed «Isot pahikset»: «Iso pahis voi vähentää saamaansa vauriota puolella vastassa
    olevien pelaajahahmojen määrästä, pyöristettynä ylöspäin. Jos olet huolissasi, että tämä
    venyttää kamppailua aivan liian pitkäksi, aseta vaurion vähimmäismääräksi 1.»"""
    solo = SoloBonus(harm_reduction=True)
    assert attack_harm(4, Outcome.SUCCESS, solo=solo, pcs_facing=3) == AttackHarm(2, False)
    assert attack_harm(2, Outcome.SUCCESS, solo=solo, pcs_facing=4) == AttackHarm(0, True)
    floor = SoloBonus(harm_reduction=True, minimum_harm=True)
    assert attack_harm(2, Outcome.SUCCESS, solo=floor, pcs_facing=4) == AttackHarm(1, False)
    assert attack_harm(2, Outcome.SUCCESS, pcs_facing=4) == AttackHarm(2, False)
    # One PC facing it: half of one, rounded up, takes a 1-shift hit to 0 and a boost.
    assert attack_harm(1, Outcome.SUCCESS, solo=solo, pcs_facing=1) == AttackHarm(0, True)
    # No PC named as facing it: half of none takes nothing off.
    assert attack_harm(3, Outcome.SUCCESS, solo=solo) == AttackHarm(3, False)
    assert defender_harm(AttackHarm(3, False), solo=solo) == AttackHarm(3, False)
    # A miss stays a miss: no harm to reduce, so no boost as if from a zero.
    assert attack_harm(-1, Outcome.FAIL, solo=solo, pcs_facing=3) == AttackHarm(0, False)


def test_immunity_and_shields_stop_the_harm_and_give_no_boost() -> None:
    """Seed «Immuniteetti haasteella»: «isoa pahista ei voi vahingoittaa suoraan ... ennen
    kuin ryhmä on voittanut haasteen»; «Hahmoparvi»: «Jotkut osat isosta pahasta on
    peitottava ennen kuin pelaajahahmot voivat iskeä sen heikkoihin kohtiin.»"""
    stopped = AttackHarm(harm=0, boost=False)
    assert attack_harm(3, Outcome.SUCCESS, harmable=False) == stopped
    assert attack_harm(3, Outcome.SUCCESS, shielded=True) == stopped
    assert attack_harm(1, Outcome.SUCCESS, harmable=False) == stopped
    # A miss or a tie is the same against anyone: nothing, or the tie's boost.
    assert attack_harm(0, Outcome.TIE, harmable=False) == AttackHarm(harm=0, boost=True)
    assert attack_harm(0, Outcome.FAIL, shielded=True) == stopped


# ---------------------------------------------------------------------------- create


def test_the_opposition_of_a_failed_create_an_advantage() -> None:
    """Seed «Luo etu»: «Jos epäonnistut, ja piirre oli jo tiedossa, vastustaja saa siihen
    ilmaisen käytön.» The opposition is whoever the table names, else the active opponent,
    else the aspect's owner, else the other side of a running contest, else the GM against
    a PC; no one against an NPC rolling at a difficulty."""
    assert opposition_holder("ann", named="bob", active_opponent="vil") == "bob"
    assert opposition_holder("ann", active_opponent="vil", aspect_owner="cat") == "vil"
    assert opposition_holder("ann", aspect_owner="vil", contest_opponent="cat") == "vil"
    assert opposition_holder("ann", aspect_owner="ann", contest_opponent="cat") == "cat"
    assert opposition_holder("ann", aspect_owner="ann", actor_is_pc=True) == GM
    assert opposition_holder("vil") is None


# ---------------------------------------------------------------------------- big bads


def test_the_pcs_win_a_challenge_by_success_and_a_contest_by_their_side() -> None:
    """Seed «Immuniteetti haasteella»: «ennen kuin ryhmä on voittanut haasteen»;
    «Immuniteetti kilpailulla»: «ryhmän on voitettava kilpailu ennen kuin he voivat hyökätä
    suoraan pahiksen kimppuun ... Jos pahis voittaa kilpailun» (then it has not been won)."""
    task = ChallengeTask("Shut the engine", "Crafts", 2)
    won = record_task(Challenge("Engine", (task,)), "Shut the engine", _attack(3, 2))
    lost = record_task(Challenge("Seal", (task,)), "Shut the engine", _attack(1, 2))
    open_one = Challenge("Gate", (task,))
    sides = (ContestSide("Heroes", ("ann", "bob")), ContestSide("Truck", ("vil",)))
    chase = Contest("Chase", sides, winner="Heroes")
    escape = Contest("Escape", sides, winner="Truck")
    running = Contest("Race", sides)
    found = won_by_pcs((won, lost, open_one), (chase, escape, running), {"ann", "bob"})
    assert found == ("Engine", "Chase")


# ---------------------------------------------------------------------------- mook groups


@given(st.integers(1, 6), st.integers(0, 3))
def test_a_mook_group_takes_its_largest_hit_with_one_member_standing(
    members: int, boxes: int
) -> None:
    """§7 mook groups (the seed says nothing; as the English Fate Condensed's mobs): the
    largest hit leaves one member; one shift more routs the group."""
    group = mook_group("Cultist", members, skills={"Fight": 1}, stress_boxes=boxes)
    largest = largest_group_hit(group)
    standing, _ = apply_harm_to_group(group, largest)
    assert (standing.taken_out, standing.members) == (False, 1)
    routed, _ = apply_harm_to_group(group, largest + 1)
    assert routed.taken_out
    assert largest_group_hit(routed) == 0


# ---------------------------------------------------------------------------- invokes


def _pay(asked: Payment | None = None, **facts: object) -> PaymentDecision:
    given: dict[str, object] = {
        "free_holder": None,
        "hostile": False,
        "boost": False,
        "paid_before": False,
    }
    return invoke_payment(asked, **{**given, **facts})  # type: ignore[arg-type]


def test_an_invoke_is_free_while_the_side_holds_one_else_it_costs_a_point() -> None:
    """Seed «Piirteiden käyttö»: «sinun on kulutettava fate-pisteitä nopanheiton
    yhteydessä käyttääksesi piirrettä» and «Voit myös käyttää piirteitä ilman hintaa, jos
    sinulla on piirteeseen ilmainen käyttö»; an opponent's aspect paid for is a hostile
    invoke («vihamielisessä käytössä»)."""
    assert _pay(free_holder="ann") == PaymentDecision(Payment.FREE)
    assert _pay() == PaymentDecision(Payment.PAID)
    assert _pay(hostile=True) == PaymentDecision(Payment.HOSTILE)
    assert _pay(Payment.PAID, free_holder="ann") == PaymentDecision(Payment.PAID)
    assert _pay(Payment.FREE).refusal is InvokeRefusal.NO_FREE_INVOKE
    assert _pay(Payment.HOSTILE).refusal is InvokeRefusal.NOT_HOSTILE


def test_a_boost_is_never_paid_for_and_an_aspect_is_paid_once_a_roll() -> None:
    """Seed «Särmät»: «Et voi painostaa särmää tai kuluttaa fate-pistettä käyttääksesi
    sitä.» Seed «Piirteiden käyttö»: «muttet samaa piirrettä useampaa kertaa yhdessä
    toiminnossa. Tähän sääntöön on yksi poikkeus: voit hyödyntää yhden piirteen ilmaisista
    käytöistä niin monta kuin haluat samaan heittoon.»"""
    assert _pay(boost=True).refusal is InvokeRefusal.BOOST_PAID
    assert _pay(boost=True, free_holder="ann") == PaymentDecision(Payment.FREE)
    assert _pay(paid_before=True).refusal is InvokeRefusal.PAID_TWICE
    assert _pay(paid_before=True, hostile=True).refusal is InvokeRefusal.PAID_TWICE
    assert _pay(paid_before=True, free_holder="ann") == PaymentDecision(Payment.FREE)


def test_a_big_bad_may_allow_one_free_invoke_against_it_a_roll() -> None:
    """Seed «Isot pahikset»: «Halutessasi tämä sääntö voi myös poistaa mahdollisuuden
    käyttää useampia ilmaisia käyttöjä kerralla pahista vastaan.»"""
    free = {"free_holder": "ann", "free_limit": 1}
    assert _pay(**free, free_used=0) == PaymentDecision(Payment.FREE)
    assert _pay(**free) == PaymentDecision(Payment.FREE)  # none used unless told
    assert _pay(**free, free_used=1).refusal is InvokeRefusal.SOLO_ONE_FREE
    assert _pay(free_holder="ann", free_used=5) == PaymentDecision(Payment.FREE)
    assert _pay(Payment.PAID, **free, free_used=1) == PaymentDecision(Payment.PAID)


# ---------------------------------------------------------------------------- moving


def test_a_move_across_a_barrier_or_a_block_and_its_odds() -> None:
    """Seed «Alueet»: «Jos jokin estää vapaan liikkumisen, joudut käyttämään toiminnon. Tee
    ratkaisuheitto kiivetäksesti seinän yli»; «Hidastavat esteet»: «kun hidastava este
    haittaisi jonkun toimia, heiton vaikeustasona toimii esteen taitotaso». Seed «Ratkaise»:
    «Jos saat tasapelin, onnistut pienellä hinnalla», so a tie crosses too."""
    gate = Block("Iron gate", rating=3)
    assert crossing_difficulty(None) is None
    assert crossing_difficulty(2) == 2
    assert crossing_difficulty(None, gate) == 3
    assert crossing_difficulty(4, gate) == 4
    assert crossing_difficulty(1, gate) == 3
    # A Mediocre (+0) block on a way with no barrier: its rating of 0 is the difficulty.
    assert crossing_difficulty(None, Block("Loose rubble", rating=0)) == 0
    # +3 against +2: only the dice showing -2 or less fail (15 of 81 outcomes).
    assert overcome_chance(odds(3, 2)) == Fraction(66, 81)
    assert overcome_chance(odds(0, 0)) == odds(0, 0).at_least(Outcome.TIE)


# ---------------------------------------------------------------------------- scale odds


def test_the_odds_across_a_difference_of_scale() -> None:
    """Seed «Skaala»: «He saavat mihin tahansa toimintoon heikompaa osapuolta kohtaan yhden
    seuraavista eduista: • +1 per taso toimintoyritykseen, päätettävä ennen nopanheittoa.
    • +2 per taso lopulliseen tulokseen jos heitto ensin onnistuu.»"""
    same = scaled_odds(2, 3, opposed=True)
    assert same == ScaledOdds(odds(2, 3, opposed=True), None)
    above = scaled_odds(2, 3, opposed=True, above=2)
    assert above.on_roll == odds(2, 3, opposed=True, bonus=2)
    assert above.on_result == odds(2, 3, opposed=True, result_bonus=4)
    below = scaled_odds(2, 3, opposed=True, below=1)
    assert below == ScaledOdds(odds(2, 4, opposed=True), None)
    with pytest.raises(ValueError, match="0 or more levels"):
        scaled_odds(2, 3, above=-1)


def test_a_hazards_harm_meets_the_same_solo_reduction_immunity_and_shields() -> None:
    """Seed «Isot pahikset»: the solo big bad's reduction cuts any hit, a hazard's too
    (rules/obstacles.hazard_attack decides its harm past Weapon and Armor; defender_harm
    the rest, as attack_harm does for an attack)."""
    solo = SoloBonus(harm_reduction=True)
    rocks = hazard_attack(Hazard("Falling rocks", 3, weapon=2), 3, parse_faces("+000"))
    assert (rocks.harm, rocks.boost) == (3, False)
    dealt = AttackHarm(rocks.harm, rocks.boost)
    assert defender_harm(dealt, solo=solo, pcs_facing=3) == AttackHarm(1, False)
    assert defender_harm(dealt, solo=solo, pcs_facing=3) == attack_harm(
        1, Outcome.SUCCESS, weapon=2, solo=solo, pcs_facing=3
    )
    assert defender_harm(dealt, harmable=False) == AttackHarm(0, False)
    assert defender_harm(dealt, shielded=True) == AttackHarm(0, False)
    assert defender_harm(dealt) == dealt
