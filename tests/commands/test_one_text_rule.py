"""One rule for text: a command refuses the text a scene file may not hold, with the
loader's own message, and changes nothing; what it accepts saves and loads back.

Before, ``aspect add``, ``aspect rename``, ``boost`` and ``absorb N "TEXT"`` took an
escape, a bell, a bidirectional override, a zero-width space or 201 to 10,000 characters,
and the saved file was then refused by ``check``, the dashboard and the player view."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fatescreen.commands.session import Session
from fatescreen.i18n import tr
from fatescreen.scene.load import load_scene
from tests.scene.support import SCENES

BAD = {
    "escape": ("Smoke\x1b[31m", "rules.text.control_character", {"character": "U+001B"}),
    "bell": ("Smoke\x07", "rules.text.control_character", {"character": "U+0007"}),
    "override": ("Smoke\u202e", "rules.text.control_character", {"character": "U+202E"}),
    "zero width": ("Smo\u200bke", "rules.text.control_character", {"character": "U+200B"}),
    "201 long": ("x" * 201, "rules.text.too_long", {"length": 201, "limit": 200}),
    "10000 long": ("y" * 10_000, "rules.text.too_long", {"length": 10_000, "limit": 200}),
}

COMMANDS = [
    'aspect add "{text}"',
    'aspect rename "Candles everywhere" "{text}"',
    'boost silbestre "{text}"',
]


@pytest.fixture
def session(tmp_path: Path) -> Session:
    shutil.copytree(SCENES, tmp_path / "scenes")
    return Session.open(tmp_path / "scenes" / "golden-mask.toml", seed=1, journal=False)


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
def test_a_command_refuses_text_a_file_may_not_hold(
    session: Session, command: str, bad: tuple[str, str, dict[str, object]], lang: str
) -> None:
    text, key, values = bad
    session.lang = lang
    before = session.scene
    result = session.execute(command.format(text=text))
    assert not result.ok
    assert tr(lang, key, **values) in " ".join(result.lines)
    assert session.scene is before


def test_absorbing_with_a_consequence_the_file_may_not_hold_is_refused(session: Session) -> None:
    assert session.execute("next leader").ok
    assert session.execute("attack leader silbestre Fight ++++ vs 0000").ok
    before = session.scene
    result = session.execute('absorb 2 "Broken\x1b[2Jribs"')
    assert not result.ok and "U+001B" in " ".join(result.lines)
    assert session.scene is before
    assert session.execute('absorb 2 "Broken ribs"').ok


def test_the_loader_says_the_same(tmp_path: Path) -> None:
    path = tmp_path / "scene.toml"
    path.write_text('format = 1\ntitle = "T"\naspects = ["Smoke\\u001b"]\n', encoding="utf-8")
    with pytest.raises(Exception, match="control or escape character U\\+001B"):
        load_scene(path)


def test_accepted_text_saves_and_loads_back(session: Session) -> None:
    name = "Ääni " + "x" * 195
    assert session.execute(f'aspect add "{name}"').ok
    assert session.execute("save").ok
    assert session.loaded is not None and session.loaded.path is not None
    assert any(a.name == name for a in load_scene(session.loaded.path).scene.aspects)
