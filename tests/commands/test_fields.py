"""The fields of a record as ``set`` reads them, one by one: each field's missing or
mistyped value refused word for word (in English and Finnish) and changing nothing, and
what an accepted value makes of the record (a value taken away, a name matched whatever its
case, an entry changed in place)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from fatescreen.commands.core import Context, Tokens, find_verb
from fatescreen.commands.errors import CommandError
from fatescreen.commands.fields import Field, Fields, is_none
from fatescreen.commands.session import Session
from fatescreen.rules.contests import ChallengeTask
from fatescreen.rules.obstacles import Block, Distraction, DistractionAnswer
from tests.commands.support import (
    CHASE,
    DEMO,
    LIBRARY,
    MINE,
    SCENES,
    SCRIPTS,
    open_session,
    played,
)
from tests.commands.test_set_and_place import SET_USAGE, missing_en, missing_fi, on
from tests.commands.test_verb_replies import Reply, check, reply_id

SWARM = SCRIPTS / "swarm.toml"

REFUSED = [
    missing_en(DEMO, "set leader kind", "kind"),
    missing_fi(DEMO, "aseta leader laji", "lajia"),
    on(DEMO, "set leader kind boss", "'boss' is not one of: pc, major, minor, mooks"),
    on(
        DEMO,
        "aseta leader laji pomo",
        "'pomo' ei kelpaa; vaihtoehdot: pelaajahahmo, merkittävä, vähäisempi, kätyrijoukko",
        lang="fi",
    ),
    missing_en(DEMO, "set leader scale", "scale"),
    missing_fi(DEMO, "aseta leader skaala", "skaalaa"),
    on(
        DEMO,
        "set leader scale huge",
        "'huge' is not one of: mundane, supernatural, otherworldly, legendary, godlike",
    ),
    on(
        DEMO,
        "aseta leader skaala iso",
        "'iso' ei kelpaa; vaihtoehdot: tavallinen, yli-inhimillinen, toismaailmallinen, "
        "legendaarinen, jumalallinen",
        lang="fi",
    ),
    missing_en(DEMO, "set leader solo", "solo-bonus options"),
    missing_fi(DEMO, "aseta leader soolo", "soolobonuksen vaihtoehdot"),
    on(
        DEMO,
        "set leader solo skill,bogus",
        "'bogus' is not one of: skill, harm, minimum_harm, boosted_invokes, damped_invokes, "
        "one_free_invoke",
    ),
    on(
        DEMO,
        "aseta leader soolo taito,x",
        "'x' ei kelpaa; vaihtoehdot: taito, vaurio, vähimmäisvaurio, voimistettu, vaimennettu, "
        "yksi_ilmainen",
        lang="fi",
    ),
    on(
        DEMO,
        "aseta leader jäljet lievä,x",
        "'x' ei kelpaa; vaihtoehdot: lievä, merkittävä, vakava, äärimmäinen, lievä_fyysinen, "
        "lievä_henkinen",
        lang="fi",
    ),
    on(DEMO, "set rules scale x", "'x' is not one of: on, off"),
    on(DEMO, "aseta säännöt skaala x", "'x' ei kelpaa; vaihtoehdot: päällä, pois", lang="fi"),
    on(DEMO, "aseta leader piilotettu x", "'x' ei kelpaa; vaihtoehdot: päällä, pois", lang="fi"),
    missing_en(DEMO, "set leader minions", "minion"),
    missing_fi(DEMO, "aseta leader kätyrit", "kätyriä"),
    missing_en(DEMO, "set leader name", "the new name"),
    missing_fi(DEMO, "aseta leader nimi", "uutta nimeä"),
    missing_en(DEMO, "set rules full_defense", "on or off"),
    missing_fi(DEMO, "aseta säännöt täysi_puolustus", "päällä vai pois"),
    missing_en(DEMO, "set riesa player", "text"),
    missing_fi(DEMO, 'aseta riesa pelaaja " "', "tekstiä"),
    missing_en(MINE, "set water outcome", "text"),
    missing_fi(MINE, "aseta water lopputulos", "tekstiä"),
    missing_fi(DEMO, "aseta riesa pelaaja", "tekstiä"),
    missing_en(DEMO, "set rules extra_stress_boxes", "number"),
    missing_fi(DEMO, "aseta säännöt lisärasitusruudut", "lukua"),
    missing_en(DEMO, "set rules melee", "text"),
    missing_en(SWARM, "set hydra parts", "character"),
    missing_fi(SWARM, "aseta hydra osat", "hahmoa"),
    missing_en(MINE, "set rocks name", "the new name"),
    missing_fi(MINE, "aseta rocks nimi", "uutta nimeä"),
    missing_en(MINE, "set portcullis harmful", "on or off"),
    missing_fi(MINE, "aseta portcullis vahingollinen", "päällä vai pois"),
    missing_en(MINE, "set portcullis removal", "number"),
    missing_en(MINE, "set miners answer", "answer"),
    missing_fi(MINE, "aseta miners vastaus", "vastausta"),
    missing_en(MINE, 'set miners answer "New"', "text"),
    missing_fi(MINE, 'aseta miners vastaus "New"', "tekstiä"),
    on(MINE, 'set miners answer "Nope" none', "the distraction has no answer 'Nope'"),
    on(
        MINE,
        'aseta miners vastaus "Nope" ei',
        "häiritsevällä esteellä ei ole vastausta 'Nope'",
        lang="fi",
    ),
    missing_en(LIBRARY, "set save task", "task"),
    missing_fi(LIBRARY, "aseta save tehtävä", "tehtävää"),
    missing_en(LIBRARY, 'set save task "X"', "skill"),
    missing_en(LIBRARY, 'set save task "X" Athletics', "the difficulty"),
    missing_fi(LIBRARY, 'aseta save tehtävä "X" Athletics', "vaikeustasoa"),
    on(
        LIBRARY,
        'set save task "Nope" none',
        "no task 'Nope'; known: Reach the library, Smother the flames, Save the Codex Aurea, "
        "Hold the yacht into the wind",
    ),
    missing_en(DEMO, "set leader zone", "zone"),
    missing_fi(DEMO, "aseta leader alue", "aluetta"),
    on(
        DEMO,
        "set leader skill Fight 3 Rozio Tiina",
        "no field 'Rozio' here; fields: name, kind, player, zone, skill, stunt, stress, "
        "consequences, weapon, armor, refresh, fp, members, scale, minions, solo, parts, "
        "shields, form, hidden, notes",
    ),
    missing_en(DEMO, "set leader skill", "skill"),
    missing_fi(DEMO, "aseta riesa taito", "taitoa"),
    missing_en(DEMO, "set leader skill Fight", "a rating"),
    missing_fi(DEMO, "aseta riesa taito Fight", "taitotasoa"),
    on(
        DEMO,
        'set leader stunt add "X" Rozio',
        "no field 'Rozio' here; fields: name, kind, player, zone, skill, stunt, stress, "
        "consequences, weapon, armor, refresh, fp, members, scale, minions, solo, parts, "
        "shields, form, hidden, notes",
    ),
    on(
        DEMO,
        'set leader stunt add "X" none',
        "no field 'none' here; fields: name, kind, player, zone, skill, stunt, stress, "
        "consequences, weapon, armor, refresh, fp, members, scale, minions, solo, parts, "
        "shields, form, hidden, notes",
    ),
    on(
        DEMO,
        "set leader stunt remove 1 2",
        "no field '2' here; fields: name, kind, player, zone, skill, stunt, stress, "
        "consequences, weapon, armor, refresh, fp, members, scale, minions, solo, parts, "
        "shields, form, hidden, notes",
    ),
    on(
        DEMO,
        "set rozio form remove 1 2",
        "no field '2' here; fields: name, kind, player, zone, skill, stunt, stress, "
        "consequences, weapon, armor, refresh, fp, members, scale, minions, solo, parts, "
        "shields, form, hidden, notes",
    ),
    missing_en(DEMO, "set rozio form", "form"),
    missing_en(MINE, "set portcullis between", "zone"),
    missing_en(MINE, "set portcullis between gallery", "zone"),
    missing_fi(MINE, "aseta portcullis välissä", "aluetta"),
    missing_fi(MINE, "aseta portcullis välissä gallery", "aluetta"),
    missing_en(DEMO, "set leader stunt", "stunt"),
    missing_en(DEMO, "set leader stunt add", "stunt"),
    missing_fi(DEMO, "aseta leader temppu lisää", "temppua"),
    missing_en(DEMO, 'set leader stunt add "X" 2', "skill"),
    missing_fi(DEMO, 'aseta leader temppu lisää "X" 2', "taitoa"),
    missing_en(DEMO, 'set leader stunt add "X" 2 Fight', "action"),
    missing_fi(DEMO, 'aseta leader temppu lisää "X" 2 Fight', "toimintoa"),
    on(
        DEMO,
        'set leader stunt add "X" 2 Fight punch',
        "'punch' is not one of: overcome, create, attack, defend",
    ),
    missing_en(DEMO, "set leader stunt remove", "stunt"),
    missing_fi(DEMO, "aseta leader temppu poista", "temppua"),
    missing_en(DEMO, "set leader stress", "number of boxes"),
    missing_en(DEMO, "set leader stress physical", "number of boxes"),
    missing_fi(DEMO, "aseta leader rasitus", "ruutujen määrää"),
    missing_en(DEMO, "set leader consequences", "consequence slots"),
    missing_fi(DEMO, "aseta leader jäljet", "jälkipaikkoja"),
    missing_en(DEMO, "set rozio form add", "form"),
    missing_en(DEMO, "set rozio form remove", "form"),
    missing_fi(DEMO, "aseta rozio muoto poista", "muotoa"),
    on(
        DEMO,
        "set rozio form 1 aspect add",
        f"set: missing the aspect's name. {SET_USAGE['en']}",
        'set rozio form add "Wolf" aspect add "Fur"',
    ),
    on(
        DEMO,
        'set rozio form 1 aspect add "FUR"',
        'form already has the aspect "FUR"',
        'set rozio form add "Wolf" aspect add "Fur"',
    ),
    on(
        DEMO,
        'aseta rozio muoto 1 piirre lisää "TURKKI"',
        'muotoa: piirre "TURKKI" on jo olemassa',
        'set rozio form add "Wolf" aspect add "Turkki"',
        lang="fi",
    ),
    on(
        DEMO,
        'set rozio form 1 aspect remove "Nope"',
        'the form has no aspect "Nope"',
        'set rozio form add "Wolf"',
    ),
    on(
        DEMO,
        'aseta rozio muoto 1 piirre poista "Ei"',
        'muodolla ei ole piirrettä "Ei"',
        'set rozio form add "Wolf"',
        lang="fi",
    ),
    missing_en(MINE, "set water trigger", "text"),
    missing_fi(MINE, "aseta water laukaisija", "tekstiä"),
    missing_en(CHASE, "set catch side", "side"),
    missing_fi(CHASE, "aseta catch puoli", "osapuolta"),
    missing_en(CHASE, 'set catch side "Chasers"', "character"),
    missing_fi(CHASE, 'aseta catch puoli "X"', "hahmoa"),
    on(CHASE, 'set catch side "Nope" none', "no side 'Nope'; known: Pursuers, Mirel"),
    on(
        CHASE,
        'aseta catch puoli "Ei" ei',
        "osapuolta 'Ei' ei löydy; tunnetut: Pursuers, Mirel",
        lang="fi",
    ),
    on(
        LIBRARY,
        'aseta save tehtävä "Nope" ei',
        "tehtävää 'Nope' ei löydy; tunnetut: Reach the library, Smother the flames, "
        "Save the Codex Aurea, Hold the yacht into the wind",
        lang="fi",
    ),
]


@pytest.mark.parametrize("reply", REFUSED, ids=reply_id)
def test_a_field_without_its_value_or_with_a_wrong_one_is_refused(reply: Reply) -> None:
    check(reply)


def test_a_distractions_answers_are_matched_whatever_their_case() -> None:
    session = played(
        MINE,
        'set miners answer "go for the IDOL" none',
        'set miners answer "free the MINERS" "Nobody escapes"',
        'set miners answer "Wait" "The water decides"',
    )
    miners = session.scene.obstacle_index["the-trapped-miners"]
    assert isinstance(miners, Distraction)
    assert miners.answers == (
        DistractionAnswer("Free the miners", "Nobody escapes"),
        DistractionAnswer("Wait", "The water decides"),
    )


def test_a_challenges_tasks_are_changed_in_place_added_and_taken_away() -> None:
    session = played(
        LIBRARY,
        'set save task "reach THE library" Lore 4',
        'set save task "smother the flames" none',
        'set save task "Row" drive 2',
    )
    tasks = session.scene.challenges[0].tasks
    assert [(task.name, task.skill, task.difficulty) for task in tasks] == [
        ("Reach the library", "Lore", 4),
        ("Save the Codex Aurea", "Lore", 4),
        ("Hold the yacht into the wind", "Drive", 3),
        ("Row", "Drive", 2),
    ]
    assert tasks[0] == ChallengeTask(
        "Reach the library", "Lore", 4, tasks[0].outcome, "Riesa's burned hands"
    )


def test_optional_numbers_and_switches_of_an_obstacle() -> None:
    session = played(
        MINE,
        "set portcullis harmful on removal none",
        "set miners difficulty none",
    )
    portcullis = session.scene.obstacle_index["rusted-portcullis"]
    assert isinstance(portcullis, Block)
    assert (portcullis.harmful, portcullis.removal) == (True, None)
    assert session.scene.obstacle_index["the-trapped-miners"].difficulty is None
    session.execute("set portcullis harmful off removal 3")
    portcullis = session.scene.obstacle_index["rusted-portcullis"]
    assert (portcullis.harmful, portcullis.removal) == (False, 3)  # type: ignore[union-attr]


def test_a_swarms_parts_taken_away_take_its_shields_with_them() -> None:
    session = played(SWARM, "set hydra shields none")
    hydra = session.scene.character("hydra")
    assert hydra.swarm is not None
    assert (hydra.swarm.part_ids, hydra.swarm.shields) == (("head", "shell"), ())
    session = played(SWARM, "set hydra parts none")
    assert session.scene.character("hydra").swarm is None
    session = played(SWARM, "set hydra parts head shields none")
    hydra = session.scene.character("hydra")
    assert hydra.swarm is not None
    assert (hydra.swarm.part_ids, hydra.swarm.shields) == (("head",), ())


def test_minions_by_a_characters_prefix_or_a_templates_base_id() -> None:
    session = played(DEMO, "set leader minions roz,cultist")
    assert session.scene.character("leader").minions == ("rozio", "cultist")
    session = played(DEMO, "set leader minions none")
    assert session.scene.character("leader").minions == ()


def test_solo_options_scale_and_kind() -> None:
    session = played(DEMO, "set leader solo skill,harm scale legendary kind minor")
    leader = session.scene.character("leader")
    assert leader.solo is not None
    assert (leader.scale.value, leader.kind.value) == ("legendary", "minor")
    assert session.execute("set leader scale mundane").lines == ("Masked leader: scale changed",)
    assert session.scene.character("leader").scale.value == "mundane"
    session.execute("set leader solo none")
    assert session.scene.character("leader").solo is None


def test_a_forms_reveal_is_soft_or_full() -> None:
    session = played(DEMO, 'set rozio form add "Wolf"')
    assert session.execute("set rozio form 1 reveal full").lines == ("Rozio: nothing to change",)
    session.execute("set rozio form 1 reveal soft")
    assert session.scene.character("rozio").forms[0].soft
    session.execute("set rozio form 1 reveal full")
    assert not session.scene.character("rozio").forms[0].soft


def test_text_rules_are_cleared_with_none() -> None:
    session = played(DEMO, "set rules melee Fight extra_stress_boxes 2 scale on")
    rules = session.scene.rules
    assert (rules.renamed_roles, rules.extra_stress_boxes, rules.scale) == (
        (("melee", "Fight"),),
        2,
        True,
    )
    session.execute("set rules melee none")
    assert session.scene.rules.renamed_roles == ()


def test_a_table_of_fields_finds_a_field_by_any_of_its_words() -> None:
    def parse(ctx: object, args: Tokens, data: dict[str, object]) -> None:
        data["seen"] = args.take("value")

    colour = Field("colour", ("Väri",), parse)
    fields = Fields(colour)
    assert fields.fields == (colour,)
    assert fields.by_word == {"colour": colour, "väri": colour}
    assert "VÄRI" in fields and "size" not in fields and 3 not in fields
    assert (fields.names, fields.names_in("fi")) == ("colour", "Väri")
    # the catalog's word where the table takes it, else the last alias, else the name
    zone = Field("zone", ("alue", "sijainti"), parse)
    bare = Field("size", (), parse)
    fields = Fields(zone, bare)
    assert fields.names_in("fi") == "alue, size"
    assert fields.word_in("SIJAINTI", "fi") == "alue"
    assert fields.word_in("zone", "en") == "zone"


def test_is_none_takes_only_none() -> None:
    args = Tokens(find_verb("set"), ["ei", "none"], "fi")
    assert is_none(args) and args.words == ["none"]
    args = Tokens(find_verb("set"), ["Fight"], "en")
    assert not is_none(args) and args.words == ["Fight"]


def test_a_field_that_is_not_one_of_the_records_is_refused_when_applied() -> None:
    from fatescreen.commands import requests
    from fatescreen.commands.fields import CHARACTER_FIELDS

    ctx = Context(open_session(DEMO).scene, random.Random(0), "fi")
    given = (requests.Field("rating", ("3",)),)
    with pytest.raises(CommandError) as raised:
        CHARACTER_FIELDS.apply(ctx, find_verb("set"), given, {})
    assert str(raised.value).startswith("kenttää 'rating' ei ole; kentät: nimi, laji, pelaaja")


def copied(scene: Path, tmp_path: Path) -> Path:
    """A copy of a shipped scene, with the template library it uses, to save."""
    shutil.copy(scene, tmp_path / scene.name)
    shutil.copytree(SCENES / "library", tmp_path / "library")
    return tmp_path / scene.name


def saved(session: Session) -> str:
    """The scene file's text after ``save``."""
    assert session.execute("save").ok
    assert session.loaded is not None and session.loaded.path is not None
    return session.loaded.path.read_text(encoding="utf-8")


