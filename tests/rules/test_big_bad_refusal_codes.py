"""A refused step against a big bad carries the rule's code and what it was about, for the
GM's language (docs/rules.md §7; message keys ``rules.CODE``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from fatescreen.rules.big_bads import Swarm, redirect_hit, reveal_next_form
from fatescreen.rules.character import Form
from fatescreen.rules.errors import RulesError
from fatescreen.rules.harm import take_out
from fatescreen.rules.npcs import minor_npc

REFUSED: list[tuple[Callable[[], object], str, dict[str, object]]] = [
    (
        lambda: redirect_hit(take_out(minor_npc("Cultist")), 2),
        "big_bads.redirect_hit",
        {"minion_name": "Cultist"},
    ),
    (
        lambda: reveal_next_form(minor_npc("Hollow King")),
        "big_bads.reveal_next_form",
        {"character_name": "Hollow King", "form_count": 1},
    ),
    (
        lambda: reveal_next_form(replace(minor_npc("Hollow King"), forms=(Form("Crowned"),))),
        "big_bads.form_standing",
        {"character_name": "Hollow King"},
    ),
    (lambda: Swarm("heart", ("heart",)), "swarm.heart", {"heart": "heart"}),
    (lambda: Swarm("heart", ("claw",), shields=("shell",)), "swarm.shield", {"shield": "shell"}),
]
"""A step or value each rule refuses, the rule's code and the values the refusal names."""


@pytest.mark.parametrize(("make", "code", "values"), REFUSED, ids=[code for _, code, _ in REFUSED])
def test_a_refusal_names_its_rule_and_its_values(
    make: Callable[[], object], code: str, values: dict[str, object]
) -> None:
    with pytest.raises(RulesError) as refused:
        make()
    assert (refused.value.code, refused.value.values) == (code, values)
