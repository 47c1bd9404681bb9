"""Building and changing a scene with commands: add, remove, set, place, link, unlink,
template, and the aspect verb's high concept and trouble; each saved file passes the loader."""

from __future__ import annotations

import io
import shutil
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen import cli
from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.fate_session import fate_session
from fatescreen.commands.session import Session
from fatescreen.rules.aspects import AspectKind
from fatescreen.rules.big_bads import minion_armor_options
from fatescreen.rules.character import CharacterKind, Scale, StressKind, StressTrack
from fatescreen.rules.obstacles import Block, CountdownVisibility, Distraction, Hazard
from fatescreen.scene.load import load_scene
from fatescreen.scene.model import Link
from tests.commands.support import DEMO, SCENES, open_session, played, run
from tests.scene.support import changed_lines

DATA = Path(__file__).resolve().parent / "data"
LIBRARY = SCENES / "library"

BUILD = (
    'add zone "Ritual hall"',
    "add zone Crypt",
    'add block "Rusted gate" 2 between hall crypt',
    "add pc Silbestre in hall player Eevi skill Lore 4 Athletics 3 Physique 1",
    'aspect add "Haunted scholar of the old books" on silbestre concept',
    'aspect add "Can\'t leave a mystery alone" on silbestre trouble',
    'set silbestre stunt add "Because I have read everything, +2 to Lore when I create an '
    'advantage about the occult." 2 Lore create',
    'add major "Masked leader" in crypt skill Fight 4 Provoke 3 Will 2 Physique 2 weapon 1',
    'aspect add "Golden mask of the Elder Cult" on leader concept',
    'set leader form add "The Elder\'s vessel" soft skill Fight 6 '
    'aspect add "Tentacles of gold" stress physical 6 mental 4',
    "add cultist 3 in crypt",
    "set leader minions cultist",
    'add hazard "Falling rocks" 3 weapon 2 in hall',
    'add countdown "The ritual completes" 4 trigger "end of each exchange" '
    'outcome "The Elder wakes" visible boxes',
)
"""A whole scene built by commands from an empty file (the golden file is what it saves)."""


def scene_folder(tmp_path: Path, text: str = 'format = 1\ntitle = "The golden mask"\n') -> Path:
    """A scene file with a template library beside it."""
    (tmp_path / "library").mkdir()
    shutil.copy(LIBRARY / "cultist.toml", tmp_path / "library" / "cultist.toml")
    path = tmp_path / "scene.toml"
    path.write_text(text, encoding="utf-8")
    return path


def demo_copy(tmp_path: Path) -> Path:
    """The demo scene and the library it uses, copied so that they can be saved over."""
    shutil.copytree(LIBRARY, tmp_path / "library")
    path = tmp_path / "golden-mask.toml"
    shutil.copy(DEMO, path)
    return path


def saved_and_reloaded(session: Session) -> str:
    """Save the session's scene; assert the file passes ``fatescreen check`` and reloads to
    the same scene. Returns the file's text."""
    assert session.loaded is not None and session.loaded.path is not None
    path = session.loaded.path
    result = session.execute("save")
    assert result.ok, result.lines
    with redirect_stdout(io.StringIO()) as out:
        status = cli.main(["check", str(path)])
    assert status == 0, out.getvalue()
    assert load_scene(path).scene == session.scene
    return path.read_text(encoding="utf-8")


def test_a_scene_built_from_an_empty_file_saves_as_a_hand_written_one(tmp_path: Path) -> None:
    """Two zones with a block between them, a PC, a big bad with two forms and three
    minions from a template, a hazard and a countdown: the saved file reads like
    ``data/built-from-empty.toml``, passes check and reloads to the same scene."""
    session = played(scene_folder(tmp_path), *BUILD)
    scene = session.scene
    assert scene.link_between("ritual-hall", "crypt") == Link(
        ("ritual-hall", "crypt"), None, "rusted-gate"
    )
    assert scene.character("masked-leader").form_count == 2
    assert [c.id for c in scene.characters][-3:] == ["cultist-1", "cultist-2", "cultist-3"]
    assert scene.gm_pool == 1
    expected = (DATA / "built-from-empty.toml").read_text(encoding="utf-8")
    assert saved_and_reloaded(session) == expected