def test_a_countdowns_triggers_start_again_after_none(tmp_path: Path) -> None:
    session = played(
        copied(MINE, tmp_path),
        'set water trigger "A" trigger none trigger "B"',
        'set the-pithead-collapses trigger "X" trigger "Y"',
    )
    text = saved(session)
    assert 'trigger = "B"\n' in text
    assert 'trigger = ["X", "Y"]\n' in text


def test_what_a_new_countdown_leaves_out_is_not_taken_away() -> None:
    session = played(DEMO, 'add countdown "Bell" 3')
    for line in ("set bell visible full", "set bell trigger none"):
        assert session.execute(line).lines == ("Bell: nothing to change",)


def test_a_stunt_is_replaced_by_its_number() -> None:
    session = played(
        DEMO,
        'set leader stunt add "Dagger" 2 fight attack stunt add "Chant"',
        'set leader stunt 1 "Claws"',
    )
    assert [stunt.text for stunt in session.scene.character("leader").stunts] == [
        "Claws",
        "Chant",
    ]


def test_stress_tracks_and_slots_go_back_to_their_defaults() -> None:
    session = played(DEMO, "set leader stress physical 5 mental 2", "set leader stress physical 6")
    tracks = session.scene.character("leader").stress
    assert [(track.kind.value, track.boxes) for track in tracks] == [("physical", 6), ("mental", 2)]
    session.execute("set leader stress default consequences none")
    leader = session.scene.character("leader")
    assert [(track.kind.value, track.boxes) for track in leader.stress] == [
        ("physical", 4),
        ("mental", 4),
    ]
    assert leader.consequences == ()
    session.execute("set leader consequences default")
    slots = session.scene.character("leader").consequences
    assert [slot.severity.value for slot in slots] == ["mild", "moderate", "severe"]


