"""Bad commands: each explains itself, changes nothing, and makes ``fatescreen run`` fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.support import CHASE, DEMO, LIBRARY, MINE, cli_run, played

HIT = "attack leader rozio Fight +0++ vs -000"
SPLIT = "attack vitor cultist-1,cultist-2 Shoot +000"

CASES: list[tuple[Path, tuple[str, ...], str, str]] = [
    # -- the line itself
    (DEMO, (), "frobnicate", "unknown command 'frobnicate'; 'help' lists every command"),
    (DEMO, (), "atack", "unknown command 'atack'; did you mean attack?"),
    (
        DEMO,
        (),
        "c",
        "'c' begins several commands: challenge, compel, concede, contest, cost, create",
    ),
    (DEMO, (), 'aspect add "Unclosed', "a quote is not closed: No closing quotation"),
    (DEMO, (), "help frob", "unknown command 'frob'; 'help' lists every command"),
    (DEMO, (), "undo", "nothing to undo"),
    (DEMO, (), "redo", "nothing to redo"),
    (DEMO, (), "undo 2", "undo: did not understand '2'. Usage: undo"),
    # -- names
    (
        DEMO,
        (),
        "attack cultist rozio",
        "'cultist' could be more than one character: Cultist 1, Cultist 2, Cultist 3",
    ),
    (
        DEMO,
        (),
        "attack nobody rozio",
        "no character 'nobody'; known: Silbestre, Rozio, Vitor, "
        "Riesa, Masked leader, Cultist 1, Cultist 2, Cultist 3",
    ),
    (DEMO, (), "tick nothing", "no countdown 'nothing'; known: The ritual completes"),
    (MINE, (), "block pass riesa nothing", "no block 'nothing'; known: Rusted portcullis"),
    # -- rolls
    (
        DEMO,
        (),
        "roll abc",
        "roll: 'abc' is not a number. Usage: roll RATING [vs DIFFICULTY] [FACES] [+N...]",
    ),
    (
        DEMO,
        (),
        "roll 3 dice 12",
        "expected 4 dice as + 0 - (e.g. +0-+) or d6 values (e.g. 1356), got '12'",
    ),
    (DEMO, (), "roll 99", "numbers here go from -20 to 20"),
    (DEMO, (), "odds 3 vs 2 rerolls 9", "odds: 0 to 20 invokes and 0 to 5 rerolls"),
    (DEMO, (), "attack rozio", "attack: missing the defender. Usage: attack ATTACKER"),
    (DEMO, (), "attack rozio rozio", "Rozio cannot act against themself"),
    (DEMO, (), "attack rozio leader Shoot ++++ banana", "attack: did not understand 'banana'."),
    (DEMO, (), "attack rozio leader ++++ ----", "attack: dice given twice"),
    (
        DEMO,
        ("takeout cultist-1",),
        "fulldefense cultist-1",
        "Cultist 1 is out of the scene (taken out or conceded)",
    ),
    (
        DEMO,
        (),
        "overcome rozio Athletics with rozio vs 2",
        "the helpers must be others than Rozio, each named once",
    ),
    (
        DEMO,
        (),
        "overcome rozio Athletics with vitor,,riesa vs 2",
        "overcome: 'vitor,,riesa' is not a list of names (e.g. rozio,vitor).",
    ),
    (
        DEMO,
        (),
        "overcome vitor Athletics with riesa vs 2",
        "the most skilled rolls: Riesa has Athletics Good (+3), more than Vitor's Fair (+2)",
    ),
    (DEMO, (), "overcome rozio", "overcome: missing skill. Usage: overcome ACTOR SKILL"),
    (
        MINE,
        (),
        "overcome rocks vs 2",
        "Falling rocks is a hazard: hazards attack and create advantages, but never overcome",
    ),
    (MINE, (), "hazard rocks riesa with rozio", "Falling rocks cannot be helped by teamwork"),
    (
        DEMO,
        (HIT,),
        "overcome vitor Crafts vs 2",
        "Rozio must first absorb the hit of 6 (absorb / takeout / minion)",
    ),
    # -- changing a roll
    (DEMO, (), "invoke incense", "there is no roll to change: roll first"),
    (
        DEMO,
        ("overcome rozio Athletics vs 2 0000", "fp give vitor"),
        "invoke wanted",
        "the last roll is settled (the scene has changed since): roll again",
    ),
    (
        DEMO,
        ("overcome rozio Athletics vs 2 0000", "invoke wanted"),
        "invoke wanted",
        '"Wanted in three harbours" was already invoked for a fate point on this roll',
    ),
    (
        DEMO,
        ('boost rozio "Off balance"', "overcome rozio Athletics vs 2 0000"),
        "invoke balance paid",
        '"Off balance" is a boost: it gives one free invoke and cannot be paid for',
    ),
    (
        DEMO,
        ("overcome rozio Athletics vs 2 0000",),
        "invoke candles free",
        'Rozio holds no free invoke on "Candles everywhere"',
    ),
    (
        DEMO,
        ("overcome rozio Athletics vs 2 0000",),
        "invoke candles hostile",
        '"Candles everywhere" does not belong to an opponent of Rozio: not a hostile invoke',
    ),
    (
        DEMO,
        ("fp spend rozio 3", "overcome rozio Athletics vs 2 0000"),
        "invoke wanted",
        "Rozio has no fate points left",
    ),
    (DEMO, (), "stunt 2", "there is no roll to change: roll first"),
    (DEMO, ("overcome rozio Athletics vs 2 0000",), "stunt 0", "a stunt adds 1 to 20"),
    (
        DEMO,
        ("overcome rozio Athletics vs 2 0000",),
        "stunt vitor 2",
        "Vitor takes no part in the last roll",
    ),
    (
        DEMO,
        ("overcome vitor Crafts vs 2 ++++",),
        "cost the lamp",
        "no success at a cost here: the roll is a success with style",
    ),
    (DEMO, ("overcome vitor Crafts vs 4 0000",), "cost", "name the cost: cost TEXT"),
    (DEMO, (HIT,), "cost", "no success at a cost here: the roll is a success with style"),
    (DEMO, ("overcome vitor Crafts vs 2 0000",), "defend Fight", "the last roll has no defender"),
    (
        DEMO,
        ("overcome vitor Crafts vs 2 0000",),
        "split 1 1",
        "the last roll is an overcome: this works on another kind of roll",
    ),
    (
        DEMO,
        (SPLIT,),
        "split 9 9",
        "give 2 shares (Cultist 1, Cultist 2), each at least 1, adding up to 4",
    ),
    (DEMO, (SPLIT,), "split 2 2 vs 0000 0000 0000", "more defense dice than defenders (2)"),
    (DEMO, (SPLIT, "split 2 2 vs 0000 0000"), "split 2 2", "the effort is already split"),
    (
        DEMO,
        (SPLIT, "split 2 2 vs 0000 0000"),
        "defend Athletics",
        "name the defender: Cultist 1, Cultist 2",
    ),
    (
        DEMO,
        (SPLIT,),
        "invoke candles by cultist-1",
        "split the effort first: the defenders have not rolled yet",
    ),
    (
        DEMO,
        ("overcome vitor Crafts vs 2 0000",),
        "trade",
        "only an attack on one defender that succeeds with style can trade a shift for a boost",
    ),
    (DEMO, (HIT, "trade"), "trade", "a shift of this hit is already traded for a boost"),
    # -- harm
    (DEMO, (), "absorb", "there is no hit waiting to be absorbed"),
    (DEMO, (HIT,), "absorb 9", "no option 9: choose 1 to 4"),
    (
        DEMO,
        (HIT,),
        "absorb 2",
        'name the new consequence: 1 text needed, e.g. absorb 2 "Bruised ribs"',
    ),
    (DEMO, (HIT,), "minion", "Rozio has no standing minions to take the hit"),
    (
        DEMO,
        ("attack rozio leader ++++ vs 0000",),
        "minion vitor",
        "Vitor is not a minion of Masked leader; choose: Cultist 1, Cultist 2, Cultist 3",
    ),
    (DEMO, (HIT,), "concede rozio", "too late to concede: concede before the opponent rolls"),
    (DEMO, (), "reveal rozio", "Rozio has no further true form"),
    (DEMO, (), "stress silbestre physical 9", "Silbestre's track has boxes 1 to 4, not 9"),
    (DEMO, (), "stress silbestre mental x", "stress: 'x' is not a number."),
    (
        LIBRARY,
        (),
        "recover vitor Empathy burned ++00",
        'give "Burned hands" its new name, e.g. recover NAME SKILL CONSEQUENCE "Arm in a cast"',
    ),
    (
        LIBRARY,
        ('recover vitor Empathy burned "Bandaged hands" ++00',),
        'recover vitor Empathy bandaged "Healed" ++00',
        '"Bandaged hands" is already recovering',
    ),
    # -- aspects and points
    (
        DEMO,
        (),
        'aspect add "Candles everywhere" on hall',
        'Ritual hall already has the aspect "Candles everywhere"',
    ),
    (DEMO, (), "aspect reveal candles", '"Candles everywhere" is not hidden'),
    (DEMO, (), "aspect frob", "aspect: missing add/remove/reveal/rename. Usage: aspect add"),
    (
        DEMO,
        (),
        "free pass candles vitor rozio",
        'Vitor holds no free invoke on "Candles everywhere"',
    ),
    (DEMO, (), "free add candles 99", "free invokes: 1 to 20"),
    (DEMO, (), "fp spend rozio 5", "Rozio has only 3 fate points"),
    (DEMO, (), "fp rozio", "fp: missing give/spend. Usage: fp give|spend WHO [N] [REASON...]"),
    (
        DEMO,
        ("fp spend rozio 3",),
        "compel rozio wanted refuse",
        "Rozio has no fate point to refuse the compel",
    ),
    (
        DEMO,
        ('boost rozio "Off balance"',),
        "compel rozio balance accept",
        '"Off balance" is a boost: boosts cannot be compelled',
    ),
    (DEMO, (), "pool -1", "the GM pool is 0 to 1000"),
    # -- flow
    (DEMO, (), "move vitor crypt", "Crypt is not adjacent to Vitor's zone (Stairs)"),
    (DEMO, (), "move rozio hall", "Rozio is already in Ritual hall"),
    (
        DEMO,
        (),
        "move rozio stairs ++++",
        "nothing stands between here and Stairs: move without dice",
    ),
    (DEMO, ("next sil",), "next sil", "Silbestre has already acted in exchange 1; pick one of:"),
    (DEMO, (), "exchange rozio", "no exchange has started: use  next NAME  to pick who acts first"),
    (
        DEMO,
        ("tick ritual 4",),
        "tick ritual",
        "countdown 'The ritual completes' has already run out",
    ),
    (DEMO, ("fulldefense sil",), "fulldefense sil", "Silbestre is already on full defense"),
    # -- contests and challenges
    (DEMO, (), "contest roll rozio Athletics", "no contest is running: contest start NAME"),
    (DEMO, (), "contest start Race rozio", "a contest needs at least two sides"),
    (DEMO, (), "contest start Race rozio vitor to 9", "a contest is won with 3 to 5 victories"),
    (DEMO, (), "contest start Race a=rozio b=rozio", "a character can be on one side only"),
    (DEMO, (), "contest start Race rozio rozio", "each side needs its own name"),
    (
        CHASE,
        (),
        'contest start "Catch the courier" rozio mirel',
        "there is already a contest Catch the courier",
    ),
    (
        CHASE,
        ("contest roll rozio Athletics 0000",),
        "contest roll vitor Athletics",
        "Pursuers has already rolled (or forfeited) in exchange 3",
    ),
    (
        CHASE,
        ("contest roll rozio Athletics 0000",),
        "contest roll mirel Athletics vs 2",
        "in Catch the courier this exchange every side rolls against the same kind of opposition",
    ),
    (CHASE, (), "contest roll pursuers Athletics", "name who rolls for Pursuers: Rozio, Vitor"),
    (DEMO, (), "challenge roll x rozio", "no challenge is running: challenge start NAME"),
    (LIBRARY, (), "challenge roll smother vitor", "Smother the flames is already rolled (success)"),
    (
        DEMO,
        (),
        'challenge start X "bad"',
        'a task is "NAME:SKILL:DIFFICULTY", e.g. "Find the book:Investigate:3"; not \'bad\'',
    ),
]


@pytest.mark.parametrize(
    ("scene", "setup", "command", "message"),
    CASES,
    ids=[f"{case[2]}" for case in CASES],
)
def test_a_bad_command_explains_itself_and_changes_nothing(
    scene: Path, setup: tuple[str, ...], command: str, message: str, tmp_path: Path
) -> None:
    session = played(scene, *setup)
    before = session.scene
    steps = session.history.done
    result = session.execute(command)
    assert not result.ok
    assert result.lines[0].startswith(message), result.lines[0]
    assert session.scene == before
    assert session.history.done == steps
    status, output = cli_run(scene, "\n".join((*setup, command)) + "\n", tmp_path)
    assert status == 1
    assert output.rstrip().split("\n")[-1] == f"  error: {result.lines[0]}"
