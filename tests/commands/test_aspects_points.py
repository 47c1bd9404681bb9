"""aspect, free, boost, fp, compel and pool."""

from __future__ import annotations

from pathlib import Path

from fatescreen.rules.aspects import GM, AspectKind
from fatescreen.scene.aspects import aspects_in_play
from tests.commands.support import DEMO, run


def holders(scene, name):  # type: ignore[no-untyped-def]
    """Where an aspect of that name is, with its free invokes and hidden flag."""
    return [
        (a.holder, a.aspect.free_invokes, a.aspect.hidden)
        for a in aspects_in_play(scene)
        if a.aspect.name == name
    ]


def test_aspect_add_remove_reveal_rename(tmp_path: Path) -> None:
    done = run(
        DEMO,
        tmp_path,
        'aspect add "Choking smoke" on hall free 1',
        'aspect add "Secret door" on crypt hidden',
        'aspect add "Hunted" on rozio free 2 for leader',
        "aspect reveal corners",
        'aspect rename smoke "Clearing smoke"',
        "aspect remove chanting",
    )
    assert done.status == 0
    assert done.line('aspect add "Choking smoke" on hall free 1') == (
        'new aspect "Choking smoke" on Ritual hall · 1 free invoke on "Choking smoke" for GM'
    )
    assert done.line('aspect add "Secret door" on crypt hidden') == (
        'new aspect "Secret door" on Crypt · hidden'
    )
    assert done.line("aspect reveal corners") == 'aspect "Dark corners" revealed'
    assert done.line('aspect rename smoke "Clearing smoke"') == (
        'aspect "Choking smoke" is now "Clearing smoke"'
    )
    assert done.line("aspect remove chanting") == 'aspect "Chanting echoes" removed'
    scene = done.scene
    assert holders(scene, "Clearing smoke") == [("zone:ritual-hall", (GM,), False)]
    assert holders(scene, "Secret door") == [("zone:crypt", (), True)]
    assert holders(scene, "Hunted") == [("character:rozio", ("leader", "leader"), False)]
    assert holders(scene, "Dark corners") == [("zone:crypt", (), False)]
    assert holders(scene, "Chanting echoes") == []


def test_free_invokes_add_spend_pass(tmp_path: Path) -> None:
    done = run(
        DEMO,
        tmp_path,
        "free add candles 2 for vitor",
        "free pass candles vitor rozio",
        "free spend candles by rozio",
        "free spend incense",
    )
    assert done.line("free add candles 2 for vitor") == (
        '2 free invokes on "Candles everywhere" for Vitor'
    )
    assert done.line("free pass candles vitor rozio") == (
        'Vitor passes a free invoke on "Candles everywhere" to Rozio'
    )
    assert done.line("free spend candles by rozio") == (
        'Rozio spends a free invoke on "Candles everywhere"'
    )
    assert done.line("free spend incense") == 'GM spends a free invoke on "Choking incense"'
    assert holders(done.scene, "Candles everywhere") == [("zone:ritual-hall", ("vitor",), False)]
    assert holders(done.scene, "Choking incense") == [("scene", (), False)]


def test_boost_is_one_free_invoke(tmp_path: Path) -> None:
    done = run(DEMO, tmp_path, 'boost rozio "Off balance"', "free spend balance")
    assert done.line('boost rozio "Off balance"') == 'boost "Off balance" for Rozio'
    assert done.line("free spend balance") == 'Rozio spends a free invoke on "Off balance"'
    assert holders(done.scene, "Off balance") == []
    boosted = run(DEMO, tmp_path, 'boost rozio "Off balance"')
    assert [a.kind for a in boosted.scene.aspects if a.name == "Off balance"] == [AspectKind.BOOST]


def test_fate_points_for_pcs_and_the_gm_pool(tmp_path: Path) -> None:
    done = run(
        DEMO,
        tmp_path,
        "fp spend silbestre 1 declare a story detail",
        "fp give rozio 2 a good idea",
        "pool 6",
        "fp spend gm 2",
    )
    assert done.line("fp spend silbestre 1 declare a story detail") == (
        "Silbestre spends 1 fate point (declare a story detail): now 2"
    )
    assert done.line("fp give rozio 2 a good idea") == (
        "Rozio gains 2 fate points (a good idea): now 5"
    )
    assert done.line("pool 6") == "the GM pool is now 6"
    assert done.line("fp spend gm 2") == "the GM pool spends 2 fate points: now 4"
    assert (done.character("silbestre").fate_points, done.character("rozio").fate_points) == (2, 5)
    assert done.scene.gm_pool == 4


def test_compels_offered_accepted_refused(tmp_path: Path) -> None:
    done = run(
        DEMO,
        tmp_path,
        "compel rozio wanted offer",
        "compel rozio wanted accept",
        "compel silbestre mystery refuse",
        "compel vitor experiment accept by riesa",
        "compel leader zealous accept",
    )
    assert done.line("compel rozio wanted offer") == (
        'the GM offers Rozio a fate point to compel "Wanted in three harbours"'
    )
    assert done.line("compel rozio wanted accept") == (
        'Rozio accepts the compel on "Wanted in three harbours": +1 fate point (now 4)'
    )
    assert done.line("compel silbestre mystery refuse") == (
        'Silbestre refuses the compel on "Can\'t leave a mystery alone": pays 1 fate point (now 2)'
    )
    assert done.line("compel vitor experiment accept by riesa") == (
        'Vitor accepts the compel on "Everything is an experiment": +1 fate point (now 4) · '
        "Riesa pays the point for offering it"
    )
    start = run(DEMO, tmp_path).scene.gm_pool
    assert done.scene.gm_pool == start + 1
    assert [done.character(c).fate_points for c in ("rozio", "silbestre", "vitor", "riesa")] == [
        4,
        2,
        4,
        2,
    ]
