"""``aspect``, ``free`` and ``boost`` as the GM sees them: every word a line can lack, named
in English and Finnish; the bounds of a free-invoke count; names that clash and names that
do not; where a new high concept or trouble goes on a sheet, and what kind of aspect a zone
or the scene gets."""

from __future__ import annotations

import pytest

from fatescreen.rules.aspects import GM, AspectKind
from fatescreen.scene.aspects import aspects_in_play
from tests.commands.support import DEMO, played
from tests.commands.test_verb_replies import Reply, check, refused, reply_id

ASPECT_USAGE = {
    "en": 'Usage: aspect add "NAME" [on WHERE] [concept|trouble] [free N [for WHO]] [hidden] '
    '| remove|reveal ASPECT | rename ASPECT "NEW"',
    "fi": 'Käyttö: piirre lisää "NIMI" [kohteeseen MIHIN] [ydin|ongelma] '
    '[ilmainen N [hyväksi KUKA]] [piilotettu] | poista|paljasta PIIRRE | nimeä PIIRRE "UUSI"',
}
FREE_USAGE = {
    "en": "Usage: free add ASPECT [N] [for WHO] | spend ASPECT [by WHO] | pass ASPECT FROM TO",
    "fi": "Käyttö: ilmainen lisää PIIRRE [N] [hyväksi KUKA] | käytä PIIRRE [käyttäjä KUKA] "
    "| siirrä PIIRRE KENELTÄ KENELLE",
}
BOOST_USAGE = {"en": 'Usage: boost WHO "NAME"', "fi": 'Käyttö: särmä KUKA "NIMI"'}
VERB = {"aspect": "piirre", "free": "ilmainen", "boost": "särmä"}
"""Each verb's Finnish word."""
USAGE = {"aspect": ASPECT_USAGE, "free": FREE_USAGE, "boost": BOOST_USAGE}


def missing(verb: str, line: str, en: str, fi_line: str, fi: str) -> list[Reply]:
    """A line refused for lacking a word, in English and (as ``fi_line``) in Finnish: ``en``
    and ``fi`` are what each calls the missing word."""
    return [
        refused((), line, f"{verb}: missing {en}. {USAGE[verb]['en']}"),
        refused((), fi_line, f"{VERB[verb]}: {fi} ei annettu. {USAGE[verb]['fi']}", "fi"),
    ]


MISSING = [
    # the action itself: its words in the GM's language
    *missing(
        "aspect", "aspect", "add/remove/reveal/rename", "piirre", "lisää/poista/paljasta/nimeä"
    ),
    *missing("free", "free", "add/spend/pass", "ilmainen", "lisää/käytä/siirrä"),
    # aspect
    *missing("aspect", "aspect remove", "aspect", "piirre poista", "piirrettä"),
    *missing("aspect", "aspect reveal", "aspect", "piirre paljasta", "piirrettä"),
    *missing(
        "aspect", "aspect rename incense", "the new name", "piirre nimeä incense", "uutta nimeä"
    ),
    *missing(
        "aspect",
        'aspect rename incense "  "',
        "the new name",
        'piirre nimeä incense "  "',
        "uutta nimeä",
    ),
    *missing("aspect", "aspect add", "the aspect's name", "piirre lisää", "piirteen nimeä"),
    *missing(
        "aspect", 'aspect add "  "', "the aspect's name", 'piirre lisää "  "', "piirteen nimeä"
    ),
    *missing(
        "aspect",
        "aspect add Fog on",
        "character or zone",
        "piirre lisää Fog kohde",
        "hahmoa tai aluetta",
    ),
    *missing(
        "aspect",
        "aspect add Fog free",
        "the number of free invokes",
        "piirre lisää Fog ilmainen",
        "ilmaisten käyttöjen määrää",
    ),
    *missing(
        "aspect",
        "aspect add Fog free 1 for",
        "character",
        "piirre lisää Fog ilmainen 1 omistaja",
        "hahmoa",
    ),
    # boost
    *missing("boost", "boost", "character", "särmä", "hahmoa"),
    *missing("boost", "boost rozio", "the aspect's name", "särmä rozio", "piirteen nimeä"),
    *missing(
        "boost", 'boost rozio "  "', "the aspect's name", 'särmä rozio "  "', "piirteen nimeä"
    ),
    # free
    *missing("free", "free add", "aspect", "ilmainen lisää", "piirrettä"),
    *missing(
        "free", "free add candles for", "character", "ilmainen lisää candles omistaja", "hahmoa"
    ),
    *missing(
        "free", "free spend candles by", "character", "ilmainen käytä candles käyttäjä", "hahmoa"
    ),
    *missing("free", "free pass candles", "who gives", "ilmainen siirrä candles", "antajaa"),
    *missing(
        "free", "free pass candles gm", "who receives", "ilmainen siirrä candles pj", "saajaa"
    ),
]


@pytest.mark.parametrize("reply", MISSING, ids=reply_id)
def test_a_line_that_lacks_a_word_names_it(reply: Reply) -> None:
    check(reply)


BOOSTED = ('boost rozio "Off balance"',)

