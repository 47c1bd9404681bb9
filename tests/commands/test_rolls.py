"""roll, odds, overcome, create, invoke, stunt and cost, through ``fatescreen run``."""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.session import Session
from fatescreen.rules.actions import AspectTarget
from fatescreen.rules.aspects import GM, AspectKind
from fatescreen.rules.fate_points import LedgerEntry
from fatescreen.rules.outcomes import Outcome
from fatescreen.scene.aspects import aspects_in_play
from tests.commands.support import CHASE, DEMO, LIBRARY, MINE, SEED, open_session, played, run


def aspect_named(scene, name):  # type: ignore[no-untyped-def]
    """The aspect in play with that name, and its holder."""
    found = [a for a in aspects_in_play(scene) if a.aspect.name == name]
    assert len(found) == 1, found
    return found[0]


def test_roll_and_odds_change_nothing(tmp_path: Path) -> None:
    done = run(
        DEMO, tmp_path, "roll 3 vs 2 +0-+ +2", "roll Good vs Fair 1356", "odds 3 vs 2 invokes 1"
    )
    assert done.status == 0
    assert done.line("roll 3 vs 2 +0-+ +2") == (
        "Good (+3) + [+ 0 - +] + 2 (bonus) = Fantastic (+6) vs Fair (+2): "
        "success with style (4 shifts)"
    )
    assert done.line("roll Good vs Fair 1356") == (
        "Good (+3) + [- 0 + +] = Great (+4) vs Fair (+2): success (2 shifts)"
    )
    assert done.line("odds 3 vs 2 invokes 1") == (
        "Good (+3) vs Fair (+2) with 1 invoke: fail 1% · tie 5% · success 32% · style 62%"
    )
    assert done.session.history.done == ()


def test_overcome_against_a_difficulty(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, "overcome vitor Crafts vs 2 00++")
    assert done.line("overcome vitor Crafts vs 2 00++") == (
        "Vitor overcomes with Crafts: Great (+4) + [0 0 + +] = Fantastic (+6) vs Fair (+2): "
        'success with style · Vitor gets the boost "Momentum"'
    )
    pending = done.scene.pending_roll
    assert pending is not None and pending.result.shifts == 4
    assert done.session.history.done[-1].label == "Vitor overcomes with Crafts"


def test_overcome_against_an_opponent_and_with_teamwork(tmp_path: Path) -> None:
    line = "overcome rozio Stealth +0+0 with vitor vs leader Notice 0-00"
    done = run(DEMO, tmp_path, line)
    # Vitor has no Stealth: below Average, so his help does not count.
    assert done.line(line) == (
        "Rozio overcomes with Stealth: Fair (+2) + [+ 0 + 0] = Great (+4) vs Mediocre (+0) + "
        '[0 - 0 0] = Poor (-1): success with style · Rozio gets the boost "Momentum"'
    )
    pending = done.scene.pending_roll
    assert pending is not None and (pending.target, pending.defense_skill) == ("leader", "Notice")
    helped = run(DEMO, tmp_path, "overcome riesa Athletics 0000 with rozio,vitor vs 4")
    assert helped.line("overcome riesa Athletics 0000 with rozio,vitor vs 4") == (
        "Riesa overcomes with Athletics: Good (+3) + [0 0 0 0] + 2 (teamwork) = Superb (+5) vs "
        "Great (+4): success (teamwork: Rozio, Vitor)"
    )


def test_overcome_against_a_hazard_uses_its_rating(tmp_path: Path) -> None:
    from tests.commands.support import MINE

    done = run(MINE, tmp_path, "overcome riesa Athletics 0000 vs rocks")
    assert done.line("overcome riesa Athletics 0000 vs rocks").endswith(
        "Good (+3) + [0 0 0 0] = Good (+3) vs Good (+3): success at a minor cost"
    )


def test_create_a_new_aspect_on_a_character(tmp_path: Path) -> None:
    line = 'create vitor Crafts "On fire" on leader vs 3 0+++'
    done = run(DEMO, tmp_path, line)
    assert done.line(line) == (
        'Vitor creates an advantage "On fire" with Crafts: Great (+4) + [0 + + +] = Epic (+7) '
        'vs Good (+3): "On fire" with 2 free invokes for Vitor'
    )
    found = aspect_named(done.scene, "On fire")
    assert found.holder == "character:leader"
    assert found.aspect.free_invokes == ("vitor", "vitor")


def test_create_tie_gives_a_boost_and_fail_nothing(tmp_path: Path) -> None:
    tie = 'create vitor Crafts "Smoke" vs 4 0000'
    done = run(DEMO, tmp_path, tie)
    assert done.line(tie).endswith('tie: no aspect, but Vitor gets the boost "Smoke"')
    boost = aspect_named(done.scene, "Smoke")
    assert (boost.holder, boost.aspect.kind, boost.aspect.free_invokes) == (
        "scene",
        AspectKind.BOOST,
        ("vitor",),
    )
    fail = 'create vitor Crafts "Smoke" vs 6 0000'
    failed = run(DEMO, tmp_path, fail)
    assert failed.line(fail).endswith(
        "fail: no aspect (or it is created and the opposition gets its free invoke)"
    )
    assert not [a for a in aspects_in_play(failed.scene) if a.aspect.name == "Smoke"]


def test_create_on_existing_and_hidden_aspects(tmp_path: Path) -> None:
    known = 'create rozio Stealth "Candles everywhere" vs 2 0000'
    hidden = 'create rozio Notice "Dark corners" vs 1 +++0'
    done = run(DEMO, tmp_path, known, hidden)
    assert done.line(known).endswith('"Candles everywhere": 1 free invoke for Rozio')
    assert done.line(hidden).endswith('"Dark corners": 2 free invokes for Rozio')
    corners = aspect_named(done.scene, "Dark corners")
    assert (corners.aspect.hidden, corners.aspect.free_invokes) == (False, ("rozio", "rozio"))
    assert aspect_named(done.scene, "Candles everywhere").aspect.free_invokes == ("rozio",)
    tie = 'create rozio Notice "Dark corners" vs 1 0000'
    stays = run(DEMO, tmp_path, tie)
    assert stays.line(tie).endswith(
        'tie: Rozio gets the boost "A moment\'s edge"; the aspect stays hidden'
    )
    assert aspect_named(stays.scene, "Dark corners").aspect.hidden


