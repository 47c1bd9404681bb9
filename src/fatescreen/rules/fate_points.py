"""Fate points as a ledger: refresh, the GM pool, compels, concessions, held points (§3, §5, §6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from fatescreen.rules.aspects import GM, Aspect
from fatescreen.rules.errors import IllegalCompel, NotEnoughFatePoints, RuleProblem

DEFAULT_REFRESH: Final = 3
"""A new character's refresh (§3, §9)."""


@dataclass(frozen=True)
class LedgerEntry:
    """One change to someone's fate points, with the reason it happened.

    A held entry is a point someone has received but may only use once the scene ends
    (the point paid for a hostile invoke of their aspect).
    """

    who: str
    delta: int
    reason: str
    held_until_scene_end: bool = False

    def __post_init__(self) -> None:
        if self.delta == 0:
            raise ValueError("a ledger entry must change the fate points")


@dataclass(frozen=True)
class Ledger:
    """Everyone's fate points as the list of every change, oldest first.

    ``who`` is a character id, or :data:`~fatescreen.rules.aspects.GM` for the GM pool.
    A balance is the sum of someone's usable (not held) entries and never goes below zero.
    """

    entries: tuple[LedgerEntry, ...] = ()

    def balance(self, who: str) -> int:
        """The fate points ``who`` can spend now."""
        return sum(e.delta for e in self.entries if e.who == who and not e.held_until_scene_end)

    def held(self, who: str) -> int:
        """The points ``who`` has received but can only use after the scene."""
        return sum(e.delta for e in self.entries if e.who == who and e.held_until_scene_end)

    @property
    def people(self) -> tuple[str, ...]:
        """Everyone with an entry, in order of first appearance."""
        return tuple(dict.fromkeys(entry.who for entry in self.entries))

    def with_entry(self, entry: LedgerEntry) -> Ledger:
        """A copy with one more entry.

        Raises:
            NotEnoughFatePoints: The entry would take a balance (or held points) below zero.
        """
        current = self.held(entry.who) if entry.held_until_scene_end else self.balance(entry.who)
        if current + entry.delta < 0:
            held = entry.held_until_scene_end
            kind = "held fate points" if held else "fate points"
            raise NotEnoughFatePoints(
                f"{_display(entry.who)} has {current} {kind}, cannot pay {-entry.delta} "
                f"for {entry.reason}",
                code="fate_points.cannot_pay_held" if held else "fate_points.cannot_pay",
                who=_who_pays(entry.who),
                current=current,
                cost=-entry.delta,
                reason=entry.reason,
            )
        return replace(self, entries=(*self.entries, entry))

    def give(self, who: str, reason: str, amount: int = 1) -> Ledger:
        """``who`` gains ``amount`` fate points now.

        Raises:
            ValueError: ``amount`` is not positive.
        """
        _check_amount(amount)
        return self.with_entry(LedgerEntry(who, amount, reason))

    def spend(self, who: str, reason: str, amount: int = 1) -> Ledger:
        """``who`` spends ``amount`` fate points.

        Raises:
            NotEnoughFatePoints: ``who`` has fewer than ``amount`` points.
            ValueError: ``amount`` is not positive.
        """
        _check_amount(amount)
        return self.with_entry(LedgerEntry(who, -amount, reason))

    def hold(self, who: str, reason: str, amount: int = 1) -> Ledger:
        """``who`` receives ``amount`` points usable only after the scene ends.

        Raises:
            ValueError: ``amount`` is not positive.
        """
        _check_amount(amount)
        return self.with_entry(LedgerEntry(who, amount, reason, held_until_scene_end=True))

    def set_balance(self, who: str, target: int, reason: str) -> Ledger:
        """A copy where ``who`` has exactly ``target`` points (no entry if already so).

        Raises:
            ValueError: ``target`` is negative.
        """
        if target < 0:
            raise ValueError(f"a fate point balance cannot be negative ({target})")
        delta = target - self.balance(who)
        return self.with_entry(LedgerEntry(who, delta, reason)) if delta else self


def _check_amount(amount: int) -> None:
    if amount <= 0:
        raise ValueError(f"an amount of fate points must be positive, not {amount}")


def _display(who: str) -> str:
    return "the GM pool" if who == GM else who


def _who_pays(who: str) -> object:
    """Who pays, for a message: the GM pool in the catalog's words, anyone else by name."""
    return RuleProblem(_display(who), code="fate_points.gm_pool") if who == GM else who


def opening_ledger(balances: Mapping[str, int], reason: str = "opening balance") -> Ledger:
    """A ledger starting everyone at the given balances (zero balances get no entry).

    Raises:
        ValueError: A balance is negative.
    """
    ledger = Ledger()
    for who, amount in balances.items():
        ledger = ledger.set_balance(who, amount, reason)
    return ledger


