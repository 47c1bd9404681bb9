"""absorb, takeout, concede, minion, reveal, stress and recover at their edges: refusals
(in English and Finnish), the hits still queued, the turn order and the held points."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.fate_session import fate_session
from fatescreen.commands.session import Session
from fatescreen.rules.character import ConsequenceSlot, Severity, StressKind, StressTrack
from fatescreen.rules.fate_points import LedgerEntry
from fatescreen.scene.model import PendingHit
from tests.commands.support import BRINE, DEMO, LIBRARY, SCRIPTS, open_session, played

SWARM = SCRIPTS / "swarm.toml"
LEADER_HITS_ROZIO = "attack leader rozio Fight +0++ vs -000"
"""A hit of 6 on Rozio: [1] 4 boxes + mild [2] 2 boxes + moderate [3] severe [4] mild +
moderate."""
ZONE_ATTACK = "attack vitor zone crypt Shoot +000 vs 0000 ++++ 0000"
"""From the ritual hall, Vitor hits Cultist 1 (waiting) and Cultist 3 (queued) for 4."""


def refusal(session: Session, line: str) -> str:
    """The one line a refused command says; the scene stays as it was."""
    before = session.scene
    result = session.execute(line)
    assert (result.ok, session.scene) == (False, before), result.lines
    (said,) = result.lines
    return said


def in_finnish(session: Session) -> Session:
    """The same scene, run in Finnish."""
    return fate_session(session.scene, lang="fi")


# ---------------------------------------------------------------------------- absorb


def test_a_mook_group_that_loses_no_member_checks_boxes() -> None:
    """The eels (one box each) take a 1-shift hit: the front eel checks its box."""
    session = played(BRINE, "attack silbestre eel Fight ++00 vs 0000")
    result = session.execute("absorb")
    assert result.lines == ("Eel swarm absorbs 1 shift: 1 stress box",)
    eels = session.scene.character("eel-swarm")
    assert (eels.members, eels.stress) == (
        6,
        (StressTrack(StressKind.COMBINED, 1, frozenset({1})),),
    )


def test_a_mook_groups_absorb_hands_on_to_the_next_hit() -> None:
    """The deckhands go first in the turn order here: Silbestre's attack on the main deck
    hits them and Riesa; once they absorb, Riesa's hit waits with its options."""
    session = open_session(LIBRARY)
    scene = session.scene
    deckhands = scene.character("deckhands")
    others = tuple(c for c in scene.characters if c.id != "deckhands")
    session.scene = replace(scene, characters=(deckhands, *others))
    assert session.execute("attack silbestre zone main-deck Shoot ++++ vs 0000 0000").ok
    result = session.execute("absorb")
    assert result.lines[0] == "3 of Deckhands fall"
    assert result.lines[1].startswith("Riesa takes ")
    hit = session.scene.pending_hit
    assert hit is not None and hit.target == "riesa"


def test_absorb_names_every_consequence_it_takes() -> None:
    session = played(DEMO, LEADER_HITS_ROZIO)
    result = session.execute('absorb 4 "Sprained wrist" "Cracked rib"')
    assert result.lines == (
        'Rozio absorbs 6 shifts: mild + moderate "Sprained wrist" "Cracked rib"',
    )
    taken = [s.aspect.name for s in session.scene.character("rozio").consequences if s.aspect]
    assert taken == ["Sprained wrist", "Cracked rib"]


def test_a_condition_is_named_for_itself_and_only_the_consequence_needs_a_text() -> None:
    """Rozio with a Hurt condition box and a moderate consequence slot (a scene file may
    mix them): option 2 checks the condition, named by the catalog, and takes the moderate
    consequence under the one text given."""
    session = open_session(DEMO)
    rozio = session.scene.character("rozio")
    slots = (ConsequenceSlot(Severity.MILD, condition="hurt"), ConsequenceSlot(Severity.MODERATE))
    session.scene = session.scene.with_character(replace(rozio, consequences=slots))
    assert session.execute(LEADER_HITS_ROZIO).lines[1] == (
        "Rozio takes 6 shifts: [1] 2 physical boxes + moderate  [2] 1 physical box + Hurt + "
        "moderate"
    )
    result = session.execute('absorb 2 "Cracked rib"')
    assert result.lines == (
        'Rozio absorbs 6 shifts: 1 physical box + Hurt + moderate "Cracked rib"',
    )
    taken = [s.aspect.name for s in session.scene.character("rozio").consequences if s.aspect]
    assert taken == ["Hurt", "Cracked rib"]


