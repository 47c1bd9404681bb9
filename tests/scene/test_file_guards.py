"""What the loader refuses at once and where it says the problem is: holders of free invokes
that are not in the scene, special and oversized files, nesting too deep, line numbers after
characters Python counts as line breaks but TOML does not."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fatescreen import cli
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.load import load_scene, load_text
from fatescreen.scene.source import MAX_FILE_BYTES, deepest_line
from tests.scene.support import SCENES

HEAD = 'format = 1\ntitle = "Test"\n'
ANA = '\n[[pc]]\nname = "Ana"\nskills = { Fight = 2 }\n'


def _check(path: Path) -> tuple[int, list[str]]:
    """``fatescreen check PATH``: its status and the lines it printed."""
    out = io.StringIO()
    status = cli.check([path], out)
    return status, out.getvalue().splitlines()


@pytest.mark.parametrize(
    ("text", "line", "where"),
    [
        (
            HEAD + 'aspects = [{ name = "Fog", free_invokes = { nobody = 1 } }]\n' + ANA,
            3,
            "aspects[1].free_invokes.nobody",
        ),
        (
            HEAD
            + ANA
            + '\n[[zone]]\nname = "Hall"\n'
            + 'aspects = [{ name = "Dark", free_invokes = { ghost = 2 } }]\n',
            10,
            "zone[1].aspects[1].free_invokes.ghost",
        ),
        (
            HEAD + ANA + 'consequences = { mild = { text = "Cut", free_invokes = { zed = 1 } } }\n',
            7,
            "pc[1].consequences.mild.free_invokes.zed",
        ),
        (
            HEAD + ANA + 'aspects = [{ name = "Quick", free_invokes = { bo = 1 } }]\n',
            7,
            "pc[1].aspects[1].free_invokes.bo",
        ),
    ],
    ids=["situation aspect", "zone aspect", "consequence", "character aspect"],
)
def test_a_free_invoke_held_by_someone_not_in_the_scene_is_refused(
    tmp_path: Path, text: str, line: int, where: str
) -> None:
    """`check` names the file, the line and the key path of the unknown holder, and lists
    who may hold it (the scene's characters and the GM)."""
    path = tmp_path / "scene.toml"
    path.write_text(text, encoding="utf-8")
    status, lines = _check(path)
    assert status == 1
    assert lines[0].startswith(f"{path}:{line}: {where}: no holder of a free invoke ")
    assert lines[0].endswith("in this scene (known: ana, gm)")


def test_free_invokes_held_by_the_gm_and_by_characters_load(tmp_path: Path) -> None:
    path = tmp_path / "scene.toml"
    path.write_text(
        HEAD + 'aspects = [{ name = "Fog", free_invokes = { ana = 1, gm = 2 } }]\n' + ANA,
        encoding="utf-8",
    )
    assert _check(path) == (0, [f"{path}: ok"])
    assert load_scene(path).scene.aspects[0].free_invokes == ("ana", "gm", "gm")


def test_a_free_invoke_held_by_a_hazard_of_the_scene_loads() -> None:
    """A hazard rolls, so it may hold a free invoke (and spend it on its own attack)."""
    text = (SCENES / "kaarnakoski-mine.toml").read_text(encoding="utf-8")
    ceiling = '"Lamps flickering", { name = "Loose ceiling", free_invokes = { falling-rocks = 1 } }'
    edited = text.replace('"Lamps flickering"', ceiling, 1)
    assert edited != text
    scene = load_text(edited, SCENES / "kaarnakoski-mine.toml").scene
    assert any(a.free_invokes == ("falling-rocks",) for a in scene.aspects)


def test_removing_a_character_takes_its_free_invokes_so_the_saved_file_loads(
    tmp_path: Path,
) -> None:
    """A character leaving the scene leaves no free invoke behind that the file would then
    refuse (boosts it held are gone)."""
    from fatescreen.commands.session import Session

    path = tmp_path / "scene.toml"
    shutil.copy(SCENES / "golden-mask.toml", path)
    shutil.copytree(SCENES / "library", tmp_path / "library")
    session = Session.open(path, journal=False)
    assert session.execute('aspect add "Slick floor" on scene free 1 for rozio').ok
    assert session.execute('boost rozio "Off balance"').ok
    assert session.execute("remove rozio").ok
    assert session.execute("save").ok
    reloaded = load_scene(path).scene
    held = [who for aspect in reloaded.aspects for who in aspect.free_invokes]
    assert "rozio" not in held
    assert "Off balance" not in [aspect.name for aspect in reloaded.aspects]


def test_nesting_too_deep_names_the_line_of_the_deepest_opening(tmp_path: Path) -> None:
    text = HEAD + "notes = [\n  [1],\n  " + "[" * 3000 + "]" * 3000 + "\n]\n"
    with pytest.raises(SceneFileError) as raised:
        load_text(text, tmp_path / "deep.toml")
    (problem,) = raised.value.problems
    assert problem.line == 5
    where = tmp_path / "deep.toml"
    assert str(problem) == f"{where}:5: notes: not valid TOML: nested too deeply"


def test_the_deepest_opening_skips_strings_and_comments() -> None:
    text = "a = \"[[[[[\"\nb = [ # [[[[\n  [\n  \"\\\"[[[[\"\n  ]\n]\nc = '''\n[[[[\n'''\n"
    assert deepest_line(text) == 3


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\x1c"])
def test_line_numbers_count_newlines_only(tmp_path: Path, separator: str) -> None:
    """A string may hold U+2028 and other characters Python's ``splitlines`` breaks at; TOML
    does not, and neither do the line numbers of the problems after them."""
    text = f'format = 1\ntitle = "a{separator}b"\nnotes = "x"\nbogus = 1\n'
    path = tmp_path / "scene.toml"
    path.write_text(text, encoding="utf-8")
    if separator == "\x1c":  # a control character: TOML itself refuses it, on its line
        status, lines = _check(path)
        assert status == 1 and lines[0].startswith(f"{path}:2: ")
        return
    status, lines = _check(path)
    assert status == 1
    assert lines[0].startswith(f"{path}:4: bogus: unknown key 'bogus'")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    """Opening a pipe for reading waits for a writer forever; `check` must not even try."""
    fifo = tmp_path / "scene.toml"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "fatescreen", "check", str(fifo)],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout == (
        f"{fifo}: (top level): not a regular file (a named pipe); a scene is a .toml file\n"
    )


