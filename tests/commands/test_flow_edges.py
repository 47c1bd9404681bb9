"""move, next, exchange, tick, pool and endscene at their edges: what the GM is told when a
line is short or refused (in English and Finnish), and what each leaves in the scene."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fatescreen.commands.fate_session import fate_session
from fatescreen.commands.session import Session
from fatescreen.rules.character import StressKind
from fatescreen.rules.conflict import TurnOrder
from fatescreen.rules.fate_points import LedgerEntry
from fatescreen.rules.obstacles import Block
from fatescreen.scene.model import PendingHit
from tests.commands.support import DEMO, MINE, open_session, played


def refusal(session: Session, line: str) -> str:
    """The one line a refused command says; the scene stays as it was."""
    before = session.scene
    result = session.execute(line)
    assert (result.ok, session.scene) == (False, before), result.lines
    (said,) = result.lines
    return said


def with_harmful_portcullis(session: Session) -> Session:
    """The mine's portcullis (Great (+4), between the flooded gallery and the vault) with
    a Weapon 2: falling short of it hurts."""
    scene = session.scene
    obstacles = tuple(
        replace(o, weapon=2) if isinstance(o, Block) and o.id == "rusted-portcullis" else o
        for o in scene.obstacles
    )
    session.scene = replace(scene, obstacles=obstacles)
    return session


@pytest.mark.parametrize(
    ("lang", "line", "said"),
    [
        ("en", "move", "move: missing character. Usage: move NAME ZONE [SKILL] [FACES] [with H,H]"),
        (
            "en",
            "move rozio",
            "move: missing zone. Usage: move NAME ZONE [SKILL] [FACES] [with H,H]",
        ),
        ("en", "next", "next: missing character or hazard. Usage: next NAME"),
        ("en", "exchange", "exchange: missing character or hazard. Usage: exchange NAME"),
        ("en", "pool", "pool: missing the pool size. Usage: pool N"),
        ("en", "pool 1001", "the GM pool is 0 to 1000"),
        (
            "en",
            "tick",
            "tick: missing countdown. Usage: tick COUNTDOWN [N] | tick COUNTDOWN back [N]",
        ),
        (
            "fi",
            "move",
            "siirry: hahmoa ei annettu. Käyttö: siirry NIMI ALUE [TAITO] [NOPAT] [kanssa A,A]",
        ),
        (
            "fi",
            "move rozio",
            "siirry: aluetta ei annettu. Käyttö: siirry NIMI ALUE [TAITO] [NOPAT] [kanssa A,A]",
        ),
        (
            "fi",
            "next",
            "seuraava: hahmoa tai vaarallista estettä ei annettu. Käyttö: seuraava NIMI",
        ),
        ("fi", "pool", "varanto: varannon kokoa ei annettu. Käyttö: varanto N"),
        ("fi", "pool 1001", "PJ:n varanto on 0–1000"),
        (
            "fi",
            "tick",
            "tikitä: tikittävää kelloa ei annettu. Käyttö: tikitä TIKITTÄVÄ_KELLO [N] | "
            "tikitä TIKITTÄVÄ_KELLO takaisin [N]",
        ),
    ],
)
def test_a_short_line_names_what_is_missing_in_the_gms_language(
    lang: str, line: str, said: str
) -> None:
    assert refusal(open_session(DEMO, lang), line) == said


def test_the_gm_pool_goes_up_to_1000() -> None:
    """1000 is the largest pool ``pool`` accepts (1001 is refused above)."""
    session = played(DEMO, "pool 1000")
    assert session.scene.gm_pool == 1000


def test_move_rolls_the_skill_named_instead_of_athletics() -> None:
    """Riesa's Fight is Great (+4), her Athletics Fair (+2): named, Fight is rolled."""
    session = open_session(MINE)
    result = session.execute("move riesa gallery Fight -000")
    assert result.lines == (
        "Riesa crosses to Flooded gallery with Fight: Great (+4) + [- 0 0 0] = Good (+3) vs "
        "Fair (+2): success",
        "Riesa moves to Flooded gallery",
    )