def test_reinforcements_join_the_turn_order_and_leave_it_in_one_undo() -> None:
    """Three more cultists mid-conflict: numbered after the three present, in the zone,
    in the turn order as not yet acted, standing in as minions; one undo takes all three."""
    session = played(DEMO, "next rozio")
    before = session.scene
    result = session.execute("add cultist 3 in crypt")
    assert result.lines == (
        "added in Crypt: Cultist 4, Cultist 5, Cultist 6",
        "in the turn order, not acted yet this exchange: Cultist 4, Cultist 5, Cultist 6",
    )
    scene = session.scene
    new = ("cultist-4", "cultist-5", "cultist-6")
    assert all(scene.character(i).zone == "crypt" for i in new)
    assert scene.turn is not None
    assert scene.turn.participants[-3:] == new
    assert scene.turn.acted == ("rozio",)
    minions = minion_armor_options(scene.character("leader"), scene.character_index)
    assert set(new) <= set(minions)
    assert session.execute("next cultist-5").ok
    assert session.execute("undo").ok
    assert session.execute("undo").lines == ("undone: add Cultist 4, Cultist 5, Cultist 6",)
    assert session.scene == before


def test_later_copies_of_a_template_are_saved_as_entries_of_their_own(tmp_path: Path) -> None:
    """Cultist 4 joins the file as a template entry with its name, next to count = 3."""
    session = played(demo_copy(tmp_path), "add cultist in stairs")
    text = saved_and_reloaded(session)
    assert changed_lines(DEMO.read_text(encoding="utf-8"), text) == [
        "+[[npc]]",
        '+template = "library/cultist.toml"',
        '+name = "Cultist 4"',
        '+zone = "Stairs"',
        "+",
    ]


def test_a_campaign_library_is_found_and_referred_to_from_the_scene(tmp_path: Path) -> None:
    """A scene in a campaign's subfolder uses the campaign's library/ and writes a path
    relative to itself."""
    (tmp_path / "campaign.toml").write_text('format = 1\nname = "C"\n', encoding="utf-8")
    shutil.copytree(LIBRARY, tmp_path / "library")
    (tmp_path / "scenes").mkdir()
    path = tmp_path / "scenes" / "one.toml"
    path.write_text('format = 1\ntitle = "One"\n\n[[zone]]\nname = "Dock"\n', encoding="utf-8")
    session = played(path, "add acolyte 2 in dock", "add foreman")
    assert [c.name for c in session.scene.characters] == [
        "Drowned acolyte 1",
        "Drowned acolyte 2",
        "Äijä Kivinen",
    ]
    assert session.scene.character("foreman").kind is CharacterKind.MINOR
    text = saved_and_reloaded(session)
    assert '[[npc]]\ntemplate = "../library/drowned.toml#drowned-acolyte"\ncount = 2\n' in text
    assert text.endswith('[[npc]]\ntemplate = "../library/mine.toml#foreman"\n')


def test_saving_elsewhere_keeps_template_references_working(tmp_path: Path) -> None:
    """Saved to another folder, old and new template entries refer to the library from
    there."""
    session = played(demo_copy(tmp_path), "add cultist in stairs")
    (tmp_path / "elsewhere").mkdir()
    target = tmp_path / "elsewhere" / "copy.toml"
    assert session.execute(f"save {target}").ok
    assert target.read_text(encoding="utf-8").count('template = "../library/cultist.toml"') == 2
    assert load_scene(target).scene == session.scene


def test_a_campaign_scene_gets_reinforcements_from_the_campaign_library(tmp_path: Path) -> None:
    """In the sample campaign, a scene in campaign/ draws on scenes/library; saving the
    campaign writes the new entries after the file's last record, set off by a blank line."""
    folder = tmp_path / "campaign"
    shutil.copytree(SCENES, folder, ignore=shutil.ignore_patterns("*.bak", "logs"))
    session = open_campaign(folder, lang="en", journal=False)
    for line in ("play 1", "add cultist 2 in stacks", "set cultist-2 weapon 1", "save"):
        assert session.execute(line).ok, line
    text = (folder / "campaign" / "01-archive-ambush.toml").read_text(encoding="utf-8")
    assert text.endswith(
        'stress = 1\n\n[[npc]]\ntemplate = "../library/cultist.toml"\nname = "Cultist 1"\n'
        'zone = "Stacks"\n\n[[npc]]\ntemplate = "../library/cultist.toml"\n'
        'name = "Cultist 2"\nzone = "Stacks"\nweapon = 1\n'
    )


