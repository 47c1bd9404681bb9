"""attack (one target, split, zone), hazard, defend, split and fulldefense."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen.commands.fate_session import fate_session
from fatescreen.commands.session import Session
from fatescreen.rules.aspects import AspectKind
from fatescreen.rules.character import StressKind
from fatescreen.rules.conflict import FullDefense
from fatescreen.rules.obstacles import Hazard
from fatescreen.scene.model import PendingHit, RollPurpose
from tests.commands.support import BRINE, DEMO, MINE, SEED, open_session, played, run


def test_attack_in_the_same_zone_picks_the_better_skill_and_weapon_and_armor(
    tmp_path: Path,
) -> None:
    line = "attack rozio leader +++0 vs 0000"
    done = run(DEMO, tmp_path, line)
    # Rozio: Shoot 4 beats Fight 2; the leader's Armor 1 takes one shift off 5.
    assert done.lines(line)[0] == (
        "Rozio attacks Masked leader with Shoot: Great (+4) + [+ + + 0] = Epic (+7) vs Masked "
        "leader's "
        "Athletics Fair (+2) + [0 0 0 0] = Fair (+2): hit with style for 4 shifts (may take a "
        "boost for 1 shift less)"
    )
    assert done.scene.pending_hit == PendingHit("leader", 4, StressKind.PHYSICAL, "rozio")
    assert done.session.history.done[-1].label == "Rozio attacks Masked leader"


def test_attack_into_another_zone_uses_shoot_and_fight_is_defended_with_fight(
    tmp_path: Path,
) -> None:
    other_zone = "attack leader riesa 0000 vs 0000"
    melee = "attack riesa vitor 0000 vs 0000"
    done = run(DEMO, tmp_path, other_zone)
    assert done.line(other_zone) == (
        "Masked leader attacks Riesa with Shoot: Mediocre (+0) + [0 0 0 0] = Mediocre (+0) vs "
        "Riesa's "
        'Athletics Good (+3) + [0 0 0 0] = Good (+3): miss · Riesa gets the boost "Opening"'
    )
    both = run(DEMO, tmp_path, melee)
    # Riesa attacks with Fight; Vitor defends with the better of Athletics and Fight.
    assert both.line(melee) == (
        "Riesa attacks Vitor with Fight: Great (+4) + [0 0 0 0] = Great (+4) vs Vitor's Athletics "
        "Fair "
        "(+2) + [0 0 0 0] = Fair (+2): hit for 2 shifts"
    )


def test_mental_attack_is_defended_with_will(tmp_path: Path) -> None:
    line = "attack leader silbestre Provoke +000 vs 0000"
    done = run(DEMO, tmp_path, line)
    assert done.lines(line)[0] == (
        "Masked leader attacks Silbestre with Provoke: Good (+3) + [+ 0 0 0] = Great (+4) vs "
        "Silbestre's "
        "Will Fair (+2) + [0 0 0 0] = Fair (+2): hit for 3 shifts"
    )
    hit = done.scene.pending_hit
    assert hit is not None and (hit.kind, hit.shifts) == (StressKind.MENTAL, 3)


def test_tie_gives_a_boost_and_teamwork_counts(tmp_path: Path) -> None:
    tie = "attack vitor cultist-1 Shoot 0000 with riesa vs +0+0"
    done = run(DEMO, tmp_path, tie)
    # Vitor and the cultist are in different zones; Riesa has no Shoot: no help.
    assert done.line(tie) == (
        "Vitor attacks Cultist 1 with Shoot: Good (+3) + [0 0 0 0] = Good (+3) vs Cultist 1's "
        "Athletics "
        "Mediocre (+0) + [+ 0 + 0] = Fair (+2): hit for 1 shift"
    )
    helped = "attack riesa leader Fight 0000 with rozio vs 0000"
    with_help = run(DEMO, tmp_path, "move riesa hall", helped)
    # One shift, which the leader's Armor 1 stops: a boost instead.
    assert with_help.lines(helped)[0] == (
        "Riesa attacks Masked leader with Fight: Great (+4) + [0 0 0 0] + 1 (teamwork) = Superb "
        "(+5) vs "
        "Masked leader's Fight Great (+4) + [0 0 0 0] = Great (+4): armor stops it (teamwork: "
        'Rozio) · Riesa gets the boost "Reeling"'
    )


def test_a_mook_group_adds_its_own_members(tmp_path: Path) -> None:
    line = "attack eel vitor Fight 0000 vs 0000"
    done = run(BRINE, tmp_path, line)
    assert done.line(line).startswith(
        "Eel swarm attacks Vitor with Fight: Average (+1) + [0 0 0 0] + 1 (group) = Fair (+2)"
    )


def test_hazard_adds_its_weapon_even_on_a_tie(tmp_path: Path) -> None:
    line = "hazard rocks riesa 0000 vs 0000"
    done = run(MINE, tmp_path, line)
    assert done.lines(line) == [
        "Falling rocks attacks Riesa: Good (+3) + [0 0 0 0] = Good (+3) vs Riesa's Athletics "
        "Good (+3) + [0 0 0 0] = Good (+3): hit for 2 shifts",
        "Riesa takes 2 shifts: [1] 2 physical boxes  [2] mild  [3] moderate  [4] severe",
    ]
    assert done.scene.pending_hit == PendingHit("riesa", 2, StressKind.PHYSICAL, "falling-rocks")


def test_defend_changes_the_skill_and_dice(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, "attack leader rozio Fight +0++ vs -000", "defend rozio Fight ++++")
    assert done.lines("defend rozio Fight ++++")[:2] == [
        "Rozio defends with Fight",
        "Masked leader attacks Rozio with Fight: Great (+4) + [+ 0 + +] = Epic (+7) vs Rozio's "
        "Fight Fair "
        "(+2) + [+ + + +] = Fantastic (+6): hit for 2 shifts",
    ]
    pending = done.scene.pending_roll
    assert pending is not None and pending.defense_skill == "Fight"
    assert done.scene.pending_hit is not None and done.scene.pending_hit.shifts == 2
    dice_only = run(DEMO, tmp_path, "attack leader rozio Fight +0++ vs -000", "defend ++++")
    # A tie: the leader's Weapon 1 hurts instead of a boost.
    assert dice_only.lines("defend ++++")[1].endswith(
        "vs Rozio's Athletics Good (+3) + [+ + + +] = Epic (+7): hit for 1 shift"
    )


def test_split_attack_waits_for_the_split_then_queues_the_hits(tmp_path: Path) -> None:
    done = run(
        SEED,
        tmp_path,
        "attack vitor veteran,minion-2,minion-3 Fight ++00",
        "split 3 2 1 vs ---- ---- 0000",
        "absorb",
        "takeout",
    )
    assert done.lines("attack vitor veteran,minion-2,minion-3 Fight ++00") == [
        "Vitor attacks Veteran minion, Minion 2, Minion 3 with Fight: Great (+4) + [+ + 0 0] = "
        "Fantastic (+6)",
        "split the 6 among the 3 targets, at least 1 each: split N N… [vs FACES…]",
    ]
    assert done.lines("split 3 2 1 vs ---- ---- 0000") == [
        "Vitor splits the effort: Veteran minion 3, Minion 2 2, Minion 3 1",
        "Veteran minion defends against Good (+3) with Athletics Average (+1) + [- - - -] = "
        "Catastrophic (-3): hit with style for 6 shifts (may take a boost for 1 shift less)",
        "Minion 2 defends against Fair (+2) with Athletics Mediocre (+0) + [- - - -] = "
        "Horrifying (-4): hit with style for 6 shifts (may take a boost for 1 shift less)",
        "Minion 3 defends against Average (+1) with Athletics Mediocre (+0) + [0 0 0 0] = "
        "Mediocre (+0): hit for 1 shift",
        "Veteran minion cannot absorb 6 shifts: takeout",
        "then, one at a time: Minion 2, Minion 3",
    ]
    assert done.lines("absorb") == ["error: Veteran minion cannot absorb 6 shifts: takeout"]
    assert done.lines("takeout") == [
        "Veteran minion is taken out",
        "Minion 2 cannot absorb 6 shifts: takeout",
    ]
    assert done.scene.pending_hit == PendingHit("minion-2", 6, StressKind.PHYSICAL, "vitor")
    assert done.scene.queued_hits == (PendingHit("minion-3", 1, StressKind.PHYSICAL, "vitor"),)
    assert done.scene.pending_roll is None


def test_zone_attack_everyone_defends_the_full_effort(tmp_path: Path) -> None:
    line = "attack vitor zone crypt Shoot +000 vs 0000 ++++ 0000"
    done = run(DEMO, tmp_path, "move vitor hall", line)
    assert done.lines(line)[:4] == [
        "Vitor attacks everyone in Crypt with Shoot: Good (+3) + [+ 0 0 0] = Great (+4)",
        "Cultist 1 defends against Great (+4) with Athletics Mediocre (+0) + [0 0 0 0] = "
        "Mediocre (+0): hit with style for 4 shifts (may take a boost for 1 shift less)",
        "Cultist 2 defends against Great (+4) with Athletics Mediocre (+0) + [+ + + +] = "
        'Great (+4): tie · Vitor gets the boost "Reeling"',
        "Cultist 3 defends against Great (+4) with Athletics Mediocre (+0) + [0 0 0 0] = "
        "Mediocre (+0): hit with style for 4 shifts (may take a boost for 1 shift less)",
    ]
    pending = done.scene.pending_roll
    assert pending is not None and pending.purpose is RollPurpose.ZONE_ATTACK
    assert [h.target for h in (done.scene.pending_hit, *done.scene.queued_hits) if h] == [
        "cultist-1",
        "cultist-3",
    ]


def test_a_full_defense_declared_or_undone_tells_the_turn_order_to_repaint() -> None:
    """The turn pane shows who a full defense covers: declaring one, and undoing it,
    report the ``turn`` tag though the turn order itself is unchanged."""
    session = open_session(DEMO)
    declared = session.execute("fulldefense silbestre")
    assert declared.ok and declared.changed == frozenset({"turn"})
    assert session.execute("undo").changed == frozenset({"turn"})


def test_full_defense_adds_two_and_a_boost_if_unused(tmp_path: Path) -> None:
    attacked = run(
        DEMO,
        tmp_path,
        "next silbestre",
        "fulldefense silbestre",
        "next leader",
        "attack leader silbestre Fight 0000 vs 0000",
        "next rozio",
        "exchange silbestre",
    )
    assert attacked.line("fulldefense silbestre") == (
        "Silbestre goes on full defense: +2 to every defense until their next turn"
    )
    assert attacked.line("attack leader silbestre Fight 0000 vs 0000") == (
        "Masked leader attacks Silbestre with Fight: Great (+4) + [0 0 0 0] = Great (+4) vs "
        "Silbestre's "
        "Athletics Good (+3) + [0 0 0 0] + 2 (full defense) = Superb (+5): miss"
    )
    # not everyone acted: exchange fails; the full defense stays until Silbestre's turn
    assert attacked.scene.full_defenses[0].defended
    unused = run(
        DEMO,
        tmp_path,
        "next silbestre",
        "fulldefense silbestre",
        "next rozio",
        "next vitor",
        "next riesa",
        "next leader",
        "next cultist-1",
        "next cultist-2",
        "next cultist-3",
        "next braziers",
        "exchange silbestre",
    )
    assert unused.lines("exchange silbestre") == [
        "exchange 2 begins: Silbestre is up",
        'Silbestre\'s full defense ends unused: a boost "Ready and waiting"',
        "The ritual completes: 1/4",
    ]
    boost = [a for a in unused.scene.aspects if a.kind is AspectKind.BOOST]
    assert [(b.name, b.free_invokes) for b in boost] == [("Ready and waiting", ("silbestre",))]
    assert unused.scene.full_defenses == ()


def test_trade_a_shift_of_a_stylish_hit_for_a_boost(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, "attack leader rozio Fight +0++ vs -000", 'trade "Off balance"')
    assert done.lines('trade "Off balance"')[:2] == [
        'Masked leader trades a shift of the hit for the boost "Off balance"',
        "Masked leader attacks Rozio with Fight: Great (+4) + [+ 0 + +] = Epic (+7) vs Rozio's "
        "Athletics "
        "Good (+3) + [- 0 0 0] = Fair (+2): hit for 5 shifts · Masked leader takes the boost "
        '"Off balance" for one shift less',
    ]
    assert done.scene.pending_hit == PendingHit("rozio", 5, StressKind.PHYSICAL, "leader")
    boosts = [(a.name, a.free_invokes) for a in done.scene.aspects if a.kind is AspectKind.BOOST]
    assert boosts == [("Off balance", ("leader",))]


# ---------------------------------------------------------------------------- defend, trade, split


def said(session: Session, line: str) -> tuple[str, ...]:
    """What an accepted line says."""
    result = session.execute(line)
    assert result.ok, result.lines
    return result.lines


def refuses(session: Session, line: str, message: str) -> None:
    """The line is refused with this message, and leaves the scene and the history alone."""
    before, steps = session.scene, len(session.history.done)
    assert session.execute(line).lines == (message,)
    assert session.scene == before and len(session.history.done) == steps


ZONE_HEAD = (
    "Masked leader attacks everyone in Stairs with Fight: Great (+4) + [+ + + +] = Legendary (+8)"
)


def test_defend_in_a_zone_attack_changes_the_one_defender_named() -> None:
    """A zone attack (§8): each defender rolls against the full effort; ``defend NAME SKILL``
    rolls that defender's defense again with another skill (their dice kept), ``defend NAME
    FACES`` with other dice (their skill kept), and the others' defenses stay as rolled."""
    session = played(DEMO, "attack leader zone stairs Fight ++++ vs 0000 ----")
    assert said(session, "defend riesa Physique")[:4] == (
        "Riesa defends with Physique",
        ZONE_HEAD,
        "Vitor defends against Legendary (+8) with Athletics Fair (+2) + [0 0 0 0] = Fair "
        "(+2): hit with style for 7 shifts (may take a boost for 1 shift less)",
        "Riesa defends against Legendary (+8) with Physique Good (+3) + [- - - -] = Poor "
        "(-1): hit with style for 10 shifts (may take a boost for 1 shift less)",
    )
    assert said(session, "defend vitor ++++")[:4] == (
        "Vitor defends with Athletics",
        ZONE_HEAD,
        "Vitor defends against Legendary (+8) with Athletics Fair (+2) + [+ + + +] = "
        "Fantastic (+6): hit for 3 shifts",
        "Riesa defends against Legendary (+8) with Physique Good (+3) + [- - - -] = Poor "
        "(-1): hit with style for 10 shifts (may take a boost for 1 shift less)",
    )
    pending = session.scene.pending_roll
    assert pending is not None
    assert [(t.target, t.skill) for t in pending.targets] == [
        ("vitor", "Athletics"),
        ("riesa", "Physique"),
    ]
    assert session.scene.pending_hit == PendingHit("vitor", 3, StressKind.PHYSICAL, "leader")


