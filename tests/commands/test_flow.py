"""move, block, next, exchange, tick and endscene."""

from __future__ import annotations

import shutil
from pathlib import Path

from fatescreen.rules.character import StressKind
from fatescreen.scene.model import PendingHit
from tests.commands.support import DEMO, MINE, SCRIPTS, copy_demo, open_session, played, run


def test_move_freely_or_across_a_barrier(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, "move rozio stairs", "move silbestre crypt Athletics -000")
    assert done.lines("move rozio stairs") == ["Rozio moves to Stairs"]
    assert done.lines("move silbestre crypt Athletics -000") == [
        "Silbestre crosses to Crypt with Athletics: Good (+3) + [- 0 0 0] = Fair (+2) vs Fair "
        "(+2): success at a minor cost",
        "Silbestre moves to Crypt",
    ]
    assert (done.character("rozio").zone, done.character("silbestre").zone) == ("stairs", "crypt")
    failed = run(DEMO, tmp_path, "move silbestre crypt ----")
    assert failed.lines("move silbestre crypt ----")[1] == "Silbestre does not get across"
    assert failed.character("silbestre").zone == "ritual-hall"
    assert failed.status == 0


def test_move_past_a_harmful_block_hurts_when_short(tmp_path: Path) -> None:
    line = "move rozio vault Athletics --00"
    done = run(MINE, tmp_path, "move rozio gallery ++++", line)
    # The portcullis is Great (+4) with no Weapon: it stops Rozio but does not hurt him.
    assert done.lines(line) == [
        "Rozio crosses to Vault with Athletics: Good (+3) + [- - 0 0] = Average (+1) vs Great "
        "(+4): fail (or success at a serious cost)",
        "Rozio does not get across",
    ]
    assert done.scene.pending_hit is None


def test_block_pass_and_remove(tmp_path: Path) -> None:
    remove = "block remove riesa portcullis Physique ++0+"
    done = run(MINE, tmp_path, remove)
    assert done.lines(remove) == [
        "Riesa tries to remove Rusted portcullis with Physique: Good (+3) + [+ + 0 +] = "
        "Fantastic (+6) vs Superb (+5): success",
        "Rusted portcullis is gone",
    ]
    assert "rusted-portcullis" not in done.scene.obstacle_index
    assert all(link.block is None for link in done.scene.links)
    short = "block remove riesa portcullis Physique 0000"
    stays = run(MINE, tmp_path, short)
    assert stays.lines(short)[1] == "Rusted portcullis is still there"
    assert "rusted-portcullis" in stays.scene.obstacle_index


def test_falling_short_of_a_harmful_block(tmp_path: Path) -> None:
    from dataclasses import replace

    from fatescreen.rules.obstacles import Block
    from tests.commands.support import played

    session = played(MINE)
    acid = Block("Acid pool", 3, weapon=2, zone="shaft")
    session.scene = replace(session.scene, obstacles=(*session.scene.obstacles, acid))
    result = session.execute("block pass rozio acid Athletics ---0")
    assert result.lines == (
        "Rozio tries to get past Acid pool with Athletics: Good (+3) + [- - - 0] = Mediocre "
        "(+0) vs Good (+3): fail (or success at a serious cost)",
        "Rozio falls 3 short of Acid pool: 5 shifts of harm (Weapon 2)",
        "Rozio takes 5 shifts: [1] 3 physical boxes + mild  [2] 1 physical box + "
        "moderate  [3] severe  [4] mild + moderate",
    )
    assert session.scene.pending_hit == PendingHit("rozio", 5, StressKind.PHYSICAL, None)


def test_popcorn_turns_and_exchanges(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, "next sil", "next rozio", "exchange rozio")
    assert done.lines("next sil") == [
        "Silbestre is up (exchange 1)",
        "still to act: Rozio, Vitor, Riesa, Masked leader, Cultist 1, Cultist 2, Cultist 3, "
        "Toppling braziers",
    ]
    assert done.lines("exchange rozio") == [
        "error: exchange 1 is not over: Vitor, Riesa, Masked leader, Cultist 1, Cultist 2, "
        "Cultist 3, Toppling braziers still to act"
    ]
    turn = done.scene.turn
    assert turn is not None and (turn.up, turn.acted) == ("rozio", ("silbestre", "rozio"))


def test_tick_and_untick_a_countdown(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, "tick ritual", "tick ritual 3", "tick ritual back 1")
    assert done.lines("tick ritual 3") == [
        "The ritual completes: 4/4",
        "The ritual completes is complete: The Elder wakes",
    ]
    assert done.line("tick ritual back 1") == "The ritual completes: 3/4"
    assert done.scene.countdowns[0].checked == 3


