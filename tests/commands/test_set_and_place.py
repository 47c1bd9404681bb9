"""``set`` and ``place`` as the GM sees them: for each kind of record a missing value, a value
the loader refuses and a name another record has, refused word for word (in English and
Finnish) and changing nothing; what a change says it changed; and the records a change must
leave alone (the other countdown, challenge or contest, and another contest's rolls)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.commands.core import Tokens, find_verb
from fatescreen.commands.errors import CommandError
from fatescreen.commands.fields import RULES_WORDS, Fields
from fatescreen.commands.verbs_edit import parse_set
from fatescreen.scene.codec import RULES_KEYS, rules_values
from fatescreen.scene.reader import MAX_NAME, MAX_TEXT
from tests.commands.support import CHASE, DEMO, LIBRARY, MINE, open_session, played
from tests.commands.test_verb_replies import Reply, check, reply_id

SET_USAGE = {
    "en": "Usage: set NAME|scene|rules FIELD VALUE [FIELD VALUE...]",
    "fi": "Käyttö: aseta NIMI|kohtaus|säännöt KENTTÄ ARVO [KENTTÄ ARVO...]",
}
PLACE_USAGE = {
    "en": "Usage: place NAME[,NAME...] ZONE|none",
    "fi": "Käyttö: sijoita NIMI[,NIMI...] ALUE|ei",
}
TOO_LONG = "x" * (MAX_NAME + 1)


def on(
    scene: Path,
    line: str,
    said: tuple[str, ...] | str,
    *setup: str,
    ok: bool = False,
    lang: str = "en",
    undone: str = "",
) -> Reply:
    """A line on a scene (after setup lines), what it says (refused unless ``ok``), and what
    ``undo`` says after it if that is checked too."""
    lines = (said,) if isinstance(said, str) else said
    return Reply(tuple(setup), line, lines, ok=ok, lang=lang, scene=scene, undone=undone)


def taken(kind: str, other: str, name: str) -> str:
    """The refusal of a name (or an id made from it) that another record has."""
    return f"another {kind} is already called {other} (names and ids must differ): {name}"


def missing_en(scene: Path, line: str, what: str) -> Reply:
    """A ``set`` line refused for lacking a word, as English says it."""
    return on(scene, line, f"set: missing {what}. {SET_USAGE['en']}")


def missing_fi(scene: Path, line: str, what: str) -> Reply:
    """A ``set`` line refused for lacking a word, as Finnish says it."""
    return on(scene, line, f"aseta: {what} ei annettu. {SET_USAGE['fi']}", lang="fi")


MISSING = [
    missing_en(DEMO, "set", "character, obstacle, countdown, zone, contest or challenge"),
    missing_fi(
        DEMO, "aseta", "hahmoa, estettä, tikittävää kelloa, aluetta, kilpailua tai haastetta"
    ),
    missing_en(DEMO, "set leader", "field"),
    missing_fi(DEMO, "aseta leader", "kenttää"),
    # a field without its value, on each kind of record
    missing_en(MINE, "set water boxes", "number"),
    missing_fi(MINE, "aseta water ruudut", "lukua"),
    missing_en(MINE, "set rocks rating", "number"),
    missing_fi(MINE, "aseta rocks taso", "lukua"),
    missing_en(MINE, "set shaft name", "the new name"),
    missing_fi(MINE, "aseta shaft nimi", "uutta nimeä"),
    missing_en(CHASE, "set catch victories", "number"),
    missing_en(LIBRARY, "set save name", "the new name"),
    missing_fi(LIBRARY, "aseta save nimi", "uutta nimeä"),
    missing_en(DEMO, "set rules scale", "on or off"),
    missing_en(DEMO, "set scene title", "text"),
]


@pytest.mark.parametrize("reply", MISSING, ids=reply_id)
def test_a_set_line_that_lacks_a_word_names_it(reply: Reply) -> None:
    check(reply)


NOTHING_CHANGED = "nothing changed"
INVALID = [
    # each kind of record is read again as the loader reads it, and named in the refusal
    on(
        MINE,
        "set water boxes 0",
        f"The water rises: boxes: 0 is too small (at least 1); {NOTHING_CHANGED}",
    ),
    on(
        MINE,
        "aseta water ruudut 0",
        "The water rises: boxes: 0 on liian pieni (vähintään 1); mitään ei muutettu",
        lang="fi",
    ),
    on(
        MINE,
        "set rocks weapon -1",
        f"Falling rocks: weapon: -1 is too small (at least 0); {NOTHING_CHANGED}",
    ),
    on(
        DEMO,
        f'set crypt name "{TOO_LONG}"',
        f"{TOO_LONG}: name: text of {MAX_NAME + 1} "
        f"characters is too long (at most {MAX_NAME}); {NOTHING_CHANGED}",
    ),
    on(
        CHASE,
        "set catch victories 9",
        "Catch the courier: contest 'Catch the courier': "
        f"victories needed must be 3 to 5, not 9; {NOTHING_CHANGED}",
    ),
    on(
        LIBRARY,
        'set save task "Reach the library" Athletics 99',
        "Save the burning library: "
        f"tasks[1].difficulty: 99 is too large (at most 20); {NOTHING_CHANGED}",
    ),
    on(
        DEMO,
        f'set scene title "{TOO_LONG}"',
        f"the scene: title: text of {MAX_NAME + 1} "
        f"characters is too long (at most {MAX_NAME}); {NOTHING_CHANGED}",
    ),
    on(
        DEMO,
        f'aseta kohtaus otsikko "{TOO_LONG}"',
        f"kohtaus: title: {MAX_NAME + 1} merkin "
        f"teksti on liian pitkä (enintään {MAX_NAME}); mitään ei muutettu",
        lang="fi",
    ),
    on(
        DEMO,
        f'set scene notes "{"n" * (MAX_TEXT + 1)}"',
        f"the scene: notes: text of "
        f"{MAX_TEXT + 1} characters is too long (at most {MAX_TEXT}); {NOTHING_CHANGED}",
    ),
    on(
        DEMO,
        "set rules contest_victories 9",
        f"rules: contest_victories: 9 is too large (at most 5); {NOTHING_CHANGED}",
    ),
    # a problem of the whole record has no key path: it is said in the GM's language too
    on(
        CHASE,
        "aseta catch voitot 9",
        "Catch the courier: kilpailu 'Catch the courier': voittoja tarvitaan 3–5, ei 9; "
        "mitään ei muutettu",
        lang="fi",
    ),
    on(
        DEMO,
        "aseta säännöt contest_victories 9",
        "sääntöjä: contest_victories: 9 on liian suuri (enintään 5); mitään ei muutettu",
        lang="fi",
    ),
]


@pytest.mark.parametrize("reply", INVALID, ids=reply_id)
def test_a_value_the_loader_refuses_is_refused_naming_the_record(reply: Reply) -> None:
    check(reply)


BARGE = 'contest start "Beat the barge" Pursuers=rozio Mirel=mirel'
STORM = 'challenge start "Escape the storm" "Steer clear:Drive:2" "Bail water:Physique:1"'
NAMES = [
    on(
        MINE,
        'set water name "the PITHEAD collapses"',
        taken("countdown", "The pithead collapses", "the PITHEAD collapses"),
    ),
    on(
        MINE,
        'set rocks name "Rusted portcullis"',
        taken("obstacle", "Rusted portcullis", "Rusted portcullis"),
    ),
    on(MINE, 'set shaft name "Vault"', taken("zone", "Vault", "Vault")),
    on(MINE, 'set vault name "Lift shaft"', taken("zone", "Lift shaft", "Lift shaft")),
    # a contest or a challenge has no id of its own: the one its name makes must differ too
    on(
        CHASE,
        'set catch name "Beat-the-barge"',
        taken("contest", "Beat the barge", "Beat-the-barge"),
        BARGE,
    ),
    on(
        LIBRARY,
        'set save name "escape-the-storm"',
        taken("challenge", "Escape the storm", "escape-the-storm"),
        STORM,
    ),
    on(
        LIBRARY,
        'aseta save nimi "Escape the storm"',
        "haaste Escape the storm on jo olemassa "
        "(nimien ja tunnisteiden on erottava): Escape the storm",
        STORM,
        lang="fi",
    ),
    # a new name no other record of the kind has
    on(MINE, 'set water name "The flood"', "The water rises: name changed", ok=True),
    on(MINE, 'set rocks name "Rockfall"', "Falling rocks: hazard changed", ok=True),
    on(MINE, 'set shaft name "Mine shaft"', "Lift shaft: name changed", ok=True),
    on(CHASE, 'set catch name "The hunt"', "Catch the courier: name changed", BARGE, ok=True),
    on(
        LIBRARY,
        'set save name "Save the ship"',
        "Save the burning library: name changed",
        STORM,
        ok=True,
    ),
    # its own name, written otherwise, clashes with nothing
    on(CHASE, 'set catch name "CATCH THE COURIER"', "Catch the courier: name changed", ok=True),
    on(
        LIBRARY,
        'set save name "SAVE the burning library"',
        "Save the burning library: name changed",
        ok=True,
    ),
    # a character's id stays when the name changes, and is no field of its own
    on(DEMO, "set silbestre name Sil", "Silbestre: name changed", ok=True),
]


@pytest.mark.parametrize("reply", NAMES, ids=reply_id)
def test_a_new_name_must_differ_from_the_other_records_of_its_kind(reply: Reply) -> None:
    check(reply)


SAID = [
    on(DEMO, 'set scene notes "Quiet now"', "the scene: notes changed", ok=True),
    on(
        DEMO,
        'aseta kohtaus muistiinpanot "Hiljaista"',
        "kohtaus: muutettu muistiinpanot",
        ok=True,
        lang="fi",
    ),
    on(DEMO, 'set scene title "Golden"', "the scene: title changed", ok=True),
    on(DEMO, "set rules scale on", "rules: scale changed", ok=True),
    on(DEMO, "aseta säännöt scale päällä", "sääntöjä: muutettu skaala", ok=True, lang="fi"),
    on(
        DEMO,
        "aseta säännöt tilat päällä äärimmäiset_jäljet päällä",
        "sääntöjä: muutettu tilat, äärimmäiset_jäljet",
        ok=True,
        lang="fi",
    ),
    on(DEMO, "set rules full_defense on", "rules: nothing to change", ok=True),
    on(DEMO, "aseta säännöt full_defense päällä", "sääntöjä: ei muutettavaa", ok=True, lang="fi"),
]


@pytest.mark.parametrize("reply", SAID, ids=reply_id)
def test_what_a_set_of_the_scene_or_its_rules_says(reply: Reply) -> None:
    check(reply)


def _value_for(key: str) -> str:
    """A value other than the demo's for the ``[rules]`` key, as ``set rules`` takes it."""
    value = rules_values(played(DEMO).scene.rules)[key]
    if isinstance(value, bool):
        return "off" if value else "on"
    if key == "contest_victories":
        return "4"
    if isinstance(value, int):
        return str(value + 1)
    return "fi" if key == "skills" else "Brawl"