def test_defend_in_a_split_attack_waits_for_the_split() -> None:
    """A split attack's defenders roll when the effort is split; before that there is no
    defense to roll again. After it, one defender's defense changes, the other's stays."""
    session = played(DEMO, "move vitor hall", "attack vitor cultist-1,cultist-2 Shoot +000")
    refuses(session, "defend cultist-1 Athletics", "Cultist 1 has not rolled a defense yet")
    said(session, "split 3 1 vs 0000 ++++")
    assert said(session, "defend cultist-1 ----")[:3] == (
        "Cultist 1 defends with Athletics",
        "Vitor attacks Cultist 1, Cultist 2 with Shoot: Good (+3) + [+ 0 0 0] = Great (+4)",
        "Cultist 1 defends against Good (+3) with Athletics Mediocre (+0) + [- - - -] = "
        "Horrifying (-4): hit with style for 7 shifts (may take a boost for 1 shift less)",
    )
    assert said(session, "defend cultist-2 Physique")[3] == (
        "Cultist 2 defends against Average (+1) with Physique Mediocre (+0) + [+ + + +] = "
        'Great (+4): miss · Cultist 2 gets the boost "Opening"'
    )


def test_defend_keeps_the_skill_or_the_dice_it_is_not_given() -> None:
    """``defend NAME SKILL`` keeps the defender's dice; ``defend FACES`` then keeps the
    skill last chosen (Fight, not the default Athletics)."""
    session = played(DEMO, "attack leader rozio Fight +0++ vs -000")
    assert said(session, "defend rozio Fight")[:2] == (
        "Rozio defends with Fight",
        "Masked leader attacks Rozio with Fight: Great (+4) + [+ 0 + +] = Epic (+7) vs Rozio's "
        "Fight Fair "
        "(+2) + [- 0 0 0] = Average (+1): hit with style for 7 shifts (may take a boost for 1 "
        "shift less)",
    )
    assert said(session, "defend ++++")[:2] == (
        "Rozio defends with Fight",
        "Masked leader attacks Rozio with Fight: Great (+4) + [+ 0 + +] = Epic (+7) vs Rozio's "
        "Fight Fair "
        "(+2) + [+ + + +] = Fantastic (+6): hit for 2 shifts",
    )