def test_invoking_after_a_create_settles_it_again_from_scratch(tmp_path: Path) -> None:
    """A success raised to style by an invoke leaves one aspect with 2 free invokes (not 3)."""
    done = run(
        DEMO, tmp_path, 'create vitor Crafts "On fire" on leader vs 5 0+00', "invoke molotovs"
    )
    assert done.lines("invoke molotovs") == [
        'Vitor invokes "Molotovs in every pocket" (paid): +2',
        'Vitor creates an advantage "On fire" with Crafts: Great (+4) + [0 + 0 0] + 2 '
        "(invoke: Molotovs in every pocket) = Epic (+7) vs Superb (+5): "
        '"On fire" with 1 free invoke for Vitor',
    ]
    found = aspect_named(done.scene, "On fire")
    assert found.aspect.free_invokes == ("vitor",)
    assert done.character("vitor").fate_points == 2
    raised = run(
        DEMO,
        tmp_path,
        'create vitor Crafts "On fire" on leader vs 4 0+00',
        "invoke molotovs",
        'invoke "short fuse"',
    )
    assert aspect_named(raised.scene, "On fire").aspect.free_invokes == ("vitor", "vitor")
    assert raised.character("vitor").fate_points == 1
    refused = run(
        DEMO, tmp_path, 'create vitor Crafts "On fire" on leader vs 3 0+00', 'invoke "On fire"'
    )
    assert refused.status == 1
    assert refused.lines('invoke "On fire"') == [
        'error: "On fire" comes from this very roll: it cannot be invoked on it'
    ]


def test_invoke_payments(tmp_path: Path) -> None:
    free = run(DEMO, tmp_path, "overcome leader Lore vs 4 0000", "invoke incense")
    assert free.lines("invoke incense")[0] == 'Masked leader invokes "Choking incense" (free): +2'
    assert aspect_named(free.scene, "Choking incense").aspect.free_invokes == ()
    assert free.scene.gm_pool == played(DEMO).scene.gm_pool
    hostile = run(DEMO, tmp_path, "overcome rozio Athletics vs 4 0000", "invoke zealous")
    assert hostile.lines("invoke zealous")[0] == (
        'Rozio invokes "Zealous to a fault" (hostile, the point goes to Masked leader after the '
        "scene): +2"
    )
    assert hostile.character("rozio").fate_points == 2
    assert [(e.who, e.delta) for e in hostile.scene.held] == [("leader", 1)]
    passed = run(
        DEMO,
        tmp_path,
        'create silbestre Lore "Old sigils" vs 3 +000',
        "overcome rozio Athletics vs 5 0000",
        "invoke sigils",
    )
    assert passed.lines("invoke sigils")[0] == (
        'Rozio invokes "Old sigils" (free, passed on by Silbestre): +2'
    )
    assert aspect_named(passed.scene, "Old sigils").aspect.free_invokes == ()


def test_invoke_reroll_and_oppose(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, "overcome rozio Athletics vs 4 ----", "invoke wanted reroll ++++")
    assert done.lines("invoke wanted reroll ++++") == [
        'Rozio invokes "Wanted in three harbours" (paid): reroll [- - - -] → [+ + + +]',
        "Rozio overcomes with Athletics: Good (+3) + [+ + + +] = Epic (+7) vs Great (+4): "
        'success with style · Rozio gets the boost "Momentum"',
    ]
    opposed = run(
        DEMO, tmp_path, "overcome rozio Athletics vs 3 0000", "invoke chanting by leader oppose"
    )
    assert opposed.lines("invoke chanting by leader oppose")[1].endswith(
        "vs Superb (+5): fail (or success at a serious cost)"
    )
    assert opposed.scene.gm_pool == played(DEMO).scene.gm_pool - 1


def test_a_defender_invokes_for_their_defense(tmp_path: Path) -> None:
    done = run(
        DEMO, tmp_path, "attack leader silbestre Fight 0000 vs 0000", "invoke notebook by silbestre"
    )
    assert done.lines("invoke notebook by silbestre")[1] == (
        "Masked leader attacks Silbestre with Fight: Great (+4) + [0 0 0 0] = Great (+4) vs "
        "Silbestre's "
        "Athletics Good (+3) + [0 0 0 0] + 2 (invoke: Never without his notebook) = Superb "
        "(+5): miss"
    )
    assert done.scene.pending_hit is None
    assert done.character("silbestre").fate_points == 2


def test_stunt_on_the_roll_and_on_the_defense(tmp_path: Path) -> None:
    done = run(
        DEMO, tmp_path, "attack rozio leader Shoot 0000 vs 0000", "stunt 2", "stunt leader 1"
    )
    assert done.lines("stunt 2") == [
        "Rozio applies a stunt: +2",
        "Rozio attacks Masked leader with Shoot: Great (+4) + [0 0 0 0] + 2 (stunt) = Fantastic "
        "(+6) vs "
        "Masked leader's Athletics Fair (+2) + [0 0 0 0] = Fair (+2): hit with style for 3 "
        "shifts (may take a boost for 1 shift less)",
        "Masked leader takes 3 shifts: [1] 3 physical boxes  [2] 1 physical box + mild  "
        "[3] moderate  [4] severe",
        "minion armor: Cultist 1, Cultist 2, Cultist 3 can take the hit (minion NAME)",
    ]
    assert done.lines("stunt leader 1")[1].endswith(
        "+ 1 (stunt) = Good (+3): hit with style for 2 shifts (may take a boost for 1 shift less)"
    )
    assert done.scene.pending_hit is not None and done.scene.pending_hit.shifts == 2


def test_cost_turns_a_fail_into_success_and_names_a_tie(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, "overcome vitor Investigate vs 3 0000", "cost the lamp goes out")
    assert done.lines("cost the lamp goes out") == [
        "Vitor takes success at a cost: the lamp goes out",
        "Vitor overcomes with Investigate: Mediocre (+0) + [0 0 0 0] = Mediocre (+0) vs Good "
        "(+3): success at a serious cost: the lamp goes out",
    ]
    pending = done.scene.pending_roll
    assert pending is not None and pending.cost == "the lamp goes out"
    created = run(DEMO, tmp_path, 'create vitor Crafts "Caltrops" on hall vs 6 0000', "cost")
    assert created.lines("cost")[1].endswith(
        '"Caltrops" is created at a serious cost: GM holds its free invoke'
    )
    assert aspect_named(created.scene, "Caltrops").aspect.free_invokes == (GM,)