def test_a_changed_copy_is_written_with_what_differs_from_its_template(tmp_path: Path) -> None:
    """A copy changed after it was added writes only its differences; one changed so that
    an override cannot say it is written in full."""
    session = played(
        scene_folder(tmp_path),
        "add zone Hall",
        "add cultist 2 in hall",
        "set cultist-2 weapon 1 skill Fight 2",
    )
    text = saved_and_reloaded(session)
    assert (
        '[[npc]]\ntemplate = "library/cultist.toml"\nname = "Cultist 1"\nzone = "Hall"\n\n'
        '[[npc]]\ntemplate = "library/cultist.toml"\nname = "Cultist 2"\nzone = "Hall"\n'
        "skills = { Fight = 2, Will = 2 }\nweapon = 1\n"
    ) in text


# ---------------------------------------------------------------------------- add


def test_blank_characters_get_the_rules_tracks_and_slots(tmp_path: Path) -> None:
    done = run(
        DEMO,
        tmp_path,
        'add pc "Aino" in crypt skill Physique 5 Will Good',
        'add major "Bishop" skill Physique 3',
        'add minor "Acolyte" stress 2',
        'add mooks "Harbour rats" 4 in stairs skill Fight 1',
    )
    assert done.status == 0, done.output
    aino = done.character("aino")
    assert (aino.kind, aino.zone, aino.fate_points, aino.refresh) == (
        CharacterKind.PC,
        "crypt",
        3,
        3,
    )
    assert aino.stress == (StressTrack(StressKind.PHYSICAL, 6), StressTrack(StressKind.MENTAL, 6))
    assert [s.severity.value for s in aino.consequences] == ["mild", "moderate", "severe", "mild"]
    assert aino.consequences[3].kind is StressKind.PHYSICAL
    assert done.lines('add pc "Aino" in crypt skill Physique 5 Will Good') == [
        "added in Crypt: Aino",
        "the GM pool gains a point for the new PC: now 5",
    ]
    assert done.character("bishop").stress[0] == StressTrack(StressKind.PHYSICAL, 6)
    assert done.character("acolyte").stress == (StressTrack(StressKind.COMBINED, 2),)
    assert done.character("acolyte").consequences == ()
    rats = done.character("harbour-rats")
    assert (rats.kind, rats.members, rats.stress, rats.zone) == (
        CharacterKind.MOOKS,
        4,
        (),
        "stairs",
    )


def test_zones_obstacles_and_countdowns_are_added(tmp_path: Path) -> None:
    done = run(
        DEMO,
        tmp_path,
        'add zone "Bell tower"',
        'add hazard "Swinging censer" 3 weapon 1 in hall',
        'add block "Iron grate" 3 removal 6 between crypt stairs',
        'add distraction "The altar tips" "Save the relic or stop the leader?" '
        'answer "Save it" "The leader escapes" difficulty 3 in hall',
        'add countdown "Bells toll" 3 trigger "each exchange" trigger "a bell rings" '
        'outcome "The city wakes" visible hidden',
    )
    assert done.status == 0, done.output
    scene = done.scene
    assert scene.zones[-1].name == "Bell tower"
    assert scene.obstacle_index["swinging-censer"] == Hazard("Swinging censer", 3, 1, "ritual-hall")
    grate = scene.obstacle_index["iron-grate"]
    assert grate == Block("Iron grate", 3, between=("crypt", "stairs"), removal=6)
    assert scene.link_between("crypt", "stairs") == Link(("crypt", "stairs"), None, "iron-grate")
    altar = scene.obstacle_index["the-altar-tips"]
    assert isinstance(altar, Distraction)
    assert altar.answer("save it") is not None and altar.difficulty == 3
    bells = scene.countdowns[-1]
    assert bells.triggers == ("each exchange", "a bell rings")
    assert bells.visibility is CountdownVisibility.HIDDEN


def test_a_hazard_added_mid_conflict_takes_turns() -> None:
    session = played(DEMO, "next rozio", 'add hazard "Falling bells" 4 in stairs')
    assert session.scene.turn is not None
    assert session.scene.turn.participants[-1] == "falling-bells"