def test_a_defense_rolled_again_keeps_the_full_defense_bonus() -> None:
    """§8: the +2 of a full defense counts for every defense until the defender's next
    turn, a defense rolled again too (Fair (+2) + 4 + 2 = Legendary (+8) beats Epic (+7))."""
    session = played(DEMO, "fulldefense rozio", "attack leader rozio Fight +0++ vs -000")
    assert said(session, "defend rozio Fight ++++") == (
        "Rozio defends with Fight",
        "Masked leader attacks Rozio with Fight: Great (+4) + [+ 0 + +] = Epic (+7) vs Rozio's "
        "Fight Fair "
        "(+2) + [+ + + +] + 2 (full defense) = Legendary (+8): miss",
    )
    assert session.scene.pending_hit is None


def test_defend_refuses_a_line_it_cannot_read() -> None:
    """A defender named alone needs a skill or dice; a first word that names no defender is
    read as the skill, so a second word is one too many."""
    usage = "Usage: defend [DEFENDER] [SKILL] [FACES]"
    session = played(DEMO, "attack leader rozio Fight +0++ vs -000")
    refuses(session, "defend rozio", f"defend: missing a skill or dice. {usage}")
    refuses(
        session, "defend silbestre Athletics", f"defend: did not understand 'Athletics'. {usage}"
    )
    refuses(session, 'defend silbestre ""', f"defend: did not understand ''. {usage}")
    refuses(
        session, "defend rozio Fight Athletics", f"defend: did not understand 'Athletics'. {usage}"
    )
    # "dice" before the faces is the dice word, not a skill
    assert said(session, "defend rozio dice ++++")[:2] == (
        "Rozio defends with Athletics",
        "Masked leader attacks Rozio with Fight: Great (+4) + [+ 0 + +] = Epic (+7) vs Rozio's "
        "Athletics "
        "Good (+3) + [+ + + +] = Epic (+7): hit for 1 shift",
    )


