"""The stat block of the selected character: everything on its sheet, stress boxes clickable."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.message import Message

from fatescreen.rules.aspects import AspectKind
from fatescreen.rules.big_bads import (
    SoloBonus,
    Swarm,
    bypassed_parts,
    heart_exposed,
    invoke_bonus_against,
    minion_armor_options,
    named_minions,
    pcs_facing,
    solo_invoke_bonus,
    swarm_actors,
    swarm_beaten,
)
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    StressKind,
    StressTrack,
)
from fatescreen.rules.harm import HarmOptions, shifts_until_taken_out
from fatescreen.rules.npcs import largest_group_hit
from fatescreen.scene.model import Scene
from fatescreen.ui.lines import LinesView, TextBlock
from fatescreen.ui.panes.base import Pane, shows_gm_mark
from fatescreen.ui.state import View
from fatescreen.ui.text import (
    Part,
    aspect_content,
    aspect_line,
    assemble,
    boxes,
    literal,
    rating,
    secret_mark,
)


class StressBoxes(TextBlock):
    """One stress track; clicking a box asks to check or clear it."""

    class Toggled(Message):
        """The GM clicked a stress box."""

        def __init__(self, character_id: str, kind: StressKind, box: int) -> None:
            super().__init__()
            self.character_id = character_id
            self.kind = kind
            self.box = box

    LABEL_WIDTH = 10

    def __init__(
        self, character_id: str, track: StressTrack, label: str, escalating: bool = False
    ) -> None:
        super().__init__(classes="stress-track")
        self.character_id = character_id
        self.track = track
        self.label = label
        self.escalating = escalating
        """True when each box is worth its number (escalating stress boxes)."""
        self.set(self._content())

    def show_track(self, track: StressTrack, label: str, escalating: bool = False) -> None:
        """Redraw with a new state of the same track."""
        if track is not self.track or label != self.label or escalating != self.escalating:
            self.track, self.label, self.escalating = track, label, escalating
            self.set(self._content())

    def _content(self) -> Content:
        return assemble(
            (f"{self.label:<{self.LABEL_WIDTH}}", "$text-muted"),
            boxes(self.track, self.escalating),
        )

    def on_click(self, event: events.Click) -> None:
        """Toggle the box under the mouse."""
        column = event.x - self.LABEL_WIDTH
        if column >= 0 and column // 3 < self.track.boxes:
            self.post_message(self.Toggled(self.character_id, self.track.kind, column // 3 + 1))


def skill_lines(character: Character, view: View) -> list[Content]:
    """Skills grouped by rating, highest first, with ladder names if wanted."""
    by_rating: dict[int, list[str]] = {}
    for skill, value in character.current_skills.items():
        by_rating.setdefault(value, []).append(skill)
    lines = []
    for value in sorted(by_rating, reverse=True):
        names = ", ".join(literal(s) for s in sorted(by_rating[value]))
        lines.append(assemble((f"{rating(value, view.lang, view.ladder_names)}: ", "bold"), names))
    return lines


def kind_label(character: Character, view: View) -> str:
    """``major NPC · form 1 of 2`` and the like."""
    label = view.tr(f"ui.kind.{character.kind.value}")
    if character.kind is CharacterKind.MOOKS:
        label += f" ×{character.members}"
    if character.forms:
        label += " · " + view.tr("ui.form", number=character.form + 1, count=character.form_count)
    if character.taken_out:
        label += " · " + view.tr("ui.taken_out")
    elif character.conceded:
        label += " · " + view.tr("ui.conceded")
    return label


def sheet_head(scene: Scene, character: Character, view: View) -> Content:
    """Name, kind, and the numbers a GM needs mid-fight: shifts left, weapon, armor, points."""
    secret = shows_gm_mark(scene, character)  # the players cannot see it: the GM's mark
    lines: list[Content] = [
        assemble(
            (character.shown_name, "bold $accent"),
            (secret_mark(view.tr("gm.name")) if secret else "", "$text-muted italic"),
            ("  " + kind_label(character, view), "$text-muted"),
        )
    ]
    numbers: list[Part] = [(view.tr("ui.shifts_to_take_out") + " ", "$text-muted")]
    for index, (kind, shifts) in enumerate(_shifts_left(character, scene.rules.harm_options)):
        if index:
            numbers.append(("  ", ""))
        if kind is not None:
            numbers.append((view.tr(f"ui.stress.{kind.value}") + " ", "$text-muted"))
        numbers.append((str(shifts), "bold"))
    if character.weapon or character.armor:
        numbers.append(
            "   " + view.tr("ui.weapon_armor", weapon=character.weapon, armor=character.armor)
        )
    if character.scale.value != "mundane":
        numbers.append("   " + view.tr(f"ui.scale.{character.scale.value}"))
    if character.kind is CharacterKind.PC or character.fate_points:
        numbers.append(
            "   "
            + view.tr(
                "ui.fate_points_short", count=character.fate_points, refresh=character.refresh
            )
        )
    lines.append(assemble(*numbers))
    return Content("\n").join(lines)


def slot_label(slot: ConsequenceSlot, view: View) -> str:
    """``mild 2``, ``moderate (mental) 4`` or a condition's name, in the view's language."""
    label = (
        view.tr(f"condition.{slot.condition}")
        if slot.condition
        else view.tr(f"ui.severity.{slot.severity.value}")
    )
    if slot.kind is not None:
        label += f" ({view.tr(f'ui.stress.{slot.kind.value}')})"
    return f"{label} {slot.shifts}"


def sheet_body(scene: Scene, character: Character, view: View) -> list[Content]:
    """Consequences, minions, aspects, skills, stunts and the GM's notes."""
    names = scene.character_names
    lines = list(_consequence_lines(character.consequences, names, view))
    if character.minions:
        standing = set(minion_armor_options(character, scene.character_index))
        minion_parts: list[Part] = [(view.tr("ui.minions") + " ", "$text-muted")]
        named = set(named_minions(character, scene.character_index))
        for minion in scene.characters:
            if minion.id in named:
                mark = "✓" if minion.id in standing else "✗"
                minion_parts.append(
                    (f"{minion.name} {mark}  ", "" if mark == "✓" else "$text-muted")
                )
        lines.append(assemble(*minion_parts))
    if character.solo is not None:
        lines.append(_solo_line(character.solo, pcs_facing(scene.characters), view))
    if character.swarm is not None:
        lines.append(_swarm_line(character.swarm, scene, view))
    gm = view.tr("gm.name")
    for aspect in character.current_aspects:
        prefix = {AspectKind.HIGH_CONCEPT: "◆ ", AspectKind.TROUBLE: "✗ "}.get(aspect.kind, "· ")
        lines.append(aspect_line((prefix, "$text-muted"), aspect, names, gm))
    lines += _skills_and_stunts(character, view)
    lines += [assemble(("✎ ", "$text-muted"), (line, "$text-muted")) for line in _notes(character)]
    return lines


