"""Invoking aspects: paid, free and hostile invokes on one roll, and passing free invokes (§3)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from fatescreen.rules.aspects import GM, Aspect, AspectKind
from fatescreen.rules.dice import DiceRoll, roll_4df
from fatescreen.rules.errors import IllegalInvoke
from fatescreen.rules.fate_points import Ledger
from fatescreen.rules.outcomes import Bonus, RollResult

INVOKE_BONUS: Final = 2
"""What an invoke adds to a roll, or to someone else's opposition (§3)."""

CHARACTER_KINDS: Final = frozenset(
    {AspectKind.HIGH_CONCEPT, AspectKind.TROUBLE, AspectKind.CHARACTER, AspectKind.CONSEQUENCE}
)
"""Aspects that belong to a character and so may be invoked against them (hostile invoke)."""


class InvokeEffect(StrEnum):
    """What an invoke does: +2, reroll all four dice, or +2 to someone else's opposition."""

    BONUS = "bonus"
    REROLL = "reroll"
    OPPOSE = "oppose"


class Payment(StrEnum):
    """How an invoke is paid for.

    A hostile invoke is a paid invoke of an opponent's aspect: the point goes to that
    opponent, who can use it only after the scene. A free invoke of an opponent's aspect
    pays nothing to anyone.
    """

    PAID = "paid"
    FREE = "free"
    HOSTILE = "hostile"

    @property
    def costs_a_point(self) -> bool:
        """True for paid and hostile invokes."""
        return self is not Payment.FREE


@dataclass(frozen=True)
class Invoke:
    """One invoke of one aspect on a roll."""

    aspect_id: str
    """The key of the aspect in the mapping of aspects in play."""
    invoker: str
    """Who invokes: holds the free invoke used, or pays the point."""
    payment: Payment = Payment.PAID
    effect: InvokeEffect = InvokeEffect.BONUS
    aspect_owner: str | None = None
    """The character the aspect belongs to; required for a hostile invoke."""
    payer: str | None = None
    """Whose fate point pays, when not the invoker's (an NPC pays from the GM pool)."""
    reroll_dice: DiceRoll | None = None
    """Entered faces for a reroll; rolled with the random source when None."""
    value: int = INVOKE_BONUS
    """What a bonus or oppose invoke adds (+2; some big bad options change it, §7)."""

    @property
    def paid_by(self) -> str:
        """Whose fate point a paid or hostile invoke costs."""
        return self.payer or self.invoker


@dataclass(frozen=True)
class InvokeRecord:
    """What one invoke consumed and changed."""

    invoke: Invoke
    aspect_name: str
    fate_point_from: str | None = None
    """Who spent a fate point (paid and hostile invokes)."""
    free_invoke_from: str | None = None
    """Whose free invoke was used up (free invokes)."""
    aspect_removed: bool = False
    """The aspect was a boost and is gone now its free invoke is used."""
    held_for: str | None = None
    """Who receives the hostile invoke's point, usable only after the scene."""
    bonus: Bonus | None = None
    """The bonus added to the roll (bonus invokes) or to the opposing effort (oppose)."""
    dice_before: DiceRoll | None = None
    """For a reroll, the replaced dice."""
    dice_after: DiceRoll | None = None
    """For a reroll, the new dice."""
    opposition_raised_by: int = 0


@dataclass(frozen=True)
class InvokeOutcome:
    """A roll after invokes, the aspects in play after them, and what each consumed."""

    result: RollResult
    aspects: Mapping[str, Aspect]
    records: tuple[InvokeRecord, ...]


def index_aspects(aspects: Iterable[Aspect]) -> Mapping[str, Aspect]:
    """Key aspects by their id, for :func:`validate_invokes` and :func:`apply_invokes`.

    Raises:
        ValueError: Two aspects share an id (key them by hand, e.g. by owner and id).
    """
    indexed: dict[str, Aspect] = {}
    for aspect in aspects:
        if aspect.id in indexed:
            raise ValueError(f"two aspects have the id {aspect.id!r}")
        indexed[aspect.id] = aspect
    return MappingProxyType(indexed)


def _aspect(aspects: Mapping[str, Aspect], aspect_id: str) -> Aspect:
    try:
        return aspects[aspect_id]
    except KeyError:
        raise IllegalInvoke(
            f"there is no aspect {aspect_id!r} in play to invoke",
            code="invokes.aspect",
            aspect_id=aspect_id,
        ) from None


