"""One scene-level test per field of RulesInPlay: a scene written with the option plays as
the rules core's function for it says (tests/scripts/rulebook.toml with a [rules] table)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen.rules.actions import best_defense
from fatescreen.rules.character import Severity, StressKind
from fatescreen.rules.conflict import (
    ScaleAdvantage,
    harm_after_weapon_and_armor,
    scale_free_invokes,
    scale_result_bonus,
    scale_roll_bonus,
    with_scale_advantage,
)
from fatescreen.rules.harm import absorption_options, standard_tracks
from fatescreen.rules.outcomes import Outcome
from fatescreen.rules.skills import ROLE_NAMES, skill_roles
from fatescreen.scene import codec
from fatescreen.scene.model import RulesInPlay
from tests.commands.support import Run, run
from tests.commands.test_rule_book import variant

ANN = {"Athletics": 3, "Fight": 2, "Physique": 2, "Will": 1}


def tracks_follow_the_core(done: Run) -> None:
    """Ann's tracks and slots are what standard_tracks gives for the scene's options."""
    expected = standard_tracks(ANN, done.scene.rules.harm_options)
    ann = done.character("ann")
    assert ann.stress == expected.stress
    assert tuple(s.condition for s in ann.consequences) == tuple(
        s.condition for s in expected.consequences
    )
    assert tuple(s.severity for s in ann.consequences) == tuple(
        s.severity for s in expected.consequences
    )


def bob_armor_counts(done: Run) -> None:
    """Villain hits Bob (Armor 1) for 3 shifts: the core's harm_after_weapon_and_armor."""
    hit = done.scene.pending_hit
    armor = 1 if done.scene.rules.weapons_and_armor else 0
    harm = harm_after_weapon_and_armor(3, armor=armor).harm
    assert hit is not None and hit.shifts == harm


def scale_bonus_applies(done: Run) -> None:
    """All three uses of the level between Villain (supernatural) and Ann (§8): the roll
    bonus by default, the result bonus and the free invokes by ``scale``, each as
    with_scale_advantage and scale_free_invokes say."""
    line = done.line("attack vil ann Fight ++00 vs 0000")
    assert f"+ {scale_roll_bonus(1).value} (scale)" in line
    roll = done.scene.pending_roll
    assert roll is not None
    result = with_scale_advantage(roll.result, 1, ScaleAdvantage.RESULT)
    assert roll.scale_advantage is ScaleAdvantage.RESULT and roll.result == result
    assert (
        f"+ {scale_result_bonus(1, result.outcome)} (scale: result)"
        in done.lines("scale result")[1]
    )
    chill = next(a for a in done.character("ann").aspects if a.name == "Grave chill")
    assert chill.free_invokes_of("vil") == 1 + scale_free_invokes(1, Outcome.SUCCESS)


def full_defense_refused(done: Run) -> None:
    assert "does not use full defense" in done.line("fulldefense ann")


def extreme_offered(done: Run) -> None:
    slots = [s.severity for s in done.character("ann").consequences]
    assert slots[-1] is Severity.EXTREME


def escalating_box_checked(done: Run) -> None:
    """Ann's tracks are the core's escalating ones, and the 2-shift hit checks box 2 alone,
    the first of absorption_options as the core orders them."""
    ann = done.character("ann")
    fresh = replace(ann, stress=tuple(track.cleared() for track in ann.stress))
    assert fresh.stress == standard_tracks(ANN, done.scene.rules.harm_options).stress
    first = absorption_options(fresh, 2, StressKind.PHYSICAL, done.scene.rules.harm_options)[0]
    assert (first.box, first.boxes, first.consequences) == (2, 0, ())
    assert ann.stress[0].checked == frozenset({2})
    assert done.line("absorb 1") == "Ann absorbs 2 shifts: physical box [2]"


def contest_needs_four(done: Run) -> None:
    assert done.scene.contests[0].victories_needed == 4


