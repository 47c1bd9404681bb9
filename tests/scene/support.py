"""Shared helpers for the scene tests: shipped scene paths, small scene edits and line diffs."""

from __future__ import annotations

import difflib
from dataclasses import replace
from pathlib import Path

from fatescreen.rules.aspects import Aspect
from fatescreen.rules.character import StressKind
from fatescreen.rules.obstacles import Countdown
from fatescreen.scene.model import Scene

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "scenes"
NOT_SCENES = {"campaign.toml", "party.toml"}
"""The demo campaign's own files, which live beside the scenes."""
SHIPPED = sorted(path for path in SCENES.glob("*.toml") if path.name not in NOT_SCENES)
"""Every prepared stand-alone scene that ships in scenes/."""
DATA = Path(__file__).resolve().parent / "data"
MID_CONFLICT = DATA / "mid-conflict.toml"


def changed_lines(before: str, after: str) -> list[str]:
    """The removed (``-``) and added (``+``) lines of a unified diff, without headers."""
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return [line for line in diff if line[:1] in "+-" and line[:3] not in ("---", "+++")]


def toggle_box(scene: Scene, character_id: str, box: int, kind: StressKind | None = None) -> Scene:
    """Check or clear one stress box of a character (its only track unless ``kind`` is given)."""
    character = scene.character(character_id)
    track = character.track(kind) if kind else character.stress[0]
    assert track is not None
    return scene.with_character(character.with_track(track.toggle(box)))


def set_fate_points(scene: Scene, character_id: str, points: int) -> Scene:
    """Give a character a new number of fate points."""
    return scene.with_character(replace(scene.character(character_id), fate_points=points))


def move(scene: Scene, character_id: str, zone_id: str) -> Scene:
    """Move a character to another zone."""
    return scene.with_character(replace(scene.character(character_id), zone=zone_id))


def set_scene_aspect(scene: Scene, index: int, aspect: Aspect) -> Scene:
    """Replace one scene-wide situation aspect."""
    aspects = list(scene.aspects)
    aspects[index] = aspect
    return scene.with_changes(aspects=tuple(aspects))


def set_countdown(scene: Scene, index: int, checked: int) -> Scene:
    """Set how many boxes of a countdown are checked."""
    countdowns: list[Countdown] = list(scene.countdowns)
    countdowns[index] = replace(countdowns[index], checked=checked)
    return scene.with_changes(countdowns=tuple(countdowns))