def test_endscene_clears_stress_boosts_and_the_conflict(tmp_path: Path) -> None:
    done = run(
        DEMO,
        tmp_path,
        "next silbestre",
        "stress silbestre 1",
        'boost rozio "Off balance"',
        "fulldefense rozio",
        "endscene",
    )
    assert done.line("endscene") == (
        "scene ends: stress cleared on Silbestre; 1 boost gone; points delivered: none"
    )
    scene = done.scene
    assert scene.turn is None and scene.full_defenses == ()
    assert all(not track.checked for c in scene.characters for track in c.stress)
    assert [a.name for a in scene.aspects] == ["Chanting echoes", "Choking incense"]


def _with_boosts(tmp_path: Path) -> Path:
    """The demo scene with two boosts on Rozio and one on the ritual hall."""
    path = copy_demo(tmp_path)
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        'aspects = ["Candles everywhere"]',
        'aspects = ["Candles everywhere", { name = "Wax pool", boost = true, free_invokes = '
        "{ rozio = 1 } }]",
    )
    text = text.replace(
        'aspects = ["Silbestre\'s oldest friend", "A blade for every occasion"]',
        'aspects = ["Silbestre\'s oldest friend", "A blade for every occasion", '
        '{ name = "Steady hand", boost = true, free_invokes = { rozio = 1 } }, '
        '{ name = "Second wind", boost = true, free_invokes = { rozio = 1 } }]',
    )
    path.write_text(text, encoding="utf-8")
    return path


def test_endscene_removes_every_boost_and_counts_them_all(tmp_path: Path) -> None:
    """Seed «Särmät»: a boost lasts until it is used or the scene ends; the two on Rozio and
    the one on the ritual hall go, and the line counts all three. The conceded leader's
    held point is delivered, and the pending hit and roll go with the scene."""
    done = run(
        _with_boosts(tmp_path),
        tmp_path,
        "attack leader rozio 0000 vs 0000",
        "concede leader",
        "endscene",
    )
    assert done.lines("endscene") == [
        "scene ends: stress cleared on none; 3 boosts gone; points delivered: Masked leader +1",
        "GM pool for the next scene: 4",
    ]
    scene = done.scene
    assert [a.name for a in done.character("rozio").aspects][-2:] == [
        "Silbestre's oldest friend",
        "A blade for every occasion",
    ]
    assert [a.name for a in scene.zone("ritual-hall").aspects] == ["Candles everywhere"]
    assert done.character("leader").fate_points == 1
    assert scene.held == () and scene.pending_roll is None and scene.pending_hit is None


def test_a_new_conflict_leaves_out_who_is_taken_out_or_conceded(tmp_path: Path) -> None:
    """The turn order of a new conflict: everyone still standing."""
    done = run(DEMO, tmp_path, "attack rozio cultist-3 ++00 vs 0000", "takeout", "next rozio")
    assert done.character("cultist-3").taken_out
    assert done.scene.turn is not None
    assert "cultist-3" not in done.scene.turn.participants
    assert "cultist-2" in done.scene.turn.participants


def test_endscene_drops_the_hits_waiting_and_the_exchanges_contest_rolls() -> None:
    """The falling rocks hit both miners: Ann's hit waits, Bob's is queued; the side's roll
    is this exchange's. The scene's end leaves none of them behind."""
    session = played(SCRIPTS / "contest-threat.toml", "contest roll ann Athletics 0000 threat ++00")
    assert session.scene.queued_hits and session.scene.contest_rolls
    assert session.execute("endscene").ok
    scene = session.scene
    assert (scene.pending_hit, scene.queued_hits, scene.contest_rolls) == (None, (), ())


def test_the_next_scenes_pool_is_one_per_pc_plus_the_compel_points_left(tmp_path: Path) -> None:
    """Seed «Fate-pisteesi»: one point per PC in the scene (three in the mine, not its two
    NPCs), plus the compel points the GM got too late to spend."""
    done = run(MINE, tmp_path, "endscene")
    assert done.lines("endscene")[1] == "GM pool for the next scene: 3"
    scene = tmp_path / "late-compels.toml"
    text = MINE.read_text(encoding="utf-8")
    scene.write_text(text.replace("\n[rules]", "compel_points = 2\n\n[rules]", 1), encoding="utf-8")
    shutil.copytree(MINE.parent / "library", tmp_path / "library")
    late = run(scene, tmp_path, "endscene")
    assert late.lines("endscene")[1] == "GM pool for the next scene: 5"


