"""Aspects in play: scene, zones, every PC, and anyone with consequences, boosts or invokes."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.content import Content

from fatescreen.rules.aspects import Aspect
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.scene.model import Scene
from fatescreen.ui.lines import TextBlock
from fatescreen.ui.panes.base import Pane
from fatescreen.ui.state import View
from fatescreen.ui.text import aspect_content, assemble, literal


class AspectGroup(TextBlock):
    """The aspects of one holder (the scene, a zone, a character)."""

    def __init__(self, key: str) -> None:
        super().__init__(classes="aspect-group")
        self.key = key
        self.value: object = None

    def show_value(self, value: object, content: Callable[[], Content]) -> None:
        """Redraw only if the holder's value is a different object."""
        if value is not self.value:
            self.value = value
            self.set(content())


def _group(label: str, aspects: list[Aspect], names: dict[str, str]) -> Content:
    lines = [assemble((label, "bold $secondary"))]
    lines += [assemble("  ", aspect_content(aspect, names)) for aspect in aspects]
    return Content("\n").join(lines)


def _character_aspects(character: Character) -> list[Aspect]:
    return [*character.current_aspects, *character.consequence_aspects]


def shown_characters(scene: Scene, selected: str | None) -> list[Character]:
    """Every PC, the selected character, and NPCs whose aspects carry something in play."""
    shown = []
    for character in scene.characters:
        if (
            character.kind is CharacterKind.PC
            or character.id == selected
            or character.consequence_aspects
            or any(a.free_invokes or a.kind.value == "boost" for a in character.aspects)
        ):
            shown.append(character)
    return shown


class AspectsPane(Pane):
    """All aspects a GM invokes and compels from, with free invokes as owner pips."""

    TITLE_KEY = "ui.aspects"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.groups: dict[str, AspectGroup] = {}
        self._view: View | None = None
        self._names: dict[str, str] = {}

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """Update the groups whose holder changed; add and remove groups as needed.

        A group's text is built only when its holder is a different object than the one
        it shows (or the language or a name changed), so one change redraws one group.
        """
        names = {c.id: c.name for c in scene.characters}
        wanted: list[tuple[str, object, Callable[[], Content]]] = []
        if scene.aspects:
            wanted.append(
                (
                    "scene",
                    scene.aspects,
                    partial(_group, view.tr("ui.scene_aspects"), list(scene.aspects), names),
                )
            )
        for zone in scene.zones:
            if zone.aspects:
                wanted.append(
                    (
                        f"zone:{zone.id}",
                        zone,
                        partial(_group, literal(zone.name), list(zone.aspects), names),
                    )
                )
        for character in shown_characters(scene, view.selected):
            aspects = _character_aspects(character)
            if aspects:
                wanted.append(
                    (
                        f"character:{character.id}",
                        character,
                        partial(_group, literal(character.name), aspects, names),
                    )
                )
        relabel = view != self._view or names != self._names
        self._view, self._names = view, names
        keys = [key for key, _, _ in wanted]
        for key in list(self.groups):
            if key not in keys:
                self.groups.pop(key).remove()
        new_widgets = []
        for key, value, content in wanted:
            group = self.groups.get(key)
            if group is None:
                group = AspectGroup(key)
                self.groups[key] = group
                new_widgets.append(group)
            if relabel:
                group.value = None
            group.show_value(value, content)
        if new_widgets:
            self.mount_all(new_widgets)
        self._order(keys)

    def _order(self, keys: list[str]) -> None:
        current = [child.key for child in self.children if isinstance(child, AspectGroup)]
        ordered = [k for k in keys if k in current]
        if current != ordered and len(ordered) == len(current):
            for index, key in enumerate(ordered[1:], start=1):
                self.move_child(self.groups[key], after=self.groups[ordered[index - 1]])