def test_create_in_a_contest_offers_the_choice(tmp_path: Path) -> None:
    line = 'create vitor Crafts "Smoke bomb" vs 5 0000'
    done = run(CHASE, tmp_path, line, "cost")
    assert done.lines(line)[1] == (
        "in the contest, Pursuers choose: forfeit the roll (contest forfeit) or create it at a "
        "cost (cost), the other side getting the free invoke"
    )
    assert aspect_named(done.scene, "Smoke bomb").aspect.free_invokes == ("mirel",)


def test_seed_example_numbers_are_the_rules_cores(tmp_path: Path) -> None:
    session = played(SEED, "overcome vitor Investigate vs 2 00++")
    pending = session.scene.pending_roll
    assert pending is not None
    assert (pending.result.effort.total, pending.result.outcome) == (3, Outcome.SUCCESS)


# ---------------------------------------------------------------------------- settling rolls


def said(session: Session, line: str) -> tuple[str, ...]:
    """What an accepted line says."""
    result = session.execute(line)
    assert result.ok, result.lines
    return result.lines


def test_a_defense_with_style_against_an_overcome_gives_the_defender_a_boost() -> None:
    """§2 defend: an active opponent who defends with style (3 shifts or more) gets a
    boost, whatever the action it opposed."""
    session = open_session(DEMO)
    assert said(session, "overcome rozio Athletics ---- vs leader ++++") == (
        "Rozio overcomes with Athletics: Good (+3) + [- - - -] = Poor (-1) vs Fair (+2) + "
        "[+ + + +] = Fantastic (+6): fail (or success at a serious cost) · Masked leader gets "
        'the boost "Opening"',
    )
    opening = aspect_named(session.scene, "Opening").aspect
    assert (opening.kind, opening.free_invokes) == (AspectKind.BOOST, ("leader",))


def test_create_an_advantage_on_a_consequence() -> None:
    """§2 create on an existing aspect, a consequence: with style, two more free invokes
    for the actor (the leader already holds the one its hit gave); a fail gives the
    consequence's owner a free invoke instead."""
    hit = ("attack leader rozio Fight ++++ vs 0000", 'absorb 2 "Cut"')
    style = played(DEMO, *hit)
    assert said(style, 'create leader Provoke "Cut" ++++ vs 0')[0].endswith(
        'vs Mediocre (+0): "Cut": 2 free invokes for Masked leader'
    )
    assert aspect_named(style.scene, "Cut").aspect.free_invokes == ("leader",) * 3
    failed = played(DEMO, *hit)
    assert said(failed, 'create leader Provoke "Cut" ---- vs 0')[0].endswith(
        'vs Mediocre (+0): fail: Rozio gets a free invoke on "Cut"'
    )
    assert aspect_named(failed.scene, "Cut").aspect.free_invokes == ("leader", "rozio")


def test_a_failed_create_on_a_scene_aspect_with_no_opposition_to_name() -> None:
    """§2: a fail on a known aspect gives the opposition a free invoke; an NPC working on
    a scene aspect against a fixed difficulty has no one to give it to, so the line says so
    and the aspect stays as it was."""
    session = open_session(DEMO)
    assert said(session, 'create leader Lore "Chanting echoes" ---- vs 0') == (
        'Masked leader creates an advantage "Chanting echoes" with Lore: Fair (+2) + '
        "[- - - -] = Terrible (-2) vs Mediocre (+0): fail: the opposition gets a free invoke on "
        '"Chanting echoes"',
    )
    assert aspect_named(session.scene, "Chanting echoes").aspect.free_invokes == ()


def test_a_zone_attack_queues_the_second_hit_and_no_more() -> None:
    """§8: a zone attack's hits are absorbed one at a time: with two defenders hit, the
    second waits in the queue; with one, nothing is queued."""
    both = said(open_session(DEMO), "attack leader zone stairs Fight ++++ vs 0000 0000")
    assert both[-1] == "then, one at a time: Riesa"
    alone = played(DEMO, "move vitor hall")
    lines = said(alone, "attack vitor zone stairs Shoot ++++ vs 0000")
    assert lines == (
        "Vitor attacks everyone in Stairs with Shoot: Good (+3) + [+ + + +] = Epic (+7)",
        "Riesa defends against Epic (+7) with Athletics Good (+3) + [0 0 0 0] = Good (+3): hit "
        "with style for 4 shifts (may take a boost for 1 shift less)",
        "Riesa takes 4 shifts: [1] 4 physical boxes  [2] 2 physical boxes + mild  [3] moderate  "
        "[4] severe",
    )
    assert alone.scene.queued_hits == ()


def test_stunt_in_a_split_attack_goes_on_the_defense_named() -> None:
    """§8: before the split a defender has no defense to add a stunt to, and the attacker's
    stunt raises the effort to split; after it the attacker's effort is fixed, and a
    defender's stunt changes only their own defense."""
    session = played(DEMO, "move vitor hall", "attack vitor cultist-1,cultist-2 Shoot +000")
    assert session.execute("stunt cultist-1 1").lines == ("Cultist 1 has not rolled a defense yet",)
    assert session.execute("stunt 1").lines[1:] == (
        "Vitor attacks Cultist 1, Cultist 2 with Shoot: Good (+3) + [+ 0 0 0] + 1 (stunt) = "
        "Superb (+5)",
        "split the 5 among the 2 targets, at least 1 each: split N N… [vs FACES…]",
    )
    assert session.execute("split 4 1 vs 0000 ++++").ok
    before, steps = session.scene, len(session.history.done)
    assert session.execute("stunt 1").lines == (
        "the effort is already split: invoke on the attack before splitting it",
    )
    assert session.execute("stunt rozio 2").lines == ("Rozio takes no part in the last roll",)
    assert session.scene == before and len(session.history.done) == steps
    assert session.execute("stunt cultist-1 2").lines == (
        "Cultist 1 applies a stunt: +2",
        "Vitor attacks Cultist 1, Cultist 2 with Shoot: Good (+3) + [+ 0 0 0] + 1 (stunt) = "
        "Superb (+5)",
        "Cultist 1 defends against Great (+4) with Athletics Mediocre (+0) + [0 0 0 0] + 2 "
        "(stunt) = Fair (+2): hit for 2 shifts",
        "Cultist 2 defends against Average (+1) with Athletics Mediocre (+0) + [+ + + +] = "
        'Great (+4): miss · Cultist 2 gets the boost "Opening"',
        "Cultist 1 cannot absorb 2 shifts: takeout",
    )
    pending = session.scene.pending_roll
    assert pending is not None
    assert [(t.target, t.share, t.effort and t.effort.total) for t in pending.targets] == [
        ("cultist-1", 4, 2),
        ("cultist-2", 1, 4),
    ]


