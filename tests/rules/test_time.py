"""Measuring time by shifts (docs/rules.md §8 «Ajankulun mittaaminen»)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.time import Amount, TimeSpan, TimeUnit, shift_time

A_FEW_HOURS = TimeSpan(Amount.A_FEW, TimeUnit.HOUR)

spans = st.builds(TimeSpan, st.sampled_from(Amount), st.sampled_from(TimeUnit))


@pytest.mark.parametrize(
    ("shifts", "expected"),
    [
        (0, TimeSpan(Amount.A_FEW, TimeUnit.HOUR)),
        (1, TimeSpan(Amount.ABOUT_ONE, TimeUnit.HOUR)),
        (2, TimeSpan(Amount.HALF, TimeUnit.HOUR)),
        (3, TimeSpan(Amount.SEVERAL, TimeUnit.MINUTE)),
        (-1, TimeSpan(Amount.SEVERAL, TimeUnit.HOUR)),
        (-2, TimeSpan(Amount.HALF, TimeUnit.DAY)),
        (-3, TimeSpan(Amount.ABOUT_ONE, TimeUnit.DAY)),
    ],
)
def test_seed_example_from_a_few_hours(shifts: int, expected: TimeSpan) -> None:
    """§8: the seed's example: "a few hours" is one step from "about an hour", two from
    "half an hour", three faster "several minutes"; slower "several hours", "half a day",
    "about a day"."""
    assert shift_time(A_FEW_HOURS, shifts) == expected


@pytest.mark.parametrize(
    ("span", "shifts", "expected"),
    [
        (TimeSpan(Amount.HALF, TimeUnit.MINUTE), 0, TimeSpan(Amount.HALF, TimeUnit.MINUTE)),
        (TimeSpan(Amount.SEVERAL, TimeUnit.DAY), -1, TimeSpan(Amount.HALF, TimeUnit.WEEK)),
        (TimeSpan(Amount.HALF, TimeUnit.WEEK), 1, TimeSpan(Amount.SEVERAL, TimeUnit.DAY)),
        (
            TimeSpan(Amount.ABOUT_ONE, TimeUnit.MONTH),
            -8,
            TimeSpan(Amount.ABOUT_ONE, TimeUnit.DECADE),
        ),
        (TimeSpan(Amount.A_FEW, TimeUnit.MINUTE), 5, TimeSpan(Amount.ABOUT_ONE, TimeUnit.SECOND)),
    ],
)
def test_hand_computed_shifts(span: TimeSpan, shifts: int, expected: TimeSpan) -> None:
    """§8: four steps per unit, crossing unit boundaries both ways."""
    assert shift_time(span, shifts) == expected


def test_the_scale_stops_at_its_ends() -> None:
    """§8: nothing is faster than half a second or slower than several centuries."""
    fastest = TimeSpan(Amount.HALF, TimeUnit.SECOND)
    slowest = TimeSpan(Amount.SEVERAL, TimeUnit.CENTURY)
    assert shift_time(TimeSpan(Amount.ABOUT_ONE, TimeUnit.SECOND), 5) == fastest
    assert shift_time(fastest, 1) == fastest
    assert shift_time(TimeSpan(Amount.A_FEW, TimeUnit.CENTURY), -3) == slowest
    assert fastest.step == 0
    assert TimeSpan.from_step(slowest.step) == slowest


@given(span=spans, first=st.integers(-6, 6), second=st.integers(-6, 6))
def test_shifts_add_up_away_from_the_ends(span: TimeSpan, first: int, second: int) -> None:
    """§8: each shift is one step, so two shifts in a row equal their sum (inside the scale)."""
    last = TimeSpan(Amount.SEVERAL, TimeUnit.CENTURY).step
    middle = TimeSpan.from_step(span.step)
    assert middle == span
    if all(0 <= span.step - steps <= last for steps in (first, first + second)):
        assert shift_time(shift_time(span, first), second) == shift_time(span, first + second)
        assert shift_time(span, first).step == span.step - first


@given(span=spans, shifts=st.integers(0, 40))
def test_success_is_never_slower(span: TimeSpan, shifts: int) -> None:
    """§8: a larger margin never makes the task take longer."""
    assert shift_time(span, shifts).step <= span.step
    assert shift_time(span, -shifts).step >= span.step
