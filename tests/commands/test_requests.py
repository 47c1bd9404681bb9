"""Typed requests render the command line a GM would type, and the session runs it."""

from __future__ import annotations

import pytest

from fatescreen.commands.requests import (
    Absorb,
    Add,
    AddAspect,
    Attack,
    Compel,
    Cost,
    Create,
    Declare,
    Defend,
    EndScene,
    EndSession,
    Field,
    Invoke,
    Line,
    Link,
    ListTemplates,
    Milestone,
    Minion,
    Move,
    NextExchange,
    NextTurn,
    Overcome,
    Place,
    Play,
    Remove,
    RemoveAspect,
    RenameAspect,
    Request,
    RevealAspect,
    RevealForm,
    Save,
    SaveTemplate,
    Set,
    Stress,
    TakeOut,
    Tick,
    Trade,
    Unlink,
    Visibility,
    command_line,
    field,
)
from tests.commands.support import SCRIPTS, open_session


def test_requests_render_their_command_lines() -> None:
    assert Attack("vil", "bob", "Fight", "0000", ("+000",)).command() == (
        "attack vil bob Fight 0000 vs +000"
    )
    assert Attack("tiles", "ann", "ignored", hazard=True).command() == "hazard tiles ann"
    assert Overcome("ann", "Athletics", "2", "++++").command() == "overcome ann Athletics vs 2 ++++"
    assert Create("ann", None, "Side door", "Fair").command() == "create ann 'Side door' vs Fair"
    assert Invoke("slick-cobbles", "ann", "free").command() == "invoke slick-cobbles by ann free"
    assert NextTurn("Masked leader").command() == "next 'Masked leader'"
    assert NextExchange("ann").command() == "exchange ann"
    assert Line("undo").command() == "undo"


def test_a_request_does_what_its_typed_line_does() -> None:
    request = Attack("vil", "bob", "Fight", "0000", ("+000",))
    by_request = open_session(SCRIPTS / "rulebook.toml")
    by_hand = open_session(SCRIPTS / "rulebook.toml")
    assert (
        by_request.execute(request.command()).lines
        == by_hand.execute("attack vil bob Fight 0000 vs +000").lines
    )
    assert by_request.scene == by_hand.scene


def test_the_tables_requests_render_their_command_lines() -> None:
    assert Minion("cultist-1").command() == "minion cultist-1"
    assert RevealForm("leader", "soft").command() == "reveal leader soft"
    assert Stress("ann", "physical", 2).command() == "stress ann physical 2"
    assert Compel("ann", "character:ann/trouble", "refuse").command() == (
        "compel ann character:ann/trouble refuse"
    )
    assert Cost("The rope snaps").command() == "cost 'The rope snaps'"
    assert Tick("ritual").command() == "tick ritual"
    assert Move("ann", "Dock's end").command() == "move ann 'Dock'\"'\"'s end'"
    assert Compel("bob", "owes", "withdraw", "ann").command() == "compel bob owes withdraw by ann"
    assert Declare("ann", "The key", free=True).command() == "declare ann 'The key' free"
    assert Attack("vil", "ann", "Fight", cover="wall", cover_mode="weakens").command() == (
        "attack vil ann Fight cover wall weakens"
    )
    assert Overcome("ann", "Athletics", dice="0000", reasons=2).command() == (
        "overcome ann Athletics vs hard 2 0000"
    )


def test_an_actively_opposed_roll_puts_the_rollers_dice_before_vs() -> None:
    """Faces after the opponent and its skill are the opponent's (``roll_options``)."""
    assert Overcome(
        "ann", "Athletics", "bob", "++++", opponent_skill="Physique", opponent_dice="0000"
    ).command() == ("overcome ann Athletics ++++ vs bob Physique 0000")
    assert Create("ann", "Deceive", "Fooled", "bob", opponent_skill="Notice").command() == (
        "create ann Deceive Fooled vs bob Notice"
    )


def test_a_countdown_taken_back_and_a_field_set_write_their_lines_as_typed() -> None:
    assert Tick("ritual", back=True, count=2).command() == "tick ritual back 2"
    assert Tick("ritual").command() == "tick ritual"
    assert Set("ann", (field("skill", "Fight", "+3"),)).command() == "set ann skill Fight +3"
    assert field("zone") == Field("zone", ())
    assert Cost(cost_for="ann").command() == "cost for ann"
    assert Cost("Lost the map", "bob").command() == "cost for bob 'Lost the map'"
    assert EndScene(2).command() == "endscene compels 2"
    assert EndScene().command() == "endscene"


def test_an_order_is_a_request_or_a_line_as_typed() -> None:
    assert command_line("pool 3") == "pool 3"
    assert command_line(Tick("ritual", back=True)) == "tick ritual back"


