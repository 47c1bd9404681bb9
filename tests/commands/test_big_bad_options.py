"""Big bads' rules of §7 that a scene file switches on per character, played through the
commands as the rules core decides them (tests/scripts/big-bads.toml)."""

from __future__ import annotations

from pathlib import Path

from fatescreen.rules.big_bads import (
    free_invoke_limit_against,
    heart_exposed,
    invoke_bonus_against,
    pcs_facing,
    solo_invoke_bonus,
    standing_shields,
    swarm_beaten,
)
from fatescreen.rules.contests import threat_harm
from fatescreen.rules.outcomes import Bonus
from tests.commands.support import SCRIPTS, cli_run, open_session, played

BIG_BADS = SCRIPTS / "big-bads.toml"


def invoke_bonuses(bonuses: tuple[Bonus, ...]) -> list[int]:
    return [bonus.value for bonus in bonuses if bonus.kind == "invoke"]


def test_a_big_bads_paid_invoke_adds_the_number_of_pcs() -> None:
    """§7 «Soolobonus» (c): «bonuksen suuruus on sama kuin vastassa olevien
    pelaajahahmojen määrä»; a free invoke works as before."""
    session = played(BIG_BADS, "attack hydra bob Fight 0000 vs ++00")
    result = session.execute('invoke "Nine heads"')
    assert result.ok, result.lines
    hydra = session.scene.character("hydra")
    assert hydra.solo is not None
    paid = solo_invoke_bonus(hydra.solo, pcs_facing(session.scene.characters), paid=True)
    assert paid == 3
    pending = session.scene.pending_roll
    assert pending is not None and invoke_bonuses(pending.result.effort.bonuses) == [paid]
    assert result.lines[0] == 'Hydra invokes "Nine heads, one hunger" (paid): +3'


def test_invokes_against_a_damped_big_bad_add_one_and_only_one_free_invoke_per_roll() -> None:
    """§7 «Soolobonus» (d): «piirteiden käyttäminen pahista vastaan antaa silti heittoon
    ainoastaan +1 bonuksen. Uudelleenheitto toimii kuten normaalisti», and the option that
    removes «mahdollisuuden käyttää useampia ilmaisia käyttöjä kerralla pahista vastaan»."""
    session = played(BIG_BADS, "attack ann hydra Fight 0000 vs 0000", "invoke slippery")
    hydra = session.scene.character("hydra")
    assert hydra.solo is not None and free_invoke_limit_against(hydra.solo) == 1
    pending = session.scene.pending_roll
    assert pending is not None
    assert invoke_bonuses(pending.result.effort.bonuses) == [invoke_bonus_against(hydra.solo)]
    before = session.scene
    refused = session.execute("invoke slippery")
    assert not refused.ok
    assert refused.lines == ("only one free invoke against Hydra on a roll (solo bonus)",)
    assert session.scene == before
    rerolled = session.execute("invoke slippery free reroll ++++")
    assert not rerolled.ok
    paid = session.execute("invoke runner paid")
    assert paid.ok, paid.lines
    pending = session.scene.pending_roll
    assert pending is not None and invoke_bonuses(pending.result.effort.bonuses) == [1, 1]


def test_solo_options_are_set_by_command_and_kept() -> None:
    session = open_session(BIG_BADS)
    result = session.execute("set dragon solo vaimennettu,one_free_invoke")
    assert result.ok, result.lines
    solo = session.scene.character("dragon").solo
    assert solo is not None and solo.damped_invokes and solo.one_free_invoke
    assert not solo.skill_bonus
    refused = session.execute("set dragon solo sometimes")
    assert not refused.ok and "skill, harm, minimum_harm" in refused.lines[0]
    assert session.execute("set dragon solo none").ok
    assert session.scene.character("dragon").solo is None


SWARM = SCRIPTS / "swarm.toml"


def test_a_swarms_heart_takes_no_harm_while_a_shield_stands() -> None:
    """§7 «Uhkana kartta / hahmoparvi»: «Jotkut osat isosta pahasta on peitottava ennen kuin
    pelaajahahmot voivat iskeä sen heikkoihin kohtiin»: standing_shields says who."""
    session = open_session(SWARM)
    attack = session.execute("attack ann hydra Fight ++00 vs 0000")
    assert attack.lines[0].endswith("the heart is shielded by Bone shell: no harm")
    hydra = session.scene.character("hydra")
    assert hydra.swarm is not None
    assert standing_shields(hydra.swarm, session.scene.character_index) == ("shell",)
    assert session.scene.pending_hit is None
    session = played(
        SWARM,
        "attack ann shell Fight ++00 vs 0000",
        "takeout",
        "attack ann hydra Fight ++00 vs 0000",
    )
    assert heart_exposed(hydra.swarm, session.scene.character_index)
    hit = session.scene.pending_hit
    assert hit is not None and (hit.target, hit.shifts) == ("hydra", 1)


