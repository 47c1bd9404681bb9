"""The zones map measures cells as the terminal draws them: a wide name (CJK, emoji) or a
combining accent keeps every box border in its column, and a name cut short keeps its
marks (the ``[GM]`` of a hidden aspect, a mob's count), its start and its end around "…"."""

from __future__ import annotations

import unicodedata

import pytest
from rich.cells import cell_len

from fatescreen.scene.load import load_text
from fatescreen.ui.panes.zones import draw_map
from fatescreen.ui.state import View

SCENE = """\
format = 1
title = "Cells"

[[zone]]
name = "{zone}"
aspects = ["{aspect}", {{ name = "Chanting from below the water, endless and low", hidden = true }}]

[[zone]]
name = "Quay"

[[link]]
zones = ["{zone}", "Quay"]

[[pc]]
name = "{pc}"
zone = "{zone}"

[[npc]]
name = "Gulls of the harbour that never stop screaming"
kind = "mooks"
members = 12
zone = "{zone}"
"""

NAMES = {
    "cjk": ("東京駅の地下", "雨が降っている", "佐藤さん"),
    "emoji": ("Dragon's den 🐉🔥", "Smoke 💨 everywhere", "Ann 🗡️"),
    "combining": (
        unicodedata.normalize("NFD", "Äijän kaivos"),
        unicodedata.normalize("NFD", "Pölyä ilmassa"),
        unicodedata.normalize("NFD", "Äijä Kivinen"),
    ),
}


def _borders(line: str) -> list[int]:
    """The cell columns of the box borders on a drawn line."""
    columns, column = [], 0
    for char in line:
        if char in "│┌┐└┘":
            columns.append(column)
        column += cell_len(char)
    return columns


@pytest.mark.parametrize("width", [60, 80, 120])
@pytest.mark.parametrize("names", NAMES.values(), ids=NAMES.keys())
def test_box_borders_stay_in_their_columns(names: tuple[str, str, str], width: int) -> None:
    zone, aspect, pc = names
    scene = load_text(SCENE.format(zone=zone, aspect=aspect, pc=pc)).scene
    lines = [line.plain for line in draw_map(scene, View(), width)]
    boxes = [_borders(line) for line in lines if "│" in line or "┌" in line]
    assert boxes and all(columns == boxes[0] for columns in boxes), "\n".join(lines)
    assert all(cell_len(line) <= width for line in lines)
    assert any(pc[:2] in line for line in lines)


def test_a_cut_name_keeps_its_marks_and_its_ends_around_an_ellipsis() -> None:
    scene = load_text(SCENE.format(zone="Wharf", aspect="Fog", pc="Ann")).scene
    text = "\n".join(line.plain for line in draw_map(scene, View(), 60))
    assert "│ Chanting…and low [GM]  │" in text  # the hidden aspect's name is cut, its mark is not
    assert "│ Gulls of…creaming ×12  │" in text  # the mob's count stays
