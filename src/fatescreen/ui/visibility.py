"""The dashboard's choice of what to make secret or public: every element the players could
see, the selected character's first, each with the command line that flips it."""

from __future__ import annotations

from fatescreen.commands.requests import Visibility
from fatescreen.rules.character import CharacterKind
from fatescreen.rules.obstacles import CountdownVisibility
from fatescreen.scene.aspects import AspectInPlay, aspects_in_play
from fatescreen.scene.model import Scene
from fatescreen.ui.state import View


def _choice(view: View, ref: str, name: str, secret: bool) -> tuple[Visibility, str]:
    state = view.tr("ui.visibility.is_secret" if secret else "ui.visibility.is_public")
    return Visibility(ref, secret=not secret), f"{name}: {state}"


def visibility_choices(scene: Scene, view: View) -> list[tuple[Visibility, str]]:
    """(request, label) for each NPC, zone, aspect and countdown; the selected
    character and its aspects come first."""
    selected = view.selected
    npcs = [c for c in scene.characters if c.kind is not CharacterKind.PC]
    npcs.sort(key=lambda c: c.id != selected)
    aspects = sorted(aspects_in_play(scene), key=lambda a: a.owner != selected)
    choices: list[tuple[Visibility, str]] = []

    def aspect_choice(found: AspectInPlay) -> tuple[Visibility, str]:
        return _choice(view, f"aspect:{found.key}", found.aspect.name, found.aspect.hidden)

    if npcs and npcs[0].id == selected:
        choices.append(_choice(view, f"character:{npcs[0].id}", npcs[0].name, npcs[0].hidden))
        npcs = npcs[1:]
    choices += [aspect_choice(found) for found in aspects if found.owner == selected]
    choices += [aspect_choice(found) for found in aspects if found.owner is None]
    choices += [_choice(view, f"zone:{z.id}", z.name, z.hidden) for z in scene.zones]
    choices += [
        _choice(
            view,
            f"countdown:{c.id}",
            c.name,
            c.visibility is not CountdownVisibility.FULL,
        )
        for c in scene.countdowns
    ]
    choices += [_choice(view, f"character:{c.id}", c.name, c.hidden) for c in npcs]
    choices += [aspect_choice(found) for found in aspects if found.owner not in (None, selected)]
    return choices