def test_only_an_extreme_consequence_replaces_an_aspect() -> None:
    session = played(DEMO, LEADER_HITS_ROZIO)
    line = 'absorb 2 "Sprain" replacing friend'
    assert refusal(session, line) == "only an extreme consequence replaces an aspect"
    assert refusal(in_finnish(session), line) == "vain äärimmäinen jälki korvaa piirteen"


def test_replacing_names_an_aspect_in_finnish_too() -> None:
    session = in_finnish(played(DEMO, LEADER_HITS_ROZIO))
    assert refusal(session, "absorb 2 replacing") == (
        'ota: piirrettä ei annettu. Käyttö: ota [VAIHTOEHTO] ["JÄLKI TEKSTI"...] [korvaa PIIRRE]'
    )


# ---------------------------------------------------------------------------- takeout


def test_takeout_of_someone_queued_drops_their_hit() -> None:
    """Cultist 3's hit waits behind Cultist 1's; taken out by name, it is no longer due."""
    session = played(DEMO, "move vitor hall", ZONE_ATTACK)
    assert [h.target for h in session.scene.queued_hits] == ["cultist-3"]
    result = session.execute("takeout cultist-3")
    assert result.lines == ("Cultist 3 is taken out",)
    assert session.scene.queued_hits == ()
    assert session.scene.pending_hit == PendingHit("cultist-1", 4, StressKind.PHYSICAL, "vitor")


def test_takeout_twice_is_refused() -> None:
    session = played(DEMO, "takeout cultist-3")
    said = "Cultist 3 is out of the scene (taken out or conceded)"
    assert refusal(session, "takeout cultist-3") == said


def test_a_swarm_beaten_at_its_heart_drops_its_parts_hits_and_turns() -> None:
    """Ann's attack on the marsh hits the unshielded hydra (waiting) and both its parts
    (queued). The hydra taken out, its parts fall with it: their hits and their turns go."""
    session = played(
        SWARM,
        "set hydra shields none",
        "next ann",
        "attack ann zone marsh Fight ++++ vs 0000 0000 0000",
    )
    assert [h.target for h in session.scene.queued_hits] == ["head", "shell"]
    result = session.execute("takeout")
    assert result.lines == (
        "Hydra is taken out",
        "Hydra is beaten at its heart; the parts still standing fall with it: Snapping head, "
        "Bone shell",
    )
    scene = session.scene
    assert (scene.pending_hit, scene.queued_hits) == (None, ())
    assert scene.turn is not None and scene.turn.participants == ("ann",)


# ---------------------------------------------------------------------------- concede


def test_a_concession_holds_its_point_and_leaves_the_turn_order() -> None:
    session = played(DEMO, "next rozio")
    assert session.execute("concede rozio").ok
    scene = session.scene
    assert scene.held == (LedgerEntry("rozio", 1, "concession", held_until_scene_end=True),)
    assert scene.turn is not None and "rozio" not in scene.turn.participants
    fi = in_finnish(played(DEMO, "next rozio"))
    assert fi.execute("concede rozio").ok
    assert fi.scene.held == (LedgerEntry("rozio", 1, "luovuttaminen", held_until_scene_end=True),)


def test_a_concession_drops_the_conceders_queued_hit() -> None:
    session = played(DEMO, "move vitor hall", ZONE_ATTACK)
    assert session.execute("concede cultist-3").ok
    assert session.scene.queued_hits == ()
    assert session.scene.pending_hit == PendingHit("cultist-1", 4, StressKind.PHYSICAL, "vitor")


# ---------------------------------------------------------------------------- minion


