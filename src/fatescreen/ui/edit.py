"""Editing the selected character's stat block in place: a chooser of its fields, then one
dialog per field that makes a ``set`` (or ``aspect``) command: one undoable step each."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fatescreen.commands.names import fold
from fatescreen.commands.requests import (
    AddAspect,
    Field,
    Order,
    RemoveAspect,
    RenameAspect,
    Set,
    field,
)
from fatescreen.i18n import tr as i18n_tr
from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import Character, CharacterKind, Form, Scale, StressKind
from fatescreen.rules.ladder import LADDER, describe, parse_rating, signed
from fatescreen.scene import codec
from fatescreen.ui.build import (
    Choices,
    open_form,
    skill_pairs,
    skill_words,
    stress_words,
    zone_options,
)
from fatescreen.ui.dialogs import ChoiceDialog
from fatescreen.ui.dialogs.form import FormError, FormField, Values
from fatescreen.ui.table import Table
from fatescreen.ui.text import Part, assemble

ACTIONS = ("overcome", "create", "attack", "defend")
"""The actions a stunt's bonus applies to, as the command writes them."""
FIELD_KEYS = {
    "name": "n",
    "player": "p",
    "kind": "k",
    "zone": "z",
    "concept": "c",
    "trouble": "t",
    "aspect:new": "a",
    "skill:new": "s",
    "stunt:new": "u",
    "stress": "x",
    "consequences": "q",
    "weapon": "w",
    "scale": "l",
    "points": "f",
    "members": "m",
    "minions": "i",
    "form:new": "o",
}
"""One-key jumps in the field chooser, by field key (each aspect, skill, stunt and form
of a stat block has its own line without one)."""
DIGITS = {value: str(value) for value in range(9)}
"""Ladder values picked with one key: 0 to 8."""
SLOT_WORDS = ("mild", "moderate", "severe", "extreme", "mild_physical", "mild_mental")
"""Consequence slots as the command and the file write them."""


def skills_text(skills: dict[str, int] | Sequence[tuple[str, int]]) -> str:
    """Skills as the GM types them: ``Fight +4, Athletics +3``, highest first."""
    items = skills.items() if isinstance(skills, dict) else skills
    ordered = sorted(items, key=lambda item: (-item[1], item[0]))
    return ", ".join(f"{name} {signed(rating)}" for name, rating in ordered)


def stress_text(character: Character | Form, lang: str) -> str:
    """Stress tracks as the GM types them: ``3`` or ``physical 4, mental 3`` (``fyysinen 4,
    henkinen 3``)."""
    tracks = character.stress
    if len(tracks) == 1 and tracks[0].kind is StressKind.COMBINED:
        return str(tracks[0].boxes)
    return ", ".join(
        f"{i18n_tr(lang, f'ui.stress.{track.kind.value}')} {track.boxes}" for track in tracks
    )


def slots_text(character: Character | Form) -> str:
    """Consequence slots as ``mild,moderate,severe``, or ``none``."""
    return ",".join(codec.slot_name(slot) for slot in character.consequences) or "none"


def ladder_rungs(current: int) -> list[int]:
    """The ladder's named values, highest first, with ``current`` among them."""
    rungs = sorted(LADDER["en"], reverse=True)
    if current not in rungs:
        rungs = sorted({*rungs, current}, reverse=True)
    return rungs


