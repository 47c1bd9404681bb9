"""Invoking on one roll (docs/rules.md §3) as a property over sets of invokes that are mostly
legal: validation accepts exactly the legal sets, and the run accepts enough of them for the
property to mean something (a validator that refused everything would fail here)."""

from __future__ import annotations

from collections import Counter

from hypothesis import event, given, settings
from hypothesis import strategies as st

from fatescreen.rules.aspects import Aspect, AspectKind, boost
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.errors import IllegalInvoke
from fatescreen.rules.invokes import (
    CHARACTER_KINDS,
    Invoke,
    InvokeEffect,
    Payment,
    apply_invokes,
    index_aspects,
    validate_invokes,
)
from fatescreen.rules.outcomes import Effort, resolve

POOL = index_aspects(
    [
        Aspect("Dark Alley", free_invokes=("ana", "bruno", "ana")),
        Aspect("Smoke", free_invokes=("bruno",)),
        Aspect("Grudge", AspectKind.TROUBLE),
        Aspect("Hot-headed", AspectKind.CHARACTER, free_invokes=("ana",)),
        boost("Opening", "ana"),
    ]
)
OWNERS = {"grudge": "bruno", "hot-headed": "ana"}
"""Whose character aspect each one is (hostile invokes name it)."""
PEOPLE = ("ana", "bruno")
EFFECTS = (InvokeEffect.BONUS, InvokeEffect.OPPOSE)

any_invoke = st.builds(
    Invoke,
    aspect_id=st.sampled_from(sorted(POOL)),
    invoker=st.sampled_from(PEOPLE),
    payment=st.sampled_from(list(Payment)),
    effect=st.sampled_from(EFFECTS),
    aspect_owner=st.sampled_from([None, *PEOPLE]),
)


def legal(invokes: list[Invoke]) -> bool:
    """The §3 rules, written out apart from the code under test: one paid (or hostile)
    invoke per aspect per roll, never a paid boost, free invokes only as many as the invoker
    holds, and a hostile invoke only of another character's own aspect."""
    paid: set[str] = set()
    used: Counter[tuple[str, str]] = Counter()
    for invoke in invokes:
        aspect = POOL[invoke.aspect_id]
        if invoke.payment is Payment.FREE:
            used[invoke.aspect_id, invoke.invoker] += 1
            if used[invoke.aspect_id, invoke.invoker] > aspect.free_invokes.count(invoke.invoker):
                return False
        elif aspect.is_boost or invoke.aspect_id in paid:
            return False
        else:
            paid.add(invoke.aspect_id)
        if invoke.payment is Payment.HOSTILE and (
            invoke.aspect_owner in (None, invoke.invoker) or aspect.kind not in CHARACTER_KINDS
        ):
            return False
    return True


@st.composite
def mostly_legal(draw: st.DrawFn) -> list[Invoke]:
    """A legal set of invokes built one legal choice at a time; a third of the sets get one
    invoke drawn at random slipped in, which may break a rule."""
    invokes: list[Invoke] = []
    for _ in range(draw(st.integers(0, 5))):
        invoker = draw(st.sampled_from(PEOPLE))
        options: list[Invoke] = []
        for aspect_id in POOL:
            effect = EFFECTS[len(invokes) % 2]
            if legal([*invokes, Invoke(aspect_id, invoker, Payment.FREE, effect)]):
                options.append(Invoke(aspect_id, invoker, Payment.FREE, effect))
            if legal([*invokes, Invoke(aspect_id, invoker, Payment.PAID, effect)]):
                options.append(Invoke(aspect_id, invoker, Payment.PAID, effect))
            owner = OWNERS.get(aspect_id)
            hostile = Invoke(aspect_id, invoker, Payment.HOSTILE, effect, aspect_owner=owner)
            if owner is not None and legal([*invokes, hostile]):
                options.append(hostile)
        if options:
            invokes.append(draw(st.sampled_from(options)))
    if draw(st.integers(0, 2)) == 0:
        invokes.insert(draw(st.integers(0, len(invokes))), draw(any_invoke))
    return invokes


def test_validation_accepts_exactly_the_legal_sets_of_invokes() -> None:
    """§3: "Several different aspects may be invoked on one roll, but one aspect only once
    per roll — except that any number of *free* invokes of one aspect may be stacked on one
    roll." Over a few hundred sets each accepted set is legal and each legal set accepted,
    with its bonuses applied; at least half of the sets are accepted and some refused, so
    both sides of the property are exercised."""
    seen: Counter[str] = Counter()

    @settings(max_examples=300, database=None)
    @given(mostly_legal())
    def check(invokes: list[Invoke]) -> None:
        expected = legal(invokes)
        try:
            validate_invokes(invokes, POOL)
        except IllegalInvoke:
            accepted = False
        else:
            accepted = True
        event("accepted" if accepted else "refused")
        seen["accepted" if accepted else "refused"] += 1
        assert accepted == expected, invokes
        if accepted:
            outcome = apply_invokes(resolve(Effort(2, parse_faces("0000")), 3), invokes, POOL)
            bonuses = sum(invoke.effect is InvokeEffect.BONUS for invoke in invokes)
            assert outcome.result.effort.total == 2 + 2 * bonuses

    check()
    print(f"invoke sets: {seen['accepted']} accepted, {seen['refused']} refused")
    total = seen["accepted"] + seen["refused"]
    assert total >= 100
    assert seen["accepted"] >= total // 2, seen
    assert seen["refused"] >= total // 10, seen