def test_a_minion_with_one_track_for_all_harm_takes_a_physical_hit_in_it() -> None:
    """Cultist 1 has two boxes on a single stress track: the leader's 2-shift physical hit
    checks both, and Cultist 1 stays standing."""
    session = open_session(DEMO)
    cultist = session.scene.character("cultist-1")
    two_boxes = replace(cultist, stress=(StressTrack(StressKind.COMBINED, 2),))
    session.scene = session.scene.with_character(two_boxes)
    assert session.execute("attack rozio leader +000 vs 0000").ok
    result = session.execute("minion cultist-1")
    assert result.lines == ("Cultist 1 steps in front of Masked leader and takes 2 shifts",)
    after = session.scene.character("cultist-1")
    assert not after.taken_out
    assert after.stress == (StressTrack(StressKind.COMBINED, 2, frozenset({1, 2})),)


def test_a_minion_with_a_track_of_the_hits_kind_takes_the_hit_in_that_one() -> None:
    """Cultist 1 with one physical box and three boxes for any harm (a scene file may give
    both): the 2-shift physical hit goes to the physical track, which cannot hold it."""
    session = open_session(DEMO)
    cultist = session.scene.character("cultist-1")
    tracks = (StressTrack(StressKind.PHYSICAL, 1), StressTrack(StressKind.COMBINED, 3))
    session.scene = session.scene.with_character(replace(cultist, stress=tracks))
    assert session.execute("attack rozio leader +000 vs 0000").ok
    result = session.execute("minion cultist-1")
    assert result.lines == (
        "Cultist 1 steps in front of Masked leader and takes 2 shifts",
        "Cultist 1 is taken out",
    )
    assert session.scene.character("cultist-1").stress == tracks


def test_a_minion_takes_a_mental_hit_on_its_mental_track() -> None:
    """Rozio provokes the leader (a mental hit of 1); Cultist 1, with a physical and a
    mental track, takes it in a mental box."""
    session = open_session(DEMO)
    cultist = session.scene.character("cultist-1")
    tracks = (StressTrack(StressKind.PHYSICAL, 1), StressTrack(StressKind.MENTAL, 3))
    session.scene = session.scene.with_character(replace(cultist, stress=tracks))
    assert session.execute("attack rozio leader Provoke ++++ vs 0000").ok
    assert session.execute("minion cultist-1").ok
    assert session.scene.character("cultist-1").stress == (
        StressTrack(StressKind.PHYSICAL, 1),
        StressTrack(StressKind.MENTAL, 3, frozenset({1})),
    )


def test_a_minion_hands_on_to_the_next_hit() -> None:
    """Vitor's attack on the altar hits the Brine Mother (waiting) and three acolytes
    (queued); the eels take her hit, and the next acolyte's hit waits."""
    session = played(
        BRINE, "move vitor sunken-nave", "attack vitor zone altar Shoot +000 vs 0000 0000 0000 0000"
    )
    result = session.execute("minion eel-swarm")
    assert result.lines == (
        "Eel swarm steps in front of The Brine Mother and takes 2 shifts",
        "1 of Eel swarm fall",
        "Drowned acolyte 2 takes 3 shifts: [1] 1 physical box + mild",
    )


# ---------------------------------------------------------------------------- reveal


def test_a_revealed_form_rejoins_the_turn_order() -> None:
    session = played(BRINE, "next silbestre", "takeout brine")
    turn = session.scene.turn
    assert turn is not None and "brine-mother" not in turn.participants
    assert session.execute("reveal brine").ok
    turn = session.scene.turn
    assert turn is not None and turn.participants[-1] == "brine-mother"


def _mother_with_a_consequence() -> Session:
    """The Brine Mother with a severe consequence, taken out, her next form (a soft one)
    to reveal."""
    session = played(BRINE, "attack riesa brine Fight ++++ vs ----", 'absorb 2 "Slashed"')
    assert session.execute("takeout brine").ok
    return session


def test_a_full_reveal_of_a_soft_form_clears_the_consequences() -> None:
    soft = _mother_with_a_consequence()
    assert soft.execute("reveal brine").lines[1] == "consequences kept, stepped down"
    assert any(s.aspect for s in soft.scene.character("brine-mother").consequences)
    full = _mother_with_a_consequence()
    result = full.execute("reveal brine full")
    assert result.lines == (
        "The Brine Mother reveals its true form: The thing that wears the saint (form 2 of 2)",
    )
    assert not any(s.aspect for s in full.scene.character("brine-mother").consequences)


