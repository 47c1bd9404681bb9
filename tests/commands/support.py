"""Helpers for the command tests: run a script through ``fatescreen run`` and a Session."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from fatescreen import cli
from fatescreen.commands.session import Session
from fatescreen.rules.character import Character
from fatescreen.scene.model import Scene

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "scenes"
DEMO = SCENES / "golden-mask.toml"
CHASE = SCENES / "night-market-chase.toml"
LIBRARY = SCENES / "burning-library.toml"
MINE = SCENES / "kaarnakoski-mine.toml"
BRINE = SCENES / "brine-mother.toml"
SCRIPTS = ROOT / "tests" / "scripts"
SEED = SCRIPTS / "seed.toml"
GHOUL = SCRIPTS / "ghoul.toml"


@dataclass
class Run:
    """A script applied twice: by ``fatescreen run`` (its output and exit status) and by a
    Session on the same scene (its scene, to assert on)."""

    status: int
    output: str
    session: Session

    @property
    def scene(self) -> Scene:
        """The scene after the script."""
        return self.session.scene

    def character(self, ref: str) -> Character:
        """A character of the resulting scene, by id."""
        return self.scene.character(ref)

    def lines(self, command: str) -> list[str]:
        """The lines printed for a command (the last time it appears), without indentation."""
        blocks = self.output.split("\n> ")
        found = [b for b in blocks if b.removeprefix("> ").split("\n", 1)[0] == command]
        assert found, f"{command!r} was not run; output:\n{self.output}"
        return [line.strip() for line in found[-1].split("\n")[1:] if line.strip()]

    def line(self, command: str) -> str:
        """The first line printed for a command."""
        return self.lines(command)[0]


def cli_run(scene: Path, script: str, tmp_path: Path, *extra: str) -> tuple[int, str]:
    """``fatescreen run SCENE --script FILE --lang en``: its exit status and output."""
    path = tmp_path / "script.txt"
    path.write_text(script, encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        status = cli.main(["run", str(scene), "--script", str(path), "--lang", "en", *extra])
    return status, out.getvalue()


def run(scene: Path, tmp_path: Path, *commands: str) -> Run:
    """Apply commands through the CLI and through a Session on the same scene."""
    status, output = cli_run(scene, "\n".join(commands) + "\n", tmp_path)
    session = open_session(scene)
    for command in commands:
        session.execute(command)
    return Run(status, output, session)


def open_session(scene: Path = DEMO, lang: str = "en") -> Session:
    """A session on a scene file, without a journal."""
    return Session.open(scene, lang=lang, journal=False)


def played(scene: Path, *commands: str) -> Session:
    """A session after commands that must all succeed."""
    session = open_session(scene)
    for command in commands:
        result = session.execute(command)
        assert result.ok, f"{command!r} failed: {result.lines}"
    return session


def copy_demo(tmp_path: Path) -> Path:
    """A copy of the demo scene (with its template library) in a folder of its own."""
    import shutil

    folder = tmp_path / "table"
    folder.mkdir()
    shutil.copy(DEMO, folder / DEMO.name)
    shutil.copytree(DEMO.parent / "library", folder / "library")
    return folder / DEMO.name