def validate_invokes(invokes: Sequence[Invoke], aspects: Mapping[str, Aspect]) -> None:
    """Check a set of invokes on one roll against the invoking rules (§3).

    One paid (or hostile) invoke per aspect per roll, but any number of free invokes of
    one aspect; a boost cannot be paid for; each free invoke must be held by the invoker;
    a hostile invoke targets an aspect of another character.

    Raises:
        IllegalInvoke: The first rule broken, with the aspect and the people involved.
    """
    paid: set[str] = set()
    free_used: Counter[tuple[str, str]] = Counter()
    for invoke in invokes:
        aspect = _aspect(aspects, invoke.aspect_id)
        if invoke.payment.costs_a_point:
            if aspect.is_boost:
                raise IllegalInvoke(
                    f"{aspect.name!r} is a boost: it gives one free invoke and cannot be paid for",
                    code="invokes.validate_invokes",
                    aspect_name=aspect.name,
                )
            if invoke.aspect_id in paid:
                raise IllegalInvoke(
                    f"{aspect.name!r} is already invoked with a fate point on this roll: "
                    "one paid invoke per aspect per roll (free invokes may stack)",
                    code="invokes.validate_invokes_2",
                    aspect_name=aspect.name,
                )
            paid.add(invoke.aspect_id)
        else:
            free_used[invoke.aspect_id, invoke.invoker] += 1
            held = aspect.free_invokes_of(invoke.invoker)
            used = free_used[invoke.aspect_id, invoke.invoker]
            if used > held:
                raise IllegalInvoke(
                    f"{invoke.invoker} holds {held} free invoke{'' if held == 1 else 's'} "
                    f"on {aspect.name!r}, not {used}",
                    code="invokes.free_held",
                    invoker=invoke.invoker,
                    held=held,
                    aspect_name=aspect.name,
                    used=used,
                )
        if invoke.payment is Payment.HOSTILE:
            _check_hostile(invoke, aspect)


def same_side(first: str, second: str, pcs: Collection[str]) -> bool:
    """Whether two people are on one side of the table (§3): the PCs on one, NPCs, hazards
    and the GM on the other.

    Args:
        first: A character id, a hazard id or :data:`~fatescreen.rules.aspects.GM`.
        second: Another.
        pcs: The ids of the player characters.
    """
    return (first in pcs) == (second in pcs)


def free_invoke_holders(aspect: Aspect, invoker: str, pcs: Collection[str]) -> tuple[str, ...]:
    """Who may spend a free invoke on ``aspect`` for ``invoker`` (§3): the invoker first,
    then any ally holding one, who passes it on."""
    allies = [h for h in aspect.free_invokes if h != invoker and same_side(h, invoker, pcs)]
    own = (invoker,) if aspect.free_invokes_of(invoker) else ()
    return (*own, *dict.fromkeys(allies))


def invoke_payer(invoker: str, pcs: Collection[str]) -> str:
    """Who pays a fate point for an invoke (§3): a PC from their own points, anyone else
    from the GM pool."""
    return invoker if invoker in pcs else GM


def already_paid(paid: Iterable[tuple[str, str]], side: str, aspect_id: str) -> bool:
    """Whether one side of a roll already invoked the aspect for a fate point (§3: one paid
    invoke per aspect per roll). The defender's roll is its own (§2 «Puolusta» is an action
    of its own), so a defender may pay to invoke an aspect the attacker paid for.

    Args:
        paid: (side, aspect id) of each paid invoke so far; the side is "" for the acting
            roll and the defender's id for a defense.
        side: The side invoking now.
        aspect_id: The aspect invoked.
    """
    return (side, aspect_id) in set(paid)


class InvokeRefusal(StrEnum):
    """Why the rules refuse an invoke as asked."""

    NO_FREE_INVOKE = "no_free_invoke"
    """A free invoke asked for, and the invoker (or their side) holds none."""
    NOT_HOSTILE = "not_hostile"
    """A hostile invoke asked for on an aspect not held by an opponent."""
    BOOST_PAID = "boost_paid"
    """A boost paid for: a boost is only ever invoked free."""
    PAID_TWICE = "paid_twice"
    """A second paid invoke of one aspect on the same side of one roll."""
    SOLO_ONE_FREE = "solo_one_free"
    """A second free invoke against a big bad that allows one a roll (§7)."""


