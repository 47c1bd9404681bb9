"""Settling a roll again only to compare scenes writes no lines and makes the same scene."""

from __future__ import annotations

import random

from fatescreen.commands.core import Context
from fatescreen.commands.fate_session import fate_session
from fatescreen.commands.settle import settle
from fatescreen.scene.load import load_scene
from tests.scene.support import SCENES


def test_a_roll_settled_without_its_lines_makes_the_scene_settled_with_them() -> None:
    session = fate_session(load_scene(SCENES / "golden-mask.toml").scene, rng=random.Random(1))
    for line in (
        'aspect add "Edge" on silbestre free 1 for silbestre',
        "overcome silbestre Athletics vs 2 +000",
    ):
        assert session.execute(line).ok
    pending = session.scene.pending_roll
    assert pending is not None and pending.base is not None
    ctx = Context(session.scene, random.Random(1), "en", False)
    quiet, none = settle(ctx, pending.base, pending, say=False)
    said, lines = settle(ctx, pending.base, pending)
    assert none == () and lines
    assert quiet == said == session.scene
    assert session.execute("invoke edge by silbestre free").ok