def test_a_device_and_a_folder_are_refused(tmp_path: Path) -> None:
    for path, kind in ((Path(os.devnull), "a character device"), (tmp_path, "a folder")):
        with pytest.raises(SceneFileError) as raised:
            load_scene(path)
        (problem,) = raised.value.problems
        assert problem.message == f"not a regular file ({kind}); a scene is a .toml file"


def test_a_file_over_the_limit_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    with path.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: nothing is written
    status, lines = _check(path)
    assert status == 1
    assert lines == [
        f"{path}: (top level): file of {MAX_FILE_BYTES + 1} bytes is too large (at most 4 MiB)"
    ]
    at_limit = tmp_path / "limit.toml"
    at_limit.write_text(HEAD + "#" * (MAX_FILE_BYTES - len(HEAD) - 1) + "\n", encoding="utf-8")
    assert load_scene(at_limit).scene.title == "Test"


def test_the_limit_is_documented() -> None:
    docs = (SCENES.parent / "docs" / "scene-format.md").read_text(encoding="utf-8")
    assert f"{MAX_FILE_BYTES // (1024 * 1024)} MiB" in docs


def test_a_template_that_is_a_pipe_is_refused(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs named pipes")
    os.mkfifo(tmp_path / "thug.toml")
    text = HEAD + '\n[[npc]]\ntemplate = "thug.toml"\n'
    with pytest.raises(SceneFileError) as raised:
        load_text(text, tmp_path / "scene.toml")
    assert str(raised.value.problems[0]) == (
        f"{tmp_path / 'scene.toml'}:5: npc[1].template: cannot read template file 'thug.toml': "
        "not a regular file (a named pipe); a scene is a .toml file"
    )


def test_problems_never_print_raw_control_characters(tmp_path: Path) -> None:
    path = tmp_path / "a\x1b[2Jb.toml"
    path.write_text(HEAD + 'bogus\x1b = 1\n"\u202eevil" = 2\n', encoding="utf-8")
    status, lines = _check(path)
    assert status == 1
    assert all("\x1b" not in line and "\u202e" not in line for line in lines)
    assert lines[0].startswith(str(tmp_path / "a\\x1b[2Jb.toml"))


def test_a_byte_order_mark_is_read_past_and_a_save_leaves_it_out(tmp_path: Path) -> None:
    """Some editors start a UTF-8 file with a byte order mark, which is not TOML: the file
    loads as if it were not there, and a save writes the file without it."""
    from fatescreen.commands.session import Session

    path = tmp_path / "marked.toml"
    path.write_bytes(b"\xef\xbb\xbf" + b'format = 1\ntitle = "Marked"\ngm_pool = 2\n')
    session = Session.open(path, journal=False)
    assert session.scene.title == "Marked"
    assert session.execute("pool 3").ok and session.execute("save").ok
    assert path.read_bytes() == b'format = 1\ntitle = "Marked"\ngm_pool = 3\n'
