"""Building the scene from the dashboard: the build menu and the dialogs that add, link,
place, change and remove things, each ending in one command line (one undoable step)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from textual.content import Content

from fatescreen.commands.names import fold
from fatescreen.commands.requests import (
    Add,
    Field,
    Link,
    Order,
    Place,
    Remove,
    SaveTemplate,
    Set,
    Unlink,
    field,
)
from fatescreen.commands.verbs_build import MAX_COPIES
from fatescreen.rules.character import Character, CharacterKind, StressKind
from fatescreen.rules.copies import base_name
from fatescreen.rules.ladder import parse_rating, signed
from fatescreen.rules.obstacles import Block, Countdown, CountdownVisibility, Distraction, Hazard
from fatescreen.scene import library
from fatescreen.scene.model import Obstacle, Scene, Zone
from fatescreen.ui.dialogs import ChoiceDialog, ConfirmDialog
from fatescreen.ui.dialogs.form import FormDialog, FormError, FormField, Values
from fatescreen.ui.messages import CharacterChosen, EditChosen, RequestSubmitted
from fatescreen.ui.table import Table
from fatescreen.ui.text import assemble

Choices = list[tuple[Order, Content | str]]
"""The options of a choice dialog: ``(value or request, label)``."""

MENU: tuple[tuple[str, str], ...] = (
    ("template", "t"),
    ("pc", "p"),
    ("major", "m"),
    ("minor", "n"),
    ("mooks", "g"),
    ("zone", "z"),
    ("link", "l"),
    ("unlink", "u"),
    ("hazard", "h"),
    ("block", "b"),
    ("distraction", "d"),
    ("countdown", "c"),
    ("edit", "e"),
    ("place", "w"),
    ("remove", "x"),
    ("save_template", "s"),
    ("change", "o"),
    ("remove_other", "r"),
)
"""The build menu's entries in order, each with its key inside the menu."""

FOR_SELECTED = ("edit", "place", "remove", "save_template")
"""Menu entries that act on the character in the stat block."""


def open_form(
    app: Table,
    title: str,
    fields: Sequence[FormField],
    build: Callable[[Values], Order],
    closed: Callable[[str | None], None],
    *,
    note: str = "",
    applies: bool,
    names: Sequence[str],
) -> None:
    """A form over the dashboard whose command is applied on confirm (``applies``, else only
    handed back); ``closed`` gets its command line, or None if the GM left it. ``names``: the
    names in the title, cut in the middle should it not fit."""
    app.push_screen(
        FormDialog(app.view_state, title, fields, build, note=note, applies=applies).naming(*names),
        closed,
    )


def skill_pairs(text: str, lang: str) -> list[tuple[str, str]]:
    """``Fight 3, Athletics Good`` as ``[("Fight", "3"), ("Athletics", "Good")]``.

    Raises:
        FormError: An item is not a skill name followed by a number or a ladder word.
    """
    from fatescreen.i18n import tr

    pairs: list[tuple[str, str]] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, _, rating = item.rpartition(" ")
        name = name.strip().rstrip(":=").strip()
        try:
            parse_rating(rating)
        except ValueError:
            name = ""
        if not name:
            raise FormError(tr(lang, "ui.build.bad_skill", item=item))
        pairs.append((name, rating))
    return pairs


def skill_words(text: str, lang: str) -> list[str]:
    """The words of a ``skill`` field for typed skills (see :func:`skill_pairs`)."""
    return [word for pair in skill_pairs(text, lang) for word in pair]