FREE_INVOKES = [
    # an aspect is added with 0 to 20 free invokes; free add puts 1 to 20 on one
    Reply(
        (),
        "aspect add Fog free 20",
        ('new aspect "Fog" on the scene · 20 free invokes on "Fog" for GM',),
    ),
    Reply((), "aspect add Fog free 0", ('new aspect "Fog" on the scene',)),
    refused((), "aspect add Fog free 21", "free invokes: 0 to 20"),
    refused((), "aspect add Fog free -1", "free invokes: 0 to 20"),
    refused((), "piirre lisää Fog ilmainen 21", "ilmaisia käyttöjä 0–20", "fi"),
    Reply((), "free add candles 20", ('20 free invokes on "Candles everywhere" for GM',)),
    Reply((), "free add candles 1", ('1 free invoke on "Candles everywhere" for GM',)),
    # without a count one, without an owner the GM's
    Reply((), "free add candles", ('1 free invoke on "Candles everywhere" for GM',)),
    refused((), "free add candles 21", "free invokes: 1 to 20"),
    refused((), "free add candles 0", "free invokes: 1 to 20"),
    refused((), "ilmainen lisää candles 0", "ilmaisia käyttöjä 1–20", "fi"),
    # a boost holds exactly one
    refused(
        BOOSTED, "free add balance", '"Off balance" is a boost: it holds exactly one free invoke'
    ),
    refused(
        BOOSTED,
        "ilmainen lisää balance",
        '"Off balance" on särmä: siinä on täsmälleen yksi ilmainen käyttö',
        "fi",
    ),
    # passing needs two holders
    refused((), "free pass candles gm gm", "GM would pass the free invoke to themself"),
    refused((), "ilmainen siirrä candles pj gm", "PJ antaisi ilmaisen käytön itselleen", "fi"),
    Reply(
        ("free add candles for rozio",),
        "free pass candles rozio gm",
        ('Rozio passes a free invoke on "Candles everywhere" to GM',),
    ),
]


@pytest.mark.parametrize("reply", FREE_INVOKES, ids=reply_id)
def test_free_invoke_counts_and_holders(reply: Reply) -> None:
    check(reply)


NAMES = [
    # an aspect's name is unique on its holder (by id: case does not count)...
    refused(
        (),
        'aspect rename chanting "choking INCENSE"',
        'the scene already has the aspect "choking INCENSE"',
    ),
    refused(
        (),
        'piirre nimeä chanting "Choking incense"',
        'kohtaus: piirre "Choking incense" on jo olemassa',
        "fi",
    ),
    refused(
        (), 'boost rozio "Choking incense"', 'the scene already has the aspect "Choking incense"'
    ),
    refused(
        (),
        'särmä rozio "Choking incense"',
        'kohtaus: piirre "Choking incense" on jo olemassa',
        "fi",
    ),
    # ... not across holders (Slippery steps is on the stairs), and not against itself
    Reply(
        (),
        'aspect rename chanting "Slippery steps"',
        ('aspect "Chanting echoes" is now "Slippery steps"',),
    ),
    Reply(
        (),
        'aspect rename chanting "CHANTING ECHOES"',
        ('aspect "Chanting echoes" is now "CHANTING ECHOES"',),
    ),
]


@pytest.mark.parametrize("reply", NAMES, ids=reply_id)
def test_aspect_names_clash_on_one_holder_only(reply: Reply) -> None:
    check(reply)


HIGH_CONCEPT = ("Haunted scholar of the old books", AspectKind.HIGH_CONCEPT)
TROUBLE = ("Can't leave a mystery alone", AspectKind.TROUBLE)
OTHERS = [
    ("Owes Rozio his life", AspectKind.CHARACTER),
    ("Never without his notebook", AspectKind.CHARACTER),
    ("Friends in the archive", AspectKind.CHARACTER),
]
WITHOUT_TROUBLE = 'aspect remove "Can\'t leave"'
WITHOUT_CONCEPT = 'aspect remove "Haunted scholar"'


def silbestre_after(*commands: str) -> list[tuple[str, AspectKind]]:
    """Silbestre's aspects in the order his sheet (and his record in the file) lists them,
    after commands that must all succeed."""
    character = played(DEMO, *commands).scene.character("silbestre")
    return [(aspect.name, aspect.kind) for aspect in character.aspects]


def test_a_new_trouble_goes_right_after_the_high_concept() -> None:
    added = silbestre_after(WITHOUT_TROUBLE, 'aspect add "Curious" on sil trouble')
    assert added == [HIGH_CONCEPT, ("Curious", AspectKind.TROUBLE), *OTHERS]


def test_a_new_trouble_goes_first_when_there_is_no_high_concept() -> None:
    added = silbestre_after(WITHOUT_CONCEPT, WITHOUT_TROUBLE, 'aspect add "Curious" on sil trouble')
    assert added == [("Curious", AspectKind.TROUBLE), *OTHERS]


def test_a_new_high_concept_goes_first_even_before_the_trouble() -> None:
    added = silbestre_after(WITHOUT_CONCEPT, 'aspect add "Bookworm" on sil concept')
    assert added == [("Bookworm", AspectKind.HIGH_CONCEPT), TROUBLE, *OTHERS]


def test_an_aspect_on_a_zone_or_the_scene_is_a_situation_aspect_on_a_character_not() -> None:
    session = played(
        DEMO, 'aspect add "Fog" on hall', 'aspect add "Rain"', 'aspect add "Soaked" on rozio'
    )
    added = {
        (a.holder, a.aspect.name, a.aspect.kind, a.aspect.free_invokes)
        for a in aspects_in_play(session.scene)
        if a.aspect.name in ("Fog", "Rain", "Soaked")
    }
    assert added == {
        ("zone:ritual-hall", "Fog", AspectKind.SITUATION, ()),
        ("scene", "Rain", AspectKind.SITUATION, ()),
        ("character:rozio", "Soaked", AspectKind.CHARACTER, ()),
    }


def test_free_add_without_a_count_or_owner_gives_the_gm_one() -> None:
    session = played(DEMO, "free add candles")
    held = [
        a.aspect.free_invokes
        for a in aspects_in_play(session.scene)
        if a.aspect.name == "Candles everywhere"
    ]
    assert held == [(GM,)]
