"""The seven one-line sessions of a minimal hand-written scene, saved with whatever tomlkit
is installed (``make test`` pins it; ``make test-latest`` takes the newest the ranges
allow): each save changes exactly the lines its command changed and keeps the comments.

The five that add a top-level key the file did not have (``aspects``) once crashed with a
tomlkit release that dropped a private method the saver called."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.cli import main

MINIMAL = """\
# A minimal scene, by hand
format = 1
title = "Mud"   # the title

[[zone]]
name = "Yard"   # the only zone

[[pc]]
name = "Ann"
zone = "Yard"
skills = { Fight = 2 }

[[npc]]
name = "Guard"
kind = "minor"
zone = "Yard"
skills = { Fight = 1 }
"""

TOP = 'title = "Mud"   # the title\n'
SEVEN = [
    (
        "overcome ann Fight +++0 vs 2",
        TOP,
        'aspects = [{ name = "Momentum", free_invokes = { ann = 1 }, boost = true }]\n',
    ),
    ("attack ann guard Fight 0000 vs 0000", None, ""),
    (
        'create ann Fight "High ground" ++++',
        TOP,
        'aspects = [{ name = "High ground", free_invokes = { ann = 2 } }]\n',
    ),
    (
        'boost ann "Lucky break"',
        TOP,
        'aspects = [{ name = "Lucky break", free_invokes = { ann = 1 }, boost = true }]\n',
    ),
    ('aspect add "Mud everywhere"', TOP, 'aspects = ["Mud everywhere"]\n'),
    (
        "next ann",
        "skills = { Fight = 1 }\n",
        '\n[turn]\nexchange = 1\nparticipants = ["ann", "guard"]\nacted = ["ann"]\nup = "ann"\n',
    ),
    ("fp give ann 1", "skills = { Fight = 2 }\n", "fate_points = 1\n"),
]


@pytest.mark.parametrize(("script", "after", "added"), SEVEN, ids=[s for s, _, _ in SEVEN])
def test_a_one_line_session_saves_only_its_change(
    script: str, after: str | None, added: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scene = tmp_path / "mud.toml"
    scene.write_text(MINIMAL, encoding="utf-8")
    commands = tmp_path / "script.txt"
    commands.write_text(script + "\n", encoding="utf-8")
    status = main(["run", str(scene), "--script", str(commands), "--save", "--lang", "en"])
    out = capsys.readouterr()
    assert status in (0, None), out.err
    expected = MINIMAL if after is None else MINIMAL.replace(after, after + added, 1)
    assert scene.read_text(encoding="utf-8") == expected
    assert "saved to" in out.out
