"""What the players may see of an Objektien luonti scene: the one place that decides it for
the system (its ``public`` part; docs/player-view.md lists the rules in words).

:func:`public_objektit` returns a value of its own types, which have no field for a secret:
no abilities, history, goals or notes of the GM's objects, no chance the GM set, no odds.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from fatescreen.scene.public_view import PublicOf
from fatescreen.systems.objektit.rules.conflict import Step
from fatescreen.systems.objektit.rules.initiative import initiative_order
from fatescreen.systems.objektit.scene import ObjektitScene, OpenConflict, Resolved


@dataclass(frozen=True)
class PublicObject:
    """A player's object, or a GM's object the players see, as far as they know it."""

    name: str
    player: str
    """Who plays it; "" for the GM's object."""
    concept: str
    """A player's object's concept; "" for the GM's (what it is, the GM tells)."""
    appearance: str
    """«Ulkoinen vaikutelma»: what anyone sees of it."""
    condition: int
    """«Tila», 6 (good) and down."""


@dataclass(frozen=True)
class PublicConflict:
    """A conflict being set up, as the table sees it."""

    name: str
    """Whose; "" for an object the players do not see."""
    inherent: str
    """The inherent ability used, for a player's object; "" for the GM's."""
    developed: str | None
    """The developed ability used, for a player's object; None when the concept's default
    stands in (and for the GM's object)."""
    is_player: bool
    """The object is a player's (only then are its abilities shown)."""


@dataclass(frozen=True)
class PublicResult:
    """The conflict rolled last: whose, and its result on the ladder."""

    name: str
    """Whose; "" for an object the players do not see."""
    value: Fraction
    step: Step
    """The result's step on the -9 ... +9 ladder."""
    verdict: str
    """``good``, ``bad`` or ``even``."""


@dataclass(frozen=True)
class PublicObjektit:
    """Everything the players may see of an Objektien luonti scene, and nothing else."""

    title: str
    objects: tuple[PublicObject, ...]
    """The players' objects, then the GM's that are not hidden."""
    conflict: PublicConflict | None
    last: PublicResult | None
    initiative: tuple[tuple[str, ...], ...]
    """This fight's acting order, best first, without hidden objects: the names on one
    step act at the same moment."""


def _shown(name: str, scene: ObjektitScene) -> str:
    """An object's name, or "" for one the players do not see."""
    return "" if any(e.name == name and e.hidden for e in scene.entries) else name


def _conflict(opened: OpenConflict, scene: ObjektitScene) -> PublicConflict:
    if not any(e.name == opened.name and e.player is not None for e in scene.entries):
        return PublicConflict(_shown(opened.name, scene), "", None, False)
    return PublicConflict(opened.name, opened.inherent, opened.developed, True)


def _result(resolved: Resolved, scene: ObjektitScene) -> PublicResult:
    result = resolved.result
    name = _shown(resolved.opened.name, scene)
    verdict = "good" if result.good else "bad" if result.bad else "even"
    return PublicResult(name, result.value, result.step, verdict)


def public_objektit(scene: ObjektitScene) -> PublicObjektit:
    """What the players may see of ``scene`` (see docs/player-view.md).

    Public: the players' objects with their players, concepts, appearance and condition;
    the GM's objects that are not hidden, by name, with their appearance and condition; the
    conflict being set up (whose, and a player's object's abilities), the result rolled last
    and the initiative order.

    Secret: the GM's objects marked hidden (a conflict of theirs is *someone*'s, and they
    are not in the initiative order), every object's abilities, history and goals, a GM's
    object's concept, the chance the GM set, the odds, the dice behind a result and the
    notes.
    """
    hidden = {entry.name for entry in scene.entries if entry.hidden}
    entries = (
        *(e for e in scene.entries if e.player is not None),
        *(e for e in scene.entries if e.player is None and not e.hidden),
    )
    objects = tuple(
        PublicObject(
            entry.name,
            entry.player or "",
            entry.sheet.concept if entry.player is not None else "",
            entry.appearance,
            entry.sheet.condition,
        )
        for entry in entries
    )
    order = tuple(
        names
        for group in initiative_order(scene.initiative)
        if (names := tuple(e.name for e in group if e.name not in hidden))
    )
    return PublicObjektit(
        title=scene.title,
        objects=objects,
        conflict=None if scene.conflict is None else _conflict(scene.conflict, scene),
        last=None if scene.last is None else _result(scene.last, scene),
        initiative=order,
    )


PUBLIC = PublicOf(public_objektit)
"""The system's ``public`` part."""