LINES = [
    (
        Add("mooks", "Thugs", "3", (field("skill", "Fight", "+1"),), "hall"),
        "add mooks Thugs 3 skill Fight +1 in hall",
    ),
    (Add("zone", "Roof"), "add zone Roof"),
    (Add("pc"), "add pc"),
    (Place("ann, bob", "hall"), "place 'ann, bob' hall"),
    (Place("ann", None), "place ann none"),
    (Remove("thugs"), "remove thugs"),
    (
        SaveTemplate("thugs", "Hired thugs", "extra.toml"),
        "template save thugs as 'Hired thugs' to extra.toml",
    ),
    (SaveTemplate("thugs"), "template save thugs"),
    (ListTemplates(), "template list"),
    (Link("hall", "roof", (field("barrier", "2"),)), "link hall roof barrier 2"),
    (Unlink("hall", "roof"), "unlink hall roof"),
    (
        AddAspect("Smoke", "hall", "trouble", 2, "ann", hidden=True),
        "aspect add Smoke on hall trouble free 2 for ann hidden",
    ),
    (AddAspect("Smoke"), "aspect add Smoke"),
    (RemoveAspect("smoke"), "aspect remove smoke"),
    (RevealAspect("smoke"), "aspect reveal smoke"),
    (RenameAspect("smoke", "Thick smoke"), "aspect rename smoke 'Thick smoke'"),
    (Visibility("thugs", secret=True), "secret thugs"),
    (Visibility("thugs", secret=False), "public thugs"),
    (Milestone("ann", "swap", ("Fight", "Lore")), "milestone ann swap Fight Lore"),
    (Play("2"), "play 2"),
    (Defend("bob", "Athletics", "+0-0"), "defend bob Athletics +0-0"),
    (Defend(), "defend"),
    (Absorb(2, ("Bruised ribs",), "Winded"), "absorb 2 'Bruised ribs' replacing Winded"),
    (Absorb(), "absorb"),
    (Minion("thugs-2"), "minion thugs-2"),
    (Minion(), "minion"),
    (RevealForm("ghoul", "full"), "reveal ghoul full"),
    (RevealForm("ghoul"), "reveal ghoul"),
    (Stress("ann", "mental", 2), "stress ann mental 2"),
    (Stress("ann", None, 1), "stress ann 1"),
    (Compel("ann", "Trouble", "offer", "bob"), "compel ann Trouble offer by bob"),
    (Compel("ann", "Trouble", "accept"), "compel ann Trouble accept"),
    (Declare("ann", "A back door", free=True), "declare ann 'A back door' free"),
    (Declare("ann", "A back door"), "declare ann 'A back door'"),
    (Cost("Lost the map"), "cost 'Lost the map'"),
    (Cost(), "cost"),
    (Move("ann", "roof", "Athletics", "+000", ("bob",)), "move ann roof Athletics +000 with bob"),
    (Move("ann", "roof"), "move ann roof"),
    (Trade("Off balance"), "trade 'Off balance'"),
    (Trade(), "trade"),
    (TakeOut("bob"), "takeout bob"),
    (TakeOut(), "takeout"),
    (EndSession(), "endsession"),
    (Save(), "save"),
    (Save("replay"), "save --replay"),
    (Save("overwrite"), "save --overwrite"),
    (
        Attack("vil", None, zone="hall", kind="mental", helpers=("a", "b")),
        "attack vil zone hall mental with a,b",
    ),
    (
        Attack("vil", "bob", "Fight", cover="crates", cover_mode="blocks"),
        "attack vil bob Fight cover crates blocks",
    ),
    (Overcome("ann", "Lore", reasons=2, dice="+000"), "overcome ann Lore vs hard 2 +000"),
    (
        Overcome("ann", "Lore", "bob", "+000", "Will", "-000"),
        "overcome ann Lore +000 vs bob Will -000",
    ),
    (Create("ann", "Lore", "Clue", holder="desk"), "create ann Lore Clue on desk"),
    (
        Invoke("clue", payment="paid", effect="reroll", reroll_dice="++00"),
        "invoke clue paid reroll ++00",
    ),
]


@pytest.mark.parametrize(("request_", "line"), LINES, ids=[line for _, line in LINES])
def test_every_request_writes_its_line_in_the_commands_own_words(
    request_: Request, line: str
) -> None:
    """The line is what the log shows and the journal keeps: the verb's and keywords' own
    lower-case English words, optional parts only when given."""
    assert request_.command() == line


def test_four_dice_after_vs_are_never_read_as_a_difficulty() -> None:
    """``0000`` reads as a rating of 0, but after ``vs`` four dice are the GM's faces in the
    wrong place, not Mediocre (+0): the line is refused and nothing is rolled."""
    session = open_session(SCRIPTS / "seams.toml")
    before = session.scene
    result = session.execute(Overcome("ann", "Athletics", "0000").command())
    assert (result.ok, result.lines) == (
        False,
        (
            "no character or obstacle '0000'; known: Ann, Bob, Villain, Chain-link fence, "
            "Stone wall, Burning beams",
        ),
    )
    assert session.scene == before
    assert Create("ann", "Lore", "Clue", "0000", "+000").command() == (
        "create ann Lore Clue +000 vs 0000"
    )
