"""A refusal of the Menneisyyden varjot rules carries the rule's code and what it was about,
for the GM's language (message keys ``rules.CODE``), and its English message."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fatescreen.systems.varjot.rules.check import (
    Check,
    ExtraDice,
    OnFailure,
    Side,
    Source,
    support,
)
from fatescreen.systems.varjot.rules.dice import change_net, kept, parse_faces
from fatescreen.systems.varjot.rules.sheet import Ability, Character, GiftDice, Pool, check_rating
from tests.refusals import Refusal, assert_refused, refusal_ids

EERO = Side("Eero", "Voima", 2)
ROLLED = EERO.roll((1, 0, -1))
GM_DIE = ExtraDice(Source.GM, 1, penalty=True)
AINO = Character("Aino", (Ability("Voima", 2),), (Pool("Tahto", 3, 0),), player="ana")
GIFTS = GiftDice((("ana", 1), ("bo", 0)))

REFUSED: list[Refusal] = [
    (
        lambda: EERO.add(ExtraDice(Source.POOL, 0)),
        "varjot.check.add",
        {},
        "add at least one die",
    ),
    (
        lambda: EERO.add(GM_DIE).add(ExtraDice(Source.GM, 2, penalty=True)),
        "varjot.check.add_2",
        {},
        "the GM imposes one or two penalty dice on a check, no more",
    ),
    (
        lambda: EERO.add(ExtraDice(Source.OTHER, 31)),
        "varjot.check.add_3",
        {"MAX_EXTRA_DICE": 30},
        "at most 30 bonus or penalty dice",
    ),
    (
        lambda: EERO.add(ExtraDice(Source.POOL, 1), (1,)),
        "varjot.check.add_4",
        {},
        "dice added before the roll are rolled with the others",
    ),
    (
        lambda: EERO.roll((1, 0)),
        "varjot.check.roll",
        {"value": 3, "value_": 2},
        "3 dice are needed, 2 given",
    ),
    (
        lambda: Check((ROLLED, EERO)).resolve(),
        "varjot.check.resolve",
        {},
        "roll the check first",
    ),
    (
        lambda: support(0, "Aino", OnFailure.STOP),
        "varjot.check.support",
        {"who": "Aino"},
        "Aino failed: the next check cannot be tried",
    ),
    (
        lambda: parse_faces("+0x"),
        "varjot.dice.parse_faces_2",
        {"text": "+0x"},
        "'+0x' is not Fudge dice: write + 0 - for each die",
    ),
    (
        lambda: parse_faces("+0", 3),
        "varjot.dice.parse_faces",
        {"text": "+0", "wanted": 3, "value": 2},
        "'+0': 3 dice are needed, 2 given",
    ),
    (
        lambda: parse_faces(""),
        "varjot.dice.parse_faces",
        {"text": "", "wanted": "some", "value": 0},
        "'': some dice are needed, 0 given",
    ),
    (
        lambda: kept((1, 0, -1), 1),
        "varjot.dice.kept",
        {"value": 4, "value_": 3},
        "4 dice are needed, 3 given",
    ),
    (
        lambda: change_net((1, 0, -1, 1), 0, 1, (1,)),
        "varjot.dice.change_net",
        {"value": 3, "value_": 4},
        "3 dice are needed, 4 given",
    ),
    (
        lambda: change_net((1, 0, -1), 0, 1, ()),
        "varjot.dice.change_net_3",
        {},
        "not enough Fudge dice for the dice added",
    ),
    (
        lambda: change_net((1, 0, -1), 0, 1, (1, 1)),
        "varjot.dice.change_net_2",
        {},
        "more dice were entered than were added",
    ),
    (
        lambda: check_rating(5),
        "varjot.sheet.check_rating",
        {"rating": 5},
        "an ability is rated 0 to 4, not 5",
    ),
    (
        lambda: AINO.pool("Tahto").spend(),
        "varjot.sheet.spend",
        {"self_name": "Tahto"},
        "the pool Tahto has no points left",
    ),
    (
        lambda: AINO.pool("Onni"),
        "varjot.sheet.pool",
        {"self_name": "Aino", "name": "Onni"},
        "Aino has no pool Onni",
    ),
    (
        lambda: GIFTS.give("ana", "ana"),
        "varjot.sheet.give",
        {"giver": "ana"},
        "ana cannot give a gift die to their own check",
    ),
    (
        lambda: GIFTS.give("cy", "ana"),
        "varjot.sheet.give_2",
        {"giver": "cy"},
        "cy is not a player at this table",
    ),
    (
        lambda: GIFTS.give("bo", "ana"),
        "varjot.sheet.give_3",
        {"giver": "bo"},
        "bo has no gift dice left this session",
    ),
]


@pytest.mark.parametrize(
    ("refused", "code", "values", "message"),
    REFUSED,
    ids=refusal_ids(REFUSED),
)
def test_a_refusal_names_its_rule_and_what_it_was_about(
    refused: Callable[[], object], code: str, values: dict[str, object], message: str
) -> None:
    assert_refused(refused, code, values, message)
