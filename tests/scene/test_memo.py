"""Values remembered by the very object they were worked out from."""

from __future__ import annotations

from fatescreen.scene.memo import ByIdentity


def test_the_same_object_is_worked_out_once_an_equal_one_again() -> None:
    calls: list[tuple[int, ...]] = []

    def total(numbers: tuple[int, ...]) -> int:
        calls.append(numbers)
        return sum(numbers)

    remembered = ByIdentity(total)
    first = (1, 2, 3)
    equal = tuple([1, 2, 3])
    assert remembered(first) == 6
    assert remembered(first) == 6
    assert remembered(equal) == 6
    assert len(calls) == (1 if equal is first else 2)


def test_it_forgets_what_it_knew_past_its_limit() -> None:
    calls: list[tuple[int, ...]] = []

    def size(item: tuple[int, ...]) -> int:
        calls.append(item)
        return len(item)

    remembered = ByIdentity(size, limit=2)
    a, b, c = (1,), (2,), (3,)
    for item in (a, b, a, c, a):
        remembered(item)
    assert calls == [a, b, c, a]


def test_a_steady_memo_answers_an_equal_value_as_the_one_it_gave_last() -> None:
    """Worked out again for another object, a value equal to the last one is that very
    object (what is remembered by it further on stays valid); an unequal one is new."""
    names = ByIdentity(lambda people: {person: person.upper() for person in people}, steady=True)
    first = names(("ada", "bo"))
    assert names(tuple(["ada", "bo"])) is first
    other = names(("ada", "cy"))
    assert other == {"ada": "ADA", "cy": "CY"} and other is not first
    plain = ByIdentity(lambda people: {person: person for person in people})
    assert plain(("ada",)) is not plain(tuple(["ada"]))


def test_a_command_that_renames_nobody_keeps_the_scenes_name_mapping() -> None:
    """A free invoke spent (one character replaced) leaves the names as the same mapping;
    a rename makes another."""
    from dataclasses import replace

    from fatescreen.scene.load import load_scene
    from tests.scene.support import ROOT

    scene = load_scene(ROOT / "scenes" / "golden-mask.toml").scene
    names = scene.character_names
    first = scene.characters[0]
    spent = scene.with_character(replace(first, fate_points=first.fate_points + 1))
    assert spent.characters is not scene.characters
    assert spent.character_names is names
    renamed = scene.with_character(replace(first, name=first.name + " II"))
    assert renamed.character_names is not names
    assert renamed.character_names[first.id] == first.name + " II"