def test_stunt_bonus_limits_and_someone_not_in_the_roll() -> None:
    """A stunt adds 1 to 20; a character who neither rolls nor defends cannot add one."""
    session = played(DEMO, "attack rozio leader Shoot 0000 vs 0000")
    assert session.execute("stunt vitor 1").lines == ("Vitor takes no part in the last roll",)
    assert session.execute("stunt 21").lines == ("a stunt adds 1 to 20",)
    assert session.execute("stunt 20").lines[:2] == (
        "Rozio applies a stunt: +20",
        "Rozio attacks Masked leader with Shoot: Great (+4) + [0 0 0 0] + 20 (stunt) = +24 vs "
        "Masked "
        "leader's Athletics Fair (+2) + [0 0 0 0] = Fair (+2): hit with style for 21 shifts "
        "(may take a boost for 1 shift less)",
    )


def test_fail_takes_a_tie_with_the_catalogs_boost_and_drops_a_cost() -> None:
    """§2: a tied overcome taken as a fail gives the actor a boost, named "Momentum" unless
    the GM names it; it replaces a cost taken before. Only a tie may be taken so, and a
    blank name is refused."""
    session = played(DEMO, "overcome vitor Crafts vs 4 0000", "cost the lamp goes out")
    assert session.execute('fail "  "').lines == (
        'fail: missing the aspect\'s name. Usage: fail ["BOOST"]',
    )
    assert session.execute("fail").lines == (
        "Vitor takes the tie as a fail, with a boost",
        "Vitor overcomes with Crafts: Great (+4) + [0 0 0 0] = Great (+4) vs Great (+4): tie "
        'taken as a fail, with a boost · Vitor gets the boost "Momentum"',
    )
    pending = session.scene.pending_roll
    assert pending is not None and (pending.cost, pending.tie_boost) == (None, "Momentum")
    failed = played(DEMO, "overcome vitor Crafts vs 6 0000")
    assert failed.execute("fail").lines == (
        "only a tied overcome can be taken as a fail with a boost (this roll: fail)",
    )


def test_stunt_names_the_word_it_misses_in_the_gms_language() -> None:
    """``stunt`` without a bonus says what is missing, in English and in Finnish."""
    said = {}
    for lang in ("en", "fi"):
        session = open_session(DEMO, lang)
        assert session.execute("attack rozio leader Shoot 0000 vs 0000").ok
        said[lang] = [session.execute(line).lines for line in ("stunt", "stunt rozio")]
    assert said["en"] == [
        ("stunt: missing character. Usage: stunt [WHO] BONUS",),
        ("stunt: missing the bonus. Usage: stunt [WHO] BONUS",),
    ]
    assert said["fi"] == [
        ("temppu: hahmoa ei annettu. Käyttö: temppu [KUKA] BONUS",),
        ("temppu: bonusta ei annettu. Käyttö: temppu [KUKA] BONUS",),
    ]


def test_cost_for_someone_is_only_for_a_failed_create_and_refused_in_the_gms_words() -> None:
    """``cost for WHO`` names who holds the free invoke of a create taken at a cost; on
    any other roll the ``for`` is a word too many, named as the GM typed it (in Finnish,
    the Finnish keyword)."""
    english = played(DEMO, "overcome vitor Crafts vs 4 0000")
    before = english.scene
    assert english.execute("cost for rozio x").lines == (
        "cost: did not understand 'for'. Usage: cost [for WHO] [TEXT...]",
    )
    finnish = open_session(DEMO, "fi")
    assert finnish.execute("ratkaise vitor Crafts vastaan 4 0000").ok
    assert finnish.execute("hinta hyväksi rozio x").lines == (
        "hinta: en ymmärtänyt kohtaa 'hyväksi'. Käyttö: hinta [hyväksi KUKA] [TEKSTI...]",
    )
    assert english.scene == before


ROLL_USAGE = {
    "en": "Usage: roll RATING [vs DIFFICULTY] [FACES] [+N...]",
    "fi": "Käyttö: heitä TASO [vastaan VAIKEUSTASO] [NOPAT] [+N...]",
}
ODDS_USAGE = {
    "en": "Usage: odds RATING vs DIFFICULTY|opposed RATING [invokes N] [rerolls N]",
    "fi": "Käyttö: todennäköisyys TASO vastaan VAIKEUSTASO|vastus TASO [käytöt N] "
    "[uudelleenheitot N]",
}


def test_roll_and_odds_refuse_what_they_cannot_read_in_the_gms_language() -> None:
    cases = [
        ("roll", "roll: missing a rating", "heitä: taitotasoa ei annettu"),
        ("roll 3 vs", "roll: missing the difficulty", "heitä: vaikeustasoa ei annettu"),
        ("roll 3 x", "roll: did not understand 'x'", "heitä: en ymmärtänyt kohtaa 'x'"),
        ("roll 3 +2x", "roll: did not understand '+2x'", "heitä: en ymmärtänyt kohtaa '+2x'"),
        ("odds", "odds: missing a rating", "todennäköisyys: taitotasoa ei annettu"),
        (
            "odds 3 invokes",
            "odds: missing the number of invokes",
            "todennäköisyys: piirteen käyttöjen määrää ei annettu",
        ),
        (
            "odds 3 rerolls",
            "odds: missing the number of rerolls",
            "todennäköisyys: uudelleenheittojen määrää ei annettu",
        ),
    ]
    sessions = {lang: open_session(DEMO, lang) for lang in ("en", "fi")}
    for line, in_english, in_finnish in cases:
        usage = ROLL_USAGE if line.startswith("roll") else ODDS_USAGE
        assert sessions["en"].execute(line).lines == (f"{in_english}. {usage['en']}",)
        assert sessions["fi"].execute(line).lines == (f"{in_finnish}. {usage['fi']}",)
    session = sessions["en"]
    for line in ("roll 3 vs 21", "roll 3 +0-+ +21", "roll 21", "odds 3 vs 21", "odds 21"):
        assert session.execute(line).lines == ("numbers here go from -20 to 20",)
    counts = "odds: 0 to 20 invokes and 0 to 5 rerolls"
    for line in ("odds 3 vs 2 invokes 21", "odds 3 vs 2 rerolls 6", "odds 3 vs 2 invokes -1"):
        assert session.execute(line).lines == (counts,)