def test_an_obstacle_template_from_the_library(tmp_path: Path) -> None:
    path = scene_folder(tmp_path, 'format = 1\ntitle = "T"\n\n[[zone]]\nname = "Hall"\n')
    (tmp_path / "library" / "traps.toml").write_text(
        'format = 1\n\n[[obstacle]]\nhazard = "Poison darts"\nrating = 3\nweapon = 1\n',
        encoding="utf-8",
    )
    session = played(path, "add darts 2 in hall")
    assert [o.name for o in session.scene.obstacles] == ["Poison darts 1", "Poison darts 2"]
    assert session.scene.obstacles[0] == Hazard("Poison darts 1", 3, 1, "hall")
    saved_and_reloaded(session)


# ---------------------------------------------------------------------------- remove


def test_removing_characters_clears_what_refers_to_them() -> None:
    session = played(DEMO, "next rozio", "remove cultist-1,cultist-2,cultist-3")
    scene = session.scene
    assert "cultist-1" not in scene.character_index
    assert scene.character("leader").minions == ()
    assert scene.turn is not None and "cultist-2" not in scene.turn.participants
    session = played(DEMO, "next rozio", "remove rozio")
    assert session.scene.turn is not None
    assert session.scene.turn.up is None and "rozio" not in session.scene.turn.acted
    assert session.scene.gm_pool == 3


def test_removing_obstacles_countdowns_and_zones(tmp_path: Path) -> None:
    path = demo_copy(tmp_path)
    session = played(
        path,
        'add block "Iron grate" 3 between crypt stairs',
        "remove grate,completes",
        "place cultist-1,cultist-2,cultist-3 hall",
    )
    assert session.scene.link_between("crypt", "stairs") == Link(("crypt", "stairs"))
    assert session.scene.countdowns == ()
    assert session.execute("remove crypt").lines == (
        "removed: Crypt",
        "the ways to Crypt are gone too: 2",
    )
    assert [z.id for z in session.scene.zones] == ["ritual-hall", "stairs"]
    saved_and_reloaded(session)


# ---------------------------------------------------------------------------- set


def test_set_changes_a_stat_block_in_place(tmp_path: Path) -> None:
    session = played(
        demo_copy(tmp_path),
        "set leader skill Fight Superb Athletics none weapon 2 armor 2 refresh 1 fp 4",
        'set leader stunt add "Ritual dagger: +2 to Fight when attacking" 2 Fight attack',
        'set leader stunt add "Speaks with the Elder"',
        "set leader stunt remove 2",
        "set leader stress physical 5 mental 2 consequences mild,moderate scale supernatural",
        "set rozio name Rosa player Tiina",
        "set cultist-2 kind mooks members 3",
    )
    leader = session.scene.character("leader")
    assert dict(leader.skills)["Fight"] == 5 and "Athletics" not in leader.skills
    assert (leader.weapon, leader.armor, leader.refresh, leader.fate_points) == (2, 2, 1, 4)
    assert [s.bonus for s in leader.stunts] == [2]
    assert leader.stress == (StressTrack(StressKind.PHYSICAL, 5), StressTrack(StressKind.MENTAL, 2))
    assert [slot.severity.value for slot in leader.consequences] == ["mild", "moderate"]
    assert leader.scale is Scale.SUPERNATURAL
    rosa = session.scene.character("rozio")
    assert (rosa.name, rosa.player) == ("Rosa", "Tiina")
    assert session.scene.character("cultist-2").members == 3
    text = saved_and_reloaded(session)
    # the leader has a true form (an [[npc.form]] table under his record): the keys added
    # go after his own, before the form, the values changed stay where they were
    assert (
        "skills = { Fight = 5, Provoke = 3, Lore = 2, Will = 2, Physique = 2 }\n"
        "weapon = 2\narmor = 2\n"
        'minions = ["cultist"]               # any cultist can take a hit for the leader\n'
        'stunts = [{ text = "Ritual dagger: +2 to Fight when attacking", skill = "Fight", '
        'action = "attack", bonus = 2 }]\n'
        "stress = { physical = 5, mental = 2 }\n"
        'consequence_slots = ["mild", "moderate"]\n'
        'fate_points = 4\nrefresh = 1\nscale = "supernatural"\n\n  [[npc.form]]\n'
    ) in text
    assert 'name = "Rosa"\nid = "rozio"\nplayer = "Tiina"\n' in text


def test_default_stress_follows_the_skills_it_comes_from() -> None:
    session = played(DEMO, "set silbestre skill Physique 3 Will 5")
    silbestre = session.scene.character("silbestre")
    assert silbestre.stress == (
        StressTrack(StressKind.PHYSICAL, 6),
        StressTrack(StressKind.MENTAL, 6),
    )
    assert silbestre.consequences[-1].kind is StressKind.MENTAL


