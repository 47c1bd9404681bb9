"""What goes with a removed character, obstacle or zone, and what stays: the turn order and
who is up, full defenses, the pending roll, contest sides, free invokes, minion lists and
template sources; the links of blocks; a zone someone still stands in. Also how ``set`` finds
a record of one kind, keeps ids under new rules, and moves a block from one way to another."""

from __future__ import annotations

import pytest

from fatescreen.rules.character import CharacterKind
from fatescreen.scene.aspects import aspects_in_play
from fatescreen.scene.model import Scene
from tests.commands.support import CHASE, DEMO, LIBRARY, MINE, played
from tests.commands.test_set_and_place import on, taken
from tests.commands.test_verb_replies import Reply, check, reply_id

UP = "next sil"
"""A running turn order: Silbestre is up."""


def test_removing_someone_who_is_not_up_keeps_who_is_up() -> None:
    turn = played(DEMO, UP, "remove cultist-1").scene.turn
    assert turn is not None
    assert (turn.up, "cultist-1" in turn.participants) == ("silbestre", False)


def test_removing_who_is_up_leaves_nobody_up() -> None:
    turn = played(DEMO, UP, "remove silbestre").scene.turn
    assert turn is not None
    assert (turn.up, "silbestre" in turn.participants) == (None, False)


def test_a_removed_characters_full_defense_goes_the_others_stays() -> None:
    scene = played(DEMO, UP, "fulldefense rozio", "fulldefense vitor", "remove rozio").scene
    assert [f.defender for f in scene.full_defenses] == ["vitor"]


def test_the_pending_roll_goes_with_its_roller_and_stays_without_a_bystander() -> None:
    rolled = "overcome vitor Athletics ++00 vs 3"
    kept = played(DEMO, rolled, "remove cultist-1").scene.pending_roll
    assert kept is not None and kept.actor == "vitor"
    assert played(DEMO, rolled, "remove vitor").scene.pending_roll is None


def test_a_removed_character_leaves_its_contest_side() -> None:
    contest = played(CHASE, "remove vitor").scene.contests[0]
    assert [(side.name, side.members) for side in contest.sides] == [
        ("Pursuers", ("rozio",)),
        ("Mirel", ("mirel",)),
    ]


def candles(scene: Scene) -> tuple[str, ...]:
    """Who holds the free invokes on the ritual hall's candles."""
    found = [a for a in aspects_in_play(scene) if a.aspect.name == "Candles everywhere"]
    return found[0].aspect.free_invokes


def test_free_invokes_a_removed_character_held_go_with_it() -> None:
    held = ("free add candles 2 for rozio", "free add candles for vitor")
    before, after = played(DEMO, *held).scene, played(DEMO, *held, "remove rozio").scene
    assert (candles(before), candles(after)) == (("rozio", "rozio", "vitor"), ("vitor",))


def test_a_removed_minion_leaves_the_minion_list_the_others_stay() -> None:
    """The leader's minions named one by one lose the one removed; a template's base id
    (``cultist``) names whichever cultists are left."""
    listed = played(DEMO, "set leader minions cultist-1,cultist-2", "remove cultist-1")
    assert listed.scene.character("leader").minions == ("cultist-2",)
    by_base = played(DEMO, "remove cultist-1").scene.character("leader")
    assert by_base.minions == ("cultist",)


def test_removing_a_character_redraws_the_cast_not_every_character() -> None:
    """Only the cast changed (every other character is the very same): the panes are told
    so, not that each character changed."""
    result = played(DEMO).execute("remove cultist-1")
    assert result.changed == {"aspects", "characters", "turn", "zones"}


def test_a_removed_template_copy_leaves_the_scenes_template_sources() -> None:
    scene = played(DEMO, "add cultist 2", "remove cultist-4").scene
    assert list(scene.sources) == ["cultist-5"]


def links(scene: Scene) -> list[tuple[tuple[str, str], str | None]]:
    """Every way between two zones, in the scene's order, with the block standing on it."""
    return [(link.zones, link.block) for link in scene.links]


GATE = 'add block "Gate" 2 between pithead shaft'


def test_a_block_moved_to_another_way_leaves_the_other_blocks_way() -> None:
    scene = played(MINE, GATE, "set gate between shaft gallery").scene
    assert links(scene) == [
        (("pithead", "shaft"), None),
        (("shaft", "gallery"), "gate"),
        (("shaft", "yläkäytävä"), None),
        (("gallery", "vault"), "rusted-portcullis"),
    ]


def test_a_removed_block_leaves_its_way_the_other_block_stays() -> None:
    scene = played(MINE, GATE, "remove gate").scene
    assert links(scene) == [
        (("pithead", "shaft"), None),
        (("shaft", "gallery"), None),
        (("shaft", "yläkäytävä"), None),
        (("gallery", "vault"), "rusted-portcullis"),
    ]