def test_each_reveal_names_the_form_it_reveals() -> None:
    """With a third form added, the second reveal names the third form."""
    session = open_session(BRINE)
    mother = session.scene.character("brine-mother")
    third = replace(mother.forms[0], name="The drowned bell")
    session.scene = session.scene.with_character(replace(mother, forms=(*mother.forms, third)))
    assert session.execute("takeout brine").ok
    assert session.execute("reveal brine").lines[0] == (
        "The Brine Mother reveals its true form: The thing that wears the saint (form 2 of 3)"
    )
    assert session.execute("takeout brine").ok
    assert session.execute("reveal brine").lines[0] == (
        "The Brine Mother reveals its true form: The drowned bell (form 3 of 3)"
    )


def test_a_standing_form_is_not_revealed_unless_forced() -> None:
    """§7 «Todellisen muodon paljastaminen»: the forms «pitää päihittää yksi toisensa
    jälkeen»; the next shows when the big bad «kaatuu ja on ulkona tilanteesta». A reveal
    of a standing big bad is refused, leaving its stress and consequences; ``force`` is the
    GM's override, and it clears them as a reveal does."""
    session = played(BRINE, "attack riesa brine Fight ++++ vs ----", 'absorb 2 "Slashed"')
    before = session.scene.character("brine-mother")
    assert any(slot.aspect for slot in before.consequences)
    refused = session.execute("reveal brine full")
    assert not refused.ok and "still stands in its current form" in refused.lines[0]
    assert session.scene.character("brine-mother") == before
    forced = session.execute("reveal brine full force")
    assert forced.ok
    mother = session.scene.character("brine-mother")
    assert mother.form == 1 and not any(slot.aspect for slot in mother.consequences)


def test_no_form_left_is_refused_in_finnish() -> None:
    session = in_finnish(played(BRINE, "takeout brine", "reveal brine"))
    assert refusal(session, "reveal brine") == (
        "hahmolla The Brine Mother ei ole enempää todellisia muotoja (kaikki 2 muotoa on "
        "paljastettu)"
    )


# ---------------------------------------------------------------------------- stress


def test_stress_names_the_single_track() -> None:
    session = played(DEMO, "set rules one_stress_track on")
    result = session.execute("stress silbestre stress 1")
    assert result.lines == ("Silbestre: stress box 1 checked",)
    track = session.scene.character("silbestre").track(StressKind.COMBINED)
    assert track is not None and track.checked == frozenset({1})


def test_stress_on_someone_without_a_track_is_refused() -> None:
    assert refusal(open_session(LIBRARY), "stress deckhands 1") == (
        "Deckhands has no such stress track"
    )


# ---------------------------------------------------------------------------- recover


def test_recover_reads_with_and_dice_as_keywords_not_as_the_new_name() -> None:
    """Without a new name, a consequence cannot start to recover: ``with`` and ``dice``
    are not taken for one."""
    said = 'give "Burned hands" its new name, e.g. recover NAME SKILL CONSEQUENCE "Arm in a cast"'
    session = open_session(LIBRARY)
    assert refusal(session, "recover silbestre Empathy burned with vitor") == said
    assert refusal(session, "recover silbestre Empathy burned dice ++00") == said


def test_helpers_add_teamwork_to_a_treatment() -> None:
    session = open_session(LIBRARY)
    result = session.execute('recover silbestre Empathy burned "Bandaged hands" 0000 with vitor')
    assert result.lines == (
        'Silbestre treats Riesa\'s "Burned hands" with Empathy: Fair (+2) + [0 0 0 0] + 1 '
        "(teamwork) = Good (+3) vs Fair (+2): success (teamwork: Vitor)",
        'Riesa\'s "Burned hands" is now "Bandaged hands": recovering',
    )


def test_an_extreme_consequence_cannot_be_treated() -> None:
    session = open_session(LIBRARY)
    riesa = session.scene.character("riesa")
    extreme = replace(riesa.consequences[0], severity=Severity.EXTREME)
    session.scene = session.scene.with_character(
        replace(riesa, consequences=(extreme, *riesa.consequences[1:]))
    )
    line = 'recover vitor Empathy burned "Scar" ++00'
    assert refusal(session, line) == "an extreme consequence is permanent: it cannot be treated"
    assert refusal(in_finnish(session), line) == ("äärimmäinen jälki on pysyvä: sitä ei voi hoitaa")
