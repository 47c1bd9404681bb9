"""The defaults the dashboard's keys act on: who the GM points at, whom they act against,
the turn an action takes, and the keys that go to a name."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from string import ascii_lowercase, ascii_uppercase, digits

from fatescreen.commands.flow import default_participants, participants
from fatescreen.commands.requests import NextExchange, NextTurn
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.conflict import exchange_over, may_pick
from fatescreen.rules.obstacles import Hazard
from fatescreen.scene.model import Scene

GO_TO_KEYS = ascii_lowercase + ascii_uppercase + digits
"""The keys that go to a name once ``g`` is pressed: every one is a name's, none a command's."""


def in_conflict(scene: Scene) -> bool:
    """True while a turn order runs (a conflict or a contest)."""
    return scene.turn is not None


def pointed_at(scene: Scene, highlight: str | None, selected: str | None) -> str | None:
    """The character (or hazard) the GM points at, who acts on ``a``, ``o`` and ``c``.

    Args:
        scene: The scene.
        highlight: The name highlighted in the turn order (an id), if any.
        selected: The character shown in the stat block (an id), if any.

    Returns:
        While a conflict runs, the turn order's highlight; otherwise the selected
        character.
    """
    known = scene.character_index.keys() | scene.obstacle_index.keys()
    if in_conflict(scene) and highlight in known:
        return highlight
    return selected


def turn_taken(scene: Scene, actor: str, *, attack: bool) -> NextTurn | NextExchange | None:
    """The turn an action by ``actor`` takes, done before the action itself (popcorn: the GM
    highlights who goes next and presses the action's key).

    While a turn order runs, the actor is handed the turn when they may take it, or starts
    the next exchange once everyone has acted. With no turn order, an attack starts the
    conflict with its attacker; an overcome or a create an advantage takes no turn.

    Args:
        scene: The scene before the action.
        actor: The id of who acts (a character or a hazard).
        attack: Whether the action is an attack.

    Returns:
        The request that hands the turn on, or None when the action takes no turn (the
        actor is up already, has acted this exchange, or takes no part).
    """
    order = scene.turn
    if order is None:
        return NextTurn(actor) if attack and actor in default_participants(scene) else None
    if order.up == actor or actor not in order.participants:
        return None
    if not order.started or actor in may_pick(order):
        return NextTurn(actor)
    if exchange_over(order):
        return NextExchange(actor)
    return None


def hand_on(scene: Scene, highlight: str | None) -> NextTurn | NextExchange | None:
    """What ``n`` does with the turn order's highlight: hand the turn to the highlighted
    name; on the one who is up, to the first still to act; once everyone has acted, start
    the next exchange with the highlighted name.

    Returns:
        The request, or None with nothing highlighted.
    """
    order = scene.turn
    if highlight is None:
        return None
    if order is None or not order.started:
        return NextTurn(highlight)
    if exchange_over(order):
        return NextExchange(highlight)
    waiting = may_pick(order)
    return NextTurn(highlight if highlight in waiting else waiting[0])


def default_target(
    scene: Scene,
    actor: str | None,
    last_target: str | None,
    zone: str | None = None,
    *,
    last_attacker: str | None = None,
) -> str | None:
    """Whom an action goes against unless the GM picks another.

    Args:
        scene: The scene.
        actor: The id of who acts; None (or a hazard's id) for a hazard, which goes for PCs.
        last_target: The id of the last one hit, if any.
        zone: The zone a hazard is in (its targets there come first).
        last_attacker: The id of who made the last hit, if any.

    Returns:
        The one who last hit ``actor`` (who strikes back), else the last target, while
        they are opponents of ``actor``; else the first opponent standing (those in the
        actor's zone first); None when there is none.
    """
    acting = scene.character_index.get(actor or "")
    want_pc = acting is None or acting.kind is not CharacterKind.PC
    here = acting.zone if acting is not None else zone

    def opponent(character: Character) -> bool:
        return (
            character.id != actor
            and not character.taken_out
            and (character.kind is CharacterKind.PC) == want_pc
        )

    remembered = [scene.character_index.get(last_target or "")]
    if actor is not None and actor == last_target:
        remembered.insert(0, scene.character_index.get(last_attacker or ""))
    for character in remembered:
        if character is not None and opponent(character):
            return character.id
    opponents = [c for c in scene.characters if opponent(c)]
    opponents.sort(key=lambda c: here is None or c.zone != here)
    return opponents[0].id if opponents else None


def go_to_names(scene: Scene) -> list[tuple[str, str]]:
    """Every name the GM can point at: the turn order's (characters and hazards), then the
    characters on the map that are not in it, each as ``(id, name)``."""
    names: list[tuple[str, str]] = []
    seen: set[str] = set()
    for pid in participants(scene):
        character = scene.character_index.get(pid)
        obstacle = scene.obstacle_index.get(pid)
        if character is not None:
            names.append((pid, character.shown_name))
        elif isinstance(obstacle, Hazard):
            names.append((pid, obstacle.name))
        else:
            continue
        seen.add(pid)
    names += [
        (c.id, c.shown_name) for c in scene.characters if c.zone is not None and c.id not in seen
    ]
    return names


def _folded(text: str) -> str:
    """``text`` without accents (``Äijä`` as ``Aija``), for keys typed on any keyboard."""
    return "".join(
        char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char)
    )


def _wanted_keys(name: str) -> Iterable[str]:
    """The keys a name would like, best first: the number of a numbered copy (``Cultist
    2``), its initial, the initial in upper case, the other words' initials, its other
    letters."""
    words = _folded(name).split()
    if not words:
        return
    if len(words) > 1 and words[-1].isdigit() and len(words[-1]) == 1:
        yield words[-1]
    initial = words[0][:1]
    yield initial.lower()
    yield initial.upper()
    for word in words[1:]:
        yield word[:1].lower()
    for char in "".join(words):
        yield char.lower()


def name_keys(names: Sequence[tuple[str, str]]) -> dict[str, str]:
    """A key of :data:`GO_TO_KEYS` for each name, in order, while keys last: the key the
    name likes best of those still free (see :func:`_wanted_keys`), else the first free.

    Args:
        names: ``(id, name)`` pairs, as :func:`go_to_names` gives them.

    Returns:
        Each id's key; names beyond the 62 keys get none.
    """
    free = dict.fromkeys(GO_TO_KEYS)
    keys: dict[str, str] = {}
    for pid, name in names:
        if not free:
            break
        key = next((k for k in _wanted_keys(name) if k in free), next(iter(free)))
        del free[key]
        keys[pid] = key
    return keys


__all__ = [
    "GO_TO_KEYS",
    "default_target",
    "go_to_names",
    "hand_on",
    "in_conflict",
    "name_keys",
    "pointed_at",
    "turn_taken",
]
