"""Saving changed values over their spans of text gives exactly what the tomlkit patcher
gives, and leaves every other change to that patcher."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
import tomlkit

from fatescreen.commands.fate_session import TRANSIENT
from fatescreen.commands.session import Session
from fatescreen.rules.aspects import Aspect
from fatescreen.scene.load import LoadedScene, load_text
from fatescreen.scene.model import Zone
from fatescreen.scene.save import patched_document, save_scene
from fatescreen.scene.splice import splice_save, spliced
from tests.scene.support import MID_CONFLICT, SHIPPED
from tests.scene.test_round_trip import CHANGES, _load


def _patched(loaded: LoadedScene, scene: object) -> str:
    return tomlkit.dumps(patched_document(loaded, scene))  # type: ignore[arg-type]


def test_the_round_trip_changes_splice_as_the_patcher_writes_them() -> None:
    """Every one-value change of the round-trip table that the splicer takes gives the
    patcher's text byte for byte, and it takes half of them at least (so this compares
    something)."""
    taken = 0
    for name, what, change, _ in CHANGES:
        loaded = _load(name)
        changed = change(loaded.scene)
        text = spliced(loaded, changed)
        if text is not None:
            taken += 1
            assert text == _patched(loaded, changed), f"{name}: {what}"
    assert taken >= len(CHANGES) // 2


PLAY = [
    "stress {pc} physical 1",
    "stress {pc} physical 1",
    "fp spend {pc} 1",
    "fp give {pc} 2",
    "move {pc} {zone}",
    "next {up}",
]


@pytest.mark.parametrize("path", [*SHIPPED, MID_CONFLICT], ids=lambda p: p.name)
def test_commands_splice_as_the_patcher_writes_them(path: Path, tmp_path: Path) -> None:
    """After each command of a short session on every scene, the splicer's text (when it
    takes the change) is the patcher's, and it loads back as the session's scene."""
    folder = tmp_path / "scenes"
    shutil.copytree(path.parent, folder)
    session = Session.open(folder / path.name, seed=3, journal=False)
    assert session.loaded is not None
    loaded = session.loaded
    pc = session.scene.pcs[0].id if session.scene.pcs else session.scene.characters[0].id
    taken = 0
    for line in PLAY:
        up = session.scene.turn.up if session.scene.turn and session.scene.turn.up else pc
        session.execute(line.format(pc=pc, up=up, zone=session.scene.zones[-1].id))
        text = spliced(loaded, session.scene)
        if text is not None:
            taken += 1
            assert text == _patched(loaded, session.scene), line
            reloaded = load_text(text, loaded.path).scene
            transient = {name: getattr(session.scene, name) for name in TRANSIENT}
            assert replace(reloaded, **transient) == session.scene, line
    assert taken >= 1


HAND_WRITTEN = """\
# the GM's own file
format = 1
title = "Rooftops"   # a comment after the title
gm_pool = 3
aspects = [
    "Rain",  # wet
]

[[zone]]
name = "Roof"
aspects = ["Slippery"]

