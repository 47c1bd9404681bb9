"""The fate point ledger keeps every change with its reason (docs/rules.md §3, §5, §6): each
operation's entries exactly, and the refusals' messages."""

from __future__ import annotations

import pytest

from fatescreen.rules.aspects import GM, Aspect, AspectKind
from fatescreen.rules.errors import IllegalCompel, NotEnoughFatePoints
from fatescreen.rules.fate_points import (
    Ledger,
    LedgerEntry,
    accept_compel,
    carry_npc_points,
    declare_story_detail,
    deliver_held,
    gm_pool_size,
    npc_carried_points,
    offer_compel,
    opening_ledger,
    pay_concession,
    refresh_at_session_start,
    refuse_compel,
    start_scene,
    withdraw_compel,
)

Entry = tuple[str, int, str, bool]


def added(before: Ledger, after: Ledger) -> list[Entry]:
    """The entries an operation appended, as (who, delta, reason, held)."""
    assert after.entries[: len(before.entries)] == before.entries
    return [
        (entry.who, entry.delta, entry.reason, entry.held_until_scene_end)
        for entry in after.entries[len(before.entries) :]
    ]


def test_opening_refresh_and_story_details_are_entered_with_their_reasons() -> None:
    """§3: «jokaisen pelikerran alussa aloitat vähintään lähtölatauksen kokoisella
    fate-pistevarannolla»; a story detail not covered by an aspect costs a point."""
    ledger = opening_ledger({"silbestre": 2, "rozio": 0})
    assert added(Ledger(), ledger) == [("silbestre", 2, "opening balance", False)]
    refreshed = refresh_at_session_start(ledger, "silbestre", 3)
    assert added(ledger, refreshed) == [("silbestre", 1, "session start: refresh to 3", False)]
    detail = declare_story_detail(refreshed, "silbestre", "a rope", covered=False)
    assert added(refreshed, detail) == [("silbestre", -1, "declared a story detail: a rope", False)]


def test_a_concession_and_an_npcs_carried_points_are_entered_with_their_reasons() -> None:
    """§6 «Luovuttaminen» and §3: the conceder's payout; an NPC carries one point per
    consequence (and one for conceding) to its next appearance — even a single point."""
    ledger = Ledger()
    paid = pay_concession(ledger, "silbestre", 2)
    assert added(ledger, paid) == [
        ("silbestre", 3, "conceded the conflict (1 + 2 for consequences)", False)
    ]
    one = carry_npc_points(ledger, "ghoul", conceded=False, consequences_taken=1)
    assert added(ledger, one) == [
        ("ghoul", 1, "1 consequences: carried to the next appearance", False)
    ]
    conceded = carry_npc_points(ledger, "ghoul", conceded=True, consequences_taken=2)
    assert added(ledger, conceded) == [
        ("ghoul", 3, "conceded, 2 consequences: carried to the next appearance", False)
    ]
    assert carry_npc_points(ledger, "ghoul", conceded=False, consequences_taken=0) is ledger


def test_held_points_are_delivered_in_two_entries() -> None:
    """§3: a point paid for a hostile invoke is usable only after the scene."""
    ledger = Ledger().hold("ghoul", "hostile invoke of Hungry")
    delivered = deliver_held(ledger)
    reason = "held points delivered after the scene (1)"
    assert added(ledger, delivered) == [("ghoul", -1, reason, True), ("ghoul", 1, reason, False)]
    with pytest.raises(NotEnoughFatePoints) as refused:
        ledger.with_entry(LedgerEntry("ghoul", -2, "a test", held_until_scene_end=True))
    assert str(refused.value) == "ghoul has 1 held fate points, cannot pay 2 for a test"


def test_a_scene_start_sets_the_gm_pool_and_moves_carried_points_into_it() -> None:
    """§3 «Fate-pisteesi»: one per PC, plus unspent compel points, plus what present NPCs
    carry."""
    ledger = Ledger().give("ghoul", "carried", 2)
    started = start_scene(ledger, 2, ["ghoul"], unspent_compel_points=1)
    assert added(ledger, started) == [
        (GM, 3, "scene start: 2 PCs + 1 unspent compel points", False),
        ("ghoul", -2, "carried into the GM pool", False),
        (GM, 2, "scene start: carried by ghoul", False),
    ]


def test_compels_are_entered_with_their_reasons() -> None:
    """§3: a player compelling another character pays a point; accepting gains one,
    refusing costs one; a withdrawn compel gives the offerer's point back."""
    aspect = Aspect("Can't leave a mystery alone", AspectKind.TROUBLE)
    ledger = opening_ledger({"rozio": 1, "silbestre": 1})
    offered = offer_compel(ledger, aspect, "silbestre", offered_by="rozio")
    assert offered.compel.aspect == "Can't leave a mystery alone"
    assert added(ledger, offered.ledger) == [
        ("rozio", -1, "offered a compel of Can't leave a mystery alone on silbestre", False)
    ]
    accepted = accept_compel(offered.ledger, offered.compel)
    assert added(offered.ledger, accepted.ledger) == [
        ("silbestre", 1, "accepted a compel: Can't leave a mystery alone", False)
    ]
    refused = refuse_compel(offered.ledger, offered.compel)
    assert added(offered.ledger, refused.ledger) == [
        ("silbestre", -1, "refused a compel: Can't leave a mystery alone", False)
    ]
    withdrawn = withdraw_compel(offered.ledger, offered.compel)
    assert added(offered.ledger, withdrawn.ledger) == [
        ("rozio", 1, "compel of Can't leave a mystery alone withdrawn", False)
    ]


def test_counts_for_the_gm_pool_may_be_zero_never_negative() -> None:
    """§3: a scene with no PCs, or an NPC carrying nothing, is fine; negative counts are
    refused with a message naming them."""
    assert gm_pool_size(0) == 0
    assert gm_pool_size(1, (0, 2)) == 3
    message = "PCs, carried points and compel points cannot be negative"
    for args in ((-1,), (1, (), -1), (1, (-1,))):
        with pytest.raises(ValueError) as refused:
            gm_pool_size(*args)  # type: ignore[arg-type]
        assert str(refused.value) == message
    for consequences, invokes in ((-1, 0), (0, -1)):
        with pytest.raises(ValueError) as refused:
            npc_carried_points(
                conceded=False, consequences_taken=consequences, hostile_invokes=invokes
            )
        assert str(refused.value) == (
            "counts of consequences and hostile invokes cannot be negative"
        )
    with pytest.raises(ValueError) as zero:
        LedgerEntry("ghoul", 0, "nothing")
    assert str(zero.value) == "a ledger entry must change the fate points"


def test_a_boost_cannot_be_compelled() -> None:
    """§3: a boost is fleeting: it may be invoked, never compelled; the refusal carries its
    rule's code and the boost's name."""
    boost = Aspect("Off balance", AspectKind.BOOST)
    with pytest.raises(IllegalCompel) as refused:
        offer_compel(Ledger(), boost, "ghoul")
    assert str(refused.value) == "'Off balance' is a boost: a boost cannot be compelled"
    assert (refused.value.code, refused.value.values) == (
        "fate_points.offer_compel",
        {"aspect_name": "Off balance"},
    )
