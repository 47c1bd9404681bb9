"""Typed requests render the command line a GM would type, and the session runs it."""

from __future__ import annotations

from fatescreen.commands.requests import (
    Attack,
    Compel,
    Cost,
    Create,
    Declare,
    EndScene,
    Field,
    Invoke,
    Line,
    Minion,
    Move,
    NextExchange,
    NextTurn,
    Overcome,
    RevealForm,
    Set,
    Stress,
    Tick,
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