def test_move_reads_dice_after_the_keyword_dice() -> None:
    """``dice`` is a keyword, not a skill: the default skill (Athletics) is rolled."""
    session = open_session(DEMO)
    result = session.execute("move silbestre crypt dice -000")
    assert result.lines[0] == (
        "Silbestre crosses to Crypt with Athletics: Good (+3) + [- 0 0 0] = Fair (+2) vs Fair "
        "(+2): success at a minor cost"
    )
    assert session.scene.character("silbestre").zone == "crypt"


def test_move_takes_no_opposition_after_vs() -> None:
    """``vs`` is a keyword, not a skill: move has no opposing roll, so it is refused."""
    said = refusal(open_session(DEMO), "move silbestre crypt vs")
    assert said == (
        "move: did not understand 'vs'. Usage: move NAME ZONE [SKILL] [FACES] [with H,H]"
    )


def test_helpers_add_teamwork_to_a_crossing() -> None:
    """Riesa helps Rozio up the broken ladder: +1 for teamwork, Fair (+2) becomes Good (+3)."""
    session = open_session(MINE)
    result = session.execute("move rozio gallery Athletics -000 with riesa")
    assert result.lines == (
        "Rozio crosses to Flooded gallery with Athletics: Good (+3) + [- 0 0 0] + 1 "
        "(teamwork) = Good (+3) vs Fair (+2): success (teamwork: Riesa)",
        "Rozio moves to Flooded gallery",
    )


def test_a_move_across_a_barrier_is_undone_by_its_label() -> None:
    session = played(DEMO, "move silbestre crypt Athletics -000")
    undone = session.execute("undo")
    assert undone.lines == ("undone: Silbestre moves to Crypt",)
    assert session.scene.character("silbestre").zone == "ritual-hall"


def test_a_character_in_no_zone_steps_into_one_freely() -> None:
    """No zone, no way between zones: no barrier to roll against."""
    session = open_session(MINE)
    scene = session.scene
    nowhere = replace(scene.character("silbestre"), zone=None)
    session.scene = scene.with_character(nowhere)
    result = session.execute("move silbestre gallery")
    assert result.lines == ("Silbestre moves to Flooded gallery",)
    assert session.scene.character("silbestre").zone == "gallery"


def test_falling_short_of_a_harmful_block_on_the_way_hurts() -> None:
    """The foreman (Athletics Mediocre (+0)) rolls Terrible (-2) against the Great (+4)
    portcullis: 6 short, plus Weapon 2, is a hit of 8, more than he can absorb."""
    session = with_harmful_portcullis(open_session(MINE))
    result = session.execute("move foreman gallery Athletics --00")
    assert result.lines == (
        "Äijä Kivinen crosses to Flooded gallery with Athletics: Mediocre (+0) + [- - 0 0] = "
        "Terrible (-2) vs Great (+4): fail (or success at a serious cost)",
        "Äijä Kivinen falls 6 short of Rusted portcullis: 8 shifts of harm (Weapon 2)",
        "Äijä Kivinen does not get across",
        "Äijä Kivinen cannot absorb 8 shifts: takeout",
    )
    assert session.scene.pending_hit == PendingHit("foreman", 8, StressKind.PHYSICAL, None)
    assert session.scene.character("foreman").zone == "vault"


def test_crossing_a_harmful_block_leaves_no_hit() -> None:
    session = with_harmful_portcullis(open_session(MINE))
    result = session.execute("move foreman gallery Athletics ++++")
    assert result.lines[1:] == ("Äijä Kivinen moves to Flooded gallery",)
    assert session.scene.pending_hit is None
    assert session.scene.character("foreman").zone == "gallery"


