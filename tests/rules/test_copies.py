"""Numbered copies of one NPC (docs/rules.md §7): names and ids with and without their numbers,
and the names of reinforcements numbered after those present."""

from __future__ import annotations

from fatescreen.rules.copies import base_id, base_name, copies_of, numbered_names


def test_a_copys_number_comes_off_its_name_and_id() -> None:
    assert base_name("Cultist 4") == "Cultist"
    assert base_name("Masked  cultist 12") == "Masked  cultist"
    assert base_name("Cultist") == "Cultist"
    assert base_name("4") == "4"
    assert base_id("cultist-2") == "cultist"
    assert base_id("masked-cultist-12") == "masked-cultist"
    assert base_id("cultist") == "cultist"
    assert copies_of("cultist", ["cultist-10", "ghoul-1", "cultist-2", "cultist"]) == [
        "cultist-2",
        "cultist-10",
    ]


def test_reinforcements_are_numbered_after_those_present() -> None:
    """«With Cultist 1 to 3 present, three more are Cultist 4, 5 and 6; a lone Cultist
    counts as number 1»; letter case and the Unicode form of the name do not matter."""
    present = ["Cultist 1", "cultist 3", "Ghoul 7", "Cultist 2"]
    assert numbered_names("Cultist", 3, present, plain=False) == [
        "Cultist 4",
        "Cultist 5",
        "Cultist 6",
    ]
    assert numbered_names("Cultist", 2, ["CULTIST"], plain=True) == ["Cultist 2", "Cultist 3"]
    assert numbered_names("Kultisti", 1, ["Kultisti"], plain=True) == ["Kultisti 2"]
    composed, decomposed = "Kärppä", "Ka\u0308rppa\u0308"
    assert numbered_names(composed, 1, [f"{decomposed} 5"], plain=False) == ["Kärppä 6"]


def test_a_single_first_copy_may_keep_the_bare_name() -> None:
    assert numbered_names("Cultist", 1, ["Ghoul"], plain=True) == ["Cultist"]
    assert numbered_names("Cultist", 1, [], plain=False) == ["Cultist 1"]
    assert numbered_names("Cultist", 2, [], plain=True) == ["Cultist 1", "Cultist 2"]
    assert numbered_names("Cultist", 1, ["Cultist 1"], plain=True) == ["Cultist 2"]
