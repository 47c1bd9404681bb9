"""The commands run the rules core's own functions for obstacles, contests, difficulties and
fate points: each test plays a command on tests/scripts/seams.toml (also replayed as
tests/scripts/seams.txt and seams-contest.txt) and checks the scene against what the rules
function decides, citing the seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.rules.actions import difficulty_for
from fatescreen.rules.aspects import GM
from fatescreen.rules.contests import AdvantageFailureChoice, failed_contest_advantage
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.errors import InvalidCharacter
from fatescreen.rules.fate_points import (
    Ledger,
    declare_story_detail,
    offer_compel,
    opening_ledger,
    pay_concession,
    withdraw_compel,
)
from fatescreen.rules.npcs import mook_group
from fatescreen.rules.obstacles import (
    Block,
    CoverMode,
    Hazard,
    block_cover,
    hazard_attack,
    remove_block,
)
from fatescreen.rules.outcomes import Effort
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.load import load_scene
from tests.commands.support import SCRIPTS, open_session, played

SEAMS = SCRIPTS / "seams.toml"


def test_a_hazards_tie_deals_its_weapon_as_the_rules_core_decides() -> None:
    """Seed «Vaaralliset esteet»: «Jos se hyökkää ja saa tulokseksi tasapelin tai paremman,
    se lisää asearvon tulokseensa.» A tie of Burning beams (Fair, Weapon 2) hurts for 2."""
    session = played(SEAMS, "hazard beams ann 0000 vs -000")
    rolled = hazard_attack(
        Hazard("Burning beams", 2, weapon=2),
        Effort(3, parse_faces("-000")),
        parse_faces("0000"),
    )
    assert (rolled.harm, rolled.boost) == (2, False)
    hit = session.scene.pending_hit
    assert hit is not None and (hit.target, hit.shifts) == ("ann", rolled.harm)


def test_a_hazards_hit_adds_its_weapon_and_the_defenders_armor_takes_its_part() -> None:
    """The hazard hits Ann behind a wall that weakens it: 1 shift + Weapon 2 - Armor 2."""
    session = played(SEAMS, "hazard beams ann ++00 cover wall weakens vs 0000")
    rolled = hazard_attack(
        Hazard("Burning beams", 2, weapon=2),
        Effort(3, parse_faces("0000")),
        parse_faces("++00"),
        armor=block_cover(Block("Stone wall", 5), CoverMode.WEAKENS).armor,
    )
    assert rolled.harm == 1
    hit = session.scene.pending_hit
    assert hit is not None and hit.shifts == rolled.harm


def test_cover_that_weakens_gives_armor_of_half_the_blocks_rating() -> None:
    """Seed «Hidastavat esteet»: «Jos se heikentää hyökkäystä, puolustaja saa panssariarvon,
    jonka suuruus on puolet hidastavan esteen taitotasosta (pyöristettynä alaspäin, kuitenkin
    vähintään 1)». Villain's 1-shift hit on Ann behind the wall (5: Armor 2) does no harm and
    gives a boost, as a tie would."""
    line = "attack vil ann Fight cover wall weakens ++00 vs 0000"
    session = open_session(SEAMS)
    result = session.execute(line)
    assert result.ok
    assert "Ann behind Stone wall: Armor 2" in result.lines[0]
    assert session.scene.pending_hit is None
    assert [a.name for a in session.scene.aspects] == ["Reeling"]
    # Without cover the same roll is a hit of 1.
    bare = played(SEAMS, "attack vil ann Fight ++00 vs 0000").scene.pending_hit
    assert bare is not None and bare.shifts == 1


def test_cover_that_blocks_means_the_attack_cannot_be_made() -> None:
    """Seed: «Jos se estää hyökkäyksen, hyökkäystä ei vain voi suorittaa.»"""
    assert block_cover(Block("Chain-link fence", 2), CoverMode.BLOCKS).blocked
    session = open_session(SEAMS)
    before = session.scene
    result = session.execute("attack vil ann Fight cover fence blocks ++00 vs 0000")
    assert not result.ok
    assert result.lines == ("Chain-link fence stops the attack on Ann: it cannot be made",)
    assert session.scene == before


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "attack vil ann,bob Fight cover wall weakens ++00",
            "cover shelters one defender: name one, not several or a zone",
        ),
        ("attack vil ann Fight cover wall ++00", "attack: missing blocks/weakens"),
    ],
)
def test_cover_is_for_one_defender_and_names_what_it_does(line: str, message: str) -> None:
    session = open_session(SEAMS)
    result = session.execute(line)
    assert not result.ok
    assert result.lines[0].startswith(message)


def test_removing_a_block_faces_its_rating_plus_two() -> None:
    """Seed: «Siinä onnistuminen vaatii ratkaisuheiton vaikeustasoa vastaan, joka on sulkevan
    esteen taitotaso, plus kaksi.» Bob's Great (+4) ties the fence's Fair (+2) + 2."""
    attempt = remove_block(Block("Chain-link fence", 2), 4)
    assert attempt.difficulty == 4
    session = open_session(SEAMS)
    result = session.execute("block remove bob fence 0+00")
    assert result.ok
    assert "Great (+4) vs Great (+4): success at a minor cost" in result.lines[0]
    assert "chain-link-fence" not in session.scene.obstacle_index


@pytest.mark.parametrize(("words", "reasons"), [("vs hard", 1), ("vs hard 2", 2), ("vs hard 0", 0)])
def test_a_difficulty_from_the_reasons_a_task_is_hard(words: str, reasons: int) -> None:
    """Seed «Vaikeustason ja vastustuksen määrittäminen»: «Jos keksit nopeasti yhdenkin syyn,
    miksi tehtävä ei ole helppo, valitse vaikeustasoksi Kohtalainen (+2). Korota vaikeustasoa
    vielä +2 jokaista ylimääräistä hankaluutta kohden.»"""
    session = played(SEAMS, f"overcome ann Athletics {words} 0000")
    pending = session.scene.pending_roll
    assert pending is not None
    assert pending.result.opposition == difficulty_for(reasons) == 2 * reasons


def test_a_difficulty_from_too_many_reasons_is_refused() -> None:
    session = open_session(SEAMS)
    result = session.execute("overcome ann Athletics vs hard 9 0000")
    assert not result.ok and session.scene.pending_roll is None


def test_declaring_a_story_detail_costs_a_point_unless_an_aspect_covers_it() -> None:
    """Seed «Piirteen käyttö kerronnan yksityiskohtien julistamiseksi»: «Sinun ei tarvitse
    käyttää fate-pistettä tilanteissa, jotka selvästi kuuluvat piirteiden totuuden alle. Mutta
    maksat pisteen, jos joudut venyttämään uskottavuuden rajoja»."""
    expected = declare_story_detail(opening_ledger({"ann": 1}), "ann", "key", covered=False)
    session = played(SEAMS, 'declare ann "The gate key is in my boot"')
    assert session.scene.character("ann").fate_points == expected.balance("ann") == 0
    free = played(SEAMS, 'declare ann "The gate key is in my boot" free')
    assert free.scene.character("ann").fate_points == 1
    session.execute("undo")
    assert session.scene.character("ann").fate_points == 1


def test_a_story_detail_without_a_point_is_refused() -> None:
    session = open_session(SEAMS)
    result = session.execute('declare bob "The guard owes me money"')
    assert not result.ok
    assert result.lines == ("Bob has only 0 fate points",)
    assert session.scene.character("bob").fate_points == 0


def test_an_npcs_story_detail_is_paid_from_the_gm_pool() -> None:
    session = played(SEAMS, 'declare vil "The guild owns this yard"')
    assert session.scene.gm_pool == 1


def test_a_withdrawn_compel_costs_no_one_anything() -> None:
    """Seed «Painostaminen»: «Jos ryhmä on sitä mieltä, että painostus ei oikeastaan sovi
    tilanteeseen, se pitäisi perua samantien ja kenellekkään ei tulisi koitua siitä hintaa.»
    Even the player who offered it (paying a point) has it back."""
    session = played(SEAMS, "compel bob owes withdraw by ann")
    ledger = opening_ledger({"ann": 1, "bob": 0})
    offered = offer_compel(ledger, session.scene.character("bob").aspects[1], "bob", "ann")
    withdrawn = withdraw_compel(offered.ledger, offered.compel)
    assert withdrawn.ledger.balance("ann") == session.scene.character("ann").fate_points == 1
    assert session.scene.character("bob").fate_points == 0
    result = session.execute("compel bob owes peru by ann")
    assert result.ok and "withdrawn" in result.lines[0]


def test_a_concession_holds_the_points_the_rules_core_pays() -> None:
    """Seed «Luovuttaminen»: «saat fate-pisteen ja yhden lisää jokaisesta jäljestä, jonka
    hahmosi otti käynnissä olevassa kamppailussa»."""
    session = played(
        SEAMS, "attack ann vil Fight ++++ vs 0000", 'absorb 2 "Cut hand"', "concede vil"
    )
    assert [(e.who, e.delta) for e in session.scene.held] == [
        ("vil", pay_concession(Ledger(), "vil", 1).balance("vil"))
    ]
    assert session.scene.held[0].delta == 2


def test_a_failed_advantage_in_a_contest_forfeits_the_sides_roll() -> None:
    """Seed «Kilpailut»: «Jos epäonnistut edun luomisessa, sinun pitää tehdä valinta: Joko
    luovutatte tämän kierroksen ratkaisuheiton, tai voitte “onnistua merkittävällä hinnalla”
    ... antamalla toiselle puolelle ilmaisen käytön luotuun piirteeseen.»"""
    chosen = failed_contest_advantage(AdvantageFailureChoice.FORFEIT_ROLL, "Ann", "Shortcut", GM)
    session = played(
        SEAMS,
        "contest start Race ann vil",
        'create ann Notice "Shortcut" 0000 vs vil Athletics ++00',
    )
    result = session.execute("contest forfeit ann")
    assert result.ok
    assert "for Ann's failed create an advantage" in result.lines[0]
    rolls = [(r.side, r.effort) for r in session.scene.contest_rolls if not r.advantage]
    assert rolls == [(chosen.forfeits, None)]
    assert "Shortcut" not in [a.name for a in session.scene.aspects]


def test_a_failed_advantage_in_a_contest_at_a_cost_gives_the_other_side_the_invoke() -> None:
    chosen = failed_contest_advantage(
        AdvantageFailureChoice.GIVE_FREE_INVOKE, "Ann", "Back alley", "vil"
    )
    session = played(
        SEAMS,
        "contest start Race ann vil",
        'create ann Notice "Back alley" 0000 vs vil Athletics ++00',
        "cost",
    )
    made = [a for a in session.scene.aspects if a.name == "Back alley"]
    assert chosen.aspect is not None
    assert [(a.name, a.free_invokes) for a in made] == [("Back alley", chosen.aspect.free_invokes)]
    assert made[0].free_invokes == ("vil",)


def test_the_finnish_words_reach_the_same_rules() -> None:
    session = open_session(SEAMS, lang="fi")
    assert session.execute('julista ann "Avain on saappaassa"').ok
    assert session.scene.character("ann").fate_points == 0
    assert session.execute("ratkaise bob Athletics vastaan vaikea 2 0000").ok
    pending = session.scene.pending_roll
    assert pending is not None and pending.result.opposition == 4
    assert session.execute("hyökkää vil ann Fight suoja wall heikentää ++00 vastaan 0000").ok
    assert session.scene.pending_hit is None
    assert session.execute("painosta bob owes peru").ok


MOOKS = '\n[[npc]]\nname = "Cultists"\nkind = "mooks"\nmembers = 0\n'


def test_a_standing_mook_group_with_no_members_is_refused_at_load(tmp_path: Path) -> None:
    """Seed «Vähäisemmät PJH:t» (a group of them acts as one): a group still standing has a
    member; rules/npcs.mook_group refuses one without, and the load says where."""
    with pytest.raises(InvalidCharacter, match="a group needs at least one member, not 0"):
        mook_group("Cultists", 0)
    text = SEAMS.read_text(encoding="utf-8") + MOOKS
    path = tmp_path / "cult.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SceneFileError) as refused:
        load_scene(path)
    line = text.splitlines().index("members = 0") + 1
    assert f"cult.toml:{line}: npc[2].members: Cultists: a group needs at least one member" in (
        str(refused.value)
    )
    # A group whose last member fell is taken out: it loads.
    path.write_text(text + "taken_out = true\n", encoding="utf-8")
    assert load_scene(path).scene.character("cultists").members == 0


def test_adding_a_mook_group_with_no_members_changes_nothing() -> None:
    session = open_session(SEAMS)
    before = session.scene
    result = session.execute('add mooks "Cultists" 0')
    assert not result.ok
    assert "a group needs at least one member, not 0" in result.lines[0]
    assert session.scene == before