def test_an_npc_that_fought_on_keeps_its_held_point_and_carries_one_per_consequence(
    tmp_path: Path,
) -> None:
    """Seed «Fate-pisteesi»: the hostile invoke's point goes to the leader after the scene,
    and the leader, who fought on and took a consequence, carries one more point."""
    done = run(
        DEMO,
        tmp_path,
        "attack rozio leader 0000 vs 0000",
        'invoke "Zealous to a fault" by rozio hostile',
        'absorb 2 "Cut"',
        "endscene",
    )
    assert done.lines("endscene")[0] == (
        "scene ends: stress cleared on Masked leader; 0 boosts gone; "
        "points delivered: Masked leader +1"
    )
    assert done.character("leader").fate_points == 2


def test_a_harmful_block_hurts_by_the_shortfall_plus_its_weapon() -> None:
    """Seed «Hidastavat esteet»: falling short costs the shortfall (+3 against +1: 2) plus
    the block's Weapon; a harmful block without a Weapon hurts by the shortfall alone, even
    a shortfall of 1."""
    from dataclasses import replace

    from fatescreen.rules.obstacles import Block
    from tests.commands.support import played

    session = played(MINE)
    acid = Block("Acid pool", 3, weapon=2, zone="shaft")
    thorns = Block("Thorn hedge", 2, harmful=True, zone="shaft")
    session.scene = replace(session.scene, obstacles=(*session.scene.obstacles, acid, thorns))
    short = session.execute("block pass rozio acid Athletics --00")
    assert short.lines[1] == "Rozio falls 2 short of Acid pool: 4 shifts of harm (Weapon 2)"
    assert session.scene.pending_hit == PendingHit("rozio", 4, StressKind.PHYSICAL, None)
    session = played(MINE)
    session.scene = replace(session.scene, obstacles=(*session.scene.obstacles, thorns))
    scratch = session.execute("block pass rozio thorn Athletics --00")
    assert scratch.lines[1] == "Rozio falls 1 short of Thorn hedge: 1 shift of harm (Weapon 0)"
    assert session.scene.pending_hit == PendingHit("rozio", 1, StressKind.PHYSICAL, None)


def test_block_reads_dice_and_vs_as_keywords_not_as_a_skill() -> None:
    """``dice`` before the faces is the dice keyword, not a skill named "dice"; ``vs`` has no
    place in a block's line (the block is the opposition) and is refused as such."""
    usage = "Usage: block pass|remove NAME BLOCK [SKILL] [FACES] [with H,H]"
    session = played(MINE)
    assert session.execute("block pass riesa portcullis dice ++++").lines == (
        "Riesa tries to get past Rusted portcullis with Athletics: Good (+3) + [+ + + +] = "
        "Epic (+7) vs Great (+4): success with style",
    )
    vs = played(MINE)
    before = vs.scene
    assert vs.execute("block pass riesa portcullis vs 2").lines == (
        f"block: did not understand 'vs 2'. {usage}",
    )
    assert vs.scene == before
    finnish = open_session(MINE, lang="fi")
    assert finnish.execute("este pass riesa portcullis nopat ++++").lines == (
        "Riesa yrittää ohittaa esteen Rusted portcullis taidolla Athletics: Hyvä (+3) + "
        "[+ + + +] = Eeppinen (+7) vs. Mahtava (+4): onnistuminen tyylillä",
    )
    assert finnish.execute("este pass riesa portcullis vastaan 2").lines == (
        "este: en ymmärtänyt kohtaa 'vastaan 2'. Käyttö: este siirrä|poista NIMI "
        "HIDASTAVA_ESTE [TAITO] [NOPAT] [kanssa A,A]",
    )


def test_removing_a_block_clears_its_own_link_and_leaves_another_blocks_link() -> None:
    """§7: a removed block is gone from its way; a block on another way stays there."""
    from dataclasses import replace

    from fatescreen.rules.obstacles import Block

    session = played(MINE)
    acid = Block("Acid pool", 3, between=("shaft", "gallery"))
    links = tuple(
        replace(link, block=acid.id) if set(link.zones) == {"shaft", "gallery"} else link
        for link in session.scene.links
    )
    session.scene = replace(session.scene, obstacles=(*session.scene.obstacles, acid), links=links)
    assert session.execute("block remove riesa portcullis Physique ++0+").lines[1] == (
        "Rusted portcullis is gone"
    )
    assert [(tuple(link.zones), link.block) for link in session.scene.links if link.block] == [
        (("shaft", "gallery"), acid.id)
    ]
