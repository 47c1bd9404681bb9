"""What the players may see of a scene: public_scene alone, on a scene full of secrets."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from fatescreen.rules.aspects import Aspect
from fatescreen.rules.character import Character, CharacterKind, StressKind, StressTrack
from fatescreen.rules.conflict import TurnOrder
from fatescreen.scene.load import load_scene
from fatescreen.scene.model import Scene, Zone
from fatescreen.scene.public import (
    PublicAspect,
    PublicTrack,
    is_public_text,
    public_names,
    public_scene,
    secret_names,
)

SECRETS = Path(__file__).resolve().parents[1] / "players" / "data" / "secrets.toml"


def chapel() -> Scene:
    return load_scene(SECRETS).scene


def every_text(value: object) -> str:
    """Every string inside a public scene (its repr holds them all)."""
    return repr(value)


def test_hidden_aspects_are_absent_not_blanked() -> None:
    view = public_scene(chapel())
    assert [a.name for a in view.aspects] == ["Rain on the windows"]
    nave = next(z for z in view.zones if z.name == "Nave")
    assert [a.name for a in nave.aspects] == ["Rows of pews"]
    assert "Secret trapdoor" not in every_text(view)
    assert "Loose flagstone" not in every_text(view)


def test_hidden_zones_and_who_stands_there_are_absent() -> None:
    view = public_scene(chapel())
    assert [z.name for z in view.zones] == ["Nave", "Vestry"]
    assert view.links == (("Nave", "Vestry"),)
    text = every_text(view)
    for secret in ("Sunken vault", "Knee-deep brine", "Vault keeper", "Barnacled guardian"):
        assert secret not in text


def test_a_pc_in_a_hidden_zone_makes_it_known() -> None:
    scene = chapel()
    silbestre = replace(scene.character("silbestre"), zone="sunken-vault")
    view = public_scene(scene.with_character(silbestre))
    vault = next(z for z in view.zones if z.name == "Sunken vault")
    assert vault.occupants == ("Silbestre", "Vault keeper")
    assert ("Vestry", "Sunken vault") in view.links


def test_hidden_npcs_are_absent_and_npc_details_are_secret() -> None:
    view = public_scene(chapel())
    assert [c.name for c in view.npcs] == ["Father Oskari"]
    priest = view.npcs[0]
    assert [a.name for a in priest.aspects] == ["Kindly old priest"]
    assert priest.fate_points is None
    assert priest.stress == ()  # no box checked: the players know nothing of the track
    assert priest.form is None
    text = every_text(view)
    for secret in (
        "Hooded assassin",
        "Leader of the drowned cult",
        "STUNT-TEXT",
        "Deceive",
        "The Drowned Prophet",
        "FORM-ASPECT",
        "GM-NOTE",
        "HELD-REASON",
    ):
        assert secret not in text


def test_npc_stress_and_consequences_as_the_players_saw_them() -> None:
    scene = chapel()
    priest = scene.character("priest")
    track = priest.track(StressKind.PHYSICAL)
    assert track is not None
    hurt = replace(
        priest.with_track(track.check(2)),
        consequences=(priest.consequences[0].filled("Broken nose", "silbestre"),),
    )
    view = public_scene(scene.with_character(hurt))
    shown = view.npcs[0]
    assert shown.stress == (PublicTrack("physical", (1, 2), None),)
    assert [(c.severity, c.name) for c in shown.consequences] == [("mild", "Broken nose")]


def test_a_revealed_true_form_shows_with_its_aspects() -> None:
    scene = chapel()
    priest = replace(scene.character("priest"), form=1)
    view = public_scene(scene.with_character(priest))
    shown = view.npcs[0]
    assert shown.form == "The Drowned Prophet"
    assert "FORM-ASPECT Gills and a hundred teeth" in [a.name for a in shown.aspects]


def test_pcs_show_their_stress_consequences_and_fate_points() -> None:
    view = public_scene(chapel())
    (silbestre,) = view.pcs
    assert silbestre.fate_points == 3
    assert silbestre.player == "Eevi"
    assert [t.kind for t in silbestre.stress] == ["physical", "mental"]
    assert all(t.boxes is not None for t in silbestre.stress)


def test_countdowns_by_visibility() -> None:
    view = public_scene(chapel())
    names = [(c.name, c.boxes, c.outcome) for c in view.countdowns]
    # hidden: absent; boxes: no name, no outcome; full: everything
    assert names == [("", 4, ""), ("Candles burn down", 2, "Darkness")]
    assert view.countdowns[1].triggers == ("each time someone acts in the dark",)
    assert "The tide rises" not in every_text(view)
    assert "Bells toll" not in every_text(view)


def test_free_invokes_of_a_secret_holder_are_the_gms() -> None:
    scene = chapel()
    aspect = Aspect("Rain on the windows", free_invokes=("assassin", "silbestre", "gm"))
    view = public_scene(scene.with_changes(aspects=(aspect,)))
    assert view.aspects == (PublicAspect("Rain on the windows", (("", 2), ("Silbestre", 1))),)


def test_turn_order_leaves_out_secret_participants() -> None:
    scene = chapel().with_changes(
        turn=TurnOrder(
            2, ("silbestre", "priest", "assassin"), ("silbestre", "assassin"), "assassin"
        )
    )
    view = public_scene(scene)
    assert view.turn is not None
    assert [(e.name, e.acted, e.up) for e in view.turn.entries] == [
        ("Silbestre", True, False),
        ("Father Oskari", False, False),
    ]


def test_secret_names_follow_what_is_hidden() -> None:
    scene = chapel()
    secrets = secret_names(scene)
    assert {"Secret trapdoor", "Sunken vault", "Hooded assassin", "The tide rises"} <= secrets
    assert "Nave" not in secrets
    shown = replace(scene.character("assassin"), hidden=False)
    assert "Hooded assassin" not in secret_names(scene.with_character(shown))
    assert "Hooded assassin" in public_names(scene.with_character(shown))


def test_is_public_text() -> None:
    assert is_public_text("Silbestre invokes Rain", {"Secret trapdoor"})
    assert not is_public_text('aspect add "secret TRAPDOOR" hidden', {"Secret trapdoor"})


def test_a_scene_without_secrets_shows_everything_it_holds() -> None:
    scene = Scene(
        "Plain",
        zones=(Zone("Hall", aspects=(Aspect("Dusty"),)),),
        characters=(
            Character(
                "Mook",
                CharacterKind.MINOR,
                zone="hall",
                stress=(StressTrack(StressKind.COMBINED, 2, frozenset({1})),),
            ),
        ),
    )
    view = public_scene(scene)
    assert [z.occupants for z in view.zones] == [("Mook",)]
    assert view.npcs[0].stress == (PublicTrack("stress", (1,), None),)
    assert view.countdowns == ()