def test_next_brings_into_the_turn_order_someone_it_did_not_list() -> None:
    """A turn order (as a scene file may hold it) without Vitor: ``next vitor`` adds him."""
    session = open_session(DEMO)
    order = TurnOrder(participants=("silbestre", "rozio"), acted=("silbestre",), up="silbestre")
    session.scene = replace(session.scene, turn=order)
    result = session.execute("next vitor")
    assert result.lines == ("Vitor is up (exchange 1)", "still to act: Rozio")
    turn = session.scene.turn
    assert turn is not None
    assert (turn.participants, turn.acted, turn.up) == (
        ("silbestre", "rozio", "vitor"),
        ("silbestre", "vitor"),
        "vitor",
    )


def test_next_refuses_who_is_taken_out() -> None:
    """Cultist 3 is taken out and left the turn order: it takes no more turns."""
    session = played(DEMO, "next sil", "attack rozio cultist-3 ++00 vs 0000", "takeout")
    assert refusal(session, "next cultist-3") == "Cultist 3 is not taking part any more"
    fi = fate_session(session.scene, lang="fi")
    assert refusal(fi, "next cultist-3") == "Cultist 3 ei ole enää mukana"


def test_a_full_defense_ends_on_the_defenders_next_turn() -> None:
    """Rozio went on full defense and was not attacked: at his next turn it ends, and he
    gets a boost for it."""
    session = played(DEMO, "next rozio", "fulldefense rozio", *_rest_of_exchange_one())
    result = session.execute("exchange rozio")
    assert result.lines[:2] == (
        "exchange 2 begins: Rozio is up",
        'Rozio\'s full defense ends unused: a boost "Ready and waiting"',
    )
    assert session.scene.full_defenses == ()
    assert [a.name for a in session.scene.aspects][-1] == "Ready and waiting"


def test_a_full_defense_used_ends_without_a_boost() -> None:
    """Rozio had to defend under his full defense: at his next turn it ends, no boost."""
    session = played(
        DEMO,
        "next rozio",
        "fulldefense rozio",
        "attack leader rozio Fight 0000 vs 0000",
        *_rest_of_exchange_one(),
    )
    aspects = session.scene.aspects
    result = session.execute("exchange rozio")
    assert result.lines[:2] == ("exchange 2 begins: Rozio is up", "Rozio's full defense ends")
    assert session.scene.full_defenses == ()
    assert session.scene.aspects == aspects


def test_a_full_defense_ends_when_the_defender_is_next_up() -> None:
    """Rozio's full defense, declared in exchange 1, ends when ``next`` hands him his turn
    in exchange 2."""
    session = played(
        DEMO, "next rozio", "fulldefense rozio", *_rest_of_exchange_one(), "exchange silbestre"
    )
    assert session.scene.full_defenses != ()
    result = session.execute("next rozio")
    assert result.lines[2:] == ('Rozio\'s full defense ends unused: a boost "Ready and waiting"',)
    assert session.scene.full_defenses == ()


def _rest_of_exchange_one() -> tuple[str, ...]:
    return tuple(
        f"next {name}"
        for name in (
            "silbestre",
            "vitor",
            "riesa",
            "leader",
            "cultist-1",
            "cultist-2",
            "cultist-3",
            "braziers",
        )
    )


def test_exchange_moves_the_turn_order_on() -> None:
    session = played(DEMO, "next rozio", *_rest_of_exchange_one(), "exchange vitor")
    turn = session.scene.turn
    assert turn is not None and (turn.exchange, turn.up, turn.acted) == (2, "vitor", ("vitor",))


def test_the_next_exchange_leaves_out_who_is_no_longer_standing() -> None:
    """A turn order (as a scene file may hold it) that still lists Cultist 3, taken out:
    the next exchange goes on without it, and cannot start with it."""
    session = open_session(DEMO)
    scene = session.scene
    out = replace(scene.character("cultist-3"), taken_out=True)
    everyone = ("rozio", "vitor", "cultist-3")
    order = TurnOrder(participants=everyone, acted=everyone, up="cultist-3")
    session.scene = replace(scene.with_character(out), turn=order)
    assert refusal(session, "exchange cultist-3") == "Cultist 3 is not taking part any more"
    assert session.execute("exchange vitor").ok
    turn = session.scene.turn
    assert turn is not None and turn.participants == ("rozio", "vitor")


