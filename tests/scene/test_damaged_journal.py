"""A damaged journal never keeps a scene from opening: the intact records are offered for
recovery, the damaged lines are left out and, when the journal starts again, set aside in
a ``.damaged`` file beside it. The damage a crash or a bad disk leaves: a line torn inside
a UTF-8 character (Finnish names make that likely), dice that no roll shows, dice of the
wrong type, and a line of 100,000 ``[``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from fatescreen.commands.follow import follow_once
from fatescreen.commands.session import Session
from fatescreen.scene.journal import Journal
from tests.scene.support import SCENES

DAMAGE = {
    "torn inside a character": '{"command": "aspect add \\"Äijä\'s'.encode()[:-3],
    "faces no roll shows": b'{"command": "overcome silbestre Athletics", "dice": ["zz"]}',
    "dice not a list": b'{"command": "fp give silbestre 1", "dice": 5}',
    "nested too deep": b"[" * 100_000,
    "not a record": b'"just a string"',
    "garbage": b"\xff\xfe\x00garbage",
}


@pytest.fixture
def scene(tmp_path: Path) -> Path:
    shutil.copytree(SCENES, tmp_path / "scenes")
    return tmp_path / "scenes" / "golden-mask.toml"


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_record_is_left_out_and_set_aside(
    damage: bytes, scene: Path, tmp_path: Path
) -> None:
    session = Session.open(scene, seed=1)
    session.execute('aspect add "Falling dust"')
    session.execute("fp give silbestre 1")
    assert session.journal is not None
    journal_path = session.journal.path
    with journal_path.open("ab") as file:
        file.write(damage + b"\n")
    session.journal.append("pool 5")
    reopened = Session.open(scene, seed=1)
    assert reopened.recovery_pending
    assert [command for command, _ in reopened.recoverable()] == [
        'aspect add "Falling dust"',
        "fp give silbestre 1",
        "pool 5",
    ]
    assert reopened.recover() == 3
    assert reopened.scene.gm_pool == 5
    assert any(aspect.name == "Falling dust" for aspect in reopened.scene.aspects)
    reopened.start_journal()
    aside = journal_path.with_suffix(".damaged")
    assert aside.read_bytes() == damage + b"\n"
    assert Journal(scene, journal_path.parent).damaged() == []


def test_the_player_view_follows_past_a_damaged_record(scene: Path) -> None:
    session = Session.open(scene, seed=1)
    session.execute('aspect add "Falling dust"')
    assert session.journal is not None
    with session.journal.path.open("ab") as file:
        file.write(b"".join(damage + b"\n" for damage in DAMAGE.values()))
    session.journal.append("pool 5")
    followed = follow_once(scene)
    assert followed.scene is not None and followed.scene.gm_pool == 5
    assert any(aspect.name == "Falling dust" for aspect in followed.scene.aspects)


def test_a_record_of_the_wrong_shape_is_damaged(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "scene.toml", tmp_path / "journals")
    journal.start("text")
    for record in ({"command": 5}, {"command": "x", "dice": [1]}, {"base": 3}, [1]):
        with journal.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(record) + "\n")
    journal.append("fp give ann 1")
    assert journal.pending("text") == [("fp give ann 1", ())]
    assert len(journal.damaged()) == 4