def test_the_whole_swarm_is_beaten_at_its_heart() -> None:
    """«ei ole kokonaisuudessaan voitettu ennen kuin sankarit saavuttavat sen sydämen»: the
    parts still standing fall with the heart (fallen_with_heart), and leave the turn."""
    session = played(SWARM, "attack ann shell Fight ++00 vs 0000", "takeout")
    hydra = session.scene.character("hydra")
    assert hydra.swarm is not None
    assert not swarm_beaten(hydra.swarm, session.scene.character_index)
    assert not session.scene.character("head").taken_out
    result = session.execute("takeout hydra")
    assert result.ok, result.lines
    assert result.lines[-1] == (
        "Hydra is beaten at its heart; the parts still standing fall with it: Snapping head"
    )
    assert session.scene.character("head").taken_out
    assert swarm_beaten(hydra.swarm, session.scene.character_index)


def test_swarm_parts_are_set_by_command_and_checked_in_the_file(tmp_path: Path) -> None:
    session = open_session(SWARM)
    assert session.execute("set hydra shields none").ok
    swarm = session.scene.character("hydra").swarm
    assert swarm is not None and swarm.shields == ()
    assert session.execute("set hydra parts none").ok
    assert session.scene.character("hydra").swarm is None
    assert not session.execute("set hydra parts nobody").ok
    bad = tmp_path / "swarm.toml"
    text = SWARM.read_text(encoding="utf-8").replace('shields = ["shell"]', 'shields = ["tail"]')
    bad.write_text(text.replace('parts = ["head", "shell"]', 'parts = ["head", "shell", "ghost"]'))
    status, output = cli_run(bad, "", tmp_path)
    assert status != 0
    assert "swarm.toml:22: npc[1].shields: shield 'tail' is not one of the parts" in output


CONTEST = SCRIPTS / "contest-threat.toml"


def test_an_outside_threat_harms_every_member_of_a_side_that_rolls_below_it() -> None:
    """§5 «Kilpailu»: «Mikäli heidän yhteinen kilpailuheittonsa on pienempi kuin uhan
    hyökkäysheitto tai säädetty vaikeustaso, jokainen hahmo kärsii erotuksen verran
    vauriota»: threat_harm decides, each member's hit waits in turn."""
    session = played(CONTEST, "contest roll ann Athletics 0000 threat ++00")
    contest = session.scene.contests[0]
    pending = session.scene.pending_roll
    assert pending is not None and pending.threat is not None
    expected = threat_harm(contest.sides[0], pending.result.effort, pending.threat)
    assert (expected.harm, expected.members) == (2, ("ann", "bob"))
    hit = session.scene.pending_hit
    assert hit is not None and (hit.target, hit.shifts, hit.attacker) == ("ann", 2, "rocks")
    assert [h.target for h in session.scene.queued_hits] == ["bob"]
    held = played(CONTEST, "contest roll ann Athletics 0000 threat 3 0000")
    assert held.scene.pending_hit is None


def test_a_faster_contests_members_pick_one_thing_each_exchange() -> None:
    """§8 «Nopeammat kilpailut»: «kukin osallistuja voi valita vain yhden seuraavista
    toiminnoista»; teamwork comes only from the side (plan_fast_exchange)."""
    session = open_session(CONTEST)
    assert session.execute('create bob Athletics "Loose rail" ++00 vs 1').ok
    twice = session.execute("contest roll ann Athletics 0000 with bob threat 0000")
    assert not twice.ok
    assert twice.lines == (
        "faster contest: Bob already picked this exchange (create an advantage); "
        "each participant picks one thing",
    )
    stranger = session.execute("contest roll ann Athletics 0000 with foreman threat 0000")
    assert not stranger.ok and "Foreman is not on Miners" in stranger.lines[0]
    assert session.execute("contest roll ann Athletics 0000 threat 0000").ok
    again = session.execute('create ann Athletics "Second wind" 0000')
    assert not again.ok and "Ann already picked this exchange (the side's roll)" in again.lines[0]


def test_contest_threat_and_faster_are_read_checked_and_started_by_command(
    tmp_path: Path,
) -> None:
    contest = open_session(CONTEST).scene.contests[0]
    assert contest.faster and contest.threat == "rocks"
    session = open_session(CONTEST)
    result = session.execute("contest start Race ann foreman faster threat rocks")
    assert result.ok, result.lines
    race = session.scene.contests[-1]
    assert race.faster and race.threat == "rocks"
    assert not session.execute("contest start Race2 ann foreman threat bob").ok
    bad = tmp_path / "contest.toml"
    bad.write_text(
        CONTEST.read_text(encoding="utf-8").replace('threat = "rocks"', 'threat = "fog"')
    )
    status, output = cli_run(bad, "", tmp_path)
    assert status != 0 and "contest.toml:36: contest[1].threat: no hazard 'fog'" in output