def test_a_removed_hazard_leaves_the_turn_order_and_its_pending_roll() -> None:
    started = played(MINE, "next riesa", 'add hazard "Flood" 3 in gallery')
    assert started.scene.turn is not None and "flood" in started.scene.turn.participants
    started.execute("hazard flood riesa ++00")
    assert started.scene.pending_roll is not None
    assert started.execute("remove flood").ok
    turn = started.scene.turn
    assert turn is not None
    assert ("flood" in turn.participants, turn.up, started.scene.pending_roll) == (
        False,
        "riesa",
        None,
    )


def test_set_under_new_rules_keeps_every_characters_id_and_kind() -> None:
    before = played(DEMO).scene.characters
    after = played(DEMO, "set rules scale on").scene.characters
    assert [(c.id, c.kind) for c in after] == [(c.id, c.kind) for c in before]
    assert {c.kind for c in before} >= {CharacterKind.PC, CharacterKind.MAJOR}


EDITS = [
    on(
        MINE,
        "remove vault",
        "Vault is not empty: first place or remove Äijä Kivinen, Rusted portcullis",
    ),
    on(
        MINE,
        "remove shaft",
        "Lift shaft is not empty: first place or remove Riesa, Rozio, Falling rocks",
    ),
    on(
        LIBRARY,
        "set nobody name X",
        "no character, obstacle, countdown, zone, contest or "
        "challenge 'nobody'; known: Silbestre, Riesa, Vitor, Captain Aalto, Deckhands, The "
        "storm, The fire reaches the lamp oil, Library, Main deck, Wheelhouse, Cargo hold, Save "
        "the burning library",
    ),
    # KIND:ID looks among one kind: a word that is a kind is a name like any other
    on(
        LIBRARY,
        "set zone name X",
        "no character, obstacle, countdown, zone, contest or "
        "challenge 'zone'; known: Silbestre, Riesa, Vitor, Captain Aalto, Deckhands, The storm, "
        "The fire reaches the lamp oil, Library, Main deck, Wheelhouse, Cargo hold, Save the "
        "burning library",
    ),
    on(
        LIBRARY,
        'set challenge:save name "Save it"',
        "Save the burning library: name changed",
        ok=True,
    ),
    on(DEMO, 'add pc "Rozio!"', taken("character", "Rozio", "Rozio!")),
    # a name may hold a colon: only the first separates the kind
    on(
        DEMO,
        'set "zone:Hall: east" name "East hall"',
        "Hall: east: name changed",
        'add zone "Hall: east"',
        ok=True,
    ),
    # every problem the loader finds is named
    on(
        DEMO,
        'add hazard "X" 99 weapon 99',
        "X: rating: 99 is too large (at most 20); weapon: "
        "99 is too large (at most 10); nothing changed",
    ),
]


@pytest.mark.parametrize("reply", EDITS, ids=reply_id)
def test_what_remove_and_set_say(reply: Reply) -> None:
    check(reply)


def test_a_removed_hazard_leaves_its_contest_side() -> None:
    scene = played(CHASE, 'add hazard "Dogs" 2', "set catch side Dogs dogs", "remove dogs").scene
    assert [(side.name, side.members) for side in scene.contests[0].sides] == [
        ("Pursuers", ("rozio", "vitor")),
        ("Mirel", ("mirel",)),
        ("Dogs", ()),
    ]


def test_a_block_taken_off_its_way_leaves_the_way_free() -> None:
    scene = played(MINE, GATE, "set gate between none").scene
    assert links(scene)[0] == (("pithead", "shaft"), None)


def test_a_removed_obstacle_leaves_a_roll_it_had_no_part_in() -> None:
    pending = played(MINE, "overcome riesa Athletics ++00 vs 2", "remove portcullis").scene
    assert pending.pending_roll is not None and pending.pending_roll.actor == "riesa"


def test_points_held_for_a_removed_character_go_with_it() -> None:
    """A hostile invoke of the leader's trouble holds a point for him until the scene ends;
    removed, he has nothing to be paid."""
    invoked = played(
        DEMO,
        "attack rozio leader Shoot 0000 vs 0000",
        "invoke zealous by rozio hostile",
        "absorb 1",
    )
    assert [(entry.who, entry.delta) for entry in invoked.scene.held] == [("leader", 1)]
    assert invoked.execute("remove leader").ok
    assert invoked.scene.held == ()


def test_new_rules_that_a_characters_checked_boxes_no_longer_fit_are_refused() -> None:
    session = played(DEMO, "set rules extra_stress_boxes 2", "stress rozio physical 5")
    before = session.scene
    refused = session.execute("set rules extra_stress_boxes 0")
    assert (refused.ok, refused.lines) == (
        False,
        (
            "Rozio: stress_checked.physical[1]: box 5 is past the end of the physical track "
            "(4 boxes); nothing changed",
        ),
    )
    assert session.scene == before
