"""A refused payment or compel step carries the rule's code and what it was about, for the
GM's language (docs/rules.md §3; message keys ``rules.CODE``): who could not pay (the GM pool in
the catalog's words), how many points they had and what the payment was for."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fatescreen.rules.aspects import GM
from fatescreen.rules.errors import RuleProblem, RulesError
from fatescreen.rules.fate_points import (
    Compel,
    CompelState,
    Ledger,
    LedgerEntry,
    accept_compel,
    refuse_compel,
    withdraw_compel,
)

GM_POOL = ("the GM pool", "fate_points.gm_pool")
ONE_POINT = Ledger((LedgerEntry("ana", 1, "refresh"), LedgerEntry(GM, 1, "one PC")))


def said(value: object) -> object:
    """A value as a message would use it: a catalog phrase as (English, code), a name as is
    (a plain ``str``, which ``==`` alone would not tell from a phrase)."""
    if isinstance(value, RuleProblem):
        return (str(value), value.code)
    return value


REFUSED: list[tuple[Callable[[], object], str, dict[str, object]]] = [
    (
        lambda: ONE_POINT.with_entry(LedgerEntry("ana", -2, "two invokes")),
        "fate_points.cannot_pay",
        {"who": "ana", "current": 1, "cost": 2, "reason": "two invokes"},
    ),
    (
        lambda: ONE_POINT.with_entry(LedgerEntry("ana", -1, "an invoke", True)),
        "fate_points.cannot_pay_held",
        {"who": "ana", "current": 0, "cost": 1, "reason": "an invoke"},
    ),
    (
        lambda: ONE_POINT.with_entry(LedgerEntry(GM, -3, "a hostile invoke")),
        "fate_points.cannot_pay",
        {"who": GM_POOL, "current": 1, "cost": 3, "reason": "a hostile invoke"},
    ),
    (
        lambda: accept_compel(ONE_POINT, Compel("Short fuse", "ana", state=CompelState.REFUSED)),
        "fate_points.settled",
        {"aspect": "Short fuse", "target": "ana", "state": CompelState.REFUSED},
    ),
    (
        lambda: withdraw_compel(ONE_POINT, Compel("Short fuse", "bo", state=CompelState.ACCEPTED)),
        "fate_points.settled",
        {"aspect": "Short fuse", "target": "bo", "state": CompelState.ACCEPTED},
    ),
    (
        lambda: refuse_compel(Ledger(), Compel("Short fuse", "ana")),
        "fate_points.cannot_refuse",
        {"who": "ana", "aspect": "Short fuse"},
    ),
    (
        lambda: refuse_compel(Ledger(), Compel("Sworn enemy", "ogre", account=GM)),
        "fate_points.cannot_refuse",
        {"who": GM_POOL, "aspect": "Sworn enemy"},
    ),
]


@pytest.mark.parametrize(
    ("refused", "code", "values"), REFUSED, ids=[f"{row[1]}-{i}" for i, row in enumerate(REFUSED)]
)
def test_a_refusal_names_its_rule_and_who_could_not_pay(
    refused: Callable[[], object], code: str, values: dict[str, object]
) -> None:
    with pytest.raises(RulesError) as caught:
        refused()
    got = {key: said(value) for key, value in caught.value.values.items()}
    assert (caught.value.code, got) == (code, values)
    if "who" in got and got["who"] != GM_POOL:
        assert type(caught.value.values["who"]) is str