def test_trade_takes_the_default_boost_name_and_only_a_single_stylish_attack() -> None:
    """§2: an attack that succeeds with style may trade one shift for a boost ("Reeling"
    unless named); an overcome with style, a zone attack and an attack without style may
    not, and a blank name is no name."""
    session = played(DEMO, "attack leader rozio Fight ++++ vs 0000")
    refuses(session, 'trade "  "', 'trade: missing the aspect\'s name. Usage: trade ["BOOST"]')
    assert said(session, "trade")[0] == (
        'Masked leader trades a shift of the hit for the boost "Reeling"'
    )
    assert session.scene.pending_hit == PendingHit("rozio", 5, StressKind.PHYSICAL, "leader")
    no_style = (
        "only an attack on one defender that succeeds with style can trade a shift for a boost"
    )
    for setup in (
        ("overcome vitor Crafts vs 1 ++++",),
        ("move vitor hall", "attack vitor zone crypt Shoot ++++ vs 0000 0000 0000"),
        ("attack leader rozio Fight 0000 vs 0000",),
    ):
        refuses(played(DEMO, *setup), "trade", no_style)


def test_split_refuses_a_wrong_count_of_shares_and_an_effort_below_one() -> None:
    """§8: a split needs a roll, one share per target, and a positive effort to split."""
    refuses(open_session(DEMO), "split 1 1", "there is no roll to change: roll first")
    split = played(DEMO, "move vitor hall", "attack vitor cultist-1,cultist-2 Shoot +000")
    refuses(
        split, "split 4", "give 2 shares (Cultist 1, Cultist 2), each at least 1, adding up to 4"
    )
    poor = played(DEMO, "move vitor hall", "attack vitor cultist-1,cultist-2 Shoot ----")
    refuses(poor, "split 1 1", "only a positive effort can be split; this one is Poor (-1)")