def plain_ladder(done: Run) -> None:
    line = done.line("overcome ann Athletics 0000 vs 2")
    assert line == "Ann overcomes with Athletics: +3 + [0 0 0 0] = +3 vs +2: success"


def finnish_defense(done: Run) -> None:
    line = done.line("attack vil ann Tappelu 0000 vs 0000")
    roles = skill_roles("fi")
    skill = best_defense(done.character("ann"), "Tappelu", StressKind.PHYSICAL, roles)
    assert skill == "Urheilu" and "Ann's Urheilu Mediocre (+0)" in line


def renamed_role(role: str, skill: str) -> Callable[[Run], None]:
    def check(done: Run) -> None:
        roles = done.scene.rules.roles
        assert getattr(roles, role) == skill
        if role in ("physical_stress", "mental_stress"):
            tracks_follow_the_core(done)

    return check


ATTACK = ("attack vil ann Fight 0000 vs 0000",)
CASES: dict[str, tuple[str, tuple[str, ...], Callable[[Run], None]]] = {
    "weapons_and_armor": (
        "weapons_and_armor = false",
        ("attack vil bob Fight ++00 vs 0000",),
        bob_armor_counts,
    ),
    "scale": (
        "scale = true",
        (
            'create vil Will "Grave chill" on ann +000 vs ann Will 0000',
            "scale invokes",
            "attack vil ann Fight ++00 vs 0000",
            "scale result",
        ),
        scale_bonus_applies,
    ),
    "conditions": ("conditions = true", (), tracks_follow_the_core),
    "split_conditions": (
        "conditions = true\nsplit_conditions = true",
        (),
        tracks_follow_the_core,
    ),
    "full_defense": ("full_defense = false", ("fulldefense ann",), full_defense_refused),
    "extreme_consequences": ("extreme_consequences = true", (), extreme_offered),
    "one_stress_track": ("one_stress_track = true", (), tracks_follow_the_core),
    "extra_stress_boxes": ("extra_stress_boxes = 2", (), tracks_follow_the_core),
    "escalating_stress_boxes": (
        "escalating_stress_boxes = true",
        ("attack vil ann Fight +++0 vs 0000", "absorb 1"),
        escalating_box_checked,
    ),
    "contest_victories": (
        "contest_victories = 4",
        ("contest start Race ann vil",),
        contest_needs_four,
    ),
    "ladder_names": (
        "ladder_names = false",
        ("overcome ann Athletics 0000 vs 2",),
        plain_ladder,
    ),
    "skills": ('skills = "fi"', ("attack vil ann Tappelu 0000 vs 0000",), finnish_defense),
    **{
        role: (f'{role} = "{skill}"', (), renamed_role(role, skill))
        for role, skill in (
            ("physical_stress", "Athletics"),
            ("mental_stress", "Fight"),
            ("physical_defense", "Fight"),
            ("mental_defense", "Physique"),
            ("melee", "Brawl"),
            ("ranged", "Throw"),
            ("mental_attack", "Taunt"),
        )
    },
}


def test_every_field_has_a_case() -> None:
    """Every ``[rules]`` key: each option of RulesInPlay, and each skill role it renames."""
    assert sorted(CASES) == sorted(codec.RULES_KEYS)
    options = set(RulesInPlay.__dataclass_fields__) - {"renamed_roles"}
    assert set(codec.RULES_KEYS) == options | set(ROLE_NAMES)


@pytest.mark.parametrize("field", sorted(CASES))
def test_the_option_plays_as_the_core_says(field: str, tmp_path: Path) -> None:
    rules, commands, check = CASES[field]
    words = {}
    if field == "scale":
        words = {
            'high_concept = "Smiling knife': 'scale = "supernatural"\nhigh_concept = "Smiling knife'
        }
    if field == "skills":
        words = {"Fight = 2, Athletics = 1": "Tappelu = 2, Urheilu = 1"}
    done = run(variant(tmp_path, rules, words), tmp_path, *commands)
    assert done.status == (1 if field == "full_defense" else 0)
    check(done)