@dataclass(frozen=True)
class PaymentDecision:
    """How an invoke is paid, or why it may not be made."""

    payment: Payment
    refusal: InvokeRefusal | None = None


def invoke_payment(
    asked: Payment | None,
    *,
    free_holder: str | None,
    hostile: bool,
    boost: bool,
    paid_before: bool,
    free_used: int = 0,
    free_limit: int | None = None,
) -> PaymentDecision:
    """How an invoke is paid (§3 «Piirteiden käyttö», §4): as asked, or by default free
    while the invoker's side holds a free invoke, hostile on an opponent's aspect, else
    paid; refused when the rules forbid it.

    Args:
        asked: The payment the table asked for, or None for the default.
        free_holder: Who of the invoker's side holds a free invoke on the aspect, if any.
        hostile: The aspect belongs to an opponent of the invoker.
        boost: The aspect is a boost.
        paid_before: The same side of the roll already paid to invoke the aspect.
        free_used: Free invokes already used on this side of the roll.
        free_limit: The most free invokes a big bad allows against it a roll (§7 option
            d), or None for no limit.
    """
    default = Payment.FREE if free_holder else Payment.HOSTILE if hostile else Payment.PAID
    payment = asked or default
    refusal = None
    if payment is Payment.FREE and free_holder is None:
        refusal = InvokeRefusal.NO_FREE_INVOKE
    elif payment is Payment.HOSTILE and not hostile:
        refusal = InvokeRefusal.NOT_HOSTILE
    elif payment.costs_a_point and boost:
        refusal = InvokeRefusal.BOOST_PAID
    elif payment.costs_a_point and paid_before:
        refusal = InvokeRefusal.PAID_TWICE
    elif payment is Payment.FREE and free_limit is not None and free_used >= free_limit:
        refusal = InvokeRefusal.SOLO_ONE_FREE
    return PaymentDecision(payment, refusal)


def _check_hostile(invoke: Invoke, aspect: Aspect) -> None:
    if invoke.aspect_owner is None:
        raise IllegalInvoke(
            f"a hostile invoke of {aspect.name!r} needs the character it belongs to",
            code="invokes.check_hostile",
            aspect_name=aspect.name,
        )
    if invoke.aspect_owner == invoke.invoker:
        raise IllegalInvoke(
            f"{invoke.invoker} cannot make a hostile invoke of their own aspect {aspect.name!r}",
            code="invokes.check_hostile_2",
            invoker=invoke.invoker,
            aspect_name=aspect.name,
        )
    if aspect.kind not in CHARACTER_KINDS:
        raise IllegalInvoke(
            f"{aspect.name!r} is a {aspect.kind.value} aspect: a hostile invoke targets "
            "an opponent's character aspect",
            code="invokes.hostile_kind",
            aspect_name=aspect.name,
            kind=aspect.kind,
        )


def _new_dice(invoke: Invoke, rng: random.Random | None, aspect: Aspect) -> DiceRoll:
    if invoke.reroll_dice is not None:
        return invoke.reroll_dice
    if rng is None:
        raise IllegalInvoke(
            f"the reroll from {aspect.name!r} needs entered dice or a dice roller",
            code="invokes.new_dice",
            aspect_name=aspect.name,
        )
    return roll_4df(rng)


def apply_invokes(
    result: RollResult,
    invokes: Sequence[Invoke],
    aspects: Mapping[str, Aspect],
    rng: random.Random | None = None,
) -> InvokeOutcome:
    """Validate and apply invokes to a roll, in order (§3).

    A bonus invoke adds ``Bonus("invoke: <aspect>", 2)`` to the effort; a reroll replaces
    the effort's dice; an oppose invoke raises the opposition by 2 (as a bonus on the
    opposing effort when there is one). Free invokes are removed from their aspects, and a
    boost is removed once used. Fate points are not charged here: pass the records to
    :func:`charge_invokes`.

    Args:
        result: The roll being modified (the effort is the invoking side's, except for
            oppose invokes, which work against it).
        invokes: The invokes, applied in order.
        aspects: The aspects in play, keyed as ``Invoke.aspect_id`` refers to them.
        rng: Rolls rerolls that carry no entered dice.

    Raises:
        IllegalInvoke: An invoke breaks the rules, or a reroll has no dice and no rng.
    """
    validate_invokes(invokes, aspects)
    current = dict(aspects)
    records: list[InvokeRecord] = []
    for invoke in invokes:
        aspect = current[invoke.aspect_id]
        result, record = _apply_one(result, invoke, aspect, rng)
        if record.free_invoke_from is not None:
            if record.aspect_removed:
                del current[invoke.aspect_id]
            else:
                current[invoke.aspect_id] = aspect.without_free_invoke(invoke.invoker)
        records.append(record)
    return InvokeOutcome(result, MappingProxyType(current), tuple(records))


