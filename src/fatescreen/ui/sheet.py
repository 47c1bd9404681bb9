"""A PC's sheet from the party: every field shown, each edited in place and checked as the
party file is; an accepted edit becomes one undoable, saved step of the campaign."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from fatescreen.commands.campaign_session import CampaignSession
from fatescreen.rules.aspects import AspectKind
from fatescreen.rules.character import Character, Recovery, Stunt
from fatescreen.scene.campaign import Advance, Campaign, Member
from fatescreen.scene.codec import slot_name
from fatescreen.ui.keys import LocalFooter, translate_bindings
from fatescreen.ui.lines import TextBlock
from fatescreen.ui.panes.statblock import skill_lines, slot_label
from fatescreen.ui.sheet_edit import (
    FieldKind,
    SheetEditError,
    SheetField,
    edit_text,
    edited,
    sheet_fields,
    with_treatment,
)
from fatescreen.ui.state import View
from fatescreen.ui.text import (
    Part,
    aspect_content,
    assemble,
    boxes,
    dots,
    join_lines,
    status_line,
)

LEFT_FIELDS = (
    FieldKind.NAME,
    FieldKind.PLAYER,
    FieldKind.HIGH_CONCEPT,
    FieldKind.TROUBLE,
    FieldKind.ASPECT,
    FieldKind.STUNT,
)
"""Fields in the left column (the whole sheet is one column on small terminals)."""


class SheetRow(Horizontal):
    """One line of the sheet: a label and its value; an editable one takes the focus and,
    while edited, holds a text field in place of its value."""

    def __init__(self, field: SheetField | None, label: str, value: Content) -> None:
        super().__init__(classes="sheet-row")
        self.field = field
        self.can_focus = field is not None
        self.label = Static(assemble(label), classes="sheet-label")
        self.value = Static(value, classes="sheet-value")
        self.editor: Input | None = None

    def compose(self) -> ComposeResult:
        yield self.label
        yield self.value

    def show(self, label: str, value: Content) -> None:
        """Show a new label and value."""
        self.label.update(assemble(label))
        self.value.update(value)

    def start_edit(self, text: str, cursor_blink: bool) -> Input:
        """Put a text field holding ``text`` in place of the value."""
        self.editor = Input(value=text, classes="sheet-input")
        self.editor.cursor_blink = cursor_blink
        self.value.display = False
        self.mount(self.editor)
        return self.editor

    def stop_edit(self) -> None:
        """Show the value again."""
        if self.editor is not None:
            self.editor.remove()
            self.editor = None
        self.value.display = True


def _text(text: str) -> Content:
    return assemble(text) if text else assemble(("—", "$text-muted"))


def _stunt(stunt: Stunt) -> Content:
    parts: list[Part] = [("★ ", "$accent"), (stunt.text, "italic")]
    if stunt.bonus and stunt.skill:
        action = f", {stunt.action}" if stunt.action else ""
        parts.append((f"  ({stunt.bonus:+d} {stunt.skill}{action})", "$text-muted"))
    return assemble(*parts)


def _advance(advance: Advance, view: View) -> Content:
    return assemble(
        (view.tr("ui.sheet.advance_when", session=advance.session), "$text-muted"),
        (view.tr(f"ui.sheet.{advance.kind.value}") + ": ", "bold"),
        advance.change,
    )


class SheetScreen(ModalScreen[None]):
    """One PC's full sheet: Enter edits the highlighted field, Enter again applies it (or
    says why it cannot be), Esc cancels the edit or goes back; [ and ] switch PCs."""

    BINDINGS = [
        Binding("enter", "edit", "Edit", id="sheet.edit"),
        Binding("r", "treatment", "Treatment", id="sheet.treatment"),
        Binding("left_square_bracket", "switch(-1)", "Previous PC", id="sheet.previous"),
        Binding("right_square_bracket", "switch(1)", "Next PC", id="sheet.next"),
        Binding("u", "app.undo", "Undo", id="sheet.undo"),
        Binding("U,ctrl+y", "app.redo", "Redo", id="sheet.redo", show=False),
        Binding("j,down", "move(1)", "Down", id="sheet.down", show=False),
        Binding("k,up", "move(-1)", "Up", id="sheet.up", show=False),
        Binding("escape", "back", "Back", id="sheet.back"),
    ]
    DEFAULT_CLASSES = "campaign-screen"

    class Edited(Message):
        """The GM changed a PC's sheet; the campaign should take it as one step."""

        def __init__(self, character: Character) -> None:
            super().__init__()
            self.character = character

    def __init__(
        self, session: CampaignSession, pc_id: str, view: View, *, cursor_blink: bool = True
    ) -> None:
        super().__init__()
        self.session = session
        self.pc_id = pc_id
        self.view = view
        self.cursor_blink = cursor_blink
        self.status = Static(classes="screen-status")
        self.left = VerticalScroll(id="sheet-left", classes="sheet-column")
        self.right = VerticalScroll(id="sheet-right", classes="sheet-column")
        self.message = TextBlock(id="sheet-message", classes="screen-hint")
        self.editing: SheetRow | None = None
        self._shown: object = None
        self._shape: tuple[str, ...] = ()
        self._lang = ""

    def compose(self) -> ComposeResult:
        yield self.status
        with Horizontal(id="sheet-box", classes="box"):
            yield self.left
            yield self.right
        yield self.message
        yield LocalFooter()

    def on_mount(self) -> None:
        """Draw the sheet with its first field highlighted."""
        self._draw()
        self.call_after_refresh(self._focus_first)

    def show_campaign(self, view: View) -> None:
        """Draw again after a change (an edit, an undo); nothing if the sheet is the same."""
        self.view = view
        if self.is_mounted:
            self._draw()

    @property
    def campaign(self) -> Campaign:
        """The campaign with the newest sheets."""
        return self.session.party()

    @property
    def member(self) -> Member:
        """The PC shown."""
        return self.campaign.member(self.pc_id)

    # -- drawing ---------------------------------------------------------------------------

    def _draw(self) -> None:
        campaign = self.campaign
        if self.pc_id not in {member.id for member in campaign.party}:
            if not campaign.party:
                self.dismiss(None)
                return
            self.pc_id = campaign.party[0].id
        member = campaign.member(self.pc_id)
        view = self.view
        key = (member, campaign.milestones, view, self.app.theme)
        if key == self._shown:
            return
        self._shown = key
        if view.lang != self._lang:
            self._lang = view.lang
            translate_bindings(self, view.lang)
            self._hint()
        character = member.character
        title = character.name + (f" — {character.player}" if character.player else "")
        self.query_one("#sheet-box").border_title = assemble(title)
        ids = [m.id for m in campaign.party]
        head = assemble(
            ("fatescreen", "bold $accent"),
            " · ",
            (campaign.name, "bold"),
            " · ",
            view.tr("ui.sheet.title", number=ids.index(self.pc_id) + 1, count=len(ids)),
        )
        self.status.update(status_line(head, view.lang, self.app.theme, self.app.size.width - 2))
        rows = self._rows(member, campaign)
        shape = tuple(
            f"{column}:{field.key if field else label}" for column, field, label, _ in rows
        )
        if shape == self._shape:
            for row, (_, _, label, value) in zip(self.query(SheetRow), rows, strict=True):
                row.show(label, value)
            return
        focused = self.focused.field if isinstance(self.focused, SheetRow) else None
        self._shape = shape
        self.editing = None
        self.left.remove_children()
        self.right.remove_children()
        self.left.mount_all(
            [SheetRow(field, label, value) for column, field, label, value in rows if column == 0]
        )
        self.right.mount_all(
            [SheetRow(field, label, value) for column, field, label, value in rows if column == 1]
        )
        if focused is not None:
            self.call_after_refresh(self._focus_field, focused)

    def _rows(
        self, member: Member, campaign: Campaign
    ) -> list[tuple[int, SheetField | None, str, Content]]:
        """Every line of the sheet: (column, field or None if read-only, label, value)."""
        view = self.view
        character = member.character
        names = {c.id: c.name for c in (*self.session.scene.characters, *campaign.pcs)}
        aspects = [a for a in character.aspects if a.kind is AspectKind.CHARACTER]
        rows: list[tuple[int, SheetField | None, str, Content]] = []
        for field in sheet_fields(character, campaign.rules):
            column = 0 if field.kind in LEFT_FIELDS else 1
            label = view.tr(f"ui.sheet.{field.kind.value}")
            if field.kind in (FieldKind.HIGH_CONCEPT, FieldKind.TROUBLE):
                kind = AspectKind(field.kind.value)
                aspect = next((a for a in character.aspects if a.kind is kind), None)
                value = (
                    aspect_content(aspect, names, gm=view.tr("gm.name")) if aspect else _text("")
                )
            elif field.kind is FieldKind.ASPECT:
                if isinstance(field.place, int):
                    value = aspect_content(aspects[field.place], names, gm=view.tr("gm.name"))
                else:
                    label, value = view.tr("ui.sheet.new_aspect"), _text("")
            elif field.kind is FieldKind.STUNT:
                if isinstance(field.place, int):
                    value = _stunt(character.stunts[field.place])
                else:
                    label, value = view.tr("ui.sheet.new_stunt"), _text("")
            elif field.kind is FieldKind.SKILLS:
                value = join_lines(skill_lines(character, view)) if character.skills else _text("")
            elif field.kind is FieldKind.FATE_POINTS:
                value = assemble(
                    (dots(character.fate_points, character.refresh), "$secondary"),
                    f" {character.fate_points}",
                )
            elif field.kind is FieldKind.STRESS:
                value = self._stress(character)
            elif field.kind is FieldKind.CONSEQUENCE:
                slot = next(s for s in character.consequences if slot_name(s) == field.place)
                label = slot_label(slot, view)
                value = self._consequence(character, str(field.place), names)
            else:
                value = _text(edit_text(character, field))
            rows.append((column, field, label, value))
        rows.append((1, None, view.tr("ui.sheet.skill_points"), _text(str(member.skill_points))))
        advances = [_advance(advance, view) for advance in member.advances]
        if member.id in campaign.milestones:
            advances.append(assemble(("★ " + view.tr("ui.party.milestone"), "$warning")))
        rows.append(
            (1, None, view.tr("ui.sheet.advances"), join_lines(advances) if advances else _text(""))
        )
        return rows

    def _stress(self, character: Character) -> Content:
        """A track a line, the labels as wide as the longest: a box is never split over
        two lines, as a narrow column would split ``[ ]`` at its space."""
        labels = [self.view.tr(f"ui.stress.{track.kind.value}") for track in character.stress]
        width = max((len(label) for label in labels), default=0)
        escalating = self.campaign.rules.escalating_stress_boxes
        lines = [
            assemble((f"{label:<{width}} ", "$text-muted"), boxes(track, escalating))
            for track, label in zip(character.stress, labels, strict=True)
        ]
        return join_lines(lines) if lines else _text("")

    def _consequence(self, character: Character, key: str, names: dict[str, str]) -> Content:
        slot = next(s for s in character.consequences if slot_name(s) == key)
        if slot.aspect is None:
            return _text("")
        parts: list[Part] = [aspect_content(slot.aspect, names, gm=self.view.tr("gm.name"))]
        if slot.recovery is not None:
            since = self.view.tr(
                "ui.sheet.recovering_since",
                session=slot.recovery.session,
                scene=slot.recovery.scene,
            )
            parts.append(("  ↻ " + since, "$success"))
        return assemble(*parts)

    def _hint(self, error: str = "") -> None:
        if error:
            self.message.set(assemble((error, "$error")))
        else:
            self.message.set(assemble((self.view.tr("ui.sheet.hint"), "$text-muted")))

    # -- focus -----------------------------------------------------------------------------

    def _rows_in_order(self) -> list[SheetRow]:
        return [row for row in self.query(SheetRow) if row.field is not None]

    def _focus_first(self, always: bool = False) -> None:
        rows = self._rows_in_order()
        if rows and (always or not isinstance(self.focused, SheetRow)):
            rows[0].focus()

    def _focus_field(self, field: SheetField) -> None:
        rows = self._rows_in_order()
        same = [row for row in rows if row.field == field]
        kind = [row for row in rows if row.field is not None and row.field.kind is field.kind]
        choices = same or kind or rows
        if choices:
            choices[0].focus()

    def action_move(self, step: int) -> None:
        """Highlight the next or previous field."""
        rows = self._rows_in_order()
        if not rows:
            return
        current = self.focused
        if isinstance(current, Input) and isinstance(current.parent, SheetRow):
            current = current.parent
        index = rows.index(current) if isinstance(current, SheetRow) and current in rows else -1
        rows[max(0, min(len(rows) - 1, index + step))].focus()

    def action_switch(self, step: int) -> None:
        """Show the next or previous PC of the party."""
        ids = [member.id for member in self.campaign.party]
        if len(ids) < 2:
            return
        self._cancel_edit()
        self.pc_id = ids[(ids.index(self.pc_id) + step) % len(ids)]
        self._hint()
        self._draw()
        self.call_after_refresh(self._focus_first, True)

    # -- editing ---------------------------------------------------------------------------

    def action_edit(self) -> None:
        """Edit the highlighted field in place."""
        row = self.focused
        if not isinstance(row, SheetRow) or row.field is None:
            return
        self._cancel_edit()
        self.editing = row
        row.start_edit(edit_text(self.member.character, row.field), self.cursor_blink).focus()
        self._hint()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field: apply the edit, or say why it is refused and keep editing."""
        event.stop()
        row = self.editing
        if row is None or row.field is None:
            return
        campaign = self.campaign
        try:
            character = edited(
                self.member,
                row.field,
                event.value,
                rules=campaign.rules,
                skills=campaign.skills,
                layout=campaign.skill_layout,
                lang=self.view.lang,
            )
        except SheetEditError as error:
            self.app.bell()
            self._hint(self.view.tr("ui.sheet.refused", problems=str(error)))
            return
        field = row.field
        self._cancel_edit()
        row.focus()
        if character != self.member.character:
            self.post_message(self.Edited(character))
            self.call_after_refresh(self._focus_field, field)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """Leaving the text field cancels the edit."""
        if self.editing is not None and event.widget is self.editing.editor:
            self._cancel_edit()

    def _cancel_edit(self) -> None:
        row, self.editing = self.editing, None
        if row is not None:
            row.stop_edit()

    def action_treatment(self) -> None:
        """Start treating the highlighted consequence (its recovery clock) or stop it."""
        row = self.focused
        if not isinstance(row, SheetRow) or row.field is None:
            return
        if row.field.kind is not FieldKind.CONSEQUENCE:
            self._hint(self.view.tr("ui.sheet.not_a_consequence"))
            return
        character = self.member.character
        key = str(row.field.place)
        slot = next(s for s in character.consequences if slot_name(s) == key)
        campaign = self.session.campaign
        when = None if slot.recovering else Recovery(campaign.session, campaign.scene)
        try:
            treated = with_treatment(character, key, when)
        except SheetEditError:
            self._hint(self.view.tr("ui.sheet.no_consequence"))
            return
        self._hint()
        self.post_message(self.Edited(treated))

    def action_back(self) -> None:
        """Cancel the edit in progress, else go back."""
        row = self.editing
        if row is None:
            self.dismiss(None)
            return
        self._cancel_edit()
        self._hint()
        row.focus()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Keys described in the current language when the screen shows again."""
        translate_bindings(self, self.view.lang)
