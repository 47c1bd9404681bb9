"""The campaign's scene list: its scenes to start, the party at a glance, the session."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from fatescreen.commands.campaign_session import CampaignSession
from fatescreen.scene.campaign import Campaign, Member, SceneEntry, SceneState
from fatescreen.ui.commandbar import CommandBar
from fatescreen.ui.keys import LocalFooter, translate_bindings
from fatescreen.ui.lines import LinesView, TextBlock
from fatescreen.ui.panes.log import LogEntry
from fatescreen.ui.state import View
from fatescreen.ui.text import Part, assemble, dots, status_line

STATE_MARKS = {
    SceneState.PREPARED: ("·", "$text-muted"),
    SceneState.RUNNING: ("▶", "$warning bold"),
    SceneState.FINISHED: ("✓", "$success"),
}
MAX_TITLE = 40
"""Titles are padded to the longest one, up to this many characters, to line up states."""
LOG_ENTRIES = 6
"""How many of the newest log entries the scene list shows."""


def scene_line(
    number: int, entry: SceneEntry, state: SceneState, view: View, width: int
) -> Content:
    """One scene: its number, state mark, title (padded to ``width``) and state."""
    mark, style = STATE_MARKS[state]
    parts: list[Part] = [
        (f"{number:>2} ", "$text-muted"),
        (mark + " ", style),
        (entry.title.ljust(width), "bold" if state is SceneState.RUNNING else ""),
        ("  " + view.tr(f"campaign.state.{state.value}"), style),
    ]
    if entry.problem:
        parts.append(("  " + view.tr("campaign.scene_problem", problem=entry.problem), "$error"))
    return assemble(*parts)


def party_line(member: Member, offered: bool, view: View) -> Content:
    """One PC at a glance: fate points against refresh, then the consequences taken."""
    character = member.character
    head: list[Part] = [(character.name, "bold")]
    if character.player:
        head.append((f" ({character.player})", "$text-muted"))
    head += [
        "  ",
        (dots(character.fate_points, character.refresh), "$secondary"),
        (f" {character.fate_points}/{character.refresh}", "$secondary"),
    ]
    if offered:
        head.append(("  ★ " + view.tr("ui.party.milestone"), "$warning"))
    taken: list[Part] = ["   "]
    for slot in character.consequences:
        if slot.aspect is None:
            continue
        if len(taken) > 1:
            taken.append(("  ·  ", "$text-muted"))
        taken += [
            (view.tr(f"ui.severity.{slot.severity.value}") + ": ", "$text-muted"),
            (slot.aspect.name, "$warning"),
        ]
        if slot.recovering:
            taken.append((" ↻", "$success"))
    if len(taken) == 1:
        taken.append((view.tr("ui.party.unhurt"), "$text-muted"))
    return Content("\n").join([assemble(*head), assemble(*taken)])


def first_to_play(states: Sequence[SceneState]) -> int:
    """The scene to highlight: the running one, else the first prepared one."""
    for wanted in (SceneState.RUNNING, SceneState.PREPARED):
        if wanted in states:
            return states.index(wanted)
    return 0


class SceneListScreen(ModalScreen[None]):
    """Between scenes: pick the next scene (Enter plays it), open a PC's sheet, end the
    session, take milestones; the keys of the dashboard are not active here."""

    BINDINGS = [
        Binding("P", "sheet", "PC sheet", id="scenes.sheet"),
        Binding("E", "app.end_session", "End session", id="scenes.end_session"),
        Binding("m", "milestone", "Milestone", id="scenes.milestone"),
        Binding("u", "app.undo", "Undo", id="scenes.undo"),
        Binding("U,ctrl+y", "app.redo", "Redo", id="scenes.redo", show=False),
        Binding("colon", "command_bar", "Command", id="scenes.command_bar"),
        Binding("question_mark", "app.help", "Help", id="scenes.help"),
        Binding("S,escape", "app.pop_screen", "Dashboard", id="scenes.dashboard"),
        Binding("j", "walk(1)", "Next", show=False, id="scenes.next"),
        Binding("k", "walk(-1)", "Previous", show=False, id="scenes.previous"),
    ]
    DEFAULT_CLASSES = "campaign-screen"

    def action_walk(self, step: int) -> None:
        """j and k walk the focused list (scenes or party), as on the dashboard."""
        focused = self.focused
        if isinstance(focused, OptionList):
            if step > 0:
                focused.action_cursor_down()
            else:
                focused.action_cursor_up()

    class PlayChosen(Message):
        """The GM chose a scene to play (its number in the list, from 1)."""

        def __init__(self, number: int, key: str) -> None:
            super().__init__()
            self.number = number
            self.key = key

    class SheetChosen(Message):
        """The GM wants a PC's sheet."""

        def __init__(self, pc_id: str) -> None:
            super().__init__()
            self.pc_id = pc_id

    class MilestoneChosen(Message):
        """The GM wants to take a milestone for a PC."""

        def __init__(self, pc_id: str) -> None:
            super().__init__()
            self.pc_id = pc_id

    def __init__(
        self, session: CampaignSession, view: View, names: Callable[[], list[str]]
    ) -> None:
        super().__init__()
        self.session = session
        self.view = view
        self.names = names
        self.entries: tuple[LogEntry, ...] = ()
        self.status = Static(classes="screen-status")
        self.scenes = OptionList(id="scene-options")
        self.party = OptionList(id="party-options")
        self.hint = TextBlock(classes="screen-hint")
        self.log_lines = LinesView(id="scenes-log-lines")
        self._shown: object = None
        self._lang = ""
        self._scene_keys: list[tuple[str, SceneState]] = []
        self._pc_ids: list[str] = []

    def compose(self) -> ComposeResult:
        yield self.status
        with Container(id="scenes-body"):
            with Vertical(id="scenes-box", classes="box") as scenes:
                scenes.border_title = self.view.tr("ui.scenes.title")
                yield self.scenes
                yield self.hint
            with Vertical(id="party-box", classes="box") as party:
                party.border_title = self.view.tr("ui.party.title")
                yield self.party
        with Vertical(id="scenes-log", classes="box") as log:
            log.border_title = self.view.tr("ui.log")
            yield self.log_lines
        yield CommandBar(self.names, id="scenes-command")
        yield LocalFooter()

    def on_mount(self) -> None:
        """Draw, with the scene to play next highlighted."""
        self._draw()
        self.scenes.focus()

    def show_campaign(self, view: View, log: Sequence[LogEntry]) -> None:
        """Draw the campaign as it stands; nothing is redrawn when nothing changed.

        Args:
            view: The GM's display choices.
            log: The dashboard's log entries, newest first.
        """
        self.view, self.entries = view, tuple(log[:LOG_ENTRIES])
        if self.is_mounted:
            self._draw()

    def _draw(self) -> None:
        session, view, entries, theme = self.session, self.view, self.entries, self.app.theme
        scene_list = session.scene_list()
        campaign = session.party()
        key = (scene_list, campaign, entries, view, theme)
        if key == self._shown:
            return
        self._shown = key
        if view.lang != self._lang:
            self._lang = view.lang
            translate_bindings(self, view.lang)
            self.query_one("#scenes-box").border_title = view.tr("ui.scenes.title")
            self.query_one("#party-box").border_title = view.tr("ui.party.title")
            self.query_one("#scenes-log").border_title = view.tr("ui.log")
            self.query_one(CommandBar).placeholder = view.tr("ui.command_placeholder")
            self.hint.set(assemble((view.tr("ui.scenes.hint"), "$text-muted")))
        self.status.update(self._status(session.campaign, view, theme))
        self._show_scenes(scene_list, view)
        self._show_party(campaign, view)
        rendered: list[Content] = []
        for entry in entries:
            rendered.append(assemble((f"› {entry.command}", "$text-muted")))
            style = "" if entry.ok else "$error"
            rendered += [assemble("  ", (line, style)) for line in entry.lines]
        self.log_lines.set_lines(rendered)
        self.query_one("#scenes-log").display = bool(rendered)

    def _status(self, campaign: Campaign, view: View, theme: str) -> Content:
        head = assemble(
            ("fatescreen", "bold $accent"),
            " · ",
            (campaign.name, "bold"),
            " · ",
            # counted from the list itself: the campaign's scene count numbers every scene
            # started (recovery is measured in them), which the list does not show
            view.tr(
                "ui.scenes.session",
                session=campaign.session,
                finished=sum(
                    campaign.state_of(e.key) is SceneState.FINISHED for e in campaign.scenes
                ),
                scenes=len(campaign.scenes),
            ),
        )
        return status_line(head, view.lang, theme, self.app.size.width - 2)

    def _show_scenes(
        self, scene_list: tuple[tuple[SceneEntry, SceneState], ...], view: View
    ) -> None:
        keys = [(entry.key, state) for entry, state in scene_list]
        highlighted = self.scenes.highlighted
        width = min(max((len(entry.title) for entry, _ in scene_list), default=0), MAX_TITLE)
        self.scenes.set_options(
            Option(scene_line(number, entry, state, view, width), id=entry.key)
            for number, (entry, state) in enumerate(scene_list, start=1)
        )
        if keys != self._scene_keys or highlighted is None:
            highlighted = first_to_play([state for _, state in scene_list])
        self._scene_keys = keys
        if scene_list:
            self.scenes.highlighted = min(highlighted, len(scene_list) - 1)

    def _show_party(self, campaign: Campaign, view: View) -> None:
        highlighted = self.party.highlighted
        self.party.set_options(
            Option(party_line(member, member.id in campaign.milestones, view), id=member.id)
            for member in campaign.party
        )
        self._pc_ids = [member.id for member in campaign.party]
        if self._pc_ids:
            self.party.highlighted = min(highlighted or 0, len(self._pc_ids) - 1)

    # -- choices -------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a scene plays it; Enter on a PC opens the sheet."""
        event.stop()
        option_id = event.option.id or ""
        if event.option_list is self.scenes:
            number = [key for key, _ in self._scene_keys].index(option_id) + 1
            self.post_message(self.PlayChosen(number, option_id))
        else:
            self.post_message(self.SheetChosen(option_id))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted scene's file, under the list."""
        if event.option_list is self.scenes:
            box = self.query_one("#scenes-box")
            box.border_subtitle = assemble(event.option.id or "")

    def highlighted_pc(self) -> str | None:
        """The PC highlighted in the party list."""
        index = self.party.highlighted
        if index is None or not 0 <= index < len(self._pc_ids):
            return self._pc_ids[0] if self._pc_ids else None
        return self._pc_ids[index]

    def action_sheet(self) -> None:
        """The highlighted PC's sheet."""
        pc_id = self.highlighted_pc()
        if pc_id is not None:
            self.post_message(self.SheetChosen(pc_id))

    def action_milestone(self) -> None:
        """A milestone for the highlighted PC."""
        pc_id = self.highlighted_pc()
        if pc_id is not None:
            self.post_message(self.MilestoneChosen(pc_id))

    def action_command_bar(self) -> None:
        """Type a command (milestone, breakthrough, play...)."""
        self.query_one(CommandBar).focus()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Keys described in the current language when the screen shows again."""
        translate_bindings(self, self.view.lang)