def refreshed_points(points: int, refresh: int = DEFAULT_REFRESH) -> int:
    """A character's fate points at the start of a session (§3): ``max(current, refresh)``;
    a new character, with none yet, starts with its refresh.

    A player with more points than their refresh (compelled more than they spent) keeps them.
    """
    return max(points, refresh)


def refresh_at_session_start(ledger: Ledger, who: str, refresh: int = DEFAULT_REFRESH) -> Ledger:
    """Session start (§3): fate points become :func:`refreshed_points`."""
    points = refreshed_points(ledger.balance(who), refresh)
    if points == ledger.balance(who):
        return ledger
    return ledger.set_balance(who, points, f"session start: refresh to {refresh}")


def deliver_held(ledger: Ledger, who: Iterable[str] | None = None) -> Ledger:
    """Make held points usable: call when the scene (or the conflict) ends (§3, §5).

    Each delivery is two entries, one emptying the held points and one adding them to the
    balance, so the ledger keeps every step.

    Args:
        ledger: The ledger.
        who: Only these people; by default everyone with held points.
    """
    people = ledger.people if who is None else tuple(who)
    for person in people:
        held = ledger.held(person)
        if held > 0:
            reason = f"held points delivered after the scene ({held})"
            ledger = ledger.with_entry(
                LedgerEntry(person, -held, reason, held_until_scene_end=True)
            ).give(person, reason, held)
    return ledger


def concession_payout(consequences_taken: int) -> int:
    """Fate points for conceding (§6): 1, plus 1 per consequence taken in this conflict.

    Raises:
        ValueError: ``consequences_taken`` is negative.
    """
    if consequences_taken < 0:
        raise ValueError(f"consequences taken cannot be negative ({consequences_taken})")
    return 1 + consequences_taken


def pay_concession(ledger: Ledger, who: str, consequences_taken: int) -> Ledger:
    """Pay a conceder when the conflict ends (§5, §6)."""
    payout = concession_payout(consequences_taken)
    reason = f"conceded the conflict (1 + {consequences_taken} for consequences)"
    return ledger.give(who, reason, payout)


def npc_carried_points(*, conceded: bool, consequences_taken: int, hostile_invokes: int) -> int:
    """Points an NPC brings to the GM pool at their next appearance (§3 «Fate-pisteesi»).

    One per consequence taken, one for a concession, one per hostile invoke against them.

    Raises:
        ValueError: A count is negative.
    """
    if consequences_taken < 0 or hostile_invokes < 0:
        raise ValueError("counts of consequences and hostile invokes cannot be negative")
    return consequences_taken + int(conceded) + hostile_invokes


def carry_npc_points(
    ledger: Ledger, npc: str, *, conceded: bool, consequences_taken: int
) -> Ledger:
    """Credit an NPC, when the conflict ends, with the points they carry to their next
    appearance for a concession and consequences (§3); hostile invoke points reach them
    through :func:`deliver_held`."""
    points = npc_carried_points(
        conceded=conceded, consequences_taken=consequences_taken, hostile_invokes=0
    )
    if points == 0:
        return ledger
    what = "conceded, " if conceded else ""
    reason = f"{what}{consequences_taken} consequences: carried to the next appearance"
    return ledger.give(npc, reason, points)


def gm_pool_size(
    pcs_in_scene: int, carried_by_present_npcs: Iterable[int] = (), unspent_compel_points: int = 0
) -> int:
    """The GM pool at the start of a scene (§3 «Fate-pisteesi»).

    One per PC in the scene, plus the points carried by NPCs present, plus any compel point
    the GM received at the end of the previous scene with no chance to spend it.

    Raises:
        ValueError: A count is negative.
    """
    carried = tuple(carried_by_present_npcs)
    if pcs_in_scene < 0 or unspent_compel_points < 0 or any(points < 0 for points in carried):
        raise ValueError("PCs, carried points and compel points cannot be negative")
    return pcs_in_scene + sum(carried) + unspent_compel_points


def gm_pool_after_cast_change(pool: int, *, pcs_joined: int = 0, pcs_left: int = 0) -> int:
    """The GM pool when PCs join or leave a scene already in play.

    The pool holds one point per PC in the scene (§3 «Fate-pisteesi»), so each PC who
    joins adds one and each who leaves takes one away; the seed says nothing of a scene's
    cast changing, so the pool never goes below 0 (what is spent stays spent).

    Raises:
        ValueError: A count is negative.
    """
    if pcs_joined < 0 or pcs_left < 0:
        raise ValueError("PCs joining or leaving cannot be negative")
    return max(pool + pcs_joined - pcs_left, 0)