def _notes(character: Character) -> list[str]:
    """The GM's notes on the character (its extras), a line each, blank lines left out."""
    return [line for line in character.notes.split("\n") if line.strip()]


def _consequence_lines(
    slots: tuple[ConsequenceSlot, ...], names: Mapping[str, str], view: View
) -> list[Content]:
    """A line per consequence slot, the very same lines while the slots, the names and
    the view are (a line view then neither compares nor draws them again)."""
    known = _slot_lines.get("last")
    if known is not None and known[0] is slots and known[1] is names and known[2] == view:
        return known[3]
    lines: list[Content] = []
    labels = [slot_label(slot, view) for slot in slots]
    width = max((len(label) for label in labels), default=0) + 2
    for slot, label in zip(slots, labels, strict=True):
        parts: list[Part] = [(f"{label:<{width}}", "$text-muted")]
        if slot.aspect is None:
            parts.append(("—", "$text-muted"))
        else:
            parts.append(aspect_content(slot.aspect, names, gm=view.tr("gm.name")))
            if slot.recovering:
                parts.append(("  ↻ " + view.tr("ui.recovering"), "$success"))
        lines.append(assemble(*parts))
    _slot_lines["last"] = (slots, names, view, lines)
    return lines


_slot_lines: dict[
    str, tuple[tuple[ConsequenceSlot, ...], Mapping[str, str], View, list[Content]]
] = {}


def _solo_line(solo: SoloBonus, pcs: int, view: View) -> Content:
    """The big bad's solo-bonus options in play (§7), invoke values as the rules give them
    against the PCs now facing it."""
    values = {
        "boosted_invokes": solo_invoke_bonus(solo, pcs, paid=True),
        "damped_invokes": invoke_bonus_against(solo),
    }
    shown = [
        view.tr(f"ui.solo.{option.name}", value=values.get(option.name, 0))
        for option in fields(solo)
        if getattr(solo, option.name)
    ]
    return assemble((view.tr("ui.solo") + " ", "$text-muted"), " · ".join(shown))