[[pc]]
name = 'Ann'
zone = "Roof"
high_concept = \"\"\"Cat burglar\"\"\"
skills = {   Athletics = 3, Burglary = 2 }
fate_points = 2   # spent one already
stress.physical = 3
"""


def test_a_hand_written_file_keeps_its_comments_and_forms() -> None:
    """Values written over their spans keep the comments after them and the GM's spacing
    inside the line; a value written across lines or as dotted keys goes to the patcher."""
    loaded = load_text(HAND_WRITTEN, Path("rooftops.toml"))
    scene = loaded.scene
    ann = scene.characters[0]
    changed = scene.with_character(replace(ann, fate_points=1)).with_changes(gm_pool=2)
    text = spliced(loaded, changed)
    assert text is not None
    assert "fate_points = 1   # spent one already\n" in text
    assert "gm_pool = 2\n" in text
    assert text == _patched(loaded, changed)
    # across lines: the scene's aspects
    assert spliced(loaded, scene.with_changes(aspects=(Aspect("Rain"), Aspect("Fog")))) is None
    # dotted keys: Ann's stress
    stressed = ann.with_track(ann.stress[0].toggle(1))
    assert spliced(loaded, scene.with_character(stressed)) is None


def test_records_that_come_or_go_in_a_hand_written_file_splice_as_the_patcher_writes_them() -> None:
    """A new zone or removed characters keep the GM's comments and forms, as the patcher
    does."""
    loaded = load_text(HAND_WRITTEN, Path("rooftops.toml"))
    scene = loaded.scene
    for changed in (
        scene.with_changes(zones=(*scene.zones, Zone("Alley"))),
        scene.with_changes(characters=()),
    ):
        text = spliced(loaded, changed)
        assert text is not None and text == _patched(loaded, changed)


def test_a_spliced_save_is_written_and_needs_no_document(tmp_path: Path) -> None:
    """Saving a change of values writes the spliced text and parses no document."""
    path = tmp_path / "rooftops.toml"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    loaded = load_text(HAND_WRITTEN, path)
    ann = loaded.scene.characters[0]
    saved = save_scene(loaded, loaded.scene.with_character(replace(ann, fate_points=1)))
    assert "fate_points = 1   # spent one already\n" in path.read_text(encoding="utf-8")
    assert "_document" not in loaded.__dict__ and "_document" not in saved.__dict__
    assert saved.scene.characters[0].fate_points == 1


TOP_KEY_SCRIPTS = [
    'aspect add "Mud everywhere"',
    'boost ann "Lucky break"',
    'create ann Fight "High ground" ++++',
    "overcome ann Fight +++0 vs 2",
    "pool 5",
]


@pytest.mark.parametrize("line", TOP_KEY_SCRIPTS)
def test_a_top_level_key_the_file_lacked_is_spliced_as_the_patcher_writes_it(
    line: str, tmp_path: Path
) -> None:
    """The first aspect of a file (or its first GM pool) is a top-level key added after the
    last top-level key: spliced with no document, as the patcher writes it, and removed
    again when the change is undone."""
    from tests.scene.test_installed_saves import MINIMAL

    path = tmp_path / "mud.toml"
    path.write_text(MINIMAL.replace('title = "Mud"', 'title = "Mud"\n# lead-in'), "utf-8")
    session = Session.open(path, seed=3, journal=False)
    assert session.loaded is not None
    loaded = session.loaded
    session.execute(line)
    text = spliced(loaded, session.scene)
    assert text is not None, line
    assert text == _patched(loaded, session.scene)
    added = [row for row in text.splitlines() if row not in loaded.text.splitlines()]
    assert len(added) == 1 and text.index(added[0]) < text.index("# lead-in")
    later = load_text(text, path)
    session.execute("undo")
    assert spliced(later, session.scene) == loaded.text


RECORD_CHANGES = [
    'add zone "Bench yard"',
    'add minor "Dock thug" skill Fight 2',
    'add pc "Newcomer"',
    'add mooks "Gulls" 3',
    'add hazard "Falling nets" 2 weapon 1',
    'add countdown "Tide" 3',
    'add zone "Bench yard"\nadd zone "Back alley"\nadd minor "Dock thug"\nadd minor "Lookout"',
    "remove {first_npc}",
    "remove {last_npc}",
    "remove {first_zone_empty}",
    "remove {last_npc}\nremove {first_npc}",
]


def _statements(text: str) -> list[str]:
    """The lines that are not comments or blank."""
    return [row for row in text.splitlines() if row.strip() and not row.lstrip().startswith("#")]


def _comments(text: str) -> set[str]:
    return {row.strip() for row in text.splitlines() if row.lstrip().startswith("#")}


def _removed_spans(loaded: LoadedScene, text: str) -> slice:
    """The part of the old text the new one lacks (one span: the records taken out are
    next to each other in these changes, or their gap holds no comment)."""
    old = loaded.text
    start = next((i for i, (a, b) in enumerate(zip(old, text, strict=False)) if a != b), 0)
    end = len(old) - next(
        (i for i, (a, b) in enumerate(zip(reversed(old), reversed(text), strict=False)) if a != b),
        0,
    )
    return slice(start, end)


def _fill(line: str, scene: object, loaded: LoadedScene) -> str | None:
    """The change with names filled in: NPCs written as records of their own (an instance
    of a template entry is marked removed in the entry's overrides, by the patcher)."""
    from fatescreen.rules.character import CharacterKind

    npcs = [
        c.id
        for c in scene.characters  # type: ignore[attr-defined]
        if c.kind is not CharacterKind.PC
        and c.id in loaded.origins.characters
        and loaded.origins.characters[c.id].instance is None
    ]
    used = {c.zone for c in scene.characters} | {o.zone for o in scene.obstacles}  # type: ignore[attr-defined]
    empty = [z.id for z in scene.zones if z.id not in used]  # type: ignore[attr-defined]
    values = {
        "first_npc": npcs[0] if npcs else None,
        "last_npc": npcs[-1] if npcs else None,
        "first_zone_empty": empty[0] if empty else None,
    }
    if any(f"{{{name}}}" in line and value is None for name, value in values.items()):
        return None
    if "{first_npc}" in line and "{last_npc}" in line and len(npcs) < 2:
        return None
    return line.format(**values)


@pytest.mark.parametrize("path", [*SHIPPED, MID_CONFLICT], ids=lambda p: p.name)
def test_records_that_come_or_go_splice_as_the_patcher_writes_them(
    path: Path, tmp_path: Path
) -> None:
    """A record added at the end of its section (a new section at the end of the file) or
    taken out, alone or several at once, is spliced with no document, byte for byte as
    the patcher writes it, and the text loads back as the session's scene."""
    folder = tmp_path / "scenes"
    shutil.copytree(path.parent, folder)
    taken = 0
    for change in RECORD_CHANGES:
        session = Session.open(folder / path.name, seed=3, journal=False)
        assert session.loaded is not None
        loaded = session.loaded
        lines = _fill(change, session.scene, loaded)
        if lines is None:
            continue
        for line in lines.split("\n"):
            assert session.execute(line).ok, line
        text = spliced(loaded, session.scene)
        if text is None:
            # a removal may change values the GM wrote across lines (a contest's list):
            # those are left to the patcher; an addition always splices
            assert change.startswith("remove"), change
            continue
        taken += 1
        patched = _patched(loaded, session.scene)
        if change.startswith("remove"):
            assert _statements(text) == _statements(patched), change
            kept = _comments(loaded.text) - _comments(loaded.text[_removed_spans(loaded, text)])
            assert kept <= _comments(text), change
        else:
            assert text == patched, change
        fresh = load_text(text, loaded.path)
        done = splice_save(loaded, session.scene)
        assert done is not None and done[1] == fresh.origins, change  # no reading again
        reloaded = fresh.scene
        transient = {name: getattr(session.scene, name) for name in TRANSIENT}
        # a new PC joins the [[pc]] records, which the file may write before the NPCs
        by_id = {c.id: c for c in reloaded.characters}
        in_order = tuple(by_id[c.id] for c in session.scene.characters)
        assert replace(reloaded, characters=in_order, **transient) == session.scene, change
    assert taken >= 7