def test_full_defense_is_declared_in_its_exchange_covering_another_or_oneself() -> None:
    """§8: a full defense remembers the exchange it was declared in (the first without a
    turn order); covering another says so, covering oneself is no cover."""
    session = open_session(DEMO)
    refuses(
        session,
        "fulldefense",
        "fulldefense: missing character. Usage: fulldefense NAME [for OTHER]",
    )
    assert said(session, "fulldefense rozio for rozio") == (
        "Rozio goes on full defense: +2 to every defense until their next turn",
    )
    assert session.scene.full_defenses == (FullDefense("rozio", "rozio", exchange=1),)
    everyone = ("silbestre", "rozio", "vitor", "riesa", "leader", "cultist-1", "cultist-2")
    later = played(
        DEMO,
        *(f"next {who}" for who in everyone),
        "next cultist-3",
        "next braziers",
        "exchange silbestre",
    )
    assert later.scene.turn is not None and later.scene.turn.exchange == 2
    assert said(later, "fulldefense silbestre for vitor") == (
        "Silbestre goes on full defense: +2 to every defense until their next turn · "
        "Silbestre covers Vitor: +2 to Vitor's defenses",
    )
    assert later.scene.full_defenses == (FullDefense("silbestre", "vitor", exchange=2),)


def test_a_zone_attack_needs_someone_else_in_the_zone() -> None:
    """§8: a zone attack hits everyone else standing there; alone, there is no one to hit."""
    refuses(
        played(DEMO, "move riesa hall"),
        "attack vitor zone stairs Shoot",
        "nobody else is in Stairs",
    )


def test_an_attack_named_mental_is_defended_and_absorbed_as_mental() -> None:
    """§2: Fight attacks physically by default; named mental, the defender defends with
    Will and the hit goes to the mental track."""
    session = open_session(DEMO)
    assert said(session, "attack leader rozio Fight mental ++00 vs 0000")[0] == (
        "Masked leader attacks Rozio with Fight: Great (+4) + [+ + 0 0] = Fantastic (+6) vs "
        "Rozio's Will "
        "Average (+1) + [0 0 0 0] = Average (+1): hit with style for 6 shifts (may take a boost "
        "for 1 shift less)"
    )
    assert session.scene.pending_hit == PendingHit("rozio", 6, StressKind.MENTAL, "leader")


def test_an_attack_refuses_defense_dice_it_cannot_give_out() -> None:
    """One set of defense dice per defender; a split attack's defenders roll at the split."""
    session = open_session(DEMO)
    refuses(
        session,
        "attack leader rozio Fight ++++ vs 0000 0000",
        "more defense dice than defenders (1)",
    )
    refuses(
        played(DEMO, "move vitor hall"),
        "attack vitor cultist-1,cultist-2 Shoot +000 vs 0000",
        "the defenders of a split attack roll when the effort is split: split N N… vs FACES…",
    )


def test_a_hazard_attacks_with_its_name_and_keeps_its_weapon_when_a_shift_is_traded() -> None:
    """§7: a hazard attacks with its rating under its own name; its Weapon 2 still counts
    when a hit with style of 3 shifts is traded for a boost (2 shifts, a plain success, + 2)."""
    zone = played(MINE, "hazard rocks zone shaft ++00 vs 0000 0000")
    pending = zone.scene.pending_roll
    assert pending is not None and pending.skill == "Falling rocks"
    assert zone.log[-1].lines[0] == (
        "Falling rocks attacks everyone in Lift shaft: Good (+3) + [+ + 0 0] = Superb (+5)"
    )
    traded = played(MINE, "hazard rocks riesa +++0 vs 0000")
    assert traded.scene.pending_hit == PendingHit("riesa", 5, StressKind.PHYSICAL, "falling-rocks")
    said(traded, "trade")
    assert traded.scene.pending_hit == PendingHit("riesa", 4, StressKind.PHYSICAL, "falling-rocks")