def test_true_forms_are_added_edited_and_removed(tmp_path: Path) -> None:
    session = played(
        demo_copy(tmp_path),
        'set leader form add "The Elder\'s vessel" skill Fight 6 aspect add "Tentacles"',
        'set leader form add "The Elder" soft stress 8 consequences mild',
        'set leader form 2 aspect add "Golden ichor" aspect remove "Tentacles" '
        'stunt add "Crush" stress physical 6 name "The vessel"',
        "set leader form 3 reveal full",
    )
    # the demo's leader has a true form of his own: the two added come after it
    forms = session.scene.character("leader").forms
    assert [f.name for f in forms] == ["The Elder behind the mask", "The vessel", "The Elder"]
    assert [a.name for a in forms[1].aspects] == ["Golden ichor"]
    assert dict(forms[1].skills) == {"Fight": 6}
    assert forms[1].stress == (StressTrack(StressKind.PHYSICAL, 6),)
    assert forms[2].stress == (StressTrack(StressKind.COMBINED, 8),) and not forms[2].soft
    saved_and_reloaded(session)
    assert session.execute("set leader form remove 2").ok
    assert [f.name for f in session.scene.character("leader").forms] == [
        "The Elder behind the mask",
        "The Elder",
    ]


def test_obstacles_countdowns_zones_the_scene_and_its_rules(tmp_path: Path) -> None:
    session = played(
        demo_copy(tmp_path),
        'add block "Iron grate" 3 in crypt',
        'set grate rating 4 weapon 1 between crypt stairs name "Iron gate"',
        "set completes boxes 6 checked 2 visible full trigger none outcome none",
        'set crypt name "Deep crypt"',
        'set scene title "The golden mask, part two" notes none',
        "set rules one_stress_track on extra_stress_boxes 1",
    )
    scene = session.scene
    gate = scene.obstacle_index["iron-grate"]
    assert gate == Block("Iron gate", 4, 1, "crypt", ("crypt", "stairs"), None, "iron-grate")
    assert scene.link_between("crypt", "stairs") == Link(("crypt", "stairs"), None, "iron-grate")
    ritual = scene.countdowns[0]
    assert (ritual.boxes, ritual.checked, ritual.triggers, ritual.outcome) == (6, 2, (), "")
    assert ritual.visibility is CountdownVisibility.FULL
    assert scene.zone("crypt").name == "Deep crypt"
    assert (scene.title, scene.notes) == ("The golden mask, part two", "")
    assert scene.character("silbestre").stress == (StressTrack(StressKind.COMBINED, 8),)
    text = saved_and_reloaded(session)
    assert 'link]]\nzones = ["Deep crypt", "Stairs"]\nblock = "Iron gate"\n' in text


def test_contests_and_challenges_are_edited_and_removed(tmp_path: Path) -> None:
    shutil.copytree(LIBRARY, tmp_path / "library")
    for name in ("night-market-chase.toml", "burning-library.toml"):
        shutil.copy(SCENES / name, tmp_path / name)
    chase = played(
        tmp_path / "night-market-chase.toml",
        'set catch victories 4 side Pursuers rozio side "Vitor alone" vitor',
    )
    contest = chase.scene.contests[0]
    assert contest.victories_needed == 4
    assert [(s.name, s.members) for s in contest.sides] == [
        ("Pursuers", ("rozio",)),
        ("Mirel", ("mirel",)),
        ("Vitor alone", ("vitor",)),
    ]
    text = saved_and_reloaded(chase)
    assert (
        'victories = 4\nexchange = 3\nsides = [\n    { name = "Pursuers", members = ["roz' in text
    )
    assert chase.execute('set catch side "Vitor alone" none side Mirel none').lines == (
        "Catch the courier: sides: a contest needs at least two sides; nothing changed",
    )
    assert chase.execute("remove catch").lines == ("removed: Catch the courier",)
    library_scene = played(
        tmp_path / "burning-library.toml",
        'set save task "Calm the crew" Rapport 2 task "Save the Codex Aurea" Lore 5 '
        'task "Reach the library" none',
    )
    tasks = library_scene.scene.challenges[0].tasks
    assert [(t.name, t.skill, t.difficulty) for t in tasks] == [
        ("Smother the flames", "Crafts", 3),
        ("Save the Codex Aurea", "Lore", 5),
        ("Hold the yacht into the wind", "Drive", 3),
        ("Calm the crew", "Rapport", 2),
    ]
    assert tasks[1].note == "Silbestre knows which shelf"
    saved_and_reloaded(library_scene)