def test_a_helper_of_the_sides_roll_has_picked_teamwork_this_exchange() -> None:
    """§8 «Nopeammat kilpailut»: helping the side's roll is the helper's one pick, even when
    the other side picked first this exchange."""
    session = played(
        CONTEST,
        'create foreman Athletics "Dust cloud" ++00 vs 1',
        "contest roll ann Athletics 0000 with bob threat 0000",
    )
    again = session.execute('create bob Athletics "Loose rail" ++00 vs 1')
    assert (again.ok, again.lines) == (
        False,
        (
            "faster contest: Bob already picked this exchange (teamwork); "
            "each participant picks one thing",
        ),
    )


def test_an_invoke_for_a_defense_against_a_damped_big_bad_adds_one() -> None:
    """§7 «Soolobonus» (d) works for the defender too: an invoke that helps a defense against
    the big bad's roll is an invoke against it."""
    session = played(BIG_BADS, "attack hydra bob Fight 0000 vs 0000")
    assert session.execute("invoke slippery by bob").lines == (
        'Bob invokes "Slippery bank" (free, passed on by Ann): +1',
        "Hydra attacks Bob with Fight: Fair (+2) + [0 0 0 0] = Fair (+2) vs Bob's Athletics "
        "Average (+1) "
        '+ [0 0 0 0] + 1 (invoke: Slippery bank) = Fair (+2): tie · Hydra gets the boost "Reeling"',
    )


def test_a_hazards_attack_on_a_big_bad_counts_its_solo_options_and_shields() -> None:
    """§7: a hazard's hit is cut by a big bad's solo harm option like anyone's, and a swarm's
    heart stays shielded from it."""
    session = played(BIG_BADS, 'add hazard "Lava" 3')
    assert session.execute("hazard lava dragon ++00 vs 0000").lines == (
        "Lava attacks Dragon: Good (+3) + [+ + 0 0] = Superb (+5) vs Dragon's Athletics Average "
        "(+1) + [0 0 0 0] + 1 (solo) = Fair (+2): hit with style for 1 shift (may take a boost "
        "for 1 shift less)",
        "Dragon takes 1 shift: [1] 1 physical box  [2] mild  [3] moderate  [4] severe",
    )
    session = played(SWARM, 'add hazard "Lava" 3')
    assert session.execute("hazard lava hydra ++00 vs 0000").lines == (
        "Lava attacks Hydra: Good (+3) + [+ + 0 0] = Superb (+5) vs Hydra's Athletics Average "
        "(+1) + [0 0 0 0] = Average (+1): the heart is shielded by Bone shell: no harm",
    )


def _lich_immune_to(tmp_path: Path, kind: str) -> Path:
    """tests/scripts/big-bads.toml with the Lich immune to one kind of harm only."""
    text = BIG_BADS.read_text(encoding="utf-8").replace(
        'immune_until = "Break the phylactery"\n',
        f'immune_until = "Break the phylactery"\nimmune_to = "{kind}"\n',
    )
    path = tmp_path / "big-bads.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_immunity_to_mental_harm_lets_a_physical_hit_through(tmp_path: Path) -> None:
    """§7 «Immuniteetti haasteella»: the big bad cannot be harmed «fyysisesti, henkisesti,
    tai kummallakaan tavalla» until the challenge is won. Immune to mental harm only, the
    Lich takes a Fight hit and shrugs off a Provoke one; the refusal says which harm, in
    English and Finnish."""
    path = _lich_immune_to(tmp_path, "mental")
    struck = open_session(path)
    assert struck.execute("attack ann lich Fight ++++ vs 0000").ok
    hit = struck.scene.pending_hit
    assert hit is not None and (hit.target, hit.shifts) == ("lich", 5)
    shrugged = open_session(path)
    said = shrugged.execute("attack ann lich Provoke mental ++++ vs 0000").lines[0]
    assert shrugged.scene.pending_hit is None
    assert said.endswith("Lich cannot be harmed mentally until Break the phylactery is won")
    finnish = open_session(path, "fi")
    said = finnish.execute("hyökkää ann lich Provoke henkinen ++++ vastaan 0000").lines[0]
    assert said.endswith(
        "Lich: ei voi vahingoittaa henkisesti ennen kuin Break the phylactery on voitettu"
    )
    physical = open_session(_lich_immune_to(tmp_path, "physical"))
    said = physical.execute("attack ann lich Fight ++++ vs 0000").lines[0]
    assert said.endswith("Lich cannot be harmed physically until Break the phylactery is won")