def stress_words(text: str, lang: str) -> list[str]:
    """``3`` (one track) or ``physical 4, mental 3`` (track names also in ``lang``) as the
    words of a ``stress`` field; empty text is ``default``.

    Raises:
        FormError: The text is neither.
    """
    from fatescreen.i18n import tr

    text = text.strip()
    if not text:
        return ["default"]
    if text.lstrip("+").isdigit():
        return [text.lstrip("+")]
    names = {tr(lang, f"ui.stress.{kind.value}").casefold(): kind.value for kind in StressKind}
    names.update({kind.value: kind.value for kind in StressKind})
    words: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, _, number = item.rpartition(" ")
        track = names.get(name.strip().casefold())
        if track is None or track == StressKind.COMBINED.value or not number.isdigit():
            raise FormError(tr(lang, "ui.build.bad_stress", item=item))
        words += [track, number]
    return words


def number_word(text: str, label: str, lang: str) -> str:
    """A typed number or ladder word, checked to be one.

    Raises:
        FormError: It is neither.
    """
    from fatescreen.i18n import tr

    try:
        parse_rating(text)
    except ValueError:
        raise FormError(tr(lang, "ui.build.not_a_number", field=label, text=text)) from None
    return text


def zone_options(scene: Scene, nowhere: str) -> tuple[tuple[str, str], ...]:
    """Zones as picker options, after a "no zone" one (value ``""``)."""
    return (("—  " + nowhere, ""), *((zone.name, zone.id) for zone in scene.zones))


def likely_zone(scene: Scene, selected: Character | None) -> str:
    """Where new things most likely go: where the selected character stands, else the
    first zone (``""`` for none)."""
    if selected is not None and selected.zone is not None:
        return selected.zone
    return scene.zones[0].id if scene.zones else ""


def obstacle_kind(obstacle: Obstacle) -> str:
    """``hazard``, ``block`` or ``distraction``."""
    if isinstance(obstacle, Hazard):
        return "hazard"
    return "block" if isinstance(obstacle, Block) else "distraction"