@pytest.mark.parametrize("key", RULES_KEYS)
def test_each_rule_has_a_finnish_word_that_sets_what_its_key_sets(key: str) -> None:
    value = _value_for(key)
    english = played(DEMO, f"set rules {key} {value}").scene.rules
    finnish = open_session(DEMO, lang="fi")
    result = finnish.execute(f"aseta säännöt {RULES_WORDS[key]} {value}")
    assert result.ok, result.lines
    assert finnish.scene.rules == english != played(DEMO).scene.rules
    assert RULES_WORDS[key] in " ".join(result.lines)


def test_the_finnish_rule_words_are_one_word_each_and_all_different() -> None:
    words = list(RULES_WORDS.values())
    assert set(RULES_WORDS) == set(RULES_KEYS)
    assert len(set(words)) == len(words)
    assert all(word.split() == [word] for word in words)


PLACES = [
    on(DEMO, "place", f"place: missing character or obstacle. {PLACE_USAGE['en']}"),
    on(DEMO, "sijoita", f"sijoita: hahmoa tai estettä ei annettu. {PLACE_USAGE['fi']}", lang="fi"),
    on(DEMO, "place rozio", f"place: missing zone. {PLACE_USAGE['en']}"),
    on(DEMO, "sijoita rozio", f"sijoita: aluetta ei annettu. {PLACE_USAGE['fi']}", lang="fi"),
    on(
        MINE,
        "place nobody pithead",
        "no character or obstacle 'nobody'; known: Riesa, Rozio, "
        "Silbestre, Äijä Kivinen, Claim-jumper 1, Claim-jumper 2, Claim-jumper 3, Falling "
        "rocks, Rusted portcullis, The trapped miners",
    ),
    on(
        MINE,
        "sijoita nobody pithead",
        "hahmoa tai estettä 'nobody' ei löydy; tunnetut: Riesa, "
        "Rozio, Silbestre, Äijä Kivinen, Claim-jumper 1, Claim-jumper 2, Claim-jumper 3, "
        "Falling rocks, Rusted portcullis, The trapped miners",
        lang="fi",
    ),
    on(DEMO, "place rozio,vitor crypt", "placed in Crypt: Rozio, Vitor", ok=True),
    on(
        MINE,
        "place rocks,miners pithead",
        "placed in Pithead: Falling rocks, The trapped miners",
        ok=True,
    ),
    on(MINE, "place miners none", "placed in no zone: The trapped miners", ok=True),
]