def test_a_key_added_to_a_record_goes_where_the_format_lists_it(tmp_path: Path) -> None:
    """In a record with no table under it: the demo's leader without his true form (a
    record with an ``[[npc.form]]`` takes new keys after its own, before the form)."""
    path = demo_copy(tmp_path)
    demo = path.read_text(encoding="utf-8")
    form = demo[demo.index("\n  [[npc.form]]") : demo.index("\n[[npc]]\ntemplate")]
    formless = demo.replace(form, "")
    path.write_text(formless, encoding="utf-8")
    session = played(path, 'set leader stunt add "Ritual dagger" player Bob')
    text = saved_and_reloaded(session)
    assert changed_lines(formless, text) == [
        '+player = "Bob"',
        '+stunts = ["Ritual dagger"]',
    ]
    assert 'id = "leader"\nplayer = "Bob"\n' in text
    assert '2 }\nstunts = ["Ritual dagger"]\nweapon = 1\n' in text


def test_a_kind_prefix_picks_among_one_kind_only() -> None:
    session = open_session()
    assert not session.execute("set ritual boxes 5").ok
    assert session.execute("set countdown:ritual boxes 5").ok
    assert session.scene.countdowns[0].boxes == 5
    assert session.execute("remove zone:stairs").lines[0].startswith("Stairs is not empty")


def test_nothing_to_change_is_not_a_step() -> None:
    session = open_session()
    assert session.execute("set leader weapon 1").lines == ("Masked leader: nothing to change",)
    assert session.history.done == ()


# ---------------------------------------------------------------------------- place, link


def test_place_link_and_unlink(tmp_path: Path) -> None:
    session = played(
        demo_copy(tmp_path),
        'add zone "Bell tower"',
        "place silbestre,rozio tower",
        "link tower stairs barrier 2",
        'add block "Iron grate" 3',
        "link tower stairs block grate",
        "link hall crypt barrier none",
        "unlink hall stairs",
    )
    scene = session.scene
    assert scene.character("rozio").zone == "bell-tower"
    assert scene.link_between("bell-tower", "stairs") == Link(
        ("bell-tower", "stairs"), 2, "iron-grate"
    )
    grate = scene.obstacle_index["iron-grate"]
    assert isinstance(grate, Block) and grate.between == ("bell-tower", "stairs")
    assert scene.link_between("ritual-hall", "crypt") == Link(("ritual-hall", "crypt"))
    assert scene.link_between("ritual-hall", "stairs") is None
    assert session.execute("unlink tower stairs").ok
    assert session.scene.obstacle_index["iron-grate"] == replace(grate, between=None)
    assert session.execute("place silbestre none").lines == ("placed in no zone: Silbestre",)
    saved_and_reloaded(session)


def test_link_lines() -> None:
    session = open_session()
    assert session.execute("link crypt stairs barrier 2").lines == (
        "Crypt and Stairs are linked: barrier Fair (+2)",
    )


# ---------------------------------------------------------------------------- aspects


def test_a_high_concept_and_a_trouble_go_where_a_sheet_lists_them(tmp_path: Path) -> None:
    session = played(
        scene_folder(tmp_path),
        'add pc "Aino"',
        'aspect add "Loyal to a fault" on aino trouble',
        'aspect add "Ex-cop" on aino',
        'aspect add "Harbour detective" on aino concept',
    )
    kinds = [(a.name, a.kind) for a in session.scene.character("aino").aspects]
    assert kinds == [
        ("Harbour detective", AspectKind.HIGH_CONCEPT),
        ("Loyal to a fault", AspectKind.TROUBLE),
        ("Ex-cop", AspectKind.CHARACTER),
    ]
    saved_and_reloaded(session)


# ---------------------------------------------------------------------------- templates


