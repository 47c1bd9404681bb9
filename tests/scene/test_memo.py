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