def _apply_one(
    result: RollResult, invoke: Invoke, aspect: Aspect, rng: random.Random | None
) -> tuple[RollResult, InvokeRecord]:
    free = invoke.payment is Payment.FREE
    record = InvokeRecord(
        invoke=invoke,
        aspect_name=aspect.name,
        fate_point_from=None if free else invoke.paid_by,
        free_invoke_from=invoke.invoker if free else None,
        aspect_removed=free and aspect.is_boost,
        held_for=invoke.aspect_owner if invoke.payment is Payment.HOSTILE else None,
    )
    if invoke.effect is InvokeEffect.REROLL:
        dice = _new_dice(invoke, rng, aspect)
        effort = result.effort.with_dice(dice)
        rerolled = RollResult(effort, result.opposition, result.opposing_effort)
        return rerolled, replace(record, dice_before=result.effort.dice, dice_after=dice)
    bonus = Bonus(f"invoke: {aspect.name}", invoke.value, kind="invoke", detail=aspect.name)
    if invoke.effect is InvokeEffect.BONUS:
        effort = result.effort.with_bonus(bonus)
        raised = RollResult(effort, result.opposition, result.opposing_effort)
        return raised, replace(record, bonus=bonus)
    opposed = _raise_opposition(result, bonus)
    return opposed, replace(record, bonus=bonus, opposition_raised_by=invoke.value)


def _raise_opposition(result: RollResult, bonus: Bonus) -> RollResult:
    if result.opposing_effort is None:
        return RollResult(result.effort, result.opposition + bonus.value)
    opposing = result.opposing_effort.with_bonus(bonus)
    return RollResult(result.effort, result.opposition + bonus.value, opposing)


def charge_invokes(ledger: Ledger, records: Iterable[InvokeRecord]) -> Ledger:
    """Charge the fate points invokes cost (§3): the payer spends one per paid or hostile
    invoke; a hostile invoke's point is held for the aspect's owner until the scene ends.

    Raises:
        NotEnoughFatePoints: A payer runs out of fate points.
    """
    for record in records:
        if record.fate_point_from is None:
            continue
        hostile = record.held_for is not None
        what = "hostile invoke" if hostile else "invoke"
        ledger = ledger.spend(record.fate_point_from, f"{what}: {record.aspect_name}")
        if record.held_for is not None:
            ledger = ledger.hold(
                record.held_for,
                f"hostile invoke of {record.aspect_name} by {record.invoke.invoker}",
            )
    return ledger


def pass_free_invokes(aspect: Aspect, giver: str, receiver: str, count: int = 1) -> Aspect:
    """Pass free invokes (or a boost) to an ally (§3).

    Raises:
        IllegalInvoke: ``giver`` holds fewer than ``count`` free invokes on the aspect.
        ValueError: ``count`` is not positive.
    """
    if count <= 0:
        raise ValueError(f"the number of free invokes to pass must be positive, not {count}")
    held = aspect.free_invokes_of(giver)
    if held < count:
        raise IllegalInvoke(
            f"{giver} holds {held} free invoke{'' if held == 1 else 's'} on {aspect.name!r}, "
            f"cannot pass {count}",
            code="invokes.free_pass",
            giver=giver,
            held=held,
            aspect_name=aspect.name,
            count=count,
        )
    for _ in range(count):
        aspect = aspect.without_free_invoke(giver)
    return aspect.with_free_invokes(receiver, count)


def without_boosts(aspects: Mapping[str, Aspect]) -> Mapping[str, Aspect]:
    """The aspects with every boost gone: boosts never outlast the scene (§3)."""
    return MappingProxyType({key: a for key, a in aspects.items() if not a.is_boost})