def _swarm_line(swarm: Swarm, scene: Scene, view: View) -> Content:
    """A swarm's parts (§7): standing ✓ or bypassed ✗, the shields marked, and whether the
    heart can be harmed yet or the whole is beaten."""
    parts: list[Part] = [(view.tr("ui.swarm") + " ", "$text-muted")]
    acting = set(swarm_actors(swarm, scene.character_index))
    bypassed = set(bypassed_parts(swarm, scene.character_index))
    for part_id in swarm.part_ids:
        part = scene.character(part_id)
        mark = "✗" if part_id in bypassed else "✓" if part_id in acting else "·"
        shield = " ⛨" if part_id in swarm.shields else ""
        parts.append((f"{part.name}{shield} {mark}  ", "$text-muted" if mark == "✗" else ""))
    if swarm_beaten(swarm, scene.character_index):
        state = "ui.swarm.beaten"
    elif heart_exposed(swarm, scene.character_index):
        state = "ui.swarm.exposed"
    else:
        state = "ui.swarm.shielded"
    parts.append((view.tr(state), "$warning"))
    return assemble(*parts)


def _skills_and_stunts(character: Character, view: View) -> list[Content]:
    """Skill and stunt lines, built again only when the skills, stunts, forms or the view
    change (most commands change none of them)."""
    key: tuple[object, ...] = (
        character.skills,
        character.stunts,
        character.forms,
        character.form,
        view,
    )
    known = _skill_lines.get("last")
    if known is not None and all(a is b for a, b in zip(known[0], key, strict=True)):
        return known[1]
    lines = skill_lines(character, view)
    for stunt in character.current_stunts:
        lines.append(assemble(("★ ", "$accent"), (stunt.text, "italic")))
    _skill_lines["last"] = (key, lines)
    return lines


_skill_lines: dict[str, tuple[tuple[object, ...], list[Content]]] = {}


def _shifts_left(character: Character, options: HarmOptions) -> list[tuple[StressKind | None, int]]:
    """The largest hit each kind of stress the character can still absorb (the kind left
    out when there is only one track)."""
    if character.kind is CharacterKind.MOOKS:
        # A group takes a hit member after member (§7).
        return [(None, largest_group_hit(character))]
    kinds = [track.kind for track in character.stress] or [StressKind.PHYSICAL]
    shifts = [(kind, shifts_until_taken_out(character, kind, options)) for kind in kinds]
    if len(shifts) == 1:
        return [(None, shifts[0][1])]
    return list(shifts)


class StatBlockPane(Pane):
    """The selected character in full."""

    TITLE_KEY = "ui.stat_block"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.head = TextBlock(id="sheet-head")
        self.sheet = LinesView(id="sheet")
        self._character: Character | None = None
        self._title = ""
        self._view: View | None = None
        self._key: object = None
        self._tracks: list[StressBoxes] = []
        """The stress tracks mounted (kept rather than looked up: a query walks the pane)."""

    def compose(self) -> ComposeResult:
        yield self.head
        yield self.sheet

    def relabel(self, view: View) -> None:
        """The border title names the character shown."""
        title = view.tr(self.TITLE_KEY)
        if self._character is not None:
            title += f" — {literal(self._character.shown_name)}"
        if self._title != title:
            self._title = title
            self.border_title = assemble(title)  # a name is never read as markup

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """Redraw only when the selected character, its minions or the view changed."""
        character = scene.character_index.get(view.selected or "")
        if character is None and scene.characters:
            character = scene.characters[0]
        minions = (
            tuple(minion_armor_options(character, scene.character_index))
            if character is not None and character.minions
            else ()
        )
        secret = character is not None and shows_gm_mark(scene, character)
        key = (character, minions, view, scene.rules, secret)
        if key == self._key and "all" not in changed:
            return
        self._key = key
        self._character, self._view = character, view
        self.relabel(view)
        existing = self._tracks
        if character is None:
            for widget in existing:
                widget.remove()
            self._tracks = []
            self.head.set(view.tr("ui.no_character"))
            self.sheet.set_lines([])
            return
        self.head.set(sheet_head(scene, character, view))
        self.sheet.set_lines(sheet_body(scene, character, view))
        labels = [view.tr(f"ui.stress.{track.kind.value}") for track in character.stress]
        same_shape = len(existing) == len(character.stress) and all(
            widget.character_id == character.id and widget.track.kind is track.kind
            for widget, track in zip(existing, character.stress, strict=True)
        )
        escalating = scene.rules.escalating_stress_boxes
        if same_shape:
            for widget, track, label in zip(existing, character.stress, labels, strict=True):
                widget.show_track(track, label, escalating)
            return
        for widget in existing:
            widget.remove()
        tracks = [
            StressBoxes(character.id, track, label, escalating)
            for track, label in zip(character.stress, labels, strict=True)
        ]
        self._tracks = tracks
        if tracks:
            self.mount_all(tracks, after=self.head)