def test_without_the_weapons_option_an_attackers_weapon_does_not_count() -> None:
    """§8 Weapon and Armor is an option: off, the leader's Weapon 1 adds nothing (5 shifts
    instead of 6)."""
    scene = open_session(DEMO).scene
    plain = fate_session(replace(scene, rules=replace(scene.rules, weapons_and_armor=False)))
    said(plain, "attack leader rozio Fight ++++ vs 0000")
    assert plain.scene.pending_hit == PendingHit("rozio", 5, StressKind.PHYSICAL, "leader")


def test_a_hazard_named_like_a_skill_is_still_defended_with_the_general_defense() -> None:
    """§7: a hazard is no skill; a brawl named "Fight" is defended with Athletics (Good
    (+3)), not with Riesa's better Fight as a melee attack would be."""
    scene = open_session(MINE).scene
    brawl = tuple(replace(o, name="Fight") if isinstance(o, Hazard) else o for o in scene.obstacles)
    session = fate_session(replace(scene, obstacles=brawl))
    assert said(session, "hazard falling-rocks riesa 0000 vs 0000")[0] == (
        "Fight attacks Riesa: Good (+3) + [0 0 0 0] = Good (+3) vs Riesa's Athletics Good (+3) "
        "+ [0 0 0 0] = Good (+3): hit for 2 shifts"
    )


ATTACK_USAGE_FI = (
    "Käyttö: hyökkää HYÖKKÄÄJÄ PUOLUSTAJA[,PUOLUSTAJA...]|alue ALUE [TAITO] [fyysinen|henkinen] "
    "[NOPAT] [kanssa A,A] [suoja HIDASTAVA_ESTE estää|heikentää] [vastaan NOPAT...]"
)
HAZARD_USAGE = (
    "Usage: hazard HAZARD DEFENDER[,DEFENDER...]|zone ZONE [FACES] [cover BLOCK "
    "blocks|weakens] [vs FACES...]"
)


@pytest.mark.parametrize(
    ("scene", "lang", "line", "message"),
    [
        (DEMO, "fi", "hyökkää", f"hyökkää: hyökkääjää ei annettu. {ATTACK_USAGE_FI}"),
        (DEMO, "fi", "hyökkää leader", f"hyökkää: puolustajaa ei annettu. {ATTACK_USAGE_FI}"),
        (DEMO, "fi", "hyökkää leader alue", f"hyökkää: aluetta ei annettu. {ATTACK_USAGE_FI}"),
        (DEMO, "fi", "hyökkää leader rozio ++++ ++++", "hyökkää: noppia ei voi antaa kahdesti"),
        (
            DEMO,
            "fi",
            "hyökkää riesa leader kanssa",
            f"hyökkää: auttajia ei annettu. {ATTACK_USAGE_FI}",
        ),
        (
            DEMO,
            "fi",
            "hyökkää riesa leader suoja",
            f"hyökkää: hidastavaa estettä ei annettu. {ATTACK_USAGE_FI}",
        ),
        (
            DEMO,
            "fi",
            "hyökkää riesa leader vastaan",
            f"hyökkää: puolustuksen noppia ei annettu. {ATTACK_USAGE_FI}",
        ),
        (MINE, "en", "hazard", f"hazard: missing hazard. {HAZARD_USAGE}"),
        (
            MINE,
            "fi",
            "vaara",
            "vaarallinen: vaarallinen este ei annettu. Käyttö: vaarallinen VAARALLINEN_ESTE "
            "PUOLUSTAJA[,PUOLUSTAJA...]|alue ALUE [NOPAT] [suoja HIDASTAVA_ESTE "
            "estää|heikentää] [vastaan NOPAT...]",
        ),
        (
            DEMO,
            "fi",
            "täysipuolustus rozio hyväksi",
            "täysipuolustus: hahmoa ei annettu. Käyttö: täysipuolustus NIMI [hyväksi TOINEN]",
        ),
        (
            DEMO,
            "fi",
            "täysipuolustus",
            "täysipuolustus: hahmoa ei annettu. Käyttö: täysipuolustus NIMI [hyväksi TOINEN]",
        ),
    ],
    # plain ids: mutmut names the tests to run on a command line
    ids=[
        "attacker",
        "defender",
        "zone",
        "dice-twice",
        "helpers",
        "cover",
        "defense-dice",
        "hazard",
        "hazard-fi",
        "fulldefense-for",
        "fulldefense",
    ],
)
def test_an_attack_line_missing_a_word_says_which_in_the_gms_language(
    scene: Path, lang: str, line: str, message: str
) -> None:
    """Each missing word is named in the GM's language, with the verb's usage."""
    refuses(open_session(scene, lang), line, message)