def test_template_save_writes_the_stat_block_and_add_uses_it(tmp_path: Path) -> None:
    path = demo_copy(tmp_path)
    session = played(
        path,
        "stress cultist-2 1",
        "set cultist-2 weapon 1",
    )
    result = session.execute('template save cultist-2 as "Cult guard"')
    assert result.lines == ("template Cult guard saved: library/cult-guard.toml",)
    assert session.history.done[-1].label == "change Cultist 2"
    written = (tmp_path / "library" / "cult-guard.toml").read_text(encoding="utf-8")
    assert written == (
        'format = 1\n\n[[npc]]\nname = "Cult guard"\nkind = "minor"\n'
        'high_concept = "Fanatic of the golden mask"\nskills = { Fight = 1, Will = 2 }\n'
        "stress = 1\nweapon = 1\n"
    )
    assert session.execute("add guard 2 in stairs").ok
    assert session.scene.character("cult-guard-2").weapon == 1
    assert (
        "Cult guard (character): library/cult-guard.toml" in session.execute("template list").lines
    )


def test_template_save_updates_an_entry_in_place_and_keeps_comments(tmp_path: Path) -> None:
    path = demo_copy(tmp_path)
    session = played(path, "set cultist-1 skill Fight 2")
    result = session.execute("template save cultist-1")
    assert result.lines == ("template Cultist updated: library/cultist.toml",)
    text = (tmp_path / "library" / "cultist.toml").read_text(encoding="utf-8")
    assert "# Cultists of the Elder Cult" in text
    assert "skills = { Fight = 2, Will = 2 }" in text
    session.execute('add hazard "Falling bells" 4 weapon 2')
    assert session.execute("template save bells to traps").ok
    assert 'hazard = "Falling bells"\nrating = 4\nweapon = 2\n' in (
        tmp_path / "traps.toml"
    ).read_text(encoding="utf-8")


def test_template_save_into_a_broken_library_file_is_refused(tmp_path: Path) -> None:
    """A library file that is not TOML, or whose section is not a list of entries, is the
    library's error (TemplateFileError), said to the GM; nothing is written."""
    path = demo_copy(tmp_path)
    session = played(path)
    (tmp_path / "broken.toml").write_text('format = 1\nnpc = "no"\n', encoding="utf-8")
    (tmp_path / "garbled.toml").write_text("format = = 1\n", encoding="utf-8")
    result = session.execute("template save cultist-1 to broken")
    assert not result.ok
    assert result.lines == (
        "the template could not be saved: broken.toml: npc is not a list of [[npc]] entries",
    )
    result = session.execute("template save cultist-1 to garbled")
    assert not result.ok
    assert result.lines[0].startswith(
        "the template could not be saved: garbled.toml: not valid TOML"
    )
    assert (tmp_path / "broken.toml").read_text(encoding="utf-8") == 'format = 1\nnpc = "no"\n'


def test_templates_need_a_scene_file() -> None:
    session = fate_session(open_session().scene)
    assert session.execute("add cultist").lines == (
        "this scene has no file, so no template library: save it to a file first",
    )


# ---------------------------------------------------------------------------- refused


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (
            "set leader weapon -1",
            "Masked leader: weapon: -1 is too small (at least 0); nothing changed",
        ),
        ("set leader skill Fight 21", "Masked leader: skills.Fight: 21 is too large (at most 20)"),
        (
            'add hazard "Pit" -1',
            "Pit: hazard 'Pit': its rating must be 0 or more, not -1; nothing changed",
        ),
        ("add countdown Doom 0", "Doom: boxes: 0 is too small (at least 1)"),
        (
            "set ritual-hall name Crypt",
            "another zone is already called Crypt (names and ids must differ)",
        ),
        ("add pc rozio", "another character is already called Rozio"),
        ("set cultist-1 name Rozio", "another character is already called Rozio"),
        ("add zone crypt", "another zone is already called Crypt"),
        ("link hall attic", "no zone 'attic'; known: Ritual hall, Crypt, Stairs"),
        ("link hall hall", "a zone cannot be linked to itself: Ritual hall"),
        ("link hall crypt", "Ritual hall and Crypt are already linked"),
        ("unlink crypt stairs", "Crypt and Stairs are not linked"),
        ("link hall crypt block leader", "no block 'leader'"),
        ("add dragon", "no template 'dragon'; known: Watchman, Cultist"),
        (
            "remove crypt",
            "Crypt is not empty: first place or remove Cultist 1, Cultist 2, Cultist 3",
        ),
        ("set cultist-1 kind pc", "Cultist 1: a PC cannot become an NPC"),
        ("set leader consequences mild,bogus", "'bogus' is not one of: mild, moderate"),
        ("set leader colour red", "no field 'colour' here; fields: name, kind"),
        ("set leader form 2 name X", "no form 2: there are 1"),
        ("set leader minions leader", "leader cannot be its own minion"),
        ("set silbestre stress 1", "Silbestre: stress_checked"),
        ("set leader stress physical -2", "Masked leader: stress.physical: -2 is too small"),
        ('aspect add "X" on hall concept', "only a character has a high concept or a trouble"),
        ('aspect add "X" on leader trouble', 'Masked leader already has "Zealous to a fault"'),
        ("add cultist 0", "numbers here go from 1 to 100"),
        ("add cultist 2 between hall crypt", "only a block stands between two zones"),
        ("set rules contest_victories 9", "rules: contest_victories: 9 is too large (at most 5)"),
        ('set scene title " "', "set: missing text"),
        ('set scene title "Two\nlines"', "title: control or escape character U+000A"),
    ],
)
def test_invalid_edits_are_refused_and_change_nothing(command: str, message: str) -> None:
    session = played(DEMO, "stress silbestre physical 3")
    before = session.scene
    result = session.execute(command)
    assert not result.ok
    assert message in result.lines[0], result.lines
    assert session.scene == before
    assert len(session.history.done) == 1


