"""``add`` and ``remove`` as the GM sees them: every word a line can lack (in English and
Finnish), a name or id another record has, what each addition says and how ``undo`` names it,
who joins a running turn order, fate points of a new PC, records made from templates of the
scene's library (kept ids, numbered copies, templates the loader refuses), and a contest or
challenge removed with what belongs to it."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen.rules.character import CharacterKind
from fatescreen.rules.obstacles import Block
from fatescreen.scene.reader import MAX_NAME
from tests.commands.support import CHASE, DEMO, LIBRARY, MINE, SCRIPTS, open_session, played
from tests.commands.test_set_and_place import on, taken
from tests.commands.test_verb_replies import Reply, check, reply_id

ADD_USAGE = {
    "en": "Usage: add TEMPLATE [N] [in ZONE] [between ZONE ZONE] "
    '| add pc|major|minor|mooks "NAME" [N] [FIELD VALUE...] | add zone "NAME" '
    '| add hazard|block "NAME" RATING [FIELD VALUE...] '
    '| add distraction "NAME" "CHOICE" [FIELD VALUE...] '
    '| add countdown "NAME" BOXES [FIELD VALUE...]',
    "fi": "Käyttö: lisää MALLI [N] [alueella ALUE] [välissä ALUE ALUE] "
    '| lisää ph|merkittävä|vähäisempi|kätyrijoukko "NIMI" [N] [KENTTÄ ARVO...] '
    '| lisää alue "NIMI" | lisää vaarallinen|hidastava "NIMI" TASO [KENTTÄ ARVO...] '
    '| lisää häiritsevä "NIMI" "VALINTA" [KENTTÄ ARVO...] '
    '| lisää tikittävä "NIMI" RUUDUT [KENTTÄ ARVO...]',
}
REMOVE_USAGE = {"en": "Usage: remove NAME[,NAME...]", "fi": "Käyttö: poista NIMI[,NIMI...]"}
THING = {
    "en": "character, obstacle, countdown, zone, contest or challenge",
    "fi": "hahmoa, estettä, tikittävää kelloa, aluetta, kilpailua tai haastetta",
}


def missing(line: str, en: str, fi_line: str, fi: str) -> list[Reply]:
    """An ``add`` line refused for lacking a word, in English and (as ``fi_line``) Finnish."""
    return [
        on(DEMO, line, f"add: missing {en}. {ADD_USAGE['en']}"),
        on(DEMO, fi_line, f"lisää: {fi} ei annettu. {ADD_USAGE['fi']}", lang="fi"),
    ]


MISSING = [
    *missing("add", "kind or template", "lisää", "lajia tai mallia"),
    *missing("add pc", "name", "lisää ph", "nimeä"),
    *missing('add distraction "Bell"', "choice", 'lisää häiriö "Bell"', "valintaa"),
    *missing('add countdown "Flood"', "number of boxes", 'lisää kello "Flood"', "ruutujen määrää"),
    *missing('add hazard "Fire"', "a rating", 'lisää vaara "Fire"', "taitotasoa"),
    *missing("add cultist in", "zone", "lisää cultist alueella", "aluetta"),
    *missing("add cultist between hall", "zone", "lisää cultist välissä hall", "aluetta"),
    # a field without its value, for each kind of record
    on(DEMO, 'add pc "Dan" weapon', f"add: missing number. {ADD_USAGE['en']}"),
    on(DEMO, 'add zone "Attic" hidden', f"add: missing on or off. {ADD_USAGE['en']}"),
    on(DEMO, 'add countdown "Flood" 3 visible', f"add: missing visibility. {ADD_USAGE['en']}"),
    on(DEMO, 'add hazard "Fire" 2 weapon', f"add: missing number. {ADD_USAGE['en']}"),
    on(DEMO, "remove", f"remove: missing {THING['en']}. {REMOVE_USAGE['en']}"),
    on(DEMO, "poista", f"poista: {THING['fi']} ei annettu. {REMOVE_USAGE['fi']}", lang="fi"),
]


@pytest.mark.parametrize("reply", MISSING, ids=reply_id)
def test_an_add_or_remove_that_lacks_a_word_names_it(reply: Reply) -> None:
    check(reply)


TOO_LONG = "x" * (MAX_NAME + 1)
REFUSED = [
    # a new record's name, and the id made from it, must be new among its kind
    on(
        MINE,
        'add countdown "the WATER rises" 3',
        taken("countdown", "The water rises", "the WATER rises"),
    ),
    on(
        MINE,
        'add countdown "The water-rises" 3',
        taken("countdown", "The water rises", "The water-rises"),
    ),
    on(MINE, 'add hazard "falling ROCKS" 2', taken("obstacle", "Falling rocks", "falling ROCKS")),
    on(MINE, 'add hazard "Falling-rocks" 2', taken("obstacle", "Falling rocks", "Falling-rocks")),
    on(DEMO, 'add zone "Crypt!"', taken("zone", "Crypt", "Crypt!")),
    on(
        DEMO,
        f'add zone "{TOO_LONG}"',
        f"{TOO_LONG}: name: text of {MAX_NAME + 1} characters "
        f"is too long (at most {MAX_NAME}); nothing changed",
    ),
    on(DEMO, "add cultist 101", "numbers here go from 1 to 100"),
    on(
        DEMO,
        "lisää nobody",
        "mallia 'nobody' ei löydy; tunnetut: Watchman, Cultist, Drowned "
        "acolyte, Eel swarm, Claim-jumper, Äijä Kivinen",
        lang="fi",
    ),
]


@pytest.mark.parametrize("reply", REFUSED, ids=reply_id)
def test_an_add_the_scene_cannot_take_is_refused(reply: Reply) -> None:
    check(reply)


UP = "next sil"
"""A running turn order (Silbestre is up), which newcomers join."""
SAID = [
    on(DEMO, 'add countdown "Flood" 3', "added: Flood", ok=True, undone="undone: add Flood"),
    on(DEMO, 'add zone "Attic"', "added: Attic", ok=True, undone="undone: add Attic"),
    on(
        DEMO,
        'add hazard "Fire" 2 in hall',
        "added in Ritual hall: Fire",
        ok=True,
        undone="undone: add Fire",
    ),
    on(DEMO, 'add mooks "Rabble"', "added: Rabble", ok=True, undone="undone: add Rabble"),
    on(
        DEMO,
        'add pc "Ann"',
        ("added: Ann", "the GM pool gains a point for the new PC: now 5"),
        ok=True,
        undone="undone: add Ann",
    ),
    on(
        CHASE,
        "remove catch",
        "removed: Catch the courier",
        ok=True,
        undone="undone: remove Catch the courier",
    ),
    # during a conflict a new character or hazard joins the turn order; a block does not act
    on(
        DEMO,
        'add pc "Ann"',
        (
            "added: Ann",
            "in the turn order, not acted yet this exchange: Ann",
            "the GM pool gains a point for the new PC: now 5",
        ),
        UP,
        ok=True,
    ),
    on(
        DEMO,
        'add hazard "Fire" 2 in hall',
        ("added in Ritual hall: Fire", "in the turn order, not acted yet this exchange: Fire"),
        UP,
        ok=True,
    ),
    on(DEMO, 'add block "Gate" 2 in hall', "added in Ritual hall: Gate", UP, ok=True),
]


@pytest.mark.parametrize("reply", SAID, ids=reply_id)
def test_what_an_add_or_remove_says_and_undo_names(reply: Reply) -> None:
    check(reply)


def test_a_block_added_during_a_conflict_stays_out_of_the_turn_order() -> None:
    scene = played(DEMO, UP, 'add block "Gate" 2 in hall', 'add hazard "Fire" 2 in hall').scene
    assert scene.turn is not None
    assert ("gate" in scene.turn.participants, "fire" in scene.turn.participants) == (False, True)


@pytest.mark.parametrize(
    ("line", "fate_points"),
    [
        # a new PC starts with its refresh (§3) unless the line gives its points
        ('add pc "Ann"', 3),
        ('add pc "Ann" refresh 2', 2),
        ('add pc "Ann" refresh 0', 0),
        ('add pc "Ann" refresh 2 fp 5', 5),
    ],
)
def test_a_new_pcs_fate_points(line: str, fate_points: int) -> None:
    ann = played(DEMO, line).scene.character("ann")
    assert (ann.kind, ann.fate_points) == (CharacterKind.PC, fate_points)


def test_a_template_makes_up_to_a_hundred_copies() -> None:
    scene = played(DEMO, "add cultist 100").scene
    assert sum(c.name.startswith("Cultist ") for c in scene.characters) == 3 + 100


def test_numbered_copies_of_a_template_with_an_id_get_ids_of_their_own() -> None:
    """The mine's foreman template has the id ``foreman``, which the scene's foreman already
    has: numbered copies take ids from their names instead."""
    added = played(MINE, "add foreman 2").scene.characters[-2:]
    assert [(c.name, c.id) for c in added] == [
        ("Äijä Kivinen 2", "äijä-kivinen-2"),
        ("Äijä Kivinen 3", "äijä-kivinen-3"),
    ]


def test_remove_a_contest_with_its_rolls_and_leave_the_other_contest() -> None:
    session = played(
        CHASE,
        'contest start "Beat the barge" Pursuers=vitor Mirel=mirel',
        "contest roll rozio Athletics +0+0 in catch",
        "contest roll vitor Athletics 0000 in beat",
        "remove catch",
    )
    assert [c.name for c in session.scene.contests] == ["Beat the barge"]
    assert [(r.contest, r.roller) for r in session.scene.contest_rolls] == [
        ("Beat the barge", "vitor")
    ]


def test_remove_a_challenge_and_leave_the_other() -> None:
    session = played(
        LIBRARY,
        'challenge start "Escape the storm" "Steer clear:Drive:2"',
        "remove save",
    )
    assert [c.name for c in session.scene.challenges] == ["Escape the storm"]


# ---------------------------------------------------------------------------- templates

TRAPS = """format = 1