def test_a_skill_is_spelled_as_the_sheet_or_the_default_list_has_it() -> None:
    session = played(DEMO, "set leader skill FIGHT 4 juggling 2 stealth 1")
    skills = dict(session.scene.character("leader").skills)
    assert (skills["Fight"], skills["Juggling"], skills["Stealth"]) == (4, 2, 1)
    assert "FIGHT" not in skills


def test_taking_away_what_a_record_does_not_have_changes_nothing() -> None:
    session = played(DEMO, 'add countdown "Bell" 3')
    assert session.execute("set bell outcome none").lines == ("Bell: nothing to change",)
    said = session.execute("set leader skill Juggling none").lines
    assert said == ("Masked leader: nothing to change",)
    session = played(MINE)
    said = session.execute("set rocks between none").lines
    assert said == ("Falling rocks: nothing to change",)


def test_nothing_to_take_away_from_a_swarm_or_an_obstacle() -> None:
    session = played(SWARM)
    assert session.execute("set ann parts none").lines == ("Ann: nothing to change",)
    said = session.execute("set hydra shields none parts none").lines
    assert said == ("Hydra: parts, shields changed",)
    assert session.scene.character("hydra").swarm is None
    session = played(MINE)
    said = session.execute("set rocks removal none").lines
    assert said == ("Falling rocks: nothing to change",)