@pytest.mark.parametrize("reply", PLACES, ids=reply_id)
def test_place(reply: Reply) -> None:
    check(reply)


def test_obstacles_are_placed_where_they_were_listed() -> None:
    scene = played(MINE, "place rocks,miners pithead").scene
    assert [(o.name, o.zone) for o in scene.obstacles] == [
        ("Falling rocks", "pithead"),
        ("Rusted portcullis", None),
        ("The trapped miners", "pithead"),
    ]


def test_a_changed_obstacle_keeps_its_place_among_the_others() -> None:
    before = played(MINE).scene.obstacles
    after = played(MINE, "set rocks rating 5").scene.obstacles
    assert [o.name for o in after] == [o.name for o in before]
    assert (after[0].rating, after[1:]) == (5, before[1:])


def test_setting_one_countdown_leaves_the_other_alone() -> None:
    before = played(MINE).scene.countdowns
    after = played(MINE, "set water boxes 6").scene.countdowns
    assert [(c.name, c.boxes) for c in after] == [("The water rises", 6), (before[1].name, 3)]
    assert after[1] == before[1]


def test_setting_one_challenge_leaves_the_other_alone() -> None:
    before = played(LIBRARY, STORM).scene.challenges
    after = played(LIBRARY, STORM, 'set save name "Save the ship"').scene.challenges
    assert [c.name for c in after] == ["Save the ship", "Escape the storm"]
    assert after[1] == before[1]


