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


HOLDER = """
import sys
from pathlib import Path
from fatescreen.commands.session import Session
from tests.systems import toy
toy.register()
session = Session.open(Path(sys.argv[1]), lock=True)
print("writing", flush=True)
sys.stdin.read()
"""
"""A dashboard's part: the scene's one writer until its stdin closes."""


def test_an_import_waits_for_the_dashboard_that_writes_the_scene(
    every_system: str, tmp_path: Path
) -> None:
    """Never two writers: ``import --into`` a scene a dashboard has open is refused, saying
    who writes it, and the file is left as it is."""
    import subprocess
    import sys

    from tests.scene.support import ROOT

    system = systems.named_by(every_system)
    assert system is not None
    scene = Play.of(every_system).copy_into(tmp_path / "scene")
    before = scene.read_text(encoding="utf-8")
    file, _ = sheet_of(system, tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(scene)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
    )
    assert holder.stdout is not None and holder.stdin is not None
    try:
        assert holder.stdout.readline().strip() == b"writing"
        status, out, _ = cli("import", str(file), "--into", str(scene), "--lang", "en")
        assert status == 2 and f"process {holder.pid} " in out, out
        assert scene.read_text(encoding="utf-8") == before
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    # the dashboard gone, the import goes in
    status, out, _ = cli("import", str(file), "--into", str(scene), "--lang", "en")
    assert status == 0, out
