"""Who did what in this exchange of a faster contest (§8 «Nopeammat kilpailut»)."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.core import Context
from fatescreen.rules.contests import (
    Contest,
    ContestSide,
    FastContestAction,
    fast_exchange_pick,
)
from fatescreen.rules.errors import ContestError
from fatescreen.scene.model import ContestRoll, Scene


def picks_this_exchange(
    scene: Scene, contest: Contest, side: ContestSide
) -> dict[str, FastContestAction]:
    """What each member of a side has picked so far this exchange."""
    picks: dict[str, FastContestAction] = {}
    for entry in scene.contest_rolls:
        if entry.contest != contest.name or entry.side != side.name or not entry.roller:
            continue
        if entry.advantage:
            picks[entry.roller] = FastContestAction.ADVANTAGE
        elif entry.effort is not None:
            picks[entry.roller] = FastContestAction.ROLL
            picks.update(dict.fromkeys(entry.helpers, FastContestAction.TEAMWORK))
    return picks


def pick(
    ctx: Context, contest: Contest, side: ContestSide, acts: dict[str, FastContestAction]
) -> None:
    """Check the members' new picks against the side's picks this exchange of a faster
    contest (each member picks one thing); a contest of the usual kind has nothing to check.

    Raises:
        CommandError: A member picks twice, is not on the side, or the side would roll
            twice.
    """
    if not contest.faster:
        return
    picks = picks_this_exchange(ctx.scene, contest, side)
    for member, action in acts.items():
        try:
            fast_exchange_pick(side, picks, member, action)
        except ContestError:
            earlier = picks.get(member)
            if earlier is not None:
                raise ctx.error(
                    "error.faster_twice",
                    name=ctx.who(member),
                    action=ctx.tr(f"contest.pick.{earlier.value}"),
                ) from None
            raise ctx.error("error.faster_stranger", name=ctx.who(member), side=side.name) from None
        picks[member] = action


def faster_contest_of(scene: Scene, member: str) -> tuple[Contest, ContestSide] | None:
    """The running faster contest with ``member`` on a side, and the side."""
    for contest in scene.contests:
        if contest.faster and contest.winner is None:
            for side in contest.sides:
                if member in side.members:
                    return contest, side
    return None


def advantage_pick(ctx: Context, member: str) -> Scene:
    """The scene with ``member``'s create an advantage recorded as their pick of this
    exchange of a faster contest (checked first); unchanged outside one."""
    found = faster_contest_of(ctx.scene, member)
    if found is None:
        return ctx.scene
    contest, side = found
    pick(ctx, contest, side, {member: FastContestAction.ADVANTAGE})
    entry = ContestRoll(contest.name, side.name, member, advantage=True)
    return replace(ctx.scene, contest_rolls=(*ctx.scene.contest_rolls, entry))