class SceneBuilder:
    """Opens the build dialogs for a dashboard and runs what they make.

    Every dialog changes nothing until the GM confirms, and then runs exactly one command,
    so that a refusal is shown in the dialog (which stays open) and a change is one undo.
    """

    def __init__(self, app: Table) -> None:
        self.app = app
        self.last_template: str | None = None
        """The key of the template used last, offered first next time."""

    # -- shortcuts ---------------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        """The scene being built."""
        return self.app.scene

    def tr(self, key: str, **values: object) -> str:
        """A UI message in the GM's language."""
        return self.app.tr(key, **values)

    def selected(self) -> Character | None:
        """The character in the stat block, if any."""
        return self.scene.character_index.get(self.app.view_state.selected or "")

    def choose(
        self,
        title: str,
        options: Choices,
        then: Callable[[str], None] | None = None,
        *,
        highlighted: int = 0,
        names: Sequence[str] = (),
    ) -> None:
        """A choice: with ``then``, the chosen value is handed on; else it is a command
        line, applied while the dialog stays open to show a refusal. ``names``: the names
        in the title, cut in the middle should it not fit."""

        def chosen(value: str | None) -> None:
            if value is not None and then is not None:
                then(value)

        self.app.push_screen(
            ChoiceDialog(
                self.app.view_state,
                title,
                options,
                highlighted=highlighted,
                applies=then is None,
            ).naming(*names),
            chosen,
        )

    def form(
        self,
        title: str,
        fields: Sequence[FormField],
        build: Callable[[Values], Order],
        then: Callable[[str], None] | None = None,
        *,
        note: str = "",
        applies: bool = True,
        names: Sequence[str] = (),
    ) -> None:
        """A form whose command is applied on confirm (``applies``, else handed to
        ``then``); ``then`` follows once it was applied. ``names``: the names in the
        title, cut in the middle should it not fit."""

        def closed(line: str | None) -> None:
            if line is not None and then is not None:
                then(line)

        open_form(self.app, title, fields, build, closed, note=note, applies=applies, names=names)

    def confirm(
        self,
        title: str,
        summary: str,
        request: Order,
        then: Callable[[], None],
        names: Sequence[str] = (),
    ) -> None:
        """Show what a command will do; Enter runs it (``names``: as for :meth:`choose`)."""
        self.app.push_screen(
            ConfirmDialog(
                self.app.view_state, title, assemble(summary), request, applies=True
            ).naming(*names),
            lambda done: then() if done else None,
        )

    # -- the menu ----------------------------------------------------------------------------

    def menu(self) -> None:
        """What to add or change; each entry has its own key inside the menu."""
        selected = self.selected()
        entries = [(e, key) for e, key in MENU if selected is not None or e not in FOR_SELECTED]
        options: Choices = []
        for entry, key in entries:
            name = selected.name if selected is not None else ""
            label = self.tr(f"ui.build.menu.{entry}", name=name)
            options.append((entry, assemble((f"{key}  ", "bold $accent"), label)))
        keys = [(key, "", entry) for entry, key in entries]
        self.app.push_screen(
            ChoiceDialog(
                self.app.view_state,
                self.tr("ui.build.menu_title"),
                options,
                keys=keys,
                list_keys=False,
            ),
            lambda entry: self.start(entry) if entry else None,
        )

    def start(self, entry: str) -> None:
        """Open the dialogs of one menu entry."""
        if entry in ("pc", "major", "minor", "mooks"):
            self.add_character(CharacterKind(entry))
            return
        if entry in ("hazard", "block", "distraction"):
            self.add_obstacle(entry)
            return
        starts: dict[str, Callable[[], None]] = {
            "template": self.add_from_template,
            "zone": self.add_zone,
            "link": self.link,
            "unlink": self.unlink,
            "countdown": self.add_countdown,
            "edit": self.edit_selected,
            "place": self.place_selected,
            "remove": self.remove_selected,
            "save_template": self.save_template,
            "change": self.change_other,
            "remove_other": self.remove_other,
        }
        starts[entry]()

    def edit_selected(self) -> None:
        """Edit the selected character's stat block (the dashboard opens the editor)."""
        self.app.post_message(EditChosen())

    # -- characters --------------------------------------------------------------------------

    def add_from_template(self) -> None:
        """Characters (or obstacles) from a template: which one, how many, where."""
        session = self.app.session
        folder = session.scene_folder if session is not None else None
        if folder is None:
            self.app.notify(self.tr("build.no_file"), severity="warning", markup=False)
            return
        found = library.templates(library.library_folders(folder))
        if not found:
            folder_name = str(folder / library.LIBRARY_FOLDER)
            self.app.notify(
                self.tr("build.no_library", folder=folder_name), severity="warning", markup=False
            )
            return
        options: Choices = []
        for index, template in enumerate(found):
            kind = self.tr(f"kind.{'character' if template.section == 'npc' else 'obstacle'}")
            where = library.reference(template, folder)
            options.append(
                (str(index), assemble(template.name, (f"  {kind} · {where}", "$text-muted")))
            )
        self.choose(
            self.tr("ui.build.template_title"),
            options,
            lambda index: self._template_count(found[int(index)]),
            highlighted=self._likely_template(found),
        )

    def _likely_template(self, found: Sequence[library.Template]) -> int:
        """The template of the character in the stat block, else the one used last, else
        one whose copies are already in the scene."""
        names = [fold(template.name) for template in found]
        selected = self.selected()
        if selected is not None and fold(base_name(selected.name)) in names:
            return names.index(fold(base_name(selected.name)))
        keys = [template.key for template in found]
        if self.last_template in keys:
            return keys.index(self.last_template)
        present = {fold(base_name(c.name)) for c in self.scene.characters}
        return next((index for index, name in enumerate(names) if name in present), 0)

    def _template_count(self, template: library.Template) -> None:
        label = self.tr("ui.build.count")

        def count(values: Values) -> str:
            typed = values["count"] or "1"
            if not typed.isdigit() or not 1 <= int(typed) <= MAX_COPIES:
                raise FormError(self.tr("ui.build.bad_count", text=typed, most=MAX_COPIES))
            return typed

        self.form(
            self.tr("ui.build.template_count_title", name=template.name),
            [FormField("count", label, placeholder="1")],
            count,
            lambda typed: self._template_zone(template, int(typed)),
            names=(template.name,),
            applies=False,
        )

    def _template_zone(self, template: library.Template, count: int) -> None:
        self.last_template = template.key
        request = Add(template.key, value=str(count))
        if not self.scene.zones:
            self.app.post_message(RequestSubmitted(request, flow=False))
            return
        likely = self._zone_of_copies(template.name)
        options: Choices = [
            (replace(request, zone=z.id), assemble(z.name)) for z in self.scene.zones
        ]
        options.append((request, self.tr("ui.build.no_zone")))
        ids = [z.id for z in self.scene.zones]
        self.choose(
            self.tr("ui.build.template_zone_title", count=count, name=template.name),
            options,
            highlighted=ids.index(likely) if likely in ids else 0,
            names=(template.name,),
        )

    def _zone_of_copies(self, name: str) -> str:
        """Where copies of a template already stand, else where the selected one does."""
        wanted = fold(name)
        for character in self.scene.characters:
            if fold(base_name(character.name)) == wanted and character.zone:
                return character.zone
        return likely_zone(self.scene, self.selected())

    def add_character(self, kind: CharacterKind) -> None:
        """A blank PC, major or minor NPC or mook group: name, then what it most needs."""
        fields = [FormField("name", self.tr("ui.build.name"), required=True)]
        if kind is CharacterKind.PC:
            fields.append(FormField("player", self.tr("ui.build.player")))
        if kind is CharacterKind.MOOKS:
            fields.append(FormField("members", self.tr("ui.build.members"), value="3"))
        fields += [
            FormField(
                "skills", self.tr("ui.build.skills"), placeholder=self.tr("ui.build.skills_hint")
            ),
            FormField(
                "zone",
                self.tr("ui.build.zone"),
                likely_zone(self.scene, self.selected()),
                zone_options(self.scene, self.tr("ui.build.no_zone")),
            ),
        ]
        lang = self.app.view_state.lang
        entered: dict[str, str] = {}

        def build(values: Values) -> Add:
            entered.update(values)
            members = None
            if kind is CharacterKind.MOOKS:
                members = number_word(values["members"], self.tr("ui.build.members"), lang)
            fields: list[Field] = []
            if values.get("player"):
                fields.append(field("player", values["player"]))
            skills = skill_words(values["skills"], lang)
            if skills:
                fields.append(field("skill", *skills))
            return Add(kind.value, values["name"], members, tuple(fields), values["zone"] or None)

        def added(_line: str) -> None:
            name = fold(entered.get("name", ""))
            found = [c for c in self.scene.characters if fold(c.name) == name]
            if found:
                self.app.post_message(CharacterChosen(found[-1].id))

        self.form(self.tr(f"ui.build.add_title.{kind.value}"), fields, build, added)

    def place_selected(self) -> None:
        """Put the selected character in any zone (or none), as the GM sets the scene."""
        character = self.selected()
        if character is None:
            return
        target = f"character:{character.id}"
        options: Choices = [(Place(target, z.id), assemble(z.name)) for z in self.scene.zones]
        options.append((Place(target, None), self.tr("ui.build.no_zone")))
        ids = [z.id for z in self.scene.zones]
        self.choose(
            self.tr("ui.build.place_title", name=character.name),
            options,
            highlighted=ids.index(character.zone) if character.zone in ids else 0,
            names=(character.name,),
        )

    def remove_selected(self) -> None:
        """Take the selected character out of the scene, after a confirmation."""
        character = self.selected()
        if character is None:
            self.app.notify(self.tr("ui.no_character"), severity="warning", markup=False)
            return
        ids = [c.id for c in self.scene.characters]
        after = ids[ids.index(character.id) + 1 :] + ids[: ids.index(character.id)]

        def removed() -> None:
            remaining = [i for i in after if i in self.scene.character_index]
            self.app.post_message(CharacterChosen(remaining[0] if remaining else None))

        self.confirm(
            self.tr("ui.build.remove_title", name=character.name),
            self.tr("ui.build.remove_character"),
            Remove(f"character:{character.id}"),
            removed,
            (character.name,),
        )

    def save_template(self) -> None:
        """Save the selected character's stat block to the library as a template."""
        character = self.selected()
        if character is None:
            return

        def build(values: Values) -> SaveTemplate:
            return SaveTemplate(f"character:{character.id}", values["name"])

        self.app.push_screen(
            FormDialog(
                self.app.view_state,
                self.tr("ui.build.save_template_title", name=character.name),
                [
                    FormField(
                        "name",
                        self.tr("ui.build.template_name"),
                        base_name(character.name),
                        required=True,
                    )
                ],
                build,
                note=self.tr("ui.build.save_template_note"),
                applies=True,
                announce=True,
            ).naming(character.name)
        )

    # -- zones -------------------------------------------------------------------------------

    def add_zone(self) -> None:
        """A new zone: its name."""
        self.form(
            self.tr("ui.build.add_title.zone"),
            [FormField("name", self.tr("ui.build.name"), required=True)],
            lambda values: Add("zone", values["name"]),
        )

    def _zone_choices(self, zones: Sequence[Zone], mark: Callable[[Zone], str]) -> Choices:
        return [(z.id, assemble(z.name, (mark(z), "$text-muted"))) for z in zones]

    def link(self) -> None:
        """Link two zones, or change the barrier or block on the way between them."""
        if len(self.scene.zones) < 2:
            self.app.notify(self.tr("ui.build.two_zones"), severity="warning", markup=False)
            return
        selected = self.selected()
        ids = [z.id for z in self.scene.zones]
        start = ids.index(selected.zone) if selected is not None and selected.zone in ids else 0
        self.choose(
            self.tr("ui.build.link_title"),
            self._zone_choices(self.scene.zones, lambda z: ""),
            self._link_second,
            highlighted=start,
        )

    def _link_second(self, first: str) -> None:
        scene = self.scene
        others = [z for z in scene.zones if z.id != first]

        def mark(zone: Zone) -> str:
            found = scene.link_between(first, zone.id)
            return "" if found is None else "  " + self.tr("ui.build.linked")

        unlinked = [i for i, z in enumerate(others) if scene.link_between(first, z.id) is None]
        self.choose(
            self.tr("ui.build.link_second_title", zone=scene.zone(first).name),
            self._zone_choices(others, mark),
            lambda second: self._link_way(first, second),
            highlighted=unlinked[0] if unlinked else 0,
        )

    def _link_way(self, first: str, second: str) -> None:
        scene = self.scene
        old = scene.link_between(first, second)
        barrier = "" if old is None or old.barrier is None else signed(old.barrier)
        block = "" if old is None or old.block is None else old.block
        blocks = [o for o in scene.obstacles if isinstance(o, Block)]
        fields = [
            FormField(
                "barrier",
                self.tr("ui.build.barrier"),
                barrier,
                placeholder=self.tr("ui.build.barrier_hint"),
            )
        ]
        if blocks:
            options = (("—", ""), *((b.name, b.id) for b in blocks))
            fields.append(FormField("block", self.tr("ui.build.block"), block, options))
        lang = self.app.view_state.lang

        def build(values: Values) -> Link:
            fields: list[Field] = []
            if values["barrier"]:
                typed = number_word(values["barrier"], self.tr("ui.build.barrier"), lang)
                fields.append(field("barrier", typed))
            elif barrier:
                fields.append(field("barrier", "none"))
            chosen = values.get("block", "")
            if chosen:
                fields.append(field("block", chosen))
            elif block:
                fields.append(field("block", "none"))
            return Link(first, second, tuple(fields))

        names = f"{scene.zone(first).name} – {scene.zone(second).name}"
        self.form(self.tr("ui.build.link_way_title", zones=names), fields, build)

    def unlink(self) -> None:
        """Take away the way between two linked zones."""
        scene = self.scene
        linked = [z for z in scene.zones if scene.adjacent(z.id)]
        if not linked:
            self.app.notify(self.tr("ui.build.no_links"), severity="warning", markup=False)
            return

        def second(first: str) -> None:
            others = [scene.zone(z) for z in scene.adjacent(first)]
            options: Choices = [(Unlink(first, z.id), assemble(z.name)) for z in others]
            self.choose(
                self.tr("ui.build.unlink_second_title", zone=scene.zone(first).name), options
            )

        self.choose(
            self.tr("ui.build.unlink_title"),
            self._zone_choices(linked, lambda z: ""),
            second,
        )

    # -- obstacles and countdowns ------------------------------------------------------------

    def _obstacle_fields(self, kind: str, obstacle: Obstacle | None) -> list[FormField]:
        """The fields of a hazard, block or distraction, filled from one if given."""
        zone = likely_zone(self.scene, self.selected()) if obstacle is None else obstacle.zone or ""
        fields = [
            FormField(
                "name", self.tr("ui.build.name"), obstacle.name if obstacle else "", required=True
            )
        ]
        zones = zone_options(self.scene, self.tr("ui.build.no_zone"))
        if isinstance(obstacle, Distraction) or (obstacle is None and kind == "distraction"):
            difficulty = obstacle.difficulty if isinstance(obstacle, Distraction) else None
            fields += [
                FormField(
                    "choice",
                    self.tr("ui.build.choice"),
                    obstacle.choice if isinstance(obstacle, Distraction) else "",
                    required=True,
                ),
                FormField(
                    "difficulty",
                    self.tr("ui.build.difficulty"),
                    "" if difficulty is None else signed(difficulty),
                ),
                FormField("zone", self.tr("ui.build.zone"), zone, zones),
            ]
            return fields
        assert obstacle is None or isinstance(obstacle, (Hazard, Block))
        fields += [
            FormField(
                "rating",
                self.tr("ui.build.rating"),
                signed(obstacle.rating) if obstacle else "",
                required=True,
                placeholder="2",
            ),
            FormField(
                "weapon",
                self.tr("ui.build.weapon"),
                str(obstacle.weapon) if obstacle and obstacle.weapon else "",
            ),
        ]
        if isinstance(obstacle, Block) or (obstacle is None and kind == "block"):
            removal = obstacle.removal if isinstance(obstacle, Block) else None
            between = obstacle.between if isinstance(obstacle, Block) else None
            first, second = between or ("", "")
            fields += [
                FormField(
                    "removal",
                    self.tr("ui.build.removal"),
                    "" if removal is None else signed(removal),
                ),
                FormField("between_1", self.tr("ui.build.between"), first, zones),
                FormField("between_2", self.tr("ui.build.between_and"), second, zones),
            ]
            return fields
        fields.append(FormField("zone", self.tr("ui.build.zone"), zone, zones))
        return fields

    def _obstacle_words(self, kind: str, values: Values, old: Obstacle | None) -> tuple[Field, ...]:
        """The fields of an obstacle for ``add`` or ``set`` (only what changed)."""
        lang = self.app.view_state.lang
        words: list[Field] = []
        before = {} if old is None else self._obstacle_values(old)

        def changed(key: str) -> bool:
            return values.get(key, "") != before.get(key, "")

        for key in ("weapon", "removal", "difficulty"):
            if key in values and changed(key):
                if values[key]:
                    typed = number_word(values[key], self.tr(f"ui.build.{key}"), lang)
                    words.append(field(key, typed))
                else:
                    # a weapon is a number (0 for none); removal and difficulty may be none
                    words.append(field(key, "0" if key == "weapon" else "none"))
        if "between_1" in values and (changed("between_1") or changed("between_2")):
            pair = (values["between_1"], values["between_2"])
            if all(pair):
                words.append(field("between", *pair))
            elif any(pair):
                raise FormError(self.tr("ui.build.between_both"))
            else:
                words.append(field("between", "none"))
        if "zone" in values and changed("zone"):
            words.append(field("zone", values["zone"] or "none"))
        return tuple(words)

    def _obstacle_values(self, obstacle: Obstacle) -> dict[str, str]:
        """An obstacle's fields as its form shows them."""
        return {
            field.key: field.value
            for field in self._obstacle_fields(obstacle_kind(obstacle), obstacle)
        }

    def add_obstacle(self, kind: str) -> None:
        """A new hazard, block or distraction."""
        lang = self.app.view_state.lang

        def build(values: Values) -> Add:
            if kind == "distraction":
                value = values["choice"]
            else:
                value = number_word(values["rating"], self.tr("ui.build.rating"), lang)
            return Add(kind, values["name"], value, self._obstacle_words(kind, values, None))

        self.form(self.tr(f"ui.build.add_title.{kind}"), self._obstacle_fields(kind, None), build)

    def _countdown_fields(self, countdown: Countdown | None) -> list[FormField]:
        visibility = countdown.visibility.value if countdown else CountdownVisibility.FULL.value
        options = tuple(
            (self.tr(f"ui.visibility.{v.value}"), v.value)
            for v in (
                CountdownVisibility.FULL,
                CountdownVisibility.BOXES,
                CountdownVisibility.HIDDEN,
            )
        )
        fields = [
            FormField(
                "name", self.tr("ui.build.name"), countdown.name if countdown else "", required=True
            ),
            FormField(
                "boxes",
                self.tr("ui.build.boxes"),
                str(countdown.boxes) if countdown else "",
                required=True,
                placeholder="4",
            ),
        ]
        if countdown is not None:
            fields.append(FormField("checked", self.tr("ui.build.checked"), str(countdown.checked)))
        fields += [
            FormField(
                "trigger",
                self.tr("ui.build.trigger"),
                "; ".join(countdown.triggers) if countdown else "",
                placeholder=self.tr("ui.build.trigger_hint"),
            ),
            FormField(
                "outcome", self.tr("ui.build.outcome"), countdown.outcome if countdown else ""
            ),
            FormField("visible", self.tr("ui.build.visible"), visibility, options),
        ]
        return fields

    def _countdown_words(self, values: Values, old: Countdown | None) -> tuple[Field, ...]:
        lang = self.app.view_state.lang
        before = {} if old is None else {f.key: f.value for f in self._countdown_fields(old)}
        words: list[Field] = []
        if "checked" in values and values["checked"] != before.get("checked"):
            checked = number_word(values["checked"], self.tr("ui.build.checked"), lang)
            words.append(field("checked", checked))
        if values["trigger"] != before.get("trigger", ""):
            triggers = [t.strip() for t in values["trigger"].split(";") if t.strip()]
            words += [field("trigger", t) for t in triggers] or [field("trigger", "none")]
        if values["outcome"] != before.get("outcome", ""):
            words.append(field("outcome", values["outcome"] or "none"))
        if values["visible"] != before.get("visible", CountdownVisibility.FULL.value):
            words.append(field("visible", values["visible"]))
        return tuple(words)

    def add_countdown(self) -> None:
        """A new countdown: name, boxes, triggers, outcome, what players see."""
        lang = self.app.view_state.lang

        def build(values: Values) -> Add:
            boxes = number_word(values["boxes"], self.tr("ui.build.boxes"), lang)
            return Add("countdown", values["name"], boxes, self._countdown_words(values, None))

        self.form(self.tr("ui.build.add_title.countdown"), self._countdown_fields(None), build)

    # -- changing and removing anything else ---------------------------------------------------

    def _others(self) -> list[tuple[str, str, Zone | Obstacle | Countdown]]:
        """Zones, obstacles and countdowns as ``(KIND:ID, label, record)``."""
        scene = self.scene
        found: list[tuple[str, str, Zone | Obstacle | Countdown]] = []
        found += [(f"zone:{z.id}", self.tr("ui.build.kind.zone"), z) for z in scene.zones]
        found += [
            (f"obstacle:{o.id}", self.tr(f"ui.build.kind.{obstacle_kind(o)}"), o)
            for o in scene.obstacles
        ]
        found += [
            (f"countdown:{c.id}", self.tr("ui.build.kind.countdown"), c) for c in scene.countdowns
        ]
        return found

    def _other_choices(self) -> Choices:
        return [
            (ref, assemble((f"{label:<12}", "$text-muted"), record.name))
            for ref, label, record in self._others()
        ]

    def change_other(self) -> None:
        """Change a zone, an obstacle or a countdown: its fields, filled in."""
        if not self._others():
            self.app.notify(self.tr("ui.build.nothing_else"), severity="warning", markup=False)
            return
        self.choose(self.tr("ui.build.change_title"), self._other_choices(), self._change)

    def _change(self, ref: str) -> None:
        record = next(r for key, _, r in self._others() if key == ref)
        lang = self.app.view_state.lang
        title = self.tr("ui.build.change_one_title", name=record.name)
        if isinstance(record, Zone):
            self.form(
                title,
                [FormField("name", self.tr("ui.build.name"), record.name, required=True)],
                lambda values: Set(ref, (field("name", values["name"]),)),
                names=(record.name,),
            )
            return

        def named(values: Values) -> list[Field]:
            return [field("name", values["name"])] if values["name"] != record.name else []

        def changes(fields: Sequence[Field]) -> Order:
            return Set(ref, tuple(fields)) if fields else ""

        if isinstance(record, Countdown):
            countdown = record

            def build_countdown(values: Values) -> Order:
                words = named(values)
                if values["boxes"] != str(countdown.boxes):
                    boxes = number_word(values["boxes"], self.tr("ui.build.boxes"), lang)
                    words.append(field("boxes", boxes))
                words += self._countdown_words(values, countdown)
                return changes(words)

            self.form(
                title, self._countdown_fields(countdown), build_countdown, names=(record.name,)
            )
            return
        obstacle = record
        kind = obstacle_kind(obstacle)

        def build_obstacle(values: Values) -> Order:
            words = named(values)
            if isinstance(obstacle, Distraction):
                if values["choice"] != obstacle.choice:
                    words.append(field("choice", values["choice"]))
            elif values["rating"] != signed(obstacle.rating):
                rating = number_word(values["rating"], self.tr("ui.build.rating"), lang)
                words.append(field("rating", rating))
            words += self._obstacle_words(kind, values, obstacle)
            return changes(words)

        self.form(
            title, self._obstacle_fields(kind, obstacle), build_obstacle, names=(record.name,)
        )

    def remove_other(self) -> None:
        """Take a zone, an obstacle or a countdown out of the scene, after a confirmation."""
        if not self._others():
            self.app.notify(self.tr("ui.build.nothing_else"), severity="warning", markup=False)
            return

        def chosen(ref: str) -> None:
            record = next(r for key, _, r in self._others() if key == ref)
            self.confirm(
                self.tr("ui.build.remove_title", name=record.name),
                self.tr(f"ui.build.remove_{ref.partition(':')[0]}"),
                Remove(ref),
                lambda: None,
                (record.name,),
            )

        self.choose(self.tr("ui.build.remove_other_title"), self._other_choices(), chosen)


__all__ = ["SceneBuilder", "base_name", "skill_pairs", "skill_words", "stress_words"]