def test_removing_someone_who_must_absorb_a_hit_waits_for_it() -> None:
    session = played(DEMO, "attack leader rozio Fight +0++ vs -000")
    result = session.execute("remove rozio")
    assert result.lines == ("Rozio must first absorb the hit that waits (absorb / takeout)",)


def test_finnish_words_and_messages() -> None:
    session = open_session(lang="fi")
    assert session.execute('lisää ph "Aino" alueella crypt taito Kunto Hyvä').lines == (
        "lisätty alueelle Crypt: Aino",
        "PJ:n varanto saa pisteen uudesta PH:sta: nyt 5",
    )
    assert session.execute("aseta leader ase 2 panssari ei").ok is False
    assert session.execute("aseta leader ase 2 skaala yli-inhimillinen").lines == (
        "Masked leader: muutettu ase, skaala",
    )
    assert session.execute("poista aino").lines == ("poistettu: Aino",)


def blocks_and_links(session: Session) -> tuple[list[object], list[object]]:
    """Every obstacle's id and where a block stands, and every link's barrier and block."""
    scene = session.scene
    obstacles = [(o.id, o.between if isinstance(o, Block) else None) for o in scene.obstacles]
    return obstacles, [(link.zones, link.barrier, link.block) for link in scene.links]


MINE_LINKS = [
    (("pithead", "shaft"), None, None),
    (("shaft", "gallery"), 2, None),
    (("shaft", "yläkäytävä"), None, None),
]


def test_a_barrier_on_a_blocked_way_keeps_the_block_and_unlink_leaves_it_standing_nowhere() -> None:
    """Changing a way's barrier leaves its block there; unlinking the way leaves the block in
    the scene once, standing nowhere; ``link … block`` moves it, still once."""
    for lang, barrier, unlink, said in (
        (
            "en",
            "link",
            "unlink",
            "Flooded gallery and Vault are linked: barrier Fair (+2), Rusted portcullis on the way",
        ),
        (
            "fi",
            "yhdistä",
            "erota",
            "Flooded gallery ja Vault on yhdistetty: este Kohtalainen "
            "(+2), Rusted portcullis tiellä",
        ),
    ):
        session = open_session(SCENES / "kaarnakoski-mine.toml", lang=lang)
        assert session.execute(f"{barrier} gallery vault barrier 2").lines == (said,)
        assert blocks_and_links(session) == (
            [
                ("falling-rocks", None),
                ("rusted-portcullis", ("gallery", "vault")),
                ("the-trapped-miners", None),
            ],
            [*MINE_LINKS, (("gallery", "vault"), 2, "rusted-portcullis")],
        )
        assert session.execute(f"{unlink} gallery vault").ok
        assert blocks_and_links(session) == (
            [("falling-rocks", None), ("rusted-portcullis", None), ("the-trapped-miners", None)],
            MINE_LINKS,
        )
    moved = played(SCENES / "kaarnakoski-mine.toml", "link shaft gallery block portcullis")
    assert blocks_and_links(moved) == (
        [
            ("falling-rocks", None),
            ("rusted-portcullis", ("shaft", "gallery")),
            ("the-trapped-miners", None),
        ],
        [
            (("pithead", "shaft"), None, None),
            (("shaft", "gallery"), 2, "rusted-portcullis"),
            (("shaft", "yläkäytävä"), None, None),
            (("gallery", "vault"), None, None),
        ],
    )
