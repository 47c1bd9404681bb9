"""Ids derived from names: the direct path for plain ASCII names gives what the general rule
(NFC, case folding, every run of non-word characters one hyphen, none at either end) gives."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import example, given
from hypothesis import strategies as st

from fatescreen.rules.aspects import make_id

_NON_WORD = re.compile(r"[^\w]+")


def general_rule(name: str) -> str:
    """The id as the format documents it, written out the long way."""
    folded = unicodedata.normalize("NFC", name).casefold().strip()
    return _NON_WORD.sub("-", folded).strip("-_") or "x"


ASCII_TRICKY = st.text(alphabet="aZ09 _-.\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f", max_size=12)
"""ASCII names made of letters, digits and every separator the direct path must treat as
the general rule does (str.split's whitespace, hyphens and underscores among them)."""


@given(st.one_of(ASCII_TRICKY, st.text(max_size=12)))
@example("Dock thug 12")
@example("  Aino   the Wise ")
@example("a--b")
@example("x_")
@example("-lead")
@example("İ")
@example("")
def test_make_id_follows_the_general_rule(name: str) -> None:
    assert make_id.__wrapped__(name) == general_rule(name)  # type: ignore[attr-defined]


def test_make_id_examples() -> None:
    assert make_id("Dock thug 12") == "dock-thug-12"
    assert make_id("  Aino   the Wise ") == "aino-the-wise"
    assert make_id("Kultainen naamio") == "kultainen-naamio"
    assert make_id("Hired blade: B") == "hired-blade-b"
    assert make_id("___") == "x"
