"""A roll takes effect in two stages: applying the rules' decision to the scene, then saying
what was applied. The say stage reads only what the apply stage returns (and the scene after
it), so every boost it announces is one the apply stage put in the scene."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from fatescreen.commands.core import Context
from fatescreen.commands.settle import (
    SETTLERS,
    CreateApplied,
    Verdict,
    apply_attack,
    apply_create,
    apply_overcome,
    apply_targets,
    say_attack,
    say_create,
    say_overcome,
    say_targets,
    settle_targets,
)
from fatescreen.rules.aspects import AspectKind
from fatescreen.scene.model import Scene
from tests.commands.support import SCRIPTS, open_session

RULEBOOK = SCRIPTS / "rulebook.toml"

STAGES = {
    "attack": (apply_attack, say_attack),
    "overcome": (apply_overcome, say_overcome),
    "create": (apply_create, say_create),
}


def _boosts(scene: Scene) -> set[tuple[str, tuple[str, ...]]]:
    return {(a.name, a.free_invokes) for a in scene.aspects if a.kind is AspectKind.BOOST}


def _stages(line: str) -> tuple[Scene, Scene, object, tuple[str, ...], Context]:
    """Run a roll through the session, then its apply stage again on the scene before it:
    the scene before, the applied scene, what was applied, the session's lines, a context."""
    session = open_session(RULEBOOK)
    said = session.execute(line)
    assert said.ok, said.lines
    pending = session.scene.pending_roll
    assert pending is not None and pending.base is not None
    on_roll = replace(pending.base, pending_roll=pending)
    ctx = Context(on_roll, random.Random(0))
    apply, say = STAGES[line.split()[0]]
    scene, applied = apply(ctx, on_roll, pending)  # type: ignore[operator]
    assert scene == session.scene
    assert say(ctx.on(scene), scene, pending, applied) == said.lines  # type: ignore[operator]
    return pending.base, scene, applied, said.lines, ctx


def _announced(applied: object) -> set[tuple[str, tuple[str, ...]]]:
    """The boosts an applied record holds for the say stage to announce."""
    struck = getattr(applied, "struck", None)
    granted = getattr(applied, "boosts", ()) if struck is None else struck.boosts
    return {(boost.name, (boost.owner,)) for boost in granted}


@pytest.mark.parametrize(
    ("line", "granted"),
    [
        # Seed «Hyökkää»: on a tie «Joka tapauksessa, saat särmän».
        ("attack vil bob Fight 0000 vs +000", {("Reeling", ("vil",))}),
        # Seed «Puolusta»: a defense with style «saat lisäksi särmän».
        ("attack vil ann Fight 0000 vs ++++", {("Opening", ("ann",))}),
        ("attack vil ann Fight ++++ vs 0000", set()),
        # Seed «Ratkaise»: with style «saat ... lisäksi särmän».
        ("overcome ann Athletics ++++ vs 2", {("Momentum", ("ann",))}),
        ("overcome ann Athletics 0000 vs 2", set()),
    ],
)
def test_every_boost_the_say_stage_announces_is_one_the_apply_stage_put_in_the_scene(
    line: str, granted: set[tuple[str, tuple[str, ...]]]
) -> None:
    before, scene, applied, _, _ = _stages(line)
    assert _boosts(scene) - _boosts(before) == granted
    assert _announced(applied) == granted


def test_a_create_says_the_aspect_its_apply_stage_made() -> None:
    """Seed «Luo etu»: success makes the aspect with a free invoke; on a tie «saat särmän»
    instead, which is in the scene under the name the verdict says."""
    before, scene, applied, lines, _ = _stages('create ann Athletics "Cornered" +000 vs 2')
    assert isinstance(applied, CreateApplied)
    assert applied.verdict == Verdict("success", "Cornered")
    made = {(a.name, a.free_invokes) for a in scene.aspects} - {
        (a.name, a.free_invokes) for a in before.aspects
    }
    assert made == {("Cornered", ("ann",))}
    assert lines[0].endswith('"Cornered" with 1 free invoke for Ann')
    before, scene, applied, lines, _ = _stages('create ann Athletics "Cornered" -000 vs 2')
    assert isinstance(applied, CreateApplied)
    assert applied.verdict == Verdict("tie_boost", "Cornered")
    assert _boosts(scene) - _boosts(before) == {("Cornered", ("ann",))}
    assert '"Cornered"' in lines[0]


def test_a_split_attack_says_nothing_happened_until_every_target_defends() -> None:
    """§8: a split attack waits for the split; its apply stage changes nothing till then."""
    session = open_session(RULEBOOK)
    said = session.execute("attack vil ann,bob Fight ++++")
    assert said.ok, said.lines
    pending = session.scene.pending_roll
    assert pending is not None
    ctx = Context(session.scene, random.Random(0))
    scene, struck = apply_targets(ctx, session.scene, pending)
    assert struck == () and scene == session.scene
    assert say_targets(ctx, scene, pending, struck) == said.lines
    assert SETTLERS[pending.action, pending.purpose] is settle_targets
