"""A save the disk refuses is said in the GM's language, naming the file: a full disk, a
file not theirs to write, a disk mounted read-only (what else the system says, as it is)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from fatescreen.scene import atomic
from tests.stress.play import Play


@pytest.mark.parametrize(
    ("number", "lang", "said"),
    [
        (errno.ENOSPC, "fi", "tallennus epäonnistui: levyllä ei ole tilaa: "),
        (errno.ENOSPC, "en", "could not save: no space left on the disk: "),
        (errno.EACCES, "fi", "tallennus epäonnistui: ei oikeutta kirjoittaa: "),
        (errno.EROFS, "en", "could not save: the disk is mounted read-only: "),
    ],
)
def test_a_refused_save_is_said_in_the_gms_language(
    every_system: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    number: int,
    lang: str,
    said: str,
) -> None:
    play = Play.of(every_system)
    path = play.copy_into(tmp_path / "scene")
    before = path.read_text(encoding="utf-8")
    session = play.open(path)
    session.lang = lang
    for line in play.to_the_file():
        assert session.execute(line).ok

    def refused(target: Path, text: str, **options: bool) -> None:
        raise OSError(number, os.strerror(number), str(target))

    monkeypatch.setattr(atomic, "write_atomic", refused)
    if every_system == "fate-condensed":
        from fatescreen.scene import save

        monkeypatch.setattr(save, "write_atomic", refused)
    result = session.execute("save")
    assert not result.ok and result.lines == (said + str(path),)
    assert path.read_text(encoding="utf-8") == before and session.dirty