[[obstacle]]
hazard = "Landslide"
id = "slide"
rating = 3
weapon = 1

[[obstacle]]
block = "Iron gate"
rating = 2

[[obstacle]]
hazard = "Rockslide"
id = "falling-rocks"
rating = 2

[[obstacle]]
hazard = "Spikes"
rating = 99
"""
"""Obstacle templates: one with an id of its own, one whose id the mine's falling rocks
have, and one the loader refuses."""

HEROES = """format = 1

[[npc]]
name = "Hero"
kind = "pc"
high_concept = "Wandering hero"
skills = { Fight = 2 }

[[npc]]
name = "Broken"
skills = { Fight = 99 }
"""
"""Character templates: a PC, and one the loader refuses."""


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    """The mine scene in a folder of its own, its library holding the templates above."""
    shutil.copy(MINE, tmp_path / MINE.name)
    shutil.copytree(MINE.parent / "library", tmp_path / "library")
    (tmp_path / "library" / "traps.toml").write_text(TRAPS, encoding="utf-8")
    (tmp_path / "library" / "heroes.toml").write_text(HEROES, encoding="utf-8")
    return tmp_path / MINE.name


TEMPLATES = [
    on(
        MINE,
        "add landslide in pithead",
        "added in Pithead: Landslide",
        ok=True,
        undone="undone: add Landslide",
    ),
    on(
        MINE,
        "add landslide 2 in pithead",
        (
            "added in Pithead: Landslide 1, Landslide 2",
            "in the turn order, not acted yet this exchange: Landslide 1, Landslide 2",
        ),
        "next riesa",
        ok=True,
        undone="undone: add Landslide 1, Landslide 2",
    ),
    on(MINE, 'add "iron gate" between pithead shaft', "added: Iron gate", ok=True),
    on(MINE, "add rockslide", taken("obstacle", "Falling rocks", "Rockslide")),
    on(MINE, "add spikes", "Spikes: spikes.rating: 99 is too large (at most 20); nothing changed"),
    on(
        MINE,
        "add broken",
        "Broken: broken.skills.Fight: 99 is too large (at most 20); nothing changed",
    ),
    on(
        MINE,
        "add hero",
        ("added: Hero", "the GM pool gains a point for the new PC: now 4"),
        ok=True,
    ),
]


@pytest.mark.parametrize("reply", TEMPLATES, ids=reply_id)
def test_what_an_add_from_a_template_says(reply: Reply, mine: Path) -> None:
    check(replace(reply, scene=mine))


@pytest.mark.parametrize("line", ["add hero", "lisää hero"])
def test_a_pc_from_a_template_starts_with_its_refresh_as_add_pc_does(mine: Path, line: str) -> None:
    """A new PC starts with its refresh in fate points (§3), made by ``add pc`` or from a
    template alike."""
    session = open_session(mine, "fi" if line.startswith("lisää") else "en")
    assert session.execute(line).ok
    assert session.execute('add pc "Ann"' if session.lang == "en" else 'lisää ph "Ann"').ok
    hero, ann = session.scene.character("hero"), session.scene.character("ann")
    assert (hero.kind, hero.refresh, hero.fate_points) == (CharacterKind.PC, 3, 3)
    assert (ann.refresh, ann.fate_points) == (hero.refresh, hero.fate_points)


def test_a_single_copy_keeps_the_templates_id_numbered_copies_do_not(mine: Path) -> None:
    single = played(mine, "add landslide in pithead").scene.obstacles[-1]
    numbered = played(mine, "add landslide 2 in pithead").scene.obstacles[-2:]
    assert [(o.name, o.id, o.zone) for o in (single, *numbered)] == [
        ("Landslide", "slide", "pithead"),
        ("Landslide 1", "landslide-1", "pithead"),
        ("Landslide 2", "landslide-2", "pithead"),
    ]


def test_hazards_from_a_template_join_a_running_turn_order(mine: Path) -> None:
    scene = played(mine, "next riesa", "add landslide 2 in pithead").scene
    assert scene.turn is not None
    assert scene.turn.participants[-2:] == ("landslide-1", "landslide-2")


def test_a_block_from_a_template_stands_between_two_zones(mine: Path) -> None:
    scene = played(mine, 'add "iron gate" between pithead shaft').scene
    gate = scene.obstacles[-1]
    assert isinstance(gate, Block)
    assert (gate.between, scene.link_between("pithead", "shaft").block) == (
        ("pithead", "shaft"),
        "iron-gate",
    )


def test_add_from_a_template_without_a_library(tmp_path: Path) -> None:
    scale = SCRIPTS / "scale.toml"
    shutil.copy(scale, tmp_path / scale.name)
    said = open_session(tmp_path / scale.name).execute("add cultist")
    assert (said.ok, said.lines) == (
        False,
        (
            f"no templates: put template files in {tmp_path / 'library'} (or save some with "
            "template save)",
        ),
    )