def test_setting_one_contest_leaves_the_other_alone() -> None:
    before = played(CHASE, BARGE).scene.contests
    after = played(CHASE, BARGE, "set catch victories 4").scene.contests
    assert [(c.name, c.victories_needed) for c in after] == [
        ("Catch the courier", 4),
        ("Beat the barge", before[1].victories_needed),
    ]
    assert after[1] == before[1]


def rolls(session_lines: tuple[str, ...], scene: Path = CHASE) -> list[tuple[str, str, str]]:
    """Each recorded contest roll of this exchange: its contest, side and roller."""
    return [
        (r.contest, r.side, r.roller) for r in played(scene, *session_lines).scene.contest_rolls
    ]


def test_a_renamed_contest_keeps_its_rolls_of_this_exchange() -> None:
    assert rolls(("contest roll rozio Athletics +0+0", 'set catch name "The hunt"')) == [
        ("The hunt", "Pursuers", "rozio")
    ]


def test_a_side_taken_away_takes_its_roll_with_it() -> None:
    played_lines = (
        "set catch side Watch watchman-1",
        "contest roll watchman-1 Notice 0000",
        "contest roll rozio Athletics +0+0",
        "set catch side Watch none",
    )
    assert rolls(played_lines) == [("Catch the courier", "Pursuers", "rozio")]


def test_changing_one_contest_leaves_another_contests_rolls_with_it() -> None:
    """Two contests each wait for a roll: changing one must not move the other's roll over
    (the other contest would then wait for a side that has rolled)."""
    session = played(
        CHASE,
        'contest start "Beat the barge" Pursuers=vitor Mirel=mirel',
        "contest roll rozio Athletics +0+0 in catch",
        "contest roll vitor Athletics 0000 in beat",
        "set catch victories 4",
    )
    assert [(r.contest, r.roller) for r in session.scene.contest_rolls] == [
        ("Catch the courier", "rozio"),
        ("Beat the barge", "vitor"),
    ]
    resolved = session.execute("contest roll mirel Athletics 0000 in beat")
    assert resolved.lines[1] == "exchange 1 (Pursuers -2, Mirel +2): Mirel: +1 victory, 1 of 3"


def test_notes_may_be_longer_than_a_name() -> None:
    notes = "n" * (MAX_NAME + 1)
    assert played(DEMO, f'set scene notes "{notes}"').scene.notes == notes


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            f"set: missing character, obstacle, countdown, zone, contest or challenge. "
            f"{SET_USAGE['en']}",
        ),
        (
            "fi",
            "aseta: hahmoa, estettä, tikittävää kelloa, aluetta, kilpailua tai haastetta ei "
            f"annettu. {SET_USAGE['fi']}",
        ),
    ],
)
def test_the_parse_stage_of_a_typed_set_names_what_it_lacks(lang: str, said: str) -> None:
    """A typed ``Set`` is read from its own words (``parse_set``): without any, it says what
    it needs, in the GM's language, before it asks for any record's fields."""

    def never(ref: str) -> Fields:
        raise AssertionError(f"no record to look up: {ref}")

    with pytest.raises(CommandError) as refused:
        parse_set(Tokens(find_verb("set"), [], lang), never)
    assert str(refused.value) == said


def test_in_zone_after_a_skill_list_is_the_zone_not_another_skill() -> None:
    """``in none`` after skills takes the character out of any zone: it is no skill "In"
    being dropped (the list of skills ends where ``in`` begins)."""
    session = played(DEMO, "set leader skill Fight 3 in none")
    assert session.log[-1].lines == ("Masked leader: zone, skills changed",)
    leader = session.scene.character("leader")
    assert (leader.zone, leader.skills["Fight"], "In" in leader.skills) == (None, 3, False)