def test_helpers_named_in_two_with_clauses_all_help() -> None:
    """§4 teamwork: every helper counts, however the line names them (+1 each)."""
    line = "attack riesa leader Fight 0000 with rozio with silbestre vs 0000"
    assert said(open_session(DEMO), line)[0] == (
        "Riesa attacks Masked leader with Fight: Great (+4) + [0 0 0 0] + 2 (teamwork) = Fantastic "
        "(+6) vs "
        "Masked leader's Fight Great (+4) + [0 0 0 0] = Great (+4): hit for 1 shift (teamwork: "
        "Rozio, Silbestre)"
    )


def test_a_defender_named_twice_is_refused_by_the_verb_that_was_typed() -> None:
    """One defense per defender: a name given twice is refused, by attack or by hazard."""
    refuses(open_session(DEMO), "attack leader rozio,rozio", "attack: the defender given twice")
    refuses(open_session(MINE), "hazard rocks riesa,riesa", "hazard: the defender given twice")
    finnish = "hyökkää: puolustajaa ei voi antaa kahdesti"
    refuses(open_session(DEMO, lang="fi"), "hyökkää leader rozio,rozio", finnish)
    finnish = "vaarallinen: puolustajaa ei voi antaa kahdesti"
    refuses(open_session(MINE, lang="fi"), "vaarallinen rocks riesa,riesa", finnish)


def test_split_refuses_an_attack_on_one_target_in_both_languages() -> None:
    """Only an attack or a create an advantage on several targets (§8) is split; one on a
    single target is refused."""
    line = "attack leader rozio Fight ++++ vs 0000"
    refuses(
        played(DEMO, line),
        "split 2",
        "the last roll is not an attack or a create an advantage on several targets",
    )
    finnish = open_session(DEMO, lang="fi")
    assert finnish.execute(line.replace("attack", "hyökkää")).ok
    refuses(
        finnish,
        "jaa 2",
        "viimeisin heitto ei ole hyökkäys tai edun luonti useaan kohteeseen",
    )


def test_defend_with_another_skill_keeps_the_defenders_dice() -> None:
    """``defend NAME SKILL`` against one attacker rolls the defense again with that skill and
    the dice the defender already rolled; no new dice are rolled."""
    session = played(DEMO, "attack leader rozio Fight ++++ vs -+-+")
    assert said(session, "defend rozio Physique")[1] == (
        "Masked leader attacks Rozio with Fight: Great (+4) + [+ + + +] = Legendary (+8) vs "
        "Rozio's "
        "Physique Average (+1) + [- + - +] = Average (+1): hit with style for 8 shifts (may "
        "take a boost for 1 shift less)"
    )
    assert session.scene.pending_hit == PendingHit("rozio", 8, StressKind.PHYSICAL, "leader")


def test_scale_adds_to_an_attack_on_one_defender_not_to_one_on_several() -> None:
    """With the scale option (§8), a supernatural attacker gets +1 against one mundane
    defender; an attack on several has no single opponent to measure, so no scale bonus."""
    setup = ("set rules scale true", "set leader scale supernatural", "move vitor hall")
    session = played(DEMO, *setup)
    assert said(session, "attack leader rozio Fight ++++ vs 0000")[0].startswith(
        "Masked leader attacks Rozio with Fight: Great (+4) + [+ + + +] + 1 (scale) = +9 vs "
    )
    assert said(played(DEMO, *setup), "attack leader rozio,vitor Fight ++++")[0] == (
        "Masked leader attacks Rozio, Vitor with Fight: Great (+4) + [+ + + +] = Legendary (+8)"
    )
    finnish = open_session(DEMO, lang="fi")
    for line in (
        "aseta säännöt scale true",
        "aseta leader scale supernatural",
        "siirrä vitor hall",
    ):
        assert finnish.execute(line).ok
    assert said(finnish, "hyökkää leader rozio,vitor Fight ++++")[0] == (
        "Masked leader hyökkää taidolla Fight, kohteina Rozio, Vitor: Mahtava (+4) + "
        "[+ + + +] = Legendaarinen (+8)"
    )


CREATE_ON_THREE = 'create vitor Fight "Backed into a corner" on veteran,minion-2,minion-3 +++0'
"""The seed's Vitor and three minions (§8 «Useampaan kohteeseen vaikuttaminen»): his Fight
Great (+4) + 3 is Epic (+7), «Eeppinen (+7)»."""