def start_scene(
    ledger: Ledger,
    pcs_in_scene: int,
    present_npcs: Sequence[str] = (),
    unspent_compel_points: int = 0,
) -> Ledger:
    """Set the GM pool for a new scene, moving present NPCs' carried points into it (§3).

    The pool does not carry over between scenes: it is set to one per PC plus unspent
    end-of-scene compel points, then each present NPC's balance moves into it.
    """
    base = gm_pool_size(pcs_in_scene, (), unspent_compel_points)
    reason = f"scene start: {pcs_in_scene} PCs"
    if unspent_compel_points:
        reason += f" + {unspent_compel_points} unspent compel points"
    ledger = ledger.set_balance(GM, base, reason)
    for npc in present_npcs:
        carried = ledger.balance(npc)
        if carried > 0:
            ledger = ledger.spend(npc, "carried into the GM pool", carried).give(
                GM, f"scene start: carried by {npc}", carried
            )
    return ledger


def declare_story_detail(ledger: Ledger, who: str, detail: str, *, covered: bool) -> Ledger:
    """Declare a story detail with an aspect (§3): free when the aspect clearly covers it,
    otherwise 1 fate point.

    Raises:
        NotEnoughFatePoints: It costs a point and ``who`` has none.
    """
    if covered:
        return ledger
    return ledger.spend(who, f"declared a story detail: {detail}")


class CompelState(StrEnum):
    """Where a compel stands."""

    OFFERED = "offered"
    ACCEPTED = "accepted"
    REFUSED = "refused"
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True)
class Compel:
    """A compel of an aspect on a character.

    ``account`` is whose fate points the compel moves: the character's own, or the GM pool
    for an NPC. ``offered_by`` is the GM or the player who offered it.
    """

    aspect: str
    target: str
    offered_by: str = GM
    account: str = ""
    state: CompelState = CompelState.OFFERED

    def __post_init__(self) -> None:
        if not self.account:
            object.__setattr__(self, "account", self.target)

    @property
    def paid_by_offerer(self) -> bool:
        """True when a player offered it on another character, paying a point of their own."""
        return self.offered_by not in (GM, self.target, self.account)


@dataclass(frozen=True)
class CompelStep:
    """A compel after one step, with the ledger it leaves."""

    compel: Compel
    ledger: Ledger


def offer_compel(
    ledger: Ledger,
    aspect: Aspect,
    target: str,
    offered_by: str = GM,
    account: str = "",
) -> CompelStep:
    """Offer a compel (§3). The GM's compels cost nothing, never the GM pool; a player
    compelling another character pays a point of their own.

    Raises:
        IllegalCompel: The aspect is a boost, which cannot be compelled.
        NotEnoughFatePoints: The offering player has no fate points.
    """
    if aspect.is_boost:
        raise IllegalCompel(
            f"{aspect.name!r} is a boost: a boost cannot be compelled",
            code="fate_points.offer_compel",
            aspect_name=aspect.name,
        )
    compel = Compel(aspect.name, target, offered_by, account)
    if compel.paid_by_offerer:
        ledger = ledger.spend(offered_by, f"offered a compel of {aspect.name} on {target}")
    return CompelStep(compel, ledger)


def _settle(compel: Compel, state: CompelState) -> Compel:
    if compel.state is not CompelState.OFFERED:
        raise IllegalCompel(
            f"the compel of {compel.aspect!r} on {compel.target} is already {compel.state.value}",
            code="fate_points.settled",
            aspect=compel.aspect,
            target=compel.target,
            state=compel.state,
        )
    return replace(compel, state=state)


def accept_compel(ledger: Ledger, compel: Compel) -> CompelStep:
    """Accept a compel (§3): the compelled side gains 1 fate point now.

    Raises:
        IllegalCompel: The compel is not open.
    """
    settled = _settle(compel, CompelState.ACCEPTED)
    return CompelStep(settled, ledger.give(compel.account, f"accepted a compel: {compel.aspect}"))


def refuse_compel(ledger: Ledger, compel: Compel) -> CompelStep:
    """Refuse a compel (§3) by paying 1 fate point; with none, it cannot be refused.

    Raises:
        IllegalCompel: The compel is not open.
        NotEnoughFatePoints: The compelled side has no fate points.
    """
    settled = _settle(compel, CompelState.REFUSED)
    if ledger.balance(compel.account) < 1:
        raise NotEnoughFatePoints(
            f"{_display(compel.account)} has no fate points and cannot refuse the compel of "
            f"{compel.aspect}",
            code="fate_points.cannot_refuse",
            who=_who_pays(compel.account),
            aspect=compel.aspect,
        )
    return CompelStep(settled, ledger.spend(compel.account, f"refused a compel: {compel.aspect}"))


def withdraw_compel(ledger: Ledger, compel: Compel) -> CompelStep:
    """Withdraw a compel the table finds unfitting: it costs no one anything (§3), so an
    offering player gets their point back.

    Raises:
        IllegalCompel: The compel is not open.
    """
    settled = _settle(compel, CompelState.WITHDRAWN)
    if compel.paid_by_offerer:
        ledger = ledger.give(compel.offered_by, f"compel of {compel.aspect} withdrawn")
    return CompelStep(settled, ledger)
