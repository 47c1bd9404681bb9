"""One writer per scene, from the command line: ``run --save`` and a second dashboard are
refused while a dashboard holds the scene, a hand edit made while a script ran is never
written over unasked (``--replay``, ``--overwrite``), and a data folder that cannot be
written is a one-line refusal before anything starts."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import shutil
import sys
from pathlib import Path

import pytest

from fatescreen.cli import main
from fatescreen.commands.session import Session
from fatescreen.scene.load import load_scene
from fatescreen.ui.app import FatescreenApp

ROOT = Path(__file__).resolve().parents[2]
TITLE = 'title = "The golden mask"'
EDITED_TITLE = 'title = "The silver mask"'


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as done:
            status = int(done.code or 0)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def scene(tmp_path: Path) -> Path:
    folder = tmp_path / "table"
    folder.mkdir()
    shutil.copy(ROOT / "scenes" / "golden-mask.toml", folder)
    shutil.copytree(ROOT / "scenes" / "library", folder / "library")
    return folder / "golden-mask.toml"


def _script(tmp_path: Path, text: str) -> str:
    path = tmp_path / "script.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


async def test_run_save_is_refused_while_a_dashboard_holds_the_scene(
    scene: Path, tmp_path: Path
) -> None:
    text = scene.read_text(encoding="utf-8")
    script = _script(tmp_path, "pool 6\n")
    app = FatescreenApp(scene, remember=False, lang="en", cursor_blink=False)
    async with app.run_test(size=(120, 40)):
        status, out, _ = cli("run", str(scene), "--script", script, "--save", "--lang", "en")
        assert status == 2
        assert out.startswith(f"{scene} is open for writing in another fatescreen (process ")
        assert f"process {os.getpid()} on " in out
        assert "run the script without --save" in out
        assert scene.read_text(encoding="utf-8") == text
        # without --save nothing is written: the script runs beside the dashboard
        status, out, _ = cli("run", str(scene), "--script", script, "--lang", "en")
        assert status == 0 and "the GM pool is now 6" in out
        # a copy saved elsewhere is written
        copy = tmp_path / "copy.toml"
        status, out, _ = cli(
            "run", str(scene), "--script", script, "--save", str(copy), "--lang", "en"
        )
        assert status == 0 and load_scene(copy).scene.gm_pool == 6
    status, out, _ = cli("run", str(scene), "--script", script, "--save", "--lang", "en")
    assert status == 0 and load_scene(scene).scene.gm_pool == 6


def test_a_second_dashboard_is_refused_in_both_languages(scene: Path) -> None:
    holder = Session.open(scene, lock=True)
    try:
        status, _, err = cli(str(scene), "--lang", "en")
        assert status == 2
        assert err.startswith(f"{scene} is open for writing in another fatescreen (process ")
        assert err.rstrip().endswith(f"open this one read-only: fatescreen --read-only {scene}")
        assert len(err.strip().splitlines()) == 1
        status, _, err = cli(str(scene), "--lang", "fi")
        assert status == 2
        assert err.startswith(f"{scene} on auki kirjoitettavana toisessa fatescreenissä")
        assert "avaa tämä vain luettavaksi: fatescreen --read-only" in err
    finally:
        holder.close()


class _EditingStdin(io.StringIO):
    """A script on stdin that edits the scene by hand while it is read (after the scene was
    opened, before it is saved)."""

    def __init__(self, script: str, scene: Path) -> None:
        super().__init__(script)
        self.scene = scene

    def read(self, size: int | None = -1) -> str:
        text = self.scene.read_text(encoding="utf-8")
        self.scene.write_text(text.replace(TITLE, EDITED_TITLE), encoding="utf-8")
        return super().read(size)


@pytest.mark.parametrize(
    ("option", "title"),
    [(None, None), ("--replay", "The silver mask"), ("--overwrite", "The golden mask")],
)
def test_a_hand_edit_while_the_script_ran_is_never_written_over_unasked(
    scene: Path, monkeypatch: pytest.MonkeyPatch, option: str | None, title: str | None
) -> None:
    pool = load_scene(scene).scene.gm_pool
    monkeypatch.setattr(sys, "stdin", _EditingStdin("pool 6\n", scene))
    extra = [option] if option else []
    status, out, _ = cli("run", str(scene), "--script", "-", "--save", *extra, "--lang", "en")
    saved = load_scene(scene).scene
    if option is None:
        assert status == 1
        assert f"not saved: {scene} was changed outside fatescreen while the script ran" in out
        assert "--replay" in out and "--overwrite" in out
        assert (saved.title, saved.gm_pool) == ("The silver mask", pool)
    else:
        assert status == 0, out
        assert (saved.title, saved.gm_pool) == (title, 6)


def test_replay_and_overwrite_go_together_with_nothing(scene: Path, tmp_path: Path) -> None:
    script = _script(tmp_path, "pool 6\n")
    status, _, err = cli("run", str(scene), "--script", script, "--save", "--replay", "--overwrite")
    assert status == 2 and "not allowed with argument" in err


@pytest.mark.parametrize("arguments", [["demo"], ["SCENE"], ["run", "SCENE", "--save"]])
def test_a_data_folder_that_cannot_be_written_is_a_one_line_refusal(
    scene: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arguments: list[str]
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    data = blocker / "fatescreen"
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(data))
    args = [str(scene) if word == "SCENE" else word for word in arguments]
    if args[0] == "run":
        args += ["--script", _script(tmp_path, "pool 6\n")]
    status, out, err = cli(*args, "--lang", "en")
    said = (out + err).strip()
    assert status == 2
    reason = os.strerror(errno.ENOTDIR)  # a file where the folder must be
    assert said == (
        f"cannot write the data folder {data}: {reason}. Make it writable, or name another "
        "folder in FATESCREEN_DATA_DIR."
    )
    assert "Traceback" not in out + err