def test_odds_read_the_gms_word_order_at_the_limits() -> None:
    """The counts may come before or after the opposition ("1 invoke", "invokes 1 2"), the
    opposition defaults to Mediocre, and 20 invokes or 5 rerolls are the most allowed."""
    session = open_session(DEMO)
    said = {line: session.execute(line).lines for line in ODDS_LINES}
    assert said == ODDS_LINES


ODDS_LINES = {
    "odds 3 vs 2 invokes 20": (
        "Good (+3) vs Fair (+2) with 20 invokes: fail 0% · tie 0% · success 0% · style 100%",
    ),
    "odds 3 vs 2 rerolls 5": (
        "Good (+3) vs Fair (+2) and 5 rerolls: fail 0% · tie 0% · success 70% · style 30%",
    ),
    "odds 3 with 2 rerolls": (
        "Good (+3) vs Mediocre (+0) and 2 rerolls: fail 0% · tie 0% · success 34% · style 66%",
    ),
    "odds 3 2 invokes 1 rerolls 1": (
        "Good (+3) vs Fair (+2) with 1 invoke and 1 reroll: fail 0% · tie 0% · success 34% · "
        "style 66%",
    ),
    "odds 3 1 invoke": (
        "Good (+3) vs Mediocre (+0) with 1 invoke: fail 0% · tie 0% · success 6% · style 94%",
    ),
    "odds 3 invokes 1 2": (
        "Good (+3) vs Fair (+2) with 1 invoke: fail 1% · tie 5% · success 32% · style 62%",
    ),
    "odds 3 opposed 2": (
        "Good (+3) vs an opposing Fair (+2): fail 26% · tie 15% · success 32% · style 26%",
    ),
    "odds 3 -2": ("Good (+3) vs Terrible (-2): fail 0% · tie 0% · success 6% · style 94%",),
    "odds 3": ("Good (+3) vs Mediocre (+0): fail 1% · tie 5% · success 32% · style 62%",),
    "odds 3 2 invoke": (
        "Good (+3) vs Mediocre (+0) with 2 invokes: fail 0% · tie 0% · success 0% · style 100%",
    ),
}


def test_cost_only_where_the_rules_offer_it() -> None:
    """§2: success at a cost is for a failed (or tied) overcome or a failed create on a new
    or hidden aspect; not for an attack, a contest roll, a tied create or a failed create
    on a known aspect. A task's cost and a tie's minor cost must be named."""
    no_cost = "no success at a cost here: the roll is a {}"
    refusals = [
        (DEMO, "attack rozio leader Shoot ---- vs 0000", "fail"),
        (CHASE, "contest roll rozio Athletics ---- vs 2", "fail"),
        (DEMO, 'create vitor Crafts "Caltrops" on hall vs 4 0000', "tie"),
        (DEMO, 'create vitor Crafts "Candles everywhere" vs 6 0000', "fail"),
    ]
    for scene, roll, outcome in refusals:
        session = played(scene, roll)
        before = session.scene
        assert session.execute("cost x").lines == (no_cost.format(outcome),), roll
        assert session.scene == before
    task = played(LIBRARY, "challenge roll hold riesa Physique --00")
    assert task.execute("cost").lines == ("name the cost: cost TEXT",)
    tie = played(DEMO, "overcome vitor Crafts vs 4 0000")
    assert tie.execute("cost").lines == ("name the cost: cost TEXT",)
    assert tie.execute("cost for").lines == (
        "cost: missing character. Usage: cost [for WHO] [TEXT...]",
    )
    in_finnish = open_session(DEMO, "fi")
    assert in_finnish.execute("ratkaise vitor Crafts vastaan 4 0000").ok
    assert in_finnish.execute("hinta hyväksi").lines == (
        "hinta: hahmoa ei annettu. Käyttö: hinta [hyväksi KUKA] [TEKSTI...]",
    )


def test_cost_after_fail_drops_the_boost_and_reveals_a_hidden_aspect() -> None:
    """A cost taken after ``fail`` replaces its boost; on a hidden aspect the owner reveals
    it and takes the free invoke (§2, the table's alternative reading)."""
    tie = played(DEMO, "overcome vitor Crafts vs 4 0000", "fail")
    assert tie.execute("cost the lamp").lines == (
        "Vitor takes success at a cost: the lamp",
        "Vitor overcomes with Crafts: Great (+4) + [0 0 0 0] = Great (+4) vs Great (+4): "
        "success at a minor cost: the lamp",
    )
    pending = tie.scene.pending_roll
    assert pending is not None and (pending.tie_boost, pending.cost) == (None, "the lamp")
    hidden = played(DEMO, 'create vitor Crafts "Dark corners" vs 6 0000')
    assert hidden.execute("cost").lines == (
        'the owner reveals "Dark corners" and takes a free invoke on it',
        'Vitor creates an advantage "Dark corners" with Crafts: Great (+4) + [0 0 0 0] = Great '
        '(+4) vs Fantastic (+6): fail: GM gets a free invoke on "Dark corners"',
    )
    corners = aspect_named(hidden.scene, "Dark corners")
    assert (corners.aspect.hidden, corners.aspect.free_invokes) == (False, (GM,))


def test_a_failed_create_with_no_opposition_names_who_holds_its_invoke() -> None:
    """An NPC's failed create against a fixed difficulty has no opposition to hold the free
    invoke of the aspect made at a cost: ``cost for WHO`` names them."""
    session = played(DEMO, 'create leader Lore "New thing" ---- vs 0')
    assert session.execute("cost").lines == ("name who gets the free invoke: cost for NAME",)
    assert session.execute("cost for rozio").lines == (
        "Masked leader takes success at a cost: the table names it",
        'Masked leader creates an advantage "New thing" with Lore: Fair (+2) + [- - - -] = '
        'Terrible (-2) vs Mediocre (+0): "New thing" is created at a serious cost: Rozio holds '
        "its free invoke",
    )
    pending = session.scene.pending_roll
    assert pending is not None and pending.cost_for == "rozio"
    assert aspect_named(session.scene, "New thing").aspect.free_invokes == ("rozio",)


