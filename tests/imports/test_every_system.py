"""Import and export for every registered system (and the toy system): a character comes
into a copy of the system's sample scene through ``fatescreen import``, the scene still
reads, and ``fatescreen export`` writes that character back out in the system's format, or
says, naming the systems that can, that the system exports none."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from fatescreen import systems
from fatescreen.cli import main
from fatescreen.systems import Capability, RuleSystem
from tests.imports.support import fixture
from tests.stress.play import Play

NEWCOMER = "Zyx Newcomer"
"""The character a CSV sheet brings: no sample scene has one of that name."""

OWN_FILES = {"fate-condensed": (fixture("fari-v6-eira.json"), "Eira Valo")}
"""The file, and the name of its character, for a system that reads no CSV sheet (its
scene format declares no columns): Fate imports other tools' character files."""


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def sheet_of(system: RuleSystem, folder: Path) -> tuple[Path, str]:
    """A file of one character that the system imports, and the character's name: a CSV
    sheet of one row, its ``name`` only, for a system whose scene format declares columns."""
    if system.scene_format is None or system.part("scene_format").columns is None:
        return OWN_FILES[system.id]
    sheet = folder / "sheet.csv"
    sheet.write_text(f"name\n{NEWCOMER}\n", encoding="utf-8")
    return sheet, NEWCOMER


def test_every_system_imports_a_character_and_exports_it_or_says_it_cannot(
    every_system: str, tmp_path: Path
) -> None:
    system = systems.named_by(every_system)
    assert system is not None and system.can(Capability.IMPORT)
    scene = Play.of(every_system).copy_into(tmp_path / "scene")
    before = scene.read_text(encoding="utf-8")
    file, name = sheet_of(system, tmp_path)
    status, out, _ = cli("import", str(file), "--into", str(scene), "--lang", "en")
    assert status == 0, out
    assert out.splitlines()[-1] == f"saved to {scene}"
    assert name not in before and name in scene.read_text(encoding="utf-8")
    system.check_file(scene)

    exporters = systems.able(Capability.EXPORT)
    asked = system.export_format or exporters[0].export_format
    status, out, error = cli("export", str(scene), name, f"--{asked}", "--lang", "en")
    if system.can(Capability.EXPORT):
        assert (status, error) == (0, "")
        assert name in out and out.endswith("\n")
    else:
        names = ", ".join(other.title for other in exporters)
        assert (status, out) == (2, "")
        assert error == (
            f"characters are exported from scenes of {names}; "
            f"this scene is for {system.title} ({system.id})\n"
        )
