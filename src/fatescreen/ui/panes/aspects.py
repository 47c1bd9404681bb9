"""Aspects in play: scene, zones, every PC, and anyone with consequences, boosts or invokes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from rich.cells import cell_len
from textual.content import Content

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.scene.memo import ByIdentity
from fatescreen.scene.model import Scene
from fatescreen.ui.groups import Group, GroupsView
from fatescreen.ui.panes.base import Pane
from fatescreen.ui.state import View
from fatescreen.ui.text import aspect_line, aspect_width, assemble, literal


def _lines(
    label: str, aspects: Sequence[Aspect], names: Mapping[str, str], gm: str
) -> list[Content]:
    lines = [assemble((label, "bold $secondary"))]
    lines += [aspect_line("  ", aspect, names, gm) for aspect in aspects]
    return lines


def _group(
    key: str,
    value: object,
    label: str,
    aspects: Sequence[Aspect],
    names: Mapping[str, str],
    gm: str,
) -> Group:
    """A holder's group: its label and its aspects, the lines built when first shown."""
    widths = [cell_len(literal(label))]
    widths += [aspect_width("  ", aspect, names, gm) for aspect in aspects]
    return Group(key, value, widths, partial(_lines, label, aspects, names, gm))


def _character_aspects(character: Character) -> list[Aspect]:
    return [*character.current_aspects, *character.consequence_aspects]


def shown_characters(scene: Scene, selected: str | None) -> list[Character]:
    """Every PC, the selected character, and NPCs whose aspects carry something in play."""
    return [c for c in scene.characters if c.id == selected or _always_shown(c)]


def _carries_something(character: Character) -> bool:
    """A PC, or anyone with a consequence, a boost or a free invoke (plain loops: the
    pane asks this of every character of a large scene when it starts)."""
    if character.kind is CharacterKind.PC:
        return True
    for slot in character.consequences:
        if slot.aspect is not None:
            return True
    for aspect in character.aspects:
        if aspect.free_invokes or aspect.kind is AspectKind.BOOST:
            return True
    return False


_always_shown = ByIdentity(_carries_something, limit=1 << 16)
"""Remembered by the character object: a command changes one character, the rest are
the same objects (room for the largest scenes' characters, or it forgets them all)."""


class AspectsPane(Pane):
    """All aspects a GM invokes and compels from, with free invokes as owner pips.

    One view of groups holds every holder's group, built and drawn only when one of its
    rows is on screen (a large scene has thousands of aspects); a group is made again only
    when its holder is a different object (or the language or a name changed), and only
    its lines that differ are drawn again, so one change repaints one line.
    """

    TITLE_KEY = "ui.aspects"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.body = GroupsView(id="aspects-body")
        self._groups: dict[str, Group] = {}
        self._key: tuple[object, ...] = ()
        self._view: View | None = None
        self._names: Mapping[str, str] = {}

    def compose(self):  # type: ignore[no-untyped-def]
        yield self.body

    @property
    def keys(self) -> list[str]:
        """The holders shown, in order (``scene``, ``zone:ID``, ``character:ID``)."""
        return list(self._groups)

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """Show the scene's, the zones' and the shown characters' aspects, a group each."""
        shown: tuple[object, ...] = (scene.aspects, scene.zones, scene.characters, view)
        if len(shown) == len(self._key) and all(
            a is b for a, b in zip(shown, self._key, strict=True)
        ):
            return
        if self._patch(scene, view, changed):
            self._key = shown
            return
        self._key = shown
        names = scene.character_names
        gm = view.tr("gm.name")
        relabel = view != self._view or (names is not self._names and names != self._names)
        self._view, self._names = view, names
        known = {} if relabel else self._groups
        groups: dict[str, Group] = {}

        def add(key: str, value: object, label: str, aspects: Sequence[Aspect]) -> None:
            group = known.get(key)
            if group is None or group.value is not value:
                group = _group(key, value, label, aspects, names, gm)
            groups[key] = group

        if scene.aspects:
            add("scene", scene.aspects, view.tr("ui.scene_aspects"), scene.aspects)
        for zone in scene.zones:
            if zone.aspects:
                add(f"zone:{zone.id}", zone, zone.name, zone.aspects)
        for character in shown_characters(scene, view.selected):
            aspects = _character_aspects(character)
            if aspects:
                add(f"character:{character.id}", character, character.name, aspects)
        self._groups = groups
        self.body.set_groups(list(groups.values()))

    def _patch(self, scene: Scene, view: View, changed: frozenset[str]) -> bool:
        """Make again only the groups of the characters a command changed, when the
        scene's and the zones' aspects, the view and the names are as before and no
        character joins or leaves the pane (a large scene has thousands of characters to
        walk); False when the whole pane must be worked out again."""
        if (
            not self._key
            or scene.aspects is not self._key[0]
            or scene.zones is not self._key[1]
            or view != self._view
            or "all" in changed
            or "characters" in changed
        ):
            return False
        names = scene.character_names
        if names is not self._names and names != self._names:
            return False
        gm = view.tr("gm.name")
        index = scene.character_index
        remade: dict[str, Group] = {}
        for tag in changed:
            kind, _, character_id = tag.partition(":")
            if kind != "character":
                continue
            character = index.get(character_id)
            aspects = (
                _character_aspects(character)
                if character is not None
                and (character.id == view.selected or _always_shown(character))
                else []
            )
            key = f"character:{character_id}"
            if bool(aspects) != (key in self._groups):
                return False  # the character joins or leaves the pane
            if aspects and character is not None and self._groups[key].value is not character:
                remade[key] = _group(key, character, character.name, aspects, names, gm)
        self._names = names
        if remade:
            self._groups = {key: remade.get(key, group) for key, group in self._groups.items()}
            self.body.set_groups(list(self._groups.values()))
        return True
