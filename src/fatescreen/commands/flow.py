"""What the flow of a scene does, shared by the verbs and the dashboard: who takes part in a
conflict, who may take the turn, and what ending the scene changes."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.rules.aspects import GM, AspectKind
from fatescreen.rules.character import CharacterKind
from fatescreen.rules.conflict import may_pick
from fatescreen.rules.fate_points import Ledger, npc_carried_points, start_scene
from fatescreen.rules.harm import clear_stress, consequences_settled, consequences_taken_this_scene
from fatescreen.rules.obstacles import Hazard
from fatescreen.scene.model import Scene


def default_participants(scene: Scene) -> tuple[str, ...]:
    """Everyone standing, then the hazards: the turn order of a new conflict."""
    people = tuple(c.id for c in scene.characters if not c.taken_out and not c.conceded)
    hazards = tuple(o.id for o in scene.obstacles if isinstance(o, Hazard))
    return people + hazards


def participants(scene: Scene) -> tuple[str, ...]:
    """The turn order's names (ids): those of the running one, else those a conflict
    would start with."""
    return scene.turn.participants if scene.turn is not None else default_participants(scene)


def may_take_turn(scene: Scene) -> tuple[str, ...]:
    """Who may be handed the turn now, in the turn order's order: those still to act; all
    of them before the first turn and once everyone has acted."""
    order = scene.turn
    if order is None or not order.started:
        return participants(scene)
    return may_pick(order) or order.participants


def may_highlight(scene: Scene) -> tuple[str, ...]:
    """Who the turn order's highlight may rest on, in its order: who may take the turn, and
    who is up."""
    order = scene.turn
    choices = may_take_turn(scene)
    if order is None or order.up is None or order.up in choices:
        return choices
    return tuple(pid for pid in order.participants if pid in choices or pid == order.up)


def scene_end(scene: Scene) -> tuple[Scene, dict[str, int], tuple[str, ...], int]:
    """What ending the scene does: stress cleared, boosts gone, held points delivered,
    NPCs' earned points carried; the conflict's turn order closed.

    Returns:
        The new scene, points delivered by character id, ids whose stress was cleared,
        and the number of boosts removed.
    """
    delivered: dict[str, int] = {}
    for entry in scene.held:
        delivered[entry.who] = delivered.get(entry.who, 0) + entry.delta
    cleared = tuple(c.id for c in scene.characters if any(t.checked for t in c.stress))
    boosts = sum(1 for a in scene.aspects if a.kind is AspectKind.BOOST)
    boosts += sum(1 for z in scene.zones for a in z.aspects if a.kind is AspectKind.BOOST)
    characters = []
    for character in scene.characters:
        boosts += sum(1 for a in character.aspects if a.kind is AspectKind.BOOST)
        points = delivered.get(character.id, 0)
        if character.kind is not CharacterKind.PC and not character.conceded:
            # A concession's points (1 + consequences) are already held for the conceder;
            # an NPC that fought on carries one point per consequence it took in this
            # scene (§3 «joutui ottamaan jäljen ... edellisessä kohtauksessa»).
            points += npc_carried_points(
                conceded=False,
                consequences_taken=consequences_taken_this_scene(character),
                hostile_invokes=0,
            )
        updated = consequences_settled(clear_stress(character))
        updated = replace(
            updated,
            fate_points=updated.fate_points + points,
            aspects=tuple(a for a in updated.aspects if a.kind is not AspectKind.BOOST),
        )
        characters.append(updated)
    zones = tuple(
        replace(z, aspects=tuple(a for a in z.aspects if a.kind is not AspectKind.BOOST))
        for z in scene.zones
    )
    new = replace(
        scene,
        characters=tuple(characters),
        zones=zones,
        aspects=tuple(a for a in scene.aspects if a.kind is not AspectKind.BOOST),
        held=(),
        turn=None,
        pending_roll=None,
        pending_hit=None,
        queued_hits=(),
        full_defenses=(),
        contest_rolls=(),
    )
    return new, delivered, cleared, boosts


def next_scene_pool(scene: Scene) -> int:
    """The GM pool a standalone scene leaves for the next one: one point per PC in it plus
    the compel points the GM got too late to spend (§3); NPCs' carried points join it
    when they appear again."""
    pcs = sum(1 for c in scene.characters if c.kind is CharacterKind.PC)
    return start_scene(Ledger(), pcs, (), scene.compel_points).balance(GM)