def test_a_turn_order_refusal_is_said_in_finnish() -> None:
    session = fate_session(played(DEMO, "next sil").scene, lang="fi")
    assert refusal(session, "next sil") == (
        "Silbestre on jo toiminut kierroksella 1; valitse joku näistä: Rozio, Vitor, Riesa, "
        "Masked leader, Cultist 1, Cultist 2, Cultist 3, Toppling braziers"
    )
    assert refusal(session, "exchange rozio") == (
        "kierros 1 ei ole ohi: vielä toimimatta Rozio, Vitor, Riesa, Masked leader, "
        "Cultist 1, Cultist 2, Cultist 3, Toppling braziers"
    )


def _mine_exchange_one() -> tuple[str, ...]:
    names = ("riesa", "silbestre", "foreman", "claim-jumper-1", "claim-jumper-2")
    return ("next rozio", *(f"next {name}" for name in names), "next claim-jumper-3", "next rocks")


def test_the_end_of_an_exchange_ticks_a_countdown_to_its_outcome() -> None:
    """The water rises at the end of each exchange; at 4/5, the end of exchange 1 fills
    it, and its outcome is said. The pithead (no such trigger) does not tick."""
    session = played(MINE, "tick water 3", *_mine_exchange_one())
    result = session.execute("exchange rozio")
    assert result.lines == (
        "exchange 2 begins: Rozio is up",
        "The water rises: 5/5",
        "The water rises is complete: The gallery floods to the roof: anyone still there is "
        "taken out",
    )
    assert [(c.id, c.checked) for c in session.scene.countdowns] == [
        ("the-water-rises", 5),
        ("the-pithead-collapses", 0),
    ]


def test_a_countdown_without_an_outcome_ends_with_an_exclamation() -> None:
    session = open_session(MINE)
    water = replace(session.scene.countdowns[0], outcome="", checked=4)
    session.scene = replace(session.scene, countdowns=(water, *session.scene.countdowns[1:]))
    for line in _mine_exchange_one():
        assert session.execute(line).ok
    assert session.execute("exchange rozio").lines[1:] == (
        "The water rises: 5/5",
        "The water rises is complete: !",
    )
    assert session.execute("tick water back 1").ok
    assert session.execute("tick water").lines == (
        "The water rises: 5/5",
        "The water rises is complete: !",
    )


def test_tick_back_takes_back_as_many_boxes_as_said_and_never_completes() -> None:
    session = played(MINE, "tick water 3")
    result = session.execute("tick water back 2")
    assert result.lines == ("The water rises: 2/5",)
    assert session.scene.countdowns[0].checked == 2


def test_tick_back_past_zero_is_refused_in_finnish() -> None:
    session = open_session(MINE, "fi")
    assert refusal(session, "tick water back 3") == (
        "tikittävä kello 'The water rises': rastitettuja ruutuja on vain 1, ei 3"
    )


def test_endscene_sets_the_next_pool_and_spends_the_late_compel_points() -> None:
    """Three PCs in the mine and two compel points too late to spend: the pool is 5, and
    the compel points are gone with the scene."""
    session = open_session(MINE)
    session.scene = replace(session.scene, compel_points=2, gm_pool=0)
    assert session.execute("endscene").ok
    assert (session.scene.gm_pool, session.scene.compel_points) == (5, 0)


def test_endscene_lists_every_point_delivered() -> None:
    session = open_session(DEMO)
    held = (
        LedgerEntry("leader", 1, "concession", held_until_scene_end=True),
        LedgerEntry("rozio", 2, "hostile invokes", held_until_scene_end=True),
    )
    session.scene = replace(session.scene, held=held)
    result = session.execute("endscene")
    assert result.lines[0] == (
        "scene ends: stress cleared on none; 0 boosts gone; points delivered: Masked leader "
        "+1, Rozio +2"
    )