def test_create_finds_the_aspect_where_the_gm_says_and_refuses_a_boosts_name() -> None:
    """An aspect's name on two holders needs ``on WHERE``; named there, the create works on
    that one (its own spelling, the opposition's skill and the helpers kept on the roll).
    A new aspect may not take the name of a boost its holder already has."""
    session = played(
        DEMO,
        'create vitor Crafts "Caltrops" on hall vs 2 0000',
        'create vitor Crafts "Caltrops" on stairs vs 2 0000',
    )
    before = session.scene
    assert session.execute('create rozio Crafts "caltrops" vs 2 0000').lines == (
        'there is an aspect "caltrops" on Ritual hall, Stairs: say which with on WHERE',
    )
    assert session.scene == before
    line = 'create rozio Athletics "caltrops" on stairs vs leader 0000 0000 with vitor'
    assert session.execute(line).lines == (
        'Rozio creates an advantage "Caltrops" with Athletics: Good (+3) + [0 0 0 0] + 1 '
        '(teamwork) = Great (+4) vs Fair (+2) + [0 0 0 0] = Fair (+2): "Caltrops": 1 free '
        "invoke for Rozio (teamwork: Vitor)",
    )
    pending = session.scene.pending_roll
    assert pending is not None
    assert (pending.aspect, pending.holder, pending.aspect_target) == (
        "Caltrops",
        "zone:stairs",
        AspectTarget.EXISTING_KNOWN,
    )
    assert (pending.target, pending.defense_skill, pending.helpers) == (
        "leader",
        "Athletics",
        ("vitor",),
    )
    assert session.history.done[-1].label == 'Rozio creates an advantage "Caltrops"'
    smoke = played(DEMO, 'create rozio Athletics "Smoke" vs leader Notice 0000 0000 with riesa')
    pending = smoke.scene.pending_roll
    assert pending is not None
    assert (pending.holder, pending.aspect_target, pending.defense_skill, pending.helpers) == (
        "scene",
        AspectTarget.NEW,
        "Notice",
        ("riesa",),
    )
    boosted = played(DEMO, "overcome vitor Crafts vs 2 00++")
    assert boosted.execute('create vitor Crafts "Momentum" vs 2 0000').lines == (
        'the scene already has the aspect "Momentum"',
    )


def test_a_defender_in_a_split_attack_invokes_for_their_own_defense() -> None:
    """§8: after the split, a defender's invoke raises only their own defense (the GM pays
    for an NPC); before it there is no defense to raise."""
    session = played(DEMO, "move vitor hall", "attack vitor cultist-1,cultist-2 Shoot +000")
    assert session.execute("invoke candles by cultist-1").lines == (
        "split the effort first: the defenders have not rolled yet",
    )
    assert session.execute("split 3 1 vs 0000 ++++").ok
    lines = session.execute("invoke candles by cultist-1").lines
    assert lines[:4] == (
        'Cultist 1 invokes "Candles everywhere" (paid): +2',
        "Vitor attacks Cultist 1, Cultist 2 with Shoot: Good (+3) + [+ 0 0 0] = Great (+4)",
        "Cultist 1 defends against Good (+3) with Athletics Mediocre (+0) + [0 0 0 0] + 2 "
        "(invoke: Candles everywhere) = Fair (+2): hit for 1 shift",
        "Cultist 2 defends against Average (+1) with Athletics Mediocre (+0) + [+ + + +] = "
        'Great (+4): miss · Cultist 2 gets the boost "Opening"',
    )
    pending = session.scene.pending_roll
    assert pending is not None
    assert [(t.target, t.effort and t.effort.total) for t in pending.targets] == [
        ("cultist-1", 2),
        ("cultist-2", 4),
    ]
    assert session.scene.gm_pool == 3


OVERCOME_USAGE = {
    "en": "Usage: overcome ACTOR SKILL [FACES] [with H,H] [vs DIFFICULTY|hard [N]|OPPONENT "
    "[SKILL] [FACES]]",
    "fi": "Käyttö: ratkaise TEKIJÄ TAITO [NOPAT] [kanssa A,A] [vastaan VAIKEUSTASO|vaikea "
    "[N]|VASTUSTAJA [TAITO] [NOPAT]]",
}
CREATE_USAGE = {
    "en": 'Usage: create ACTOR SKILL "ASPECT" [on WHERE|WHO,WHO...] [FACES] [with H,H] '
    "[vs DIFFICULTY|hard [N]|OPPONENT [SKILL] [FACES]]",
    "fi": 'Käyttö: luo TEKIJÄ TAITO "PIIRRE" [kohteeseen MIHIN|KUKA,KUKA...] [NOPAT] '
    "[kanssa A,A] [vastaan VAIKEUSTASO|vaikea [N]|VASTUSTAJA [TAITO] [NOPAT]]",
}
INVOKE_USAGE = {
    "en": "Usage: invoke ASPECT [by WHO] [free|paid|hostile] [reroll [FACES]|oppose]",
    "fi": "Käyttö: käytä PIIRRE [käyttäjä KUKA] [ilmainen|maksettu|vihamielinen] "
    "[uudelleenheitto [NOPAT]|vastusta]",
}
ACTION_WORDS = [
    (
        "overcome",
        OVERCOME_USAGE,
        "missing character or hazard",
        "hahmoa tai vaarallista estettä ei annettu",
    ),
    ("overcome vitor", OVERCOME_USAGE, "missing skill", "taitoa ei annettu"),
    (
        "overcome vitor Crafts vs",
        OVERCOME_USAGE,
        "missing a difficulty or an opponent",
        "vaikeustasoa tai vastustajaa ei annettu",
    ),
    ("overcome vitor Crafts with", OVERCOME_USAGE, "missing the helpers", "auttajia ei annettu"),
    (
        "create",
        CREATE_USAGE,
        "missing character or hazard",
        "hahmoa tai vaarallista estettä ei annettu",
    ),
    ("create vitor", CREATE_USAGE, "missing skill", "taitoa ei annettu"),
    (
        'create vitor Crafts " "',
        CREATE_USAGE,
        "missing the aspect's name",
        "piirteen nimeä ei annettu",
    ),
    (
        'create vitor Crafts "X" on',
        CREATE_USAGE,
        "missing character or zone",
        "hahmoa tai aluetta ei annettu",
    ),
    ("invoke", INVOKE_USAGE, "missing aspect", "piirrettä ei annettu"),
    ("invoke candles by", INVOKE_USAGE, "missing who invokes", "piirteen käyttäjää ei annettu"),
]