class CharacterEditor:
    """Edits the stat block of one character through dialogs; each field's dialog returns
    to the chooser, so several fields can be changed one after another (Esc leaves)."""

    def __init__(self, app: Table) -> None:
        self.app = app
        self.last_field = ""
        """The field edited last, highlighted when the chooser opens again."""

    def tr(self, key: str, **values: object) -> str:
        """A UI message in the GM's language."""
        return self.app.tr(key, **values)

    @property
    def lang(self) -> str:
        """The GM's language."""
        return self.app.view_state.lang

    # -- the chooser -------------------------------------------------------------------------

    def open(self, character_id: str) -> None:
        """The chooser of the character's fields, each shown with its value."""
        scene = self.app.scene
        character = scene.character_index.get(character_id)
        if character is None:
            return
        fields = self.fields(character)
        keys = [key for key, _ in fields]
        highlighted = keys.index(self.last_field) if self.last_field in keys else 0
        jumps = [(FIELD_KEYS[key], "", key) for key in keys if key in FIELD_KEYS]

        def chosen(key: str | None) -> None:
            if key is not None:
                self.last_field = key
                self.edit(character_id, key)

        self.app.push_screen(
            ChoiceDialog(
                self.app.view_state,
                self.tr("ui.edit.title", name=character.name),
                fields,
                highlighted=highlighted,
                keys=jumps,
                list_keys=False,
            ),
            chosen,
        )

    def fields(self, character: Character) -> Choices:
        """The chooser's lines: ``(field key, one-key jump, label and value)``."""
        rows = self._rows(character)
        width = max(len(label) for _, label, _ in rows) + 2
        return [
            (
                key,
                assemble(
                    (f"{FIELD_KEYS.get(key, ' ')}  ", "bold $accent"),
                    (f"{label:<{width}}", "$text-muted"),
                    value,
                ),
            )
            for key, label, value in rows
        ]

    def _rows(self, character: Character) -> list[tuple[str, str, Part]]:
        """Each field of the stat block: its key, its label and its value."""
        tr = self.tr
        added: Part = ("+", "$success")
        zone = self.app.scene.zone_index.get(character.zone or "")
        pc = character.kind is CharacterKind.PC
        rows: list[tuple[str, str, Part]] = [("name", tr("ui.edit.name"), character.name)]
        if pc:
            rows.append(("player", tr("ui.edit.player"), character.player or "—"))
        else:
            rows.append(("kind", tr("ui.edit.kind"), tr(f"ui.kind.{character.kind.value}")))
        rows.append(("zone", tr("ui.edit.zone"), zone.name if zone else "—"))
        for key, kind in (("concept", AspectKind.HIGH_CONCEPT), ("trouble", AspectKind.TROUBLE)):
            found = next((a for a in character.aspects if a.kind is kind), None)
            rows.append((key, tr(f"ui.edit.{key}"), found.name if found else "—"))
        others = [a for a in character.aspects if a.kind is AspectKind.CHARACTER]
        rows += [(f"aspect:{i}", tr("ui.edit.aspect"), a.name) for i, a in enumerate(others)]
        rows.append(("aspect:new", tr("ui.edit.new_aspect"), added))
        width = max((len(name) for name in character.skills), default=0) + 2
        for name, value in sorted(character.skills.items(), key=lambda item: (-item[1], item[0])):
            rating = describe(value, self.lang, True)
            rows.append((f"skill:{name}", tr("ui.edit.skill"), f"{name:<{width}}{rating}"))
        rows.append(("skill:new", tr("ui.edit.new_skill"), added))
        stunts = enumerate(character.stunts)
        rows += [(f"stunt:{index}", tr("ui.edit.stunt"), stunt.text) for index, stunt in stunts]
        rows += [
            ("stunt:new", tr("ui.edit.new_stunt"), added),
            ("stress", tr("ui.edit.stress"), stress_text(character, self.lang) or "—"),
            ("consequences", tr("ui.edit.consequences"), slots_text(character)),
            ("weapon", tr("ui.edit.weapon_armor"), f"{character.weapon} / {character.armor}"),
            ("scale", tr("ui.edit.scale"), tr(f"ui.scale.{character.scale.value}")),
            ("points", tr("ui.edit.points"), f"{character.refresh} / {character.fate_points}"),
        ]
        if character.kind is CharacterKind.MOOKS:
            rows.append(("members", tr("ui.edit.members"), str(character.members)))
        if not pc:
            rows.append(("minions", tr("ui.edit.minions"), ", ".join(character.minions) or "—"))
            forms = enumerate(character.forms)
            rows += [(f"form:{index}", tr("ui.edit.form"), form.name) for index, form in forms]
            rows.append(("form:new", tr("ui.edit.new_form"), added))
        return rows

    # -- the editors -------------------------------------------------------------------------

    def edit(self, character_id: str, key: str) -> None:
        """Open the editor of one field; closing it returns to the chooser."""
        character = self.app.scene.character(character_id)
        which, _, place = key.partition(":")
        editors: dict[str, Callable[[Character, str], None]] = {
            "name": self._name,
            "player": self._player,
            "kind": self._kind,
            "zone": self._zone,
            "concept": self._aspect,
            "trouble": self._aspect,
            "aspect": self._aspect,
            "skill": self._skill,
            "stunt": self._stunt,
            "stress": self._stress,
            "consequences": self._consequences,
            "weapon": self._weapon,
            "scale": self._scale,
            "points": self._points,
            "members": self._members,
            "minions": self._minions,
            "form": self._true_form,
        }
        editors[which](character, key if which in ("concept", "trouble") else place)

    def _target(self, character: Character) -> str:
        return f"character:{character.id}"

    def _set(self, character: Character, *fields: Field) -> Set:
        """A ``set`` of the character's fields."""
        return Set(self._target(character), fields)

    def _back(self, character: Character) -> Callable[[str | None], None]:
        """Return to the chooser when an editor closes (applied or not)."""
        return lambda _line: self.open(character.id)

    def _choose(
        self,
        character: Character,
        title: str,
        options: Choices,
        highlighted: int = 0,
        keys: Sequence[tuple[str, str, Order]] = (),
    ) -> None:
        self.app.push_screen(
            ChoiceDialog(
                self.app.view_state,
                title,
                options,
                highlighted=highlighted,
                keys=keys,
                list_keys=False,
                applies=True,
            ).naming(character.name),
            self._back(character),
        )

    def _open_form(
        self,
        character: Character,
        title: str,
        fields: Sequence[FormField],
        build: Callable[[Values], Order],
        note: str = "",
    ) -> None:
        open_form(
            self.app,
            title,
            fields,
            build,
            self._back(character),
            note=note,
            applies=True,
            names=(character.name,),
        )

    def _title(self, character: Character, field: str) -> str:
        return f"{character.name}: {self.tr(field)}"

    def _name(self, character: Character, _: str) -> None:
        def build(values: Values) -> Order:
            new = values["name"]
            return "" if new == character.name else self._set(character, field("name", new))

        name = FormField("name", self.tr("ui.edit.name"), character.name, required=True)
        self._open_form(character, self._title(character, "ui.edit.name"), [name], build)

    def _player(self, character: Character, _: str) -> None:
        player = FormField("player", self.tr("ui.edit.player"), character.player, required=True)
        self._open_form(
            character,
            self._title(character, "ui.edit.player"),
            [player],
            lambda values: self._set(character, field("player", values["player"])),
        )

    def _kind(self, character: Character, _: str) -> None:
        kinds = (CharacterKind.MAJOR, CharacterKind.MINOR, CharacterKind.MOOKS)
        options: Choices = [
            (self._set(character, field("kind", kind.value)), self.tr(f"ui.kind.{kind.value}"))
            for kind in kinds
        ]
        current = kinds.index(character.kind) if character.kind in kinds else 0
        self._choose(character, self._title(character, "ui.edit.kind"), options, current)

    def _zone(self, character: Character, _: str) -> None:
        options: Choices = [
            (self._set(character, field("zone", value or "none")), assemble(label))
            for label, value in zone_options(self.app.scene, self.tr("ui.build.no_zone"))
        ]
        values = ["", *(z.id for z in self.app.scene.zones)]
        current = values.index(character.zone or "")
        self._choose(character, self._title(character, "ui.edit.zone"), options, current)

    def _aspect(self, character: Character, place: str) -> None:
        """High concept, trouble or another aspect: new text renames, empty text removes."""
        if place in ("concept", "trouble"):
            kind = AspectKind.HIGH_CONCEPT if place == "concept" else AspectKind.TROUBLE
            old: Aspect | None = next((a for a in character.aspects if a.kind is kind), None)
            label, role = f"ui.edit.{place}", place
        else:
            others = [a for a in character.aspects if a.kind is AspectKind.CHARACTER]
            old = None if place == "new" else others[int(place)]
            label, role = "ui.edit.aspect", None
        key = f"character:{character.id}/{old.id}" if old is not None else ""

        def build(values: Values) -> Order:
            text = values["text"]
            if old is None:
                return AddAspect(text, character.id, role) if text else ""
            if not text:
                return RemoveAspect(key)
            return "" if text == old.name else RenameAspect(key, text)

        text_field = FormField("text", self.tr(label), old.name if old else "")
        note = self.tr("ui.edit.empty_removes") if old is not None else ""
        self._open_form(character, self._title(character, label), [text_field], build, note)

    def _skill(self, character: Character, place: str) -> None:
        """A skill's rating from the ladder (or none to drop it); new skills typed."""
        if place == "new":
            skills = FormField(
                "skills", self.tr("ui.build.skills"), placeholder=self.tr("ui.build.skills_hint")
            )

            def build(values: Values) -> Set:
                words = skill_words(values["skills"], self.lang)
                if not words:
                    raise FormError(self.tr("ui.fill_in_field", field=self.tr("ui.build.skills")))
                return self._set(character, field("skill", *words))

            title = self._title(character, "ui.edit.new_skill")
            self._open_form(character, title, [skills], build)
            return
        current = character.skills[place]
        rungs = ladder_rungs(current)
        lines = [self._set(character, field("skill", place, signed(value))) for value in rungs]
        options: Choices = [
            (
                line,
                assemble(
                    (f"{DIGITS.get(value, ' ')}  ", "bold $accent"),
                    describe(value, self.lang, True),
                ),
            )
            for line, value in zip(lines, rungs, strict=True)
        ]
        options.append(
            (
                self._set(character, field("skill", place, "none")),
                assemble("   ", self.tr("ui.edit.drop_skill")),
            )
        )
        keys: list[tuple[str, str, Order]] = [
            (DIGITS[value], "", line)
            for line, value in zip(lines, rungs, strict=True)
            if value in DIGITS
        ]
        title = f"{character.name}: {place}"
        self._choose(character, title, options, rungs.index(current), keys)

    def _stunt_fields(self, character: Character, place: str) -> list[FormField]:
        stunt = None if place == "new" else character.stunts[int(place)]
        actions = (("—", ""), *((self.tr(f"ui.edit.action.{a}"), a) for a in ACTIONS))
        bonus = stunt.bonus if stunt is not None and stunt.skill else None
        return [
            FormField("text", self.tr("ui.edit.stunt_text"), stunt.text if stunt else ""),
            FormField("bonus", self.tr("ui.edit.bonus"), "" if bonus is None else signed(bonus)),
            FormField("skill", self.tr("ui.edit.skill"), stunt.skill or "" if stunt else ""),
            FormField(
                "action", self.tr("ui.edit.action"), stunt.action or "" if stunt else "", actions
            ),
        ]

    def _stunt(self, character: Character, place: str) -> None:
        """A stunt's text and optional bonus; empty text removes it."""

        def build(values: Values) -> Set:
            text = values["text"]
            if not text:
                if place == "new":
                    raise FormError(
                        self.tr("ui.fill_in_field", field=self.tr("ui.edit.stunt_text"))
                    )
                return self._set(character, field("stunt", "remove", str(int(place) + 1)))
            which = "add" if place == "new" else str(int(place) + 1)
            bonus = [values["bonus"], values["skill"], values["action"]]
            if any(bonus) and not all(bonus):
                raise FormError(self.tr("ui.edit.bonus_needs_all"))
            return self._set(character, field("stunt", which, text, *(b for b in bonus if b)))

        label = "ui.edit.new_stunt" if place == "new" else "ui.edit.stunt"
        note = self.tr("ui.edit.stunt_note")
        fields = self._stunt_fields(character, place)
        self._open_form(character, self._title(character, label), fields, build, note)

    def _stress(self, character: Character, _: str) -> None:
        stress = FormField(
            "stress",
            self.tr("ui.edit.stress"),
            stress_text(character, self.lang),
            placeholder=self.tr("ui.edit.stress_hint"),
        )

        def build(values: Values) -> Set:
            return self._set(character, field("stress", *stress_words(values["stress"], self.lang)))

        note = self.tr("ui.edit.stress_note")
        self._open_form(character, self._title(character, "ui.edit.stress"), [stress], build, note)

    def _consequences(self, character: Character, _: str) -> None:
        slots_field = FormField("slots", self.tr("ui.edit.consequences"), slots_text(character))

        def build(values: Values) -> Set:
            slots = ",".join(part.strip() for part in values["slots"].split(",") if part.strip())
            return self._set(character, field("consequences", slots or "default"))

        note = self.tr("ui.edit.consequences_note", slots=", ".join(SLOT_WORDS))
        self._open_form(
            character, self._title(character, "ui.edit.consequences"), [slots_field], build, note
        )

    def _numbers(
        self, character: Character, label: str, fields: Sequence[tuple[str, str, int]]
    ) -> None:
        """A form of number fields, each ``(command field, label key, current value)``."""
        form_fields = [
            FormField(word, self.tr(key), str(value), required=True) for word, key, value in fields
        ]

        def build(values: Values) -> Order:
            words: list[Field] = []
            for word, key, value in fields:
                typed = values[word]
                try:
                    number = int(typed)
                except ValueError:
                    raise FormError(
                        self.tr("ui.build.not_a_number", field=self.tr(key), text=typed)
                    ) from None
                if number != value:
                    words.append(field(word, typed))
            return self._set(character, *words) if words else ""

        self._open_form(character, self._title(character, label), form_fields, build)

    def _weapon(self, character: Character, _: str) -> None:
        self._numbers(
            character,
            "ui.edit.weapon_armor",
            [
                ("weapon", "ui.build.weapon", character.weapon),
                ("armor", "ui.edit.armor", character.armor),
            ],
        )

    def _points(self, character: Character, _: str) -> None:
        self._numbers(
            character,
            "ui.edit.points",
            [
                ("refresh", "ui.edit.refresh", character.refresh),
                ("fp", "ui.edit.fate_points", character.fate_points),
            ],
        )

    def _members(self, character: Character, _: str) -> None:
        self._numbers(
            character, "ui.edit.members", [("members", "ui.edit.members", character.members)]
        )

    def _scale(self, character: Character, _: str) -> None:
        scales = list(Scale)
        options: Choices = [
            (self._set(character, field("scale", scale.value)), self.tr(f"ui.scale.{scale.value}"))
            for scale in scales
        ]
        current = scales.index(character.scale)
        self._choose(character, self._title(character, "ui.edit.scale"), options, current)

    def _minions(self, character: Character, _: str) -> None:
        scene = self.app.scene
        others = [
            c for c in scene.characters if c.id != character.id and c.kind is not CharacterKind.PC
        ]
        known = ", ".join(f"{c.id} ({c.name})" for c in others) or "—"
        minions = FormField("minions", self.tr("ui.edit.minions"), ",".join(character.minions))

        def build(values: Values) -> Set:
            ids = ",".join(part.strip() for part in values["minions"].split(",") if part.strip())
            return self._set(character, field("minions", ids or "none"))

        note = self.tr("ui.edit.minions_note", ids=known)
        title = self._title(character, "ui.edit.minions")
        self._open_form(character, title, [minions], build, note)

    def _form_fields(self, form: Form | None) -> list[FormField]:
        reveals = (
            (self.tr("ui.edit.reveal_full"), "full"),
            (self.tr("ui.edit.reveal_soft"), "soft"),
        )
        return [
            FormField("name", self.tr("ui.edit.name"), form.name if form else ""),
            FormField(
                "reveal",
                self.tr("ui.edit.reveal"),
                "soft" if form and form.soft else "full",
                reveals,
            ),
            FormField(
                "skills",
                self.tr("ui.build.skills"),
                skills_text(dict(form.skills)) if form else "",
                placeholder=self.tr("ui.build.skills_hint"),
            ),
            FormField(
                "aspects",
                self.tr("ui.edit.form_aspects"),
                "; ".join(a.name for a in form.aspects) if form else "",
                placeholder=self.tr("ui.edit.form_aspects_hint"),
            ),
            FormField(
                "stress",
                self.tr("ui.edit.stress"),
                stress_text(form, self.lang) if form and form.stress else "",
                placeholder=self.tr("ui.edit.stress_hint"),
            ),
        ]

    def _true_form(self, character: Character, place: str) -> None:
        """A true form of a big bad (§7): its name, reveal, skills, aspects and stress; an
        empty name removes the form."""
        form = None if place == "new" else character.forms[int(place)]

        def build(values: Values) -> Order:
            name = values["name"]
            words: list[Field]
            if form is None:
                if not name:
                    raise FormError(self.tr("ui.fill_in_field", field=self.tr("ui.edit.name")))
                words = [
                    field("form", "add", name, *(["soft"] if values["reveal"] == "soft" else []))
                ]
            else:
                if not name:
                    return self._set(character, field("form", "remove", str(int(place) + 1)))
                words = [field("form", str(int(place) + 1))]
                if name != form.name:
                    words.append(field("name", name))
                if values["reveal"] != ("soft" if form.soft else "full"):
                    words.append(field("reveal", values["reveal"]))
            words += self._form_changes(form, values)
            if form is not None and len(words) == 1:
                return ""
            return self._set(character, *words)

        label = "ui.edit.new_form" if form is None else "ui.edit.form"
        note = self.tr("ui.edit.form_note")
        fields = self._form_fields(form)
        self._open_form(character, self._title(character, label), fields, build, note)

    def _form_changes(self, form: Form | None, values: Values) -> list[Field]:
        """The skill, aspect and stress fields that change a form (or fill a new one)."""
        words: list[Field] = []
        old_skills = dict(form.skills) if form is not None else {}
        pairs = skill_pairs(values["skills"], self.lang)
        typed = {fold(name) for name, _ in pairs}
        skill_part = [
            word
            for name, rating in pairs
            if old_skills.get(name) != parse_rating(rating)
            for word in (name, rating)
        ]
        skill_part += [
            word for name in old_skills if fold(name) not in typed for word in (name, "none")
        ]
        if skill_part:
            words.append(field("skill", *skill_part))
        old_aspects = [a.name for a in form.aspects] if form is not None else []
        new_aspects = [a.strip() for a in values["aspects"].split(";") if a.strip()]
        kept = {fold(a) for a in new_aspects}
        had = {fold(a) for a in old_aspects}
        words += [field("aspect", "remove", a) for a in old_aspects if fold(a) not in kept]
        words += [field("aspect", "add", a) for a in new_aspects if fold(a) not in had]
        old_stress = stress_text(form, self.lang) if form is not None and form.stress else ""
        if values["stress"] != old_stress:
            words.append(field("stress", *stress_words(values["stress"], self.lang)))
        return words


__all__ = ["CharacterEditor", "ladder_rungs", "skills_text", "slots_text", "stress_text"]