BEAST = """format = 1
title = "A beast with a hidden true form"

[[npc]]
name = "Beast"
skills = { Fight = 3 }

  [[npc.form]]
  name = "Wolf"
  aspects = [{ name = "Fur", hidden = true }, "Teeth"]
"""


def test_a_forms_hidden_aspect_is_found_by_its_name(tmp_path: Path) -> None:
    path = tmp_path / "beast.toml"
    path.write_text(BEAST, encoding="utf-8")
    session = open_session(path)
    said = session.execute('set beast form 1 aspect add "FUR"').lines
    assert said == ('form already has the aspect "FUR"',)
    assert session.execute('set beast form 1 aspect remove "fur"').ok
    aspects = session.scene.character("beast").forms[0].aspects
    assert [aspect.name for aspect in aspects] == ["Teeth"]


@pytest.mark.parametrize(
    "line",
    [
        "set nobody zone none",
        "set nobody stress default",
        "set nobody consequences default",
        "set nobody solo none",
        "set nobody minions none",
    ],
)
def test_taking_away_what_a_new_character_does_not_have(line: str) -> None:
    session = played(DEMO, 'add pc "Nobody"')
    assert session.execute(line).lines == ("Nobody: nothing to change",)


def test_a_stunt_replaced_by_its_number_takes_a_bonus() -> None:
    session = played(
        DEMO, 'set leader stunt add "Dagger"', 'set leader stunt 1 "Claws" 2 Fight attack'
    )
    (stunt,) = session.scene.character("leader").stunts
    assert (stunt.text, stunt.bonus, stunt.skill, stunt.action) == (
        "Claws",
        2,
        "Fight",
        "attack",
    )


def test_a_field_that_is_not_one_of_the_records_is_refused_in_english_too() -> None:
    from fatescreen.commands import requests
    from fatescreen.commands.fields import CHARACTER_FIELDS

    ctx = Context(open_session(DEMO).scene, random.Random(0), "en")
    with pytest.raises(CommandError) as raised:
        CHARACTER_FIELDS.apply(ctx, find_verb("set"), (requests.Field("rating", ("3",)),), {})
    assert str(raised.value).startswith("no field 'rating' here; fields: name, kind, player, zone")
