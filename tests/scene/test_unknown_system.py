"""A scene file naming a system no one registered is told every system's id, and the id an
alias stands for (``varjot`` is written ``menneisyyden-varjot``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.load import load_scene


def problems(tmp_path: Path, system: str, lang: str = "en") -> list[str]:
    path = tmp_path / "scene.toml"
    path.write_text(
        f'format = 1\nsystem = "{system}"\ntitle = "Sillalla"\ngm = "Anni"\n', encoding="utf-8"
    )
    with pytest.raises(SceneFileError) as raised:
        load_scene(path)
    return [problem.render(lang) for problem in raised.value.problems]


def test_every_registered_id_is_named(tmp_path: Path) -> None:
    # the other keys of a file of no system known are not read as Fate's: one problem
    (said,) = problems(tmp_path, "nope")
    assert ":2: system:" in said
    for system_id in ("fate-condensed", "menneisyyden-varjot", "mekanismi", "objektien-luonti"):
        assert repr(system_id) in said


@pytest.mark.parametrize(
    ("lang", "hint"),
    [
        ("en", 'write system = "menneisyyden-varjot"'),
        ("fi", 'kirjoita system = "menneisyyden-varjot"'),
    ],
)
def test_an_alias_is_told_its_id(tmp_path: Path, lang: str, hint: str) -> None:
    said = problems(tmp_path, "Varjot", lang)
    assert len(said) == 2 and hint in said[1] and ":2: system:" in said[1]