def test_a_create_on_several_targets_waits_for_the_split_then_puts_the_aspect_on_each(
    tmp_path: Path,
) -> None:
    """§8: a create an advantage on several characters splits its effort as an attack does
    («hänen pitää jakaa vaikutuksensa, kuten yllä»), the seed's Good (+3) to the veteran and
    Fair (+2) to each other minion; each defends its share, and each gets the aspect as its
    own outcome says: style, success, and a tie that gives Vitor a boost instead."""
    split_line = "split 3 2 2 vs 0000 0000 ++00"
    done = run(SEED, tmp_path, CREATE_ON_THREE, split_line)
    assert done.lines(CREATE_ON_THREE) == [
        'Vitor creates an advantage "Backed into a corner" on Veteran minion, Minion 2, Minion 3 '
        "with Fight: Great (+4) + [+ + + 0] = Epic (+7)",
        "split the 7 among the 3 targets, at least 1 each: split N N… [vs FACES…]",
    ]
    assert done.lines(split_line) == [
        "Vitor splits the effort: Veteran minion 3, Minion 2 2, Minion 3 2",
        "Veteran minion defends against Good (+3) with Fight Mediocre (+0) + [0 0 0 0] = "
        'Mediocre (+0): "Backed into a corner" with 2 free invokes for Vitor',
        "Minion 2 defends against Fair (+2) with Fight Mediocre (+0) + [0 0 0 0] = Mediocre "
        '(+0): "Backed into a corner" with 1 free invoke for Vitor',
        "Minion 3 defends against Fair (+2) with Fight Mediocre (+0) + [+ + 0 0] = Fair (+2): "
        'tie: no aspect, but Vitor gets the boost "Backed into a corner"',
    ]

    def cornered(character: str) -> tuple[str, ...] | None:
        held = [a for a in done.character(character).aspects if a.name == "Backed into a corner"]
        return held[0].free_invokes if held else None

    assert (cornered("veteran"), cornered("minion-2"), cornered("minion-3")) == (
        ("vitor", "vitor"),
        ("vitor",),
        None,
    )
    boost = [a for a in done.scene.aspects if a.name == "Backed into a corner"]
    assert [(a.kind, a.free_invokes) for a in boost] == [(AspectKind.BOOST, ("vitor",))]


def test_a_create_on_several_targets_in_finnish_and_a_defense_changed_after_the_split() -> None:
    """§8 in Finnish: the effort split (jaa), each target defending «tälle osoitettua
    vaikutusta vastaan»; a defense rolled again after the split settles that target again."""
    session = open_session(SEED, lang="fi")
    assert session.execute('luo vitor Fight "Ahdistettu" kohde veteran,minion-2 +++0').ok
    assert said(session, "jaa 3 4 vastaan 0000 ++++")[1:] == (
        "Veteran minion puolustaa, Fight Välttävä (+0) + [0 0 0 0] = Välttävä (+0) vs. "
        'osoitettu vaikutus Hyvä (+3): Vitor saa kaksi ilmaista käyttöä piirteeseen "Ahdistettu"',
        "Minion 2 puolustaa, Fight Välttävä (+0) + [+ + + +] = Mahtava (+4) vs. osoitettu "
        'vaikutus Mahtava (+4): tasapeli: ei piirrettä, mutta Vitor saa särmän "Ahdistettu"',
    )
    assert said(session, "puolusta veteran ++++")[2] == (
        "Veteran minion puolustaa, Fight Välttävä (+0) + [+ + + +] = Mahtava (+4) vs. "
        "osoitettu vaikutus Hyvä (+3): epäonnistuminen: Veteran minion ei saa piirrettä"
    )
    assert not any(a.name == "Ahdistettu" for a in session.scene.character("veteran").aspects)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            'create vitor Fight "Cornered" on veteran,minion-2 vs 2 +++0',
            "each target of a create an advantage on several targets defends its own share: give "
            "their dice when the effort is split (split N N… vs FACES…)",
        ),
        ('create vitor Fight "Cornered" on veteran,vitor', "Vitor cannot act against themself"),
        (
            'create vitor Fight "Cornered" on veteran,veteran',
            "create: character or zone given twice",
        ),
    ],
    ids=["opposition", "self", "twice"],
)
def test_a_create_on_several_targets_refuses_what_a_split_cannot_do(
    line: str, message: str
) -> None:
    refuses(open_session(SEED), line, message)


def test_a_create_on_several_targets_takes_no_cost_and_splits_only_a_positive_effort() -> None:
    """Success at a cost is for a create on one target; as for an attack, only a positive
    effort is split («jos saat positiivisen tuloksen»)."""
    session = played(SEED, CREATE_ON_THREE.replace("+++0", "----"))
    refuses(session, "cost the rope snaps", "no success at a cost here: the roll is a tie")
    refuses(
        session, "split 1 1 1", "only a positive effort can be split; this one is Mediocre (+0)"
    )


def test_a_hazards_create_on_several_targets_meets_their_general_defense() -> None:
    """§7 and §8: a hazard creates an advantage with its rating; split among two PCs, each
    defends its share with their general defense (Athletics), not a skill named after the
    hazard; the GM holds the free invokes, as for a hazard's create on one target."""
    session = played(MINE, 'create rocks "Pinned" on riesa,rozio ++00')
    assert said(session, "split 2 3 vs 0000 ----")[1:] == (
        "Riesa defends against Fair (+2) with Athletics Good (+3) + [0 0 0 0] = Good (+3): "
        "fail: no aspect on Riesa",
        "Rozio defends against Good (+3) with Athletics Good (+3) + [- - - -] = Poor (-1): "
        '"Pinned" with 2 free invokes for Falling rocks',
    )
    pinned = [a for a in session.scene.character("rozio").aspects if a.name == "Pinned"]
    assert [a.free_invokes for a in pinned] == [("gm", "gm")]
    assert not any(a.name == "Pinned" for a in session.scene.character("riesa").aspects)