def test_action_lines_name_what_they_miss_in_the_gms_language() -> None:
    verbs = {"overcome": "ratkaise", "create": "luo", "invoke": "käytä"}
    for lang in ("en", "fi"):
        session = played(DEMO, "overcome vitor Crafts vs 2 0000") if lang == "en" else None
        if session is None:
            session = open_session(DEMO, "fi")
            assert session.execute("overcome vitor Crafts vs 2 0000").ok
        for line, usage, in_english, in_finnish in ACTION_WORDS:
            verb = line.split()[0]
            said = f"{verb}: {in_english}" if lang == "en" else f"{verbs[verb]}: {in_finnish}"
            assert session.execute(line).lines == (f"{said}. {usage[lang]}",), line
    english, finnish = open_session(DEMO), open_session(DEMO, "fi")
    assert english.execute("overcome vitor Crafts 0000 0000").lines == (
        "overcome: dice given twice",
    )
    assert finnish.execute("overcome vitor Crafts 0000 0000").lines == (
        "ratkaise: noppia ei voi antaa kahdesti",
    )
    assert english.execute("overcome vitor Crafts vs hard 6").lines == (
        "numbers here go from 0 to 5",
    )
    assert english.execute("overcome vitor Crafts vs 21").lines == (
        "numbers here go from -20 to 20",
    )
    assert (
        english.execute("overcome vitor Crafts vs hard 5 0000")
        .lines[0]
        .endswith("vs +10: fail (or success at a serious cost)")
    )
    assert (
        english.execute("overcome vitor Crafts vs 20 0000")
        .lines[0]
        .endswith("vs +20: fail (or success at a serious cost)")
    )


def test_rolls_refuse_a_fallen_or_self_opponent_and_read_dice_after_an_obstacle() -> None:
    """Nobody acts against themself, and a conceded character neither rolls nor opposes;
    an obstacle rolls no dice, so faces after it are the roller's own (given once)."""
    from tests.commands.support import MINE

    session = open_session(DEMO)
    assert session.execute("overcome vitor Crafts vs vitor").lines == (
        "Vitor cannot act against themself",
    )
    assert session.execute("concede leader").ok
    out = "Masked leader is out of the scene (taken out or conceded)"
    assert session.execute("overcome vitor Crafts vs leader").lines == (out,)
    assert session.execute("overcome leader Fight vs 1").lines == (out,)
    mine = open_session(MINE)
    assert mine.execute("overcome riesa Athletics 0000 vs rocks ++++").lines == (
        "overcome: dice given twice",
    )
    assert mine.execute("overcome riesa Athletics vs rocks ++++").lines == (
        "Riesa overcomes with Athletics: Good (+3) + [+ + + +] = Epic (+7) vs Good (+3): "
        'success with style · Riesa gets the boost "Momentum"',
    )


def test_overcome_refuses_a_distraction_with_no_difficulty_in_the_gms_language() -> None:
    """§7: a distraction without a difficulty of its own needs the GM to give one."""
    replies = {
        "en": "Bell has no difficulty of its own: give one (vs NUMBER)",
        "fi": "Bell: ei omaa vaikeustasoa; anna se (vastaan LUKU)",
    }
    for lang, reply in replies.items():
        session = open_session(DEMO, lang)
        assert session.execute('add distraction "Bell" "Ring or run?"').ok
        before = session.scene
        assert session.execute("overcome vitor Crafts vs bell 0000").lines == (reply,)
        assert session.scene == before


def test_invokes_on_a_split_attack_refuse_an_unnamed_defense_and_a_late_attack() -> None:
    """§8: an oppose invoke on an attack on several targets names the defender it helps;
    once the effort is split, nobody invokes on the attack itself."""
    replies = {
        "en": (
            "to raise a defense against this attack, a defender invokes: by Cultist 1, Cultist 2",
            "the effort is already split: invoke on the attack before splitting it",
        ),
        "fi": (
            "nimeä piirrettä käyttävä puolustaja: käyttäjä Cultist 1, Cultist 2",
            "vaikutus on jo jaettu: käytä piirteitä hyökkäykseen ennen jakamista",
        ),
    }
    for lang, (oppose_which, split_done) in replies.items():
        session = open_session(DEMO, lang)
        assert session.execute("move vitor hall").ok
        assert session.execute("attack vitor cultist-1,cultist-2 Shoot +000").ok
        before = session.scene
        oppose = "invoke candles oppose" if lang == "en" else "invoke candles vastusta"
        assert session.execute(oppose).lines == (oppose_which,)
        assert session.scene == before
        assert session.execute("split 3 1 vs 0000 ++++").ok
        split = session.scene
        assert session.execute("invoke candles").lines == (split_done,)
        assert session.execute("invoke candles by vitor").lines == (split_done,)
        assert session.scene == split


def test_a_hostile_invoke_holds_the_point_with_its_reason_in_the_gms_language() -> None:
    """§4: the fate point of a hostile invoke waits for the aspect's owner until the scene
    ends, with the reason in the GM's language."""
    reasons = {
        "en": "hostile invoke of Zealous to a fault",
        "fi": "vihamielinen käyttö: Zealous to a fault",
    }
    for lang, reason in reasons.items():
        session = open_session(DEMO, lang)
        assert session.execute("overcome rozio Athletics vs 4 0000").ok
        assert session.execute("invoke zealous").ok
        assert session.scene.held == (LedgerEntry("leader", 1, reason, held_until_scene_end=True),)


def test_a_defenders_oppose_invoke_raises_their_defense_and_a_reroll_rerolls_it() -> None:
    """§4, §8: on the defense side, an oppose invoke is +2 to the defense (not to the attack
    it faces), and a reroll rerolls the defense's dice, in a split attack and on one
    opponent alike."""
    split = played(DEMO, "move vitor hall", "attack vitor cultist-1,cultist-2 Shoot +000")
    assert split.execute("split 3 1 vs 0000 ++++").ok
    assert split.execute("invoke candles by cultist-1 oppose").lines[2] == (
        "Cultist 1 defends against Good (+3) with Athletics Mediocre (+0) + [0 0 0 0] + 2 "
        "(invoke: Candles everywhere) = Fair (+2): hit for 1 shift"
    )
    assert split.execute("invoke dark by cultist-2 reroll ----").lines[:4] == (
        'Cultist 2 invokes "Dark corners" (paid): reroll [+ + + +] → [- - - -]',
        "Vitor attacks Cultist 1, Cultist 2 with Shoot: Good (+3) + [+ 0 0 0] = Great (+4)",
        "Cultist 1 defends against Good (+3) with Athletics Mediocre (+0) + [0 0 0 0] + 2 "
        "(invoke: Candles everywhere) = Fair (+2): hit for 1 shift",
        "Cultist 2 defends against Average (+1) with Athletics Mediocre (+0) + [- - - -] = "
        "Horrifying (-4): hit with style for 5 shifts (may take a boost for 1 shift less)",
    )
    pending = split.scene.pending_roll
    assert pending is not None
    assert [(t.target, t.effort and t.effort.total) for t in pending.targets] == [
        ("cultist-1", 2),
        ("cultist-2", -4),
    ]
    one = played(DEMO, "overcome rozio Stealth +0+0 vs leader Notice 0-00")
    assert one.execute("invoke dark by leader reroll ++++").lines == (
        'Masked leader invokes "Dark corners" (paid): reroll [0 - 0 0] → [+ + + +]',
        "Rozio overcomes with Stealth: Fair (+2) + [+ 0 + 0] = Great (+4) vs Mediocre (+0) + "
        "[+ + + +] = Great (+4): success at a minor cost",
    )
    assert one.execute("invoke chanting by leader oppose").lines == (
        'Masked leader invokes "Chanting echoes" (paid): +2 to the opposition',
        "Rozio overcomes with Stealth: Fair (+2) + [+ 0 + 0] = Great (+4) vs Mediocre (+0) + "
        "[+ + + +] + 2 (invoke: Chanting echoes) = Fantastic (+6): fail (or success at a "
        "serious cost)",
    )
    pending = one.scene.pending_roll
    assert pending is not None and pending.result.shifts == -2


def test_an_opponent_defends_with_the_actors_skill_and_against_a_hazard_with_its_best() -> None:
    """§2, §7: an opponent named without a skill opposes with the actor's skill; against a
    hazard's roll the target defends with its general defense. Helpers may be given in
    several ``with``; an overcome has no ``on``."""
    demo = open_session(DEMO)
    assert demo.execute("overcome vitor Crafts vs leader 0000 0000").lines == (
        "Vitor overcomes with Crafts: Great (+4) + [0 0 0 0] = Great (+4) vs Mediocre (+0) + "
        '[0 0 0 0] = Mediocre (+0): success with style · Vitor gets the boost "Momentum"',
    )
    pending = demo.scene.pending_roll
    assert pending is not None and (pending.target, pending.defense_skill) == ("leader", "Crafts")
    assert demo.execute("overcome vitor Crafts on leader 0000").lines == (
        "overcome: did not understand 'on leader 0000'. Usage: overcome ACTOR SKILL [FACES] "
        "[with H,H] [vs DIFFICULTY|hard [N]|OPPONENT [SKILL] [FACES]]",
    )
    helped = open_session(DEMO).execute("overcome rozio Athletics 0000 with vitor with silbestre")
    assert helped.lines == (
        "Rozio overcomes with Athletics: Good (+3) + [0 0 0 0] + 2 (teamwork) = Superb (+5) vs "
        "Mediocre (+0): success with style (teamwork: Vitor, Silbestre) · Rozio gets the boost "
        '"Momentum"',
    )
    mine = open_session(MINE)
    line = 'create rocks "Choking dust" on riesa 0000 vs riesa 0000'
    assert mine.execute(line).lines == (
        'Falling rocks creates an advantage "Choking dust" with Falling rocks: Good (+3) + '
        "[0 0 0 0] = Good (+3) vs Good (+3) + [0 0 0 0] = Good (+3): tie: no aspect, but "
        'Falling rocks gets the boost "Choking dust"',
    )
    pending = mine.scene.pending_roll
    assert pending is not None and (pending.target, pending.defense_skill) == ("riesa", "Athletics")


def test_rolls_refuse_a_hazards_extra_word_and_an_obstacles_skill_in_the_gms_language() -> None:
    """A hazard names no skill, so a second word after its aspect is extra; an obstacle
    rolls no skill; a create with one word is missing its aspect's name."""
    usage_en = (
        'Usage: create ACTOR SKILL "ASPECT" [on WHERE|WHO,WHO...] [FACES] [with H,H] '
        "[vs DIFFICULTY|hard [N]|OPPONENT [SKILL] [FACES]]"
    )
    usage_fi = (
        'Käyttö: luo TEKIJÄ TAITO "PIIRRE" [kohteeseen MIHIN|KUKA,KUKA...] [NOPAT] '
        "[kanssa A,A] [vastaan VAIKEUSTASO|vaikea [N]|VASTUSTAJA [TAITO] [NOPAT]]"
    )
    replies = {
        "en": (
            f"create: did not understand 'Extra'. {usage_en}",
            f"overcome: did not understand 'Notice'. {OVERCOME_USAGE['en']}",
            f"create: missing the aspect's name. {usage_en}",
        ),
        "fi": (
            f"luo: en ymmärtänyt kohtaa 'Extra'. {usage_fi}",
            f"ratkaise: en ymmärtänyt kohtaa 'Notice'. {OVERCOME_USAGE['fi']}",
            f"luo: piirteen nimeä ei annettu. {usage_fi}",
        ),
    }
    for lang, (extra, skill, aspect) in replies.items():
        mine = open_session(MINE, lang)
        assert mine.execute("create rocks Dust Extra 0000 vs riesa 0000").lines == (extra,)
        assert mine.execute("overcome riesa Athletics vs rocks Notice").lines == (skill,)
        assert mine.scene.pending_roll is None
        demo = open_session(DEMO, lang)
        assert demo.execute('create vitor "Dust"').lines == (aspect,)
